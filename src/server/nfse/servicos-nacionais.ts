import { loadLookups } from '../catalog/documents.ts';

let servicos: Map<string, string> | null = null;

/** Description of a cTribNac of the national service list (schemas/lookups/codigoTributacaoNacional.json), or null. */
export function descricaoServicoNacional(codigo: string): string | null {
  servicos ??= new Map((loadLookups().get('codigoTributacaoNacional')?.items ?? []).map((s) => [String(s.value), String(s.label).replace(/^\S+ - /, '')]));
  return servicos.get(codigo) ?? null;
}
