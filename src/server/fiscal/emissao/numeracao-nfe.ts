// The numbers of an NF-e/NFC-e series: reserved in transaction 1, given back when SEFAZ never authorised them.
import type { Queryable } from '../../db/db.ts';
import { proximoNumero } from '../../documents/numeracao.ts';
import type { Colunas } from '../../documents/estados.ts';
import { type CtxEmissao } from './dados-nota.ts';
import { dadosSem, moverNota } from './estado-nota.ts';

type Row = Record<string, any>;

/**
 * The next number of an NF-e series: the lowest one given back (a note SEFAZ did not authorise while a later number
 * was already out) first, else the series' next. The series row stays locked until the caller commits.
 */
export async function reservarNumeroNfe(q: Queryable, tenantId: number, filialId: number, serie: number, tipo: 'nfe' | 'nfce' = 'nfe'): Promise<number> {
  const r = await q.query<{ d: number[] }>(`SELECT devolvidos AS d FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $4 AND serie = $3 FOR UPDATE`, [tenantId, filialId, serie, tipo]);
  const devolvidos = (r.rows[0]?.d ?? []).map(Number).sort((a, b) => a - b);
  if (devolvidos.length) {
    await q.query(`UPDATE sequencias_filial SET devolvidos = $4::int[], updated_at = now() WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $5 AND serie = $3`, [tenantId, filialId, serie, devolvidos.slice(1), tipo]);
    return devolvidos[0];
  }
  return proximoNumero(q, tenantId, filialId, tipo, serie);
}

/**
 * Gives a number back to its series: the series steps back when it was its last (and over any given-back numbers
 * now at its end), otherwise the number waits in `devolvidos` to be the next one handed out.
 */
export async function devolverNumeroNfe(q: Queryable, tenantId: number, filialId: number, serie: number, numero: number, tipo: 'nfe' | 'nfce' = 'nfe'): Promise<void> {
  const r = await q.query<{ u: string; d: number[] }>(`SELECT ultimo_numero::text AS u, devolvidos AS d FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $4 AND serie = $3 FOR UPDATE`, [tenantId, filialId, serie, tipo]);
  if (!r.rows.length) return;
  let ultimo = Number(r.rows[0].u);
  const devolvidos = new Set([...(r.rows[0].d ?? []).map(Number), numero]);
  while (devolvidos.has(ultimo)) devolvidos.delete(ultimo--);
  await q.query(`UPDATE sequencias_filial SET ultimo_numero = $4, devolvidos = $5::int[], updated_at = now() WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $6 AND serie = $3`, [tenantId, filialId, serie, ultimo, [...devolvidos].sort((a, b) => a - b), tipo]);
}

/**
 * The columns of a note still 'transmitindo' that keeps its number and key (a refused EPEC) as a rejected note: not
 * valid, not printable (written with its state by the transition).
 */
export function colunasNumeroMantido(nota: Row): Colunas {
  return { arquivo_xml: null, dados: { ...dadosSem(nota, 'statusAnterior'), numeroMantido: true } };
}

/**
 * A note 'transmitindo' whose number SEFAZ never authorised: the number goes back to the series (a number kept after a
 * refused EPEC stays the note's: only an inutilização frees it). Returns the note's columns to write with its next
 * state and the state it had before the transmission (what devolver-numero returns it to).
 */
export async function liberarNumero(q: Queryable, ctx: CtxEmissao, nota: Row): Promise<{ colunas: Colunas; anterior: 'rascunho' | 'rejeitada' }> {
  if (nota.dados?.numeroMantido) return { colunas: { arquivo_xml: null, dados: dadosSem(nota, 'statusAnterior') }, anterior: 'rejeitada' };
  await devolverNumeroNfe(q, ctx.tenantId, Number(nota.filial_id), Number(nota.serie), Number(nota.numero));
  return {
    colunas: { serie: null, numero: null, chave: null, data_emissao: null, arquivo_xml: null, dados: dadosSem(nota, 'documento', 'statusAnterior') },
    anterior: nota.dados?.statusAnterior === 'rejeitada' ? 'rejeitada' : 'rascunho',
  };
}

/** A note still 'transmitindo' with that number gives it back and returns to what it was (devolver-numero). */
export async function desfazerReserva(q: Queryable, ctx: CtxEmissao, notaId: number, numero: number | null): Promise<void> {
  const nota = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
  if (!nota || nota.status !== 'transmitindo' || (numero != null && Number(nota.numero) !== numero)) return;
  const { colunas, anterior } = await liberarNumero(q, ctx, nota);
  await moverNota(q, ctx, notaId, 'devolver-numero', colunas, anterior);
}
