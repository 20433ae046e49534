/* global self, caches */
/*
 * The app's offline shell, for the production build only (src/lib/offline-shell.ts registers it;
 * the mock build has its own worker and never this one). A family who reloads with no network sees
 * the app, the home's phone number and "as of" line, not the browser's error page.
 *
 * - The hashed files under /assets/ never change: cache first, fetched once.
 * - A page (a navigation): the network first, so every visit gets the newest page and scripts; with
 *   no answer, the copy of that page kept from the last visit, else any page kept (they are all the
 *   same app, which draws the screen from the address).
 * - Everything else goes to the network as without a worker: /api above all (no answer is ever
 *   kept or replayed, so nothing that moves money can be queued or shown twice), and the pages that
 *   carry a secret or take money (a contribution link, a password-reset link).
 *
 * Hand-written, not Workbox: these three rules are all it does, and it is a few hundred bytes that
 * no page downloads as a script.
 */
var CACHE = 'afh-shell-v1'
/** Where the last page answered is kept as well: the fallback for an address never visited. */
var SHELL_KEY = '/__offline-shell'
/** Enough for a few releases' chunks; the oldest go first. */
var MAX_ASSETS = 120

/**
 * What the worker does with one request: 'asset' (cache first), 'page' (network first, kept copy
 * as fallback), 'file' (the same for a picture, without standing in for a page) or 'network' (not touched). Plain, so tests/unit/offline-shell.test.ts can hold it.
 */
function routeOf(request, origin) {
  if (request.method !== 'GET') return 'network'
  var url = new URL(request.url)
  if (url.origin !== origin) return 'network'
  if (/^\/api(\/|$)/.test(url.pathname)) return 'network'
  if (request.mode === 'navigate') {
    // A link that carries a token, or a page where money is given: always the live page.
    if (url.search !== '' || /^\/(contribute|reset-password)(\/|$)/.test(url.pathname)) return 'network'
    return 'page'
  }
  if (/^\/assets\//.test(url.pathname)) return 'asset'
  // The logo, icons and pictures beside the app (not hashed): fresh when online, kept for offline.
  if (/\.(svg|png|jpg|webp|webmanifest)$/.test(url.pathname)) return 'file'
  return 'network'
}

function keep(cache, key, response) {
  if (!response || response.status !== 200 || response.type === 'opaque') return Promise.resolve()
  return cache.put(key, response)
}

function prune(cache) {
  return cache.keys().then(function (keys) {
    var assets = keys.filter(function (k) {
      return /\/assets\//.test(new URL(k.url).pathname)
    })
    return Promise.all(
      assets.slice(0, Math.max(0, assets.length - MAX_ASSETS)).map(function (k) {
        return cache.delete(k)
      }),
    )
  })
}

function asset(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      if (hit) return hit
      return fetch(request).then(function (response) {
        keep(cache, request, response.clone()).then(function () {
          return prune(cache)
        })
        return response
      })
    })
  })
}

function page(request, isPage) {
  return caches.open(CACHE).then(function (cache) {
    return fetch(request).then(
      function (response) {
        if (response.status === 200) {
          keep(cache, request.url, response.clone())
          if (isPage) keep(cache, SHELL_KEY, response.clone())
        }
        return response
      },
      function (error) {
        return cache.match(request.url).then(function (hit) {
          return hit || (!isPage ? Promise.reject(error) : null) || cache.match(SHELL_KEY).then(function (shell) {
            if (shell) return shell
            throw error
          })
        })
      },
    )
  })
}

if (typeof self !== 'undefined' && typeof self.addEventListener === 'function') {
  self.addEventListener('install', function () {
    self.skipWaiting()
  })
  /*
   * No clients.claim(): the page that registered the worker finishes loading as it began, straight
   * from the network. Claimed in the middle of a first visit, every chunk still to come went through
   * the worker's fetch (on a cheap phone, a worker to start and each answer copied) for nothing the
   * page needed; the page tells the worker what it loads instead ('keep', below), and the next visit
   * is the worker's.
   */
  self.addEventListener('activate', function (event) {
    event.waitUntil(
      caches.keys().then(function (names) {
        return Promise.all(
          names
            .filter(function (n) {
              return n.indexOf('afh-shell-') === 0 && n !== CACHE
            })
            .map(function (n) {
              return caches.delete(n)
            }),
        )
      }),
    )
  })
  self.addEventListener('fetch', function (event) {
    var route = routeOf(event.request, self.location.origin)
    if (route === 'asset') event.respondWith(asset(event.request))
    else if (route === 'page' || route === 'file') event.respondWith(page(event.request, route === 'page'))
  })
  /*
   * A page the worker does not control (the visit that registered it) sends the addresses of what
   * it loaded, once the worker is ready and again as screens load their chunks: they are kept now
   * (from the browser's cache, where the page just put them), so that the very next reload works
   * offline too.
   */
  self.addEventListener('message', function (event) {
    var data = event.data
    if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return
    event.waitUntil(
      caches.open(CACHE).then(function (cache) {
        return Promise.all(
          data.urls.map(function (u) {
            var route = routeOf({ method: 'GET', url: u, mode: u === data.page ? 'navigate' : 'no-cors' }, self.location.origin)
            if (route === 'network') return null
            return cache.match(u).then(function (hit) {
              if (hit && route === 'asset') return null
              return fetch(u, { credentials: 'same-origin' }).then(function (response) {
                var done = keep(cache, u, response.clone())
                return route === 'page' ? done.then(function () { return keep(cache, SHELL_KEY, response) }) : done
              }).catch(function () {
                return null
              })
            })
          }),
        )
      }),
    )
  })
}

if (typeof module === 'object' && module) module.exports = { routeOf: routeOf }
