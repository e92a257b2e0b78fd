// The table page: keeps every phone on the same version within a second, sends actions
// without reloading and tells a seat when it is its turn (table_later.js keeps the screen
// awake). After each redraw it sends "table:render" on the document, for the game's own
// script.
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root) return;
  var live = document.getElementById("live");
  var liveAfter = document.getElementById("live-after");
  var toast = document.getElementById("toast");
  var version = parseInt(root.dataset.version, 10);
  var seating = root.dataset.seating || "";
  var pollMs = parseInt(root.dataset.poll, 10) || 400;
  var liveUrl = root.dataset.liveUrl;
  var seenRequests = [];
  var wasMyTurn = null;  // unknown until the first render
  var polling = false;
  var again = false;
  var inflight = null;
  var timer = null;
  // Live updates come over an event stream (/events beside /live); polling every pollMs
  // is only the fallback while the stream is down, and the stream is tried again.
  var eventsUrl = liveUrl.replace(/\/live$/, "/events");
  var source = null;
  var streaming = false;
  var streamRetry = null;
  var streamFailures = 0;


  function showToast(message) {
    if (!toast) return;
    toast.classList.remove("ok");
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


  // The undo bar: each button names its entry in up to three lines (two at large text, a
  // root font of 150 % or more: app.css; the page's top bar then scrolls away with it). A
  // label cut short shows the ⋯ button, which opens the bar to the whole label; undoing (or
  // redoing) a label still cut asks first, naming the whole entry. Watched, as the text
  // size may change while the page is open.
  var undoBar = document.getElementById("undo-bar");
  var more = document.querySelector("[data-undo-more]");
  // Cut: the label's text runs past the button's visible edge (its border), lines hidden by
  // the clamp included; a label that wraps and shows whole is not.
  function isCut(button) {
    if (!button || button.form.hidden) return false;
    var range = document.createRange();
    range.selectNodeContents(button);
    return range.getBoundingClientRect().bottom > button.getBoundingClientRect().bottom -
      parseFloat(getComputedStyle(button).borderBottomWidth) + 1;
  }
  function fitUndoBar() {
    var large = (parseFloat(getComputedStyle(document.documentElement).fontSize) || 16) >= 24;
    document.documentElement.classList.toggle("large-text", large);
    if (!undoBar) return;
    undoBar.classList.toggle("large-text", large);
    var cut = false;
    undoBar.querySelectorAll("button[type=submit]").forEach(function (button) {
      button.title = button.textContent.trim();
      cut = cut || isCut(button);
    });
    if (more) more.hidden = !cut && !undoBar.classList.contains("whole");
  }
  if (window.ResizeObserver) {
    new ResizeObserver(function () { fitUndoBar(); }).observe(document.documentElement);
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!undoBar || !undoBar.contains(form) || (form.dataset.confirm && !form.dataset.cutAsk)) return;
    var button = form.querySelector("button[type=submit]");
    var question = undoBar.dataset.cutAsk || "%s?";
    if (isCut(button)) {
      form.dataset.confirm = question.replace("%s", button.textContent.trim());
      form.dataset.cutAsk = "true";
    } else if (form.dataset.cutAsk) {
      form.dataset.confirm = "";
      delete form.dataset.cutAsk;
    }
  }, true);

  // A page already on its way out (a form sent the ordinary way, such as taking a seat) is
  // not reloaded on top: that reload would cut the form's own answer short. A link that
  // only downloads (an export) leaves the page where it is: a few seconds later it is
  // reloaded again when its seat changes.
  var leaving = false;
  window.addEventListener("beforeunload", function () {
    leaving = true;
    window.setTimeout(function () { leaving = false; }, 3000);
  });
  window.addEventListener("pageshow", function () { leaving = false; });

  // What this phone does next, or the result it just made: the element a game's page marks
  // data-next-step="<step>" (the first one counts). Once the page shows this phone's own
  // write, a step other than the one shown before it is asked into view ("table:next-step",
  // table_later.js); a change made by another phone never moves the page.
  var stepShown = null;  // the step the page showed last
  var stepBefore = null;  // the step shown when this phone sent its write
  var stepAfter = null;  // the version of that write, until the page shows it
  function intoView(el) {
    el.dispatchEvent(new CustomEvent("table:next-step", { bubbles: true }));
  }

  function afterRender() {
    applyZoom();
    var liveRoot = live.querySelector(".live-root");
    if (!liveRoot) return;
    if (liveRoot.dataset.seat !== undefined && root.dataset.seat !== undefined &&
        root.dataset.table && liveRoot.dataset.seat !== root.dataset.seat) {
      // This phone's seat changed (handed over to it, or moved away): redraw the whole page,
      // unless the page is already being replaced.
      if (!leaving) window.location.reload();
      return;
    }
    var over = liveRoot.dataset.over === "true";
    var controls = document.getElementById("controls");
    if (controls) controls.hidden = over;
    // Undo and redo name the entry they touch; one that touches another seat's entry asks
    // first (data-confirm); one refused to this phone (another seat's entry, a reveal) is
    // not shown (the last entries' card says why), nor the bar when neither is left.
    var undoButton = document.querySelector("[data-undo-label]");
    var redoButton = document.querySelector("[data-redo-label]");
    if (undoButton && redoButton) {
      var labels = undoButton.textContent + redoButton.textContent;
      if (liveRoot.dataset.undo) undoButton.textContent = liveRoot.dataset.undo;
      undoButton.form.hidden = undoButton.disabled =
        !liveRoot.dataset.undo || !!liveRoot.dataset.undoRefusal;
      undoButton.form.dataset.confirm = liveRoot.dataset.undoAsk || "";
      delete undoButton.form.dataset.cutAsk;
      redoButton.form.hidden = redoButton.disabled =
        !liveRoot.dataset.redo || !!liveRoot.dataset.redoRefusal;
      if (liveRoot.dataset.redo) redoButton.textContent = liveRoot.dataset.redo;
      redoButton.form.dataset.confirm = liveRoot.dataset.redoAsk || "";
      delete redoButton.form.dataset.cutAsk;
      undoBar.hidden = undoButton.form.hidden && redoButton.form.hidden;
      if (labels !== undoButton.textContent + redoButton.textContent) {
        undoBar.classList.remove("whole");
        if (more) more.setAttribute("aria-expanded", "false");
      }
    }
    fitUndoBar();
    // A phone asking for a seat: the host (or the holder) is told at once, wherever they are
    // on the page.
    var asking = Array.prototype.map.call(
      document.querySelectorAll("[data-seat-request]"), function (el) { return el.id || el.dataset.seatRequest; });
    var newRequest = asking.filter(function (id) { return seenRequests.indexOf(id) < 0; });
    if (newRequest.length && seenRequests.initialised) {
      var first = document.querySelector("[data-seat-request] strong");
      if (first) showToast(first.textContent);
      if (navigator.vibrate) navigator.vibrate(200);
      // A question for this phone: in view, unless it is typing in a field.
      if (first && !/INPUT|SELECT|TEXTAREA/.test(document.activeElement.tagName)) {
        intoView(first.closest("[data-seat-request]"));
      }
    }
    seenRequests = asking;
    seenRequests.initialised = true;
    // Your turn: the banner is in the live part; the phone vibrates once when this seat's
    // turn begins (not on opening the page).
    var myTurn = liveRoot.dataset.myTurn === "true";
    if (myTurn && wasMyTurn === false) {
      if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
      var banner = live.querySelector("[data-your-turn]");
      if (banner) banner.classList.add("new");
      root.dataset.turnSignals = String((parseInt(root.dataset.turnSignals || "0", 10) || 0) + 1);
    }
    wasMyTurn = myTurn;
    var step = document.querySelector("#live [data-next-step], #live-after [data-next-step]");
    var key = step ? step.dataset.nextStep : "";
    if (stepAfter !== null && version >= stepAfter) {
      stepAfter = null;
      if (step && key !== stepBefore) intoView(step);
    }
    stepShown = key;
    document.dispatchEvent(new CustomEvent("table:render"));
  }


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

  // Which folded parts (details) of the live view the player has open: a redraw caused by
  // another phone keeps them open. A part is known by its summary's text (and its rank
  // among parts with the same text).
  function detailsKeys(scope) {
    var seen = {};
    var keys = [];
    scope.querySelectorAll("details").forEach(function (d) {
      var summary = d.querySelector("summary");
      var text = summary ? summary.textContent.replace(/\s+/g, " ").trim() : "";
      seen[text] = (seen[text] || 0) + 1;
      keys.push([d, text + "#" + seen[text]]);
    });
    return keys;
  }

  function keepOpen() {
    var open = {};
    [live, liveAfter].forEach(function (scope) {
      if (!scope) return;
      detailsKeys(scope).forEach(function (pair) { if (pair[0].open) open[pair[1]] = true; });
    });
    return open;
  }

  function restoreOpen(open) {
    [live, liveAfter].forEach(function (scope) {
      if (!scope) return;
      detailsKeys(scope).forEach(function (pair) {
        if (open[pair[1]] && !pair[0].hasAttribute("data-close-when-playing")) {
          pair[0].open = true;
        }
      });
    });
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

  // A changed view comes as a diff from the fragment this phone last applied when the
  // server still holds that one (companion/web/fragments.py), else whole; the first change
  // after the page loads comes whole, and brings the diff code (diff.js: not needed before,
  // so not part of the first load). Every poll says the phone keeps what it gets (d=1); once
  // the diff code is here, it names the fragment it holds (h, its checksum). A checksum that
  // does not check out: the whole fragment is fetched.
  var base = null;  // [text, checksum or null] of the fragment last applied
  var differ = null;  // window.companionDiff once diff.js has loaded
  function loadDiffer() {
    if (loadDiffer.asked || !root.dataset.diff) return;
    loadDiffer.asked = true;
    var script = document.createElement("script");
    script.src = root.dataset.diff;
    script.onload = function () { differ = window.companionDiff || null; };
    document.head.appendChild(script);
  }
  function held() {
    if (!base || !differ) return "";
    if (!base[1]) base[1] = differ.checksum(base[0]);
    return "&h=" + base[1];
  }

  function render(html) {
    var fragment = document.createElement("template");
    fragment.innerHTML = html;
    var kept = keepForms();
    var open = keepOpen();
    var main = fragment.content.querySelector(".live-root");
    var after = fragment.content.querySelector(".live-after");
    if (main) live.replaceChildren(main);
    if (after && liveAfter) liveAfter.replaceChildren(after);
    restoreForms(kept);
    restoreOpen(open);
  }

  function refresh() {
    if (polling) {
      // A change arrived while a fetch was on its way: fetch again once it is done.
      again = true;
      return inflight;
    }
    polling = true;
    inflight = fetch(liveUrl + "?v=" + version + (seating !== "" ? "&s=" + seating : "") +
                     "&d=1" + held(),
                 { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 200) {
          var v = parseInt(response.headers.get("X-Version"), 10);
          var diffed = response.headers.get("X-Diff-From");
          return response.text().then(function (body) {
            if (!body) return;  // nothing moved (an empty answer keeps the connection alive)
            var next = null;
            try {
              next = !diffed ? [body, null] : differ ? differ.patch(base, body) : null;
            } catch (error) { /* a script that does not parse: fetched whole below */ }
            if (!next) {
              base = null;
              again = true;  // fetch the whole fragment once this fetch is done
              return;
            }
            base = next;
            loadDiffer();
            if (seating !== "") seating = response.headers.get("X-Seating") || seating;
            render(next[0]);
            setVersion(v);
            afterRender();
          });
        }
      })
      .catch(function () {
        // Offline for a moment: the next poll tries again; with the stream up, try once more.
        if (streaming) setTimeout(refresh, pollMs);
      })
      .finally(function () {
        polling = false;
        if (again) {
          again = false;
          refresh();
        }
      });
    return inflight;
  }

  function schedule() {
    clearTimeout(timer);
    if (document.hidden || streaming) return;
    timer = setTimeout(function () { refresh().then(schedule); }, pollMs);
  }

  function setLive(mode) {
    streaming = mode === "stream";
    root.dataset.live = mode;
  }

  function closeStream() {
    clearTimeout(streamRetry);
    if (source) source.close();
    source = null;
    setLive("poll");
  }

  function openStream() {
    if (!window.EventSource || !eventsUrl || eventsUrl === liveUrl || document.hidden) return;
    closeStream();
    var es = new EventSource(eventsUrl + "?v=" + version + (seating !== "" ? "&s=" + seating : ""));
    source = es;
    es.onopen = function () {
      if (source !== es) return;
      streamFailures = 0;
      setLive("stream");
      clearTimeout(timer);
      refresh();  // catch up with anything that moved while the stream was down
    };
    es.onmessage = function (event) {
      var data;
      try { data = JSON.parse(event.data); } catch (error) { return; }
      if (data.version === version &&
          (seating === "" || data.seating === null || String(data.seating) === String(seating))) {
        return;
      }
      refresh();
    };
    es.onerror = function () {
      if (source !== es) return;
      // Dropped (or refused): poll meanwhile. The browser reconnects by itself after a
      // dropped stream; a refused one is closed, and tried again here a little later.
      setLive("poll");
      schedule();
      if (es.readyState === 2) {
        source = null;
        streamFailures += 1;
        var wait = Math.min(30000, 2000 * streamFailures) + Math.random() * 1000;
        clearTimeout(streamRetry);
        streamRetry = setTimeout(openStream, wait);
      }
    };
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
          stepAfter = body.version;
          if (form.hasAttribute("data-reset")) form.reset();
          // The part this form was opened in folds again, as the page draws it after a write.
          var holder = form.closest("details");
          if (holder && !holder.hasAttribute("data-keep-open")) holder.open = false;
          // The page's helpers (feedback, confirmations) hear that this form's write landed.
          return refresh().then(function () {
            form.dispatchEvent(new CustomEvent("table:sent", { bubbles: true }));
          });
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

  // A dialog opened and closed (an attribute where the browser has no <dialog>): the game
  // scripts take the same two as tableDialog.
  function openDialog(d) { if (d.showModal) d.showModal(); else d.setAttribute("open", ""); }
  function closeDialog(d) { if (d.close) d.close(); else d.removeAttribute("open"); }
  window.tableDialog = { open: openDialog, close: closeDialog };

  // A form with a data-confirm question (undoing another seat's entry, the host's reveal)
  // asks it first, big and clear, in the page's own dialog.
  var ask = document.getElementById("confirm");
  var askedFor = null;
  var askedBy = null;
  var confirmedForm = null;
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!ask || !form.dataset || !form.dataset.confirm) return;
    if (confirmedForm === form) { confirmedForm = null; return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    askedFor = form;
    askedBy = event.submitter || null;
    ask.querySelector("#confirm-text").textContent = form.dataset.confirm;
    openDialog(ask);
  }, true);
  function closeAsk() { closeDialog(ask); }
  if (ask) {
    ask.querySelector("[data-confirm-yes]").addEventListener("click", function () {
      closeAsk();
      if (!askedFor) return;
      confirmedForm = askedFor;
      askedFor.requestSubmit(askedBy || undefined);
    });
    ask.querySelector("[data-confirm-no]").addEventListener("click", function () {
      closeAsk();
      askedFor = null;
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-live")) return;
    event.preventDefault();
    if (stepAfter === null) stepBefore = stepShown;
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (b) { b.disabled = true; });
    send(form, 0, newKey(), event.submitter).finally(function () {
      buttons.forEach(function (b) { b.disabled = false; });
      afterRender();
    });
  });

  // A page shown again catches up; a hidden page holds no connection.
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) {
      refresh().then(schedule);
      openStream();
    } else {
      clearTimeout(timer);
      closeStream();
    }
  });
  // Back from offline (offline.js): fetch what the other phones did meanwhile.
  document.addEventListener("companion:online", function () { refresh().then(schedule); });

  // The screen kept awake, and the helpers that wait for a tap (table_later.js): loaded once
  // the page has loaded, not part of its first load.
  window.addEventListener("load", function () {
    if (!root.dataset.later) return;
    var script = document.createElement("script");
    script.src = root.dataset.later;
    document.head.appendChild(script);
  });

  afterRender();
  setLive("poll");
  schedule();
  openStream();
})();
