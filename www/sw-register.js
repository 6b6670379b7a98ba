// @ts-check
// Registers the app's service worker (sw.js: offline copy and cross-origin isolation).
// A classic script in <head>, before the app's modules. When the worker controls the page
// but the page is not cross-origin isolated (a host that cannot send the COOP/COEP
// headers: the page came before the worker), it reloads once, so that the worker's
// headers apply and the search gets its threads. It never reloads an isolated page, and
// at most once per tab session. Where service workers are not available (file://, an
// insecure origin, a browser that refuses them) it does nothing: the app runs anyway,
// its search on one thread.
//
// `window.coi = { shouldRegister: () => false }`, set before this script runs, keeps the
// worker away (the switch coi-serviceworker, which this replaces, had; the tests use it).
{
  const RELOADED = "morpion-sw-reloaded";
  const script = document.currentScript;
  /** @type {{ shouldRegister?: () => boolean } | undefined} */
  const coi = /** @type {any} */ (window).coi;

  /** Reloads once, unless the page is isolated already or it reloaded for this before. */
  const reloadOnce = () => {
    if (window.crossOriginIsolated !== false) return;
    try {
      if (sessionStorage.getItem(RELOADED)) return;
      sessionStorage.setItem(RELOADED, "1");
    } catch {
      return; // no storage to guard against a reload loop: stay on one thread
    }
    // never in the middle of the user's work: a search under way, a dialog open (an import)
    const busy = () => {
      const search = /** @type {any} */ (window).morpionSearch;
      return Boolean(search && search.running && search.running()) || document.querySelector("dialog[open]:not(#rules)") !== null;
    };
    const reload = () => (busy() ? setTimeout(reload, 2000) : location.reload());
    reload();
  };

  const usable = "serviceWorker" in navigator && window.isSecureContext && /^https?:$/.test(location.protocol) &&
    script instanceof HTMLScriptElement && !(coi && coi.shouldRegister && !coi.shouldRegister());
  if (usable) {
    if (window.crossOriginIsolated) {
      try { sessionStorage.removeItem(RELOADED); } catch { /* nothing to forget */ }
    }
    const container = navigator.serviceWorker;
    // beside this script, whatever the page's address
    container.register(new URL("sw.js", script.src), { scope: new URL("./", script.src).href }).then((registration) => {
      // Controlled (now, or once the worker claims the page), or a worker already active
      // that this page skipped (a hard reload): a reload brings the headers. (No
      // registration at all: a browser that only pretends, as one under test may.)
      if (!registration) return;
      if (container.controller || registration.active) reloadOnce();
      else container.addEventListener("controllerchange", reloadOnce, { once: true });
    }, (error) => console.warn("service worker not registered: the app works online only, its search on one thread", error));
  }
}
