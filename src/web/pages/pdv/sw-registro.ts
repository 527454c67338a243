/**
 * The PDV's service worker (public/pdv-sw.js): registered from the PDV screen in every built app, never under
 * vite's dev server (its modules change on every edit; `import.meta.hot` exists only there). Not keyed on
 * import.meta.env.PROD: a build run with NODE_ENV=test (the browser tests') would leave it out.
 * The worker precaches, on install, the files the build listed for #/pdv (vite.config.ts, pdvPrecache): once
 * it is active, a reload of #/pdv needs nothing from the server.
 */
export async function registrarServiceWorker(): Promise<void> {
  if (import.meta.hot || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('./pdv-sw.js', { scope: './' });
  } catch {
    // no service worker (private mode, http): the PDV still works online and keeps its queue in IndexedDB
  }
}
