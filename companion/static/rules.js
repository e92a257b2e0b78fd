// The rules reference's way back to the table this tab came from: a table page notes its
// address for the tab (offline.js); a rules page then shows "Back to the table" leading
// there. A tab opened on the rules alone (a printed sheet's QR code) shows no such link.
(function () {
  "use strict";
  var back = document.querySelector("[data-back-to-table]");
  if (!back) return;
  var from = null;
  try { from = window.sessionStorage.getItem("companion.table"); }
  catch (e) { return; }
  // Only a path of this site: never a link elsewhere.
  if (!from || from.charAt(0) !== "/" || from.charAt(1) === "/") return;
  back.querySelector("a").setAttribute("href", from);
  back.hidden = false;
})();
