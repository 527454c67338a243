/*
 * Service worker of the point of sale (issue 19): keeps the app shell (index.html and the built chunks) so
 * #/pdv opens and keeps selling when the server cannot be reached. Registered by the PDV screen in built apps
 * (src/web/pages/pdv/sw-registro.ts). The API is never cached here: the catalogue and the sales queue live in
 * IndexedDB, handled by the page.
 *
 * - install: every file a reload of #/pdv needs (PRECACHE, written into the built copy of this file by the
 *   build: vite.config.ts, pdvPrecache) is fetched into this build's cache before the worker takes over; a
 *   build with other files is another worker (its bytes differ), with its own cache, and the old one goes;
 * - navigations: network first (a new deploy is picked up at once), the cached shell when offline;
 * - /assets/* (names carry a content hash): cache first, stored on first use;
 * - anything else of this origin: network first, the cache as fallback.
 */
const PRECACHE = []; // filled by the build (vite.config.ts, pdvPrecache)

const versao = (() => {
  let h = 5381;
  for (const ch of JSON.stringify(PRECACHE)) h = ((h * 33) ^ ch.charCodeAt(0)) >>> 0;
  return h.toString(36);
})();
const CACHE = `retaguarda-pdv-shell-${versao}`;

const escopo = new URL(self.registration.scope);
const ehApi = (u) => u.pathname.startsWith(`${escopo.pathname}api/`) || u.pathname.startsWith('/api/') || u.pathname.startsWith('/socket.io/');

self.addEventListener('install', (e) => {
  e.waitUntil((async () => {
    const c = await caches.open(CACHE);
    // All or nothing: a missing file fails the install, and the worker in place (or none) stays.
    await Promise.all(PRECACHE.map(async (arquivo) => {
      const url = new URL(arquivo, escopo).href;
      const r = await fetch(url, { cache: 'no-store' });
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
      await c.put(url, r);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (e) => {
  e.waitUntil((async () => {
    for (const k of await caches.keys()) if (k.startsWith('retaguarda-pdv-shell-') && k !== CACHE) await caches.delete(k);
    await self.clients.claim();
  })());
});

async function guardar(req, res) {
  if (res && res.ok && res.type === 'basic') {
    const c = await caches.open(CACHE);
    await c.put(req, res.clone());
  }
  return res;
}

/**
 * The cached shell without the brand the server wrote into it when it was fetched (data block "marca-atual",
 * src/server/brands/branded-index.ts): offline, the page asks for the brand, as it always did, and decides from
 * that failure (#/pdv starts with the brand it read last; other screens go to "sistema indisponível").
 */
async function semMarca(res) {
  const html = (await res.text()).replace(/<script type="application\/json" id="marca-atual">[\s\S]*?<\/script>\s*/, '');
  return new Response(html, { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'text/html; charset=utf-8' } });
}

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
        const shell = (await caches.match(escopo.href)) ?? (await caches.match(`${escopo.href}index.html`));
        return shell ? semMarca(shell) : Response.error();
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
