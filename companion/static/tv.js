// The shared screen (/tv/<token>): after table.js draws each version, the screen keeps to
// one screen and follows the table to its rematch. Loaded on the TV page only, after
// table.js and the game's script. The board is laid out by tv.css alone, in shares of the
// screen; what is left here costs a layout or two a redraw:
// - the last entries: as many as the side column holds, the others hidden (never cut);
// - a board the screen cannot hold (a long list of vices, a crowded table): tighter
//   spacing, then the body text at the smallest size (still 20 px at 1080p), kept for the
//   next redraws (eased a step every few) so that a redraw costs one layout;
// - a rematch started on a phone: the screen moves to the rematch's own shared screen;
// - Casse-toi's crack, shouted over the screen: it goes by itself after a while, as
//   nobody taps a TV.
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root || !root.classList.contains("tv")) return;
  var CRACK_SHOWN_MS = 8000;
  var RELAX_EVERY = 8;
  var followed = false;
  var needed = 0;  // the density the last board needed (0, 1 or 2)
  var renders = 0;

  function boardMode() {
    return getComputedStyle(document.body).overflow === "hidden";
  }

  function fitLog(board) {
    var log = board.querySelector("[data-tv-log]");
    if (!log) return;
    var items = log.querySelectorAll("li");
    // Every box is read before anything is hidden: one layout.
    var box = log.getBoundingClientRect();
    var limit = box.bottom - (parseFloat(getComputedStyle(log).paddingBottom) || 0) + 0.5;
    var from = items.length;
    for (var i = 0; i < items.length; i++) {
      if (items[i].getBoundingClientRect().bottom > limit) { from = i; break; }
    }
    for (var j = from; j < items.length; j++) items[j].hidden = true;
  }

  // The board, or one of its panels, holds more than its box (the log aside: it is fitted
  // after). Read after one layout.
  function overflows(board) {
    var boxes = [board].concat(Array.prototype.slice.call(
      board.querySelectorAll(".tv-panel:not([data-tv-log]), .tv-main > *, .tv-column")));
    return boxes.some(function (el) {
      return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
    });
  }

  function fit() {
    var board = document.querySelector("#live .tv-root");
    if (!board) return;
    if (board.dataset.rematch && !followed) {
      followed = true;
      window.location.replace(board.dataset.rematch);
      return;
    }
    if (!boardMode()) return;
    // The density the last board needed first (one layout when it still fits); every few
    // redraws one step looser, so that a board tightened by a busy moment eases again.
    renders += 1;
    var dense = renders % RELAX_EVERY === 0 ? Math.max(0, needed - 1) : needed;
    setDense(board, dense);
    while (dense < 2 && overflows(board)) {
      dense += 1;
      setDense(board, dense);
    }
    needed = dense;
    fitLog(board);
  }

  function setDense(board, dense) {
    if (dense) board.dataset.dense = String(dense); else delete board.dataset.dense;
  }

  var crack = document.getElementById("crack");
  var crackTimer = null;
  function crackGoes() {
    if (!crack || crack.hidden || crackTimer) return;
    var key = crack.dataset.key;
    crackTimer = window.setTimeout(function () {
      crackTimer = null;
      if (crack.dataset.key === key) crack.hidden = true;
    }, CRACK_SHOWN_MS);
  }

  window.addEventListener("resize", function () {
    var board = document.querySelector("#live .tv-root");
    if (!board) return;
    needed = 0;
    board.querySelectorAll("[data-tv-log] li[hidden]").forEach(function (li) { li.hidden = false; });
    fit();
  });
  document.addEventListener("table:render", function () { fit(); crackGoes(); });
  fit();
})();
