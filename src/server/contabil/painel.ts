import type { RequestContext } from '../auth/context.ts';
import type { Db } from '../db/db.ts';
import type { LinhaPainel } from '../../shared/contabil.ts';
import { clientesDoContador } from './contadores.ts';

/**
 * The accountant's panel: one row per client account. Each account is read in its own tenant transaction (RLS
 * scoped to that account), only after clientesDoContador found his access to it.
 */
export async function painelDoContador(db: Db, ctx: RequestContext): Promise<LinhaPainel[]> {
  const contas = await clientesDoContador(db, ctx);
  const linhas: LinhaPainel[] = [];
  for (const c of contas) {
    const dados = await db.tenant({ tenantId: c.contaId, userId: c.userId }, async (q) => {
      const ultimo = async (tipo: string) =>
        (
          await q.query<{ descricao: string; data: string }>(
            `SELECT descricao, coalesce(finalizado_em, data_inclusao) AS data FROM relatorios WHERE tenant_id = $1 AND tipo = $2 AND status = 1 ORDER BY coalesce(finalizado_em, data_inclusao) DESC LIMIT 1`,
            [c.contaId, tipo],
          )
        ).rows[0] ?? null;
      const cert = (await q.query<{ v: string | null }>('SELECT min(valido_ate) AS v FROM certificados_digitais WHERE tenant_id = $1 AND ativo', [c.contaId])).rows[0];
      const notas = (
        await q.query<{ rejeitadas: number; contingencia: number }>(
          `SELECT count(*) FILTER (WHERE status = 'rejeitada')::int AS rejeitadas, count(*) FILTER (WHERE status = 'contingencia')::int AS contingencia FROM notas_fiscais WHERE tenant_id = $1`,
          [c.contaId],
        )
      ).rows[0];
      const fech = (await q.query<{ m: string | null }>(`SELECT to_char(max(competencia), 'MM/YYYY') AS m FROM contabil_periodos WHERE tenant_id = $1 AND situacao = 'fechado'`, [c.contaId])).rows[0];
      const ofx = (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM transacoes_ofx WHERE tenant_id = $1 AND status = 0', [c.contaId])).rows[0];
      return { ultimoFechamento: fech?.m ?? null, extratoPendente: ofx?.n ?? 0, ultimoXml: await ultimo('zip'), ultimoSped: await ultimo('txt'), certificadoValidade: cert?.v ?? null, notasRejeitadas: notas.rejeitadas, notasContingencia: notas.contingencia };
    }, { readOnly: true });
    linhas.push({ contaId: c.contaId, nome: c.nome, cpfCnpj: c.cpfCnpj, atual: c.atual, ...dados });
  }
  return linhas;
}
