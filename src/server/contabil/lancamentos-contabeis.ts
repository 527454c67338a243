import Decimal from 'decimal.js';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import planoPadrao from './dados/plano-padrao.json' with { type: 'json' };
import { CREDITOS_NAS_COMPRAS, REGIMES_COM_CREDITO } from '../../shared/fiscal/creditos-compras.ts';
import { serverAllows } from '../auth/access.ts';
import { badRequest } from '../http/errors.ts';
import { column } from '../relatorios/columns.ts';
import type { ReportSource } from '../relatorios/sources.ts';
import { PERIODO_MSG, lerCompetencia, type Mes } from './competencia.ts';
import { contasMapeadas } from './plano.ts';
import type { AppServices } from '../app-services.ts';
import { totaisDoXml } from './xml-totais.ts';

/**
 * The accounting export (issue 37 item 5): the month's journal entries (lançamentos contábeis) derived from the
 * money that moved — each settlement (baixa) of a receivable or payable and each transfer between money accounts —
 * through the mapping of categories, money accounts, payment methods and people to the chart — and from the month's
 * fiscal and stock postings (sales from authorised NF-e/NFC-e, purchases and their tax credits from entry notes, the
 * cost of goods sold from the stock ledger) through the default chart's event accounts (dados/plano-padrao.json
 * `eventos`), the payment method's or the customer's/supplier's account taking the place of Clientes/Fornecedores
 * when mapped. One debit and one credit of the same amount per entry; debits equal credits per period (checked).
 * Laid out by a layout document (leiautes.ts, dados/leiaute-*.json).
 */

export interface LancamentoContabil {
  data: string;
  debito: string;
  credito: string;
  valor: string;
  historico: string;
  documento: string;
}

export interface Diario {
  competencia: string;
  lancamentos: LancamentoContabil[];
  totalDebito: string;
  totalCredito: string;
  pendencias: { mensagem: string; rota: string }[];
  valido: boolean;
}

interface Movimento {
  data: string;
  valor: string;
  conta_id: number;
  conta: string;
  contra_conta_id: number | null;
  contra_conta: string | null;
  transferencia_id: number | null;
  historico: string | null;
  documento: string | null;
  categoria_id: number | null;
  categoria: string | null;
  tipo: number | null;
  pessoa_id: number | null;
  forma_id: number | null;
}

export async function diarioDoMes(q: Queryable, ctx: RequestContext, m: Pick<Mes, 'inicio' | 'fim' | 'rotulo'>, impostos: ImpostosDoMes = { notas: new Map(), entradas: new Map(), pendencias: [] }): Promise<Diario> {
  const movs = (
    await q.query<Movimento>(
      `SELECT to_char(mv.data, 'YYYY-MM-DD') AS data, mv.valor::text AS valor, mv.conta_id, cf.descricao AS conta, mv.transferencia_id,
              t.conta_id AS contra_conta_id, tc.descricao AS contra_conta,
              coalesce(l.descricao, mv.descricao) AS historico, l.documento, l.categoria_id, cat.descricao AS categoria, l.tipo, l.pessoa_id,
              CASE WHEN l.origem_tipo = 'pedidoVenda' THEN (SELECT (d.cabecalho ->> 'formaPagamentoId')::int FROM documentos d WHERE d.tenant_id = l.tenant_id AND d.id = l.origem_id AND jsonb_typeof(d.cabecalho -> 'formaPagamentoId') = 'number') END AS forma_id
         FROM movimentos_financeiros mv
         JOIN contas_financeiras cf ON cf.tenant_id = mv.tenant_id AND cf.id = mv.conta_id
         LEFT JOIN baixas b ON b.tenant_id = mv.tenant_id AND b.id = mv.baixa_id
         LEFT JOIN parcelas p ON p.tenant_id = b.tenant_id AND p.id = b.parcela_id
         LEFT JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
         LEFT JOIN categorias_financeiras cat ON cat.tenant_id = l.tenant_id AND cat.id = l.categoria_id
         LEFT JOIN LATERAL (SELECT m2.conta_id FROM movimentos_financeiros m2 WHERE m2.tenant_id = mv.tenant_id AND m2.transferencia_id = mv.transferencia_id AND m2.id <> mv.id LIMIT 1) t ON mv.transferencia_id IS NOT NULL
         LEFT JOIN contas_financeiras tc ON tc.tenant_id = mv.tenant_id AND tc.id = t.conta_id
        WHERE mv.tenant_id = $1 AND mv.data BETWEEN $2 AND $3 AND (mv.transferencia_id IS NULL OR mv.valor > 0)
        ORDER BY mv.data, mv.id`,
      [ctx.tenantId, m.inicio, m.fim],
    )
  ).rows;
  const mapa = await contasMapeadas(q, ctx.tenantId);
  // The control accounts a settlement clears: the customers' and suppliers' (the group's mapped account, else the default chart's).
  const controle = { clientes: mapa.doGrupo('clientes') ?? EVENTOS.vendas.debito, fornecedores: mapa.doGrupo('fornecedores') ?? EVENTOS.compras.credito };
  const pendencias = new Map<string, string>();
  const lancamentos: LancamentoContabil[] = [];
  let debito = new Decimal(0);
  let credito = new Decimal(0);
  for (const mv of movs) {
    const valor = new Decimal(mv.valor);
    const banco = mapa.daConta(Number(mv.conta_id));
    if (!banco) pendencias.set(`Conta financeira ${mv.conta} sem conta contábil.`, 'pages/contabil/contadores');
    let contra: string | null;
    if (mv.transferencia_id != null) {
      contra = mv.contra_conta_id == null ? null : mapa.daConta(Number(mv.contra_conta_id));
      if (!contra) pendencias.set(`Conta financeira ${mv.contra_conta ?? ''} sem conta contábil.`, 'pages/contabil/contadores');
    } else {
      contra = mapa.daCategoria(mv.categoria_id == null ? null : Number(mv.categoria_id));
      if (!contra) pendencias.set(mv.categoria ? `Categoria financeira ${mv.categoria} sem conta contábil.` : `Lançamento "${mv.historico ?? ''}" sem categoria financeira.`, mv.categoria ? 'pages/contabil/contadores' : 'pages/financeiro/lancamentos');
      // The receivable of a sale sits where the sale put it: the payment method's account (card receivables…), else the
      // customer's own account; a payable, in the supplier's. Only when the category clears the control account.
      else if (Number(mv.tipo) === 0 && contra === controle.clientes) contra = mapa.daForma(mv.forma_id) ?? mapa.daPessoa(mv.pessoa_id, 'clientes') ?? contra;
      else if (Number(mv.tipo) === 1 && contra === controle.fornecedores) contra = mapa.daPessoa(mv.pessoa_id, 'fornecedores') ?? contra;
    }
    // A transfer between two money accounts mapped to the same accounting account moves nothing in the books.
    if (!banco || !contra || banco === contra) continue;
    // Money in: the money account is debited; money out: credited.
    const entrada = valor.gt(0);
    const abs = valor.abs();
    lancamentos.push({
      data: mv.data,
      debito: entrada ? banco : contra,
      credito: entrada ? contra : banco,
      valor: abs.toFixed(2),
      historico: (mv.transferencia_id != null ? `Transferência de ${mv.contra_conta ?? ''} para ${mv.conta}` : mv.historico ?? '').replace(/\s+/g, ' ').trim().slice(0, 200),
      documento: (mv.documento ?? '').slice(0, 60),
    });
    debito = debito.plus(abs);
    credito = credito.plus(abs);
  }
  // The month's fiscal and stock postings (accrual): sales, purchases and their tax credits, the cost of what was sold.
  const codigos = new Set((await q.query<{ codigo: string }>(`SELECT codigo FROM contas_contabeis_sped WHERE tenant_id = $1 AND ativo AND tipo = 'A'`, [ctx.tenantId])).rows.map((r) => r.codigo));
  for (const p of impostos.pendencias) pendencias.set(p.mensagem, p.rota);
  const fiscais = await postagensFiscais(q, ctx.tenantId, m, impostos, mapa);
  for (const p of fiscais.pendencias) pendencias.set(p.mensagem, p.rota);
  for (const f of fiscais.postagens) {
    const ev = EVENTOS[f.evento];
    const [deb, cred] = [f.debito ?? ev.debito, f.credito ?? ev.credito];
    const faltam = [deb, cred].filter((c) => !codigos.has(c));
    for (const c of faltam) pendencias.set(`A conta contábil ${c} (${ev.nome}) não está no plano de contas como analítica: use o plano padrão ou importe o da contabilidade.`, 'pages/contabil/contadores');
    const valor = new Decimal(f.valor);
    if (faltam.length || valor.lte(0)) continue;
    lancamentos.push({ data: f.data, debito: deb, credito: cred, valor: valor.toFixed(2), historico: f.historico.slice(0, 200), documento: f.documento.slice(0, 60) });
    debito = debito.plus(valor);
    credito = credito.plus(valor);
  }
  lancamentos.sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
  const equilibrado = debito.eq(credito) && lancamentos.every((l) => new Decimal(l.valor).gt(0) && l.debito !== l.credito);
  if (!equilibrado) pendencias.set('Os débitos não conferem com os créditos do período.', 'pages/contabil/contadores');
  const lista = [...pendencias].map(([mensagem, rota]) => ({ mensagem, rota }));
  return { competencia: m.rotulo, lancamentos, totalDebito: debito.toFixed(2), totalCredito: credito.toFixed(2), pendencias: lista, valido: lista.length === 0 };
}

type Evento = 'vendas' | 'compras' | 'cmv' | 'icms' | 'pis' | 'cofins' | 'creditoIcms' | 'creditoPis' | 'creditoCofins' | 'creditoIpi';
/** Debit and credit account codes of each fiscal/stock event (the default chart's, dados/plano-padrao.json). */
export const EVENTOS: Record<Evento, { nome: string; debito: string; credito: string }> = planoPadrao.eventos;
/** The regimes (branches.regime_tributario) that recover each tax of a purchase: the one rule compras' stock cost also reads. */
const CREDITOS = CREDITOS_NAS_COMPRAS;

interface Postagem {
  evento: Evento;
  data: string;
  valor: string;
  historico: string;
  documento: string;
  /** the payment method's or the person's account in place of the event's */
  debito?: string;
  credito?: string;
}

const TZ = 'America/Sao_Paulo';
/** A line's money field (documento_itens i) as numeric, 0 when absent or empty. */
const valorDaLinha = (campo: string) => `coalesce(nullif(i.dados ->> '${campo}', ''), '0')::numeric`;
/** Whether an entry's lines (documento_itens i) carry the ICMS/PIS/COFINS highlighted (entries made since the cost leaves them out). */
const LINHAS_COM_TRIBUTOS = `coalesce(bool_or(coalesce(i.dados ->> 'valorIcms', i.dados ->> 'valorPis', i.dados ->> 'valorCofins') IS NOT NULL), false)`;
const noMes = (col: string) => `(${col} AT TIME ZONE '${TZ}')::date BETWEEN $2::date AND $3::date`;
type Mapa = Awaited<ReturnType<typeof contasMapeadas>>;

/**
 * The month's fiscal and stock postings of every branch: each authorised outgoing NF-e and NFC-e (D the payment
 * method's account when mapped — per method for an NFC-e paid by several — else the customer's, else Clientes / C
 * vendas, at the note's total; a cancelled note is not a sale), each entry note put into effect (D mercadorias / C the
 * supplier's account or Fornecedores, at its total less the taxes the branch's regime recovers, each of which is its
 * own entry D tributo a recuperar / C fornecedor), and per day the cost of the goods sold (CMV) from the stock
 * ledger's sale movements at their unit cost (a reversal nets out). Amounts summed in SQL numeric or decimal.js,
 * never in floating point.
 */
async function postagensFiscais(q: Queryable, tenantId: number, m: Pick<Mes, 'inicio' | 'fim'>, impostos: ImpostosDoMes, mapa: Mapa): Promise<{ postagens: Postagem[]; pendencias: { mensagem: string; rota: string }[] }> {
  const args = [tenantId, m.inicio, m.fim];
  const out: Postagem[] = [];
  const pendencias: { mensagem: string; rota: string }[] = [];
  const nfe = await q.query<{ data: string; valor: string; numero: number; serie: number; chave: string; modelo: number; nome: string | null; cliente: number | null; forma: number | null }>(
    `SELECT to_char(n.data_emissao AT TIME ZONE '${TZ}', 'YYYY-MM-DD') AS data, n.total::text AS valor, n.numero, n.serie, n.chave, n.modelo, n.destinatario_nome AS nome,
            CASE WHEN jsonb_typeof(n.dados -> 'clienteId') = 'number' THEN (n.dados ->> 'clienteId')::int END AS cliente,
            (SELECT (d.cabecalho ->> 'formaPagamentoId')::int FROM documentos d WHERE d.tenant_id = n.tenant_id AND d.id = n.pedido_id AND jsonb_typeof(d.cabecalho -> 'formaPagamentoId') = 'number') AS forma
       FROM notas_fiscais n WHERE n.tenant_id = $1 AND n.status = 'autorizada' AND n.chave IS NOT NULL AND coalesce(n.dados -> 'ide' ->> 'tipoOperacao', '1') = '1' AND ${noMes('n.data_emissao')}
      ORDER BY n.data_emissao, n.id`,
    args,
  );
  const tributos = (data: string, chave: string, rotulo: string) => {
    const t = impostos.notas.get(chave);
    if (!t) return;
    for (const [evento, valor, nome] of [['icms', t.icms, 'ICMS'], ['pis', t.pis, 'PIS'], ['cofins', t.cofins, 'COFINS']] as const)
      out.push({ evento, data, valor, historico: `${nome} s/ venda ${rotulo}`, documento: chave });
  };
  for (const n of nfe.rows) {
    const rotulo = `${Number(n.modelo) === 65 ? 'NFC-e' : 'NF-e'} ${n.numero}/${n.serie}`;
    const debito = mapa.daForma(n.forma) ?? mapa.daPessoa(n.cliente, 'clientes') ?? undefined;
    out.push({ evento: 'vendas', data: n.data, valor: n.valor, historico: `Venda ${rotulo}${n.nome ? ` - ${n.nome}` : ''}`, documento: n.chave, debito });
    tributos(n.data, n.chave, rotulo);
  }
  const nfce = await q.query<{ id: number; data: string; valor: string; numero: number; serie: number; chave: string }>(
    `SELECT id, to_char(emitida_em AT TIME ZONE '${TZ}', 'YYYY-MM-DD') AS data, total::text AS valor, numero, serie, chave_acesso AS chave
       FROM pdv_vendas WHERE tenant_id = $1 AND situacao = 'autorizada' AND numero IS NOT NULL AND chave_acesso IS NOT NULL AND ${noMes('emitida_em')}
      ORDER BY emitida_em, id`,
    args,
  );
  // What each coupon was paid with, per PDV payment method (the change given back netted out of cash).
  const pagos = new Map<number, { forma: number; valor: string }[]>();
  if (nfce.rows.length) {
    const r = await q.query<{ venda_id: number; forma: number; valor: string }>(
      `SELECT venda_id, forma_pagamento_id AS forma, sum(valor)::text AS valor FROM pdv_caixa_movimentos
        WHERE tenant_id = $1 AND venda_id = ANY($2::int[]) AND tipo IN ('venda', 'troco') GROUP BY venda_id, forma_pagamento_id ORDER BY venda_id, forma_pagamento_id`,
      [tenantId, nfce.rows.map((v) => Number(v.id))],
    );
    for (const x of r.rows) pagos.set(Number(x.venda_id), [...(pagos.get(Number(x.venda_id)) ?? []), { forma: Number(x.forma), valor: x.valor }]);
  }
  for (const n of nfce.rows) {
    const rotulo = `NFC-e ${n.numero}/${n.serie}`;
    // Each payment method mapped to an account takes its part; what is left (unmapped methods) goes to the customers' account.
    let resto = new Decimal(n.valor);
    const partes: Postagem[] = [];
    for (const p of pagos.get(Number(n.id)) ?? []) {
      const conta = mapa.daFormaPdv(p.forma);
      const v = new Decimal(p.valor);
      if (!conta || v.lte(0) || v.gt(resto)) continue;
      partes.push({ evento: 'vendas', data: n.data, valor: v.toFixed(2), historico: `Venda ${rotulo}`, documento: n.chave, debito: conta });
      resto = resto.minus(v);
    }
    out.push(...partes);
    if (resto.gt(0)) out.push({ evento: 'vendas', data: n.data, valor: resto.toFixed(2), historico: `Venda ${rotulo}`, documento: n.chave, debito: mapa.doGrupo('clientes') ?? undefined });
    tributos(n.data, n.chave, rotulo);
  }
  // The entry's lines carry the ICMS/PIS/COFINS the stock cost left out (compras/custo.ts): when they do, the credits
  // are their sums, so the stock debit equals the cost the goods entered at; an older entry's credits come from its XML.
  const ent = await q.query<{ id: number; data: string; valor: string; numero: string; nota: string | null; chave: string | null; fornecedor: number | null; regime: number; linhas: boolean; icms: string; pis: string; cofins: string; ipi: string }>(
    `SELECT d.id, d.cabecalho ->> 'dataEntrada' AS data, coalesce(d.cabecalho ->> 'valorTotal', '0') AS valor, d.numero::text AS numero, d.cabecalho ->> 'numeroNota' AS nota, d.cabecalho ->> 'chaveAcesso' AS chave,
            CASE WHEN jsonb_typeof(d.cabecalho -> 'fornecedorId') = 'number' THEN (d.cabecalho ->> 'fornecedorId')::int END AS fornecedor, b.regime_tributario AS regime,
            coalesce(li.linhas, false) AS linhas, coalesce(li.icms, 0)::text AS icms, coalesce(li.pis, 0)::text AS pis, coalesce(li.cofins, 0)::text AS cofins, coalesce(li.ipi, 0)::text AS ipi
       FROM documentos d JOIN branches b ON b.tenant_id = d.tenant_id AND b.id = d.filial_id
       LEFT JOIN LATERAL (SELECT ${LINHAS_COM_TRIBUTOS} AS linhas, sum(${valorDaLinha('valorIcms')}) AS icms, sum(${valorDaLinha('valorPis')}) AS pis,
                                 sum(${valorDaLinha('valorCofins')}) AS cofins, sum(${valorDaLinha('valorIpi')}) AS ipi
                            FROM documento_itens i WHERE i.tenant_id = d.tenant_id AND i.documento_id = d.id) li ON true
      WHERE d.tenant_id = $1 AND d.tipo = 'entradaNota' AND d.estado = 'efetivada' AND (d.cabecalho ->> 'dataEntrada')::date BETWEEN $2::date AND $3::date
      ORDER BY (d.cabecalho ->> 'dataEntrada'), d.id`,
    args,
  );
  for (const e of ent.rows) {
    const data = e.data.slice(0, 10);
    const documento = e.chave ?? e.nota ?? e.numero;
    const rotulo = `entrada nº ${e.numero}${e.nota ? ` (nota ${e.nota})` : ''}`;
    const credito = mapa.daPessoa(e.fornecedor, 'fornecedores') ?? undefined;
    // The taxes the branch's regime recovers leave the cost of the goods for their own asset accounts.
    const t = e.linhas ? { icms: e.icms, pis: e.pis, cofins: e.cofins, ipi: e.ipi } : impostos.entradas.get(Number(e.id));
    const creditos = t
      ? ([['creditoIcms', 'icms', t.icms, 'ICMS'], ['creditoPis', 'pis', t.pis, 'PIS'], ['creditoCofins', 'cofins', t.cofins, 'COFINS'], ['creditoIpi', 'ipi', t.ipi, 'IPI']] as const).filter(([, tributo, v]) => CREDITOS[tributo].includes(Number(e.regime)) && new Decimal(v).gt(0))
      : [];
    const total = new Decimal(e.valor);
    const recuperado = creditos.reduce((a, [, , v]) => a.plus(v), new Decimal(0));
    if (recuperado.gt(total)) {
      pendencias.push({ mensagem: `A ${rotulo} tem créditos de tributos (${recuperado.toFixed(2).replace('.', ',')}) maiores que o valor da nota (${total.toFixed(2).replace('.', ',')}): confira o XML da nota.`, rota: 'pages/compras/entrada-nota-fiscal' });
      continue;
    }
    out.push({ evento: 'compras', data, valor: total.minus(recuperado).toFixed(2), historico: `Compra: ${rotulo}`, documento, credito });
    for (const [evento, , v, nome] of creditos) out.push({ evento, data, valor: v, historico: `Crédito de ${nome}: ${rotulo}`, documento, credito });
  }
  const cmv = await q.query<{ data: string; valor: string }>(
    `SELECT to_char(created_at AT TIME ZONE '${TZ}', 'YYYY-MM-DD') AS data, round(sum(-quantidade * coalesce(custo_unitario, 0)), 2)::text AS valor
       FROM movimentos_estoque WHERE tenant_id = $1 AND tipo IN (1, 11) AND ${noMes('created_at')} GROUP BY 1 ORDER BY 1`,
    args,
  );
  for (const c of cmv.rows) out.push({ evento: 'cmv', data: c.data, valor: c.valor, historico: `Custo das mercadorias vendidas em ${c.data.slice(8, 10)}/${c.data.slice(5, 7)}/${c.data.slice(0, 4)}`, documento: '' });
  return { postagens: out.sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0)), pendencias };
}

/**
 * The taxes of the month's notes, read from their stored XML: of each sale (by access key) the ICMS, PIS and COFINS
 * it owes, of each entry note (by document id) the ICMS, PIS, COFINS and IPI it may credit; pendências for the notes
 * whose XML is not kept.
 */
export interface ImpostosDoMes {
  notas: Map<string, { icms: string; pis: string; cofins: string }>;
  entradas: Map<number, { icms: string; pis: string; cofins: string; ipi: string }>;
  pendencias: { mensagem: string; rota: string }[];
}

interface NotaComXml {
  entrada: number | null;
  chave: string;
  arquivo: string | null;
  rotulo: string;
  rota: string;
}

/** Regimes whose notes carry ICMS/PIS/COFINS of their own (Lucro Real, Lucro Presumido, Simples com excesso de receita). */
const REGIMES_COM_IMPOSTOS = [2, 3, 4];

/**
 * The taxes on the month's sales (ICMSTot of each authorised NF-e/NFC-e) of the branches whose regime has them, and
 * the credits of the entry notes of the branches whose regime recovers any: the list read in one short transaction,
 * the files read after it (from the storage). A Simples Nacional branch pays through the DAS:
 * its notes post no tax entries and its purchases no credits.
 */
export async function impostosDoMes(services: Pick<AppServices, 'db' | 'storage'>, ctx: RequestContext, m: Pick<Mes, 'inicio' | 'fim'>, emCurso?: Queryable): Promise<ImpostosDoMes> {
  // The report queue's chunk passes its own transaction (PGlite has one connection: a second one would wait on it).
  const notas = await (emCurso ? (f: (q: Queryable) => Promise<NotaComXml[]>) => f(emCurso) : (f: (q: Queryable) => Promise<NotaComXml[]>) => services.db.tenant(ctx, f, { readOnly: true }))(
    async (q) =>
      (
        await q.query<NotaComXml>(
          `SELECT NULL::int AS entrada, n.chave, n.arquivo_xml AS arquivo, (CASE WHEN n.modelo = 65 THEN 'NFC-e ' ELSE 'NF-e ' END) || n.numero || '/' || n.serie AS rotulo, '/pages/nfe/notas-processadas' AS rota
             FROM notas_fiscais n JOIN branches b ON b.tenant_id = n.tenant_id AND b.id = n.filial_id
            WHERE n.tenant_id = $1 AND n.status = 'autorizada' AND n.chave IS NOT NULL AND coalesce(n.dados -> 'ide' ->> 'tipoOperacao', '1') = '1' AND b.regime_tributario = ANY($4::int[]) AND ${noMes('n.data_emissao')}
           UNION ALL
           SELECT NULL, v.chave_acesso, v.xml_arquivo, 'NFC-e ' || v.numero || '/' || v.serie, '/pages/vendas/cupom-fiscal'
             FROM pdv_vendas v JOIN branches b ON b.tenant_id = v.tenant_id AND b.id = v.filial_id
            WHERE v.tenant_id = $1 AND v.situacao = 'autorizada' AND v.numero IS NOT NULL AND v.chave_acesso IS NOT NULL AND b.regime_tributario = ANY($4::int[]) AND ${noMes('v.emitida_em')}
           UNION ALL
           SELECT d.id, coalesce(d.cabecalho ->> 'chaveAcesso', ''), d.cabecalho ->> 'xmlArquivo', 'entrada nº ' || d.numero || coalesce(' (nota ' || (d.cabecalho ->> 'numeroNota') || ')', ''), '/pages/compras/entrada-nota-fiscal'
             FROM documentos d JOIN branches b ON b.tenant_id = d.tenant_id AND b.id = d.filial_id
            WHERE d.tenant_id = $1 AND d.tipo = 'entradaNota' AND d.estado = 'efetivada' AND b.regime_tributario = ANY($5::int[]) AND (d.cabecalho ->> 'dataEntrada')::date BETWEEN $2::date AND $3::date
              AND NOT EXISTS (SELECT 1 FROM documento_itens i WHERE i.tenant_id = d.tenant_id AND i.documento_id = d.id AND coalesce(i.dados ->> 'valorIcms', i.dados ->> 'valorPis', i.dados ->> 'valorCofins') IS NOT NULL)`,
          [ctx.tenantId, m.inicio, m.fim, REGIMES_COM_IMPOSTOS, REGIMES_COM_CREDITO],
        )
      ).rows,
  );
  const out: ImpostosDoMes = { notas: new Map(), entradas: new Map(), pendencias: [] };
  for (const n of notas) {
    const s = n.arquivo ? await services.storage.get(n.arquivo) : null;
    let xml: string | null = null;
    if (s) {
      const partes: Buffer[] = [];
      for await (const c of s) partes.push(typeof c === 'string' ? Buffer.from(c) : c);
      xml = Buffer.concat(partes).toString('utf8');
    }
    const total = xml ? totaisDoXml(xml) : null;
    if (n.entrada != null) {
      if (!total) out.pendencias.push({ mensagem: `A ${n.rotulo} não tem o XML da nota guardado: os créditos de ICMS, PIS e COFINS da compra não entram nos lançamentos.`, rota: n.rota });
      else out.entradas.set(Number(n.entrada), { icms: total.vICMS, pis: total.vPIS, cofins: total.vCOFINS, ipi: total.vIPI });
    } else if (!total) out.pendencias.push({ mensagem: `A ${n.rotulo} (chave ${n.chave}) não tem o XML guardado: os impostos da venda não entram nos lançamentos.`, rota: n.rota });
    else out.notas.set(n.chave, { icms: total.vICMS, pis: total.vPIS, cofins: total.vCOFINS });
  }
  return out;
}

/**
 * The journal as a report of the export queue (XLSX or PDF through the pipeline every report uses): POST
 * /api/Relatorios/exportar with recurso LancamentosContabeis and filter.where.competencia (MM/AAAA).
 */
export const FONTE_DIARIO: ReportSource = {
  name: 'LancamentosContabeis',
  title: 'Lançamentos contábeis',
  allowed: (ctx) => serverAllows(ctx, 'app.contador', 'view'),
  negado: 'Você não tem permissão para exportar os lançamentos contábeis.',
  parametros: (where) => {
    const w = (where && typeof where === 'object' ? where : {}) as Record<string, unknown>;
    const inicio = lerCompetencia(w.competencia);
    if (!inicio) throw badRequest(PERIODO_MSG.competenciaInvalida, [{ path: '/filter/where/competencia', campo: 'competencia', mensagem: PERIODO_MSG.competenciaInvalida }]);
    return { inicio };
  },
  columns: () => [column('data', 'Data', 'date'), column('debito', 'Conta débito', 'text'), column('credito', 'Conta crédito', 'text'), column('valor', 'Valor', 'money'), column('historico', 'Histórico', 'text', 3), column('documento', 'Documento', 'text')],
  async chunk(q, ctx, p, after, _limit, services) {
    if (after) return { rows: [], after };
    const inicio = String(p.inicio);
    const fim = (await q.query<{ fim: string }>(`SELECT to_char(($1::date + interval '1 month' - interval '1 day')::date, 'YYYY-MM-DD') AS fim`, [inicio])).rows[0].fim;
    const d = await diarioDoMes(q, ctx, { inicio, fim, rotulo: `${inicio.slice(5, 7)}/${inicio.slice(0, 4)}` }, await impostosDoMes(services, ctx, { inicio, fim }, q));
    if (!d.valido) throw badRequest(`Os lançamentos de ${d.competencia} têm pendências: ${d.pendencias.map((x) => x.mensagem).join(' ')}`);
    return { rows: d.lancamentos as unknown as Record<string, unknown>[], after: true };
  },
};
