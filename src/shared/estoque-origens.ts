/**
 * The origin types of goods entries (entrada de nota fiscal): the purchasing module's document posts its stock
 * with `{ tipo: 'entradaNota', id }` (its document name), so its movements carry this origem_tipo. The
 * 'Entrada de nota fiscal' report and screen list the movements of these origins.
 */
export const ORIGENS_ENTRADA_NOTA: readonly string[] = ['entradaNota'];
