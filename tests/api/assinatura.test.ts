import type { FastifyInstance } from 'fastify';
import { forgetSubscriptions } from '../../src/server/planos/gating.ts';
import { ResourceRegistry } from '../../src/server/resources/registry.ts';
import { sampleBody } from '../support/samples.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

const marcaDoc = ResourceRegistry.load().byName.get('marca')!.doc;

/** Modules and plans gate the product (SPEC 4, 6, 7.1): one server check, the billing provider, the admin switch. */
describe.each(BACKENDS)('Assinatura e módulos on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let master: string;
  let viz: string;
  let demoTenant: number;
  let vizTenant: number;
  const req = (method: string, url: string, token?: string, payload?: unknown) =>
    app.inject({ method: method as any, url, payload: payload as any, headers: { host: 'localhost', ...(token ? { authorization: token } : {}) } });
  const sql = async (text: string, params: unknown[] = []) => {
    const r = await srv.db.query(text, params);
    forgetSubscriptions();
    return r.rows as any[];
  };
  const marcas = async (tenant: number) => (await sql('SELECT count(*)::int AS n FROM marcas WHERE tenant_id = $1', [tenant]))[0].n as number;

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    master = await login(app, 'master@demo.com.br');
    viz = await login(app, 'admin@vizinha.com.br');
    demoTenant = (await sql(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`))[0].id;
    vizTenant = (await sql(`SELECT id FROM tenants WHERE nome = 'Loja Vizinha'`))[0].id;
  });
  afterAll(async () => srv?.close());

  it('a module the brand switches off closes its API (403 naming it) and its menus, for every account of the brand but not for its staff', async () => {
    expect((await req('GET', '/api/Produtos', admin)).statusCode).toBe(200);
    expect((await req('GET', '/api/ConfigWhiteLabels/modulos', admin)).statusCode).toBe(403);
    const before = (await req('GET', '/api/ConfigWhiteLabels/modulos', master)).json();
    expect(before.modulos.find((m: any) => m.id === 'estoque')).toMatchObject({ titulo: 'Estoque', ativo: true, menus: expect.arrayContaining(['ESTOQUE_PRODUTOS']) });
    // Which plan includes which: Essencial has estoque, every plan has vendas.
    const essencial = before.planos.find((p: any) => p.nome === 'Essencial').id;
    expect(before.modulos.find((m: any) => m.id === 'estoque').planos).toContain(essencial);
    expect(before.modulos.find((m: any) => m.id === 'nfe').planos).not.toContain(essencial);

    const off = await req('PUT', '/api/ConfigWhiteLabels/modulos', master, { modulos: [{ id: 'estoque', ativo: false }] });
    expect(off.statusCode, off.body).toBe(200);
    for (const url of ['/api/Produtos', '/api/Marcas/count', '/api/Unidades']) {
      const r = await req('GET', url, admin);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().error.message).toBe('O módulo Estoque está desativado para esta conta.');
    }
    const n = await marcas(demoTenant);
    expect((await req('POST', '/api/Marcas', admin, sampleBody(marcaDoc))).statusCode).toBe(403);
    expect(await marcas(demoTenant)).toBe(n);
    // The other account of the brand too; other modules keep working; the staff still reaches it.
    expect((await req('GET', '/api/Produtos', viz)).statusCode).toBe(403);
    expect((await req('GET', '/api/Clientes', admin)).statusCode).toBe(200);
    expect((await req('GET', '/api/Produtos', master)).statusCode).toBe(200);
    // The menus: getUserInfo and the brand's public configuration say estoque is off.
    const info = (await req('GET', '/api/Usuarios/getUserInfo?sistema=novoerp', admin)).json();
    expect(info.configWhiteLabel.modulos.find((m: any) => m.id === 'estoque')).toMatchObject({ ativo: false, menus: expect.arrayContaining(['ESTOQUE_PRODUTOS']) });
    const pub = (await req('GET', '/api/ConfigWhiteLabels/atual')).json();
    expect(pub.modulos.find((m: any) => m.id === 'estoque')).toMatchObject({ ativo: false });
    // Settings the list did not name are kept (the demo brand's add-on prices).
    expect(pub.modulos.find((m: any) => m.id === 'pagamentos')).toMatchObject({ ativo: true, valorAdicional: '39.90' });

    expect((await req('PUT', '/api/ConfigWhiteLabels/modulos', master, { modulos: [{ id: 'estoque', ativo: true }] })).statusCode).toBe(200);
    expect((await req('GET', '/api/Produtos', admin)).statusCode).toBe(200);
  });

  it('modulo-config refuses bad input and writes nothing; a master reaches only their own brand', async () => {
    const before = (await sql(`SELECT config->'modulos' AS m FROM brands WHERE padrao`))[0].m;
    for (const body of [{}, { modulos: [{ id: 'naoexiste', ativo: false }] }, { modulos: [{ id: 'estoque', ativo: false }, { id: 'pagamentos', ativo: true, valorAdicional: '-1.00' }] }, { modulos: [{ id: 'estoque' }] }]) {
      const r = await req('PUT', '/api/ConfigWhiteLabels/modulos', master, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    const neg = await req('PUT', '/api/ConfigWhiteLabels/modulos', master, { modulos: [{ id: 'pagamentos', ativo: true, valorAdicional: '-1.00' }] });
    expect(neg.json().error.details[0]).toMatchObject({ campo: 'valorAdicional' });
    expect((await sql(`SELECT config->'modulos' AS m FROM brands WHERE padrao`))[0].m).toEqual(before);
    const marca2 = (await sql(`SELECT id FROM brands WHERE nome = 'Marca Dois'`))[0].id;
    expect((await req('GET', `/api/ConfigWhiteLabels/modulos?configWhiteLabel=${marca2}`, master)).statusCode).toBe(404);
    expect((await req('PUT', '/api/ConfigWhiteLabels/modulos', master, { configWhiteLabel: marca2, modulos: [{ id: 'vendas', ativo: false }] })).statusCode).toBe(404);
  });

  it('a plan price below zero is refused with a clear message and nothing is written', async () => {
    const r = await req('POST', '/api/Planos', master, { idExterno: 'negativo', nome: 'Plano Negativo', valor: '-10.00', modulos: [] });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('O valor do plano não pode ser negativo.');
    expect(r.json().error.details[0]).toMatchObject({ campo: 'valor' });
    expect((await sql(`SELECT count(*)::int AS n FROM planos WHERE id_externo = 'negativo'`))[0].n).toBe(0);
    const plano = (await sql(`SELECT id FROM planos WHERE id_externo = 'essencial'`))[0].id;
    const put = await req('PUT', `/api/Planos/${plano}`, master, { idExterno: 'essencial', nome: 'Essencial', valor: '-0.01', modulos: [] });
    expect(put.statusCode).toBe(400);
    expect((await sql(`SELECT valor::text AS v FROM planos WHERE id = $1`, [plano]))[0].v).toBe('79.90');
  });

  it('a paying account uses only its plan modules, and contracts an add-on through the billing provider', async () => {
    const branch = (await req('GET', '/api/Usuarios/filiais', viz)).json()[0].id;
    const essencial = (await sql(`SELECT id FROM planos WHERE id_externo = 'essencial' AND config_white_label = (SELECT id FROM brands WHERE padrao)`))[0].id;
    expect((await req('POST', '/api/Usuarios/contratarPlano', viz, { filialId: branch, planoId: essencial })).statusCode).toBe(200);
    // Essencial: vendas, estoque, compras; pagamentos is not in it.
    expect((await req('GET', '/api/Produtos', viz)).statusCode).toBe(200);
    const closed = await req('GET', '/api/ConfiguracoesBoleto', viz);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.message).toBe('O módulo Pagamentos não faz parte do seu plano. Contrate-o em Assinatura > Módulos adicionais.');
    const estado = (await req('GET', '/api/Assinatura', viz)).json();
    expect(estado).toMatchObject({ estado: 'ativo', planoNome: 'Essencial' });
    expect(estado.modulos.find((m: any) => m.id === 'pagamentos')).toMatchObject({ ativo: false, motivo: 'plano', valorAdicional: '39.90', valorAdicionalFormatado: 'R$ 39,90' });
    // The trial account (Mercadinho) tries every module whatever plan it chose.
    expect((await req('GET', '/api/ConfiguracoesBoleto', admin)).statusCode).toBe(200);

    expect((await req('POST', '/api/Usuarios/contratarModulo', viz, { modulo: 'naoexiste' })).statusCode).toBe(400);
    expect((await req('POST', '/api/Usuarios/contratarModulo', viz, { modulo: 'compras' })).json().error.message).toBe('O módulo Compras não é vendido como módulo adicional.');
    const ok = await req('POST', '/api/Usuarios/contratarModulo', viz, { modulo: 'pagamentos' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ modulo: 'pagamentos', valor: '39.90', valorFormatado: 'R$ 39,90', situacao: 'paga' });
    expect((await req('GET', '/api/ConfiguracoesBoleto', viz)).statusCode).toBe(200);
    expect((await req('POST', '/api/Usuarios/contratarModulo', viz, { modulo: 'pagamentos' })).statusCode).toBe(409);
    const cobrancas = (await req('GET', '/api/Assinatura/cobrancas', viz)).json();
    expect(cobrancas).toEqual([expect.objectContaining({ descricao: 'Módulo adicional Pagamentos', valor: '39.90', situacao: 'paga', meio: 'boleto' })]);
    // Another account sees none of it.
    expect((await req('GET', '/api/Assinatura/cobrancas', admin)).json()).toEqual([]);
  });

  it('an expired trial reads but does not write, shows why, and paying (efetivarPlano) opens it again', async () => {
    await sql(`UPDATE tenants SET data_vencimento = current_date - 1 WHERE id = $1`, [demoTenant]);
    const estado = (await req('GET', '/api/Assinatura', admin)).json();
    expect(estado).toMatchObject({ estado: 'trialExpirado', diasRestantes: -1 });
    expect((await req('GET', '/api/Clientes', admin)).statusCode).toBe(200);
    const n = await marcas(demoTenant);
    const w = await req('POST', '/api/Marcas', admin, sampleBody(marcaDoc));
    expect(w.statusCode).toBe(403);
    expect(w.json().error.message).toBe('Seu período de teste terminou: contrate um plano em Assinatura > Planos para voltar a registrar dados.');
    expect(await marcas(demoTenant)).toBe(n);
    // The staff still writes (support); the user may still sign in and read user info.
    expect((await req('POST', '/api/Marcas', master, sampleBody(marcaDoc))).statusCode).toBe(200);
    expect((await req('GET', '/api/Usuarios/getUserInfo?sistema=novoerp', admin)).json().filialSelecionadaObj).toMatchObject({ trial: true });

    const branch = (await req('GET', '/api/Usuarios/filiais', admin)).json()[0].id;
    const profissional = (await sql(`SELECT id FROM planos WHERE id_externo = 'profissional' AND config_white_label = (SELECT id FROM brands WHERE padrao)`))[0].id;
    const paid = await req('POST', '/api/Usuarios/efetivarPlano', admin, { filialId: branch, planoId: profissional });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ situacao: 'registrado', cobranca: 'paga' });
    const t = (await sql(`SELECT trial, bloqueada, data_vencimento - current_date AS dias FROM tenants WHERE id = $1`, [demoTenant]))[0];
    expect(t).toEqual({ trial: false, bloqueada: false, dias: 30 });
    expect((await req('GET', '/api/Assinatura', admin)).json()).toMatchObject({ estado: 'ativo', planoNome: 'Profissional' });
    expect((await req('POST', '/api/Marcas', admin, sampleBody(marcaDoc))).statusCode).toBe(200);
    expect((await req('GET', '/api/Assinatura/cobrancas', admin)).json()[0]).toMatchObject({ descricao: 'Plano Profissional', valor: '149.90', situacao: 'paga' });
  });

  it('a delinquent account is read-only with the way to pay; paying by card keeps only the last digits', async () => {
    await sql(`UPDATE tenants SET bloqueada = true WHERE id = $1`, [vizTenant]);
    expect((await req('GET', '/api/Assinatura', viz)).json().estado).toBe('inadimplente');
    const w = await req('POST', '/api/Marcas', viz, sampleBody(marcaDoc));
    expect(w.statusCode).toBe(403);
    expect(w.json().error.message).toMatch(/^Assinatura com pagamento em aberto/);

    const bad = await req('POST', '/api/Usuarios/alterarPagamentoParaCartao', viz, { numero: '4111 1111 1111 1112', nome: '', validade: '13/20', cvv: '1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: any) => d.campo).sort()).toEqual(['cvv', 'nome', 'numero', 'validade']);
    const declined = await req('POST', '/api/Usuarios/alterarPagamentoParaCartao', viz, { numero: '4000000000000002', nome: 'Loja Vizinha', validade: '12/39', cvv: '123' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().error.message).toBe('Cartão recusado pela operadora. Use outro cartão.');
    expect((await sql(`SELECT meio_pagamento, cartao_final FROM tenants WHERE id = $1`, [vizTenant]))[0]).toEqual({ meio_pagamento: 'boleto', cartao_final: null });
    const card = await req('POST', '/api/Usuarios/alterarPagamentoParaCartao', viz, { numero: '4111 1111 1111 1111', nome: 'Loja Vizinha', validade: '12/39', cvv: '123' });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toEqual({ meioPagamento: 'cartao', cartaoFinal: '1111', bandeira: 'Visa' });

    const branch = (await req('GET', '/api/Usuarios/filiais', viz)).json()[0].id;
    const essencial = (await sql(`SELECT id FROM planos WHERE id_externo = 'essencial' AND config_white_label = (SELECT id FROM brands WHERE padrao)`))[0].id;
    expect((await req('POST', '/api/Usuarios/migrarPlano', viz, { filialId: branch, planoId: essencial })).json()).toMatchObject({ cobranca: 'paga' });
    expect((await req('GET', '/api/Assinatura', viz)).json().estado).toBe('ativo');
    expect((await req('GET', '/api/Assinatura/cobrancas', viz)).json()[0]).toMatchObject({ descricao: 'Plano Essencial', meio: 'cartao' });
    expect((await req('POST', '/api/Marcas', viz, sampleBody(marcaDoc))).statusCode).toBe(200);
  });
});
