import type { Queryable } from '../../db/db.ts';

type Row = Record<string, any>;

/** Where the documents of one model wait for an answer: the outbox table and the states that mean "sent, not settled". */
export interface Pendentes {
  tabela: 'notas_fiscais' | 'nfe_eventos_envio' | 'notas_servico' | 'dfe_manifestacoes_envio' | 'pdv_vendas';
  coluna: 'status' | 'situacao';
  estados: string[];
  /** how the log names one document ('NF-e', 'NFS-e', 'NF-e: evento') */
  rotulo: string;
  /** a further condition on the table's own columns, where the state alone does not say "waiting" (a fixed SQL text, never input) */
  onde?: string;
  /** at most this many documents per run (default: all) */
  limite?: number;
}

export interface CtxRecuperacao {
  tenantId: number;
  branchId: number;
  userId: number;
}

/**
 * The recovery's sweep, the same for every model (at start, by the periodic job, and "Consultar na SEFAZ" on Documentos
 * em transmissão with `alvo`, whatever its age; an `alvo` without id: that account's): each document left in a waiting
 * state older than `idadeMs` (and meeting the model's `onde`) is handed to the model's `resolver` on behalf of the user who sent it, one after the other, with no transaction open (the
 * resolver runs the pipeline: asked by the stored key, sent again with the same key, recorded once). The resolver
 * answers true (settled), false (still waiting) or null (nothing to do any more); a failure of one document is logged
 * and counted as waiting, the others go on.
 */
export async function recuperarPendentes(
  db: Pick<Queryable, 'query'>,
  p: Pendentes,
  idadeMs: number,
  alvo: { tenantId: number; id?: number } | undefined,
  resolver: (ctx: CtxRecuperacao, id: number, linha: Row) => Promise<boolean | null>,
): Promise<{ resolvidos: number[]; aguardando: number }> {
  const params: unknown[] = [idadeMs, p.estados];
  let filtro = '';
  if (alvo) {
    params.push(alvo.tenantId);
    filtro += ` AND tenant_id = $${params.length}`;
    if (alvo.id != null) {
      params.push(alvo.id);
      filtro += ` AND id = $${params.length}`;
    }
  }
  const r = await db.query<Row>(
    `SELECT tenant_id, id, filial_id, usuario_id, ${p.coluna} AS estado FROM ${p.tabela}
      WHERE ${p.coluna} = ANY($2::text[]) AND updated_at < now() - ($1::int * interval '1 millisecond')${p.onde ? ` AND (${p.onde})` : ''}${filtro} ORDER BY id${p.limite ? ` LIMIT ${Number(p.limite)}` : ''}`,
    params,
  );
  const res = { resolvidos: [] as number[], aguardando: 0 };
  for (const n of r.rows) {
    const ctx: CtxRecuperacao = { tenantId: Number(n.tenant_id), branchId: Number(n.filial_id), userId: Number(n.usuario_id ?? 0) };
    const id = Number(n.id);
    try {
      const ok = await resolver(ctx, id, n);
      if (ok) res.resolvidos.push(id);
      else if (ok === false) res.aguardando++;
    } catch (e) {
      console.warn(`${p.rotulo} ${id}: recuperação falhou (${(e as Error).message}).`);
      res.aguardando++;
    }
  }
  return res;
}
