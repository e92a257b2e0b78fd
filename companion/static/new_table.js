// Choosing a deck reloads the form with that deck's values, unless names are typed already:
// then the form keeps them, and the table takes the chosen deck's values when it starts.
(function () {
  var select = document.querySelector("select[data-reload-with]");
  if (!select) return;
  select.addEventListener("change", function () {
    var typed = Array.prototype.some.call(
      document.querySelectorAll("#player-rows input[name='player.name']"),
      function (input) { return input.value.trim() !== ""; });
    if (typed) return;
    var query = new URLSearchParams(window.location.search);
    query.set(select.dataset.reloadWith, select.value);
    window.location.search = "?" + query.toString();
  });
})();

// Add player rows on the new-table form, up to the game's maximum.
(function () {
  var rows = document.getElementById("player-rows");
  var add = document.getElementById("add-player");
  var template = document.getElementById("player-row-template");
  if (!rows || !add || !template) return;
  var max = parseInt(rows.dataset.max, 10);
  function refresh() { add.disabled = rows.querySelectorAll(".player-row").length >= max; }
  add.addEventListener("click", function () {
    var count = rows.querySelectorAll(".player-row").length;
    if (count >= max) return;
    var row = template.content.firstElementChild.cloneNode(true);
    var select = row.querySelector("select");
    if (select) select.selectedIndex = count % select.options.length;
    rows.appendChild(row);
    row.querySelector("input").focus();
    refresh();
  });
  refresh();
})();
