// Registers the service worker (sw.js) that keeps a copy of the site, so the playground opens
// and plays without a network once it has been visited. Where service workers are unavailable
// (file://, plain http on another host, some private modes) the page simply stays online-only.

/**
 * Registers ./sw.js; `onProblem(message)` hears about a failed registration. Once the worker is
 * active it is also told every file this page has loaded: on a first visit the page is not yet
 * under its control, and a file missing from the build's list (files.json) would otherwise
 * only be stored when next used online.
 */
export function registerOffline(onProblem = () => {}) {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('./sw.js').catch((err) => {
    onProblem(`Offline play is unavailable: ${err.message}`);
  });
  navigator.serviceWorker.ready.then((registration) => {
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    const urls = [window.location.href, new URL('./worker.js', window.location.href).href, ...loaded];
    registration.active?.postMessage({ type: 'store', urls });
  });
}
