/**
 * The PDV's service worker (public/pdv-sw.js): registered from the PDV screen in every built app, never under
 * vite's dev server (its modules change on every edit; `import.meta.hot` exists only there). Not keyed on
 * import.meta.env.PROD: a build run with NODE_ENV=test (the browser tests') would leave it out.
 * Once active, it is told which files this page already
 * loaded (before it controlled the page) so the whole shell is cached for the next offline start.
 */
export async function registrarServiceWorker(): Promise<void> {
  if (import.meta.hot || !('serviceWorker' in navigator)) return;
  try {
    const reg = await navigator.serviceWorker.register('./pdv-sw.js', { scope: './' });
    const sw = reg.active ?? (await navigator.serviceWorker.ready).active;
    const guardar = () => {
      const urls = [
        new URL('./', location.href).href,
        ...performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.startsWith(location.origin) && !n.includes('/api/')),
      ];
      sw?.postMessage({ tipo: 'guardar', urls });
    };
    guardar();
    // Again once the selling screen has loaded what it asks for while the worker was taking control.
    setTimeout(guardar, 5000);
  } catch {
    // no service worker (private mode, http): the PDV still works online and keeps its queue in IndexedDB
  }
}
