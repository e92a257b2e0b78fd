// The history page: each entry's time (UTC on the server) shown in the phone's own time zone.
(function () {
  "use strict";
  document.querySelectorAll("time[datetime]").forEach(function (el) {
    var moment = new Date(el.getAttribute("datetime"));
    if (isNaN(moment.getTime())) return;
    var parts = { hour: "2-digit", minute: "2-digit" };
    if (!el.hasAttribute("data-minutes")) parts.second = "2-digit";
    el.textContent = moment.toLocaleTimeString(document.documentElement.lang || undefined, parts);
    el.title = moment.toLocaleString(document.documentElement.lang || undefined);
  });

  // Undoing another seat's entry asks first, naming the entry and the seat.
  var ask = document.getElementById("confirm");
  var form = document.querySelector("form[data-confirm]");
  if (!ask || !form) return;
  form.addEventListener("submit", function (event) {
    if (!form.dataset.confirm) return;
    event.preventDefault();
    ask.querySelector("#confirm-text").textContent = form.dataset.confirm;
    if (ask.showModal) ask.showModal(); else ask.setAttribute("open", "");
  });
  ask.querySelector("[data-confirm-yes]").addEventListener("click", function () {
    if (ask.close) ask.close();
    form.submit();
  });
  ask.querySelector("[data-confirm-no]").addEventListener("click", function () {
    if (ask.close) ask.close(); else ask.removeAttribute("open");
  });
})();
