/**
 * The PDV's service worker (public/pdv-sw.js): registered from the PDV screen, in production builds only
 * (vite dev serves modules that change on every edit). Once active, it is told which files this page already
 * loaded (before it controlled the page) so the whole shell is cached for the next offline start.
 */
export async function registrarServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    const reg = await navigator.serviceWorker.register('./pdv-sw.js', { scope: './' });
    const sw = reg.active ?? (await navigator.serviceWorker.ready).active;
    const urls = [
      new URL('./', location.href).href,
      ...performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.startsWith(location.origin) && !n.includes('/api/')),
    ];
    sw?.postMessage({ tipo: 'guardar', urls });
  } catch {
    // no service worker (private mode, http): the PDV still works online and keeps its queue in IndexedDB
  }
}
