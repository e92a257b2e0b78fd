// Mourir pour le Rock: a mental-health cost may always be paid, and a loss at or above a
// player's mental health kills them (they die for rock). A form that can do that
// (data-death-ask: a card's cost, an event, a card's effect) asks first, naming who dies:
// its fields that take mental health carry the player's mental health and name
// (data-death-mental, data-death-name); a cost field counts up, a change field
// (data-death-change) counts a loss as a minus, a card list's select reads the chosen
// card's data-cost-mental. This runs before the table script's own question (a listener on
// the window, in the capture phase), so the question is the one of the values sent now.
(function () {
  "use strict";

  function loss(field) {
    if (field.tagName === "SELECT") {
      var option = field.options[field.selectedIndex];
      return option ? Number(option.dataset.costMental || 0) : 0;
    }
    var value = Number(field.value || 0);
    if (!isFinite(value)) return 0;
    return field.hasAttribute("data-death-change") ? -value : value;
  }

  function deaths(form) {
    var names = [];
    form.querySelectorAll("[data-death-mental]").forEach(function (field) {
      if (field.disabled) return;
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
    var names = deaths(form);
    form.dataset.confirm = names.length ? form.dataset.deathAsk.replace("%s", names.join(", ")) : "";
  }, true);
})();
