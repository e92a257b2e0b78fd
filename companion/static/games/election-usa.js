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
})();
