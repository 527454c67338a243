import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { BACKENDS, type TestServer } from '../support/server.ts';
import { servidorFiscal, xsdOk, certDoXml } from '../support/servidor-fiscal.ts';
import { xmlsecVerify } from '../fixtures/fiscal/ferramentas.ts';
import { generateKeyPairSync } from 'node:crypto';
import { calcularNfe } from '../../src/shared/fiscal/nfe-calculo.ts';
import { gerarXmlNfe } from '../../src/shared/fiscal/nfe-xml.ts';
import { assinarXml } from '../../src/server/fiscal/assinatura-xml.ts';
import { infNFeSupl, lerQrCode, montarQrCode, urlsNfce } from '../../src/server/fiscal/qrcode-nfce.ts';
import { CSC_DEMO } from '../../src/server/demo/pdv.ts';
import { destinoSefaz, sefazLocalEmExecucao } from '../../src/server/fiscal/sefaz-destino.ts';
import { dataHoraComFuso, JUSTIFICATIVA_OFFLINE, nfceOffline } from '../../src/web/pages/pdv/servico.ts';
import { resolverTransmitindo } from '../../src/server/pdv/cupons.ts';

// The point of sale's server (issue 19, PDV-CONTRACT.md): settings, operators and their PIN lock, caixa sessions to
// the cent, sales posting stock + payments + NFC-e at the local SEFAZ in one transaction, idempotency under
// concurrency, the refusals, other accounts.
describe.each(BACKENDS)('PDV on %s', (backend) => {
  const f = servidorFiscal(backend, 'pdv');
  const { call, ok } = f;
  let srv: TestServer;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  const sql = (text: string, params: unknown[] = []) => srv.db.query(text, params);
  let tenant: number;
  let pdvId: number;
  let pdv2: number;
  let formas: Record<string, number>;
  let operadorId: number;
  let produtos: { id: number; preco: string }[];

  beforeAll(async () => {
    ({ srv, admin, vizinha, vendedor } = f);
    tenant = Number((await sql(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id);
    const pdvs = (await sql(`SELECT id, descricao FROM pdvs WHERE tenant_id = $1 ORDER BY id`, [tenant])).rows;
    pdvId = Number(pdvs[0].id);
    pdv2 = Number(pdvs[1].id);
    formas = Object.fromEntries((await sql(`SELECT id, t_pag FROM pdv_formas_pagamento WHERE tenant_id = $1`, [tenant])).rows.map((f) => [f.t_pag, Number(f.id)]));
    operadorId = Number((await sql(`SELECT id FROM operadores_pdv WHERE tenant_id = $1 AND codigo = '1'`, [tenant])).rows[0].id);
    const dep = Number((await sql(`SELECT deposito_id FROM pdvs WHERE id = $1`, [pdvId])).rows[0].deposito_id);
    produtos = (await sql(
      `SELECT p.id, p.preco_venda::text AS preco FROM produtos p JOIN saldos_estoque s ON s.tenant_id = p.tenant_id AND s.produto_id = p.id AND s.deposito_id = $2
        WHERE p.tenant_id = $1 AND p.ncm IS NOT NULL AND NOT p.servico AND p.preco_venda > 0 AND s.quantidade >= 50 AND s.lote_id IS NULL ORDER BY p.id LIMIT 10`,
      [tenant, dep],
    )).rows.map((r) => ({ id: Number(r.id), preco: new Decimal(r.preco).toFixed(2) }));
    expect(produtos.length).toBeGreaterThanOrEqual(3);
  });

  const abrirCaixa = async (pdv: number, valor = '100.00') => ok(admin, 'POST', '/api/Pdv/caixas', { pdvId: pdv, operadorId, valorAbertura: valor }, 201);
  const caixaAtual = async () => {
    const r = await call(admin, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdvId}`);
    return r.statusCode === 200 ? r.json() : abrirCaixa(pdvId);
  };
  const venda = (caixaId: number, extra: Record<string, unknown> = {}, itens = [{ produtoId: produtos[0].id, quantidade: '2', precoUnitario: produtos[0].preco, desconto: '0' }]) => {
    const total = itens.reduce((s, i) => s.plus(new Decimal(i.quantidade).times(i.precoUnitario).toDecimalPlaces(2)).minus(i.desconto), new Decimal(0));
    return { chave: randomUUID(), pdvId, caixaId, operadorId, emitidaEm: new Date().toISOString(), itens, pagamentos: [{ formaPagamentoId: formas['01'], tPag: '01', valor: total.toFixed(2) }], troco: '0.00', ...extra };
  };

  it('settings: payment methods, stations, groups and operators through the generic API; the PIN is never answered', async () => {
    const f = await ok(admin, 'POST', '/api/FormasPagamentoPdv', { descricao: 'Vale-refeição', tPag: '10', tef: false, permiteTroco: false }, 200);
    expect(f).toMatchObject({ descricao: 'Vale-refeição', tPag: '10' });
    // Card brands belong to cards: on any other method they are cleared.
    const boleto = await ok(admin, 'POST', '/api/FormasPagamentoPdv', { descricao: 'Boleto', tPag: '15', bandeiras: ['01'], tef: true });
    expect(boleto).toMatchObject({ bandeiras: null });
    expect(await ok(admin, 'POST', '/api/FormasPagamentoPdv', { descricao: 'Crédito Elo', tPag: '03', bandeiras: ['06'], tef: true })).toMatchObject({ bandeiras: ['06'], tef: true });
    const tPagRuim = await call(admin, 'POST', '/api/FormasPagamentoPdv', { descricao: 'Xis', tPag: '77' });
    expect(tPagRuim.statusCode).toBe(400);
    const g = await ok(admin, 'POST', '/api/GruposUsuarioPdv', { descricao: 'Fiscais', descontoMaximo: '7.50', podeCancelar: true });
    const o = await ok(admin, 'POST', '/api/OperadoresPdv', { nome: 'Fábio Fiscal', codigo: '77', grupoId: g.id, pin: '4321' });
    expect(o.pin).toBeNull();
    expect(JSON.stringify(o)).not.toMatch(/\$2[aby]\$/);
    const hash = (await sql(`SELECT pin_hash FROM operadores_pdv WHERE id = $1`, [o.id])).rows[0].pin_hash;
    expect(hash).toMatch(/^\$2[aby]\$/);
    expect((await call(admin, 'POST', '/api/OperadoresPdv', { nome: 'Sem PIN', codigo: '78', grupoId: g.id })).statusCode).toBe(400);
    // An edit without a PIN keeps the old one.
    await ok(admin, 'PUT', `/api/OperadoresPdv/${o.id}`, { nome: 'Fábio Fiscal Filho', codigo: '77', grupoId: g.id, ativo: true });
    expect((await sql(`SELECT pin_hash FROM operadores_pdv WHERE id = $1`, [o.id])).rows[0].pin_hash).toBe(hash);
    const dep = (await sql(`SELECT id, filial_id FROM depositos WHERE tenant_id = $1 ORDER BY id`, [tenant])).rows;
    const outroDep = dep.find((d) => Number(d.filial_id) !== Number(dep[0].filial_id));
    const p = await ok(admin, 'POST', '/api/Pdvs', { descricao: 'Caixa 09', filialId: Number(dep[0].filial_id), depositoId: Number(dep[0].id), serieNfce: 9, larguraImpressora: 58, balancaPrefixo: '2', balancaTipo: 'peso', teclado: 'reduzido' });
    expect(p).toMatchObject({ serieNfce: 9, larguraImpressora: 58, balancaTipo: 'peso' });
    if (outroDep) {
      const r = await call(admin, 'POST', '/api/Pdvs', { descricao: 'Caixa 10', filialId: Number(dep[0].filial_id), depositoId: Number(outroDep.id), serieNfce: 10 });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toMatch(/^Depósito: /);
    }
    expect((await call(admin, 'POST', '/api/Pdvs', { descricao: 'Caixa 11', filialId: Number(dep[0].filial_id), depositoId: Number(dep[0].id), serieNfce: 11, larguraImpressora: 99 })).statusCode).toBe(400);
    // Lists: demo stations, methods and operators.
    const lista = await ok(admin, 'GET', `/api/FormasPagamentoPdv?filter=${encodeURIComponent(JSON.stringify({ order: 'descricao ASC' }))}`);
    expect(lista.map((x: { descricao: string }) => x.descricao)).toEqual(expect.arrayContaining(['Dinheiro', 'Cartão de crédito', 'Cartão de débito', 'PIX']));
    // Users without the keys see nothing; other accounts see none of these.
    expect((await call(vendedor, 'GET', '/api/Pdvs')).statusCode).toBe(403);
    expect(await ok(vizinha, 'GET', '/api/OperadoresPdv')).toEqual([]);
    expect((await call(vizinha, 'GET', `/api/OperadoresPdv/${o.id}`)).statusCode).toBe(404);
  });

  it('operator sign-in: right PIN answers the limits; the 5th wrong PIN in a row locks (423); a new PIN unlocks', async () => {
    const r = await ok(admin, 'POST', '/api/Pdv/operadores/entrar', { pdvId, codigo: '2', pin: '1234' });
    expect(r).toMatchObject({ operador: { nome: 'Olga Operadora' }, limites: { descontoMaximo: '5.00', podeCancelar: false, podeAbrirGaveta: false } });
    for (let i = 1; i <= 4; i++) {
      const e = await call(admin, 'POST', '/api/Pdv/operadores/entrar', { pdvId, codigo: '3', pin: '9999' });
      expect(e.statusCode).toBe(401);
      expect(e.json().error.message).toBe('PIN incorreto.');
    }
    const quinta = await call(admin, 'POST', '/api/Pdv/operadores/entrar', { pdvId, codigo: '3', pin: '9999' });
    expect(quinta.statusCode).toBe(423);
    expect(quinta.json().error.message).toBe('Operador bloqueado. Procure o gerente.');
    // Locked: even the right PIN is refused.
    expect((await call(admin, 'POST', '/api/Pdv/operadores/entrar', { pdvId, codigo: '3', pin: '1234' })).statusCode).toBe(423);
    const op = (await sql(`SELECT id, nome, grupo_id FROM operadores_pdv WHERE tenant_id = $1 AND codigo = '3'`, [tenant])).rows[0];
    expect((await ok(admin, 'GET', `/api/OperadoresPdv/${op.id}`)).bloqueado).toBe(true);
    await ok(admin, 'PATCH', `/api/OperadoresPdv/${op.id}`, { pin: '5678' });
    expect((await ok(admin, 'POST', '/api/Pdv/operadores/entrar', { pdvId, codigo: '3', pin: '5678' })).operador.id).toBe(Number(op.id));
    // A right PIN resets the count.
    await call(admin, 'POST', '/api/Pdv/operadores/entrar', { pdvId, codigo: '3', pin: '0000' });
    await ok(admin, 'POST', '/api/Pdv/operadores/entrar', { pdvId, codigo: '3', pin: '5678' });
    expect(Number((await sql(`SELECT tentativas FROM operadores_pdv WHERE id = $1`, [op.id])).rows[0].tentativas)).toBe(0);
  });

  it('caixa: open with a float, sangria and suprimento with reasons, a sale, close to the cent with the difference and the finance posting; report PDFs', async () => {
    const c = await abrirCaixa(pdvId, '150.00');
    expect(c).toMatchObject({ pdvId, valorAbertura: '150.00', estado: 'aberto' });
    expect((await call(admin, 'POST', '/api/Pdv/caixas', { pdvId, operadorId, valorAbertura: '10.00' })).statusCode).toBe(409);
    const aberto = await ok(admin, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdvId}`);
    expect(aberto.id).toBe(c.id);
    expect(aberto.esperado.find((e: { formaPagamentoId: number }) => e.formaPagamentoId === formas['01']).valor).toBe('150.00');
    const semMotivo = await call(admin, 'POST', `/api/Pdv/caixas/${c.id}/sangria`, { valor: '10.00', motivo: '' });
    expect(semMotivo.statusCode).toBe(400);
    expect((await call(admin, 'POST', `/api/Pdv/caixas/${c.id}/sangria`, { valor: '1000.00', motivo: 'Cofre' })).statusCode).toBe(400);
    await ok(admin, 'POST', `/api/Pdv/caixas/${c.id}/suprimento`, { valor: '20.30', motivo: 'Troco do banco' }, 201);
    await ok(admin, 'POST', `/api/Pdv/caixas/${c.id}/sangria`, { valor: '70.10', motivo: 'Depósito no cofre' }, 201);
    // A sale paid 30.00 in cash and the rest by debit card, change 0 — plus one with change.
    const item = { produtoId: produtos[1].id, quantidade: '3', precoUnitario: '12.35', desconto: '0.05' };
    const total = new Decimal('37.00');
    const v1 = await ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id, { pagamentos: [{ formaPagamentoId: formas['01'], tPag: '01', valor: '30.00' }, { formaPagamentoId: formas['04'], tPag: '04', valor: total.minus(30).toFixed(2), bandeira: '02' }] }, [item]), 201);
    expect(v1).toMatchObject({ total: '37.00', troco: '0.00' });
    const v2 = await ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id, { pagamentos: [{ formaPagamentoId: formas['01'], tPag: '01', valor: '50.00' }], troco: '13.00' }, [item]), 201);
    expect(v2.troco).toBe('13.00');
    // Expected in cash: 150 + 20.30 - 70.10 + 30 + 50 - 13 = 167.20; debit 7.00.
    const esperado = (await ok(admin, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdvId}`)).esperado as { formaPagamentoId: number; valor: string }[];
    expect(esperado.find((e) => e.formaPagamentoId === formas['01'])!.valor).toBe('167.20');
    expect(esperado.find((e) => e.formaPagamentoId === formas['04'])!.valor).toBe('7.00');
    const antes = (await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'caixaPdv' AND origem_id = $2`, [tenant, c.id])).rows[0].n;
    expect(antes).toBe(0);
    const f = await ok(admin, 'POST', `/api/Pdv/caixas/${c.id}/fechar`, { contado: [{ formaPagamentoId: formas['01'], valor: '167.00' }, { formaPagamentoId: formas['04'], valor: '7.00' }] });
    expect(f.diferencas.find((d: { formaPagamentoId: number }) => d.formaPagamentoId === formas['01']).valor).toBe('-0.20');
    expect(f.diferencas.find((d: { formaPagamentoId: number }) => d.formaPagamentoId === formas['04']).valor).toBe('0.00');
    expect(f).toMatchObject({ estado: 'fechado', totalEsperado: '174.20', totalContado: '174.00', diferenca: '-0.20' });
    // Finance: net sales per method into its account (cash 80 - 13 = 67.00, debit 7.00) and the shortage as a despesa, all settled.
    const l = (await sql(`SELECT l.tipo, l.valor_total::text AS v, l.descricao FROM lancamentos l WHERE l.tenant_id = $1 AND l.origem_tipo = 'caixaPdv' AND l.origem_id = $2 ORDER BY l.id`, [tenant, c.id])).rows;
    expect(l.map((x) => [Number(x.tipo), x.v])).toEqual([[0, '67.00'], [0, '7.00'], [1, '0.20']]);
    // Closed: nothing more moves, a second closing is refused.
    expect((await call(admin, 'POST', `/api/Pdv/caixas/${c.id}/fechar`, { contado: [] })).statusCode).toBe(409);
    expect((await call(admin, 'POST', `/api/Pdv/caixas/${c.id}/suprimento`, { valor: '1.00', motivo: 'Teste' })).statusCode).toBe(409);
    expect((await call(admin, 'POST', '/api/Pdv/vendas', venda(c.id))).statusCode).toBe(409);
    for (const formato of ['80mm', 'a4']) {
      const pdf = await call(admin, 'GET', `/api/Pdv/caixas/${c.id}/relatorio?formato=${formato}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // The generic document list shows the session closed with its difference.
    const lista = await ok(admin, 'GET', `/api/CaixasPdv?filter=${encodeURIComponent(JSON.stringify({ where: { id: c.id } }))}`);
    expect(lista[0]).toMatchObject({ estado: 'fechado', diferenca: '-0.20', totalVendas: '74.00' });
  });

  it('a sale posts stock, payments and an NFC-e authorised at the local SEFAZ (xmllint + xmlsec1); the DANFCE prints', async () => {
    const c = await abrirCaixa(pdvId);
    const saldo = async () => new Decimal((await sql(`SELECT coalesce(sum(quantidade), 0)::text AS q FROM saldos_estoque WHERE tenant_id = $1 AND produto_id = $2`, [tenant, produtos[0].id])).rows[0].q);
    const antes = await saldo();
    const itens = produtos.slice(0, 3).map((p, i) => ({ produtoId: p.id, quantidade: String(i + 1), precoUnitario: p.preco, desconto: '0' }));
    const r = await ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id, { cpfCnpj: '529.982.247-25' }, itens), 201);
    expect(r.situacao, r.motivo).toBe('autorizada');
    expect(r.chaveAcesso).toMatch(/^\d{44}$/);
    expect(r.chaveAcesso.slice(20, 22)).toBe('65');
    expect(r.qrCode).toContain(r.chaveAcesso);
    expect((await saldo()).toString()).toBe(antes.minus(1).toString());
    const xml = await call(admin, 'GET', `/api/Pdv/cupons/${r.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xsdOk('procNFe_v4.00.xsd', xml.body)).toBe('');
    expect(xmlsecVerify(xml.body, certDoXml(xml.body), 'infNFe').ok).toBe(true);
    expect(xml.body).toContain('<mod>65</mod>');
    expect(xml.body).toContain('<CPF>52998224725</CPF>');
    const pdf = await call(admin, 'GET', r.danfce);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(admin, 'GET', `${r.danfce}?formato=html`)).body).toContain(r.chaveAcesso.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect((await call(admin, 'GET', `${r.danfce}?formato=escpos`)).rawPayload[0]).toBe(0x1b);
    const cupons = await ok(admin, 'GET', `/api/Pdv/cupons?filter=${encodeURIComponent(JSON.stringify({ where: { id: r.id } }))}`);
    expect(cupons[0]).toMatchObject({ situacao: 'autorizada', chaveAcesso: r.chaveAcesso, total: r.total });
    // E-mail with XML and DANFCE, then the cancellation within the window (justification of at least 15 characters).
    expect((await ok(admin, 'POST', `/api/Pdv/cupons/${r.id}/reenviar-email`, { email: 'cliente@exemplo.com.br' })).enviado).toBe(true);
    expect((await call(admin, 'POST', `/api/Pdv/cupons/${r.id}/cancelar`, { justificativa: 'curta' })).statusCode).toBe(400);
    // SEFAZ away: 503, the cupom stays authorised, nothing reversed, and its request is withdrawn (a new one goes through).
    const fora = await semSefaz(() => call(admin, 'POST', `/api/Pdv/cupons/${r.id}/cancelar`, { justificativa: 'Cliente desistiu da compra no caixa' }));
    expect(fora.statusCode).toBe(503);
    expect((await ok(admin, 'GET', `/api/Pdv/cupons?filter=${encodeURIComponent(JSON.stringify({ where: { id: r.id } }))}`))[0].situacao).toBe('autorizada');
    expect((await saldo()).toString()).not.toBe(antes.toString());
    const cancel = await ok(admin, 'POST', `/api/Pdv/cupons/${r.id}/cancelar`, { justificativa: 'Cliente desistiu da compra no caixa' });
    expect(cancel.situacao).toBe('cancelada');
    expect((await saldo()).toString()).toBe(antes.toString());
    expect((await sql(`SELECT transicao, de, para FROM estado_eventos WHERE tenant_id = $1 AND tipo = 'nfce' AND registro_id = $2 ORDER BY id`, [tenant, r.id])).rows).toEqual([
      { transicao: 'autorizar', de: 'pendente', para: 'autorizada' },
      { transicao: 'cancelar', de: 'autorizada', para: 'cancelada' },
    ]);
    expect((await call(admin, 'POST', `/api/Pdv/cupons/${r.id}/cancelar`, { justificativa: 'Cliente desistiu da compra no caixa' })).statusCode).toBe(409);
  });

  it('the same Idempotency-Key sent 10 times at once posts one sale and gets one answer', async () => {
    const c = await caixaAtual();
    const body = venda(c.id);
    const chave = body.chave;
    const movs = async () => (await sql(`SELECT count(*)::int AS n FROM pdv_caixa_movimentos WHERE tenant_id = $1 AND caixa_id = $2`, [tenant, c.id])).rows[0].n;
    const antes = await movs();
    const rs = await Promise.all(Array.from({ length: 10 }, () => call(admin, 'POST', '/api/Pdv/vendas', { ...body, chave: undefined }, { 'idempotency-key': chave })));
    const codes = rs.map((r) => r.statusCode).sort();
    expect(codes, rs.map((r) => r.body).join('\n')).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(rs.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    expect(new Set(rs.map((r) => r.json().chaveAcesso)).size).toBe(1);
    expect((await sql(`SELECT count(*)::int AS n FROM pdv_vendas WHERE tenant_id = $1 AND chave = $2`, [tenant, chave])).rows[0].n).toBe(1);
    expect((await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'pdvVenda' AND origem_id = $2`, [tenant, [...ids][0]])).rows[0].n).toBe(1);
    expect(await movs()).toBe(antes + 1);
  });

  it('bad input: payment below the total, unknown product, discount over the limit, closing with an open sale — refused and nothing changes', async () => {
    const c = await caixaAtual();
    const n = async () => (await sql(`SELECT count(*)::int AS n FROM pdv_vendas WHERE tenant_id = $1`, [tenant])).rows[0].n;
    const antes = await n();
    const pouco = await call(admin, 'POST', '/api/Pdv/vendas', venda(c.id, { pagamentos: [{ formaPagamentoId: formas['01'], tPag: '01', valor: '0.01' }] }));
    expect(pouco.statusCode).toBe(400);
    expect(pouco.json().error.message).toMatch(/^Pagamentos: o total pago \(R\$ 0,01\) é menor que o total da venda/);
    const troco = await call(admin, 'POST', '/api/Pdv/vendas', venda(c.id, { pagamentos: [{ formaPagamentoId: formas['03'], tPag: '03', valor: '9999.00' }] }));
    expect(troco.statusCode).toBe(400);
    expect((await call(admin, 'POST', '/api/Pdv/vendas', venda(c.id, {}, [{ produtoId: 999999, quantidade: '1', precoUnitario: '1.00', desconto: '0' }]))).statusCode).toBe(400);
    const olga = Number((await sql(`SELECT id FROM operadores_pdv WHERE tenant_id = $1 AND codigo = '2'`, [tenant])).rows[0].id);
    const desconto = await call(admin, 'POST', '/api/Pdv/vendas', venda(c.id, { operadorId: olga }, [{ produtoId: produtos[0].id, quantidade: '1', precoUnitario: '100.00', desconto: '50.00' }]));
    expect(desconto.statusCode).toBe(400);
    expect(desconto.json().error.message).toMatch(/limite do operador/);
    expect((await call(admin, 'POST', '/api/Pdv/vendas', { ...venda(c.id), chave: 'não-é-uuid' })).statusCode).toBe(400);
    expect(await n()).toBe(antes);
    // The station still holds an unsynchronised sale; and a sale on the server whose NFC-e is still being issued.
    const aberta = await call(admin, 'POST', `/api/Pdv/caixas/${c.id}/fechar`, { contado: [], vendasAbertas: 1 });
    expect(aberta.statusCode).toBe(409);
    expect(aberta.json().error.message).toMatch(/venda em aberto/);
    const r = await ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id), 201);
    await sql(`UPDATE pdv_vendas SET situacao = 'pendente' WHERE id = $1`, [r.id]);
    expect((await call(admin, 'POST', `/api/Pdv/caixas/${c.id}/fechar`, { contado: [] })).statusCode).toBe(409);
    await sql(`UPDATE pdv_vendas SET situacao = 'autorizada' WHERE id = $1`, [r.id]);
    expect((await ok(admin, 'GET', `/api/CaixasPdv/${c.id}`)).estado).toBe('aberto');
  });

  it('cupom-erro: a failed NFC-e keeps the sale posted and lists it; the retry issues it', async () => {
    const c = await caixaAtual();
    const conf = (await sql(`SELECT csc_token FROM configuracoes_nfe WHERE tenant_id = $1`, [tenant])).rows[0];
    await sql(`UPDATE configuracoes_nfe SET csc_token = NULL WHERE tenant_id = $1`, [tenant]);
    const r = await ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id), 201);
    await sql(`UPDATE configuracoes_nfe SET csc_token = $2 WHERE tenant_id = $1`, [tenant, conf.csc_token]);
    expect(r).toMatchObject({ situacao: 'erro', numero: null });
    expect(r.motivo).toMatch(/CSC/);
    expect((await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'pdvVenda' AND origem_id = $2`, [tenant, r.id])).rows[0].n).toBe(1);
    const erros = await ok(admin, 'GET', '/api/CuponsErro');
    expect(erros.map((e: { id: number }) => e.id)).toContain(r.id);
    expect(erros.every((e: { situacao: string }) => e.situacao === 'erro')).toBe(true);
    const again = await ok(admin, 'POST', `/api/Pdv/cupons/${r.id}/retransmitir`);
    expect(again.situacao, again.motivo).toBe('autorizada');
    // Each step by a declared transition of schemas/lifecycles/nfce.json, audited.
    expect((await sql(`SELECT transicao, de, para FROM estado_eventos WHERE tenant_id = $1 AND tipo = 'nfce' AND registro_id = $2 ORDER BY id`, [tenant, r.id])).rows).toEqual([
      { transicao: 'rejeitar', de: 'pendente', para: 'erro' },
      { transicao: 'retransmitir', de: 'erro', para: 'pendente' },
      { transicao: 'autorizar', de: 'pendente', para: 'autorizada' },
    ]);
    expect((await ok(admin, 'GET', '/api/CuponsErro')).map((e: { id: number }) => e.id)).not.toContain(r.id);
    // The same key now answers the authorised cupom.
    const replay = await call(admin, 'POST', '/api/Pdv/vendas', { ...venda(c.id), chave: r.chave });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().situacao).toBe('autorizada');
  });

  it('a denied NFC-e (302): the sale is \'denegada\' keeping its number and key (and SEFAZ\'s protocol when it sends one); the number never goes back to the series nor to cupom-erro', async () => {
    const c = await caixaAtual();
    const antes = await ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id), 201);
    expect(antes.situacao).toBe('autorizada');
    await destinoSefaz();
    const sefaz = (await sefazLocalEmExecucao())!;
    const proximo = antes.numero + 1;
    try {
      for (let n = proximo; n < proximo + 3; n++) sefaz.rejeitarNumeros.set(n, ['302', 'Uso Denegado: Irregularidade fiscal do destinatário']);
      const r = await ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id), 201);
      expect(r).toMatchObject({ situacao: 'denegada', numero: proximo, motivo: '302 - Uso Denegado: Irregularidade fiscal do destinatário' });
      expect(r.chaveAcesso).toMatch(/^\d{44}$/);
      const [v] = (await sql(`SELECT situacao, numero, chave_acesso, protocolo, xml_arquivo, contingencia_desde FROM pdv_vendas WHERE tenant_id = $1 AND id = $2`, [tenant, r.id])).rows;
      expect(v).toMatchObject({ situacao: 'denegada', numero: proximo, chave_acesso: r.chaveAcesso, contingencia_desde: null });
      expect(v.xml_arquivo).toBeTruthy();
      expect((await ok(admin, 'GET', '/api/CuponsErro')).map((e: { id: number }) => e.id)).not.toContain(r.id);
      expect((await call(admin, 'POST', `/api/Pdv/cupons/${r.id}/retransmitir`)).statusCode).toBe(409);
    } finally {
      sefaz.rejeitarNumeros.clear();
    }
    // The denied number is spent: the next sale takes the one after it.
    const depois = await ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id), 201);
    expect(depois).toMatchObject({ situacao: 'autorizada', numero: proximo + 1 });
  });

  it('numbering blocks for offline selling never overlap the online numbers', async () => {
    const a = await ok(admin, 'POST', '/api/Pdv/numeracao/reservar', { pdvId, quantidade: 5 }, 201);
    const b = await ok(admin, 'POST', '/api/Pdv/numeracao/reservar', { pdvId, quantidade: 5 }, 201);
    expect(b.de).toBe(a.ate + 1);
    expect(a.ate - a.de).toBe(4);
    const c = await caixaAtual();
    const r = await ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id), 201);
    expect(r.numero).toBeGreaterThan(b.ate);
    expect((await call(admin, 'POST', '/api/Pdv/numeracao/reservar', { pdvId, quantidade: 0 })).statusCode).toBe(400);
  });

  it('other accounts and users without the key reach nothing of the PDV', async () => {
    const c = await caixaAtual();
    expect((await call(vizinha, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdvId}`)).statusCode).toBe(404);
    expect((await call(vizinha, 'POST', `/api/Pdv/caixas/${c.id}/sangria`, { valor: '1.00', motivo: 'Invasão' })).statusCode).toBe(404);
    expect((await call(vizinha, 'GET', `/api/Pdv/catalogo?pdvId=${pdvId}`)).statusCode).toBe(404);
    const v = (await sql(`SELECT id FROM pdv_vendas WHERE tenant_id = $1 AND situacao = 'autorizada' LIMIT 1`, [tenant])).rows[0];
    expect((await call(vizinha, 'GET', `/api/Pdv/cupons/${v.id}/xml`)).statusCode).toBe(404);
    expect(await ok(vizinha, 'GET', '/api/CuponsFiscais')).toEqual([]);
    expect(await ok(vizinha, 'GET', '/api/Pdv/cupons')).toEqual([]);
    const rv = await call(vizinha, 'POST', '/api/Pdv/vendas', venda(c.id));
    expect([400, 404]).toContain(rv.statusCode);
    expect((await call(vendedor, 'POST', '/api/Pdv/vendas', venda(c.id))).statusCode).toBe(403);
    expect((await call(vendedor, 'GET', '/api/Pdv/cupons')).statusCode).toBe(403);
  });

  it('the catalogue for the offline cache: products, promotions, methods, station, issuer and CSC; desde gives only changes', async () => {
    const cat = await ok(admin, 'GET', `/api/Pdv/catalogo?pdvId=${pdvId}`);
    expect(cat.produtos.length).toBeGreaterThan(10);
    expect(cat.produtos[0]).toEqual(expect.objectContaining({ id: expect.any(Number), precoVenda: expect.stringMatching(/^\d+\.\d{2}$/), pesavel: expect.any(Boolean) }));
    expect(cat.formasPagamento.map((f: { tPag: string }) => f.tPag)).toEqual(expect.arrayContaining(['01', '03', '04', '17']));
    expect(cat.pdv).toMatchObject({ id: pdvId, serieNfce: 1, balanca: { prefixo: '2' } });
    expect(cat.csc.id).toBe('000001');
    expect(cat.emitente.cnpj).toBe('11222333000181');
    const depois = await ok(admin, 'GET', `/api/Pdv/catalogo?pdvId=${pdvId}&desde=${encodeURIComponent(cat.versao)}`);
    expect(depois.produtos).toEqual([]);
    await sql(`UPDATE produtos SET preco_venda = preco_venda + 1, updated_at = now() WHERE id = $1`, [produtos[5]?.id ?? produtos[0].id]);
    expect((await ok(admin, 'GET', `/api/Pdv/catalogo?pdvId=${pdvId}&desde=${encodeURIComponent(cat.versao)}`)).produtos.length).toBe(1);
  });

  it('offline sale: the browser-built NFC-e (tpEmis 9, reserved number) is checked, signed unchanged (digVal of the printed QR holds) and authorised once', async () => {
    const c = await caixaAtual();
    const online = await ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id, {}, produtos.slice(0, 2).map((p) => ({ produtoId: p.id, quantidade: '1', precoUnitario: p.preco, desconto: '0' }))), 201);
    const base = (await sql(`SELECT documento, itens, pagamentos FROM pdv_vendas WHERE id = $1`, [online.id])).rows[0];
    const bloco = await ok(admin, 'POST', '/api/Pdv/numeracao/reservar', { pdvId, quantidade: 3 }, 201);
    // What the browser does: build the infNFe (tpEmis 9), compute its digest, print the QR Code with digVal.
    const agora = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19) + '-03:00';
    const doc = { ...base.documento, ide: { ...base.documento.ide, serie: bloco.serie, numero: bloco.de, codigoNumerico: '40302010', dataEmissao: agora, tipoEmissao: 9, contingencia: { dataHora: agora, justificativa: 'Sem conexao com a internet no caixa' } } };
    const semAssinatura = gerarXmlNfe(calcularNfe(doc));
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const digest = /<DigestValue>([^<]+)</.exec(assinarXml(semAssinatura, 'infNFe', { certBase64: 'AA==', chavePrivada: privateKey }))![1];
    const chave = /Id="NFe(\d{44})"/.exec(semAssinatura)![1];
    const urls = urlsNfce('SP', 2);
    const qr = montarQrCode({ urlBase: urls.qrCode, chave, tpAmb: 2, csc: { id: CSC_DEMO.id, codigo: CSC_DEMO.token }, offline: { dhEmi: agora, vNF: online.total, digestValue: digest } });
    const xml = semAssinatura.replace('</infNFe>', `</infNFe>${infNFeSupl(qr, urls.urlChave)}`);
    const itens = base.itens.map((i: Record<string, string>) => ({ produtoId: i.produtoId, quantidade: i.quantidade, precoUnitario: i.precoUnitario, desconto: i.desconto }));
    const corpo = venda(c.id, { offline: { tpEmis: 9, dhCont: agora, xJust: 'Sem conexao com a internet no caixa', serie: bloco.serie, numero: bloco.de, xml } }, itens);
    // A note that does not match the sale is refused and nothing is posted.
    const torto = await call(admin, 'POST', '/api/Pdv/vendas', { ...corpo, chave: randomUUID(), itens: [{ ...itens[0], quantidade: '2' }, itens[1]], pagamentos: [{ formaPagamentoId: formas['01'], tPag: '01', valor: '999.00' }], troco: null });
    expect(torto.statusCode).toBe(400);
    expect(torto.json().error.message).toMatch(/não confere com a venda/);
    const fora = await call(admin, 'POST', '/api/Pdv/vendas', { ...corpo, chave: randomUUID(), offline: { ...(corpo as Record<string, any>).offline, numero: bloco.ate + 100 } });
    expect(fora.statusCode).toBe(400);
    const r = await ok(admin, 'POST', '/api/Pdv/vendas', corpo, 201);
    expect(r).toMatchObject({ situacao: 'autorizada', numero: bloco.de, chaveAcesso: chave });
    expect(lerQrCode(r.qrCode).digestValue).toBe(digest);
    const proc = (await call(admin, 'GET', `/api/Pdv/cupons/${r.id}/xml`)).body;
    expect(xsdOk('procNFe_v4.00.xsd', proc)).toBe('');
    expect(xmlsecVerify(proc, certDoXml(proc), 'infNFe').ok).toBe(true);
    expect(/<DigestValue>([^<]+)</.exec(proc)![1]).toBe(digest);
    expect(proc).toContain('<tpEmis>9</tpEmis>');
    // Synced twice (the station retried): one sale, same answer; the number cannot serve another sale.
    const again = await call(admin, 'POST', '/api/Pdv/vendas', corpo);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(r.id);
    const dup = await call(admin, 'POST', '/api/Pdv/vendas', { ...corpo, chave: randomUUID() });
    expect(dup.statusCode).toBe(409);
    expect((await call(admin, 'GET', `${r.danfce}`)).statusCode).toBe(200);
  });

  it('the demo: two stations, a closed caixa whose day of sales gets authorised NFC-e from the job, an open caixa, one cupom-erro', async () => {
    const pdvs = await ok(admin, 'GET', '/api/Pdvs');
    expect(pdvs.map((p: { descricao: string }) => p.descricao)).toEqual(expect.arrayContaining(['Caixa 01', 'Caixa 02']));
    const caixas = await ok(admin, 'GET', `/api/CaixasPdv?filter=${encodeURIComponent(JSON.stringify({ order: 'numero ASC', limit: 2 }))}`);
    expect(caixas.map((c: { estado: string }) => c.estado)).toEqual(['fechado', 'aberto']);
    expect(caixas[0].diferenca).toBe('-0.50');
    expect((await ok(admin, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdv2}`)).id).toBe(caixas[1].id);
    const r = await ok(admin, 'POST', '/api/Pdv/contingencia/transmitir');
    expect(r.autorizadas).toBe(8);
    const dia = await ok(admin, 'GET', `/api/CuponsFiscais?filter=${encodeURIComponent(JSON.stringify({ where: { caixaId: caixas[0].id } }))}`);
    expect(dia.length).toBe(8);
    expect(dia.every((v: { situacao: string }) => v.situacao === 'autorizada')).toBe(true);
    expect((await ok(admin, 'GET', '/api/CuponsErro')).some((e: { motivo: string }) => /539/.test(e.motivo))).toBe(true);
  });
  it('back office closing: counts per method in one transaction (a bad line posts nothing), the generic transition without counts refused, two closings at once close once (the demo\'s open caixa)', async () => {
    const r = await call(admin, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdv2}`);
    const c = r.statusCode === 200 ? r.json() : await abrirCaixa(pdv2, '80.00');
    await ok(admin, 'POST', `/api/Pdv/caixas/${c.id}/suprimento`, { valor: '12.34', motivo: 'Troco do gerente' }, 201);
    const det = await ok(admin, 'GET', `/api/Pdv/caixas/${c.id}`);
    const esperado = det.esperado as { formaPagamentoId: number; valor: string }[];
    expect(esperado.length).toBeGreaterThanOrEqual(2);
    const contagens = async () => (await sql(`SELECT count(*)::int AS n FROM pdv_caixa_contagens WHERE tenant_id = $1 AND caixa_id = $2`, [tenant, c.id])).rows[0].n;
    const lancamentos = async () => (await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'caixaPdv' AND origem_id = $2`, [tenant, c.id])).rows[0].n;
    // The document's generic 'fechar' cannot take the counts: refused, the session stays open.
    expect((await call(admin, 'POST', `/api/CaixasPdv/${c.id}/fechar`)).statusCode).toBe(400);
    // The second line is unreadable: the first line's count is not kept either.
    const ruim = await call(admin, 'POST', `/api/Pdv/caixas/${c.id}/fechar`, { contado: [{ formaPagamentoId: esperado[0].formaPagamentoId, valor: '1.00' }, { formaPagamentoId: esperado[1].formaPagamentoId, valor: '1,5' }] });
    expect(ruim.statusCode, ruim.body).toBe(400);
    expect(await contagens()).toBe(0);
    expect(await lancamentos()).toBe(0);
    expect((await ok(admin, 'GET', `/api/Pdv/caixas/${c.id}`)).estado).toBe('aberto');
    // One cent over in the first method, the rest exact; sent twice at once.
    const contado = esperado.map((e, i) => ({ formaPagamentoId: e.formaPagamentoId, valor: i === 0 ? new Decimal(e.valor).plus('0.01').toFixed(2) : e.valor }));
    const [a, b] = await Promise.all([0, 1].map(() => call(admin, 'POST', `/api/Pdv/caixas/${c.id}/fechar`, { contado })));
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const f = (a.statusCode === 200 ? a : b).json();
    const total = esperado.reduce((s, e) => s.plus(e.valor), new Decimal(0));
    expect(f).toMatchObject({ estado: 'fechado', totalEsperado: total.toFixed(2), totalContado: total.plus('0.01').toFixed(2), diferenca: '0.01' });
    expect(await contagens()).toBe(esperado.length);
    const lista = await ok(admin, 'GET', `/api/CaixasPdv?filter=${encodeURIComponent(JSON.stringify({ where: { id: c.id } }))}`);
    expect(lista[0]).toMatchObject({ estado: 'fechado', diferenca: '0.01' });
  });
  // SEFAZ away while a sale is made: the server issues its NFC-e in contingency (tpEmis 9) and queues it.
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const semSefaz = async <T>(f: () => Promise<T>): Promise<T> => {
    const s = (await sefazLocalEmExecucao())!;
    s.indisponivel = true;
    try {
      return await f();
    } finally {
      s.indisponivel = false;
    }
  };
  const vendaEmContingencia = async () => {
    const c = await caixaAtual();
    const v = await semSefaz(() => ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id), 201));
    expect(v.situacao).toBe('contingencia');
    expect(v.chaveAcesso.slice(34, 35)).toBe('9');
    return v;
  };

  it('solicitações de reenvio: a contingency note is listed as pending at once; "reenviar" sends it now and its state follows (pending while SEFAZ is away, then authorised), one request per note', async () => {
    const v = await vendaEmContingencia();
    const pedidos = () => ok(admin, 'GET', `/api/SolicitacoesReenvio?filter=${q({ where: { vendaId: v.id } })}`);
    const [sol] = await pedidos();
    expect(sol).toMatchObject({ vendaId: v.id, estado: 'pendente', tentativas: 1 });
    const url = `/api/Pdv/solicitacoes-reenvio/${sol.id}/reenviar`;
    // Still no SEFAZ: the same request, one attempt more, still pending; the cupom still in contingency.
    const r1 = await semSefaz(() => ok(admin, 'POST', url));
    expect(r1).toMatchObject({ id: sol.id, estado: 'pendente', tentativas: 2, cupom: { id: v.id, situacao: 'contingencia' } });
    expect(r1.resultado).toMatch(/indispon|503/i);
    // Other accounts and users without the key reach nothing.
    expect((await call(vizinha, 'POST', url)).statusCode).toBe(404);
    expect((await call(vendedor, 'POST', url)).statusCode).toBe(403);
    // SEFAZ back: authorised, the cupom too, with its protocol.
    const r2 = await ok(admin, 'POST', url);
    expect(r2).toMatchObject({ id: sol.id, estado: 'autorizada', resultado: 'Autorizada', tentativas: 3, cupom: { id: v.id, situacao: 'autorizada', chaveAcesso: v.chaveAcesso } });
    const [cupom] = await ok(admin, 'GET', `/api/Pdv/cupons?filter=${q({ where: { id: v.id } })}`);
    expect(cupom.situacao).toBe('autorizada');
    expect(await pedidos()).toEqual([expect.objectContaining({ id: sol.id, estado: 'autorizada', tentativas: 3 })]);
    // Nothing left to send: refused, nothing changes.
    const deNovo = await call(admin, 'POST', url);
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json().error.message).toBe(`A NFC-e ${v.numero}/${v.serie} já está autorizada: não há o que reenviar.`);
    expect((await pedidos())[0].tentativas).toBe(3);
  });

  it('contingency deadline: 24 h after the issue; the transmission job alerts the administrators once when less than 4 h remain, not before, and sends the note when SEFAZ is back', async () => {
    const v = await vendaEmContingencia();
    const datas = async () => (await sql(`SELECT contingencia_desde, prazo_contingencia FROM pdv_vendas WHERE id = $1`, [v.id])).rows[0];
    const d0 = await datas();
    expect(new Date(d0.prazo_contingencia).getTime() - new Date(d0.contingencia_desde).getTime()).toBe(24 * 3600_000);
    // As if the note had been issued earlier (the job compares the deadline with the real clock).
    const emitidaHa = (ms: number) => sql(`UPDATE pdv_vendas SET contingencia_desde = now() - $2 * interval '1 millisecond', prazo_contingencia = now() - $2 * interval '1 millisecond' + interval '24 hours' WHERE id = $1`, [v.id, ms]);
    const texto = `A NFC-e ${v.numero}/${v.serie}, emitida em contingência, precisa ser transmitida à SEFAZ até`;
    const alertas = async () => (await sql(`SELECT user_id, tipo, texto, link FROM alertas WHERE tenant_id = $1 AND texto LIKE $2`, [tenant, `${texto}%`])).rows;
    const admins = Number((await sql(`SELECT count(*)::int AS n FROM users WHERE tenant_id = $1 AND ativo AND perfil_admin`, [tenant])).rows[0].n);
    expect(admins).toBeGreaterThan(0);
    // 19 h 50 min after the issue (4 h 10 min left): the job tries, SEFAZ still away, no alert yet.
    await emitidaHa(19 * 3600_000 + 50 * 60_000);
    const r1 = await semSefaz(() => ok(admin, 'POST', '/api/Pdv/contingencia/transmitir'));
    expect(r1.pendentes).toBeGreaterThanOrEqual(1);
    expect(await alertas()).toEqual([]);
    // 20 h 10 min after (3 h 50 min left): one alert to each administrator, a warning that links to the requests.
    await emitidaHa(20 * 3600_000 + 10 * 60_000);
    const r2 = await semSefaz(() => ok(admin, 'POST', '/api/Pdv/contingencia/transmitir'));
    expect(r2.alertas).toBe(1);
    const a = await alertas();
    expect(a).toHaveLength(admins);
    expect(a[0]).toMatchObject({ tipo: 'warning', link: 'pages/configuracoes/solicitacao-reenvios' });
    const prazo = new Date((await datas()).prazo_contingencia).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    expect(a[0].texto).toBe(`${texto} ${prazo}. Verifique a conexão e as solicitações de reenvio.`);
    // The admin sees it among their alerts (SPEC 4).
    expect((await ok(admin, 'GET', '/api/Alerta/pesquisar-alertas')).some((x: { texto: string }) => x.texto === a[0].texto)).toBe(true);
    // Once: the next runs raise no other.
    await semSefaz(() => ok(admin, 'POST', '/api/Pdv/contingencia/transmitir'));
    expect(await alertas()).toHaveLength(admins);
    // SEFAZ back: the job sends it; authorised, and nothing more is raised.
    const r3 = await ok(admin, 'POST', '/api/Pdv/contingencia/transmitir');
    expect(r3.autorizadas).toBeGreaterThanOrEqual(1);
    expect((await ok(admin, 'GET', `/api/Pdv/cupons?filter=${q({ where: { id: v.id } })}`))[0].situacao).toBe('autorizada');
    expect(await alertas()).toHaveLength(admins);
  });
  it('a contingency NFC-e that SEFAZ denies when it is finally sent (302) ends \'denegada\' as online: number, key and protocol kept, out of the contingency queue and of cupom-erro, its request closed', async () => {
    const v = await vendaEmContingencia();
    const [sol] = await ok(admin, 'GET', `/api/SolicitacoesReenvio?filter=${q({ where: { vendaId: v.id } })}`);
    const sefaz = (await sefazLocalEmExecucao())!;
    sefaz.rejeitarNumeros.set(v.numero, ['302', 'Uso Denegado: Irregularidade fiscal do destinatário']);
    try {
      await ok(admin, 'POST', '/api/Pdv/contingencia/transmitir');
    } finally {
      sefaz.rejeitarNumeros.clear();
    }
    const [linha] = (await sql(`SELECT situacao, numero, chave_acesso, motivo, xml_arquivo, contingencia_desde, prazo_contingencia FROM pdv_vendas WHERE tenant_id = $1 AND id = $2`, [tenant, v.id])).rows;
    expect(linha).toMatchObject({ situacao: 'denegada', numero: v.numero, chave_acesso: v.chaveAcesso, motivo: '302 - Uso Denegado: Irregularidade fiscal do destinatário', contingencia_desde: null, prazo_contingencia: null });
    expect(linha.xml_arquivo).toBeTruthy();
    // By the declared transition (schemas/lifecycles/nfce.json), audited.
    expect((await sql(`SELECT transicao, de, para FROM estado_eventos WHERE tenant_id = $1 AND tipo = 'nfce' AND registro_id = $2 ORDER BY id`, [tenant, v.id])).rows).toEqual([
      { transicao: 'contingenciar', de: 'pendente', para: 'contingencia' },
      { transicao: 'denegar', de: 'contingencia', para: 'denegada' },
    ]);
    const [cupom] = await ok(admin, 'GET', `/api/Pdv/cupons?filter=${q({ where: { id: v.id } })}`);
    expect(cupom).toMatchObject({ situacao: 'denegada', numero: v.numero, chaveAcesso: v.chaveAcesso });
    expect((await ok(admin, 'GET', '/api/CuponsErro')).map((e: { id: number }) => e.id)).not.toContain(v.id);
    expect((await ok(admin, 'GET', `/api/SolicitacoesReenvio?filter=${q({ where: { vendaId: v.id } })}`))[0]).toMatchObject({ id: sol.id, estado: 'erro', resultado: '302 - Uso Denegado: Irregularidade fiscal do destinatário' });
    // Nothing to send again: neither the request nor the cupom-erro retry touch it; the job leaves it alone.
    const reenvio = await call(admin, 'POST', `/api/Pdv/solicitacoes-reenvio/${sol.id}/reenviar`);
    expect(reenvio.statusCode).toBe(409);
    expect(reenvio.json().error.message).toBe(`A NFC-e ${v.numero}/${v.serie} já está denegada: não há o que reenviar.`);
    expect((await call(admin, 'POST', `/api/Pdv/cupons/${v.id}/retransmitir`)).statusCode).toBe(409);
    await ok(admin, 'POST', '/api/Pdv/contingencia/transmitir');
    expect((await sql(`SELECT situacao FROM pdv_vendas WHERE tenant_id = $1 AND id = $2`, [tenant, v.id])).rows[0].situacao).toBe('denegada');
  });

  it('offline NFC-e: the catalogue carries, per product, the item the online NFC-e writes; the station\'s offline note of a sale has the online note\'s CFOP, ICMS, PIS and COFINS groups, consumer and card payment', async () => {
    const c = await caixaAtual();
    // A drink (perfil "Bebidas com ST": CSOSN 500, CFOP 5405) between two goods of the Simples (CSOSN 102, CFOP 5102).
    const bebida = (await sql(
      `SELECT p.id, p.preco_venda::text AS preco FROM produtos p JOIN perfis_tributarios t ON t.tenant_id = p.tenant_id AND t.id = p.perfil_tributario_id
        JOIN saldos_estoque s ON s.tenant_id = p.tenant_id AND s.produto_id = p.id AND s.deposito_id = (SELECT deposito_id FROM pdvs WHERE id = $2)
        WHERE p.tenant_id = $1 AND t.nome = 'Bebidas com ST' AND p.ativo AND p.ncm IS NOT NULL AND p.preco_venda > 0 AND s.quantidade >= 5 AND s.lote_id IS NULL ORDER BY p.id LIMIT 1`,
      [tenant, pdvId],
    )).rows.map((r) => ({ id: Number(r.id), preco: new Decimal(r.preco).toFixed(2) }))[0];
    expect(bebida).toBeDefined();
    const itens = [produtos[0], bebida, produtos[1]].map((p, i) => ({ produtoId: p.id, quantidade: String(i + 1), precoUnitario: p.preco, desconto: i === 2 ? '0.10' : '0' }));
    const total = itens.reduce((s, i) => s.plus(new Decimal(i.quantidade).times(i.precoUnitario).toDecimalPlaces(2)).minus(i.desconto), new Decimal(0)).toFixed(2);
    const extra = { cpfCnpj: '52998224725', pagamentos: [{ formaPagamentoId: formas['04'], tPag: '04', valor: total }] };
    const online = await ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id, extra, itens), 201);
    expect(online.situacao).toBe('autorizada');
    const xmlOnline = (await call(admin, 'GET', `/api/Pdv/cupons/${online.id}/xml`)).body;
    // The station, without the server: its cached catalogue, a reserved number, the same sale.
    const cat = await ok(admin, 'GET', `/api/Pdv/catalogo?pdvId=${pdvId}`);
    for (const i of itens) expect(cat.nfce.itens[String(i.produtoId)]).toBeDefined();
    const bloco = await ok(admin, 'POST', '/api/Pdv/numeracao/reservar', { pdvId, quantidade: 1 }, 201);
    const dhEmi = dataHoraComFuso(new Date());
    const envio = { ...venda(c.id, extra, itens), emitidaEm: dhEmi };
    const off = nfceOffline(cat, envio as never, { serie: bloco.serie, numero: bloco.de }, dhEmi);
    const grupos = (xml: string) => [...xml.matchAll(/<det nItem="\d+">([\s\S]*?)<\/det>/g)].map((m) => ({ cfop: /<CFOP>(\d+)<\/CFOP>/.exec(m[1])?.[1], imposto: /<imposto>([\s\S]*?)<\/imposto>/.exec(m[1])?.[1] }));
    const trecho = (xml: string, tag: string) => new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`).exec(xml)?.[0];
    expect(grupos(off.xml)).toHaveLength(3);
    expect(grupos(xmlOnline).map((g) => [g.cfop, /<CSOSN>(\d+)</.exec(g.imposto ?? '')?.[1]])).toEqual([['5102', '102'], ['5405', '500'], ['5102', '102']]);
    expect(grupos(off.xml)).toEqual(grupos(xmlOnline));
    expect(trecho(off.xml, 'dest')).toBe(trecho(xmlOnline, 'dest'));
    expect(trecho(off.xml, 'pag')).toBe(trecho(xmlOnline, 'pag'));
    expect(trecho(off.xml, 'ICMSTot')).toBe(trecho(xmlOnline, 'ICMSTot'));
    // And the server takes that note for the sale: checked, signed unchanged, authorised.
    const r = await ok(admin, 'POST', '/api/Pdv/vendas', { ...envio, chave: randomUUID(), offline: { tpEmis: 9, dhCont: dhEmi, xJust: JUSTIFICATIVA_OFFLINE, serie: bloco.serie, numero: bloco.de, xml: off.xml } }, 201);
    expect(r).toMatchObject({ situacao: 'autorizada', chaveAcesso: off.chave });
  });
  it('the station got no answer and printed an offline note for a sale the server had authorised online: the printed note becomes the sale\'s note and the online one is cancelled by substitution (110112, XSD-valid, signed), after the printed one is authorised; stock and payments posted once', async () => {
    const c = await caixaAtual();
    const cat = await ok(admin, 'GET', `/api/Pdv/catalogo?pdvId=${pdvId}`);
    const itens = [produtos[2], produtos[1]].map((p, i) => ({ produtoId: p.id, quantidade: String(i + 1), precoUnitario: p.preco, desconto: '0' }));
    const postagens = async (id: number) => [
      (await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'pdvVenda' AND origem_id = $2`, [tenant, id])).rows[0].n,
      (await sql(`SELECT count(*)::int AS n FROM pdv_caixa_movimentos WHERE tenant_id = $1 AND venda_id = $2`, [tenant, id])).rows[0].n,
    ];
    const lerArquivo = async (chave: string) => {
      const chunks: Buffer[] = [];
      for await (const ch of (await srv.services.storage.get(chave)) as AsyncIterable<Buffer>) chunks.push(Buffer.from(ch));
      return Buffer.concat(chunks).toString('utf8');
    };
    const sefaz = async () => (await sefazLocalEmExecucao())!;

    // 1. SEFAZ reachable: the online note was authorised, the station never heard (its wait ran out) and printed N2.
    const dhEmi = dataHoraComFuso(new Date());
    const envio = { ...venda(c.id, {}, itens), emitidaEm: dhEmi };
    const online = await ok(admin, 'POST', '/api/Pdv/vendas', envio, 201);
    expect(online.situacao).toBe('autorizada');
    const antes = await postagens(online.id);
    expect(antes[0]).toBe(2);
    const bloco = await ok(admin, 'POST', '/api/Pdv/numeracao/reservar', { pdvId, quantidade: 1 }, 201);
    const off = nfceOffline(cat, envio as never, { serie: bloco.serie, numero: bloco.de }, dhEmi);
    const offline = { tpEmis: 9, dhCont: dhEmi, xJust: JUSTIFICATIVA_OFFLINE, serie: bloco.serie, numero: bloco.de, xml: off.xml };
    const r = await ok(admin, 'POST', '/api/Pdv/vendas', { ...envio, offline });
    expect(r).toMatchObject({ id: online.id, situacao: 'autorizada', numero: bloco.de, chaveAcesso: off.chave, substituiu: { numero: online.numero, chaveAcesso: online.chaveAcesso, situacao: 'cancelada' } });
    expect(await postagens(online.id)).toEqual(antes);
    // The printed note takes the sale's place by its declared transition (schemas/lifecycles/nfce.json), then is authorised.
    expect((await sql(`SELECT transicao, de, para FROM estado_eventos WHERE tenant_id = $1 AND tipo = 'nfce' AND registro_id = $2 ORDER BY id`, [tenant, online.id])).rows).toEqual([
      { transicao: 'autorizar', de: 'pendente', para: 'autorizada' },
      { transicao: 'substituir-offline', de: 'autorizada', para: 'contingencia' },
      { transicao: 'autorizar', de: 'contingencia', para: 'autorizada' },
    ]);
    expect((await sefaz()).situacaoDa(online.chaveAcesso)).toBe('cancelada');
    expect((await sefaz()).situacaoDa(off.chave)).toBe('autorizada');
    const reg = (await sql(`SELECT situacao, protocolo_evento, evento_arquivo FROM pdv_nfce_substituidas WHERE tenant_id = $1 AND venda_id = $2`, [tenant, online.id])).rows;
    expect(reg).toHaveLength(1);
    expect(reg[0].protocolo_evento).toMatch(/^\d{15}$/);
    const proc = await lerArquivo(reg[0].evento_arquivo);
    expect(proc).toContain('<tpEvento>110112</tpEvento>');
    expect(proc).toContain(`<chNFeRef>${off.chave}</chNFeRef>`);
    expect(xsdOk('procEventoCancSubst_v1.00.xsd', proc)).toBe('');
    const evento = /<evento[\s\S]*<\/evento>/.exec(proc)![0];
    expect(xmlsecVerify(evento, certDoXml(proc), 'infEvento').ok).toBe(true);
    // The station syncs again: the same answer, nothing sent twice.
    const again = await ok(admin, 'POST', '/api/Pdv/vendas', { ...envio, offline });
    expect(again).toMatchObject({ id: online.id, numero: bloco.de, chaveAcesso: off.chave });
    expect((await sql(`SELECT count(*)::int AS n FROM pdv_nfce_substituidas WHERE tenant_id = $1 AND venda_id = $2`, [tenant, online.id])).rows[0].n).toBe(1);

    // 2. SEFAZ away when the station syncs: the printed note waits in contingency and the online one stays
    //    authorised (the event needs the replacing note authorised); the job, with SEFAZ back, does both in order.
    const envio2 = { ...venda(c.id, {}, itens), emitidaEm: dataHoraComFuso(new Date()) };
    const online2 = await ok(admin, 'POST', '/api/Pdv/vendas', envio2, 201);
    const bloco2 = await ok(admin, 'POST', '/api/Pdv/numeracao/reservar', { pdvId, quantidade: 1 }, 201);
    const off2 = nfceOffline(cat, envio2 as never, { serie: bloco2.serie, numero: bloco2.de }, envio2.emitidaEm);
    const r2 = await semSefaz(() => ok(admin, 'POST', '/api/Pdv/vendas', { ...envio2, offline: { ...offline, dhCont: envio2.emitidaEm, serie: bloco2.serie, numero: bloco2.de, xml: off2.xml } }));
    expect(r2).toMatchObject({ id: online2.id, situacao: 'contingencia', chaveAcesso: off2.chave, substituiu: { chaveAcesso: online2.chaveAcesso, situacao: 'pendente' } });
    expect((await sefaz()).situacaoDa(online2.chaveAcesso)).toBe('autorizada');
    await ok(admin, 'POST', '/api/Pdv/contingencia/transmitir');
    expect((await sefaz()).situacaoDa(off2.chave)).toBe('autorizada');
    expect((await sefaz()).situacaoDa(online2.chaveAcesso)).toBe('cancelada');
    expect((await sql(`SELECT situacao FROM pdv_nfce_substituidas WHERE tenant_id = $1 AND venda_id = $2`, [tenant, online2.id])).rows[0].situacao).toBe('cancelada');

    // 3. A note that does not match the stored sale is refused and changes nothing (the online note stays).
    const envio3 = { ...venda(c.id, {}, itens), emitidaEm: dataHoraComFuso(new Date()) };
    const online3 = await ok(admin, 'POST', '/api/Pdv/vendas', envio3, 201);
    const bloco3 = await ok(admin, 'POST', '/api/Pdv/numeracao/reservar', { pdvId, quantidade: 1 }, 201);
    const outra = nfceOffline(cat, { ...envio3, itens: [itens[0]], pagamentos: [{ ...envio3.pagamentos[0], valor: itens[0].precoUnitario }] } as never, { serie: bloco3.serie, numero: bloco3.de }, envio3.emitidaEm);
    const torto = await call(admin, 'POST', '/api/Pdv/vendas', { ...envio3, offline: { ...offline, serie: bloco3.serie, numero: bloco3.de, xml: outra.xml } });
    expect(torto.statusCode).toBe(400);
    expect(torto.json().error.message).toMatch(/não confere com a venda/);
    expect((await sql(`SELECT chave_acesso, situacao FROM pdv_vendas WHERE id = $1`, [online3.id])).rows[0]).toEqual({ chave_acesso: online3.chaveAcesso, situacao: 'autorizada' });
    expect((await sql(`SELECT count(*)::int AS n FROM pdv_nfce_substituidas WHERE tenant_id = $1 AND venda_id = $2`, [tenant, online3.id])).rows[0].n).toBe(0);
  });

  it('SEFAZ holding a sale\'s NFC-e: a sale at another PDV and a clientes list complete meanwhile; the twin request (same key) waits and gets the same answer', async () => {
    await destinoSefaz();
    const sefaz = (await sefazLocalEmExecucao())!;
    const c1 = await caixaAtual();
    const aberto2 = await call(admin, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdv2}`);
    const c2 = aberto2.statusCode === 200 ? aberto2.json() : await abrirCaixa(pdv2);
    let soltar!: () => void;
    sefaz.retencao = { ate: new Promise<void>((r) => (soltar = r)), servicos: ['NFeAutorizacao4'] };
    try {
      const corpo = venda(c1.id);
      const p1 = call(admin, 'POST', '/api/Pdv/vendas', corpo);
      const ate = async (cond: () => boolean | Promise<boolean>, o: string) => {
        for (let k = 0; k < 400 && !(await cond()); k++) await new Promise((r) => setTimeout(r, 10));
        if (!(await cond())) throw new Error(`esperando ${o}`);
      };
      await ate(() => sefaz.retidas === 1, 'a NFC-e retida na SEFAZ');
      // The sale is committed with its number while SEFAZ thinks: stock and caixa already posted.
      const linha = (await sql(`SELECT situacao, numero, resposta FROM pdv_vendas WHERE tenant_id = $1 AND chave = $2`, [tenant, corpo.chave])).rows[0];
      expect(linha).toMatchObject({ situacao: 'pendente', resposta: null });
      expect(Number(linha.numero)).toBeGreaterThan(0);
      const gemea = call(admin, 'POST', '/api/Pdv/vendas', corpo);
      const lista = await call(admin, 'GET', '/api/Clientes?filter={"limit":2}');
      expect(lista.statusCode, lista.body).toBe(200);
      const p2 = call(admin, 'POST', '/api/Pdv/vendas', { ...venda(c2.id), pdvId: pdv2 });
      await ate(() => sefaz.retidas === 2, 'a NFC-e do outro PDV retida na SEFAZ');
      soltar();
      const [r1, r2, rg] = await Promise.all([p1, p2, gemea]);
      expect(r1.statusCode, r1.body).toBe(201);
      expect(r2.statusCode, r2.body).toBe(201);
      expect(r1.json()).toMatchObject({ situacao: 'autorizada', numero: Number(linha.numero) });
      expect(r2.json().situacao).toBe('autorizada');
      // The twin got the first one's answer; one sale, one set of postings.
      expect(rg.statusCode, rg.body).toBe(200);
      expect(rg.json()).toEqual(r1.json());
      expect((await sql(`SELECT count(*)::int AS n FROM pdv_vendas WHERE tenant_id = $1 AND chave = $2`, [tenant, corpo.chave])).rows[0].n).toBe(1);
      expect((await sql(`SELECT count(*)::int AS n FROM pdv_caixa_movimentos WHERE tenant_id = $1 AND venda_id = $2`, [tenant, r1.json().id])).rows[0].n).toBe(1);
    } finally {
      sefaz.retencao = null;
      soltar?.();
    }
  });

  it('a sale left between its two transactions (crash) is finished by the job with the same number, consulting SEFAZ by the key', async () => {
    const c = await caixaAtual();
    const feita = await ok(admin, 'POST', '/api/Pdv/vendas', venda(c.id), 201);
    expect(feita.situacao).toBe('autorizada');
    // What a crash after tx1 leaves: a sale with its number and document, 'pendente', no answer.
    const base = (await sql(`SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2`, [tenant, feita.id])).rows[0];
    const serie = Number(base.serie);
    const filial = Number(base.filial_id);
    const numero = Number((await sql(`UPDATE sequencias_filial SET ultimo_numero = ultimo_numero + 1 WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfce' AND serie = $3 RETURNING ultimo_numero`, [tenant, filial, serie])).rows[0].ultimo_numero);
    const doc = { ...base.documento, ide: { ...base.documento.ide, numero, codigoNumerico: String(numero).padStart(8, '7').slice(-8), tipoEmissao: 1, contingencia: undefined } };
    const id = Number((await sql(
      `INSERT INTO pdv_vendas (tenant_id, chave, filial_id, pdv_id, caixa_id, operador_id, emitida_em, total, troco, itens, pagamentos, usuario_id, serie, numero, documento, situacao)
       SELECT tenant_id, $3, filial_id, pdv_id, caixa_id, operador_id, now(), total, troco, itens, pagamentos, usuario_id, serie, $4, $5, 'pendente' FROM pdv_vendas WHERE tenant_id = $1 AND id = $2 RETURNING id`,
      [tenant, feita.id, randomUUID(), numero, JSON.stringify(doc)],
    )).rows[0].id);
    // The shop sees it on NF-e > Documentos em transmissão; the job narrowed to another sale leaves it alone.
    const item = (await ok(admin, 'GET', '/api/DocumentosTransmissao')).find((d: Record<string, unknown>) => d.tipo === 'nfce' && d.id === id);
    expect(item).toMatchObject({ documento: 'NFC-e (PDV)', numero: `${numero}/${serie}`, situacao: 'transmitindo', acoes: ['consultar'] });
    const outra = { autorizadas: 0, pendentes: 0 };
    await resolverTransmitindo(srv.services, outra, tenant, -60_000, feita.id);
    expect(outra).toEqual({ autorizadas: 0, pendentes: 0 });
    const res = { autorizadas: 0, pendentes: 0 };
    await resolverTransmitindo(srv.services, res, tenant, -60_000, id);
    expect(res).toEqual({ autorizadas: 1, pendentes: 0 });
    expect((await ok(admin, 'GET', '/api/DocumentosTransmissao')).filter((d: Record<string, unknown>) => d.tipo === 'nfce' && d.id === id)).toEqual([]);
    const v = (await sql(`SELECT situacao, numero, chave_acesso, resposta FROM pdv_vendas WHERE tenant_id = $1 AND id = $2`, [tenant, id])).rows[0];
    expect(v).toMatchObject({ situacao: 'autorizada', numero });
    expect(v.resposta).toMatchObject({ situacao: 'autorizada', numero, chaveAcesso: v.chave_acesso });
    // Nothing left to do; the series did not move.
    const again = { autorizadas: 0, pendentes: 0 };
    await resolverTransmitindo(srv.services, again, tenant, -60_000);
    expect(again).toEqual({ autorizadas: 0, pendentes: 0 });
    expect(Number((await sql(`SELECT ultimo_numero FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfce' AND serie = $3`, [tenant, filial, serie])).rows[0].ultimo_numero)).toBe(numero);
  });
});
