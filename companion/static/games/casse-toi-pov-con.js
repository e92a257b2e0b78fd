// Casse-toi Pov'con!'s page script (after table.js, on every phone of the table, the
// spectator's and the shared screen's too).

// The crack is shouted on every phone: once, when a new one appears after a redraw. Its key
// names the log entry that cracked (a crack taken back and redone, or an older round's crack
// back on top, is not shouted again); one taken back or undone goes away everywhere.
(function () {
  "use strict";
  var live = document.getElementById("live");
  var crack = document.getElementById("crack");
  if (!live || !crack) return;
  var shouted = {};
  function currentCrack() {
    var el = live.querySelector("[data-crack]");
    if (!el || !el.dataset.crack) return "";
    return (el.dataset.crackEntry || "") + "|" + el.dataset.crack;
  }
  var lastCrack = currentCrack();
  if (lastCrack) shouted[lastCrack] = true;  // on screen when the page opened: not shouted
  function shoutCrack(value) {
    crack.querySelector(".crack-who").textContent = value.split("|").slice(2).join("|");
    crack.dataset.key = value;
    crack.hidden = false;
    if (navigator.vibrate) navigator.vibrate([300, 100, 300]);
  }
  var ok = crack.querySelector("[data-crack-ok]") || crack.querySelector("button");
  if (ok) ok.addEventListener("click", function () { crack.hidden = true; });
  document.addEventListener("table:render", function () {
    var now = currentCrack();
    if (!crack.hidden && crack.dataset.key && crack.dataset.key !== now) crack.hidden = true;
    if (now && now !== lastCrack && !shouted[now]) shoutCrack(now);
    if (now) shouted[now] = true;
    lastCrack = now;
  });
})();

// Casse-toi's card recorder: nothing is sent until a stress is chosen; a card that would
// crack this seat asks once, big and clear; after "Add this card" the phone says what was
// added and where its stress stands; right after a crack, the cracked phone may take its
// card back ("that was a mis-tap"). Static file (no inline script): it listens on the
// document, so it keeps working when the live part is redrawn.
(function () {
  "use strict";
  var form = document.getElementById("draw-form");
  var recorder = document.getElementById("controls");
  if (!form || !recorder) return;
  var add = form.querySelector("[data-add]");
  var hint = form.querySelector("[data-add-hint]");
  var strip = document.getElementById("my-strip");
  var note = strip && strip.querySelector("[data-added]");
  var guard = document.getElementById("crack-guard");
  var crack = document.getElementById("crack");
  var mistap = document.getElementById("crack-mistap");
  var crackAt = parseInt(recorder.dataset.crackAt, 10) || 8;
  var confirmed = false;
  var pending = null;
  var lastCard = null;

  function fill(text, values) {
    return String(text).replace(/\{(\w+)\}/g, function (all, key) {
      return key in values ? values[key] : all;
    });
  }

  function picked(name) {
    var input = form.querySelector("input[name='" + name + "']:checked");
    return input ? input.value : null;
  }

  function chosenStress() {
    var value = picked("a.stress");
    return value === null ? null : parseInt(value, 10);
  }

  function myStress() {
    var el = strip && strip.querySelector("[data-stress]");
    return el ? parseInt(el.dataset.stress, 10) || 0 : 0;
  }

  function update() {
    var none = chosenStress() === null;
    if (add) add.disabled = none;
    if (hint) hint.hidden = !none;
  }

  form.addEventListener("change", update);
  form.addEventListener("reset", function () { setTimeout(update, 0); });

  // Before the page's script sends the card (capture phase: this runs first).
  document.addEventListener("submit", function (event) {
    if (event.target !== form) return;
    var stress = chosenStress();
    if (stress === null) {
      event.preventDefault();
      event.stopImmediatePropagation();
      update();
      return;
    }
    lastCard = { stress: stress, stars: parseInt(picked("a.stars") || "0", 10) || 0 };
    if (confirmed) { confirmed = false; return; }
    var now = myStress();
    if (guard && now + stress >= crackAt) {
      event.preventDefault();
      event.stopImmediatePropagation();
      pending = event.submitter || add;
      var text = guard.querySelector(".guard-text");
      text.textContent = fill(text.dataset.text, { now: now, total: now + stress });
      window.tableDialog.open(guard);
      if (navigator.vibrate) navigator.vibrate(120);
    }
  }, true);

  function closeGuard() { window.tableDialog.close(guard); }
  if (guard) {
    guard.querySelector("[data-guard-yes]").addEventListener("click", function () {
      closeGuard();
      confirmed = true;
      if (form.requestSubmit) form.requestSubmit(pending || undefined); else form.submit();
    });
    guard.querySelector("[data-guard-no]").addEventListener("click", function () {
      closeGuard();
      var first = form.querySelector("input[name='a.stress']:checked");
      if (first) first.checked = false;
      update();
      var legend = form.querySelector(".stress-choice");
      if (legend) legend.scrollIntoView({ block: "center" });
    });
    guard.addEventListener("cancel", function () { confirmed = false; });
  }

  function say(text, total) {
    if (!note) return;
    note.textContent = text;
    note.dataset.total = String(total);
    note.hidden = false;
    strip.classList.remove("flash-ok");
    void strip.offsetWidth;  // restart the highlight
    strip.classList.add("flash-ok");
    clearTimeout(say.timer);
    say.timer = setTimeout(function () { note.hidden = true; strip.classList.remove("flash-ok"); }, 6000);
  }

  document.addEventListener("table:sent", function (event) {
    if (event.target === form && lastCard) {
      if (crack && !crack.hidden) return;  // the crack says it all
      var card = fill(recorder.dataset.cardText, { stress: lastCard.stress });
      if (lastCard.stars) card += ", " + fill(recorder.dataset.starsText, { stars: lastCard.stars });
      say(fill(recorder.dataset.addedText, { card: card, total: myStress(), crack: crackAt }),
          myStress());
      lastCard = null;
    } else if (event.target === mistap && crack) {
      crack.hidden = true;
    }
  });

  // After each redraw of the live part: this seat's strip, and the mis-tap offer.
  document.addEventListener("table:render", function () {
    var src = document.querySelector("#live template[data-my-strip-src]");
    var inner = strip && strip.querySelector(".strip-inner");
    if (src && inner) {
      var fresh = src.content.querySelector(".strip-inner");
      if (fresh) inner.replaceWith(fresh.cloneNode(true));
    }
    if (strip) strip.hidden = !src;
    if (note && !note.hidden && note.dataset.total !== String(myStress())) note.hidden = true;
    var marker = document.querySelector("#live [data-crack]");
    if (mistap) mistap.hidden = !(marker && marker.dataset.crackMistap === "mine");
    update();
  });
  update();
})();
