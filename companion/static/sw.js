// The companion's service worker. It keeps the page shell (the offline page, the style sheets,
// the scripts and their bundles, the icons) in a cache so a phone that loses the Wi-Fi still draws its page and
// says why it cannot reach the table. Table data never comes from here: table pages, their
// live fragments, the API and event streams always go to the network (only a page that cannot
// be loaded at all is answered with the offline page).
"use strict";

var CACHE = "companion-shell-v2";
var SHELL = [
  "/offline",
  "/static/app.css",
  "/static/offline.js",
  "/static/icons/icon.svg",
  "/static/icons/icon-192.png",
  "/manifest.webmanifest"
];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(SHELL);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) { return key !== CACHE; })
      .map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

function isShell(url) {
  return url.pathname.indexOf("/static/") === 0 || url.pathname.indexOf("/bundle/") === 0 ||
    url.pathname === "/manifest.webmanifest" ||
    url.pathname === "/favicon.ico";
}

// Static files: the network first (a new version shows at once), the cached copy when the
// network is gone; each copy fetched refreshes the cache.
function shell(request) {
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(request).then(function (hit) {
      return hit || caches.match(request, { ignoreSearch: true }).then(function (any) {
        return any || Response.error();
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isShell(url)) {
    event.respondWith(shell(request));
  } else if (request.mode === "navigate") {
    // Pages are never served from the cache: a table page is the table's truth.
    event.respondWith(fetch(request).catch(function () {
      return caches.match("/offline").then(function (page) { return page || Response.error(); });
    }));
  }
  // Everything else (live fragments, the API, event streams): the network only.
});
