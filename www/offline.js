// Registers the service worker (sw.js) that keeps a copy of the site, so the playground opens
// and plays without a network once it has been visited. Where service workers are unavailable
// (file://, plain http on another host, some private modes) the page simply stays online-only.

/** Registers ./sw.js; `onProblem(message)` hears about a failed registration. */
export function registerOffline(onProblem = () => {}) {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('./sw.js').catch((err) => {
    onProblem(`Offline play is unavailable: ${err.message}`);
  });
}
