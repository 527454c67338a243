import Decimal from 'decimal.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Filter, Where } from '../../shared/filter.ts';
import type { PropertySchema } from '../../../generated/schema-types.ts';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { checkFilterKeys, orderToSql, parseFields, parseJsonParam, parseOrder, parsePaging, quoteIdent, SqlParams, whereToSql } from '../resources/filter-sql.ts';
import type { FieldDef, FieldKind, ResourceDef } from '../resources/registry.ts';
import { translateDbError } from '../db/pg-errors.ts';
import { ID, ID_LIST, JSON_TEXT, NON_NEGATIVE, TEXT, withQuery } from '../http/input-schemas.ts';
import { answer, checkedByHandler } from '../http/route-schema.ts';
import type { Queryable } from '../db/db.ts';
import { DocumentLifecycle } from '../documents/lifecycle.ts';
import { withRetry } from '../documents/routes.ts';
import { conferir, importarComoAcerto, lerArquivo } from './importar.ts';
import { posicaoPagina } from './posicao.ts';
import { registerReportSources } from '../relatorios/sources.ts';
import { ESTOQUE_REPORTS } from './relatorios.ts';
import { filtroSemOcultos, ocultosDoRecurso, podeLer, recusarFiltroOculto } from '../resources/leitura-restrita.ts';
import { semOcultos } from '../../shared/leitura-restrita.ts';

type Row = Record<string, unknown>;

/** How far ahead the dashboard looks for lotes about to expire. */
export const DIAS_VENCIMENTO = 30;

/** A read-only view served with the LoopBack filter of the generic resources (filter-sql). */
interface LedgerView {
  endpoint: string;
  title: string;
  table: string;
  order: string;
  fields: [name: string, kind: FieldKind, title: string][];
  /** Fields read only with a key (issue 41: cost with app.verCusto), as in a resource document. */
  readPermissions?: { key: string; fields: string[] }[];
}

/** The cost fields of the stock answers are read with app.verCusto (field-level read permission, issue 41). */
export const CHAVE_CUSTO = 'app.verCusto';
const custoOculto = (ctx: RequestContext, campos: string[]): Set<string> => (podeLer(ctx)(CHAVE_CUSTO) ? new Set() : new Set(campos));

const toColumn = (field: string): string => field.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

function viewDef(v: LedgerView): ResourceDef {
  const fields = new Map<string, FieldDef>();
  for (const [name, kind, title] of v.fields) fields.set(name, { name, column: toColumn(name), kind, virtual: false, readOnly: true, schema: { title, type: kind === 'integer' ? 'integer' : 'string' } as PropertySchema });
  return {
    doc: { name: v.endpoint, endpoint: v.endpoint, table: v.table, title: v.title, singular: v.title, permission: 'app.produto', route: '', schema: { type: 'object', properties: {} }, list: { columns: [], order: v.order }, form: { sections: [] }, readPermissions: v.readPermissions } as ResourceDef['doc'],
    name: v.endpoint,
    endpoint: v.endpoint,
    table: v.table,
    fields,
    writable: [],
    scope: [],
    validate: (() => true) as any,
  };
}

/** What a movement and a balance both carry: the stock position (product, variation, branch, depósito, lote) and its quantity. */
const POSICAO: LedgerView['fields'] = [
    ['id', 'integer', 'Código'],
    ['produtoId', 'integer', 'Produto'],
    ['variacaoId', 'integer', 'Variação'],
    ['filialId', 'integer', 'Filial'],
    ['depositoId', 'integer', 'Depósito'],
    ['loteId', 'integer', 'Lote'],
    ['quantidade', 'number', 'Quantidade'],
];

export const MOVIMENTOS: LedgerView = {
  endpoint: 'MovimentosEstoque',
  title: 'Movimentações de estoque',
  table: 'movimentos_estoque',
  order: 'id DESC',
  readPermissions: [{ key: CHAVE_CUSTO, fields: ['custoUnitario'] }],
  fields: [
    ...POSICAO,
    ['custoUnitario', 'number', 'Custo unitário'],
    ['tipo', 'integer', 'Tipo'],
    ['origemTipo', 'text', 'Documento'],
    ['origemId', 'integer', 'Código do documento'],
    ['origemLinha', 'integer', 'Linha do documento'],
    ['estornoDe', 'integer', 'Estorno de'],
    ['usuarioId', 'integer', 'Usuário'],
    ['createdAt', 'datetime', 'Data'],
  ],
};

export const SALDOS: LedgerView = {
  endpoint: 'SaldosEstoque',
  title: 'Saldos de estoque',
  table: 'saldos_estoque',
  order: 'produtoId ASC',
  readPermissions: [{ key: CHAVE_CUSTO, fields: ['custoMedio'] }],
  fields: [
    ...POSICAO,
    ['custoMedio', 'number', 'Custo médio'],
    ['updatedAt', 'datetime', 'Alterado em'],
  ],
};

/** Stock may be read by whoever sees products or depósitos. */
function canRead(ctx: RequestContext): void {
  if (!serverAllows(ctx, 'app.produto', 'view') && !serverAllows(ctx, 'app.estoque', 'view')) throw forbidden('Você não tem permissão para consultar o estoque.');
}

async function listView(q: Queryable, def: ResourceDef, ctx: RequestContext, filter: Filter): Promise<Row[]> {
  checkFilterKeys(filter);
  filter = filtroSemOcultos(def, filter, ocultosDoRecurso(def, ctx));
  const fields = parseFields(def, filter.fields);
  const order = parseOrder(def, filter.order);
  const { limit, offset } = parsePaging(filter);
  const p = new SqlParams();
  const conds = [`t.tenant_id = ${p.add(ctx.tenantId)}`, `t.filial_id = ${p.add(ctx.branchId)}`, whereToSql(def, filter.where, p)];
  const sql = `SELECT ${fields.map((f) => `t.${quoteIdent(f.column)} AS ${quoteIdent(f.name)}`).join(', ')} FROM ${quoteIdent(def.table)} t WHERE ${conds.join(' AND ')} ORDER BY ${orderToSql(order)} LIMIT ${limit} OFFSET ${offset}`;
  return (await q.query<Row>(sql, p.values).catch((e) => translateDbError(e, 'read'))).rows;
}

const intParam = (v: unknown, name: string, required = true): number | null => {
  if (v === undefined || v === '') {
    if (required) throw badRequest(`Informe o parâmetro ${name}.`, [{ campo: name, mensagem: 'Campo Obrigatório!' }]);
    return null;
  }
  if (!/^\d{1,10}$/.test(String(v))) throw badRequest(`Parâmetro ${name} inválido: ${v}.`, [{ campo: name, mensagem: 'Valor inválido' }]);
  return Number(v);
};

// The calls as /api/openapi.json shows them (route-schema.ts).
const tags = ['Estoque'];
const TYPES = { integer: { type: ['integer', 'null'] }, number: { type: ['string', 'null'], description: 'decimal (até 4 casas)' }, text: { type: ['string', 'null'] }, datetime: { type: 'string', format: 'date-time' } } as Record<string, unknown>;
/** A row of a ledger view, from its fields. */
const objeto = (v: LedgerView) => ({ type: 'object', properties: Object.fromEntries(v.fields.map(([name, kind, title]) => [name, { ...(TYPES[kind] as object), title }])) });
const linhaPosicao = { type: 'object', properties: { produtoId: { type: 'integer' }, codigo: { type: ['string', 'null'] }, descricao: { type: 'string' }, depositoId: { type: 'integer' }, deposito: { type: 'string' }, quantidade: { type: 'string' }, custoMedio: { type: ['string', 'null'] }, valor: { type: 'string' } } };
const configuracao = { type: 'object', required: ['permitirEstoqueNegativo'], properties: { permitirEstoqueNegativo: { type: 'boolean' } } };

/** Read-only stock API: ledger and balances (LoopBack filters), a product's card, FEFO, the account switch. */
export default async function estoqueRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  registerReportSources(ESTOQUE_REPORTS);
  const { db } = services;
  for (const view of [MOVIMENTOS, SALDOS]) {
    const def = viewDef(view);
    app.get(`/api/${view.endpoint}`, withQuery({ filter: { ...JSON_TEXT, description: 'filtro LoopBack em JSON: {where, order, limit, skip, fields}' } }, [], { schema: { tags, summary: `${view.title} da filial selecionada (somente leitura)`, response: { 200: answer(view.title, { type: 'array', items: objeto(view) }) } } }), async (req) => {
      const ctx = req.ctx!;
      canRead(ctx);
      const filter = parseJsonParam<Filter>((req.query as Row).filter, 'filter') ?? {};
      return db.tenant(ctx, (q) => listView(q, def, ctx, filter));
    });
    app.get(`/api/${view.endpoint}/count`, withQuery({ where: { ...JSON_TEXT, description: 'condição LoopBack em JSON' } }, [], { schema: { tags, summary: `Quantas ${view.title.toLowerCase()} atendem à condição`, response: { 200: answer('Contagem', { type: 'object', properties: { count: { type: 'integer' } } }) } } }), async (req) => {
      const ctx = req.ctx!;
      canRead(ctx);
      const where = parseJsonParam<Where>((req.query as Row).where, 'where');
      recusarFiltroOculto(def, where, undefined, ocultosDoRecurso(def, ctx));
      const p = new SqlParams();
      const sql = `SELECT count(*)::integer AS n FROM ${quoteIdent(def.table)} t WHERE t.tenant_id = ${p.add(ctx.tenantId)} AND t.filial_id = ${p.add(ctx.branchId)} AND ${whereToSql(def, where, p)}`;
      return { count: await db.tenant(ctx, async (q) => Number((await q.query<{ n: number }>(sql, p.values)).rows[0].n)) };
    });
  }

  /** A product's ledger in this branch, oldest first, with the running balance per depósito and in total. */
  app.get('/api/MovimentosEstoque/extrato', withQuery({ produtoId: ID, depositoId: ID }, ['produtoId'], { schema: { tags, summary: 'Razão de um produto na filial, do mais antigo, com o saldo corrente por depósito e no total', response: { 200: answer('Movimentos') } } }), async (req) => {
    const ctx = req.ctx!;
    canRead(ctx);
    const qs = req.query as Row;
    const produtoId = intParam(qs.produtoId, 'produtoId')!;
    const depositoId = intParam(qs.depositoId, 'depositoId', false);
    return db.tenant(ctx, async (q) => {
      const r = await q.query<Row>(
        `SELECT * FROM (
           SELECT m.id, m.created_at AS "createdAt", m.tipo, m.deposito_id AS "depositoId", d.descricao AS "deposito", m.lote_id AS "loteId", l.numero AS "lote",
                  m.variacao_id AS "variacaoId", m.quantidade, m.custo_unitario AS "custoUnitario", m.origem_tipo AS "origemTipo", m.origem_id AS "origemId",
                  doc.numero AS "origemNumero", m.estorno_de AS "estornoDe", u.nome AS "usuario",
                  sum(m.quantidade) OVER (PARTITION BY m.deposito_id ORDER BY m.id) AS "saldoDeposito",
                  sum(m.quantidade) OVER (ORDER BY m.id) AS "saldo"
             FROM movimentos_estoque m
             JOIN depositos d ON d.tenant_id = m.tenant_id AND d.id = m.deposito_id
             LEFT JOIN lotes l ON l.tenant_id = m.tenant_id AND l.id = m.lote_id
             LEFT JOIN documentos doc ON doc.tenant_id = m.tenant_id AND doc.id = m.origem_id AND doc.tipo = m.origem_tipo
             LEFT JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.usuario_id
            WHERE m.tenant_id = $1 AND m.filial_id = $2 AND m.produto_id = $3) x
          WHERE $4::integer IS NULL OR x."depositoId" = $4
          ORDER BY x.id LIMIT 5000`,
        [ctx.tenantId, ctx.branchId, produtoId, depositoId],
      );
      const oculto = custoOculto(ctx, ['custoUnitario']);
      // The origin named as its document type declares it (ledgerLabel or singular), for the stock card.
      return r.rows.map((x) => semOcultos({ ...x, origemRotulo: x.origemTipo ? (services.documents?.originLabel(String(x.origemTipo)) ?? x.origemTipo) : null }, oculto));
    });
  });

  /** Balance per depósito of a list of products (the products grid and form), zero rows left out. */
  app.get('/api/SaldosEstoque/porDeposito', withQuery({ produtoIds: { ...ID_LIST, description: 'ids separados por vírgula' } }, ['produtoIds'], { schema: { tags, summary: 'Saldo por depósito de uma lista de produtos (até 1000)', response: { 200: answer('Saldos') } } }), async (req) => {
    const ctx = req.ctx!;
    canRead(ctx);
    const raw = String((req.query as Row).produtoIds ?? '');
    const ids = raw.split(',').filter(Boolean).map((v) => intParam(v, 'produtoIds')!);
    if (ids.length > 1000) throw badRequest('No máximo 1000 produtos por consulta.');
    if (!ids.length) return [];
    return db.tenant(ctx, async (q) =>
      (await q.query<Row>(
        `SELECT s.produto_id AS "produtoId", s.deposito_id AS "depositoId", d.descricao AS deposito, sum(s.quantidade) AS quantidade,
                CASE WHEN sum(s.quantidade) > 0 THEN round(sum(s.quantidade * coalesce(s.custo_medio, 0)) / sum(s.quantidade), 4) END AS "custoMedio",
                -- confirmed sales orders hold part of the balance (estoque/reservas.ts): what is left to sell
                sum(s.reservado) AS reservado, sum(s.quantidade - s.reservado) AS disponivel
           FROM saldos_estoque s JOIN depositos d ON d.tenant_id = s.tenant_id AND d.id = s.deposito_id
          WHERE s.tenant_id = $1 AND s.filial_id = $2 AND s.produto_id = ANY($3::integer[])
          GROUP BY s.produto_id, s.deposito_id, d.descricao ORDER BY s.produto_id, d.descricao`,
        [ctx.tenantId, ctx.branchId, ids],
      )).rows.map((x) => semOcultos(x, custoOculto(ctx, ['custoMedio']))),
    );
  });

  /**
   * FEFO: the lotes of a product with balance in a depósito, the one that expires first first, and how much
   * of `quantidade` to take from each (what an outgoing line should use).
   */
  app.get('/api/Lotes/fefo', withQuery({ produtoId: ID, depositoId: ID, quantidade: TEXT }, ['produtoId', 'depositoId'], { schema: { tags, summary: 'Lotes com saldo de um produto num depósito, o que vence primeiro primeiro (FEFO), com a quantidade sugerida de cada', response: { 200: answer('Lotes') } } }), async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, 'app.lote', 'view') && !serverAllows(ctx, 'app.produto', 'view')) throw forbidden('Você não tem permissão para consultar lotes.');
    const qs = req.query as Row;
    const produtoId = intParam(qs.produtoId, 'produtoId')!;
    const depositoId = intParam(qs.depositoId, 'depositoId')!;
    const quantidade = qs.quantidade === undefined ? null : String(qs.quantidade);
    if (quantidade !== null && !/^\d{1,11}(\.\d{1,4})?$/.test(quantidade)) throw badRequest(`Quantidade inválida: ${quantidade}.`, [{ campo: 'quantidade', mensagem: 'Valor inválido' }]);
    const rows = await db.tenant(ctx, async (q) =>
      (await q.query<{ loteId: number; numero: string; validade: string | null; fabricacao: string | null; saldo: string }>(
        `SELECT l.id AS "loteId", l.numero, l.validade, l.fabricacao, s.quantidade AS saldo
           FROM saldos_estoque s JOIN lotes l ON l.tenant_id = s.tenant_id AND l.id = s.lote_id
          WHERE s.tenant_id = $1 AND s.filial_id = $2 AND s.produto_id = $3 AND s.deposito_id = $4 AND s.quantidade > 0 AND l.ativo
          ORDER BY l.validade ASC NULLS LAST, l.id`,
        [ctx.tenantId, ctx.branchId, produtoId, depositoId],
      )).rows,
    );
    let falta = new Decimal(quantidade ?? '0');
    return rows.map((r) => {
      const usar = Decimal.min(falta, r.saldo);
      falta = falta.minus(usar);
      return { ...r, sugerido: usar.toFixed(4) };
    });
  });

  /**
   * Data-collector import (CSV/TXT `code;quantity`, XLSX columns A/B): `efetivar: false` answers the preview
   * (each line with product, balance, difference or its error); `efetivar: true` posts the file as one acerto,
   * refused whole (400, every bad line named) when any line is wrong.
   */
  app.post('/api/AcertosEstoque/importar', {
    bodyLimit: 20 * 1024 * 1024,
    schema: {
      tags,
      summary: 'Importa o arquivo do coletor de dados (CSV/TXT código;quantidade ou XLSX): prévia, ou efetivar como um acerto (tudo ou nada)',
      body: checkedByHandler({ type: 'object', required: ['depositoId', 'conteudo'], properties: { depositoId: { type: 'integer' }, conteudo: { type: 'string', description: 'texto, ou base64 para XLSX' }, formato: { enum: ['csv', 'txt', 'xlsx'] }, motivo: { type: 'string' }, efetivar: { type: 'boolean' } } }),
      response: { 200: answer('Prévia (linhas e erros) ou o acerto efetivado') },
    },
  }, async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, 'app.importarararquivocoletordados') || !serverAllows(ctx, 'app.acertoestoque', 'change')) throw forbidden('Você não tem permissão para importar arquivos do coletor de dados.');
    const body = (req.body ?? {}) as Row;
    const depositoId = intParam(body.depositoId === undefined ? undefined : String(body.depositoId), 'depositoId')!;
    if (typeof body.conteudo !== 'string' || !body.conteudo) throw badRequest('Envie o conteúdo do arquivo.', [{ campo: 'conteudo', mensagem: 'Campo Obrigatório!' }]);
    const formato = String(body.formato ?? 'csv').toLowerCase();
    const lidas = await lerArquivo(formato, body.conteudo);
    if (lidas.length > 5000) throw badRequest('No máximo 5000 linhas por arquivo.', [{ campo: 'conteudo', mensagem: 'Arquivo grande demais' }]);
    const acerto = services.documents!.get('acertoEstoque');
    const lifecycle = new DocumentLifecycle(services.registry);
    if (body.efetivar !== true) {
      return db.tenant(ctx, async (q) => {
        // RLS shows only the selected branch's depósitos: another branch's or account's is unknown here.
        if (!(await q.query('SELECT 1 FROM depositos WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, depositoId])).rows.length) {
          throw badRequest(`Depósito ${depositoId} não encontrado nesta filial.`, [{ campo: 'depositoId', mensagem: 'Registro não encontrado' }]);
        }
        const linhas = await conferir(q, ctx, depositoId, lidas);
        return { linhas, erros: linhas.filter((l) => l.erro).length };
      });
    }
    const motivo = typeof body.motivo === 'string' && body.motivo.trim().length >= 3 ? body.motivo.trim().slice(0, 200) : 'Importação do coletor de dados';
    return withRetry(services, ctx, async (q) => importarComoAcerto(q, ctx, lifecycle, acerto, depositoId, motivo, await conferir(q, ctx, depositoId, lidas)));
  });

  /**
   * Posição de estoque (balance and value at cost per product × depósito), in keyset pages. The whole report
   * goes to XLSX/PDF through the report queue (POST /api/Relatorios/exportar, recurso PosicaoEstoque).
   */
  app.get('/api/SaldosEstoque/posicao', withQuery({ depositoId: ID, limit: { ...NON_NEGATIVE, description: 'até 1000 (padrão 50)' }, depoisDe: { ...TEXT, description: 'produtoId,depositoId da última linha da página anterior' } }, [], {
    schema: {
      tags,
      summary: 'Posição de estoque (saldo e valor ao custo por produto × depósito), em páginas por chave; o relatório inteiro vai para XLSX/PDF por POST /api/Relatorios/exportar com recurso PosicaoEstoque',
      response: { 200: answer('Linhas', { type: 'array', items: linhaPosicao }) },
    },
  }), async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, 'app.relatorioEstoque') && !serverAllows(ctx, 'app.estoque', 'view')) throw forbidden('Você não tem permissão para consultar a posição de estoque.');
    const qs = req.query as Row;
    const depositoId = intParam(qs.depositoId, 'depositoId', false);
    const limit = Math.min(intParam(qs.limit, 'limit', false) ?? 50, 1000);
    const after = typeof qs.depoisDe === 'string' && /^\d+,\d+$/.test(qs.depoisDe) ? (qs.depoisDe.split(',').map(Number) as [number, number]) : null;
    const pagina = await db.tenant(ctx, (q) => posicaoPagina(q, ctx, { depositoId, depoisDe: after, limit }));
    const oculto = custoOculto(ctx, ['custoMedio', 'valor']);
    return oculto.size ? (pagina as unknown as Row[]).map((x) => semOcultos(x, oculto)) : pagina;
  });

  /**
   * The dashboard's stock card for the selected branch: value at average cost, active products below their
   * minimum stock (estoqueMinimo), and lotes with balance that expire within DIAS_VENCIMENTO days or already did.
   */
  app.get('/api/SaldosEstoque/resumo', { schema: { tags, summary: 'Resumo do estoque da filial (cartão do Dashboard)', response: { 200: answer('Resumo', { type: 'object', properties: { valorEmEstoque: { type: 'string' }, produtosComSaldo: { type: 'integer' }, abaixoDoMinimo: { type: 'integer' }, lotesVencendo: { type: 'integer' }, lotesVencidos: { type: 'integer' }, diasVencimento: { type: 'integer' } } }) } } }, async (req) => {
    const ctx = req.ctx!;
    canRead(ctx);
    const r = await db.tenant(ctx, (q) =>
      q.query<{ valor: string; produtos: number; abaixo: number; vencendo: number; vencidos: number }>(
        // The value adds up the posição's rows (each product × depósito rounded to cents), so the card and the
        // report's total agree.
        `WITH linha AS (
           SELECT produto_id, sum(quantidade) AS quantidade, round(sum(quantidade * coalesce(custo_medio, 0)), 2) AS valor
             FROM saldos_estoque WHERE tenant_id = $1 AND filial_id = $2 GROUP BY produto_id, deposito_id),
         saldo AS (SELECT produto_id, sum(quantidade) AS quantidade, sum(valor) AS valor FROM linha GROUP BY produto_id),
         lote AS (
           SELECT l.id, l.validade FROM lotes l
            WHERE l.tenant_id = $1 AND l.ativo AND l.validade IS NOT NULL AND l.validade <= current_date + $3::integer
              AND EXISTS (SELECT 1 FROM saldos_estoque s WHERE s.tenant_id = l.tenant_id AND s.filial_id = $2 AND s.lote_id = l.id AND s.quantidade > 0))
         SELECT (SELECT coalesce(sum(valor), 0) FROM saldo) AS valor,
                (SELECT count(*)::integer FROM saldo WHERE quantidade > 0) AS produtos,
                (SELECT count(*)::integer FROM produtos p LEFT JOIN saldo s ON s.produto_id = p.id
                  WHERE p.tenant_id = $1 AND p.ativo AND NOT p.servico AND p.estoque_minimo > 0 AND coalesce(s.quantidade, 0) < p.estoque_minimo) AS abaixo,
                (SELECT count(*)::integer FROM lote WHERE validade >= current_date) AS vencendo,
                (SELECT count(*)::integer FROM lote WHERE validade < current_date) AS vencidos`,
        [ctx.tenantId, ctx.branchId, DIAS_VENCIMENTO],
      ),
    );
    const x = r.rows[0];
    // The stock's value is at cost: absent for whoever may not read costs (the card is not shown).
    return { ...(podeLer(ctx)(CHAVE_CUSTO) ? { valorEmEstoque: new Decimal(x.valor).toFixed(2) } : {}), produtosComSaldo: x.produtos, abaixoDoMinimo: x.abaixo, lotesVencendo: x.vencendo, lotesVencidos: x.vencidos, diasVencimento: DIAS_VENCIMENTO };
  });

  app.get('/api/ConfiguracoesEstoque', { schema: { tags, summary: 'Configuração de estoque da conta', response: { 200: answer('Configuração', configuracao) } } }, async (req) => {
    const ctx = req.ctx!;
    canRead(ctx);
    const r = await db.tenant(ctx, (q) => q.query<{ p: boolean }>('SELECT permitir_estoque_negativo AS p FROM configuracoes_estoque WHERE tenant_id = $1', [ctx.tenantId]));
    return { permitirEstoqueNegativo: r.rows[0]?.p === true };
  });

  app.put('/api/ConfiguracoesEstoque', { schema: { tags, summary: 'Liga ou desliga "permitir estoque negativo"', body: checkedByHandler(configuracao), response: { 200: answer('Configuração', configuracao) } } }, async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, 'app.estoque', 'change')) throw forbidden('Você não tem permissão para alterar a configuração do estoque.');
    const body = req.body as Row;
    if (!body || typeof body.permitirEstoqueNegativo !== 'boolean') throw badRequest('Dados inválidos: Permitir estoque negativo: Campo Obrigatório!', [{ path: '/permitirEstoqueNegativo', campo: 'permitirEstoqueNegativo', mensagem: 'Campo Obrigatório!' }]);
    await db.tenant(ctx, (q) =>
      q.query(
        `INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) VALUES ($1, $2)
         ON CONFLICT (tenant_id) DO UPDATE SET permitir_estoque_negativo = EXCLUDED.permitir_estoque_negativo, updated_at = now()`,
        [ctx.tenantId, body.permitirEstoqueNegativo],
      ),
    );
    return { permitirEstoqueNegativo: body.permitirEstoqueNegativo };
  });
}
