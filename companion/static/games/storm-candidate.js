// 폭풍의 대권주자: the buying helper adds up the ticked street cards as the player ticks
// them, against the round's coins and buys; the engine still checks the purchase.
(function () {
  "use strict";

  function number(form, name) {
    var field = form.querySelector("[name='" + name + "']");
    var value = field ? parseInt(field.value, 10) : 0;
    return isNaN(value) ? 0 : value;
  }

  function update(form) {
    var total = 0;
    var count = 0;
    form.querySelectorAll("input[type=checkbox][data-price]").forEach(function (box) {
      if (box.checked) {
        total += parseInt(box.dataset.price, 10) || 0;
        count += 1;
      }
    });
    var coins = number(form, "a.card_coins") + number(form, "a.office_coins");
    var buys = number(form, "a.buys");
    var out = form.querySelector("[data-buy-total]");
    if (!out) return;
    var over = total > coins || count > buys;
    out.textContent = out.dataset.text
      .replace("%(total)s", String(total)).replace("%(coins)s", String(coins))
      .replace("%(count)s", String(count)).replace("%(buys)s", String(buys))
      + (over ? " " + out.dataset.over : "");
    out.classList.toggle("warn", over);
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = over;
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("#buy-form");
    if (form) update(form);
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("#buy-form");
    if (form) update(form);
  });
})();
