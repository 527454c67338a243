import { ieConfere } from '../../../shared/inscricao-estadual.ts';

/**
 * Inscrição estadual of a recipient, by the UF's SINTEGRA rule: the product's one validator
 * (src/shared/inscricao-estadual.ts), the same the cadastro forms and their API use.
 */
export function ieValida(ie: string, uf: string): boolean {
  return ieConfere(ie, uf);
}
