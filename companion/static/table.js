// The table page: keeps every phone on the same version within a second, sends actions
// without reloading, keeps the screen awake and shouts the crack.
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root) return;
  var live = document.getElementById("live");
  var liveAfter = document.getElementById("live-after");
  var toast = document.getElementById("toast");
  var crack = document.getElementById("crack");
  var version = parseInt(root.dataset.version, 10);
  var seating = root.dataset.seating || "";
  var pollMs = parseInt(root.dataset.poll, 10) || 400;
  var liveUrl = root.dataset.liveUrl;
  var lastCrack = currentCrack();
  var seenRequests = [];
  var polling = false;
  var timer = null;

  function currentCrack() {
    var el = live && live.querySelector("[data-crack]");
    return el ? el.dataset.crack : "";
  }

  function showToast(message) {
    if (!toast) return;
    toast.textContent = message;
    toast.hidden = false;
    clearTimeout(showToast.timer);
    showToast.timer = setTimeout(function () { toast.hidden = true; }, 4000);
  }

  function setVersion(v) {
    if (v !== version) {
      // The host's join code is shown open until play starts; then it folds away.
      document.querySelectorAll("details[data-close-when-playing][open]").forEach(function (d) {
        d.open = false;
        d.removeAttribute("data-close-when-playing");
      });
    }
    version = v;
    root.dataset.version = String(v);
    document.querySelectorAll("input[name=expected_version]").forEach(function (input) {
      input.value = String(v);
    });
  }

  // A zoomable picture (the map) stays zoomed across redraws, on this phone only.
  var zoomed = {};
  function applyZoom() {
    document.querySelectorAll("[data-zoomable][id]").forEach(function (el) {
      el.classList.toggle("zoomed", !!zoomed[el.id]);
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-zoom-target]");
    if (!button) return;
    var id = button.dataset.zoomTarget;
    zoomed[id] = !zoomed[id];
    applyZoom();
  });

  function afterRender() {
    applyZoom();
    var liveRoot = live.querySelector(".live-root");
    if (!liveRoot) return;
    if (liveRoot.dataset.seat !== undefined && root.dataset.seat !== undefined &&
        root.dataset.table && liveRoot.dataset.seat !== root.dataset.seat) {
      // This phone's seat changed (handed over to it, or moved away): redraw the whole page.
      window.location.reload();
      return;
    }
    var over = liveRoot.dataset.over === "true";
    var controls = document.getElementById("controls");
    if (controls) controls.hidden = over;
    var undoButton = document.querySelector("[data-undo-label]");
    if (undoButton) {
      // Refused to this phone (another seat's entry, a reveal): the button says why.
      undoButton.textContent = liveRoot.dataset.undo || undoButton.dataset.none ||
        undoButton.textContent;
      undoButton.disabled = !liveRoot.dataset.undo || !!liveRoot.dataset.undoRefusal;
      var why = document.querySelector("[data-undo-why]");
      if (why) why.textContent = liveRoot.dataset.undoRefusal || "";
    }
    var redoButton = document.querySelector("[data-redo-label]");
    if (redoButton) {
      redoButton.disabled = !liveRoot.dataset.redo || !!liveRoot.dataset.redoRefusal;
      redoButton.title = liveRoot.dataset.redoRefusal || liveRoot.dataset.redo || "";
    }
    // A phone asking for a seat: the host (or the holder) is told at once, wherever they are
    // on the page.
    var asking = Array.prototype.map.call(
      document.querySelectorAll("[data-seat-request]"), function (el) { return el.id || el.dataset.seatRequest; });
    var newRequest = asking.filter(function (id) { return seenRequests.indexOf(id) < 0; });
    if (newRequest.length && seenRequests.initialised) {
      var first = document.querySelector("[data-seat-request] strong");
      if (first) showToast(first.textContent);
      if (navigator.vibrate) navigator.vibrate(200);
    }
    seenRequests = asking;
    seenRequests.initialised = true;
    var crackNow = currentCrack();
    if (crackNow && crackNow !== lastCrack) shoutCrack(crackNow);
    lastCrack = crackNow;
  }

  function shoutCrack(value) {
    if (!crack) return;
    var who = value.split("|").slice(1).join("|");
    crack.querySelector(".crack-who").textContent = who;
    crack.hidden = false;
    if (navigator.vibrate) navigator.vibrate([300, 100, 300]);
  }
  if (crack) crack.querySelector("button").addEventListener("click", function () { crack.hidden = true; });

  // A form marked data-keep (a choice being made) keeps what the player chose when the
  // live part is redrawn because another phone changed the table.
  function keepForms() {
    var kept = {};
    document.querySelectorAll("form[data-keep][id]").forEach(function (form) {
      var values = [];
      form.querySelectorAll("input, select, textarea").forEach(function (field) {
        if (!field.name || field.type === "hidden") return;
        if (field.type === "radio" || field.type === "checkbox") {
          values.push([field.name, field.value, field.checked]);
        } else {
          values.push([field.name, field.value, null]);
        }
      });
      kept[form.id] = values;
    });
    return kept;
  }

  function restoreForms(kept) {
    Object.keys(kept).forEach(function (id) {
      var form = document.getElementById(id);
      if (!form) return;
      kept[id].forEach(function (entry) {
        form.querySelectorAll("[name='" + entry[0] + "']").forEach(function (field) {
          if (entry[2] === null) {
            if (field.value !== entry[1] && field.tagName === "SELECT") {
              if (Array.prototype.some.call(field.options, function (o) { return o.value === entry[1]; })) {
                field.value = entry[1];
              }
            } else if (field.tagName !== "SELECT") {
              field.value = entry[1];
            }
          } else if (field.value === entry[1]) {
            field.checked = entry[2];
          }
        });
      });
    });
  }

  function refresh() {
    if (polling) return Promise.resolve();
    polling = true;
    return fetch(liveUrl + "?v=" + version + (seating !== "" ? "&s=" + seating : ""),
                 { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 200) {
          var v = parseInt(response.headers.get("X-Version"), 10);
          if (seating !== "") seating = response.headers.get("X-Seating") || seating;
          return response.text().then(function (html) {
            var fragment = document.createElement("template");
            fragment.innerHTML = html;
            var kept = keepForms();
            var main = fragment.content.querySelector(".live-root");
            var after = fragment.content.querySelector(".live-after");
            if (main) live.replaceChildren(main);
            if (after && liveAfter) liveAfter.replaceChildren(after);
            restoreForms(kept);
            setVersion(v);
            afterRender();
          });
        }
      })
      .catch(function () { /* offline for a moment: the next poll tries again */ })
      .finally(function () { polling = false; });
  }

  function schedule() {
    clearTimeout(timer);
    if (document.hidden) return;
    timer = setTimeout(function () { refresh().then(schedule); }, pollMs);
  }

  // One idempotency key per tap, reused by every re-send of that tap: a write whose reply
  // was lost is never applied twice.
  function newKey() {
    var bytes = new Uint8Array(16);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function send(form, attempt, key, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.set(submitter.name, submitter.value);
    data.set("expected_version", String(version));
    var action = (submitter && submitter.getAttribute("formaction")) || form.action;
    return fetch(action, {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "X-Requested-With": "fetch", "Idempotency-Key": key }
    }).then(function (response) {
      return response.json().then(function (body) {
        if (response.ok) {
          if (form.hasAttribute("data-reset")) form.reset();
          return refresh();
        }
        if (response.status === 409 && form.hasAttribute("data-retry") && attempt < 3) {
          // Another phone wrote first; this seat's own card does not depend on theirs.
          return refresh().then(function () { return send(form, attempt + 1, key, submitter); });
        }
        showToast(body.error ? body.error.message : response.statusText);
        return refresh();
      });
    }).catch(function () {
      if (attempt < 2) {
        // The reply was lost (or never came): send the same tap again, with the same key.
        return new Promise(function (resolve) { setTimeout(resolve, 600); })
          .then(function () { return send(form, attempt + 1, key, submitter); });
      }
      showToast(root.dataset.offline || "Connection lost: try again.");
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-live")) return;
    event.preventDefault();
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (b) { b.disabled = true; });
    send(form, 0, newKey(), event.submitter).finally(function () {
      buttons.forEach(function (b) { b.disabled = false; });
      afterRender();
    });
  });

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
    if (!document.hidden) {
      if (!wakeLock || wakeLock.released) keepAwake();
      refresh().then(schedule);
    } else {
      clearTimeout(timer);
    }
  });
  // Back from offline (offline.js): fetch what the other phones did meanwhile.
  document.addEventListener("companion:online", function () { refresh().then(schedule); });

  keepAwake();
  afterRender();
  schedule();
})();
