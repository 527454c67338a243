import Decimal from 'decimal.js';
import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import { tributosAproximados } from '../admin/ibpt.ts';
import type { Queryable } from '../db/db.ts';
import { formatBRL, toMoney } from '../../shared/money.ts';

/** ICMS origins of imported goods (tabela A da CST): 1, 2, 6 and 7 take the IBPT rate for imported goods. */
const ORIGENS_IMPORTADAS = new Set([1, 2, 6, 7]);

export interface TributosDaNota {
  federal: string;
  estadual: string;
  municipal: string;
  total: string;
  /** 'Trib aprox R$ … Federal, R$ … Estadual e R$ … Municipal Fonte: IBPT …', as printed (Lei 12.741/2012) */
  texto: string;
  /** items whose NCM the imported table of the UF does not list (no approximate tax on them) */
  semAliquota: number[];
}

/**
 * Lei 12.741/2012 on the fiscal engine: each item's approximate tax (vTotTrib) from the IBPT table imported for
 * the issuer's UF (importacao-ibpt-ncm), and the note's sum in infCpl ('Trib aprox R$ … Federal, … Estadual,
 * … Municipal Fonte: IBPT'). The XML then carries vTotTrib per item and in the totals, and DANFE and DANFCE
 * print both. Items already carrying a value keep it; a NCM the table does not list gets none. Returns the
 * document unchanged (and null) when the table has no rate for any item.
 */
export async function aplicarTributosAproximados(q: Queryable, doc: NfeDocumento): Promise<{ doc: NfeDocumento; tributos: TributosDaNota | null }> {
  const uf = doc.emitente.endereco.uf;
  let federal = new Decimal(0);
  let estadual = new Decimal(0);
  let municipal = new Decimal(0);
  let fonte: string | null = null;
  const semAliquota: number[] = [];
  const itens = [] as unknown as NfeDocumento['itens'];
  for (const [i, it] of doc.itens.entries()) {
    // The value the consumer pays for the item: gross less discount.
    const valor = new Decimal(it.quantidade).times(it.valorUnitario).toDecimalPlaces(2).minus(it.valorDesconto ?? 0);
    const t = it.valorAproximadoTributos === undefined && it.icms
      ? await tributosAproximados(q, { uf, ncm: it.ncm, valor, importado: ORIGENS_IMPORTADAS.has(it.icms.orig) })
      : null;
    if (!t) {
      if (it.valorAproximadoTributos === undefined) semAliquota.push(i + 1);
      itens.push(it);
      continue;
    }
    federal = federal.plus(t.federal);
    estadual = estadual.plus(t.estadual);
    municipal = municipal.plus(t.municipal);
    fonte ??= `${t.fonte} ${t.chave}`.trim();
    // The item's vTotTrib is the sum of its three rounded parts, so the note's total equals what infCpl lists.
    itens.push({ ...it, valorAproximadoTributos: toMoney(new Decimal(t.federal).plus(t.estadual).plus(t.municipal)) });
  }
  if (fonte === null) return { doc, tributos: null };
  const total = federal.plus(estadual).plus(municipal);
  const texto = `Trib aprox ${formatBRL(federal)} Federal, ${formatBRL(estadual)} Estadual e ${formatBRL(municipal)} Municipal Fonte: ${fonte}`;
  const antes = doc.informacoesAdicionais?.contribuinte;
  return {
    doc: { ...doc, itens, informacoesAdicionais: { ...doc.informacoesAdicionais, contribuinte: antes ? `${antes} ${texto}` : texto } },
    tributos: { federal: toMoney(federal), estadual: toMoney(estadual), municipal: toMoney(municipal), total: toMoney(total), texto, semAliquota },
  };
}
