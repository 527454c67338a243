import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { tinyPng } from '../support/png.ts';

const dataUrl = (mime: string, b: Buffer) => `data:${mime};base64,${b.toString('base64')}`;

describe.each(BACKENDS)('ConfigWhiteLabels upload, dashboard and gerar-fatura on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let master: string;
  let marca2: number;
  let demo: number;
  const req = (method: string, url: string, token?: string, payload?: unknown, host = 'localhost') =>
    app.inject({ method: method as any, url, payload: payload as any, headers: { host, ...(token ? { authorization: token } : {}) } });

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    master = await login(app, 'master@demo.com.br');
    marca2 = (await srv.db.query<{ id: number }>(`SELECT id FROM brands WHERE nome = 'Marca Dois'`)).rows[0].id;
    demo = (await srv.db.query<{ id: number }>(`SELECT id FROM brands WHERE padrao`)).rows[0].id;
  });
  afterAll(async () => srv?.close());

  it('upload: a PNG logo is stored, served and set in the brand imagens; wrong type, size or disguise is a 400; non-staff 403', async () => {
    const image = tinyPng();
    expect((await req('POST', '/api/ConfigWhiteLabels/upload', admin, { tipo: 'logo', arquivo: dataUrl('image/png', image) })).statusCode).toBe(403);
    const ok = await req('POST', '/api/ConfigWhiteLabels/upload', master, { tipo: 'logo', arquivo: dataUrl('image/png', image) });
    expect(ok.statusCode, ok.body).toBe(200);
    const { url } = ok.json();
    expect(url).toMatch(new RegExp(`^/api/ConfigWhiteLabels/imagem/${demo}/logo\\?v=[0-9a-f]{12}$`));
    const served = await req('GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
    expect((await req('GET', '/api/ConfigWhiteLabels/atual')).json().imagens.logo).toBe(url);
    // The other brand is untouched.
    expect((await req('GET', '/api/ConfigWhiteLabels/atual', undefined, undefined, 'marca2.localhost')).json().imagens.logo).toBeUndefined();

    const before = (await srv.db.query('SELECT sha256 FROM marca_imagens WHERE brand_id = $1 AND tipo = $2', [demo, 'logo'])).rows[0].sha256;
    const bad = async (payload: unknown, message: RegExp) => {
      const r = await req('POST', '/api/ConfigWhiteLabels/upload', master, payload);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toMatch(message);
    };
    await bad({ tipo: 'capa', arquivo: dataUrl('image/png', image) }, /Tipo de imagem inválido/);
    await bad({ tipo: 'logo', arquivo: dataUrl('image/gif', Buffer.from('GIF89a')) }, /PNG, JPEG ou SVG/);
    // A text file declared as PNG is refused by its content.
    await bad({ tipo: 'logo', arquivo: dataUrl('image/png', Buffer.from('não sou imagem')) }, /PNG, JPEG ou SVG/);
    await bad({ tipo: 'logo', arquivo: dataUrl('image/png', Buffer.concat([image, Buffer.alloc(600 * 1024)])) }, /máximo 512 KB/);
    await bad({ tipo: 'favicon', arquivo: dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')) }, /SVG com scripts/);
    await bad({ tipo: 'logo', arquivo: 'http://exemplo.com/logo.png' }, /data URL/);
    expect((await srv.db.query('SELECT sha256 FROM marca_imagens WHERE brand_id = $1 AND tipo = $2', [demo, 'logo'])).rows[0].sha256).toBe(before);
    // An SVG favicon is accepted; a master cannot upload to another brand.
    const svg = await req('POST', '/api/ConfigWhiteLabels/upload', master, { tipo: 'favicon', arquivo: dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#4caf50"/></svg>')) });
    expect(svg.statusCode, svg.body).toBe(200);
    expect((await req('GET', svg.json().url)).headers['content-type']).toBe('image/svg+xml');
    expect((await req('POST', '/api/ConfigWhiteLabels/upload', master, { tipo: 'logo', arquivo: dataUrl('image/png', image), configWhiteLabel: marca2 })).statusCode).toBe(404);
    expect((await req('GET', `/api/ConfigWhiteLabels/imagem/${marca2}/logo`)).statusCode).toBe(404);
  });

  it('dashboard: the brand figures for its staff only, never another brand', async () => {
    expect((await req('POST', '/api/ConfigWhiteLabels/dashboard', admin, {})).statusCode).toBe(403);
    const d = await req('POST', '/api/ConfigWhiteLabels/dashboard', master, {});
    expect(d.statusCode, d.body).toBe(200);
    const body = d.json();
    const expected = (await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenants WHERE brand_id = $1', [demo])).rows[0].n;
    expect(body).toMatchObject({ configWhiteLabel: demo, marca: 'Retaguarda Demo', contas: expected, trials: 1, ativas: 1 });
    expect(body.usuarios).toBe((await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE brand_id = $1 AND ativo', [demo])).rows[0].n);
    expect(body.cadastrosPorMes).toHaveLength(12);
    expect(body.cadastrosPorMes.at(-1).quantidade).toBe(expected);
    expect(body.cadastrosPorMes.at(-1).mes).toMatch(/^\d{2}\/\d{4}$/);
    // A sign-up on the other brand changes nothing here.
    const s = await req('POST', '/api/Usuarios/cadastro', undefined, { email: 'conta@marca2-dash.com.br', nome: 'Conta', empresa: 'Conta Dois', cpfCnpj: '11.222.333/0001-81', regime: 1, senha: 'segredo1', confirmaSenha: 'segredo1', termosUso: true }, 'marca2.localhost');
    expect(s.statusCode, s.body).toBe(200);
    expect((await req('POST', '/api/ConfigWhiteLabels/dashboard', master, {})).json().contas).toBe(expected);
    expect((await req('POST', '/api/ConfigWhiteLabels/dashboard', master, { configWhiteLabel: marca2 })).statusCode).toBe(404);
  });

  it('gerar-fatura: accounts × plan price for a month, as decimal strings; 400 for a bad month; 403 for non-staff', async () => {
    const planos = (await req('GET', '/api/Planos', admin)).json();
    const profissional = planos.find((p: any) => p.idExterno === 'profissional');
    // Loja Vizinha (not in trial) chooses Profissional; Mercadinho Demo (trial) chooses too but is not billed.
    const viz = await login(app, 'admin@vizinha.com.br');
    const vizBranch = (await req('GET', '/api/Usuarios/filiais', viz)).json()[0].id;
    expect((await req('POST', '/api/Usuarios/contratarPlano', viz, { filialId: vizBranch, planoId: profissional.id })).statusCode).toBe(200);
    const demoBranch = (await req('GET', '/api/Usuarios/filiais', admin)).json()[0].id;
    expect((await req('POST', '/api/Usuarios/contratarPlano', admin, { filialId: demoBranch, planoId: profissional.id })).statusCode).toBe(200);
    // Two more paying accounts on the same plan (0.1 + 0.2 kind of sums must stay exact).
    await srv.db.query(`UPDATE planos SET valor = '0.10' WHERE id_externo = 'essencial' AND config_white_label = $1`, [demo]);
    const essencial = planos.find((p: any) => p.idExterno === 'essencial');
    for (const nome of ['Paga Um', 'Paga Dois', 'Paga Tres']) {
      await srv.db.query(`INSERT INTO tenants (brand_id, nome, trial, plano_id, plano_situacao, plano_contratado_em) VALUES ($1, $2, false, $3, 'registrado', now())`, [demo, nome, essencial.id]);
    }
    const now = new Date();
    const mes = `${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
    expect((await req('POST', '/api/ConfigWhiteLabels/gerar-fatura', admin, { mes })).statusCode).toBe(403);
    for (const m of [undefined, '13/2026', '2026-13', 'novembro']) {
      const r = await req('POST', '/api/ConfigWhiteLabels/gerar-fatura', master, { mes: m });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toBe('Informe o mês no formato MM/aaaa.');
    }
    const f = await req('POST', '/api/ConfigWhiteLabels/gerar-fatura', master, { mes });
    expect(f.statusCode, f.body).toBe(200);
    expect(f.json()).toEqual({
      configWhiteLabel: demo,
      marca: 'Retaguarda Demo',
      mes,
      itens: [
        { planoId: essencial.id, idExterno: 'essencial', plano: 'Essencial', valorUnitario: '0.10', contas: 3, total: '0.30', totalFormatado: 'R$ 0,30' },
        { planoId: profissional.id, idExterno: 'profissional', plano: 'Profissional', valorUnitario: '149.90', contas: 1, total: '149.90', totalFormatado: 'R$ 149,90' },
      ],
      contas: 4,
      total: '150.20',
      totalFormatado: 'R$ 150,20',
    });
    // A month before any plan was chosen has nothing to bill; the other brand's invoice is not the master's.
    expect((await req('POST', '/api/ConfigWhiteLabels/gerar-fatura', master, { mes: '01/2020' })).json()).toMatchObject({ itens: [], total: '0.00' });
    expect((await req('POST', '/api/ConfigWhiteLabels/gerar-fatura', master, { mes, configWhiteLabel: marca2 })).statusCode).toBe(404);
  });
});
