// Mourir pour le Rock: a mental-health cost may always be paid, and a loss at or above a
// player's mental health kills them (they die for rock). A form that can do that
// (data-death-ask: a card's cost, an event, a card's effect) asks first, naming who dies:
// its fields that take mental health carry the player's mental health and name
// (data-death-mental, data-death-name); a cost field counts up, a change field
// (data-death-change) counts a loss as a minus, a card of the list (a button that sends it)
// its data-cost-mental, and only when it is the one tapped. This runs before the table
// script's own question (a listener on the window, in the capture phase), so the question
// is the one of the values sent now.
//
// A card list's search box (data-card-search: the id of the form of the cards) shows only the
// cards whose name holds what is typed (accents and case aside) or whose number it is ("12"
// or "#12"), the folded ones included, and says when none does. The box is outside the form:
// Enter there sends nothing.
(function () {
  "use strict";

  function loss(field) {
    if (field.tagName === "SELECT") {
      var option = field.options[field.selectedIndex];
      return option ? Number(option.dataset.costMental || 0) : 0;
    }
    if (field.tagName === "BUTTON") return Number(field.dataset.costMental || 0);
    var value = Number(field.value || 0);
    if (!isFinite(value)) return 0;
    return field.hasAttribute("data-death-change") ? -value : value;
  }

  function deaths(form, submitter) {
    var names = [];
    form.querySelectorAll("[data-death-mental]").forEach(function (field) {
      if (field.disabled || (field.tagName === "BUTTON" && field !== submitter)) return;
      var mental = Number(field.dataset.deathMental);
      var name = field.dataset.deathName || "";
      if (loss(field) > 0 && loss(field) >= mental && names.indexOf(name) < 0) {
        names.push(name);
      }
    });
    return names;
  }

  window.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || !form.dataset || form.dataset.deathAsk === undefined) return;
    var names = deaths(form, event.submitter || null);
    form.dataset.confirm = names.length ? form.dataset.deathAsk.replace("%s", names.join(", ")) : "";
  }, true);

  function plain(text) {
    return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }

  var typed = {};

  function filter(box) {
    var form = document.getElementById(box.dataset.cardSearch);
    if (!form) return;
    var query = plain(box.value);
    var number = /^#?\d+$/.test(query) ? query.replace("#", "") : null;
    var shown = 0;
    form.querySelectorAll("button.pick").forEach(function (button) {
      var match = !query || (number !== null && button.dataset.number === number) ||
        plain(button.dataset.search).indexOf(query) >= 0;
      button.hidden = !match;
      if (match) shown += 1;
    });
    if (query) form.querySelectorAll("details").forEach(function (more) { more.open = true; });
    var none = form.querySelector("[data-card-none]");
    if (none) none.hidden = shown > 0;
  }

  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!box.dataset || box.dataset.cardSearch === undefined) return;
    typed[box.dataset.cardSearch] = box.value;
    filter(box);
  });

  // What is typed stays when another phone's change redraws the page.
  document.addEventListener("table:render", function () {
    document.querySelectorAll("[data-card-search]").forEach(function (box) {
      if (typed[box.dataset.cardSearch] && !box.value) {
        box.value = typed[box.dataset.cardSearch];
        filter(box);
      }
    });
  });

  // A card sent: the next search starts afresh.
  document.addEventListener("submit", function (event) {
    if (event.target && event.target.id) delete typed[event.target.id];
  }, true);
})();
