// @ts-check
// The app's service worker (registered by sw-register.js). Two jobs:
//
// - Offline: on install it stores the whole app (the precache list below) in a cache named
//   after the build; every request then goes to the network first, so an online user always
//   gets the newest build, and falls back to the cache when the network fails. Successful
//   same-origin GET responses refresh the cache. A navigation to any address of the app
//   (a game link's fragment, `?lang=fr`) is answered offline by the cached index.html.
// - Cross-origin isolation: every response it gives, from the network or the cache, gets
//   the COOP/COEP headers, so on a static host that cannot send them (GitHub Pages) the
//   page is isolated after one reload and the search gets its threads, offline too.
//
// A classic script (module service workers are not supported everywhere).

/** @type {ServiceWorkerGlobalScope} */
const sw = /** @type {any} */ (globalThis);

// scripts/precache.mjs writes the build's version (a hash of its files) and the list of
// its files into dist/sw.js after every build; these are the values of an unbuilt copy.
/** @type {{ version: string, files: string[] }} */
const BUILD = /* precache */ { version: "unbuilt", files: [] } /* end precache */;

const PREFIX = "morpion-";
const CACHE = PREFIX + BUILD.version;
/** The page (index.html), as the precache list names it: the app's root. */
const INDEX = new URL("./", sw.location.href).href;

sw.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => sw.skipWaiting()));
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  // A request the browser may only answer from its HTTP cache: fetch() would throw.
  if (request.cache === "only-if-cached" && request.mode !== "same-origin") return;
  event.respondWith(respond(event));
});

/**
 * Stores every file of the build, fresh from the server. A file that cannot be had is
 * left out (the page caches it on its first use) rather than failing the install: the
 * worker's other job, the isolation, must not depend on the whole app downloading.
 */
async function precache() {
  const cache = await caches.open(CACHE);
  const results = await Promise.allSettled(BUILD.files.map(async (file) => {
    const url = new URL(file, sw.location.href).href;
    const response = await fetch(new Request(url, { cache: "reload" }));
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await cache.put(url, response);
  }));
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length) console.warn(`precache: ${failed.length} of ${results.length} files not stored`, failed);
}

/** How long a page request waits for the network before the cached page is shown. */
const NAVIGATION_TIMEOUT_MS = 4000;

/**
 * Network first; the cache when the network fails (same-origin GET only). Either way the
 * response carries the isolation headers.
 * @param {FetchEvent} event
 * @returns {Promise<Response>}
 */
async function respond(event) {
  const request = event.request;
  const url = new URL(request.url);
  const cacheable = request.method === "GET" && url.origin === sw.location.origin;
  /** @type {Response} */
  let response;
  try {
    const network = fetch(request);
    // a network that is up but does not answer: after a while the page comes from the cache
    if (request.mode === "navigate" && cacheable) {
      /** @type {Promise<undefined>} */
      const slow = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS));
      const first = await Promise.race([network, slow]);
      if (first === undefined) {
        const cached = await fromCache(request);
        if (cached) {
          network.catch(() => {}); // answered from the cache; the late answer is not needed
          return isolated(cached);
        }
      }
    }
    response = await network;
  } catch (error) {
    const cached = cacheable ? await fromCache(request) : undefined;
    if (!cached) throw error;
    return isolated(cached);
  }
  if (cacheable && response.ok && response.type === "basic") {
    const copy = response.clone();
    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(cacheKey(request), copy)).catch(() => {}));
  }
  return isolated(response);
}

/**
 * Where a response is stored: its address, but a page's without its query (`?lang=fr`
 * is read by the page's scripts; the file is the same), so it refreshes the page itself.
 * @param {Request} request
 */
function cacheKey(request) {
  if (request.mode !== "navigate") return request;
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  return url.href;
}

/**
 * The stored response for a request. A navigation gets its page whatever its query (the
 * fragment never reaches a service worker), else the app's index.html: every address of
 * the app is the one page.
 * @param {Request} request
 * @returns {Promise<Response | undefined>}
 */
async function fromCache(request) {
  const cache = await caches.open(CACHE);
  if (request.mode !== "navigate") return cache.match(request);
  return (await cache.match(request, { ignoreSearch: true })) || cache.match(INDEX);
}

/**
 * The response with the cross-origin isolation headers: the page (COOP, COEP) and its
 * workers (COEP) are isolated; CORP lets an isolated page embed the response.
 * @param {Response} response
 */
function isolated(response) {
  // An opaque response (a cross-origin no-cors request, a redirect left to the browser)
  // cannot be read nor changed: it goes as it is.
  if (response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  if (!headers.has("Cross-Origin-Resource-Policy")) headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
