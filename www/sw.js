// The service worker: keeps a copy of the site so the playground works offline.
//
// - On install it stores every file the build lists in files.json (written by
//   scripts/build-site.sh), so even pages and boards not yet visited work offline.
// - Requests go to the network first and the fresh answer replaces the stored copy, so an
//   online visitor always gets the newest site; offline, the stored copy answers.
// - The engine's glue and wasm carry a content hash in their names (pkg/boardlab-<hash>.js,
//   pkg/boardlab_bg-<hash>.wasm), so the stored glue always pairs with its own module: those are
//   served from the store first (their content never changes under a name). pkg/boardlab.js,
//   the one unhashed entry point, names the current pair; copies of other builds are dropped
//   once a fresh one names a different hash. The threaded build (pkg/boardlab_threads.js and
//   its hashed pair) is kept the same way, apart.
// - Every response it serves carries the cross-origin isolation headers (COOP same-origin, COEP
//   require-corp), so a page it controls may use SharedArrayBuffer and the threaded engine even
//   on a static host that cannot send headers (GitHub Pages). A page loaded before the service
//   worker controlled it is not isolated: the engine falls back to one thread there and says
//   so, and the next load is isolated.

const CACHE = 'boardlab-site-v2';
/** A hashed engine file: the build's name (boardlab or boardlab_threads) is the first group. */
const HASHED = /\/pkg\/(boardlab(?:_threads)?)(?:_bg)?-([0-9a-f]{8,})\.(js|wasm)$/;
/** A build's unhashed entry point, which names its current hash. */
const ENTRY = /\/pkg\/(boardlab(?:_threads)?)\.js$/;

/**
 * `response` with the headers that make a page cross-origin isolated. Opaque and error
 * responses (status 0) pass as they are: their headers cannot be read or rewritten.
 */
function isolated(response) {
  if (response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The files to store at install: the build's list, or at least the page itself. */
async function siteFiles() {
  try {
    const response = await fetch('./files.json', { cache: 'no-store' });
    if (response.ok) return await response.json();
  } catch {
    // No list (a hand-copied site): the fetch handler stores files as they are used.
  }
  return ['./', './index.html'];
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(await siteFiles());
      await self.skipWaiting(); // the new copy serves the next page load; never a page half-way
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    })(),
  );
});

/**
 * Drops the stored glue/wasm files of build `name` (boardlab or boardlab_threads) other than the
 * pair `entryText` (its pkg/<name>.js) names.
 */
async function pruneOldBuilds(cache, name, entryText) {
  const current = entryText.match(new RegExp(`${name}-([0-9a-f]{8,})\\.js`))?.[1];
  if (!current) return;
  for (const request of await cache.keys()) {
    const hashed = new URL(request.url).pathname.match(HASHED);
    if (hashed && hashed[1] === name && hashed[2] !== current) await cache.delete(request);
  }
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(request, response.clone());
      const entry = new URL(request.url).pathname.match(ENTRY);
      if (entry) pruneOldBuilds(cache, entry[1], await response.clone().text()).catch(() => {});
    }
    return response;
  } catch (err) {
    // Offline: the stored copy; a page address with a query (?game=…) is the same page.
    const stored = (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
    if (stored) return stored;
    throw err;
  }
}

async function storeFirst(request) {
  const cache = await caches.open(CACHE);
  // The query does not matter: rules.js imports the glue again as ?instance=N for a fresh copy
  // of the module after a crash, and a hashed file's content never changes under its name.
  const stored = await cache.match(request, { ignoreSearch: true });
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

// The page's list of what it loaded (offline.js): stored unless already there.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'store' || !Array.isArray(event.data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const url of event.data.urls) {
        const target = new URL(url, self.location.href);
        if (target.origin !== self.location.origin) continue;
        target.hash = '';
        if (await cache.match(target.href)) continue;
        try {
          const response = await fetch(target.href);
          if (response.ok) await cache.put(target.href, response);
        } catch {
          // Offline already, or gone: what is stored stays as it is.
        }
      }
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  const answer = HASHED.test(new URL(request.url).pathname) ? storeFirst(request) : networkFirst(request);
  event.respondWith(answer.then(isolated));
});
