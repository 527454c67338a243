import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '../support/server.ts';
import { launchChromium, trackPageErrors, visible } from './support/browser.ts';
import { ensureWebBuilt } from './support/build-web.ts';

const DIST = resolve(import.meta.dirname, '../../dist');

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request with exactly the given headers, and the bytes as they travelled (no automatic decoding). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((ok, fail) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

const decode = (r: Raw): Buffer =>
  r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body;

// What goes over the wire: compressed when the browser accepts it, cached for as long as the name holds.
describe('arquivos e respostas comprimidos', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    await ensureWebBuilt();
    server = await startTestServer('pglite', { listen: true, serveWeb: true, reportWorker: false });
    token = await login(server.app, 'admin@demo.com.br');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('sends index.html compressed and never cached', async () => {
    const plain = await get(server.baseUrl, '/');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.body.toString()).toContain('<div id="root">');
    for (const enc of ['br', 'gzip']) {
      const r = await get(server.baseUrl, '/', { 'accept-encoding': enc });
      expect(r.headers['content-encoding']).toBe(enc);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(decode(r).equals(plain.body)).toBe(true);
    }
  });

  it("writes the host's brand into index.html, as the brand request answers it, under the host's CSP", async () => {
    for (const host of ['127.0.0.1', 'marca2.localhost']) {
      for (const path of ['/', '/index.html']) {
        const r = await get(server.baseUrl, path, { host, 'accept-encoding': 'br' });
        expect(r.status).toBe(200);
        expect(r.headers['cache-control']).toBe('no-store');
        expect(String(r.headers['content-security-policy'])).toMatch(/script-src 'self'/);
        const block = /<script type="application\/json" id="marca-atual">([\s\S]*?)<\/script>/.exec(decode(r).toString());
        const api = await get(server.baseUrl, '/api/ConfigWhiteLabels/atual', { host });
        expect(JSON.parse(block![1])).toEqual(JSON.parse(api.body.toString()));
        expect(JSON.parse(block![1]).idConfig).toBe(host === 'marca2.localhost' ? 'marca-dois' : 'retaguarda-demo');
      }
    }
  });

  it('sends the hashed scripts and stylesheets precompressed, cached as immutable for a year', async () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const files = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const original = readFileSync(join(DIST, file));
      const br = await get(server.baseUrl, `/${file}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-type']).toMatch(file.endsWith('.js') ? /javascript/ : /text\/css/);
      if (original.length >= 1024) {
        expect(br.headers['content-encoding']).toBe('br');
        // Written at build time: the same bytes as the file beside it, not compressed per request.
        expect(br.body.equals(readFileSync(join(DIST, `${file}.br`)))).toBe(true);
        const gz = await get(server.baseUrl, `/${file}`, { 'accept-encoding': 'gzip' });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(decode(gz).equals(original)).toBe(true);
      }
      expect(decode(br).equals(original)).toBe(true);
      const identity = await get(server.baseUrl, `/${file}`);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body.equals(original)).toBe(true);
    }
  });

  it('compresses API answers of 1 KB or more, and leaves smaller ones as they are', async () => {
    const path = `/api/Clientes?filter=${encodeURIComponent(JSON.stringify({ limit: 50 }))}`;
    const plain = await get(server.baseUrl, path, { authorization: token });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const enc of ['br', 'gzip']) {
      const r = await get(server.baseUrl, path, { authorization: token, 'accept-encoding': enc });
      expect(r.headers['content-encoding']).toBe(enc);
      expect(r.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decode(r).toString())).toEqual(JSON.parse(plain.body.toString()));
    }
    const small = await get(server.baseUrl, '/api/ping/json', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).status).toBe('ok');
  });
});

// Each screen loads its own code: the sign-in page neither the shell nor antd's whole stylesheet, the first
// page after sign-in nothing of the other routes. (Sizes and times are in bench:web, not here.)
describe('código carregado por rota', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    await ensureWebBuilt();
    [server, browser] = await Promise.all([startTestServer('pglite', { listen: true, serveWeb: true, reportWorker: false }), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const chunk = (path: string) => path.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '');
  /** The scripts and stylesheets the page loads from now on, by path, in order. */
  const loadedFiles = (page: Page): string[] => {
    const paths: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\.(js|css)$/.test(path)) paths.push(path);
    });
    return paths;
  };

  it('the sign-in page loads only its own code and CSS; after signing in, the dashboard none of the grid or form', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const loaded = loadedFiles(page);
    await page.goto(`${server.baseUrl}/#/auth/login`);
    await visible(page.locator('#login-email'));
    await visible(page.getByRole('button', { name: 'Entrar' }));
    const atLogin = [...loaded];
    for (const other of ['ShellLayout', 'DashboardPage', 'ResourceListPage', 'ResourceFormPage', 'SchemaGrid', 'SchemaForm', 'grid-state', 'preload-resource']) {
      expect(atLogin.map(chunk)).not.toContain(other);
    }
    // Neither antd (its CSS-in-JS runtime) nor axios: the sign-in page is plain React over fetch.
    const code = atLogin.filter((p) => p.endsWith('.js')).map((p) => readFileSync(join(DIST, p), 'utf8')).join('\n');
    expect(code).not.toContain('data-css-hash');
    expect(code).not.toContain('AxiosError');
    // antd's static stylesheet (~1 MB) is the shell's; the sign-in page's own CSS is a few KB.
    const css = atLogin.filter((p) => p.endsWith('.css')).map((p) => readFileSync(join(DIST, p)).length);
    expect(css.reduce((a, b) => a + b, 0)).toBeLessThan(20 * 1024);
    // Drawn as before, from the CSS antd writes for these components: a 24 px title, the brand's primary button.
    expect(await page.locator('h3.auth-title').evaluate((e) => getComputedStyle(e).fontSize)).toBe('24px');
    expect(await page.getByRole('button', { name: 'Entrar' }).evaluate((e) => getComputedStyle(e).backgroundColor)).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^transparent$/);

    loaded.length = 0;
    await page.locator('#login-email').fill('admin@demo.com.br');
    await page.locator('#login-senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/#\/pages\/dashboard/);
    await visible(page.getByRole('menu', { name: 'Menu principal' }));
    const afterSignIn = loaded.map(chunk);
    expect(afterSignIn).toContain('ShellLayout');
    expect(afterSignIn).toContain('DashboardPage');
    for (const other of ['ResourceListPage', 'ResourceFormPage', 'SchemaGrid', 'SchemaForm', 'grid-state', 'preload-resource', 'LoginPage']) {
      expect(afterSignIn).not.toContain(other);
    }
    // The shell draws from antd's static stylesheet: the menu has its styles.
    expect(await page.getByRole('menu', { name: 'Menu principal' }).evaluate((e) => getComputedStyle(e).listStyleType)).toBe('none');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a grid opened cold loads antd's list parts only; its form then brings the form parts (date pickers, Form, tabs)", async () => {
    // A cold profile holding a session (as the sign-in leaves it in localStorage), opened straight on the grid.
    const signIn = await server.app.inject({ method: 'POST', url: '/api/Usuarios/login?include=user', payload: { email: 'admin@demo.com.br', password: 'demo1234' } });
    const { id: token, user } = signIn.json();
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addInitScript(([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    }, [token, JSON.stringify(user)] as const);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const loaded = loadedFiles(page);
    await page.goto(`${server.baseUrl}/#/pages/vendas/clientes`);
    await visible(page.locator('.ant-table-tbody tr.ant-table-row'));
    expect(loaded.map(chunk)).toContain('vendor');
    for (const other of ['vendor-forms', 'SchemaForm', 'form-extras', 'ResourceFormPage', 'DashboardPage']) expect(loaded.map(chunk)).not.toContain(other);

    await page.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(/#\/pages\/vendas\/clientes\/editar\/\d+$/);
    await visible(page.getByRole('button', { name: 'Salvar' }));
    expect(loaded.map(chunk)).toContain('vendor-forms');
    expect(errors).toEqual([]);
    await context.close();
  });
});
