// Choosing a deck (or the group whose players are offered) reloads the form with that deck's
// values (that group's players), unless names are typed already: then the form keeps them,
// and the table takes the chosen deck's values when it starts.
(function () {
  Array.prototype.forEach.call(document.querySelectorAll("select[data-reload-with]"),
    function (select) {
      select.addEventListener("change", function () {
        var typed = Array.prototype.some.call(
          document.querySelectorAll("#player-rows input[name='player.name']"),
          function (input) { return input.value.trim() !== ""; });
        if (typed) return;
        var query = new URLSearchParams(window.location.search);
        query.set(select.dataset.reloadWith, select.value);
        window.location.search = "?" + query.toString();
      });
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

// The group's players: one tap puts a player's name in the next free row (adding a row when
// every row is taken) and, where the game has the player's colour and no named row holds it,
// that colour; a second tap takes the name out. A chip shows pressed while its name is in a
// row, typed or tapped (names compared as the server compares them: case and spaces aside).
(function () {
  var chips = document.querySelectorAll(".roster-chips button[data-name]");
  var rows = document.getElementById("player-rows");
  var add = document.getElementById("add-player");
  if (!chips.length || !rows) return;
  function key(text) { return text.normalize("NFKC").toLowerCase().replace(/\s+/g, ""); }
  function names() {
    return Array.prototype.slice.call(rows.querySelectorAll("input[name='player.name']"));
  }
  function refresh() {
    var typed = {};
    names().forEach(function (input) { if (input.value.trim()) typed[key(input.value)] = 1; });
    Array.prototype.forEach.call(chips, function (chip) {
      chip.setAttribute("aria-pressed", typed[key(chip.dataset.name)] ? "true" : "false");
    });
  }
  function colourIn(row, colour) {
    var select = row.querySelector("select");
    if (!select || !colour) return;
    var offered = Array.prototype.some.call(select.options,
      function (option) { return option.value === colour; });
    if (!offered) return;
    var emptyHolder = null;
    var taken = Array.prototype.some.call(rows.querySelectorAll(".player-row"), function (other) {
      var choice = other.querySelector("select");
      if (other === row || !choice || choice.value !== colour) return false;
      if (other.querySelector("input[name='player.name']").value.trim()) return true;
      emptyHolder = choice;
      return false;
    });
    if (taken) return;
    if (emptyHolder) emptyHolder.value = select.value;  // an empty row takes this row's colour
    select.value = colour;
  }
  Array.prototype.forEach.call(chips, function (chip) {
    chip.addEventListener("click", function () {
      var wanted = key(chip.dataset.name);
      var same = names().filter(function (input) { return key(input.value) === wanted; })[0];
      if (same) {
        same.value = "";
        refresh();
        return;
      }
      var free = names().filter(function (input) { return !input.value.trim(); })[0];
      if (!free && add && !add.disabled) {
        add.click();
        free = names().filter(function (input) { return !input.value.trim(); })[0];
        if (free) free.blur();  // no keyboard for a name tapped, not typed
      }
      if (!free) return;
      free.value = chip.dataset.name;
      colourIn(free.closest(".player-row"), chip.dataset.colour);
      refresh();
    });
  });
  rows.addEventListener("input", refresh);
  refresh();
})();
