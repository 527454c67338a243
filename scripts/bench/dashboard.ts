/**
 * npm run bench:dashboard — the dashboard's server answers over a tenant with 100,000 sales lines and 30,000
 * receivables (issue 42: each < 300 ms), on PGlite and (when DATABASE_URL is set) PostgreSQL. The demo is seeded
 * as `npm start` does, then the volume is added in SQL over the last 13 months (sales lines over the demo's
 * faturado orders and products; 3,000 receivables of 10 instalments each, a third of them overdue). Each endpoint
 * is called BENCH_RUNS times through the whole HTTP path (app.inject: auth, tenancy): p50 and p95 printed.
 * BENCH_BACKEND=pglite|postgres runs one backend only.
 */
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const VENDAS = 100_000;
const TITULOS = 3_000;
const PARCELAS = 10;
const ENDPOINTS = ['/api/Vendas/resumo', '/api/Dashboard/vendas', '/api/RelatoriosFinanceiros/painel', '/api/Dashboard/fluxo', '/api/Dashboard/fiscal', '/api/SaldosEstoque/resumo', '/api/Pessoas/relatorios/ClientesSemCompra?dias=90', '/api/Pessoas/relatorios/ClientesEmAtraso', '/api/Pessoas/relatorios/RankingClientes'];

async function freshDb(kind: 'pglite' | 'postgres'): Promise<{ db: Db; url?: string }> {
  if (kind === 'pglite') return { db: await openDb({}) };
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS retaguarda_bench_dashboard WITH (FORCE)');
  await admin.query('CREATE DATABASE retaguarda_bench_dashboard');
  await admin.end();
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = '/retaguarda_bench_dashboard';
  return { db: await openDb({ databaseUrl: u.toString() }), url: u.toString() };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function run(kind: 'pglite' | 'postgres') {
  const { db, url } = await freshDb(kind);
  await migrate(db);
  await loadReferenceData(db);
  await seedDemo(db);
  const { app } = await buildApp({ db, serveWeb: false, reportWorker: false, databaseUrl: url });
  const login = await app.inject({ method: 'POST', url: '/api/Usuarios/login?include=user', headers: { host: 'localhost' }, payload: { email: 'admin@demo.com.br', password: 'demo1234' } });
  const token = login.json().id;
  const { tenant_id: tenant, filial } = (await db.query<{ tenant_id: number; filial: number }>(`SELECT tenant_id, filial_selecionada_id AS filial FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
  const t0 = Date.now();
  await db.transaction(async (q) => {
    // Sales lines over the demo's orders and products, spread over the last 13 months, some with a client.
    await q.query(
      `WITH p AS (SELECT array_agg(id) AS ids FROM documentos WHERE tenant_id = $1 AND tipo = 'pedidoVenda'),
            pr AS (SELECT array_agg(id) AS ids FROM produtos WHERE tenant_id = $1),
            cl AS (SELECT array_agg(id) AS ids FROM pessoas WHERE tenant_id = $1 AND tipo = 0)
       INSERT INTO vendas_itens (tenant_id, filial_id, pedido_id, linha, data, cliente_id, produto_id, quantidade, valor_total, custo_total)
       SELECT $1, $2, p.ids[1 + g % array_length(p.ids, 1)], 1000 + g, current_date - (g % 395), cl.ids[1 + g % array_length(cl.ids, 1)],
              pr.ids[1 + g % array_length(pr.ids, 1)], 1 + g % 5, round((5 + (g % 200) * 0.37)::numeric, 2), round((3 + (g % 200) * 0.2)::numeric, 2)
         FROM generate_series(1, $3::integer) g, p, pr, cl`,
      [tenant, filial, VENDAS],
    );
    await q.query(
      `WITH cl AS (SELECT array_agg(id) AS ids FROM pessoas WHERE tenant_id = $1 AND tipo = 0),
            l AS (INSERT INTO lancamentos (tenant_id, tipo, descricao, pessoa_id, data_emissao, competencia, valor_total)
                  SELECT $1, g % 2, 'Bench ' || g, cl.ids[1 + g % array_length(cl.ids, 1)], current_date - 200 + g % 300, date_trunc('month', current_date)::date, 1000
                    FROM generate_series(1, $2::integer) g, cl RETURNING id)
       INSERT INTO parcelas (tenant_id, lancamento_id, numero, vencimento, valor)
       SELECT $1, l.id, n, current_date - 150 + (l.id % 300) + n * 7, 100 FROM l, generate_series(1, $3::integer) n`,
      [tenant, TITULOS, PARCELAS],
    );
  });
  await db.query('ANALYZE').catch(() => {});
  console.log(`\n== ${kind}: ${VENDAS} linhas de venda e ${TITULOS * PARCELAS} parcelas a mais em ${((Date.now() - t0) / 1000).toFixed(1)} s; ${RUNS} chamadas cada`);
  for (const path of ENDPOINTS) {
    const tempos: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const a = performance.now();
      const r = await app.inject({ method: 'GET', url: path, headers: { authorization: token } });
      tempos.push(performance.now() - a);
      if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${r.body}`);
    }
    console.log(`${path.padEnd(58)} p50 ${pct(tempos, 0.5).toFixed(1).padStart(7)} ms   p95 ${pct(tempos, 0.95).toFixed(1).padStart(7)} ms`);
  }
  await app.close();
  await db.close();
}

const only = process.env.BENCH_BACKEND;
for (const kind of ['pglite', 'postgres'] as const) {
  if (only && only !== kind) continue;
  if (kind === 'postgres' && !process.env.DATABASE_URL) continue;
  await run(kind);
}
