/**
 * npm run bench:financeiro — the Financeiro grid with 10,000 lançamentos of 3 parcelas each (30,000 parcelas) in
 * one account, on PGlite and (when DATABASE_URL is set) PostgreSQL: the despesas grid's first page as the
 * screen asks for it (GET /api/Parcelas with its fields and includes, target < 200 ms), then its count and the
 * totals of the filtered rows, with no filter, an overdue filter and a text search. Through the whole HTTP path
 * (app.inject: auth, tenancy, the generic resource list).
 * BENCH_LANCAMENTOS changes the size; BENCH_BACKEND=pglite|postgres runs one backend only.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { createMailer } from '../../src/server/email/mailer.ts';
import { baixarParcelas, criarLancamento, DESPESA, RECEITA } from '../../src/server/financeiro/lancamentos.ts';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';

const N = Number(process.env.BENCH_LANCAMENTOS ?? 10000);
const RUNS = 15;

async function freshDb(kind: 'pglite' | 'postgres'): Promise<{ db: Db; url?: string }> {
  if (kind === 'pglite') return { db: await openDb({}) };
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS retaguarda_bench_financeiro WITH (FORCE)');
  await admin.query('CREATE DATABASE retaguarda_bench_financeiro');
  await admin.end();
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = '/retaguarda_bench_financeiro';
  return { db: await openDb({ databaseUrl: u.toString() }), url: u.toString() };
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

async function run(kind: 'pglite' | 'postgres') {
  const { db, url } = await freshDb(kind);
  await migrate(db);
  await loadReferenceData(db);
  await seedDemo(db, { clientes: 0 });
  const u = (await db.query<{ tenant_id: number; id: number }>(`SELECT tenant_id, id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
  const ctx = { tenantId: u.tenant_id, userId: u.id };
  const conta = (await db.query<{ id: number }>(`SELECT id FROM contas_financeiras WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [ctx.tenantId])).rows[0].id;
  const cats = (await db.query<{ id: number; tipo: number }>(`SELECT id, tipo FROM categorias_financeiras WHERE tenant_id = $1`, [ctx.tenantId])).rows;
  const pessoas = (await db.query<{ id: number }>(`SELECT id FROM pessoas WHERE tenant_id = $1 ORDER BY id LIMIT 20`, [ctx.tenantId])).rows.map((r) => r.id);
  console.log(`\n== ${kind}`);

  // 10,000 lançamentos × 3 parcelas through the service, over two years around today; a third of the first
  // parcelas settled, so the grid holds paid, open and overdue rows.
  let t0 = performance.now();
  const hoje = new Date();
  const BATCH = 250;
  for (let i = 0; i < N; i += BATCH) {
    await db.tenant(ctx, async (q) => {
      const aBaixar: number[] = [];
      for (let j = i; j < Math.min(N, i + BATCH); j++) {
        const tipo = j % 3 === 0 ? RECEITA : DESPESA;
        const emissao = new Date(hoje.getTime() + ((j % 730) - 500) * 86400000);
        const cat = cats.filter((c) => Number(c.tipo) === tipo)[j % 4] ?? null;
        const l = await criarLancamento(q, ctx, {
          tipo,
          descricao: `${tipo === DESPESA ? 'Compra' : 'Venda'} ${j} de volume`,
          pessoaId: pessoas[j % pessoas.length] ?? null,
          categoriaId: cat ? Number(cat.id) : null,
          documento: `NF ${100000 + j}`,
          dataEmissao: iso(emissao),
          valorTotal: (100 + ((j * 7919) % 900000) / 100).toFixed(2),
          numeroParcelas: 3,
          contaId: conta,
        });
        if (j % 3 === 1) aBaixar.push(l.parcelas[0].id);
      }
      if (aBaixar.length) await baixarParcelas(q, ctx, { contaId: conta, data: iso(hoje), itens: aBaixar.map((parcelaId) => ({ parcelaId })) });
    });
  }
  await db.query('ANALYZE');
  console.log(`${N.toLocaleString('pt-BR')} lançamentos × 3 parcelas gravados pelo serviço em ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-financeiro-'));
  const { app } = await buildApp({ db, serveWeb: false, reportWorker: false, dataDir, databaseUrl: url, mailer: createMailer({ outboxDir: join(dataDir, 'outbox'), log: () => {} }) });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/Usuarios/login?include=user', headers: { host: 'localhost' }, payload: { email: 'admin@demo.com.br', password: 'demo1234' } });
  const token = login.json().id;
  const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const get = async (url: string) => {
    const t = performance.now();
    const r = await app.inject({ method: 'GET', url, headers: { authorization: token } });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return { ms: performance.now() - t, body: r.json() };
  };
  const medir = async (nome: string, url: string, meta?: number) => {
    await get(url);
    const ts: number[] = [];
    let body: unknown;
    for (let i = 0; i < RUNS; i++) {
      const r = await get(url);
      ts.push(r.ms);
      body = r.body;
    }
    const fim = meta === undefined ? '' : p50(ts) < meta ? ' — ok' : ' — ACIMA DA META';
    console.log(`${nome}: p50 ${p50(ts).toFixed(1)} ms, p95 ${p95(ts).toFixed(1)} ms${meta ? ` (meta < ${meta} ms)` : ''}${fim}`);
    return body;
  };

  // The first page exactly as the despesas screen asks for it (src/web/renderer/grid-state.ts).
  const fields = ['id', 'vencimento', 'descricao', 'pessoaNome', 'categoriaId', 'contaId', 'numero', 'valor', 'valorAberto', 'status'];
  const include = [{ relation: 'categoria' }, { relation: 'conta' }];
  const pagina = (where: unknown) => `/api/Parcelas?filter=${enc({ where, order: 'vencimento ASC', limit: 20, skip: 0, fields, include })}`;
  for (const [nome, where] of [
    ['despesas', { tipo: 1 }],
    ['despesas atrasadas', { and: [{ tipo: 1 }, { status: { inq: ['atrasado'] } }] }],
    ['despesas, busca "1234"', { and: [{ tipo: 1 }, { or: [{ descricao: { ilike: '%1234%' } }, { pessoaNome: { ilike: '%1234%' } }, { documento: { ilike: '%1234%' } }] }] }],
  ] as const) {
    const rows = (await medir(`grade, primeira página (${nome})`, pagina(where), 200)) as unknown[];
    const { count } = (await medir(`  contagem (${nome})`, `/api/Parcelas/count?where=${enc(where)}`)) as { count: number };
    await medir(`  totais do filtro (${nome})`, `/api/Parcelas/totais?where=${enc(where)}`);
    console.log(`  ${rows.length} linhas na página de ${count.toLocaleString('pt-BR')}`);
  }
  await medir('saldos das contas', '/api/ContasFinanceiras/saldos');
  await app.close();
  await db.close();
}

const only = process.env.BENCH_BACKEND;
if (!only || only === 'pglite') await run('pglite');
if ((!only || only === 'postgres') && process.env.DATABASE_URL) await run('postgres');
else if (!only) console.log('\n(PostgreSQL: defina DATABASE_URL para medir também)');
