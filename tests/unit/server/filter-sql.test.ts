import { ResourceRegistry } from '../../../src/server/resources/registry.ts';
import { parseFields, parseOrder, parsePaging, SqlParams, whereToSql, MAX_LIMIT, DEFAULT_LIMIT, parseJsonParam } from '../../../src/server/resources/filter-sql.ts';
import { HttpError } from '../../../src/server/http/errors.ts';
import { quickSearchWhere } from '../../../src/shared/filter.ts';

const registry = ResourceRegistry.load();
const cliente = registry.get('cliente');
const sql = (where: unknown) => {
  const p = new SqlParams();
  return { text: whereToSql(cliente, where as any, p), values: p.values };
};
const status400 = (fn: () => unknown, text: RegExp) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    expect((e as HttpError).statusCode).toBe(400);
    expect((e as HttpError).message).toMatch(text);
    return;
  }
  throw new Error('esperava um 400');
};

describe('where -> SQL, every operator', () => {
  it.each([
    [{ nome: 'Ana' }, 't."nome" = $1', ['Ana']],
    [{ nome: null }, 't."nome" IS NULL', []],
    [{ nome: { eq: 'Ana' } }, 't."nome" = $1', ['Ana']],
    [{ nome: { neq: 'Ana' } }, 't."nome" IS DISTINCT FROM $1', ['Ana']],
    [{ nome: { neq: null } }, 't."nome" IS NOT NULL', []],
    [{ limiteCredito: { gt: '10.5' } }, 't."limite_credito" > $1', ['10.5']],
    [{ limiteCredito: { gte: 10 } }, 't."limite_credito" >= $1', ['10']],
    [{ id: { lt: '7' } }, 't."id" < $1', [7]],
    [{ id: { lte: 7 } }, 't."id" <= $1', [7]],
    [{ dataNascimento: { between: ['2000-01-01', '2000-12-31'] } }, 't."data_nascimento" BETWEEN $1 AND $2', ['2000-01-01', '2000-12-31']],
    [{ uf: { inq: ['SP', 'RJ'] } }, 't."uf" IN ($1, $2)', ['SP', 'RJ']],
    [{ uf: { nin: ['SP'] } }, '(t."uf" NOT IN ($1) OR t."uf" IS NULL)', ['SP']],
    [{ uf: { inq: [] } }, 'FALSE', []],
    [{ nome: { like: 'A%' } }, 't."nome" LIKE $1', ['A%']],
    [{ nome: { nlike: 'A%' } }, 't."nome" NOT LIKE $1', ['A%']],
    [{ nome: { ilike: '%silva%' } }, 't."nome" ILIKE $1', ['%silva%']],
    [{ nome: { nilike: '%silva%' } }, 't."nome" NOT ILIKE $1', ['%silva%']],
    [{ ativo: 'true' }, 't."ativo" = $1', [true]],
    [{ id: { gt: 1, lt: 9 } }, '(t."id" > $1 AND t."id" < $2)', [1, 9]],
  ])('%j', (where, text, values) => {
    expect(sql(where)).toEqual({ text, values });
  });

  it('and / or nest', () => {
    expect(sql({ or: [{ uf: 'SP' }, { and: [{ uf: 'RJ' }, { ativo: false }] }], nome: { ilike: 'a%' } })).toEqual({
      text: '(t."uf" = $1 OR (t."uf" = $2 AND t."ativo" = $3)) AND t."nome" ILIKE $4',
      values: ['SP', 'RJ', false, 'a%'],
    });
  });

  it('injection attempts stay parameters', () => {
    const evil = "x'; DROP TABLE pessoas; --";
    const r = sql({ nome: evil, email: { ilike: `%${evil}%` }, uf: { inq: [evil] } });
    expect(r.text).not.toContain('DROP');
    expect(r.values).toEqual([evil, `%${evil}%`, evil]);
  });

  it('unknown fields, operators and bad values are 400 naming them', () => {
    status400(() => sql({ 'nome" OR 1=1 --': 'x' }), /Campo desconhecido no filtro: nome" OR 1=1 --/);
    status400(() => sql({ nome: { regexp: '.*' } }), /Operador desconhecido no filtro: regexp/);
    status400(() => sql({ id: 'abc' }), /Valor inválido para o campo id/);
    status400(() => sql({ limiteCredito: { gt: '1e9; select' } }), /Valor inválido/);
    status400(() => sql({ dataNascimento: { between: ['2000-01-01'] } }), /between/);
    status400(() => sql({ id: { like: '1%' } }), /só vale para campos de texto/);
    status400(() => sql({ or: { nome: 'x' } }), /lista de condições/);
    status400(() => sql({ tipo: 1 }), /Campo desconhecido no filtro: tipo/);
  });
});

describe('order, paging, fields', () => {
  it('order as string, list or array, with id as the tie-break', () => {
    expect(parseOrder(cliente, 'nome DESC').map((o) => `${o.field.name} ${o.dir}`)).toEqual(['nome DESC', 'id ASC']);
    expect(parseOrder(cliente, ['uf ASC', 'nome']).map((o) => `${o.field.name} ${o.dir}`)).toEqual(['uf ASC', 'nome ASC', 'id ASC']);
    expect(parseOrder(cliente, undefined).map((o) => o.field.name)).toEqual(['nome', 'id']);
    status400(() => parseOrder(cliente, 'nome; drop table x'), /Ordenação inválida/);
    status400(() => parseOrder(cliente, 'senha ASC'), /Campo desconhecido na ordenação: senha/);
  });
  it('limit is capped; skip and offset both work', () => {
    expect(parsePaging({})).toEqual({ limit: DEFAULT_LIMIT, offset: 0 });
    expect(parsePaging({ limit: 50, skip: 100 })).toEqual({ limit: 50, offset: 100 });
    expect(parsePaging({ limit: 100000, offset: 5 })).toEqual({ limit: MAX_LIMIT, offset: 5 });
    status400(() => parsePaging({ limit: -1 }), /limit/);
  });
  it('fields as list or object', () => {
    expect(parseFields(cliente, ['nome', 'uf']).map((f) => f.name)).toEqual(['nome', 'uf']);
    expect(parseFields(cliente, { nome: true }).map((f) => f.name)).toEqual(['nome']);
    expect(parseFields(cliente, { observacao: false }).some((f) => f.name === 'observacao')).toBe(false);
    status400(() => parseFields(cliente, ['senha']), /Campo desconhecido em fields: senha/);
  });
  it('filter parameter must be JSON', () => {
    expect(parseJsonParam('{"limit":1}', 'filter')).toEqual({ limit: 1 });
    status400(() => parseJsonParam('{limit:1', 'filter'), /não é um JSON válido/);
  });
  it('quick search: every word in one of the fields, like characters escaped', () => {
    expect(quickSearchWhere(['nome', 'email'], 'ana 10%')).toEqual({
      and: [
        { or: [{ nome: { ilike: '%ana%' } }, { email: { ilike: '%ana%' } }] },
        { or: [{ nome: { ilike: '%10\\%%' } }, { email: { ilike: '%10\\%%' } }] },
      ],
    });
  });
});
