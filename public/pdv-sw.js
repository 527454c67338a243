/*
 * Service worker of the point of sale (issue 19): keeps the app shell (index.html and the built chunks) so
 * #/pdv opens and keeps selling when the server cannot be reached. Registered by the PDV screen in production
 * builds only (src/web/pages/pdv/sw-registro.ts). The API is never cached here: the catalogue and the sales
 * queue live in IndexedDB, handled by the page.
 *
 * - navigations: network first (a new deploy is picked up at once), the cached shell when offline;
 * - /assets/* (names carry a content hash): cache first, stored on first use;
 * - anything else of this origin: network first, the cache as fallback;
 * - message { tipo: 'guardar', urls }: the page sends what it loaded before this worker took control.
 */
const CACHE = 'retaguarda-pdv-shell-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => {
  e.waitUntil((async () => {
    for (const k of await caches.keys()) if (k.startsWith('retaguarda-pdv-shell-') && k !== CACHE) await caches.delete(k);
    await self.clients.claim();
  })());
});

const escopo = new URL(self.registration.scope);
const ehApi = (u) => u.pathname.startsWith(`${escopo.pathname}api/`) || u.pathname.startsWith('/api/') || u.pathname.startsWith('/socket.io/');

async function guardar(req, res) {
  if (res && res.ok && res.type === 'basic') {
    const c = await caches.open(CACHE);
    await c.put(req, res.clone());
  }
  return res;
}

self.addEventListener('message', (e) => {
  const d = e.data;
  if (!d || d.tipo !== 'guardar' || !Array.isArray(d.urls)) return;
  e.waitUntil((async () => {
    const c = await caches.open(CACHE);
    for (const url of d.urls) {
      const u = new URL(url, escopo);
      if (u.origin !== escopo.origin || ehApi(u)) continue;
      if (await c.match(u.href)) continue;
      try {
        const r = await fetch(u.href, { cache: 'no-store' });
        if (r.ok) await c.put(u.href, r);
      } catch { /* offline already: next time */ }
    }
  })());
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const u = new URL(req.url);
  if (u.origin !== escopo.origin || ehApi(u)) return;
  if (req.mode === 'navigate') {
    e.respondWith((async () => {
      try {
        return await guardar(new Request(escopo.href), await fetch(req));
      } catch {
        return (await caches.match(escopo.href)) ?? (await caches.match(`${escopo.href}index.html`)) ?? Response.error();
      }
    })());
    return;
  }
  if (u.pathname.includes('/assets/')) {
    e.respondWith((async () => (await caches.match(req)) ?? guardar(req, await fetch(req)))());
    return;
  }
  e.respondWith((async () => {
    try {
      return await guardar(req, await fetch(req));
    } catch {
      return (await caches.match(req)) ?? Response.error();
    }
  })());
});
