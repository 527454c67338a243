import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import { TipoMovimentacao } from '../../../generated/lookups.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { DocumentLifecycle } from '../documents/lifecycle.ts';
import { DocumentRegistry } from '../documents/registry.ts';
import { movimentar } from '../estoque/index.ts';
import { ResourceRegistry } from '../resources/registry.ts';
import { esperadoDoCaixa, hashPin, lerCaixa, ORIGEM_VENDA, registrarContagem, TIPO_CAIXA } from '../pdv/index.ts';

type Row = Record<string, any>;

/** The demo operators' PIN. */
export const PIN_DEMO = '1234';
/** The Matriz's NFC-e CSC in homologação (the local SEFAZ accepts any; a real one comes from the state's portal). */
export const CSC_DEMO = { id: '000001', token: 'DEMO0CSC0HOMOLOGACAO0000000000000000'.slice(0, 36) };

/**
 * The demo account's point of sale, in its Matriz: four payment methods (cash, credit and debit card, PIX) tied
 * to the finance accounts, two operator groups, three operators (PIN 1234), two stations, yesterday's caixa on
 * "Caixa 01" closed with its sales (their NFC-e are issued by the server's job on its first start: the seed has no
 * certificate yet), today's caixa open on "Caixa 02", and one sale whose NFC-e failed (cupom-erro).
 */
export async function seedPdv(q: Queryable, tenantId: number): Promise<void> {
  const admin = (await q.query<Row>(`SELECT id, filial_selecionada_id AS filial FROM users WHERE tenant_id = $1 AND email = 'admin@demo.com.br'`, [tenantId])).rows[0];
  const matriz = Number(admin.filial);
  const deposito = (await q.query<Row>('SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 AND padrao', [tenantId, matriz])).rows[0]?.id;
  const caixaConta = (await q.query<Row>(`SELECT id FROM contas_financeiras WHERE tenant_id = $1 AND tipo = 0 ORDER BY id LIMIT 1`, [tenantId])).rows[0]?.id ?? null;
  const banco = (await q.query<Row>(`SELECT id FROM contas_financeiras WHERE tenant_id = $1 AND tipo = 1 ORDER BY id LIMIT 1`, [tenantId])).rows[0]?.id ?? null;
  if (!deposito) return;
  await q.query('UPDATE configuracoes_nfe SET csc_id = $3, csc_token = $4 WHERE tenant_id = $1 AND filial_id = $2', [tenantId, matriz, CSC_DEMO.id, CSC_DEMO.token]);

  const id = async (sql: string, p: unknown[]) => Number((await q.query<Row>(sql, p)).rows[0].id);
  const forma = (d: string, tPag: string, bandeiras: string[] | null, tef: boolean, troco: boolean, conta: number | null) =>
    id('INSERT INTO pdv_formas_pagamento (tenant_id, descricao, t_pag, bandeiras, tef, permite_troco, conta_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id', [tenantId, d, tPag, bandeiras ? JSON.stringify(bandeiras) : null, tef, troco, conta]);
  const dinheiro = await forma('Dinheiro', '01', null, false, true, caixaConta);
  const credito = await forma('Cartão de crédito', '03', ['01', '02', '03', '06', '07'], false, false, banco);
  const debito = await forma('Cartão de débito', '04', ['01', '02', '06'], false, false, banco);
  const pix = await forma('PIX', '17', null, false, false, banco);

  const grupo = (d: string, desc: string, cancela: boolean, gaveta: boolean) => id('INSERT INTO grupos_usuario_pdv (tenant_id, descricao, desconto_maximo, pode_cancelar, pode_abrir_gaveta) VALUES ($1, $2, $3, $4, $5) RETURNING id', [tenantId, d, desc, cancela, gaveta]);
  const gerentes = await grupo('Gerentes', '20.00', true, true);
  const caixas = await grupo('Operadores de caixa', '5.00', false, false);
  const pin = await hashPin(PIN_DEMO);
  const operador = (nome: string, codigo: string, g: number) => id('INSERT INTO operadores_pdv (tenant_id, nome, codigo, grupo_id, pin_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id', [tenantId, nome, codigo, g, pin]);
  await operador('Gabriel Gerente', '1', gerentes);
  const olga = await operador('Olga Operadora', '2', caixas);
  const otavio = await operador('Otávio Operador', '3', caixas);

  const pdv = (d: string, serie: number, largura: number) =>
    id(`INSERT INTO pdvs (tenant_id, descricao, filial_id, deposito_id, serie_nfce, largura_impressora, impressora, balanca_modelo, teclado, tef) VALUES ($1, $2, $3, $4, $5, $6, 'navegador', 'toledo', 'padrao', 'nenhum') RETURNING id`, [tenantId, d, matriz, deposito, serie, largura]);
  const pdv1 = await pdv('Caixa 01', 1, 80);
  const pdv2 = await pdv('Caixa 02', 2, 80);

  const produtos = (await q.query<Row>(
    `SELECT p.id, p.preco_venda::text AS preco FROM produtos p WHERE p.tenant_id = $1 AND NOT p.servico AND p.ativo AND p.preco_venda > 0 AND p.ncm IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM lotes l WHERE l.tenant_id = p.tenant_id AND l.produto_id = p.id)
        AND EXISTS (SELECT 1 FROM saldos_estoque s WHERE s.tenant_id = p.tenant_id AND s.produto_id = p.id AND s.deposito_id = $2 AND s.quantidade >= 20) ORDER BY p.id LIMIT 8`,
    [tenantId, deposito],
  )).rows;
  if (produtos.length < 4) return;

  const ctx = { tenantId, userId: Number(admin.id), branchId: matriz, perfilAdmin: true, permissoes: {}, isContador: false, suporteWhiteLabel: false } as unknown as RequestContext;
  const resources = ResourceRegistry.load();
  const lifecycle = new DocumentLifecycle(resources);
  const def = (await DocumentRegistry.load(resources)).get(TIPO_CAIXA);

  const venda = async (caixaId: number, pdvId: number, operadorId: number, quando: Date, n: number, paga: 'dinheiro' | 'credito' | 'debito' | 'pix' | 'misto', situacao: 'pendente' | 'erro', motivo: string | null = null) => {
    const itens = Array.from({ length: n }, (_, k) => {
      const p = produtos[(quando.getUTCHours() + k) % produtos.length];
      return { produtoId: Number(p.id), quantidade: '1.0000', precoUnitario: new Decimal(p.preco).toFixed(2), desconto: '0.00' };
    });
    const total = itens.reduce((s, i) => s.plus(i.precoUnitario), new Decimal(0));
    let pagamentos: { formaPagamentoId: number; tPag: string; valor: string; bandeira?: string }[];
    let troco = new Decimal(0);
    if (paga === 'dinheiro') {
      const entregue = total.dividedBy(10).ceil().times(10);
      troco = entregue.minus(total);
      pagamentos = [{ formaPagamentoId: dinheiro, tPag: '01', valor: entregue.toFixed(2) }];
    } else if (paga === 'misto') {
      const metade = total.dividedBy(2).toDecimalPlaces(2);
      pagamentos = [{ formaPagamentoId: dinheiro, tPag: '01', valor: metade.toFixed(2) }, { formaPagamentoId: credito, tPag: '03', valor: total.minus(metade).toFixed(2), bandeira: '02' }];
    } else {
      const f = { credito: [credito, '03'], debito: [debito, '04'], pix: [pix, '17'] }[paga] as [number, string];
      pagamentos = [{ formaPagamentoId: f[0], tPag: f[1], valor: total.toFixed(2), ...(f[1] === '03' || f[1] === '04' ? { bandeira: '01' } : {}) }];
    }
    const vid = await id(
      `INSERT INTO pdv_vendas (tenant_id, chave, filial_id, pdv_id, caixa_id, operador_id, emitida_em, total, troco, itens, pagamentos, situacao, motivo, serie, usuario_id, created_at, tentativas)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $7, $16) RETURNING id`,
      [tenantId, randomUUID(), matriz, pdvId, caixaId, operadorId, quando, total.toFixed(2), troco.toFixed(2), JSON.stringify(itens), JSON.stringify(pagamentos), situacao, motivo, pdvId === pdv1 ? 1 : 2, admin.id, situacao === 'erro' ? 1 : 0],
    );
    await movimentar(q, { tenantId, userId: Number(admin.id) }, itens.map((i, k) => ({ produtoId: i.produtoId, depositoId: Number(deposito), quantidade: `-${i.quantidade}`, tipo: TipoMovimentacao.VENDA, origemLinha: k + 1 })), { tipo: ORIGEM_VENDA, id: vid });
    for (const p of pagamentos) await q.query(`INSERT INTO pdv_caixa_movimentos (tenant_id, caixa_id, tipo, forma_pagamento_id, valor, venda_id, usuario_id, created_at) VALUES ($1, $2, 'venda', $3, $4, $5, $6, $7)`, [tenantId, caixaId, p.formaPagamentoId, p.valor, vid, admin.id, quando]);
    if (troco.gt(0)) await q.query(`INSERT INTO pdv_caixa_movimentos (tenant_id, caixa_id, tipo, forma_pagamento_id, valor, venda_id, usuario_id, created_at) VALUES ($1, $2, 'troco', $3, $4, $5, $6, $7)`, [tenantId, caixaId, dinheiro, troco.negated().toFixed(2), vid, admin.id, quando]);
    const resposta = { id: vid, situacao, total: total.toFixed(2), troco: troco.toFixed(2), danfce: `/api/Pdv/vendas/${vid}/danfce` };
    await q.query('UPDATE pdv_vendas SET resposta = $3 WHERE tenant_id = $1 AND id = $2', [tenantId, vid, JSON.stringify(resposta)]);
  };

  // Yesterday on Caixa 01: opened at 08:00 with R$ 150,00, a day of sales, a sangria, closed at 18:00 short by R$ 0,50.
  const ontem = new Date(Date.now() - 86_400_000);
  const as = (h: number, m = 0) => new Date(Date.UTC(ontem.getUTCFullYear(), ontem.getUTCMonth(), ontem.getUTCDate(), h + 3, m));
  const fechado = Number((await lifecycle.create(q, def, ctx, { pdvId: pdv1, operadorId: olga, valorAbertura: '150.00', itens: [] })).id);
  await q.query(`UPDATE documentos SET created_at = $3, cabecalho = cabecalho || jsonb_build_object('abertoEm', $4::text) WHERE tenant_id = $1 AND id = $2`, [tenantId, fechado, as(8), as(8).toISOString()]);
  const dia: [number, number, number, 'dinheiro' | 'credito' | 'debito' | 'pix' | 'misto'][] = [[8, 40, 2, 'dinheiro'], [9, 15, 3, 'credito'], [10, 5, 1, 'pix'], [11, 30, 4, 'debito'], [12, 45, 2, 'misto'], [14, 20, 3, 'dinheiro'], [15, 50, 2, 'pix'], [17, 10, 5, 'credito']];
  for (const [h, m, n, paga] of dia) await venda(fechado, pdv1, olga, as(h, m), n, paga, 'pendente');
  const din = await esperadoDoCaixa(q, tenantId, await lerCaixa(q, ctx, fechado));
  const emDinheiro = new Decimal(din.find((e) => e.formaPagamentoId === dinheiro)!.valor);
  const sangria = emDinheiro.minus(150).gt(50) ? new Decimal(50) : new Decimal(0);
  if (sangria.gt(0)) await q.query(`INSERT INTO pdv_caixa_movimentos (tenant_id, caixa_id, tipo, forma_pagamento_id, valor, motivo, usuario_id, created_at) VALUES ($1, $2, 'sangria', $3, $4, 'Depósito no cofre', $5, $6)`, [tenantId, fechado, dinheiro, sangria.negated().toFixed(2), admin.id, as(16)]);
  const esperado = await esperadoDoCaixa(q, tenantId, await lerCaixa(q, ctx, fechado));
  await registrarContagem(q, ctx, fechado, { contado: esperado.map((e) => ({ formaPagamentoId: e.formaPagamentoId, valor: e.formaPagamentoId === dinheiro ? new Decimal(e.valor).minus('0.50').toFixed(2) : e.valor })) }).catch(async (e) => {
    // The sales of the day are 'pendente' (their NFC-e come with the first start), which the closing refuses: the
    // demo's counts are written as the station would have, then closed.
    if (!/em aberto/.test((e as Error).message)) throw e;
    for (const k of esperado) {
      const contado = k.formaPagamentoId === dinheiro ? new Decimal(k.valor).minus('0.50') : new Decimal(k.valor);
      await q.query('INSERT INTO pdv_caixa_contagens (tenant_id, caixa_id, forma_pagamento_id, esperado, contado, diferenca) VALUES ($1, $2, $3, $4, $5, $6)', [tenantId, fechado, k.formaPagamentoId, k.valor, contado.toFixed(2), contado.minus(k.valor).toFixed(2)]);
    }
  });
  await lifecycle.transition(q, def, ctx, fechado, 'fechar');
  await q.query(`UPDATE documentos SET cabecalho = cabecalho || jsonb_build_object('fechadoEm', $3::text) WHERE tenant_id = $1 AND id = $2`, [tenantId, fechado, as(18).toISOString()]);

  // Today on Caixa 02: open, R$ 100,00 of float, one sale whose NFC-e was rejected (in cupom-erro, to retry).
  const aberto = Number((await lifecycle.create(q, def, ctx, { pdvId: pdv2, operadorId: otavio, valorAbertura: '100.00', itens: [] })).id);
  await venda(aberto, pdv2, otavio, new Date(Date.now() - 3600_000), 2, 'dinheiro', 'erro', '539 - Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso');
}
