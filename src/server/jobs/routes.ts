import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import type { RequestContext } from '../auth/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { withQuery } from '../http/input-schemas.ts';
import { parseId } from '../resources/crud.ts';
import { TRAVADO_APOS_S, type JobQueue } from './queue.ts';

/** What the list shows by default: what needs a look (pendente, falhou, travado). */
const SITUACOES = ['pendente', 'executando', 'travado', 'falhou', 'concluido'] as const;
type SituacaoLista = (typeof SITUACOES)[number];

/**
 * Who sees which jobs: isAvanco every job; the brand's administration (master) the system jobs and its accounts'
 * jobs; the account's administrator (perfil administrador) its own account's jobs. Returns the SQL condition.
 */
function escopo(ctx: RequestContext, params: unknown[]): string {
  if (ctx.isAvanco) return 'true';
  if (ctx.master) {
    params.push(ctx.brandId);
    return `(j.conta_id IS NULL OR t.brand_id = $${params.length})`;
  }
  if (ctx.perfilAdmin) {
    params.push(ctx.tenantId);
    return `j.conta_id = $${params.length}`;
  }
  throw forbidden('Somente o administrador da conta pode consultar os jobs em segundo plano.');
}

const SITUACAO_SQL = (travadoParam: string) =>
  `CASE WHEN j.situacao = 'executando' AND j.sinal_em < now() - make_interval(secs => ${travadoParam}) THEN 'travado' ELSE j.situacao END`;

interface Linha {
  id: number;
  tipo: string;
  chave: string | null;
  conta_id: number | null;
  conta: string | null;
  situacao: SituacaoLista;
  tentativas: number;
  max_tentativas: number;
  executar_em: string;
  iniciado_em: string | null;
  ultimo_erro: string | null;
  criado_em: string;
  concluido_em: string | null;
}

const saida = (r: Linha) => ({
  id: r.id,
  tipo: r.tipo,
  chave: r.chave,
  contaId: r.conta_id,
  conta: r.conta ?? (r.conta_id === null ? 'Sistema' : null),
  situacao: r.situacao,
  tentativas: r.tentativas,
  maxTentativas: r.max_tentativas,
  executarEm: r.executar_em,
  iniciadoEm: r.iniciado_em,
  ultimoErro: r.ultimo_erro,
  criadoEm: r.criado_em,
  concluidoEm: r.concluido_em,
});

/** The admin list of background jobs (pending, failed, stuck) with their last error, and the retry action. */
export default async function jobsRoutes(app: FastifyInstance, { services, queue }: { services: { db: Db }; queue: JobQueue }) {
  const { db } = services;
  const SITUACAO_PARAM = { type: 'string', enum: [...SITUACOES, 'problemas', 'todos'] } as const;

  const buscar = async (ctx: RequestContext, where: string, extra: unknown[], limit = 500): Promise<Linha[]> => {
    const params: unknown[] = [TRAVADO_APOS_S, ...extra];
    const vis = escopo(ctx, params);
    const r = await db.query<Linha>(
      `SELECT * FROM (
         SELECT j.id, j.tipo, j.chave, j.conta_id, t.nome AS conta, ${SITUACAO_SQL('$1')} AS situacao, j.tentativas, j.max_tentativas,
                j.executar_em, j.iniciado_em, j.ultimo_erro, j.criado_em, j.concluido_em
           FROM jobs j LEFT JOIN tenants t ON t.id = j.conta_id
          WHERE ${vis}) x
        WHERE ${where}
        ORDER BY x.id DESC LIMIT ${limit}`,
      params,
    );
    return r.rows;
  };

  app.get('/api/Jobs', withQuery({ situacao: SITUACAO_PARAM }, [], { schema: { summary: 'Os jobs em segundo plano pendentes, falhos e travados (Área do administrador)' } }), async (req) => {
    const ctx = req.ctx!;
    const s = (req.query as { situacao?: string }).situacao ?? 'problemas';
    const rows =
      s === 'todos' ? await buscar(ctx, 'true', []) : s === 'problemas' ? await buscar(ctx, `x.situacao IN ('pendente', 'travado', 'falhou')`, []) : await buscar(ctx, 'x.situacao = $2', [s]);
    return rows.map(saida);
  });

  app.post('/api/Jobs/:id/reexecutar', { schema: { summary: 'Põe um job falho ou travado de volta na fila' } }, async (req) => {
    const ctx = req.ctx!;
    const id = parseId((req.params as { id: string }).id);
    const job = (await buscar(ctx, 'x.id = $2', [id], 1))[0];
    if (!job) throw notFound('Job não encontrado.');
    if (job.situacao === 'concluido') throw badRequest('Este job já foi concluído: não há o que executar de novo.');
    if (job.situacao === 'executando') throw conflict('Este job está em execução agora: aguarde o fim ou que seja dado como travado.');
    try {
      const r = await db.query(
        `UPDATE jobs SET situacao = 'pendente', tentativas = 0, executar_em = now(), executor = NULL, concluido_em = NULL
          WHERE id = $1 AND (situacao IN ('pendente', 'falhou') OR (situacao = 'executando' AND sinal_em < now() - make_interval(secs => $2)))`,
        [id, TRAVADO_APOS_S],
      );
      if (!r.rowCount) throw conflict('O job mudou de situação enquanto isso: atualize a lista.');
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw conflict('Já existe outro job igual pendente ou em execução.');
      throw err;
    }
    queue.kick();
    return saida((await buscar(ctx, 'x.id = $2', [id], 1))[0]);
  });
}
