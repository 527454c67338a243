/** SPEC 5.7: the favourites limit (n chosen as 10 and kept in this one constant) and the messages. */
export const FAVORITES_LIMIT = 10;
export const FAVORITES_MESSAGES = {
  limite: (n: number) => `Limite de ${n} favoritos`,
  semMenu: 'Não é possível favoritar esta página',
  padrao: (title: string) => `O menu '${title}' não pode ser removido dos favoritos`,
  falha: 'Não foi possível realizar esta ação',
} as const;

/** The selected favourite follows the current route with the query string ignored (SPEC 4). */
export const routeKey = (hashOrPath: string): string => hashOrPath.replace(/^#?\/?/, '').split('?')[0].replace(/\/+$/, '');
