import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

/** What an integrator (SPEC 7) and a security review met from outside: calls, edge rules, documents, headers. */
describe.each(BACKENDS)('outside checks on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vendedor: string;
  const json = (token: string | null, method: string, url: string, payload: unknown = '', host = 'localhost') =>
    app.inject({ method: method as any, url, payload: payload as any, headers: { host, 'content-type': 'application/json', ...(token ? { authorization: token } : {}) } });
  const clientes = async () => (await json(admin, 'GET', '/api/Clientes/count')).json().count as number;

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
  });
  afterAll(async () => srv?.close());

  it('a DELETE with the JSON content type and no body deletes, and a user without the permission gets the 403', async () => {
    const c = (await json(admin, 'POST', '/api/Clientes', { nome: 'Cliente Apagável' })).json();
    const denied = await json(vendedor, 'DELETE', `/api/Clientes/${c.id}`);
    expect(denied.statusCode, denied.body).toBe(403);
    const ok = await json(admin, 'DELETE', `/api/Clientes/${c.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ count: 1 });
    // A body that is not JSON is still refused, in Portuguese.
    const broken = await json(admin, 'POST', '/api/Clientes', '{"nome":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('O corpo da requisição não é um JSON válido.');
  });

  it('strings are trimmed at the edge: a Nome of only spaces is required, and saved values carry no spaces around', async () => {
    const before = await clientes();
    const blank = await json(admin, 'POST', '/api/Clientes', { nome: '     ' });
    expect(blank.statusCode, blank.body).toBe(400);
    expect(blank.json().error.details).toEqual([expect.objectContaining({ campo: 'nome', mensagem: 'Campo Obrigatório!' })]);
    expect(await clientes()).toBe(before);
    const saved = (await json(admin, 'POST', '/api/Clientes', { nome: '  Ana   Paula ', email: ' ana@exemplo.com.br ' })).json();
    expect(saved).toMatchObject({ nome: 'Ana   Paula', email: 'ana@exemplo.com.br' });
    const patched = await json(admin, 'PATCH', `/api/Clientes/${saved.id}`, { nome: '  ' });
    expect(patched.statusCode).toBe(400);
    expect((await json(admin, 'GET', `/api/Clientes/${saved.id}`)).json().nome).toBe('Ana   Paula');
  });

  it('a município needs its UF on the server too, as on the form', async () => {
    const before = await clientes();
    const semUf = await json(admin, 'POST', '/api/Clientes', { nome: 'Sem UF', codigoMunicipio: 2927408 });
    expect(semUf.statusCode, semUf.body).toBe(400);
    expect(semUf.json().error.details).toEqual([expect.objectContaining({ campo: 'uf', mensagem: 'Campo Obrigatório!' })]);
    expect(await clientes()).toBe(before);
    const comUf = await json(admin, 'POST', '/api/Clientes', { nome: 'Com UF', uf: 'BA', codigoMunicipio: 2927408 });
    expect(comUf.statusCode, comUf.body).toBe(200);
    // Clearing the UF of a record with a município is refused as well.
    const limpa = await json(admin, 'PATCH', `/api/Clientes/${comUf.json().id}`, { uf: null });
    expect(limpa.statusCode).toBe(400);
  });

  it("the legal documents are served per brand with the brand's title, and a favicon answers on every brand", async () => {
    for (const [host, title] of [['localhost', 'Retaguarda Demo'], ['marca2.localhost', 'Marca Dois Gestão']]) {
      for (const [path, heading] of [['/docs/termos-de-uso.html', 'Termos de uso'], ['/docs/politica-de-privacidade.html', 'Política de privacidade']]) {
        const r = await app.inject({ method: 'GET', url: path, headers: { host } });
        expect(r.statusCode, `${host}${path}`).toBe(200);
        expect(r.headers['content-type']).toMatch(/text\/html/);
        expect(r.body).toContain(`<h1>${heading}</h1>`);
        expect(r.body).toContain(title);
      }
      const icon = await app.inject({ method: 'GET', url: '/favicon.ico', headers: { host } });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toMatch(/image\/svg\+xml/);
    }
    // A brand with its own favicon address is sent there.
    await srv.db.query(`UPDATE brands SET config = jsonb_set(config, '{misc,linkFavicon}', '"https://cdn.marca-dois.com.br/icone.png"') WHERE nome = 'Marca Dois'`);
    srv.services.brands.invalidate();
    const own = await app.inject({ method: 'GET', url: '/favicon.ico', headers: { host: 'marca2.localhost' } });
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe('https://cdn.marca-dois.com.br/icone.png');
  });

  describe('security headers, built from the brand', () => {
    const csp = (h: Record<string, unknown>) =>
      Object.fromEntries(String(h['content-security-policy']).split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

    it('every answer carries nosniff, no-referrer and a CSP (page, API, error, document)', async () => {
      for (const url of ['/api/ConfigWhiteLabels/atual', '/api/Clientes', '/docs/termos-de-uso.html', '/nao-existe']) {
        const r = await app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
        expect(r.headers['x-content-type-options'], url).toBe('nosniff');
        expect(r.headers['referrer-policy'], url).toBe('no-referrer');
        expect(r.headers['content-security-policy'], url).toBeTruthy();
        // frame-ancestors decides who frames the app; X-Frame-Options would forbid the brand's own sites.
        expect(r.headers['x-frame-options'], url).toBeUndefined();
      }
    });

    it("helmet's other headers, the same on every answer, and a brand's change reaches them", async () => {
      const others = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter(([k]) => /^(cross-origin|origin-agent|strict-transport|x-)/.test(k)));
      const expected = {
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      };
      for (const url of ['/api/ConfigWhiteLabels/atual', '/api/Clientes', '/nao-existe']) {
        for (const host of ['localhost', 'marca2.localhost']) {
          expect(others((await app.inject({ method: 'GET', url, headers: { host } })).headers), `${host}${url}`).toEqual(expected);
        }
      }
      // Headers are kept per brand: a configuration change is seen on the next answer.
      const before = (await app.inject({ method: 'GET', url: '/nao-existe', headers: { host: 'marca2.localhost' } })).headers['content-security-policy'];
      await srv.db.query(`UPDATE brands SET config = jsonb_set(config, '{misc}', coalesce(config->'misc', '{}'::jsonb) || '{"scriptLink":"https://cache.marca-dois.com.br/x.js"}'::jsonb) WHERE nome = 'Marca Dois'`);
      srv.services.brands.invalidate();
      const after = csp((await app.inject({ method: 'GET', url: '/nao-existe', headers: { host: 'marca2.localhost' } })).headers);
      expect(after['script-src']).toContain('https://cache.marca-dois.com.br');
      expect(before).not.toContain('https://cache.marca-dois.com.br');
    });

    it("the default brand: its own origin only, framed by its domains", async () => {
      const p = csp((await app.inject({ method: 'GET', url: '/api/ConfigWhiteLabels/atual', headers: { host: 'localhost' } })).headers);
      expect(p['script-src']).toEqual(["'self'", "'unsafe-eval'"]);
      expect(p['connect-src']).toEqual(["'self'", 'blob:']);
      expect(p['default-src']).toEqual(["'self'"]);
      expect(p['frame-ancestors']).toEqual(["'self'", 'localhost:*', '127.0.0.1:*']);
    });

    it("a brand with scripts and analytics: exactly those origins (and the embedded script's hash), framed by its domains only", async () => {
      const misc = {
        scriptLink: 'https://chat.marca-dois.com.br/widget.js?v=2',
        scriptIncorporar: '<script src="https://selo.marca-dois.com.br/selo.js"></script><script>window.__selo = 1;</script>',
        adobeAnalytics: 'https://assets.adobedtm.com/abc/launch.min.js',
      };
      await srv.db.query(`UPDATE brands SET config = jsonb_set(config, '{misc}', coalesce(config->'misc', '{}'::jsonb) || $1::jsonb) WHERE nome = 'Marca Dois'`, [JSON.stringify(misc)]);
      srv.services.brands.invalidate();
      const p = csp((await app.inject({ method: 'GET', url: '/api/ConfigWhiteLabels/atual', headers: { host: 'marca2.localhost' } })).headers);
      const { createHash } = await import('node:crypto');
      const hash = `'sha256-${createHash('sha256').update('window.__selo = 1;').digest('base64')}'`;
      expect(p['script-src']).toEqual(["'self'", "'unsafe-eval'", 'https://chat.marca-dois.com.br', 'https://selo.marca-dois.com.br', 'https://assets.adobedtm.com', hash]);
      expect(p['connect-src']).toEqual(["'self'", 'blob:', 'https://assets.adobedtm.com']);
      expect(p['frame-ancestors']).toEqual(["'self'", 'marca2.localhost:*']);
      // The other brand is untouched by it.
      const demo = csp((await app.inject({ method: 'GET', url: '/api/ConfigWhiteLabels/atual', headers: { host: 'localhost' } })).headers);
      expect(demo['script-src']).toEqual(["'self'", "'unsafe-eval'"]);
    });
  });
});
