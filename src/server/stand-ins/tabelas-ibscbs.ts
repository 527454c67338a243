import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tabelasIbsCbs, type TabelasIbsCbs } from '../../shared/fiscal/ibscbs.ts';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let tabelas: TabelasIbsCbs | null = null;

/**
 * The IBS/CBS tables the authorities parametrise (CST with its indicators, cClassTrib, rates per year), as the local
 * SEFAZ and ADN read them: the versions the product ships (schemas/lookups, derived from the published spreadsheets).
 */
export function tabelasDasAutoridades(): TabelasIbsCbs {
  const ler = (nome: string) => JSON.parse(readFileSync(path.join(RAIZ, `schemas/lookups/${nome}.json`), 'utf8')) as { items: unknown[] };
  const conhecidas = new Set(['cstIbsCbs', 'cClassTrib', 'aliquotaIbsCbs', 'obrigatoriedadeIbsCbs']);
  return (tabelas ??= tabelasIbsCbs({ get: (nome: string) => (conhecidas.has(nome) ? ler(nome) : undefined) }));
}
