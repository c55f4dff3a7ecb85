// The panel's service worker (issue 37 §5, P218), served at /panel/sw.js for the scope /panel.
// Offline: the inbox and the conversations a user opened are kept (network first, the copy when
// the network fails; any panel page asked for offline falls back to the last inbox), with the
// panel's stylesheet, script and icons. Nothing of a dealership outlives its session on the
// device: signing out or in (the form's POST passes through here) empties the cache first, and
// signing out also ends this browser's push subscription (its server row goes at the next
// notice: the push service answers 410). Pushes show the notification; a tap opens the
// conversation. Plain ES5-style script: it is served as it is written.

const SCRIPT = `
var CACHE = 'panel-pages-v1';
var INBOX = '/panel/leads';
var MAX_PAGES = 40;
var sameOrigin = function (url) { return url.origin === self.location.origin; };
var isKeptPage = function (url) { return url.pathname === INBOX || /^\\/panel\\/leads\\/\\d+$/.test(url.pathname); };
var isAsset = function (url) { return url.pathname.indexOf('/panel/assets/') === 0 || url.pathname.indexOf('/panel/icons/') === 0; };
var forget = function () {
  return caches.keys().then(function (keys) { return Promise.all(keys.map(function (k) { return caches.delete(k); })); });
};
var keep = function (req, res) {
  return caches.open(CACHE).then(function (cache) {
    return cache.delete(req).then(function () { return cache.put(req, res); }).then(function () { return cache.keys(); }).then(function (keys) {
      var pages = keys.filter(function (k) { return !isAsset(new URL(k.url)); });
      return Promise.all(pages.slice(0, Math.max(0, pages.length - MAX_PAGES)).map(function (k) { return cache.delete(k); }));
    });
  });
};
self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (e) { e.waitUntil(self.clients.claim()); });
self.addEventListener('fetch', function (e) {
  var req = e.request;
  var url = new URL(req.url);
  if (!sameOrigin(url)) return;
  if (req.method === 'POST' && (url.pathname === '/panel/sign-out' || url.pathname === '/panel/sign-in')) {
    var leaving = url.pathname === '/panel/sign-out';
    var copy = req.clone();
    e.respondWith(forget().then(function () {
      return leaving ? self.registration.pushManager.getSubscription().then(function (s) { return s && s.unsubscribe(); }).catch(function () {}) : null;
    }).then(function () { return fetch(copy); }));
    return;
  }
  if (req.method !== 'GET') return;
  if (isAsset(url)) {
    e.respondWith(caches.match(req).then(function (hit) {
      return hit || fetch(req).then(function (res) {
        if (res.ok) { var c = res.clone(); caches.open(CACHE).then(function (cache) { cache.put(req, c); }); }
        return res;
      });
    }));
    return;
  }
  if (req.mode !== 'navigate' || url.pathname.indexOf('/panel') !== 0) return;
  e.respondWith(fetch(req).then(function (res) {
    if (res.redirected && new URL(res.url).pathname === '/panel/sign-in') return forget().then(function () { return res; });
    if (res.ok && !res.redirected && isKeptPage(url)) e.waitUntil(keep(req, res.clone()));
    return res;
  }, function (err) {
    return caches.match(req).then(function (hit) { return hit || caches.match(INBOX); }).then(function (hit) { if (hit) return hit; throw err; });
  }));
});
self.addEventListener('push', function (e) {
  var d = {};
  try { d = e.data ? e.data.json() : {}; } catch (err) { d = {}; }
  var url = typeof d.url === 'string' && /^\\/panel\\/leads(\\/\\d+)?$/.test(d.url) ? d.url : INBOX;
  e.waitUntil(self.registration.showNotification(String(d.title || d.body || ''), {
    body: String(d.body || ''),
    tag: typeof d.tag === 'string' ? d.tag : undefined,
    renotify: typeof d.tag === 'string',
    lang: typeof d.lang === 'string' ? d.lang : undefined,
    icon: '/panel/icons/icon-192.png',
    data: { url: url }
  }));
});
self.addEventListener('notificationclick', function (e) {
  e.notification.close();
  var url = new URL((e.notification.data && e.notification.data.url) || INBOX, self.location.origin).href;
  e.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
    for (var i = 0; i < list.length; i++) if (list[i].url === url && 'focus' in list[i]) return list[i].focus();
    for (var j = 0; j < list.length; j++) if ('navigate' in list[j]) return list[j].navigate(url).then(function (c) { return c && c.focus(); });
    return self.clients.openWindow(url);
  }));
});
`;

export const WORKER_SCRIPT = SCRIPT.trim();
