import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AjudaRejeicao {
  cStat: string;
  texto: string;
  explicacao: string;
  comoCorrigir: string;
}

const ARQUIVO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/fiscal/rejeicoes-ajuda.json');
let codigos: Record<string, Omit<AjudaRejeicao, 'cStat'>> | undefined;

/** Plain-Portuguese help for a cStat; a generic text for codes the document does not list yet. */
export function ajudaRejeicao(cStat: string, xMotivo?: string): AjudaRejeicao {
  codigos ??= (JSON.parse(readFileSync(ARQUIVO, 'utf8')) as { codigos: Record<string, Omit<AjudaRejeicao, 'cStat'>> }).codigos;
  const c = codigos[cStat];
  if (c) return { cStat, ...c };
  return {
    cStat,
    texto: xMotivo ?? `Código ${cStat}`,
    explicacao: `A SEFAZ recusou o documento com o código ${cStat}${xMotivo ? `: ${xMotivo}` : ''}.`,
    comoCorrigir: 'Leia a mensagem da SEFAZ, corrija o dado indicado e transmita de novo. Se persistir, procure o suporte com o código.',
  };
}

/** Authorised or registered: 100, 101, 102, 135, 136, 150, 151, 155. */
export const cStatSucesso = (cStat: string) => ['100', '101', '102', '135', '136', '150', '151', '155'].includes(cStat);

/**
 * Answers that need no help text: success, and the informative codes of batches and distribution (103 received,
 * 104 processed, 105 in processing, 107 service running, 128 event batch processed, 137/138 distribution).
 */
export const cStatSemAjuda = (cStat: string) => cStatSucesso(cStat) || ['103', '104', '105', '107', '128', '137', '138'].includes(cStat);
