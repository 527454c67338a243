import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Filter } from '../../src/shared/filter.ts';
import type { RequestContext } from '../../src/server/auth/context.ts';
import { resolveSession } from '../../src/server/auth/sessions.ts';
import { allowsVerb, type ResourceDef } from '../../src/server/resources/registry.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

/**
 * The generic API's reads go out through serialisers compiled from the columns (resources/serializers.ts):
 * for every resource the answer must be, byte for byte, JSON.stringify of the rows ResourceService reads for
 * the same filter — the default list, a field list in another order, included relations and a hierarchy chain
 * (keys the columns do not give), one record and findOne.
 */
describe.each(BACKENDS)('answers of the generic API serialised from the columns, on %s', (backend) => {
  let srv: TestServer;
  let token: string;
  let ctx: RequestContext;
  let defs: ResourceDef[];

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    token = await login(srv.app, 'admin@demo.com.br');
    ctx = (await resolveSession(srv.db, token))!; // the request's own context, as the server resolves it
    defs = [...srv.services.registry.byName.values()].filter((d) => allowsVerb(d, 'list') && srv.app.hasRoute({ method: 'GET', url: `/api/${d.endpoint}` }));
  });

  afterAll(async () => {
    await srv?.close();
  });

  const get = async (url: string) => {
    const r = await srv.app.inject({ method: 'GET', url, headers: { authorization: token } });
    expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    return r.body;
  };
  const expected = (def: ResourceDef, filter: Filter) => srv.db.tenant(ctx, (q) => srv.services.resources.list(q, def, ctx, filter));
  const query = (filter: Filter) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

  it('lists: the default, reordered fields, included relations and hierarchy chains', async () => {
    let rowsSeen = 0;
    let includes = 0;
    let chains = 0;
    for (const def of defs) {
      const columns = [...def.fields.values()].filter((f) => !f.virtual).map((f) => f.name);
      const filters: Filter[] = [{ limit: 20 }, { limit: 20, fields: [...columns].reverse() }];
      const relation = Object.keys(def.doc.relations ?? {})[0];
      if (relation) {
        // Without id in the fields: decorate() keeps the id it added, in front, when relations are included.
        filters.push({ limit: 20, include: relation, fields: columns.filter((n) => n !== 'id') });
        includes++;
      }
      if (def.doc.hierarchy) {
        filters.push({ limit: 20, fields: [def.doc.hierarchy.as, ...columns] });
        chains++;
      }
      for (const filter of filters) {
        const rows = await expected(def, filter);
        rowsSeen += rows.length;
        expect(await get(`/api/${def.endpoint}?${query(filter)}`), `${def.endpoint} ${JSON.stringify(filter)}`).toBe(JSON.stringify(rows));
      }
    }
    // The demo account gives the comparison something to compare: rows, relations and chains.
    expect(rowsSeen).toBeGreaterThan(500);
    expect(includes).toBeGreaterThan(3);
    expect(chains).toBeGreaterThan(0);
  });

  it('one record and findOne, with and without a field list', async () => {
    let compared = 0;
    for (const def of defs) {
      const [first] = await expected(def, { limit: 1 });
      if (!first) continue;
      const id = first.id as number;
      const whole = await srv.db.tenant(ctx, (q) => srv.services.resources.findById(q, def, ctx, id));
      expect(await get(`/api/${def.endpoint}/${id}`), def.endpoint).toBe(JSON.stringify(whole));
      const names = [...def.fields.values()].filter((f) => !f.virtual).map((f) => f.name).slice(-3);
      const some = await srv.db.tenant(ctx, (q) => srv.services.resources.findById(q, def, ctx, id, { fields: names }));
      expect(await get(`/api/${def.endpoint}/${id}?${query({ fields: names })}`), def.endpoint).toBe(JSON.stringify(some));
      const one = await expected(def, { where: { id }, limit: 1 });
      expect(await get(`/api/${def.endpoint}/findOne?${query({ where: { id } })}`), def.endpoint).toBe(JSON.stringify(one[0]));
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('a bad filter still answers the error in Portuguese, not a serialiser failure', async () => {
    const def = defs.find((d) => d.endpoint === 'Clientes')!;
    const r = await srv.app.inject({ method: 'GET', url: `/api/${def.endpoint}?${query({ fields: ['naoExiste'] })}`, headers: { authorization: token } });
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.body).error.message).toBe('Campo desconhecido em fields: naoExiste');
  });
});
