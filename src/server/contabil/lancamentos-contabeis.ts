import Decimal from 'decimal.js';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import leiauteGenerico from './dados/leiaute-generico.json' with { type: 'json' };
import planoPadrao from './dados/plano-padrao.json' with { type: 'json' };
import { serverAllows } from '../auth/access.ts';
import { badRequest } from '../http/errors.ts';
import { column } from '../relatorios/columns.ts';
import type { ReportSource } from '../relatorios/sources.ts';
import { PERIODO_MSG, lerCompetencia, type Mes } from './competencia.ts';
import { contasMapeadas } from './plano.ts';
import type { AppServices } from '../app-services.ts';

/**
 * The accounting export (issue 37 item 5): the month's journal entries (lançamentos contábeis) derived from the
 * money that moved — each settlement (baixa) of a receivable or payable and each transfer between money accounts —
 * through the mapping of categories and money accounts to the chart — and from the month's fiscal and stock postings
 * (sales from authorised NF-e/NFC-e, purchases from entry notes, the cost of goods sold from the stock ledger) through
 * the default chart's event accounts (dados/plano-padrao.json `eventos`). One debit and one credit of the same amount per
 * entry; debits equal credits per period (checked). Laid out by a layout document (dados/leiaute-*.json).
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

export interface Leiaute {
  nome: string;
  extensao: string;
  separador: string;
  cabecalho: boolean;
  campos: { campo: keyof LancamentoContabil; titulo: string; formato?: string }[];
}

export const LEIAUTES: Record<string, Leiaute> = { generico: leiauteGenerico as Leiaute };

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
}

export async function diarioDoMes(q: Queryable, ctx: RequestContext, m: Pick<Mes, 'inicio' | 'fim' | 'rotulo'>, impostos: ImpostosDoMes = { notas: new Map(), pendencias: [] }): Promise<Diario> {
  const movs = (
    await q.query<Movimento>(
      `SELECT to_char(mv.data, 'YYYY-MM-DD') AS data, mv.valor::text AS valor, mv.conta_id, cf.descricao AS conta, mv.transferencia_id,
              t.conta_id AS contra_conta_id, tc.descricao AS contra_conta,
              coalesce(l.descricao, mv.descricao) AS historico, l.documento, l.categoria_id, cat.descricao AS categoria
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
  // The month's fiscal and stock postings (accrual): sales, purchases and the cost of what was sold.
  const codigos = new Set((await q.query<{ codigo: string }>(`SELECT codigo FROM contas_contabeis_sped WHERE tenant_id = $1 AND ativo AND tipo = 'A'`, [ctx.tenantId])).rows.map((r) => r.codigo));
  for (const p of impostos.pendencias) pendencias.set(p.mensagem, p.rota);
  for (const f of await postagensFiscais(q, ctx.tenantId, m, impostos.notas)) {
    const ev = EVENTOS[f.evento];
    const faltam = [ev.debito, ev.credito].filter((c) => !codigos.has(c));
    for (const c of faltam) pendencias.set(`A conta contábil ${c} (${ev.nome}) não está no plano de contas como analítica: use o plano padrão ou importe o da contabilidade.`, 'pages/contabil/contadores');
    const valor = new Decimal(f.valor);
    if (faltam.length || valor.lte(0)) continue;
    lancamentos.push({ data: f.data, debito: ev.debito, credito: ev.credito, valor: valor.toFixed(2), historico: f.historico.slice(0, 200), documento: f.documento.slice(0, 60) });
    debito = debito.plus(valor);
    credito = credito.plus(valor);
  }
  lancamentos.sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
  const equilibrado = debito.eq(credito) && lancamentos.every((l) => new Decimal(l.valor).gt(0));
  if (!equilibrado) pendencias.set('Os débitos não conferem com os créditos do período.', 'pages/contabil/contadores');
  const lista = [...pendencias].map(([mensagem, rota]) => ({ mensagem, rota }));
  return { competencia: m.rotulo, lancamentos, totalDebito: debito.toFixed(2), totalCredito: credito.toFixed(2), pendencias: lista, valido: lista.length === 0 };
}

type Evento = 'vendas' | 'compras' | 'cmv' | 'icms' | 'pis' | 'cofins';
/** Debit and credit account codes of each fiscal/stock event (the default chart's, dados/plano-padrao.json). */
export const EVENTOS: Record<Evento, { nome: string; debito: string; credito: string }> = planoPadrao.eventos;

interface Postagem {
  evento: Evento;
  data: string;
  valor: string;
  historico: string;
  documento: string;
}

const TZ = 'America/Sao_Paulo';
const noMes = (col: string) => `(${col} AT TIME ZONE '${TZ}')::date BETWEEN $2::date AND $3::date`;

/**
 * The month's fiscal and stock postings of every branch: each authorised outgoing NF-e and NFC-e (D clientes / C
 * vendas, at the note's total; a cancelled note is not a sale), each entry note put into effect (D mercadorias / C
 * fornecedores, at its total), and per day the cost of the goods sold (CMV) from the stock ledger's sale movements at
 * their unit cost (a reversal nets out). Amounts summed in SQL numeric, never in floating point.
 */
async function postagensFiscais(q: Queryable, tenantId: number, m: Pick<Mes, 'inicio' | 'fim'>, impostos: ImpostosDoMes['notas']): Promise<Postagem[]> {
  const args = [tenantId, m.inicio, m.fim];
  const out: Postagem[] = [];
  const nfe = await q.query<{ data: string; valor: string; numero: number; serie: number; chave: string; modelo: number; nome: string | null }>(
    `SELECT to_char(data_emissao AT TIME ZONE '${TZ}', 'YYYY-MM-DD') AS data, total::text AS valor, numero, serie, chave, modelo, destinatario_nome AS nome
       FROM notas_fiscais WHERE tenant_id = $1 AND status = 'autorizada' AND chave IS NOT NULL AND coalesce(dados -> 'ide' ->> 'tipoOperacao', '1') = '1' AND ${noMes('data_emissao')}
      ORDER BY data_emissao, id`,
    args,
  );
  const tributos = (data: string, chave: string, rotulo: string) => {
    const t = impostos.get(chave);
    if (!t) return;
    for (const [evento, valor, nome] of [['icms', t.icms, 'ICMS'], ['pis', t.pis, 'PIS'], ['cofins', t.cofins, 'COFINS']] as const)
      out.push({ evento, data, valor, historico: `${nome} s/ venda ${rotulo}`, documento: chave });
  };
  for (const n of nfe.rows) {
    const rotulo = `${Number(n.modelo) === 65 ? 'NFC-e' : 'NF-e'} ${n.numero}/${n.serie}`;
    out.push({ evento: 'vendas', data: n.data, valor: n.valor, historico: `Venda ${rotulo}${n.nome ? ` - ${n.nome}` : ''}`, documento: n.chave });
    tributos(n.data, n.chave, rotulo);
  }
  const nfce = await q.query<{ data: string; valor: string; numero: number; serie: number; chave: string }>(
    `SELECT to_char(emitida_em AT TIME ZONE '${TZ}', 'YYYY-MM-DD') AS data, total::text AS valor, numero, serie, chave_acesso AS chave
       FROM pdv_vendas WHERE tenant_id = $1 AND situacao = 'autorizada' AND numero IS NOT NULL AND chave_acesso IS NOT NULL AND ${noMes('emitida_em')}
      ORDER BY emitida_em, id`,
    args,
  );
  for (const n of nfce.rows) {
    out.push({ evento: 'vendas', data: n.data, valor: n.valor, historico: `Venda NFC-e ${n.numero}/${n.serie}`, documento: n.chave });
    tributos(n.data, n.chave, `NFC-e ${n.numero}/${n.serie}`);
  }
  const ent = await q.query<{ data: string; valor: string; numero: string; nota: string | null; chave: string | null }>(
    `SELECT cabecalho ->> 'dataEntrada' AS data, coalesce(cabecalho ->> 'valorTotal', '0') AS valor, numero::text AS numero, cabecalho ->> 'numeroNota' AS nota, cabecalho ->> 'chaveAcesso' AS chave
       FROM documentos WHERE tenant_id = $1 AND tipo = 'entradaNota' AND estado = 'efetivada' AND (cabecalho ->> 'dataEntrada')::date BETWEEN $2::date AND $3::date
      ORDER BY (cabecalho ->> 'dataEntrada'), id`,
    args,
  );
  for (const e of ent.rows) out.push({ evento: 'compras', data: e.data.slice(0, 10), valor: e.valor, historico: `Compra: entrada nº ${e.numero}${e.nota ? ` (nota ${e.nota})` : ''}`, documento: e.chave ?? e.nota ?? e.numero });
  const cmv = await q.query<{ data: string; valor: string }>(
    `SELECT to_char(created_at AT TIME ZONE '${TZ}', 'YYYY-MM-DD') AS data, round(sum(-quantidade * coalesce(custo_unitario, 0)), 2)::text AS valor
       FROM movimentos_estoque WHERE tenant_id = $1 AND tipo IN (1, 11) AND ${noMes('created_at')} GROUP BY 1 ORDER BY 1`,
    args,
  );
  for (const c of cmv.rows) out.push({ evento: 'cmv', data: c.data, valor: c.valor, historico: `Custo das mercadorias vendidas em ${c.data.slice(8, 10)}/${c.data.slice(5, 7)}/${c.data.slice(0, 4)}`, documento: '' });
  return out.sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
}

/** The ICMS, PIS and COFINS of each sale of the month (by access key), read from the stored XML; pendências for sales without it. */
export interface ImpostosDoMes {
  notas: Map<string, { icms: string; pis: string; cofins: string }>;
  pendencias: { mensagem: string; rota: string }[];
}

interface NotaComXml {
  chave: string;
  arquivo: string | null;
  rotulo: string;
  rota: string;
}

/** Regimes whose notes carry ICMS/PIS/COFINS of their own (Lucro Real, Lucro Presumido, Simples com excesso de receita). */
const REGIMES_COM_IMPOSTOS = [2, 3, 4];

/**
 * The taxes on the month's sales (ICMSTot of each authorised NF-e/NFC-e) of the branches whose regime has them: the
 * list read in one short transaction, the files read from the storage after it. A Simples Nacional branch pays through the DAS: its notes post no tax entries.
 */
export async function impostosDoMes(services: Pick<AppServices, 'db' | 'storage'>, ctx: RequestContext, m: Pick<Mes, 'inicio' | 'fim'>, emCurso?: Queryable): Promise<ImpostosDoMes> {
  // The report queue's chunk passes its own transaction (PGlite has one connection: a second one would wait on it).
  const notas = await (emCurso ? (f: (q: Queryable) => Promise<NotaComXml[]>) => f(emCurso) : (f: (q: Queryable) => Promise<NotaComXml[]>) => services.db.tenant(ctx, f, { readOnly: true }))(
    async (q) =>
      (
        await q.query<NotaComXml>(
          `SELECT n.chave, n.arquivo_xml AS arquivo, (CASE WHEN n.modelo = 65 THEN 'NFC-e ' ELSE 'NF-e ' END) || n.numero || '/' || n.serie AS rotulo, '/pages/nfe/notas-processadas' AS rota
             FROM notas_fiscais n JOIN branches b ON b.tenant_id = n.tenant_id AND b.id = n.filial_id
            WHERE n.tenant_id = $1 AND n.status = 'autorizada' AND n.chave IS NOT NULL AND coalesce(n.dados -> 'ide' ->> 'tipoOperacao', '1') = '1' AND b.regime_tributario = ANY($4::int[]) AND ${noMes('n.data_emissao')}
           UNION ALL
           SELECT v.chave_acesso, v.xml_arquivo, 'NFC-e ' || v.numero || '/' || v.serie, '/pages/vendas/cupom-fiscal'
             FROM pdv_vendas v JOIN branches b ON b.tenant_id = v.tenant_id AND b.id = v.filial_id
            WHERE v.tenant_id = $1 AND v.situacao = 'autorizada' AND v.numero IS NOT NULL AND v.chave_acesso IS NOT NULL AND b.regime_tributario = ANY($4::int[]) AND ${noMes('v.emitida_em')}`,
          [ctx.tenantId, m.inicio, m.fim, REGIMES_COM_IMPOSTOS],
        )
      ).rows,
  );
  const out: ImpostosDoMes = { notas: new Map(), pendencias: [] };
  for (const n of notas) {
    const s = n.arquivo ? await services.storage.get(n.arquivo) : null;
    let xml: string | null = null;
    if (s) {
      const partes: Buffer[] = [];
      for await (const c of s) partes.push(typeof c === 'string' ? Buffer.from(c) : c);
      xml = Buffer.concat(partes).toString('utf8');
    }
    const total = xml ? totaisDoXml(xml) : null;
    if (!total) out.pendencias.push({ mensagem: `A ${n.rotulo} (chave ${n.chave}) não tem o XML guardado: os impostos da venda não entram nos lançamentos.`, rota: n.rota });
    else out.notas.set(n.chave, { icms: total.vICMS, pis: total.vPIS, cofins: total.vCOFINS });
  }
  return out;
}

/**
 * vICMS, vPIS, vCOFINS of the note's ICMSTot (the totals group of the NF-e/NFC-e layout), null when the text has none.
 * Read here rather than through exportações, which already depends on contábil (imports point down).
 */
export function totaisDoXml(xml: string): { vICMS: string; vPIS: string; vCOFINS: string } | null {
  const g = /<(?:\w+:)?ICMSTot>([\s\S]*?)<\/(?:\w+:)?ICMSTot>/.exec(xml)?.[1];
  if (g === undefined) return null;
  const v = (tag: string) => new RegExp(`<(?:\\w+:)?${tag}>\\s*(\\d+(?:\\.\\d+)?)\\s*<`).exec(g)?.[1] ?? '0';
  return { vICMS: v('vICMS'), vPIS: v('vPIS'), vCOFINS: v('vCOFINS') };
}

/** The journal laid out by a layout document (CSV: UTF-8 with BOM, CRLF). */
export function escreverDiario(d: Diario, leiaute: Leiaute = LEIAUTES.generico): string {
  const campo = (v: string, formato?: string) => {
    let s = v;
    if (formato === 'data') s = `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}`;
    else if (formato === 'valor') s = v.replace('.', ',');
    return s.includes(leiaute.separador) || s.includes('"') ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const linhas = d.lancamentos.map((l) => leiaute.campos.map((c) => campo(l[c.campo], c.formato)).join(leiaute.separador));
  if (leiaute.cabecalho) linhas.unshift(leiaute.campos.map((c) => c.titulo).join(leiaute.separador));
  return `\ufeff${linhas.join('\r\n')}\r\n`;
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
