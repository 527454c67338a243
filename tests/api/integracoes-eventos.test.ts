import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { configurarWebhooksParaTeste } from '../../src/server/integracoes/index.ts';
import { movimentar } from '../../src/server/estoque/movimentos.ts';
import { baixarParcelas } from '../../src/server/financeiro/lancamentos.ts';
import { sefazLocalEmExecucao } from '../../src/server/fiscal/sefaz-destino.ts';
import { pararAdnLocal } from '../../src/server/nfse/adn-cliente.ts';
import { BACKENDS, type TestServer } from '../support/server.ts';
import { matrizDemo, servidorFiscal } from '../support/servidor-fiscal.ts';

type Row = Record<string, any>;
interface Recebido { path: string; headers: IncomingHttpHeaders; body: string }

const DOMINIO = ['notaFiscal.autorizada', 'notaFiscal.cancelada', 'notaFiscal.rejeitada', 'notaFiscal.contingenciaRejeitada', 'notaFiscal.substituida', 'boleto.pago', 'boleto.registrado', 'boleto.rejeitado', 'boleto.baixado', 'boleto.cancelado', 'estoque.alterado', 'lancamento.baixado'];

// The domain events of issue 40 (nota autorizada / cancelada / rejeitada of NF-e and NFS-e, boleto pago, estoque
// alterado, lançamento baixado, caixa fechado): each posting that emits one delivers one signed Standard Webhooks
// request to a local receiver (verified by the reference library); a rolled-back posting emits nothing.
describe.each(BACKENDS)('eventos de domínio nos webhooks on %s', (backend) => {
  const f = servidorFiscal(backend, 'integracoes-eventos');
  const { call, ok } = f;
  let srv: TestServer;
  let admin: string;
  let tenant: number;
  let mz: Awaited<ReturnType<typeof matrizDemo>>;
  let segredo: string;
  let endpointId: number;
  const recebidos: Recebido[] = [];
  let server: Server;
  const sql = (text: string, params: unknown[] = []) => srv.db.query<Row>(text, params);
  const aguardar = (fn: () => Promise<void> | void) => vi.waitFor(fn, { timeout: 30_000, interval: 50 });
  /** The verified payloads the receiver got of one event type (the signature checked by the reference library). */
  const doTipo = (tipo: string) =>
    recebidos
      .filter((r) => r.path === '/eventos')
      .map((r) => ({ r, p: new Webhook(segredo).verify(r.body, { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) }) as Row }))
      .filter((x) => x.p.type === tipo);
  /** Waits for exactly one delivery of `tipo` matching `filtro`, and checks no second one arrives for it. */
  const umaEntrega = async (tipo: string, filtro: (d: Row) => boolean): Promise<Row> => {
    await aguardar(() => expect(doTipo(tipo).filter((x) => filtro(x.p.data)), `${tipo}: ${recebidos.length} recebidos`).toHaveLength(1));
    const [x] = doTipo(tipo).filter((y) => filtro(y.p.data));
    const id = String(x.r.headers['webhook-id']);
    // delivered once: its delivery row 'entregue' after one attempt, and the event recorded once
    await aguardar(async () => expect((await sql(`SELECT status, tentativas FROM webhook_entregas WHERE tenant_id = $1 AND evento_id = $2`, [tenant, id])).rows).toEqual([{ status: 'entregue', tentativas: 1 }]));
    expect(recebidos.filter((r) => r.headers['webhook-id'] === id)).toHaveLength(1);
    return x.p.data;
  };

  beforeAll(async () => {
    await pararAdnLocal();
    ({ srv, admin } = f);
    mz = await matrizDemo(srv);
    tenant = mz.tenant;
    server = createServer((req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (c) => partes.push(c));
      req.on('end', () => {
        recebidos.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(partes).toString('utf8') });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    configurarWebhooksParaTeste({ permitirLoopback: true, escalaBackoff: 0.001 });
    const ep = await ok(admin, 'POST', '/api/Webhooks', { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/eventos`, eventos: [...DOMINIO, 'caixaPdv.fechado'] });
    segredo = ep.segredo;
    endpointId = ep.id;
    // Loja Vizinha listens to every event too, on its own path: it must never get the demo account's
    await ok(f.vizinha, 'POST', '/api/Webhooks', { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/vizinha`, eventos: ['*'] });
  });
  afterAll(async () => {
    configurarWebhooksParaTeste({ permitirLoopback: false, escalaBackoff: 1 });
    server?.closeAllConnections();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    await pararAdnLocal();
  });

  it('the webhook screen lists the domain events from the one catalogue; an unknown event is refused', async () => {
    const tipos = (await ok(admin, 'GET', '/api/Webhooks/eventos')).map((e: Row) => e.tipo);
    for (const t of [...DOMINIO, 'caixaPdv.fechado', 'pedidoVenda.faturado']) expect(tipos).toContain(t);
    const r = await call(admin, 'PATCH', `/api/Webhooks/${endpointId}`, { eventos: ['boleto.inventado'] });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('Eventos: evento desconhecido (boleto.inventado).');
  });

  it('estoque alterado: one event per posting carrying its lines, without costs', async () => {
    const deposito = (await sql(`SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 ORDER BY padrao DESC, id LIMIT 1`, [tenant, mz.matriz])).rows[0].id;
    const [a, b] = (await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND NOT servico AND ativo ORDER BY id LIMIT 2`, [tenant])).rows.map((r) => Number(r.id));
    const acerto = await ok(admin, 'POST', '/api/AcertosEstoque', { depositoId: deposito, motivo: 'Contagem do webhook', itens: [{ produtoId: a, quantidade: '7' }, { produtoId: b, quantidade: '3' }] });
    await ok(admin, 'POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);
    const d = await umaEntrega('estoque.alterado', (x) => x.origem?.tipo === 'acertoEstoque' && x.origem?.id === acerto.id);
    expect(d.linhas).toHaveLength(2);
    expect(d.linhas.map((l: Row) => l.produtoId).sort()).toEqual([a, b].sort());
    expect(d.linhas[0]).toMatchObject({ depositoId: deposito, tipo: expect.any(Number) });
    expect(JSON.stringify(d)).not.toMatch(/custo/i);
  });

  it('lançamento baixado and boleto pago: the manual baixa of a boleto delivers both, once each', async () => {
    const conta = (await ok(admin, 'POST', '/api/ContasFinanceiras', { descricao: 'Banco do webhook', tipo: 1, banco: '237 - Bradesco', agencia: '1172', conta: '403005-2', saldoInicial: '0.00', dataSaldoInicial: '2026-01-01' })).id;
    const l = await ok(admin, 'POST', '/api/Lancamentos', { tipo: 0, descricao: 'Venda do webhook', dataEmissao: '2026-03-01', valorTotal: '150.00', numeroParcelas: 1, primeiroVencimento: '2099-03-01', pessoaId: mz.clienteId });
    const b = await ok(admin, 'POST', `/api/Parcelas/${l.parcelas[0].id}/baixar`, { contaId: conta, data: '2026-03-05' });
    const d = await umaEntrega('lancamento.baixado', (x) => x.baixas?.some((y: Row) => y.parcelaId === l.parcelas[0].id));
    expect(d).toMatchObject({ data: '2026-03-05', contaId: conta, baixas: [{ id: b.baixas[0].id, valor: '150.00', principal: '150.00' }] });

    if (!(await sql(`SELECT 1 FROM configuracoes_boleto WHERE tenant_id = $1 AND ativo`, [tenant])).rows.length) {
      await ok(admin, 'POST', '/api/ConfiguracoesBoleto', { banco: '237', agencia: '1172', agenciaDv: '0', conta: '0403005', contaDv: '2', carteira: '09', convenio: '4455667', proximoNossoNumero: '900', chavePix: '11222333000181', cidadePix: 'São Paulo', multa: '2.00', juros: '1.00', layoutCnab: 400, ativo: true });
    }
    const l2 = await ok(admin, 'POST', '/api/Lancamentos', { tipo: 0, descricao: 'Boleto do webhook', dataEmissao: '2026-12-01', valorTotal: '80.00', primeiroVencimento: '2099-02-15', pessoaId: mz.clienteId, contaId: conta });
    const [boleto] = (await ok(admin, 'POST', '/api/Boletos/emitir', { parcelaIds: [l2.parcelas[0].id] })).boletos;
    await ok(admin, 'POST', `/api/Boletos/emitidos/${boleto.id}/baixar`, { contaId: conta, data: '2027-02-10' });
    const pago = await umaEntrega('boleto.pago', (x) => x.id === boleto.id);
    expect(pago).toMatchObject({ numero: boleto.numero, nossoNumero: boleto.nossoNumero, valor: '80.00', valorPago: '80.00', dataPagamento: '2027-02-10', origem: 'manual' });
    await umaEntrega('lancamento.baixado', (x) => x.baixas?.some((y: Row) => y.parcelaId === l2.parcelas[0].id));

    // boleto cancelado: its own event, with the reason given and the state it left
    const l3 = await ok(admin, 'POST', '/api/Lancamentos', { tipo: 0, descricao: 'Boleto cancelado do webhook', dataEmissao: '2026-12-01', valorTotal: '40.00', primeiroVencimento: '2099-02-20', pessoaId: mz.clienteId, contaId: conta });
    const [outro] = (await ok(admin, 'POST', '/api/Boletos/emitir', { parcelaIds: [l3.parcelas[0].id] })).boletos;
    await ok(admin, 'POST', `/api/Boletos/emitidos/${outro.id}/cancelar`, { motivo: 'Cliente pagou em dinheiro' });
    const cancelado = await umaEntrega('boleto.cancelado', (x) => x.id === outro.id);
    expect(cancelado).toMatchObject({ numero: outro.numero, valor: '40.00', motivo: 'Cliente pagou em dinheiro', estadoAnterior: 'pendente', origem: 'manual' });
    expect(doTipo('boleto.pago').filter((x) => x.p.data.id === outro.id)).toHaveLength(0);
  });

  it('NF-e autorizada, rejeitada and cancelada: each delivered once, from the transaction that records SEFAZ\'s answer', async () => {
    const novaNota = async () =>
      (await ok(admin, 'POST', '/api/NotasFiscais', { naturezaId: mz.naturezaVenda, clienteId: mz.clienteId, itens: [{ produtoId: mz.produtoId, quantidade: '1', valorUnitario: '10.00' }], transporte: { modalidade: 9 }, pagamentos: [{ tPag: '15', valor: '10.00', vencimento: '2099-01-10' }] })).id as number;
    const id = await novaNota();
    const t = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(t.autorizada).toBe(true);
    const aut = await umaEntrega('notaFiscal.autorizada', (x) => x.id === id);
    expect(aut).toMatchObject({ documento: 'NF-e', modelo: 55, status: 'autorizada', chave: t.nota.chave, numero: t.nota.numero, protocolo: t.nota.protocolo, total: '10.00' });
    expect(aut).not.toHaveProperty('dados');

    const sefaz = (await sefazLocalEmExecucao())!;
    const proximo = Number((await sql(`SELECT ultimo_numero FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfe' AND serie = $3`, [tenant, mz.matriz, t.nota.serie])).rows[0].ultimo_numero) + 1;
    sefaz.rejeitarNumeros.set(proximo, ['539', 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso']);
    try {
      const rid = await novaNota();
      const r = await ok(admin, 'POST', `/api/NotasFiscais/${rid}/transmitir`);
      expect(r.autorizada).toBe(false);
      const rej = await umaEntrega('notaFiscal.rejeitada', (x) => x.id === rid);
      expect(rej).toMatchObject({ documento: 'NF-e', status: 'rejeitada', rejeicao: { cStat: '539' } });
    } finally {
      sefaz.rejeitarNumeros.clear();
    }

    await ok(admin, 'POST', `/api/NotasFiscais/${id}/cancelar`, { justificativa: 'Cliente desistiu da compra antes da entrega' });
    const can = await umaEntrega('notaFiscal.cancelada', (x) => x.id === id);
    expect(can).toMatchObject({ documento: 'NF-e', status: 'cancelada', chave: t.nota.chave });
  });

  it('NFS-e autorizada and cancelada (faturar a service order, cancel at the ADN): each delivered once', async () => {
    const s = await ok(admin, 'POST', '/api/Servicos', { descricao: `Serviço do webhook ${Date.now()}`, tipoServico: 100000014, precoVenda: '250.00', codigoTributacaoNacional: '140101', aliquotaIss: '2.50', retencaoIss: 1 });
    const o = await ok(admin, 'POST', '/api/PedidosVenda', { clienteId: mz.clienteId, servico: true, naturezaOperacao: 'Prestação de serviço', itens: [{ servicoId: s.id, quantidade: '2' }] });
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    const n = (await sql(`SELECT id FROM notas_servico WHERE tenant_id = $1 AND pedido_id = $2`, [tenant, o.id])).rows[0];
    const aut = await umaEntrega('notaFiscal.autorizada', (x) => x.documento === 'NFS-e' && x.id === Number(n.id));
    expect(aut).toMatchObject({ situacao: 'autorizada', valorServico: '500.00', pedidoId: o.id });
    await ok(admin, 'POST', `/api/NotasServico/${n.id}/cancelar`, { motivo: 2, justificativa: 'Serviço não foi prestado ao cliente' });
    expect(await umaEntrega('notaFiscal.cancelada', (x) => x.documento === 'NFS-e' && x.id === Number(n.id))).toMatchObject({ situacao: 'cancelada' });
  });

  it('PDV: NFC-e autorizada, rejeitada and cancelada, and caixa fechado with its totals, each delivered once', async () => {
    const pdv = (await sql(`SELECT id FROM pdvs WHERE tenant_id = $1 ORDER BY id DESC LIMIT 1`, [tenant])).rows[0];
    const pdvId = Number(pdv.id);
    const formas = Object.fromEntries((await sql(`SELECT id, t_pag FROM pdv_formas_pagamento WHERE tenant_id = $1`, [tenant])).rows.map((x) => [x.t_pag, Number(x.id)]));
    const operadorId = Number((await sql(`SELECT id FROM operadores_pdv WHERE tenant_id = $1 AND codigo = '1'`, [tenant])).rows[0].id);
    const produto = (await sql(`SELECT id, preco_venda::text AS preco FROM produtos WHERE tenant_id = $1 AND ncm IS NOT NULL AND NOT servico AND preco_venda > 0 ORDER BY id LIMIT 1`, [tenant])).rows[0];
    const aberto = await call(admin, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdvId}`);
    const caixa = aberto.statusCode === 200 ? aberto.json() : await ok(admin, 'POST', '/api/Pdv/caixas', { pdvId, operadorId, valorAbertura: '100.00' }, 201);
    const preco = Number(produto.preco).toFixed(2);
    const v = await ok(admin, 'POST', '/api/Pdv/vendas', {
      chave: randomUUID(), pdvId, caixaId: caixa.id, operadorId, emitidaEm: new Date().toISOString(),
      itens: [{ produtoId: Number(produto.id), quantidade: '1', precoUnitario: preco, desconto: '0' }], pagamentos: [{ formaPagamentoId: formas['01'], tPag: '01', valor: preco }], troco: '0.00',
    }, 201);
    expect(v.situacao, v.motivo).toBe('autorizada');
    expect(await umaEntrega('notaFiscal.autorizada', (x) => x.documento === 'NFC-e' && x.id === v.id)).toMatchObject({ chaveAcesso: v.chaveAcesso, situacao: 'autorizada', total: preco, protocolo: expect.any(String) });
    // the sale's stock exit is one estoque.alterado too, without costs
    const saida = await umaEntrega('estoque.alterado', (x) => x.origem?.tipo === 'pdvVenda' && x.origem?.id === v.id);
    expect(saida.linhas).toMatchObject([{ produtoId: Number(produto.id), quantidade: '-1.0000' }]);
    expect(JSON.stringify(saida)).not.toMatch(/custo/i);
    await ok(admin, 'POST', `/api/Pdv/cupons/${v.id}/cancelar`, { justificativa: 'Cliente desistiu da compra no caixa' });
    expect(await umaEntrega('notaFiscal.cancelada', (x) => x.documento === 'NFC-e' && x.id === v.id)).toMatchObject({ situacao: 'cancelada', chaveAcesso: v.chaveAcesso });
    // the cancel's stock reversal is the same origin's second posting: its own event
    await aguardar(() => expect(doTipo('estoque.alterado').filter((x) => x.p.data.origem?.tipo === 'pdvVenda' && x.p.data.origem?.id === v.id).map((x) => x.p.data.linhas[0].quantidade)).toEqual(['-1.0000', '1.0000']));

    // SEFAZ refuses the next NFC-e: the cupom goes to cupom-erro and notaFiscal.rejeitada is delivered once
    const sefaz = (await sefazLocalEmExecucao())!;
    for (const x of (await sql(`SELECT ultimo_numero FROM sequencias_filial WHERE tenant_id = $1 AND tipo = 'nfce'`, [tenant])).rows) sefaz.rejeitarNumeros.set(Number(x.ultimo_numero) + 1, ['225', 'Rejeição: Falha no Schema XML do lote de NFe']);
    try {
      const rv = await ok(admin, 'POST', '/api/Pdv/vendas', {
        chave: randomUUID(), pdvId, caixaId: caixa.id, operadorId, emitidaEm: new Date().toISOString(),
        itens: [{ produtoId: Number(produto.id), quantidade: '1', precoUnitario: preco, desconto: '0' }], pagamentos: [{ formaPagamentoId: formas['01'], tPag: '01', valor: preco }], troco: '0.00',
      }, 201);
      expect(rv.situacao).toBe('erro');
      expect(await umaEntrega('notaFiscal.rejeitada', (x) => x.documento === 'NFC-e' && x.id === rv.id)).toMatchObject({ situacao: 'erro', motivo: expect.stringContaining('225') });
    } finally {
      sefaz.rejeitarNumeros.clear();
    }

    const esperado = (await ok(admin, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdvId}`)).esperado as { formaPagamentoId: number; valor: string }[];
    await ok(admin, 'POST', `/api/Pdv/caixas/${caixa.id}/fechar`, { contado: esperado.map((e) => ({ formaPagamentoId: e.formaPagamentoId, valor: e.valor })) });
    const fechado = await umaEntrega('caixaPdv.fechado', (x) => x.id === caixa.id);
    expect(fechado).toMatchObject({ estado: 'fechado', diferenca: '0.00', fechadoEm: expect.any(String) });
  });

  it('a rolled-back posting emits nothing: no event recorded, nothing delivered', async () => {
    const deposito = (await sql(`SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 ORDER BY padrao DESC, id LIMIT 1`, [tenant, mz.matriz])).rows[0].id;
    const l = await ok(admin, 'POST', '/api/Lancamentos', { tipo: 0, descricao: 'Venda desfeita', dataEmissao: '2026-03-01', valorTotal: '42.00', numeroParcelas: 1, primeiroVencimento: '2099-03-01' });
    const conta = Number((await sql(`SELECT id FROM contas_financeiras WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [tenant])).rows[0].id);
    const eventosAntes = Number((await sql(`SELECT count(*)::int AS n FROM webhook_eventos WHERE tenant_id = $1`, [tenant])).rows[0].n);
    const ctx = { tenantId: tenant, userId: 0, branchId: mz.matriz } as any;
    await expect(
      srv.db.tenant(ctx, async (q) => {
        await movimentar(q, { tenantId: tenant, userId: null as any }, [{ produtoId: mz.produtoId, depositoId: deposito, quantidade: '5', tipo: 0 } as any], { tipo: 'teste', id: 424242 });
        await baixarParcelas(q, { tenantId: tenant, userId: undefined as any }, { contaId: conta, data: '2026-03-05', itens: [{ parcelaId: l.parcelas[0].id }] });
        // both events were written in this transaction, which now rolls back
        expect(Number((await q.query(`SELECT count(*)::int AS n FROM webhook_eventos WHERE tenant_id = $1`, [tenant])).rows[0].n)).toBe(eventosAntes + 2);
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect(Number((await sql(`SELECT count(*)::int AS n FROM webhook_eventos WHERE tenant_id = $1`, [tenant])).rows[0].n)).toBe(eventosAntes);
    // a later posting is delivered, and nothing of the rolled-back one ever arrives
    const acerto = await ok(admin, 'POST', '/api/AcertosEstoque', { depositoId: deposito, motivo: 'Depois do desfeito', itens: [{ produtoId: mz.produtoId, quantidade: '2' }] });
    await ok(admin, 'POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);
    await umaEntrega('estoque.alterado', (x) => x.origem?.id === acerto.id && x.origem?.tipo === 'acertoEstoque');
    expect(doTipo('estoque.alterado').filter((x) => x.p.data.origem?.id === 424242)).toHaveLength(0);
    expect(doTipo('lancamento.baixado').filter((x) => x.p.data.baixas.some((y: Row) => y.parcelaId === l.parcelas[0].id))).toHaveLength(0);
  });

  it("the other account's endpoint got none of these events", () => {
    expect(recebidos.filter((r) => r.path === '/eventos').length).toBeGreaterThan(5);
    expect(recebidos.filter((r) => r.path === '/vizinha')).toEqual([]);
  });
});
