import type { FastifyInstance } from 'fastify';
import type { ResourceDoc } from '../../generated/schema-types.ts';
import { invalidBody, sampleBody, sampleValue } from './samples.ts';

export interface SuiteContext {
  app: FastifyInstance;
  /** Tokens of the demo account's administrator and of the other account's. */
  demo: string;
  vizinha: string;
}

/**
 * The generic suite every resource document passes, whatever its fields: CRUD with filter, order and count,
 * a 400 in Portuguese that writes nothing, a 409 on a duplicate, the tenant wall and the 401 without a session.
 * Called inside a describe per document; ctx() gives the running server once beforeAll has started it.
 */
export function resourceSuite(doc: ResourceDoc, ctx: () => SuiteContext): void {
  const call = (token: string | null, method: string, url: string, payload?: unknown) =>
    ctx().app.inject({ method: method as any, url, payload: payload as any, headers: token ? { authorization: token } : {} });
  const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));
  const base = `/api/${doc.endpoint}`;
  const count = async (token = ctx().demo) => (await call(token, 'GET', `${base}/count`)).json().count as number;

  it('create, get, list with filter and order, count, replace, patch, delete', async () => {
    const before = await count();
    const body = sampleBody(doc);
    const created = await call(ctx().demo, 'POST', base, body);
    expect(created.statusCode, created.body).toBe(200);
    const rec = created.json();
    expect(rec.id).toBeGreaterThan(0);
    for (const [k, v] of Object.entries(body)) expect(rec[k], k).toEqual(v);
    expect(await count()).toBe(before + 1);

    const got = await call(ctx().demo, 'GET', `${base}/${rec.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(rec);

    const isPlainText = (f: string) => {
      const p = doc.schema.properties[f];
      const types = Array.isArray(p?.type) ? p.type : [p?.type];
      return !!p && types.includes('string') && !p.format && !p.lookup && !p.readOnly;
    };
    const display = doc.list.columns.find((c) => c.filter !== false && c.sort !== false && isPlainText(c.field))!.field;
    const listed = await call(ctx().demo, 'GET', `${base}?filter=${q({ where: { [display]: body[display] }, order: `${display} DESC`, limit: 5 })}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((r: any) => r.id)).toEqual([rec.id]);

    const ordered = (await call(ctx().demo, 'GET', `${base}?filter=${q({ order: 'id DESC', limit: 3, fields: ['id'] })}`)).json();
    expect(ordered.map((r: any) => r.id)).toEqual([...ordered.map((r: any) => r.id)].sort((a, b) => b - a));
    expect(Object.keys(ordered[0])).toEqual(['id']);

    const counted = await call(ctx().demo, 'GET', `${base}/count?where=${q({ id: rec.id })}`);
    expect(counted.json()).toEqual({ count: 1 });

    const replacement = sampleBody(doc);
    const put = await call(ctx().demo, 'PUT', `${base}/${rec.id}`, replacement);
    expect(put.statusCode, put.body).toBe(200);
    for (const [k, v] of Object.entries(replacement)) expect(put.json()[k], k).toEqual(v);

    const field = doc.schema.required?.[0] ?? display;
    const newValue = sampleValue(field, doc.schema.properties[field]);
    const patched = await call(ctx().demo, 'PATCH', `${base}/${rec.id}`, { [field]: newValue });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()[field]).toEqual(newValue);
    for (const [k, v] of Object.entries(replacement)) if (k !== field) expect(patched.json()[k], k).toEqual(v);

    const del = await call(ctx().demo, 'DELETE', `${base}/${rec.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ count: 1 });
    expect((await call(ctx().demo, 'GET', `${base}/${rec.id}`)).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('every verb takes the JSON content type with an empty body (SPEC 7)', async () => {
    const send = (method: string, url: string) => ctx().app.inject({ method: method as any, url, payload: '', headers: { authorization: ctx().demo, 'content-type': 'application/json' } });
    const rec = (await call(ctx().demo, 'POST', base, sampleBody(doc))).json();
    expect((await send('GET', base)).statusCode).toBe(200);
    expect((await send('GET', `${base}/count`)).json().count).toBeGreaterThan(0);
    expect((await send('GET', `${base}/findOne`)).statusCode).toBe(200);
    expect((await send('GET', `${base}/${rec.id}`)).json().id).toBe(rec.id);
    // A PATCH with nothing in it changes nothing.
    const patched = await send('PATCH', `${base}/${rec.id}`);
    expect(patched.statusCode, patched.body).toBe(200);
    const { updatedAt: _a, ...same } = rec;
    expect(patched.json()).toMatchObject(same);
    // A POST or PUT without a body is judged as an empty record: the answer names the fields, never the JSON.
    for (const [method, url] of [['POST', base], ['PUT', `${base}/${rec.id}`]]) {
      const r = await send(method, url);
      if (r.statusCode !== 200) {
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json().error.details.length, r.body).toBeGreaterThan(0);
      }
    }
    const deleted = await send('DELETE', `${base}/${rec.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await send('GET', `${base}/${rec.id}`)).statusCode).toBe(404);
  });

  it('an invalid body is a 400 in Portuguese and changes nothing', async () => {
    const before = await count();
    const r = await call(ctx().demo, 'POST', base, invalidBody(doc));
    expect(r.statusCode).toBe(400);
    const err = r.json().error;
    expect(err.name).toBe('BadRequestError');
    expect(err.message).toMatch(/^Dados inválidos: /);
    expect(err.details[0]).toMatchObject({ campo: doc.schema.required![0], mensagem: 'Campo Obrigatório!' });
    const unknown = await call(ctx().demo, 'POST', base, { ...sampleBody(doc), campoQueNaoExiste: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('Campo desconhecido: campoQueNaoExiste');
    expect(await count()).toBe(before);
  });

  // Only where the document declares unique keys: elsewhere there is nothing to duplicate.
  if (doc.unique?.length) it('a duplicate is a 409 with the SPEC text', async () => {
    const unique = doc.unique![0];
    const body = sampleBody(doc);
    expect((await call(ctx().demo, 'POST', base, body)).statusCode).toBe(200);
    const before = await count();
    const dup = await call(ctx().demo, 'POST', base, { ...sampleBody(doc), ...Object.fromEntries(unique.map((f) => [f, body[f]])) });
    expect(dup.statusCode, dup.body).toBe(409);
    expect(dup.json().error.message).toBe('Registro duplicado, verifique os dados e tente novamente');
    expect(await count()).toBe(before);
    // The other account may hold the same values: uniqueness is per tenant.
    expect((await call(ctx().vizinha, 'POST', base, body)).statusCode).toBe(200);
  });

  it("another tenant's record is a 404 on get, replace, patch and delete, and never listed", async () => {
    const theirs = (await call(ctx().vizinha, 'POST', base, sampleBody(doc))).json();
    expect(theirs.id).toBeGreaterThan(0);
    expect((await call(ctx().demo, 'GET', `${base}/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(ctx().demo, 'PUT', `${base}/${theirs.id}`, sampleBody(doc))).statusCode).toBe(404);
    expect((await call(ctx().demo, 'PATCH', `${base}/${theirs.id}`, {})).statusCode).toBe(404);
    expect((await call(ctx().demo, 'DELETE', `${base}/${theirs.id}`)).statusCode).toBe(404);
    const mine = (await call(ctx().demo, 'GET', `${base}?filter=${q({ limit: 1000, fields: ['id'] })}`)).json().map((r: any) => r.id);
    expect(mine).not.toContain(theirs.id);
    expect((await call(ctx().demo, 'GET', `${base}/count?where=${q({ id: theirs.id })}`)).json().count).toBe(0);
    expect((await call(ctx().vizinha, 'GET', `${base}/${theirs.id}`)).statusCode).toBe(200);
  });

  it('without a session the API answers 401', async () => {
    const r = await call(null, 'GET', base);
    expect(r.statusCode).toBe(401);
    expect(r.json().error.message).toMatch(/Autenticação/);
  });
}
