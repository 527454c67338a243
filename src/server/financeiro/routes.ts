import Decimal from 'decimal.js';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Where } from '../../shared/filter.ts';
import type { ResourceDoc } from '../../../generated/schema-types.ts';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import type { LevelName } from '../../shared/permissions.ts';
import { withRetry } from '../documentos/routes.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { listDef, listFilter, parseJsonParam, SqlParams, whereToSql } from '../resources/filter-sql.ts';
import { JSON_TEXT, withQuery } from '../http/input-schemas.ts';
import { buildResource } from '../resources/registry.ts';
import { loadLookups, SCHEMAS_DIR } from '../catalog/documents.ts';
import { tenantKey } from '../storage/storage.ts';
import { parseId } from '../resources/resource-service.ts';
import type { Queryable } from '../db/db.ts';
import { baixarParcelas, cabecalhoOut, cancelarLancamento, criarLancamento, estornarBaixa, saldosContas, STATUS_PARCELA_SQL, transferir, type ItemBaixa } from './financeiro.service.ts';

type Row = Record<string, any>;

const ACAO: Record<LevelName, string> = { none: 'consultar', view: 'consultar', create: 'lançar', change: 'alterar', full: 'estornar ou cancelar' };
function guard(ctx: RequestContext, level: LevelName, key = 'app.lancamento'): void {
  if (!serverAllows(ctx, key, level)) throw forbidden(`Você não tem permissão para ${ACAO[level]} lançamentos financeiros.`);
}

function tipoOf(v: unknown): number {
  if (v !== 0 && v !== 1 && v !== '0' && v !== '1') throw badRequest('Tipo: use 0 (receita) ou 1 (despesa).');
  return Number(v);
}

const STATUS = new Set(['aberto', 'parcial', 'pago', 'atrasado', 'cancelado']);
const money = (v: unknown) => (v == null ? null : new Decimal(String(v)).toFixed(2));
const isoDate = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v == null ? null : String(v).slice(0, 10));

function parcelaOut(r: Row) {
  return {
    id: Number(r.id),
    lancamentoId: Number(r.lancamento_id),
    numero: Number(r.numero),
    vencimento: isoDate(r.vencimento),
    valor: money(r.valor),
    valorBaixado: money(r.valor_baixado),
    valorAberto: money(r.valor_aberto),
    status: r.status as string,
  };
}

function lancamentoOut(r: Row) {
  return {
    ...cabecalhoOut(r),
    contaId: r.conta_id == null ? null : Number(r.conta_id),
    documento: r.documento,
    dataEmissao: isoDate(r.data_emissao),
    competencia: isoDate(r.competencia)?.slice(0, 7),
    valorTotal: money(r.valor_total),
    cancelado: r.cancelado,
    origemTipo: r.origem_tipo,
    origemId: r.origem_id == null ? null : Number(r.origem_id),
  };
}

/** The lançamento form's document: the same JSON Schema validates POST /api/Lancamentos and the screen. */
export const LANCAMENTO_DOC: ResourceDoc = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'financeiro/lancamento.json'), 'utf8'));

/** Attachments of a lançamento: any file up to 5 MB (a boleto's PDF, a receipt's photo, the supplier's invoice). */
export const ANEXO_MAX_BYTES = 5 * 1024 * 1024;
const ANEXO_NOME = /^[^/\\\u0000-\u001f]{1,120}$/;

const PARCELAS_SQL = `SELECT p.*, p.valor - p.valor_baixado AS valor_aberto, ${STATUS_PARCELA_SQL} AS status
  FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id`;

async function comParcelas(q: Queryable, ctx: RequestContext, rows: Row[]) {
  if (!rows.length) return [];
  const ps = await q.query(`${PARCELAS_SQL} WHERE p.tenant_id = $1 AND p.lancamento_id = ANY($2::int[]) ORDER BY p.lancamento_id, p.numero`, [ctx.tenantId, rows.map((r) => r.id)]);
  const by = new Map<number, ReturnType<typeof parcelaOut>[]>();
  for (const p of ps.rows) {
    const o = parcelaOut(p);
    by.set(o.lancamentoId, [...(by.get(o.lancamentoId) ?? []), o]);
  }
  return rows.map((r) => ({ ...lancamentoOut(r), parcelas: by.get(Number(r.id)) ?? [] }));
}

/** The columns GET /api/Lancamentos filters and orders by (the fields of its answer). */
const LANCAMENTOS_LISTA = listDef('Lancamentos', 'lancamentos', [
  ['id', 'integer'], ['tipo', 'integer'], ['descricao', 'text'], ['pessoaId', 'integer'], ['categoriaId', 'integer'], ['centroCustoId', 'integer'],
  ['contaId', 'integer'], ['documento', 'text'], ['dataEmissao', 'date'], ['competencia', 'date'], ['valorTotal', 'number'], ['cancelado', 'boolean'],
  ['origemTipo', 'text'], ['origemId', 'integer'], ['createdAt', 'datetime'], ['updatedAt', 'datetime'],
]);
/** The columns GET /api/MovimentosFinanceiros filters and orders by. */
const MOVIMENTOS_LISTA = listDef('MovimentosFinanceiros', 'movimentos_financeiros', [
  ['id', 'integer'], ['contaId', 'integer'], ['data', 'date'], ['valor', 'number'], ['baixaId', 'integer'], ['transferenciaId', 'integer'], ['descricao', 'text'],
]);

interface SimpleFilter {
  where?: Record<string, unknown>;
  limit?: number;
  skip?: number;
}
function paging(f: SimpleFilter): { limit: number; skip: number } {
  const limit = f.limit == null ? 50 : Number(f.limit);
  const skip = f.skip == null ? 0 : Number(f.skip);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw badRequest('filter.limit: informe de 1 a 1000.');
  if (!Number.isInteger(skip) || skip < 0) throw badRequest('filter.skip: informe um número inteiro a partir de 0.');
  return { limit, skip };
}

/**
 * Financeiro API: lançamentos with their parcelas, baixas and their estornos, transferências, the ledger
 * and the balances per conta. Every write is one transaction of the domain service (financeiro.service).
 */
export default async function financeiroRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { db, registry, resources, storage } = services;
  const lancamentoDef = buildResource(LANCAMENTO_DOC, registry.ajv, loadLookups());
  const transferenciaDef = () => registry.byName.get('transferenciaFinanceira')!;
  const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

  app.get('/api/ContasFinanceiras/saldos', async (req) => {
    const ctx = req.ctx!;
    if (!serverAllows(ctx, 'app.conta', 'view') && !serverAllows(ctx, 'app.lancamento', 'view')) throw forbidden('Você não tem permissão para consultar as contas.');
    return db.tenant(ctx, (q) => saldosContas(q, ctx));
  });

  app.get('/api/Lancamentos', withQuery({ filter: JSON_TEXT }), async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    // The generic API's filter parser over the lançamento's columns; tipo and status keep their own checks
    // (status is the parcelas' situation, not a column).
    const lf = listFilter(LANCAMENTOS_LISTA, (req.query as Row).filter, { own: ['tipo', 'status'], alias: 'l', params: [ctx.tenantId] });
    const { limit, skip } = paging(lf.filter as SimpleFilter);
    const w = lf.own;
    const conds = ['l.tenant_id = $1', lf.sql];
    if (w.tipo !== undefined) conds.push(`l.tipo = ${lf.add(tipoOf(w.tipo))}`);
    if (w.status !== undefined) {
      if (!STATUS.has(String(w.status))) throw badRequest('Status: use aberto, parcial, pago, atrasado ou cancelado.');
      conds.push(`EXISTS (SELECT 1 FROM parcelas p WHERE p.tenant_id = l.tenant_id AND p.lancamento_id = l.id AND ${STATUS_PARCELA_SQL} = ${lf.add(String(w.status))})`);
    }
    const page = `LIMIT ${lf.add(limit)} OFFSET ${lf.add(skip)}`;
    return db.tenant(ctx, async (q) => {
      const r = await q.query(`SELECT * FROM lancamentos l WHERE ${conds.join(' AND ')} ORDER BY ${lf.order ?? 'l.data_emissao DESC, l.id DESC'} ${page}`, lf.values);
      return comParcelas(q, ctx, r.rows);
    });
  });

  app.get('/api/Lancamentos/:id', async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const id = idOf(req);
    return db.tenant(ctx, async (q) => {
      const r = await q.query(`SELECT * FROM lancamentos WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id]);
      if (!r.rows.length) throw notFound('Lançamento não encontrado.');
      const [l] = await comParcelas(q, ctx, r.rows);
      const baixas = await q.query(
        `SELECT b.* FROM baixas b JOIN parcelas p ON p.tenant_id = b.tenant_id AND p.id = b.parcela_id WHERE b.tenant_id = $1 AND p.lancamento_id = $2 ORDER BY b.id`,
        [ctx.tenantId, id],
      );
      return { ...l, baixas: baixas.rows.map(baixaOut) };
    });
  });

  app.post('/api/Lancamentos', async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    // The form's own JSON Schema first (schemas/financeiro/lancamento.json), then the rules of the service.
    const data = resources.validate(lancamentoDef, req.body);
    const created = await withRetry(services, ctx, (q) => criarLancamento(q, ctx, data as any));
    return db.tenant(ctx, async (q) => (await comParcelas(q, ctx, (await q.query(`SELECT * FROM lancamentos WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, created.id])).rows))[0]);
  });

  app.post('/api/Lancamentos/:id/cancelar', async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'full');
    const id = idOf(req);
    await withRetry(services, ctx, (q) => cancelarLancamento(q, ctx, id));
    return { id, cancelado: true };
  });

  app.post('/api/Parcelas/:id/baixar', async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const id = idOf(req);
    const b = (req.body ?? {}) as Row;
    const item: ItemBaixa = { parcelaId: id, valor: b.valor, juros: b.juros, multa: b.multa, desconto: b.desconto };
    return withRetry(services, ctx, (q) => baixarParcelas(q, ctx, { contaId: b.contaId, data: b.data, itens: [item] }));
  });

  app.post('/api/Parcelas/baixar', async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    return withRetry(services, ctx, (q) => baixarParcelas(q, ctx, req.body as any));
  });

  const baixaOut = (r: Row) => ({
    id: Number(r.id),
    parcelaId: Number(r.parcela_id),
    contaId: Number(r.conta_id),
    data: isoDate(r.data),
    valor: money(r.valor),
    principal: money(r.principal),
    juros: money(r.juros),
    multa: money(r.multa),
    desconto: money(r.desconto),
    estornoDe: r.estorno_de == null ? null : Number(r.estorno_de),
  });

  app.post('/api/Baixas/:id/estornar', async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'full');
    const id = idOf(req);
    return withRetry(services, ctx, (q) => estornarBaixa(q, ctx, id, (req.body as Row | undefined)?.data));
  });

  app.post('/api/TransferenciasFinanceiras', async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const data = resources.validate(transferenciaDef(), req.body);
    return withRetry(services, ctx, (q) => transferir(q, ctx, data as any));
  });

  app.get('/api/MovimentosFinanceiros', withQuery({ filter: JSON_TEXT }), async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const lf = listFilter(MOVIMENTOS_LISTA, (req.query as Row).filter, { params: [ctx.tenantId] });
    const { limit, skip } = paging(lf.filter as SimpleFilter);
    const page = `LIMIT ${lf.add(limit)} OFFSET ${lf.add(skip)}`;
    return db.tenant(ctx, async (q) =>
      (await q.query(`SELECT * FROM movimentos_financeiros t WHERE t.tenant_id = $1 AND ${lf.sql} ORDER BY ${lf.order ?? 't.data, t.id'} ${page}`, lf.values)).rows.map((r) => ({
        id: Number(r.id),
        contaId: Number(r.conta_id),
        data: isoDate(r.data),
        valor: money(r.valor),
        baixaId: r.baixa_id == null ? null : Number(r.baixa_id),
        transferenciaId: r.transferencia_id == null ? null : Number(r.transferencia_id),
        descricao: r.descricao,
      })),
    );
  });

  /**
   * The sums of the grid's filtered parcelas (the same LoopBack where as GET /api/Parcelas and its count): what
   * is open and not yet due, what is overdue, and what was paid.
   */
  app.get('/api/Parcelas/totais', withQuery({ where: JSON_TEXT }), async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const def = registry.byName.get('parcela')!;
    const where = parseJsonParam<Where>((req.query as Row).where, 'where');
    const p = new SqlParams();
    const conds = [`t.tenant_id = ${p.add(ctx.tenantId)}`, whereToSql(def, where, p)];
    return db.tenant(ctx, async (q) => {
      const r = await q.query(
        `SELECT count(*)::int AS quantidade,
                coalesce(sum(t.valor) FILTER (WHERE t.status <> 'cancelado'), 0) AS total,
                coalesce(sum(t.valor_aberto) FILTER (WHERE t.status IN ('aberto', 'parcial')), 0) AS aberto,
                coalesce(sum(t.valor_aberto) FILTER (WHERE t.status = 'atrasado'), 0) AS atrasado,
                coalesce(sum(t.valor_baixado) FILTER (WHERE t.status <> 'cancelado'), 0) AS pago
           FROM parcelas_lista t WHERE ${conds.join(' AND ')}`,
        p.values,
      );
      const x = r.rows[0];
      return { quantidade: Number(x.quantidade), total: money(x.total), aberto: money(x.aberto), atrasado: money(x.atrasado), pago: money(x.pago) };
    });
  });

  const anexoOut = (r: Row) => ({ id: Number(r.id), lancamentoId: Number(r.lancamento_id), nome: r.nome, tipoConteudo: r.tipo_conteudo, tamanho: Number(r.tamanho), createdAt: r.created_at });
  const lancamentoExiste = async (q: Queryable, ctx: RequestContext, id: number) => {
    if (!(await q.query(`SELECT 1 FROM lancamentos WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id])).rows.length) throw notFound('Lançamento não encontrado.');
  };

  app.get('/api/Lancamentos/:id/anexos', async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'view');
    const id = idOf(req);
    return db.tenant(ctx, async (q) => {
      await lancamentoExiste(q, ctx, id);
      return (await q.query(`SELECT * FROM lancamentos_anexos WHERE tenant_id = $1 AND lancamento_id = $2 ORDER BY id`, [ctx.tenantId, id])).rows.map(anexoOut);
    });
  });

  // The file travels as a data URL in the JSON body (SPEC 7: every call is JSON), as the brand images do.
  app.post('/api/Lancamentos/:id/anexos', { bodyLimit: Math.ceil(ANEXO_MAX_BYTES * 1.4) + 4096 }, async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const id = idOf(req);
    const b = (req.body ?? {}) as Row;
    const nome = typeof b.nome === 'string' ? b.nome.trim() : '';
    if (!ANEXO_NOME.test(nome)) throw badRequest('Anexo: informe o nome do arquivo (até 120 caracteres).', [{ path: '/nome', campo: 'nome', mensagem: 'Campo Obrigatório!' }]);
    const m = typeof b.arquivo === 'string' ? /^data:([\w.+-]+\/[\w.+-]+)?(?:;[^,]*)?;base64,([A-Za-z0-9+/=\s]*)$/.exec(b.arquivo) : null;
    if (!m) throw badRequest('Anexo: envie o arquivo como data URL em base64.', [{ path: '/arquivo', campo: 'arquivo', mensagem: 'Campo inválido!' }]);
    const bytes = Buffer.from(m[2], 'base64');
    if (!bytes.length) throw badRequest('Anexo: o arquivo está vazio.', [{ path: '/arquivo', campo: 'arquivo', mensagem: 'Campo inválido!' }]);
    if (bytes.length > ANEXO_MAX_BYTES) throw badRequest('Anexo: o arquivo passa de 5 MB.', [{ path: '/arquivo', campo: 'arquivo', mensagem: 'Campo inválido!' }]);
    const tipo = m[1] ?? 'application/octet-stream';
    await db.tenant(ctx, (q) => lancamentoExiste(q, ctx, id));
    const key = tenantKey(ctx.tenantId, 'lancamentos', `${id}-${randomBytes(8).toString('hex')}`);
    // The file first, then the row; a failed row takes the file back, so no row ever names a missing file.
    await storage.put(key, bytes, { contentType: tipo });
    try {
      return await db.tenant(ctx, async (q) => {
        await lancamentoExiste(q, ctx, id);
        const r = await q.query(
          `INSERT INTO lancamentos_anexos (tenant_id, lancamento_id, nome, tipo_conteudo, tamanho, chave, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
          [ctx.tenantId, id, nome, tipo, bytes.length, key, ctx.userId ?? null],
        );
        return anexoOut(r.rows[0]);
      });
    } catch (e) {
      await storage.delete(key).catch(() => {});
      throw e;
    }
  });

  const anexoOf = async (req: FastifyRequest) => {
    const ctx = req.ctx!;
    const { id, anexoId } = req.params as { id: string; anexoId: string };
    const r = await db.tenant(ctx, (q) => q.query(`SELECT * FROM lancamentos_anexos WHERE tenant_id = $1 AND lancamento_id = $2 AND id = $3`, [ctx.tenantId, parseId(id), parseId(anexoId)]));
    if (!r.rows.length) throw notFound('Anexo não encontrado.');
    return r.rows[0];
  };

  app.get('/api/Lancamentos/:id/anexos/:anexoId', async (req, reply) => {
    guard(req.ctx!, 'view');
    const a = await anexoOf(req);
    const body = await storage.get(a.chave);
    if (!body) throw notFound('Arquivo do anexo não encontrado.');
    reply.header('content-type', a.tipo_conteudo);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(a.nome)}`);
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(body);
  });

  app.delete('/api/Lancamentos/:id/anexos/:anexoId', async (req) => {
    const ctx = req.ctx!;
    guard(ctx, 'change');
    const a = await anexoOf(req);
    await db.tenant(ctx, (q) => q.query(`DELETE FROM lancamentos_anexos WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, a.id]));
    await storage.delete(a.chave).catch(() => {});
    return { id: Number(a.id), excluido: true };
  });
}
