import Decimal from 'decimal.js';
import type { Queryable } from '../db/db.ts';
import { tributosRecuperaveis, type TributoRecuperavel } from '../../shared/fiscal/creditos-compras.ts';

type Row = Record<string, unknown>;
const D = (v: unknown) => new Decimal(v === null || v === undefined || v === '' ? 0 : String(v));

/** The header's money fields that the lines share when the lines do not carry their own part. */
export const RATEADOS = [
  ['valorFrete', 'valorFrete'],
  ['valorSeguro', 'valorSeguro'],
  ['valorDesconto', 'valorDesconto'],
  ['valorOutras', 'valorOutras'],
] as const;

/**
 * Spreads a header amount over the lines in proportion to each line's value of products (the NF-e rule for
 * vFrete/vSeg/vDesc/vOutro), in cents; the cents the rounding leaves go to the line of largest value.
 */
export function ratear(total: Decimal.Value, pesos: Decimal.Value[]): string[] {
  const t = new Decimal(total);
  const soma = pesos.reduce<Decimal>((a, p) => a.plus(p), new Decimal(0));
  if (t.isZero() || !pesos.length) return pesos.map(() => '0.00');
  const partes = pesos.map((p) => (soma.isZero() ? t.div(pesos.length) : t.times(p).div(soma)).toDecimalPlaces(2, Decimal.ROUND_DOWN));
  const resto = t.minus(partes.reduce((a, p) => a.plus(p), new Decimal(0)));
  let maior = 0;
  pesos.forEach((p, i) => {
    if (new Decimal(p).gt(pesos[maior])) maior = i;
  });
  partes[maior] = partes[maior].plus(resto);
  return partes.map((p) => p.toFixed(2));
}

/** Field of an entry line holding each tax the buyer may recover. */
const CAMPO_RECUPERAVEL: Record<TributoRecuperavel, string> = { icms: 'valorIcms', pis: 'valorPis', cofins: 'valorCofins', ipi: 'valorIpi' };

/**
 * Cost of a line as it enters stock: products − discount + freight + insurance + other expenses + IPI + ICMS-ST
 * (with FCP-ST), less the taxes the branch's regime recovers (`tributosRecuperaveis`, src/shared/fiscal/
 * creditos-compras.ts, the rule the contábil journal credits by: ICMS for the normal regime, PIS/COFINS for Lucro
 * Real; a Simples Nacional branch recovers none and costs the goods with them in), divided by the units that enter
 * (the note's quantity × the packaging factor). 4 places, like every stock cost.
 */
export function custoDaLinha(it: Row, unidades: Decimal.Value, recupera: readonly TributoRecuperavel[] = []): { total: string; unitario: string } {
  let total = valorDaLinha(it);
  for (const t of recupera) total = total.minus(D(it[CAMPO_RECUPERAVEL[t]]));
  const u = new Decimal(unidades);
  const unitario = u.isZero() ? new Decimal(0) : total.div(u);
  return { total: total.toFixed(2), unitario: Decimal.max(unitario, 0).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4) };
}

/** What the shop pays for a line: products − discount + freight + insurance + other + IPI + ICMS-ST. */
function valorDaLinha(it: Row): Decimal {
  return D(it.valorTotal).minus(D(it.valorDesconto)).plus(D(it.valorFrete)).plus(D(it.valorSeguro)).plus(D(it.valorOutras)).plus(D(it.valorIpi)).plus(D(it.valorIcmsSt));
}

/** The taxes a branch recovers on its purchases, by its regime (branches.regime_tributario). */
export async function recuperaveisDaFilial(q: Queryable, tenantId: number, filialId: number | null | undefined): Promise<TributoRecuperavel[]> {
  if (!filialId) return [];
  const r = await q.query<{ regime: number | null }>('SELECT regime_tributario AS regime FROM branches WHERE tenant_id = $1 AND id = $2', [tenantId, filialId]);
  return tributosRecuperaveis(r.rows[0]?.regime);
}

/** The value of the note: products − discount + freight + insurance + other + IPI + ICMS-ST, summed over the lines. */
export function totalDaNota(itens: Row[]): string {
  return itens.reduce<Decimal>((a, it) => a.plus(valorDaLinha(it)), new Decimal(0)).toFixed(2);
}
