import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

/** SPEC 2.7 'configuracoes/gateway-boleto', 3 'Boleto configuration', 6 boleto menus: the configuration per branch. */
describe.each(BACKENDS)('boleto configuration on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let demo: string;
  let vizinha: string;
  const call = (token: string | null, method: string, url: string, payload?: unknown) =>
    app.inject({ method: method as any, url, payload: payload as any, headers: token ? { authorization: token } : {} });
  const base = '/api/ConfiguracoesBoleto';
  const info = async (token: string) => (await call(token, 'GET', '/api/Usuarios/getUserInfo?sistema=novoerp')).json();
  const count = async (token: string) => (await call(token, 'GET', `${base}/count`)).json().count as number;
  const filiais = async () =>
    (await srv.db.query<{ id: number; apelido: string }>(`SELECT id, apelido FROM branches WHERE tenant_id = (SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br') ORDER BY id`)).rows;

  const bb = {
    banco: '001', agencia: '4042', agenciaDv: '8', conta: '61900', contaDv: '0', carteira: '18', convenio: '12387989',
    proximoNossoNumero: '777700168', chavePix: 'financeiro@padaria.com.br', cidadePix: 'São Paulo',
    instrucoes: 'Não receber após 30 dias do vencimento.', multa: '2.00', juros: '1.00', layoutCnab: 240, ativo: true,
  };

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    demo = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
  });
  afterAll(async () => srv?.close());

  it('a branch without a configuration reports none; saving one makes getUserInfo name it', async () => {
    expect((await info(demo)).configuracaoBoleto).toBeNull();
    const r = await call(demo, 'POST', base, bb);
    expect(r.statusCode, r.body).toBe(200);
    const cfg = r.json();
    expect(cfg).toMatchObject({ ...bb, multa: '2.00', juros: '1.00' });
    expect((await info(demo)).configuracaoBoleto).toEqual({ id: cfg.id });
    // stored on the selected branch, which the client never writes
    const row = (await srv.db.query<{ filial_id: number }>('SELECT filial_id FROM configuracoes_boleto WHERE id = $1', [cfg.id])).rows[0];
    expect(row.filial_id).toBe((await filiais()).find((f) => f.apelido === 'Matriz')!.id);
    expect((await call(demo, 'POST', base, { ...bb, filialId: 999 })).json().error.message).toContain('Campo desconhecido: filialId');
    // one per branch
    const dup = await call(demo, 'POST', base, bb);
    expect(dup.statusCode).toBe(409);
    expect(await count(demo)).toBe(1);
  });

  it.each([
    ['Bradesco: agência of 5 digits', { banco: '237', agencia: '11720', conta: '0403005', carteira: '09', convenio: null, layoutCnab: 400 }, 'agencia', 'Máximo 4 caracteres!'],
    ['Bradesco: conta of 8 digits', { banco: '237', agencia: '1172', conta: '04030051', carteira: '09', convenio: null, layoutCnab: 400 }, 'conta', 'Máximo 7 caracteres!'],
    ['BB: convênio of 5 digits (4, 6, 7 or 8)', { convenio: '12345' }, 'convenio', 'Formato inválido!'],
    ['BB: convênio 4 takes a nosso número of up to 7', { convenio: '1234', proximoNossoNumero: '12345678' }, 'proximoNossoNumero', 'Máximo 7 caracteres!'],
    ['BB: conta required', { conta: null }, 'conta', 'Campo Obrigatório!'],
    ['Santander: convênio required', { banco: '033', convenio: null, carteira: '101', conta: null }, 'convenio', 'Campo Obrigatório!'],
    ['Itaú has no CNAB 240 here', { banco: '341', agencia: '0810', conta: '53678', carteira: '109', convenio: null, layoutCnab: 240 }, 'layoutCnab', 'Campo inválido!'],
    ['Caixa: carteira RG or SR', { banco: '104', agencia: '1234', conta: null, carteira: '18', convenio: '1234567', proximoNossoNumero: '1' }, 'carteira', 'Campo inválido!'],
    ['a bank the engine does not know', { banco: '748' }, 'banco', 'Campo inválido!'],
    ['agência with letters', { agencia: '40A2' }, 'agencia', 'Formato inválido!'],
    ['multa with three decimals', { multa: '2.001' }, 'multa', 'Campo inválido!'],
    ['a Pix key without its city', { cidadePix: null }, 'cidadePix', 'Campo Obrigatório!'],
  ])('%s: 400 in Portuguese, nothing saved', async (_, troca, campo, mensagem) => {
    const [centro] = (await filiais()).filter((f) => f.apelido === 'Filial Centro');
    const token = await login(app, 'admin@demo.com.br');
    expect((await call(token, 'POST', '/api/Usuarios/trocarFilial', { filialId: centro.id })).statusCode).toBe(200);
    const before = await count(token);
    const r = await call(token, 'POST', base, { ...bb, ...troca });
    expect(r.statusCode, r.body).toBe(400);
    const err = r.json().error;
    expect(err.message).toMatch(/^Dados inválidos: /);
    expect(err.details.find((d: any) => d.campo === campo), r.body).toMatchObject({ campo, mensagem });
    expect(await count(token)).toBe(before);
  });

  it('each bank accepts its own sizes', async () => {
    const [centro] = (await filiais()).filter((f) => f.apelido === 'Filial Centro');
    const token = await login(app, 'admin@demo.com.br');
    await call(token, 'POST', '/api/Usuarios/trocarFilial', { filialId: centro.id });
    const validos = [
      { banco: '237', agencia: '1172', conta: '0403005', carteira: '09', convenio: null, proximoNossoNumero: '75896452', layoutCnab: 400 },
      { banco: '341', agencia: '0810', conta: '53678', carteira: '109', convenio: null, proximoNossoNumero: '157', layoutCnab: 400 },
      { banco: '104', agencia: '1234', conta: null, carteira: 'RG', convenio: '1234567', proximoNossoNumero: '1', layoutCnab: 240 },
      { banco: '033', agencia: '0001', conta: null, carteira: '102', convenio: '1899775', proximoNossoNumero: '9000026', layoutCnab: 400 },
      { banco: '756', agencia: '3069', conta: null, carteira: '1', convenio: '0225541', proximoNossoNumero: '1', layoutCnab: 240 },
      { banco: '001', agencia: '4042', conta: '61900', carteira: '18', convenio: '1238798', proximoNossoNumero: '7777700168', layoutCnab: 400 },
    ];
    let id: number | undefined;
    for (const v of validos) {
      const body = { ...bb, ...v };
      const r = id ? await call(token, 'PUT', `${base}/${id}`, body) : await call(token, 'POST', base, body);
      expect(r.statusCode, `${v.banco}: ${r.body}`).toBe(200);
      id = r.json().id;
      // the configuration builds a boleto: the screen's "Simular boleto"
      const sim = await call(token, 'POST', '/api/Boletos/simular', {
        banco: body.banco, agencia: body.agencia, conta: body.conta, carteira: body.carteira, convenio: body.convenio,
        nossoNumero: body.proximoNossoNumero, valor: '10.00', vencimento: '2026-12-01',
      });
      expect(sim.statusCode, `${v.banco}: ${sim.body}`).toBe(200);
      expect(sim.json().codigoBarras.slice(0, 3)).toBe(v.banco);
    }
    expect(await count(token)).toBe(1);
    // the other branch keeps its own
    await call(token, 'POST', '/api/Usuarios/trocarFilial', { filialId: (await filiais())[0].id });
    expect((await call(token, 'GET', base)).json().map((c: any) => c.banco)).toEqual(['001']);
    expect((await call(token, 'GET', `${base}/${id}`)).statusCode).toBe(404);
  });

  it('an inactive configuration hides the boleto menus again', async () => {
    const [cfg] = (await call(demo, 'GET', base)).json();
    expect((await call(demo, 'PATCH', `${base}/${cfg.id}`, { ativo: false })).statusCode).toBe(200);
    expect((await info(demo)).configuracaoBoleto).toBeNull();
    expect((await call(demo, 'PATCH', `${base}/${cfg.id}`, { ativo: true })).statusCode).toBe(200);
    expect((await info(demo)).configuracaoBoleto).toEqual({ id: cfg.id });
  });

  it('another account never sees, changes or counts it', async () => {
    const [cfg] = (await call(demo, 'GET', base)).json();
    expect((await info(vizinha)).configuracaoBoleto).toBeNull();
    expect((await call(vizinha, 'GET', base)).json()).toEqual([]);
    expect((await call(vizinha, 'GET', `${base}/${cfg.id}`)).statusCode).toBe(404);
    expect((await call(vizinha, 'PUT', `${base}/${cfg.id}`, bb)).statusCode).toBe(404);
    expect((await call(vizinha, 'DELETE', `${base}/${cfg.id}`)).statusCode).toBe(404);
    const theirs = await call(vizinha, 'POST', base, { ...bb, banco: '237', agencia: '1172', conta: '0403005', carteira: '09', convenio: null, layoutCnab: 400 });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((await info(vizinha)).configuracaoBoleto).toEqual({ id: theirs.json().id });
    expect((await call(demo, 'GET', `${base}/${theirs.json().id}`)).statusCode).toBe(404);
    expect((await call(demo, 'GET', base)).json().map((c: any) => c.id)).toEqual([cfg.id]);
  });

  it('a user without the boleto permission cannot read or write it', async () => {
    const vendedor = await login(app, 'vendedor@demo.com.br');
    expect((await call(vendedor, 'GET', base)).statusCode).toBe(403);
    expect((await call(vendedor, 'POST', base, bb)).statusCode).toBe(403);
  });
});
