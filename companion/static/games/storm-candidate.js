// 폭풍의 대권주자: the buying helper adds up the ticked street cards as the player ticks
// them, against the round's coins and buys; the engine still checks the purchase.
(function () {
  "use strict";

  function number(form, name) {
    var field = form.querySelector("[name='" + name + "']");
    var value = field ? parseInt(field.value, 10) : 0;
    return isNaN(value) ? 0 : value;
  }

  function update(form) {
    var total = 0;
    var count = 0;
    form.querySelectorAll("input[type=checkbox][data-price]").forEach(function (box) {
      if (box.checked) {
        total += parseInt(box.dataset.price, 10) || 0;
        count += 1;
      }
    });
    var coins = number(form, "a.card_coins") + number(form, "a.office_coins");
    var buys = number(form, "a.buys");
    var out = form.querySelector("[data-buy-total]");
    if (!out) return;
    var over = total > coins || count > buys;
    out.textContent = out.dataset.text
      .replace("%(total)s", String(total)).replace("%(coins)s", String(coins))
      .replace("%(count)s", String(count)).replace("%(buys)s", String(buys))
      + (over ? " " + out.dataset.over : "");
    out.classList.toggle("warn", over);
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = over;
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("#buy-form");
    if (form) update(form);
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("#buy-form");
    if (form) update(form);
  });
})();

// 폭풍의 대권주자: the street's picker (templates/games/storm-candidate/street_entry.html).
// The listed cards are ordered for the chosen slot (its likely period first, then the nearer
// periods, each by number) and filtered by the search box (a number or a name; a number typed
// whole comes first). A slot or a search chosen here is kept when another phone's change
// redraws the page, and dropped once this phone records a card.
(function () {
  "use strict";

  var PERIODS = ["I", "II", "III", "IV", "V"];
  var chosenSlot = null;
  var searched = "";

  function distance(period, target) {
    if (!target || !period) return PERIODS.length;
    return Math.abs(PERIODS.indexOf(period) - PERIODS.indexOf(target));
  }

  function arrange(form) {
    var list = form.querySelector("#street-choices");
    if (!list) return;
    var slot = form.querySelector("input[name='a.slot']:checked");
    var target = slot ? slot.dataset.period : "";
    var query = searched.trim().toLowerCase();
    var items = Array.prototype.slice.call(list.children);
    items.sort(function (a, b) {
      var na = parseInt(a.dataset.number, 10);
      var nb = parseInt(b.dataset.number, 10);
      var exact = (String(nb) === query) - (String(na) === query);
      return exact || distance(a.dataset.period, target) - distance(b.dataset.period, target) ||
        na - nb;
    });
    var shown = 0;
    items.forEach(function (item) {
      list.appendChild(item);
      item.hidden = query !== "" && item.dataset.search.indexOf(query) < 0;
      if (!item.hidden) shown += 1;
    });
    list.scrollTop = 0;
    var none = form.querySelector("[data-no-match]");
    if (none) none.hidden = shown > 0;
  }

  function restore() {
    var form = document.getElementById("street-pick");
    if (!form) return;
    if (chosenSlot !== null) {
      var radio = form.querySelector("input[name='a.slot'][value='" + chosenSlot + "']");
      if (radio) radio.checked = true;
    }
    var search = form.querySelector("#street-search");
    if (search) search.value = searched;
    if (chosenSlot !== null || searched !== "") arrange(form);
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("#street-pick");
    if (!form || event.target.name !== "a.slot") return;
    chosenSlot = event.target.value;
    arrange(form);
  });
  document.addEventListener("input", function (event) {
    if (event.target.id !== "street-search") return;
    searched = event.target.value;
    arrange(event.target.form);
  });
  // The search box's Enter key searches; it does not send the form (a card is tapped).
  document.addEventListener("keydown", function (event) {
    if (event.target.id === "street-search" && event.key === "Enter") event.preventDefault();
  });
  document.addEventListener("table:render", restore);
  // A card recorded: the next drawing offers the next slot not entered (and the whole list,
  // or the typing form's values as the page draws them: the card just typed).
  var typedSent = false;
  document.addEventListener("submit", function (event) {
    if (event.target.id === "street-pick") {
      chosenSlot = null;
      searched = "";
    } else if (event.target.id === "street-form") {
      typedSent = true;
    }
  }, true);
  document.addEventListener("table:render", function () {
    var form = document.getElementById("street-form");
    if (!typedSent || !form) return;
    typedSent = false;
    form.querySelectorAll("select").forEach(function (select) {
      Array.prototype.forEach.call(select.options, function (option) {
        option.selected = option.defaultSelected;
      });
    });
    form.querySelectorAll("input").forEach(function (field) {
      if (field.type === "checkbox") field.checked = field.defaultChecked;
      else if (field.type !== "hidden") field.value = field.defaultValue;
    });
  });
})();

// 폭풍의 대권주자: the round's points. Card points above the most a player's cards can give
// in a round (each input's data-most, storm_candidate.scoring) make the form ask first,
// naming the player (table.js asks a form's data-confirm in the page's dialog); the engine
// still records any count.
(function () {
  "use strict";

  function ask(form) {
    var over = [];
    form.querySelectorAll("input[data-most]").forEach(function (field) {
      var value = parseInt(field.value, 10);
      if (value > parseInt(field.dataset.most, 10)) over.push(field.dataset.over);
    });
    if (over.length) form.dataset.confirm = over.join(" ");
    else delete form.dataset.confirm;
  }

  function pointsForm(target) {
    return target && target.closest ? target.closest("#points-form") : null;
  }

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = pointsForm(event.target);
      if (form) ask(form);
    });
  });
  // A form drawn again with the values kept (data-keep) asks from those values too.
  ["click", "keydown"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = pointsForm(event.target);
      if (form) ask(form);
    }, true);
  });
  document.addEventListener("table:render", function () {
    var form = document.getElementById("points-form");
    if (form) ask(form);
  });
})();
