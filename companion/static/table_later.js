// What the table page does once it is shown, loaded by table.js when the page has loaded
// (not part of its first load): the screen kept awake, what the phone does next brought into
// view, the undo bar's ⋯ that opens it to a whole label, the join link's share and copy, the
// game's rules kept for offline reading and this table noted as the rules pages' way back.
(function () {
  "use strict";
  var root = document.getElementById("table");
  var undoBar = document.getElementById("undo-bar");
  var toast = document.getElementById("toast");

  // Keep the screen awake while the table is open; the lock is dropped when the page is
  // hidden, so ask again when it becomes visible.
  var wakeLock = null;
  function keepAwake() {
    if (!("wakeLock" in navigator) || document.hidden) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      root.dataset.wakeLock = "held";
      lock.addEventListener("release", function () { root.dataset.wakeLock = "released"; });
    }).catch(function () { root.dataset.wakeLock = "refused"; });
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && (!wakeLock || wakeLock.released)) keepAwake();
  });
  keepAwake();

  // The way back from the rules reference: a table page notes itself for this tab (rules.js
  // shows the link on the rules pages).
  if (document.querySelector("#table[data-table]")) {
    try { window.sessionStorage.setItem("companion.table", window.location.pathname); }
    catch (e) { /* storage refused: no way back offered */ }
  }

  // The rules of the game at this table, kept by the service worker for offline reading once
  // the page has settled (it never competes with the table's first load).
  var keep = document.querySelector("a[data-keep-offline]");
  if (keep && "serviceWorker" in navigator && window.isSecureContext) {
    setTimeout(function () {
      navigator.serviceWorker.ready.then(function (registration) {
        if (registration.active) {
          registration.active.postMessage({ keep: keep.getAttribute("href") });
        }
      }).catch(function () {});
    }, 3000);
  }

  // "table:next-step" on an element (table.js after this phone's own write, a game's script
  // after a choice on its map): the element is brought between the bars that stay on the
  // screen (the top bar and a game's strip marked data-sticky-top, the undo bar); left where
  // it is when already there; a tall one shows its top.
  document.addEventListener("table:next-step", function (event) {
    var el = event.target;
    var box = el.getBoundingClientRect();
    if (!box.height) return;
    var top = 0;
    document.querySelectorAll(".topbar, [data-sticky-top]").forEach(function (bar) {
      var style = getComputedStyle(bar);
      if (/sticky|fixed/.test(style.position) && bar.compareDocumentPosition(el) & 4) {
        top = Math.max(top, (parseFloat(style.top) || 0) + bar.offsetHeight);
      }
    });
    var bottom = undoBar && !undoBar.hidden ? undoBar.getBoundingClientRect().top : innerHeight;
    if (box.top >= top && box.bottom <= bottom) return;
    window.scrollBy(0, box.top < top || box.height > bottom - top - 16
      ? box.top - top - 8 : box.bottom - bottom + 8);
  });

  // The undo bar's ⋯ (shown by table.js when a label is cut short): the bar opens to the
  // whole label, and closes again.
  var more = document.querySelector("[data-undo-more]");
  if (more && undoBar) {
    more.addEventListener("click", function () {
      more.setAttribute("aria-expanded", String(undoBar.classList.toggle("whole")));
    });
  }

  function say(message, ok) {
    if (!toast) return;
    toast.textContent = message;
    toast.classList.toggle("ok", ok);
    toast.hidden = false;
    clearTimeout(say.timer);
    say.timer = setTimeout(function () { toast.hidden = true; }, 4000);
  }

  // Sharing the join link: the phone's own share sheet where it has one, and a copy button.
  var shareButton = document.querySelector("[data-share]");
  var copyButton = document.querySelector("[data-copy]");
  var joinLink = document.querySelector("[data-join-link]");
  if (shareButton && joinLink && navigator.share) {
    shareButton.hidden = false;
    shareButton.addEventListener("click", function () {
      navigator.share({ title: shareButton.dataset.shareTitle, text: shareButton.dataset.shareText,
                        url: joinLink.href }).catch(function () { /* closed: nothing to do */ });
    });
  }
  if (copyButton && joinLink) {
    copyButton.addEventListener("click", function () {
      var done = function () { say(copyButton.dataset.copied, true); };
      var failed = function () {
        var range = document.createRange();
        range.selectNodeContents(joinLink);
        var selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        say(copyButton.dataset.copyFailed, false);
      };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(joinLink.href).then(done, failed);
      } else {
        failed();
      }
    });
  }
})();
