// The shared screen (/tv/<token>): after table.js draws each version, the cards are laid
// out to fit the screen. Loaded on the TV page only, after table.js.
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root || !root.classList.contains("tv")) return;
  // The shared screen is never scrolled: its cards flow in columns, and when they do not
  // fit the screen, more columns and then a smaller scale are tried, never below the scale
  // that keeps the body text at 18 px (1.0625rem x 1.08). Below 1100 px wide (a laptop
  // window) the page is left as it is, and scrolls.
  var TV_LAYOUTS = [[2, 1.5], [3, 1.5], [3, 1.35], [4, 1.35], [3, 1.2], [4, 1.2], [4, 1.08],
    [5, 1.08]];
  function fitTv() {
    var main = document.querySelector("main");
    var page = document.documentElement;
    if (!main || window.innerWidth < 1100) {
      delete root.dataset.columns;
      if (main) main.style.zoom = "";
      return;
    }
    for (var i = 0; i < TV_LAYOUTS.length; i++) {
      root.dataset.columns = String(TV_LAYOUTS[i][0]);
      main.style.zoom = String(TV_LAYOUTS[i][1]);
      if (page.scrollHeight <= window.innerHeight && page.scrollWidth <= window.innerWidth) {
        return;
      }
    }
  }
  window.addEventListener("resize", function () { fitTv(); });
  document.addEventListener("table:render", fitTv);
  fitTv();
})();
