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
  document.addEventListener("table:render", syncAll);  // table.js redrew the live part
})();

// The map of Fosko with one thumb. Placing: a tap on a highlighted (neutral) district
// chooses it in the placement list. Programming: a tap on a highlighted district chooses
// the move of the character picked above the map (Edgar, then Lucien) in that character's
// list; both programmed moves are drawn on the map, numbered, until they are sealed. The
// lists stay the accessible way to choose and are what the form sends.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var picking = "edgar";  // the character a tap programs (kept across redraws)

  function map() { return document.querySelector("svg.fosko[data-mode]"); }
  function districtEl(svg, id) {
    return svg.querySelector(".district[data-district='" + id + "']");
  }
  function centre(svg, id) {
    var g = districtEl(svg, id);
    // A district's point: its cell's centre, a little below (under its name).
    var cell = g && g.querySelector(".cell");
    if (!cell) return null;
    function at(name) { return parseFloat(cell.getAttribute(name)); }
    return [at("x") + at("width") / 2, at("y") + at("height") / 2 + 14];
  }
  function selectOf(character) {
    return document.querySelector("select[data-map-select][data-character='" + character + "']");
  }
  // Where an option leads: its data-to (a move's option, whose value is the move), else its
  // value (a district's option).
  function toOf(o) { return o.dataset.to || o.value; }
  function optionTo(select, district) {
    return Array.prototype.find.call(select.options, function (o) { return toOf(o) === district; });
  }
  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(node);
    return node;
  }

  function mark(svg, reachable, chosen) {
    svg.querySelectorAll(".district[data-district]").forEach(function (g) {
      var id = g.dataset.district;
      g.classList.toggle("reach", reachable.indexOf(id) >= 0);
      g.classList.toggle("chosen", chosen.indexOf(id) >= 0);
    });
  }

  function drawPlace(svg) {
    var select = document.getElementById("place-district");
    if (!select) return;
    var reachable = Array.prototype.map.call(select.options, function (o) { return o.value; });
    mark(svg, reachable, select.value ? [select.value] : []);
  }

  function pawn(svg, character) {
    var seat = document.getElementById("table").dataset.seat;
    return svg.querySelector("[data-pawn='" + character + "'][data-seat='" + seat + "']");
  }

  function drawProgram(svg) {
    var layer = svg.querySelector("[data-preview]");
    if (!layer) return;
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    var chosen = [];
    ["edgar", "lucien"].forEach(function (character, index) {
      var select = selectOf(character);
      if (!select) return;
      var option = select.options[select.selectedIndex];
      if (!option) return;
      var from = select.dataset.from;
      var to = toOf(option);
      var route = document.querySelector("[data-route-of='" + character + "'] [data-route-text]");
      if (route) route.textContent = option.dataset.route || option.textContent;
      if (to === from) return;  // Immobile: nothing to draw (the line under the map says so)
      chosen.push(to);
      var piece = pawn(svg, character);
      var start = piece ? [parseFloat(piece.dataset.x), parseFloat(piece.dataset.y)] : centre(svg, from);
      var end = centre(svg, to);
      if (!start || !end) return;
      var g = el("g", { "class": "move move-" + character, "data-move": character, "data-to": to }, layer);
      // From the pawn's edge (its letter stays readable) to just short of the destination's
      // centre (the head does not hide the number); the metro curves.
      var dx = end[0] - start[0], dy = end[1] - start[1];
      var len = Math.sqrt(dx * dx + dy * dy) || 1;
      var stop = Math.min(30, len / 3), lift = Math.min(26, len / 3);
      var sx = start[0] + dx / len * lift, sy = start[1] + dy / len * lift;
      var ex = end[0] - dx / len * stop, ey = end[1] - dy / len * stop;
      var bend = option.value.indexOf("metro") >= 0 ? 0.18 : 0;
      var mx = (sx + ex) / 2 - dy * bend, my = (sy + ey) / 2 + dx * bend;
      var d = "M" + sx + "," + sy + " Q" + mx + "," + my + " " + ex + "," + ey;
      el("path", { d: d, "class": "arrow-halo" }, g);
      el("path", { d: d, "class": "arrow", "marker-end": "url(#fosko-arrow)" }, g);
      // The number at the destination: Edgar's left of the centre, Lucien's right.
      var bx = end[0] + (index === 0 ? -15 : 15), by = end[1];
      el("circle", { cx: bx, cy: by, r: 15, "class": "badge-num" }, g);
      var t = el("text", { x: bx, y: by + 6, "text-anchor": "middle", "class": "badge-num-text" }, g);
      t.textContent = String(index + 1);
    });
    var picked = selectOf(picking);
    var reachable = picked ? Array.prototype.map.call(picked.options, toOf) : [];
    mark(svg, reachable, chosen);
    document.querySelectorAll("[data-pick-character]").forEach(function (button) {
      button.setAttribute("aria-pressed", button.dataset.pickCharacter === picking ? "true" : "false");
    });
  }

  function draw() {
    var svg = map();
    if (!svg) return;
    if (svg.dataset.mode === "place") drawPlace(svg);
    else if (svg.dataset.mode === "program") drawProgram(svg);
  }

  document.addEventListener("click", function (event) {
    var pick = event.target.closest && event.target.closest("[data-pick-character]");
    if (pick) {
      picking = pick.dataset.pickCharacter;
      draw();
      return;
    }
    var svg = map();
    var g = event.target.closest && event.target.closest("svg.fosko[data-mode] [data-district]");
    if (!svg || !g) return;
    var id = g.dataset.district;
    var select = svg.dataset.mode === "place"
      ? document.getElementById("place-district") : selectOf(picking);
    if (!select) return;
    var option = optionTo(select, id);
    if (!option) return;  // not a district this choice may take: nothing changes
    select.value = option.value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
    if (svg.dataset.mode === "program" && picking === "edgar") picking = "lucien";
    draw();
    // The form's button comes into view once its choice is made (the district to place on,
    // or Lucien's move after Edgar's): the next tap.
    if (svg.dataset.mode === "place" || select.dataset.character === "lucien") {
      var next = select.form && select.form.querySelector("button[type=submit]");
      if (next) next.dispatchEvent(new CustomEvent("table:next-step", { bubbles: true }));
    }
  });
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("select[data-map-select], #place-district")) draw();
  });

  draw();
  document.addEventListener("table:render", draw);  // table.js redrew the live part
})();
