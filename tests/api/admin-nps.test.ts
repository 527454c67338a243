import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

/** NPS (SPEC 2.8): the brand writes surveys; each user answers at most once per period; the score over time. */
describe.each(BACKENDS)('NPS on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let master: string;
  let vendedor: string;
  let viz: string;
  const req = (method: string, url: string, token?: string, payload?: unknown, host = 'localhost') =>
    app.inject({ method: method as any, url, payload: payload as any, headers: { host, ...(token ? { authorization: token } : {}) } });

  beforeAll(async () => {
    srv = await startTestServer(backend, { reportWorker: false });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    master = await login(app, 'master@demo.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
    viz = await login(app, 'admin@vizinha.com.br');
  });
  afterAll(async () => srv?.close());

  it('only the brand staff writes surveys; bad input is refused field by field and nothing is written', async () => {
    expect((await req('POST', '/api/Nps/pesquisas', admin, { pergunta: 'Você nos recomendaria?', periodoDias: 90 })).statusCode).toBe(403);
    const bad = await req('POST', '/api/Nps/pesquisas', master, { pergunta: 'curta', periodoDias: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: any) => d.campo).sort()).toEqual(['pergunta', 'periodoDias']);
    expect((await srv.db.query(`SELECT count(*)::int AS n FROM nps_pesquisas WHERE ativa`)).rows[0].n).toBe(0);
  });

  it('asks each user once per period (answering or closing), scores it, and keeps brands apart', async () => {
    const created = await req('POST', '/api/Nps/pesquisas', master, { pergunta: 'De 0 a 10, quanto você recomendaria o sistema a um amigo?', periodoDias: 90 });
    expect(created.statusCode, created.body).toBe(200);
    const pesquisa = created.json();
    for (const t of [admin, vendedor, viz]) expect((await req('GET', '/api/Nps/pendente', t)).json().pesquisa).toMatchObject({ id: pesquisa.id });

    for (const body of [{ pesquisaId: pesquisa.id }, { pesquisaId: pesquisa.id, nota: 11 }, { pesquisaId: pesquisa.id, nota: 7.5 }, { nota: 5 }]) {
      expect((await req('POST', '/api/Nps/respostas', admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await req('POST', '/api/Nps/respostas', admin, { pesquisaId: pesquisa.id, nota: 10, comentario: 'Muito bom para o caixa.' })).statusCode).toBe(200);
    expect((await req('POST', '/api/Nps/respostas', admin, { pesquisaId: pesquisa.id, nota: 3 })).statusCode).toBe(409);
    expect((await req('GET', '/api/Nps/pendente', admin)).json().pesquisa).toBeNull();
    expect((await req('POST', '/api/Nps/respostas', vendedor, { pesquisaId: pesquisa.id, dispensada: true })).statusCode).toBe(200);
    expect((await req('GET', '/api/Nps/pendente', vendedor)).json().pesquisa).toBeNull();
    expect((await req('POST', '/api/Nps/respostas', viz, { pesquisaId: pesquisa.id, nota: 4, comentario: 'Falta relatório de comissão.' })).statusCode).toBe(200);

    const r = (await req('GET', `/api/Nps/resultados?pesquisaId=${pesquisa.id}`, master)).json();
    // One promoter, one detractor, the dismissal does not count: (1 - 1) / 2 = 0.
    expect(r).toMatchObject({ nps: 0, promotores: 1, neutros: 0, detratores: 1, respostas: 2 });
    expect(r.porMes).toHaveLength(12);
    expect(r.porMes.at(-1)).toMatchObject({ respostas: 2, nps: 0 });
    expect(r.comentarios.map((c: any) => c.comentario).sort()).toEqual(['Falta relatório de comissão.', 'Muito bom para o caixa.']);
    expect((await req('GET', '/api/Nps/resultados', admin)).statusCode).toBe(403);

    // Another brand's survey is neither shown nor answerable here; its staff does not see this one.
    const marca2 = (await srv.db.query<{ id: number }>(`SELECT id FROM brands WHERE nome = 'Marca Dois'`)).rows[0].id;
    const outra = (await srv.db.query<{ id: number }>(`INSERT INTO nps_pesquisas (brand_id, pergunta, periodo_dias) VALUES ($1, 'Pergunta da outra marca?', 30) RETURNING id`, [marca2])).rows[0].id;
    expect((await req('POST', '/api/Nps/respostas', viz, { pesquisaId: outra, nota: 9 })).statusCode).toBe(404);
    expect((await req('GET', `/api/Nps/resultados?pesquisaId=${outra}`, master)).statusCode).toBe(404);
    expect((await req('PUT', `/api/Nps/pesquisas/${outra}`, master, { pergunta: 'Tentando mudar a outra marca', periodoDias: 5 })).statusCode).toBe(404);

    // Closing the survey stops asking.
    expect((await req('PUT', `/api/Nps/pesquisas/${pesquisa.id}`, master, { pergunta: pesquisa.pergunta, periodoDias: 90, ativa: false })).json()).toMatchObject({ ativa: false });
    const novo = await login(app, 'contador@demo.com.br');
    expect((await req('GET', '/api/Nps/pendente', novo)).json().pesquisa).toBeNull();
  });

  it('the period is per answer: a year-old answer asks again', async () => {
    const p = (await req('POST', '/api/Nps/pesquisas', master, { pergunta: 'Nova rodada: você nos recomendaria?', periodoDias: 30 })).json();
    expect((await req('POST', '/api/Nps/respostas', admin, { pesquisaId: p.id, nota: 8 })).statusCode).toBe(200);
    expect((await req('GET', '/api/Nps/pendente', admin)).json().pesquisa).toBeNull();
    await srv.db.query(`UPDATE nps_respostas SET created_at = now() - interval '31 days' WHERE pesquisa_id = $1`, [p.id]);
    expect((await req('GET', '/api/Nps/pendente', admin)).json().pesquisa).toMatchObject({ id: p.id });
  });
});
