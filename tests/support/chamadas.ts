import { expect } from 'vitest';
import type { TestServer } from './server.ts';

type Row = Record<string, any>;

/**
 * The calls a suite makes as one signed-in user on its test server (both read when called, so the suite may open the
 * server and sign in later, in beforeAll): `call` answers the reply, `ok` expects 200 (the body shown when not) and
 * answers the JSON, `sql` reads the server's database.
 */
export function chamadasComo(servidor: () => TestServer, token: () => string) {
  const call = (method: string, url: string, payload?: unknown) => servidor().app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token() } });
  const ok = async (method: string, url: string, payload?: unknown) => {
    const r = await call(method, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const sql = async (text: string, params: unknown[] = []) => (await servidor().db.query<Row>(text, params)).rows;
  return { call, ok, sql };
}
