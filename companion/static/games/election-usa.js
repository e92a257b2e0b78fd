// Election USA's own script. Ticking "This was the last card of the deck" ends the game with
// the action: the box carries its question (data-confirm-if), and a tap on its form's button
// makes the form ask it first (table.js asks a form's data-confirm in the page's dialog).
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button");
    var form = button && button.form;
    var box = form && form.querySelector("[data-confirm-if]");
    if (!box) return;
    if (box.checked) form.dataset.confirm = box.dataset.confirmIf;
    else delete form.dataset.confirm;
  }, true);

  // The deck list's cards to pick: the search box shows those whose name, kind or print
  // holds what is typed, or whose number is the one typed ("12" or "#12"). What is typed
  // stays when another phone's change redraws the page.
  var typed = {};

  function plain(text) {
    return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }

  function filter(box) {
    var form = box.form;
    if (!form) return;
    var query = plain(box.value);
    var number = /^#?\d+$/.test(query) ? query.replace("#", "") : null;
    var shown = 0;
    form.querySelectorAll("button.pick").forEach(function (pick) {
      var fits = !query || (number !== null && pick.dataset.number === number) ||
        plain(pick.dataset.text).indexOf(query) !== -1;
      pick.hidden = !fits;
      if (fits) shown += 1;
    });
    var none = form.querySelector(".pick-none");
    if (none) none.hidden = shown > 0;
  }

  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!box.classList || !box.classList.contains("pick-search")) return;
    typed[box.id] = box.value;
    filter(box);
  });

  // Enter in the search box would send the form with its first card: it only searches.
  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (event.key === "Enter" && box.classList && box.classList.contains("pick-search")) {
      event.preventDefault();
    }
  });

  document.addEventListener("table:render", function () {
    document.querySelectorAll("input.pick-search").forEach(function (box) {
      if (typed[box.id] && !box.value) {
        box.value = typed[box.id];
        filter(box);
      }
    });
  });

  // Once a card is picked, the next one starts from the whole list again.
  document.addEventListener("submit", function (event) {
    var box = event.target.querySelector && event.target.querySelector("input.pick-search");
    if (box) delete typed[box.id];
  }, true);
})();
