// The offline page. The service worker answers a page that cannot be loaded with it, under
// that page's own address; it asks the server every few seconds (and when the phone says it
// is online again, or the page is shown again) and, as soon as the companion answers,
// loads that page again: nobody has to tap "Try again".
(function () {
  "use strict";
  var PROBE_MS = 2000;
  var reloading = false;

  function tryServer() {
    if (reloading) return;
    fetch("/ping", { cache: "no-store", credentials: "same-origin" }).then(function (response) {
      if (!response.ok) return;  // a proxy's error page: the companion is still away
      reloading = true;
      window.location.reload();
    }, function () {});
  }

  setInterval(tryServer, PROBE_MS);
  window.addEventListener("online", tryServer);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) tryServer();
  });
})();
