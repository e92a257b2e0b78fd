// Offline tolerance on every page: registers the service worker (the page shell stays
// available without the network). On a table page it also says when the connection is lost,
// keeps the last state on screen, refuses taps with a clear message instead of losing them
// (nothing is queued), and tells the page to catch up as soon as the server answers again.
(function () {
  "use strict";
  if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    });
  }

  var banner = document.getElementById("offline-banner");
  if (!banner) return;
  var toast = document.getElementById("toast");
  var offline = false;
  var probe = null;
  var nativeFetch = window.fetch.bind(window);

  function setOffline(now) {
    if (now === offline) return;
    offline = now;
    banner.hidden = !now;
    document.documentElement.classList.toggle("is-offline", now);
    if (now) {
      clearInterval(probe);
      probe = setInterval(check, 2000);
    } else {
      clearInterval(probe);
      probe = null;
      // The page fetches what it missed (table.js listens).
      document.dispatchEvent(new CustomEvent("companion:online"));
    }
  }

  function sameOrigin(input) {
    var url = typeof input === "string" ? input : (input && input.url) || "";
    try { return new URL(url, window.location.href).origin === window.location.origin; }
    catch (e) { return false; }
  }

  // Every request of the page tells whether the server is reachable: a request that fails
  // without an answer means the connection is gone; any answer means it is back.
  window.fetch = function (input, init) {
    var watched = sameOrigin(input);
    return nativeFetch(input, init).then(function (response) {
      if (watched) setOffline(false);
      return response;
    }, function (error) {
      if (watched) setOffline(true);
      throw error;
    });
  };

  function check() {
    nativeFetch("/ping", { cache: "no-store", credentials: "same-origin" })
      .then(function () { setOffline(false); }, function () {});
  }

  window.addEventListener("offline", function () { setOffline(true); });
  window.addEventListener("online", check);
  if (navigator.onLine === false) setOffline(true);

  // A tap while offline is refused at once, with the reason: nothing is sent later behind
  // the player's back.
  document.addEventListener("submit", function (event) {
    if (!offline) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    var message = banner.dataset.refused || banner.textContent;
    if (toast) {
      toast.textContent = message;
      toast.hidden = false;
      clearTimeout(setOffline.timer);
      setOffline.timer = setTimeout(function () { toast.hidden = true; }, 4000);
    }
    if (navigator.vibrate) navigator.vibrate(80);
  }, true);
})();
