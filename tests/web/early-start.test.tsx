import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYSTEM_HEADER, SYSTEM_ID } from '../../src/web/api/client.ts';
import { takeArrived } from '../../src/web/api/early.ts';
import { listKey } from '../../src/web/api/hooks.ts';
import { buildListFilter, parseGridState } from '../../src/web/renderer/grid-state.ts';
import { BRAND_KEY, loadListPage, preloadRoute } from '../../src/web/app/preload.ts';
import { clearSession, saveSession } from '../../src/web/api/session.ts';
import { SchemaGrid } from '../../src/web/renderer/SchemaGrid.tsx';
import { RESOURCES, resourceByName } from '../../src/web/catalog/registry.ts';
import { listColumns } from '../../src/web/renderer/list-request.ts';
import { normalise } from '../../src/web/api/params.ts';
import { FIRST_PAGES } from '../../generated/first-pages.ts';
import { BRAND_DATA_ID } from '../../src/shared/brand-in-page.ts';
import { mockApi } from './support/mock-api.ts';

const cliente = resourceByName('cliente')!;

/** What the browser's fetch saw: the requests a cold start sends before the app's code is loaded. */
function recordFetch(answer: (url: string) => unknown) {
  const seen: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: { headers: Record<string, string> }) => {
    seen.push({ url, headers: init.headers });
    const body = answer(url);
    return new Response(JSON.stringify(body ?? { error: { statusCode: 404, message: 'não' } }), { status: body === undefined ? 404 : 200 });
  });
  return seen;
}

function renderList() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <App>
        <MemoryRouter initialEntries={[`/${cliente.route}`]}>
          <Routes>
            <Route path="*" element={<SchemaGrid doc={cliente} />} />
          </Routes>
        </MemoryRouter>
      </App>
    </SWRConfig>,
  );
}

// The chunks a cold start asks for are loaded once here: the tests check what is asked and when, not how
// long the test runner takes to load the grid's code on a busy machine.
beforeAll(async () => {
  await import('../../src/web/app/preload-resource.ts');
  await loadListPage();
}, 120_000);

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('a cold start asks for the first screen before the app has loaded', () => {
  it('sends brand and list at once, and the grid takes the list over instead of asking again; the count comes after', async () => {
    saveSession('tok-early', { id: 1, nome: 'Ana' });
    const seen = recordFetch((url) => (url.includes(BRAND_KEY) ? { id: 1 } : [{ id: 7, nome: 'Cliente Antecipado' }]));
    await preloadRoute(`#/${cliente.route}`);
    expect(seen.map((s) => s.url.split('?')[0])).toEqual([`/api/${BRAND_KEY}`, `/api/${cliente.endpoint}`]);
    expect(seen[1].headers).toMatchObject({ Authorization: 'tok-early', [SYSTEM_HEADER]: SYSTEM_ID });
    const calls = mockApi((req) => (req.url.endsWith('/count') ? { data: { count: 4321 } } : { data: [] }));
    renderList();
    expect(await screen.findByText('Cliente Antecipado')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/de 4321/)).toBeTruthy());
    // Same path as the grid's own request: the list was not asked twice; only the count went through the client.
    expect(calls.map((c) => c.url)).toEqual([`${cliente.endpoint}/count`]);
  }, 30_000); // the grid's first render in jsdom took over 5 s on a loaded machine: order is checked, not speed

  it("a list opened without grid state has its first page asked for at once, from the generated table, before any chunk has loaded", async () => {
    saveSession('tok-early', { id: 1, nome: 'Ana' });
    takeArrived();
    const seen = recordFetch((url) => (url.includes(BRAND_KEY) ? { id: 1 } : []));
    const route = `pages/estoque/categorias`;
    const doc = RESOURCES.find((d) => d.route === route)!;
    const done = preloadRoute(`#/${route}`);
    // Synchronously, in the same task as the entry's first line: not after preload-resource.ts and the registry.
    expect(seen.map((s) => s.url.split('?')[0])).toEqual([`/api/${BRAND_KEY}`, `/api/${doc.endpoint}`]);
    await done;
    // preload-resource.ts, once in, finds it asked and does not ask again, even when start.tsx has already taken
    // the answer into the cache (the answer can arrive before that chunk runs).
    expect(seen).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(new Map(takeArrived()).has(listKey(doc.endpoint, FIRST_PAGES[route][1]))).toBe(true);
    const { preloadResource } = await import('../../src/web/app/preload-resource.ts');
    preloadResource(route, '', 'tok-early');
    expect(seen).toHaveLength(2);
  });

  it("the generated first pages are the grid's own first request of every list (same function, same JSON)", () => {
    expect(Object.keys(FIRST_PAGES).sort()).toEqual(RESOURCES.map((d) => d.route).sort());
    for (const doc of RESOURCES) {
      const { filter } = buildListFilter(doc, parseGridState(new URLSearchParams()), { columns: listColumns(doc) });
      expect([doc.route, ...FIRST_PAGES[doc.route]]).toEqual([doc.route, doc.endpoint, normalise(filter)]);
    }
  });

  it('answers already in are handed to the cache under the keys the screens read, once', async () => {
    saveSession('tok-early', { id: 1, nome: 'Ana' });
    recordFetch((url) => (url.includes(BRAND_KEY) ? { id: 3, tema: 'verde' } : [{ id: 8, nome: 'Já chegou' }]));
    takeArrived(); // what earlier tests left
    await preloadRoute(`#/${cliente.route}?sort=email.desc`);
    await new Promise((r) => setTimeout(r, 20));
    const got = new Map(takeArrived());
    const columns = cliente.list.columns.filter((c) => cliente.schema.properties[c.field]).map((c) => c.field);
    const { filter } = buildListFilter(cliente, parseGridState(new URLSearchParams('sort=email.desc')), { columns });
    expect(got.get(BRAND_KEY)).toEqual({ id: 3, tema: 'verde' });
    expect(got.get(listKey(cliente.endpoint, filter))).toEqual([{ id: 8, nome: 'Já chegou' }]);
    expect(takeArrived()).toEqual([]);
    // Handed over means taken: the grid's own request now goes to the API.
    const calls = mockApi((req) => (req.url.endsWith('/count') ? { data: { count: 1 } } : { data: [{ id: 9, nome: 'Da API' }] }));
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <App>
          <MemoryRouter initialEntries={[`/${cliente.route}?sort=email.desc`]}>
            <Routes>
              <Route path="*" element={<SchemaGrid doc={cliente} />} />
            </Routes>
          </MemoryRouter>
        </App>
      </SWRConfig>,
    );
    expect(await screen.findByText('Da API')).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.url).sort()).toEqual([cliente.endpoint, `${cliente.endpoint}/count`]));
  });

  it('a failed early answer is asked again through the API client', async () => {
    saveSession('tok-early', { id: 1, nome: 'Ana' });
    recordFetch(() => undefined);
    await preloadRoute(`#/${cliente.route}?page=2`);
    const calls = mockApi((req) => (req.url.endsWith('/count') ? { data: { count: 21 } } : { data: [{ id: 9, nome: 'Pela API' }] }));
    renderList();
    expect(await screen.findByText('Pela API')).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.url).sort()).toEqual([cliente.endpoint, `${cliente.endpoint}/count`]));
  });

  it('without a session only the brand configuration is asked for', async () => {
    const seen = recordFetch(() => ({}));
    await preloadRoute(`#/${cliente.route}`);
    expect(seen.map((s) => s.url)).toEqual([`/api/${BRAND_KEY}`]);
  });

  it('with the brand written into index.html by the server, it is handed over as it is, and not asked for', async () => {
    takeArrived(); // what earlier tests left
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = BRAND_DATA_ID;
    block.textContent = JSON.stringify({ id: 2, tema: 'roxo', title: 'Marca </script> Dois' });
    document.body.appendChild(block);
    try {
      const seen = recordFetch(() => ({}));
      await preloadRoute('#/auth/login');
      expect(seen).toEqual([]);
      expect(new Map(takeArrived()).get(BRAND_KEY)).toEqual({ id: 2, tema: 'roxo', title: 'Marca </script> Dois' });
      // A broken block is no brand: asked for as before.
      block.textContent = '{"id": 2,';
      await preloadRoute('#/auth/login');
      expect(seen.map((s) => s.url)).toEqual([`/api/${BRAND_KEY}`]);
    } finally {
      block.remove();
    }
  });

  it('once a page chunk is in, React.lazy gets it at once: the page renders in the same pass, without suspending', async () => {
    const first = await loadListPage();
    const seen: unknown[] = [];
    void loadListPage().then((m) => seen.push(m));
    expect(seen).toEqual([first]);
    expect(typeof first.default).toBe('function');
  });
});
