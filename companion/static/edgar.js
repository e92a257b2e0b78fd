// Edgar & Lucien: each Intimidation row offers only the districts of the player chosen in
// that row (the server renders the first choice; this keeps it right when the choice or the
// live part changes).
(function () {
  "use strict";

  function sync(row) {
    var seat = row.querySelector("select[data-target-seat]");
    var district = row.querySelector("select[data-target-district]");
    if (!seat || !district) return;
    var first = null;
    Array.prototype.forEach.call(district.options, function (option) {
      if (option.value === "") return;
      var theirs = option.dataset.owner === seat.value;
      option.hidden = !theirs;
      option.disabled = !theirs;
      if (theirs && first === null) first = option;
    });
    var current = district.options[district.selectedIndex];
    if (!current || current.disabled) district.value = first ? first.value : "";
  }

  function syncAll() {
    document.querySelectorAll("[data-target-row]").forEach(sync);
  }

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.matches && target.matches("select[data-target-seat]")) {
      sync(target.closest("[data-target-row]"));
    }
  });
  syncAll();
  var live = document.getElementById("live");
  if (live && window.MutationObserver) {
    new MutationObserver(syncAll).observe(live, { childList: true, subtree: true });
  }
})();
