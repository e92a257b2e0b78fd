// The history page: each entry's time (UTC on the server) shown in the phone's own time zone.
(function () {
  "use strict";
  document.querySelectorAll("time[datetime]").forEach(function (el) {
    var moment = new Date(el.getAttribute("datetime"));
    if (isNaN(moment.getTime())) return;
    el.textContent = moment.toLocaleTimeString(document.documentElement.lang || undefined,
      { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    el.title = moment.toLocaleString(document.documentElement.lang || undefined);
  });
})();
