import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, type TestServer } from '../support/server.ts';
import { servidorFiscal, certDoXml } from '../support/servidor-fiscal.ts';
import { xmllintSchema, xmlsecVerify, PL_009 } from '../fixtures/fiscal/ferramentas.ts';
import { garantirVendasNfeDemo } from '../../src/server/demo/vendas.ts';
import { esperaTransmissao } from '../../src/server/vendas/pedido-venda.ts';
import { DocumentLifecycle, type AposCommit } from '../../src/server/documents/lifecycle.ts';
import { resolverTransmitindo } from '../../src/server/fiscal/emissao/notas.ts';
import { paraBuffer } from '../../src/server/fiscal/emissao/certificados.ts';
import { destinoSefaz, sefazLocalEmExecucao } from '../../src/server/fiscal/sefaz-destino.ts';
import Decimal from 'decimal.js';

type Row = Record<string, any>;
const xsdOk = (xml: string) => xmllintSchema(path.join(PL_009, 'procNFe_v4.00.xsd'), { x: xml }).x;

// The NF-e step of sales orders at the local SEFAZ: faturar = VENDA movements + receivables + NF-e (built, signed,
// XSD-validated, transmitted) in one transaction, the note posting nothing twice; a rejection or a cliente to fix
// rolls everything back; two tabs faturar at once → one faturamento, one note; cancelling the order cancels the
// note and reverses stock and receivables; the 'Emitir NF-e' action of a faturado order without a note; Vendas >
// Nota fiscal for users with the sales key only (app.saida).
describe.each(BACKENDS)('NF-e dos pedidos de venda on %s', (backend) => {
  const f = servidorFiscal(backend, 'vendas-nfe');
  const { call, ok } = f;
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  const sql = async (text: string, params: unknown[] = []) => (await srv.db.query<Row>(text, params)).rows;
  let tenant: number;
  let matriz: number;
  let clienteSP: number;
  let clienteRJ: number;
  let natureza: number;
  let produtos: { id: number; preco: string }[];
  let deposito: number;

  const ultimo = async () => Number((await sql(`SELECT ultimo_numero FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfe' AND serie = 1`, [tenant, matriz]))[0]?.ultimo_numero ?? 0);
  const contagem = async () => {
    const n = async (t: string) => Number((await sql(`SELECT count(*)::int AS n FROM ${t} WHERE tenant_id = $1`, [tenant]))[0].n);
    return { movimentos: await n('movimentos_estoque'), lancamentos: await n('lancamentos'), notas: await n('notas_fiscais'), reservas: await n('reservas_estoque') };
  };
  const saldo = async (produtoId: number) => String((await sql(`SELECT coalesce(sum(quantidade), 0)::numeric(15,4)::text AS s FROM movimentos_estoque WHERE tenant_id = $1 AND produto_id = $2 AND deposito_id = $3`, [tenant, produtoId, deposito]))[0].s);
  const novoPedido = async (extra: Row = {}) => {
    const o = await ok(admin, 'POST', '/api/PedidosVenda', {
      clienteId: clienteSP,
      depositoId: deposito,
      naturezaId: natureza,
      numeroParcelas: 3,
      primeiroVencimento: '2099-01-10',
      itens: [
        { produtoId: produtos[0].id, quantidade: '2' },
        { produtoId: produtos[1].id, quantidade: '1', descontoPercentual: '10' },
        { produtoId: produtos[2].id, quantidade: '3' },
      ],
      frete: '5.00',
      ...extra,
    });
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
    return o;
  };
  const notaDoPedido = async (pedidoId: number) => (await sql(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND pedido_id = $2 ORDER BY id`, [tenant, pedidoId]));
  const xmlDe = async (notaId: number) => (await call(admin, 'GET', `/api/NotasFiscais/${notaId}/xml`)).body;

  beforeAll(async () => {
    ({ srv, app, admin, vizinha, vendedor } = f);
    const b = (await sql(`SELECT tenant_id, id FROM branches WHERE cpf_cnpj = '11222333000181'`))[0];
    tenant = Number(b.tenant_id);
    matriz = Number(b.id);
    // The salesperson's profile: orders and Vendas > Nota fiscal (app.saida), none of the NF-e menu's keys.
    await sql(`UPDATE access_profiles SET permissoes = permissoes || '{"app.pedidoVenda": 4, "app.saida": 3}'::jsonb WHERE tenant_id = $1 AND id = (SELECT perfil_id FROM users WHERE email = 'vendedor@demo.com.br')`, [tenant]);
    vendedor = await login(app, 'vendedor@demo.com.br');
    clienteSP = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' ORDER BY id LIMIT 1`, [tenant]))[0].id);
    clienteRJ = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'RJ' AND coalesce(inscricao_estadual, '') = '' ORDER BY id LIMIT 1`, [tenant]))[0].id);
    natureza = Number((await sql(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria'`, [tenant]))[0].id);
    produtos = (await sql(
      `SELECT p.id, p.preco_venda FROM produtos p JOIN perfis_tributarios t ON t.tenant_id = p.tenant_id AND t.id = p.perfil_tributario_id
        WHERE p.tenant_id = $1 AND t.nome = 'Revenda Simples Nacional' AND p.ncm IS NOT NULL AND NOT p.servico AND p.preco_venda > 0
          AND NOT EXISTS (SELECT 1 FROM lotes l WHERE l.tenant_id = p.tenant_id AND l.produto_id = p.id) ORDER BY p.id LIMIT 3`,
      [tenant],
    )).map((r) => ({ id: Number(r.id), preco: String(r.preco_venda) }));
    deposito = Number((await sql(`SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 AND padrao`, [tenant, matriz]))[0].id);
    await sql(`UPDATE configuracoes_estoque SET permitir_estoque_negativo = true WHERE tenant_id = $1`, [tenant]);
    await sql(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) SELECT $1, true WHERE NOT EXISTS (SELECT 1 FROM configuracoes_estoque WHERE tenant_id = $1)`, [tenant]);
  });

  it('faturar: VENDA movements, receivables in 3 instalments and the NF-e authorised (valid, signed), the note posting nothing itself', async () => {
    const antes = await ultimo();
    const saldos = await Promise.all(produtos.map((p) => saldo(p.id)));
    const o = await novoPedido();
    const f = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    expect(f.estado).toBe('faturado');
    expect(f.nfeNumero).toBe(antes + 1);
    expect(f.nfeChave).toMatch(/^35\d{4}1122233300018155001\d{19}$/);
    const [nota] = await notaDoPedido(o.id);
    expect(nota).toMatchObject({ status: 'autorizada', numero: antes + 1, serie: 1, lancamento_id: null });
    expect(Number(nota.id)).toBe(f.nfeId);
    expect(String(nota.total)).toBe(f.valorTotal);
    const xml = await xmlDe(nota.id);
    expect(xsdOk(xml)).toBe('');
    expect(xmlsecVerify(xml, certDoXml(xml), 'infNFe').ok).toBe(true);
    expect(xml).toContain('<CFOP>5102</CFOP>');
    expect(xml).toContain('<CSOSN>102</CSOSN>');
    expect(xml).toContain(`<vNF>${f.valorTotal}</vNF>`);
    expect(xml).toContain('<vFrete>5.00</vFrete>');
    expect([...xml.matchAll(/<dup>/g)]).toHaveLength(3);
    expect(xml).toContain(`Pedido de venda nº ${o.numero}.`);
    // Stock and money: the order's only (origem pedidoVenda), none under the note.
    expect((await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, nota.id]))[0].n).toBe(0);
    expect((await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, nota.id]))[0].n).toBe(0);
    const parcelas = await sql(`SELECT p.valor::text AS v FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id WHERE l.tenant_id = $1 AND l.origem_tipo = 'pedidoVenda' AND l.origem_id = $2 ORDER BY p.numero`, [tenant, o.id]);
    expect(parcelas).toHaveLength(3);
    const depois = await Promise.all(produtos.map((p) => saldo(p.id)));
    expect(depois.map((d, i) => Number(d) - Number(saldos[i]))).toEqual([-2, -1, -3]);
    // The note of an order is cancelled through the order, not alone.
    const sozinha = await call(admin, 'POST', `/api/NotasFiscais/${nota.id}/cancelar`, { justificativa: 'Tentativa de cancelar so a nota do pedido' });
    expect(sozinha.statusCode).toBe(409);
    expect(sozinha.json().error.message).toMatch(new RegExp(`^Esta nota é do pedido de venda nº ${o.numero}: cancele o pedido`));

    // Cancelling the order: the NF-e cancelled at SEFAZ, stock back, receivable cancelled.
    const c = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/cancelar`);
    expect(c.estado).toBe('cancelado');
    expect((await notaDoPedido(o.id))[0].status).toBe('cancelada');
    expect((await sql(`SELECT tipo FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 ORDER BY id`, [tenant, nota.id])).map((e) => e.tipo)).toEqual(['autorizacao', 'cancelamento']);
    expect(await Promise.all(produtos.map((p) => saldo(p.id)))).toEqual(saldos);
    expect((await sql(`SELECT bool_and(cancelado) AS c FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2`, [tenant, o.id]))[0].c).toBe(true);
    expect((await ok(admin, 'POST', `/api/NotasFiscais/${nota.id}/consultar`)).cStat).toBe('101');
    // The first note of the file also opens the certificate and compiles the XSD: more than a warm issue takes.
  }, 120_000);

  it('the demo: its three orders marked demoNfe are faturados once on the first start, each with an NF-e authorised, listed in Vendas > Nota fiscal and on the dashboard', async () => {
    const marcados = await sql(`SELECT id FROM documentos WHERE tenant_id = $1 AND tipo = 'pedidoVenda' AND estado = 'aguardando_faturamento' AND (cabecalho->>'demoNfe')::boolean ORDER BY id`, [tenant]);
    expect(marcados).toHaveLength(3);
    const resumoAntes = await ok(admin, 'GET', '/api/Vendas/resumo');
    const feitos = await garantirVendasNfeDemo(srv.services, tenant);
    expect(feitos).toEqual(marcados.map((m) => Number(m.id)));
    // A second server (or start) finds nothing left to do.
    expect(await garantirVendasNfeDemo(srv.services)).toEqual([]);
    let soma = new Decimal(0);
    for (const id of feitos) {
      const p = await ok(admin, 'GET', `/api/PedidosVenda/${id}`);
      expect(p.estado).toBe('faturado');
      expect(p.demoNfe).toBeUndefined();
      const notas = await notaDoPedido(id);
      expect(notas).toHaveLength(1);
      expect(notas[0]).toMatchObject({ status: 'autorizada', lancamento_id: null });
      expect(String(notas[0].total)).toBe(p.valorTotal);
      expect(xsdOk(await xmlDe(notas[0].id))).toBe('');
      soma = soma.plus(p.valorTotal);
    }
    const lista = await ok(admin, 'GET', `/api/NotasFiscais?filter=${encodeURIComponent(JSON.stringify({ where: { origem: 'vendas' }, limit: 100 }))}`);
    expect(feitos.every((id) => lista.some((n: Row) => n.pedidoId === id))).toBe(true);
    const resumoDepois = await ok(admin, 'GET', '/api/Vendas/resumo');
    expect(new Decimal(resumoDepois.vendasHoje).minus(resumoAntes.vendasHoje).toFixed(2)).toBe(soma.toFixed(2));
  }, 120_000);

  it('a cliente in another state (not a contributor): the order\'s NF-e carries DIFAL from the tributação estadual', async () => {
    const o = await novoPedido({ clienteId: clienteRJ, frete: null });
    const f = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    const [nota] = await notaDoPedido(o.id);
    expect(nota.status).toBe('autorizada');
    const xml = await xmlDe(nota.id);
    expect(xsdOk(xml)).toBe('');
    expect(xml).toContain('<CFOP>6102</CFOP>');
    expect([...xml.matchAll(/<ICMSUFDest>/g)]).toHaveLength(3);
    expect(xml).toContain('<pICMSUFDest>20.0000</pICMSUFDest><pICMSInter>12.00</pICMSInter>');
    // DIFAL of the whole note = 8% of the goods (20% RJ − 12% interstate), FCP 2%.
    const vNF = Number(f.valorTotal);
    const difal = Number(/<ICMSTot>.*?<vICMSUFDest>([\d.]+)</.exec(xml)![1]);
    expect(Math.abs(difal - vNF * 0.08)).toBeLessThan(0.03);
  });

  it('a rejection at SEFAZ (after faturar committed) runs estornar-faturamento: postings reversed to net zero, the order back, the number back, the note rejected with the help', async () => {
    const o = await novoPedido();
    const antes = await ultimo();
    // The next number inutilised: SEFAZ answers 206 for it.
    await ok(admin, 'POST', '/api/Inutilizacoes', { serie: 1, numeroInicial: antes + 1, numeroFinal: antes + 1, justificativa: 'Numero pulado para o teste de rejeicao' });
    const saldos = await Promise.all(produtos.map((p) => saldo(p.id)));
    const reservado = async () => (await sql(`SELECT produto_id, quantidade::text AS q FROM reservas_estoque WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2 ORDER BY produto_id`, [tenant, o.id]));
    const reservas = await reservado();
    expect(reservas).toHaveLength(3);
    const r = await call(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().error.message).toMatch(/^A SEFAZ rejeitou a NF-e: 206 - .+\. .{10,}/);
    expect(r.json().error.details[0]).toMatchObject({ cStat: '206' });
    // The order is back where it was, holding its reservation again; the audit trail shows faturar and its compensation.
    const pedido = await ok(admin, 'GET', `/api/PedidosVenda/${o.id}`);
    expect(pedido.estado).toBe('aguardando');
    expect(pedido.transicoes).toContain('faturar');
    expect(pedido.transicoes).not.toContain('estornar-faturamento');
    expect(pedido.eventos.map((e: Row) => [e.transicao, e.de, e.para]).slice(-2)).toEqual([['faturar', 'aguardando', 'faturado'], ['estornar-faturamento', 'faturado', 'aguardando']]);
    expect(await reservado()).toEqual(reservas);
    // Stock: the VENDA movements and their estorno rows (nothing deleted), net zero.
    expect(await Promise.all(produtos.map((p) => saldo(p.id)))).toEqual(saldos);
    const movs = await sql(`SELECT (estorno_de IS NOT NULL) AS estorno, count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2 GROUP BY 1 ORDER BY 1`, [tenant, o.id]);
    expect(movs).toEqual([{ estorno: false, n: 3 }, { estorno: true, n: 3 }]);
    // Money: the receivable cancelled; the sales lines stamped cancelled.
    expect(await sql(`SELECT cancelado FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2`, [tenant, o.id])).toEqual([{ cancelado: true }]);
    expect((await sql(`SELECT bool_and(cancelado_em IS NOT NULL) AS c, count(*)::int AS n FROM vendas_itens WHERE tenant_id = $1 AND pedido_id = $2`, [tenant, o.id]))[0]).toEqual({ c: true, n: 3 });
    // The number is back to the series (SEFAZ never authorised it); the note is kept rejected with the code and the help.
    expect(await ultimo()).toBe(antes);
    const [rejeitada] = await notaDoPedido(o.id);
    expect(rejeitada).toMatchObject({ status: 'rejeitada', numero: null, chave: null });
    expect(rejeitada.rejeicao).toMatchObject({ cStat: '206' });
    expect(rejeitada.rejeicao.ajuda.comoCorrigir.length).toBeGreaterThan(10);
    // Sent from the note screens while the order is not faturado: refused (its postings are the order's).
    expect((await call(admin, 'POST', `/api/NotasFiscais/${rejeitada.id}/transmitir`)).statusCode).toBe(400);
    // The series moved past the inutilised number: faturar goes through, once.
    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { proximoNumeroNfe: antes + 2 });
    const f = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    expect(f.nfeNumero).toBe(antes + 2);
    expect((await notaDoPedido(o.id)).map((n) => n.status)).toEqual(['rejeitada', 'autorizada']);
    expect(await reservado()).toEqual([]);
    expect((await Promise.all(produtos.map((p) => saldo(p.id)))).map((d, i) => Number(d) - Number(saldos[i]))).toEqual([-2, -1, -3]);
    expect((await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2 AND NOT cancelado`, [tenant, o.id]))[0].n).toBe(1);
  });

  it('SEFAZ slower than the wait: faturar answers the order faturado with its note transmitindo; the note settles authorised after', async () => {
    const normal = async () => {
      await destinoSefaz();
      return (await sefazLocalEmExecucao())!;
    };
    const o = await novoPedido();
    const antes = await ultimo();
    const espera = esperaTransmissao.ms;
    esperaTransmissao.ms = 200;
    (await normal()).lentidao = { ms: 3000, servicos: ['NFeAutorizacao4'], processa: true };
    try {
      const f = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
      expect(f.estado).toBe('faturado');
      expect(f.nfeNumero ?? null).toBeNull();
      const [nota] = await notaDoPedido(o.id);
      expect(nota).toMatchObject({ status: 'transmitindo', numero: antes + 1 });
      expect(nota.chave).toMatch(/^\d{44}$/);
      // The transmission goes on after the answer: the note is authorised with the key fixed in transaction 1.
      await expect.poll(async () => (await notaDoPedido(o.id))[0].status, { timeout: 30_000, interval: 100 }).toBe('autorizada');
      const [autorizada] = await notaDoPedido(o.id);
      expect(autorizada.chave).toBe(nota.chave);
      expect(await ok(admin, 'GET', `/api/PedidosVenda/${o.id}`)).toMatchObject({ estado: 'faturado', nfeNumero: antes + 1, nfeChave: nota.chave });
    } finally {
      esperaTransmissao.ms = espera;
      (await normal()).lentidao = null;
    }
  }, 60_000);

  it('a crash right after faturar committed: the start-up recovery sends the same note again and, refused, runs estornar-faturamento once', async () => {
    const o = await novoPedido();
    const antes = await ultimo();
    const saldos = await Promise.all(produtos.map((p) => saldo(p.id)));
    // Transaction 1 of faturar as the route runs it, its after-commit work never run (the process died there).
    const services = srv.services;
    const def = services.documents!.get('pedidoVenda');
    const ctx = { tenantId: tenant, userId: Number((await sql(`SELECT id FROM users WHERE email = 'admin@demo.com.br'`))[0].id), branchId: matriz, perfilAdmin: true, permissoes: {}, isContador: false, suporteWhiteLabel: false } as never;
    const perdidos: AposCommit[] = [];
    await services.db.tenant(ctx, (q) => new DocumentLifecycle(services.registry, services).transition(q, def, ctx, o.id, 'faturar', perdidos));
    expect(perdidos).toHaveLength(1);
    const [nota] = await notaDoPedido(o.id);
    expect(nota).toMatchObject({ status: 'transmitindo', numero: antes + 1 });
    expect(nota.chave).toMatch(/^\d{44}$/);
    // The stored signed XML tampered with (a changed name under the signature): SEFAZ will refuse it (297).
    const xml = (await paraBuffer((await services.storage.get(nota.arquivo_xml))!)).toString('utf8');
    await services.storage.put(nota.arquivo_xml, Buffer.from(xml.replace(/<xNome>([^<]+)<\/xNome>/, '<xNome>$1 X</xNome>'), 'utf8'), { contentType: 'application/xml' });
    const r = await resolverTransmitindo(services, 0);
    expect(r.resolvidas).toContain(Number(nota.id));
    const [rejeitada] = await notaDoPedido(o.id);
    expect(rejeitada).toMatchObject({ status: 'rejeitada', numero: null, chave: null });
    expect(rejeitada.rejeicao).toMatchObject({ cStat: '297' });
    expect(await ultimo()).toBe(antes);
    const pedido = await ok(admin, 'GET', `/api/PedidosVenda/${o.id}`);
    expect(pedido.estado).toBe('aguardando');
    expect(pedido.eventos.map((e: Row) => e.transicao).slice(-2)).toEqual(['faturar', 'estornar-faturamento']);
    expect(await Promise.all(produtos.map((p) => saldo(p.id)))).toEqual(saldos);
    expect(await sql(`SELECT cancelado FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2`, [tenant, o.id])).toEqual([{ cancelado: true }]);
    // Run again (the periodic job, another server): nothing more happens.
    expect((await resolverTransmitindo(services, 0)).resolvidas).toEqual([]);
    expect((await sql(`SELECT count(*)::int AS n FROM documento_eventos WHERE tenant_id = $1 AND documento_id = $2 AND transicao = 'estornar-faturamento'`, [tenant, o.id]))[0].n).toBe(1);
    // The order is invoiced again with the number given back.
    expect((await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`)).nfeNumero).toBe(antes + 1);
  });

  it('SEFAZ down and the branch without contingency: 503 as before, the order back where it was, nothing numbered, no note left, postings net zero', async () => {
    const normal = async () => {
      await destinoSefaz();
      return (await sefazLocalEmExecucao())!;
    };
    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: 'nenhuma' });
    try {
      const o = await novoPedido();
      const antes = await ultimo();
      const saldos = await Promise.all(produtos.map((p) => saldo(p.id)));
      (await normal()).indisponivel = true;
      const r = await call(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
      expect(r.statusCode, r.body).toBe(503);
      expect(r.json().error.message).toMatch(/^SEFAZ indisponível: .*Nada foi numerado; tente de novo em instantes\.$/);
      expect((await ok(admin, 'GET', `/api/PedidosVenda/${o.id}`)).estado).toBe('aguardando');
      expect(await ultimo()).toBe(antes);
      expect(await notaDoPedido(o.id)).toEqual([]);
      expect(await Promise.all(produtos.map((p) => saldo(p.id)))).toEqual(saldos);
      expect(await sql(`SELECT cancelado FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2`, [tenant, o.id])).toEqual([{ cancelado: true }]);
      (await normal()).indisponivel = false;
      expect((await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`)).nfeNumero).toBe(antes + 1);
    } finally {
      const s = await sefazLocalEmExecucao();
      if (s) s.indisponivel = false;
      await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: 'svc' });
    }
  });

  it('a cliente without address: faturar refused in Portuguese before SEFAZ, nothing posted', async () => {
    const semEnd = Number((await sql(`INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj) VALUES ($1, 0, 'Cliente Sem Endereço Vendas', '52998224725') RETURNING id`, [tenant]))[0].id);
    const o = await novoPedido({ clienteId: semEnd });
    const c0 = await contagem();
    const antes = await ultimo();
    const r = await call(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toMatch(/Destinatário Cliente Sem Endereço Vendas: cadastro sem endereço completo/);
    expect(await contagem()).toEqual(c0);
    expect(await ultimo()).toBe(antes);
    expect((await ok(admin, 'GET', `/api/PedidosVenda/${o.id}`)).estado).toBe('aguardando');
  });

  it('two tabs faturar at once: exactly one faturamento, one note, one set of movements and receivables', async () => {
    const o = await novoPedido();
    const antes = await ultimo();
    const rs = await Promise.all([call(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`), call(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`)]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const notas = await notaDoPedido(o.id);
    expect(notas.map((n) => [n.status, n.numero])).toEqual([['autorizada', antes + 1]]);
    expect(await ultimo()).toBe(antes + 1);
    expect((await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2`, [tenant, o.id]))[0].n).toBe(3);
    expect((await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2`, [tenant, o.id]))[0].n).toBe(1);
  });

  it('an order that turns the NF-e off is faturado without a note; its \'Emitir NF-e\' draft issues one tied to it, posting nothing again', async () => {
    const o = await novoPedido({ emitirNfe: false });
    const f = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    expect(f.nfeNumero ?? null).toBeNull();
    expect(await notaDoPedido(o.id)).toEqual([]);
    const dados = await ok(vendedor, 'GET', `/api/PedidosVenda/${o.id}/nota-fiscal`);
    expect(dados).toMatchObject({ pedidoId: o.id, naturezaId: natureza, clienteId: clienteSP });
    expect(dados.itens).toHaveLength(3);
    const c0 = await contagem();
    // A user with the sales key only (app.saida) issues it from Vendas > Nota fiscal.
    const rascunho = await ok(vendedor, 'POST', '/api/NotasFiscais', dados);
    const t = await ok(vendedor, 'POST', `/api/NotasFiscais/${rascunho.id}/transmitir`);
    expect(t.autorizada, JSON.stringify(t.rejeicao)).toBe(true);
    expect(t.nota.total).toBe(f.valorTotal);
    const c1 = await contagem();
    expect({ ...c1, notas: c0.notas }).toEqual(c0);
    expect((await ok(admin, 'GET', `/api/PedidosVenda/${o.id}`)).nfeNumero).toBe(t.nota.numero);
    const outra = await call(vendedor, 'GET', `/api/PedidosVenda/${o.id}/nota-fiscal`);
    expect(outra.statusCode).toBe(400);
    expect(outra.json().error.message).toMatch(new RegExp(`já tem a NF-e ${t.nota.numero} autorizada`));
    // An order not faturado has no such draft: faturar issues its note.
    const aberto = await novoPedido();
    expect((await call(admin, 'GET', `/api/PedidosVenda/${aberto.id}/nota-fiscal`)).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/api/NotasFiscais', { ...dados, pedidoId: aberto.id })).statusCode).toBe(400);
  });

  it('in contingency (EPEC) faturar posts stock and receivables, the order is Faturado, and the note is sent once when SEFAZ returns', async () => {
    // The local SEFAZ of this process (started on its first use, which this test may be when run alone).
    const normal = async () => {
      await destinoSefaz();
      return (await sefazLocalEmExecucao())!;
    };
    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: 'epec' });
    try {
      const antes = await ultimo();
      const saldos = await Promise.all(produtos.map((p) => saldo(p.id)));
      const o = await novoPedido();
      (await normal()).indisponivel = true;
      const f = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
      expect(f.estado).toBe('faturado');
      const [nota] = await notaDoPedido(o.id);
      expect(nota).toMatchObject({ status: 'contingencia', numero: antes + 1, tipo_emissao: 4, lancamento_id: null });
      expect(nota.contingencia).toMatchObject({ tipo: 'epec', pendente: true });
      expect(nota.chave.slice(34, 35)).toBe('4');
      expect(f).toMatchObject({ nfeId: Number(nota.id), nfeNumero: antes + 1, nfeChave: nota.chave });
      // The posting happened: stock out and the receivable in 3 instalments, all under the order (none under the note).
      expect((await Promise.all(produtos.map((p) => saldo(p.id)))).map((d, i) => Number(d) - Number(saldos[i]))).toEqual([-2, -1, -3]);
      const parcelas = await sql(`SELECT p.valor::text AS v FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id WHERE l.tenant_id = $1 AND l.origem_tipo = 'pedidoVenda' AND l.origem_id = $2 AND NOT l.cancelado`, [tenant, o.id]);
      expect(parcelas).toHaveLength(3);
      expect(Decimal.sum(...parcelas.map((p) => p.v)).toFixed(2)).toBe(f.valorTotal);
      expect((await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, nota.id]))[0].n).toBe(0);
      expect((await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, nota.id]))[0].n).toBe(0);
      // Cancelling the order waits for the note: cancelled now, the EPEC note would still reach SEFAZ later.
      const c0 = await contagem();
      const cedo = await call(admin, 'POST', `/api/PedidosVenda/${o.id}/cancelar`);
      expect(cedo.statusCode).toBe(409);
      expect(cedo.json().error.message).toBe(`A NF-e ${antes + 1} do pedido de venda nº ${o.numero} foi emitida em contingência e ainda não foi autorizada: quando a SEFAZ voltar ela é transmitida (ou use 'Transmitir pendentes' em Notas processadas); cancele o pedido depois disso.`);
      expect(await contagem()).toEqual(c0);
      // Still down: nothing sent. Back: transmitted and authorised, once.
      expect(await ok(admin, 'POST', '/api/NotasFiscais/transmitirPendentes')).toMatchObject({ autorizadas: [], pendentes: 1 });
      (await normal()).indisponivel = false;
      const chamadas = (await normal()).chamadas.get('NFeAutorizacao4') ?? 0;
      expect(await ok(admin, 'POST', '/api/NotasFiscais/transmitirPendentes')).toEqual({ autorizadas: [Number(nota.id)], rejeitadas: [], pendentes: 0 });
      expect(await ok(admin, 'POST', '/api/NotasFiscais/transmitirPendentes')).toEqual({ autorizadas: [], rejeitadas: [], pendentes: 0 });
      expect((await normal()).chamadas.get('NFeAutorizacao4')).toBe(chamadas + 1);
      const [autorizada] = await notaDoPedido(o.id);
      expect(autorizada).toMatchObject({ status: 'autorizada', numero: antes + 1, chave: nota.chave, tipo_emissao: 4 });
      expect(autorizada.protocolo).toMatch(/^\d{15}$/);
      expect(await ultimo()).toBe(antes + 1);
      const xml = await xmlDe(nota.id);
      expect(xml).toContain('<nfeProc');
      expect(xml).toContain('<tpEmis>4</tpEmis>');
      expect(xsdOk(xml)).toBe('');
      expect(await contagem()).toEqual(c0);
      expect(await ok(admin, 'GET', `/api/PedidosVenda/${o.id}`)).toMatchObject({ estado: 'faturado', nfeId: Number(nota.id), nfeNumero: antes + 1, nfeChave: nota.chave });
      // Now the order cancels as any other: the note cancelled at SEFAZ, stock and receivables reversed.
      expect((await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/cancelar`)).estado).toBe('cancelado');
      expect((await notaDoPedido(o.id))[0].status).toBe('cancelada');
      expect(await Promise.all(produtos.map((p) => saldo(p.id)))).toEqual(saldos);
    } finally {
      const s = await sefazLocalEmExecucao();
      if (s) s.indisponivel = false;
      await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: 'svc' });
    }
  }, 120_000);

  it('Vendas > Nota fiscal lists the notes of sales for the sales key; other accounts see none; no key, no list', async () => {
    const lista = await ok(vendedor, 'GET', `/api/NotasFiscais?filter=${encodeURIComponent(JSON.stringify({ where: { origem: 'vendas' }, limit: 100 }))}`);
    expect(lista.length).toBeGreaterThanOrEqual(4);
    expect(lista.every((n: Row) => typeof n.pedidoId === 'number')).toBe(true);
    const total = await ok(vendedor, 'GET', `/api/NotasFiscais/count?filter=${encodeURIComponent(JSON.stringify({ where: { origem: 'vendas' } }))}`);
    expect(total.count).toBe(lista.length);
    expect(await ok(vizinha, 'GET', `/api/NotasFiscais?filter=${encodeURIComponent(JSON.stringify({ where: { origem: 'vendas' } }))}`)).toEqual([]);
    // Cancelling a note stays with the NF-e keys (or with the order).
    expect((await call(vendedor, 'POST', `/api/NotasFiscais/${lista[0].id}/cancelar`, { justificativa: 'Tentativa do vendedor sem a chave' })).statusCode).toBe(403);
    await sql(`UPDATE access_profiles SET permissoes = permissoes - 'app.saida' WHERE tenant_id = $1 AND id = (SELECT perfil_id FROM users WHERE email = 'vendedor@demo.com.br')`, [tenant]);
    const semChave = await login(app, 'vendedor@demo.com.br');
    expect((await call(semChave, 'GET', '/api/NotasFiscais')).statusCode).toBe(403);
  });
});
