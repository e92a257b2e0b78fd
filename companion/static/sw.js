// The companion's service worker. It keeps the page shell (the offline page, the style sheets,
// the scripts and their bundles, the icons) in a cache so a phone that loses the Wi-Fi still draws its page and
// says why it cannot reach the table. Table data never comes from here: table pages, their
// live fragments, the API and event streams always go to the network (only a page that cannot
// be loaded at all is answered with the offline page, which reloads itself once the server
// answers).
//
// The rules reference is the one kind of page kept for offline reading: every rules page
// the phone opens is stored as it loads (the network still comes first), and a table page
// asks (a message {keep: "/rules/<game>"}) for its game's whole reference: the contents page
// and every page it links to. Offline, a rules page is answered from that copy.
"use strict";

var CACHE = "companion-shell-v3";
var RULES = "companion-rules-v1";
var KEEP_FOR_MS = 12 * 3600 * 1000;  // a game's reference fetched again after half a day
var SHELL = [
  "/offline",
  "/static/app.css",
  "/static/rules.css",
  "/static/offline.js",
  "/static/offline_page.js",
  "/bundle/offline.js+rules.js",
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
    return Promise.all(keys.filter(function (key) { return key !== CACHE && key !== RULES; })
      .map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

function isShell(url) {
  return url.pathname.indexOf("/static/") === 0 || url.pathname.indexOf("/bundle/") === 0 ||
    url.pathname === "/manifest.webmanifest" ||
    url.pathname === "/favicon.ico";
}

function isRules(url) {
  return url.origin === self.location.origin && url.pathname.indexOf("/rules/") === 0 &&
    !/\/search$/.test(url.pathname);
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

function offlinePage() {
  return caches.match("/offline").then(function (page) { return page || Response.error(); });
}

// A rules page: the network first, its copy kept; offline, the copy of that address, else a
// copy of the same page in another language (?lang=), else the offline page.
function rulesPage(request) {
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(RULES).then(function (cache) { cache.put(request.url, copy); });
    }
    return response;
  }).catch(function () {
    return caches.open(RULES).then(function (cache) {
      return cache.match(request.url, { ignoreVary: true }).then(function (hit) {
        return hit || cache.match(request.url, { ignoreVary: true, ignoreSearch: true });
      });
    }).then(function (hit) { return hit || offlinePage(); });
  });
}

// The addresses a page links to, with HTML's &amp; undone.
function links(html, pattern) {
  var found = [];
  var match;
  while ((match = pattern.exec(html)) !== null) {
    found.push(match[1].replace(/&amp;/g, "&"));
  }
  return found;
}

function store(cacheName, url) {
  return fetch(url, { credentials: "same-origin" }).then(function (response) {
    if (!response.ok) return null;
    var copy = response.clone();
    return caches.open(cacheName).then(function (cache) { return cache.put(url, copy); })
      .then(function () { return response; });
  });
}

// A game's rules reference for offline reading: its contents page, the pages it links to
// (one after the other: a small server is not flooded), the style sheets and scripts they
// use. Skipped while the kept contents page is recent.
function keepRules(path) {
  var start = new URL(path, self.location.origin);
  if (!isRules(start)) return Promise.resolve();
  return caches.open(RULES).then(function (cache) {
    return cache.match(start.href, { ignoreVary: true });
  }).then(function (kept) {
    var date = kept && Date.parse(kept.headers.get("Date") || "");
    if (date && Date.now() - date < KEEP_FOR_MS) return null;
    return store(RULES, start.href);
  }).then(function (response) {
    if (!response) return null;
    return response.text().then(function (html) {
      var pages = links(html, /<a\b[^>]*\bhref="([^"]+)"/g)
        .map(function (href) { return new URL(href, start.href); })
        .filter(isRules).map(function (url) { return url.href; })
        .filter(function (href, i, all) { return all.indexOf(href) === i && href !== start.href; });
      var files = links(html, /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)
        .concat(links(html, /<script\b[^>]*\bsrc="([^"]+)"/g))
        .map(function (href) { return new URL(href, start.href).href; });
      var next = Promise.all(files.map(function (href) {
        return store(CACHE, href).catch(function () {});
      }));
      pages.forEach(function (href) {
        next = next.then(function () { return store(RULES, href).catch(function () {}); });
      });
      return next;
    });
  }).catch(function () {});
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (typeof data.keep === "string") event.waitUntil(keepRules(data.keep));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isShell(url)) {
    event.respondWith(shell(request));
  } else if (request.mode === "navigate" && isRules(url)) {
    event.respondWith(rulesPage(request));
  } else if (request.mode === "navigate") {
    // Table pages are never served from the cache: a table page is the table's truth.
    event.respondWith(fetch(request).catch(offlinePage));
  }
  // Everything else (live fragments, the API, event streams): the network only.
});
