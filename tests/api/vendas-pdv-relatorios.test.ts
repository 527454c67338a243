import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { BACKENDS } from '../support/server.ts';
import { servidorFiscal } from '../support/servidor-fiscal.ts';
import { agoraLocal } from '../../src/server/vendas/pedido-venda.ts';

type Row = Record<string, any>;

/**
 * Issue 41 item 4: a shop's counter sales are most of its revenue. The dashboard's "Vendas hoje" and every sales
 * report (por período, cliente, produto, vendedor, curva ABC, ticket médio) read one source: faturado orders plus
 * the PDV's NFC-e, cancellations excluded.
 */
describe.each(BACKENDS)('PDV sales in the sales figures on %s', (backend) => {
  const f = servidorFiscal(backend, 'vendas-pdv');
  const sql = (text: string, params: unknown[] = []) => f.srv.db.query(text, params);
  const hoje = agoraLocal().data;
  const rel = (nome: string) => f.ok(f.admin, 'GET', `/api/Vendas/relatorios/${nome}?de=${hoje}&ate=${hoje}`);

  async function figuras(codigo: string) {
    const resumo = await f.ok(f.admin, 'GET', '/api/Vendas/resumo');
    const periodo = ((await rel('VendasPorPeriodo')) as Row[]).find((r) => r.data === hoje);
    const produto = ((await rel('VendasPorProduto')) as Row[]).find((r) => r.codigo === codigo);
    const abc = ((await rel('CurvaAbcProdutos')) as Row[]).find((r) => r.codigo === codigo);
    const ticket = ((await rel('TicketMedio')) as Row[]).find((r) => r.mes === `${hoje.slice(5, 7)}/${hoje.slice(0, 4)}`);
    const cliente = ((await rel('VendasPorCliente')) as Row[]).find((r) => r.cliente === 'Sem cliente');
    const vendedor = ((await rel('VendasPorVendedor')) as Row[]).find((r) => r.vendedor === 'Sem vendedor');
    const d = (v: unknown) => new Decimal(String(v ?? 0));
    return {
      hoje: d(resumo.vendasHoje), vendasHoje: Number(resumo.pedidosHoje), mes: d(resumo.vendasMes),
      periodo: d(periodo?.valor), vendasPeriodo: Number(periodo?.pedidos ?? 0),
      produtoQtd: d(produto?.quantidade), produtoValor: d(produto?.valor), produtoCusto: produto?.custo ?? null,
      abc: d(abc?.valor), ticket: d(ticket?.valor), cliente: d(cliente?.valor), vendedor: d(vendedor?.valor),
    };
  }

  it('a PDV sale counts in "Vendas hoje" and every sales report; its cancellation takes it out again', async () => {
    const tenant = Number((await sql(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id);
    const pdv = (await sql(`SELECT id, deposito_id FROM pdvs WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [tenant])).rows[0];
    const operadorId = Number((await sql(`SELECT id FROM operadores_pdv WHERE tenant_id = $1 AND codigo = '1'`, [tenant])).rows[0].id);
    const forma = Number((await sql(`SELECT id FROM pdv_formas_pagamento WHERE tenant_id = $1 AND t_pag = '01'`, [tenant])).rows[0].id);
    const p = (await sql(
      `SELECT p.id, p.codigo, p.preco_venda::text AS preco FROM produtos p JOIN saldos_estoque s ON s.tenant_id = p.tenant_id AND s.produto_id = p.id AND s.deposito_id = $2
        WHERE p.tenant_id = $1 AND p.ncm IS NOT NULL AND NOT p.servico AND p.preco_venda > 0 AND s.quantidade >= 10 AND s.lote_id IS NULL ORDER BY p.id LIMIT 1`,
      [tenant, pdv.deposito_id],
    )).rows[0];
    const preco = new Decimal(p.preco).toFixed(2);
    const antes = await figuras(p.codigo);
    const daVizinha = async () => JSON.stringify([await f.ok(f.vizinha, 'GET', `/api/Vendas/relatorios/VendasPorPeriodo?de=${hoje}&ate=${hoje}`), (await f.ok(f.vizinha, 'GET', '/api/Vendas/resumo')).vendasHoje]);
    const vizinhaAntes = await daVizinha();

    const aberto = await f.call(f.admin, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdv.id}`);
    const caixa = aberto.statusCode === 200 ? aberto.json() : await f.ok(f.admin, 'POST', '/api/Pdv/caixas', { pdvId: Number(pdv.id), operadorId, valorAbertura: '10.00' }, 201);
    // Two units with R$ 0,50 off the line: the sale is 2 × preço − 0,50.
    const total = new Decimal(preco).times(2).minus('0.50');
    const venda = await f.ok(f.admin, 'POST', '/api/Pdv/vendas', {
      chave: randomUUID(), pdvId: Number(pdv.id), caixaId: caixa.id, operadorId, emitidaEm: new Date().toISOString(),
      itens: [{ produtoId: Number(p.id), quantidade: '2', precoUnitario: preco, desconto: '0.50' }],
      pagamentos: [{ formaPagamentoId: forma, tPag: '01', valor: total.toFixed(2) }], troco: '0.00',
    }, 201);
    expect(venda.situacao, venda.motivo).toBe('autorizada');
    expect(new Decimal(venda.total).eq(total)).toBe(true);

    const depois = await figuras(p.codigo);
    expect(depois.hoje.minus(antes.hoje).toFixed(2)).toBe(total.toFixed(2));
    expect(depois.vendasHoje - antes.vendasHoje).toBe(1);
    expect(depois.mes.minus(antes.mes).toFixed(2)).toBe(total.toFixed(2));
    expect(depois.periodo.minus(antes.periodo).toFixed(2)).toBe(total.toFixed(2));
    expect(depois.vendasPeriodo - antes.vendasPeriodo).toBe(1);
    expect(depois.produtoQtd.minus(antes.produtoQtd).toString()).toBe('2');
    expect(depois.produtoValor.minus(antes.produtoValor).toFixed(2)).toBe(total.toFixed(2));
    expect(depois.produtoCusto, 'the stock exit\'s cost is the line\'s cost').not.toBeNull();
    expect(depois.abc.minus(antes.abc).toFixed(2)).toBe(total.toFixed(2));
    expect(depois.ticket.minus(antes.ticket).toFixed(2)).toBe(total.toFixed(2));
    expect(depois.cliente.minus(antes.cliente).toFixed(2)).toBe(total.toFixed(2));
    expect(depois.vendedor.minus(antes.vendedor).toFixed(2)).toBe(total.toFixed(2));

    expect(await daVizinha(), 'another account sees none of it').toBe(vizinhaAntes);

    // The same figures in the exported report (the queue reads the same source).
    const queued = await f.call(f.admin, 'POST', '/api/Relatorios/exportar', { recurso: 'VendasPorPeriodo', tipo: 'xlsx', filter: { where: { de: hoje, ate: hoje } } });
    expect(queued.statusCode, queued.body).toBe(200);
    let file = await f.call(f.admin, 'GET', `/api/Relatorios/${queued.json().id}/arquivo`);
    for (let k = 0; k < 600 && file.statusCode !== 200; k++) {
      await new Promise((r) => setTimeout(r, 50));
      file = await f.call(f.admin, 'GET', `/api/Relatorios/${queued.json().id}/arquivo`);
    }
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    const cab = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    const linha = (wb.worksheets[0].getRow(2).values as unknown[]).slice(1);
    expect(new Decimal(String(linha[cab.indexOf('Valor')])).toFixed(2)).toBe(depois.periodo.toFixed(2));

    const cancel = await f.ok(f.admin, 'POST', `/api/Pdv/cupons/${venda.id}/cancelar`, { justificativa: 'Cliente desistiu da compra no caixa' });
    expect(cancel.situacao).toBe('cancelada');
    const fim = await figuras(p.codigo);
    expect(fim.hoje.toFixed(2)).toBe(antes.hoje.toFixed(2));
    expect(fim.vendasHoje).toBe(antes.vendasHoje);
    expect(fim.periodo.toFixed(2)).toBe(antes.periodo.toFixed(2));
    expect(fim.produtoValor.toFixed(2)).toBe(antes.produtoValor.toFixed(2));
    expect(fim.abc.toFixed(2)).toBe(antes.abc.toFixed(2));
  });
});
