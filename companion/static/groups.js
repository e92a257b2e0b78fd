// The group pages: the new group's time zone from the phone (the server checks the name and
// falls back on its own zone), and the group's link copied in one tap.
(function () {
  var zone = document.querySelector("input[name='time_zone']");
  if (zone) {
    try {
      zone.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (error) { zone.value = ""; }
  }
  var copy = document.getElementById("copy-link");
  var link = document.getElementById("group-link");
  if (!copy || !link) return;
  copy.hidden = false;
  copy.addEventListener("click", function () {
    link.select();
    var done = function () { copy.textContent = copy.dataset.done; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link.value).then(done, function () {
        document.execCommand("copy"); done();
      });
    } else {
      document.execCommand("copy");
      done();
    }
  });
})();
