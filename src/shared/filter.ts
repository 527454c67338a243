/**
 * The LoopBack filter language spoken between the web and the API (SPEC 7):
 * { where, order, limit, skip|offset, fields, include }.
 */
export const WHERE_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'between', 'inq', 'nin', 'like', 'nlike', 'ilike', 'nilike'] as const;
export type WhereOperator = (typeof WHERE_OPERATORS)[number];

export type Scalar = string | number | boolean | null;
export type FieldCondition = Scalar | Partial<Record<WhereOperator, Scalar | Scalar[]>>;
export interface Where {
  and?: Where[];
  or?: Where[];
  [field: string]: FieldCondition | Where[] | undefined;
}

export interface IncludeItem {
  relation: string;
  scope?: Filter;
}

export interface Filter {
  where?: Where;
  order?: string | string[];
  limit?: number;
  skip?: number;
  offset?: number;
  fields?: string[] | Record<string, boolean>;
  include?: string | (string | IncludeItem)[] | IncludeItem;
}

/** Escapes % and _ so a person's search text matches literally inside a like pattern. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => '\\' + c);

/** The quick search box: each word must appear in one of the searched fields. */
export function quickSearchWhere(fields: string[], text: string): Where | undefined {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (!words.length || !fields.length) return undefined;
  const perWord = words.map((w) => ({ or: fields.map((f) => ({ [f]: { ilike: `%${escapeLike(w)}%` } })) }));
  return perWord.length === 1 ? perWord[0] : { and: perWord };
}
