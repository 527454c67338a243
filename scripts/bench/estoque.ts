/**
 * npm run bench:estoque — the stock core's figures, on PGlite and (when DATABASE_URL is set) PostgreSQL:
 *  1. 1,000 concurrent outgoing movements on one product (each its own transaction): movements/s, exact end;
 *  2. an acerto of 1,000 lines created and posted (target < 2 s);
 *  3. posição de estoque over 100,000 SKUs × 2 depósitos: first page (target < 300 ms), full XLSX (< 10 s).
 * BENCH_SKUS changes the size of 3; BENCH_BACKEND=pglite|postgres runs one backend only.
 */
import Decimal from 'decimal.js';
import { Writable } from 'node:stream';
import pg from 'pg';
import { TipoMovimentacao } from '../../generated/lookups.ts';
import type { RequestContext } from '../../src/server/auth/context.ts';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { DocumentLifecycle } from '../../src/server/documentos/lifecycle.ts';
import { DocumentRegistry } from '../../src/server/documentos/registry.ts';
import { movimentar } from '../../src/server/estoque/movimentos.ts';
import { posicaoPagina, posicaoXlsx } from '../../src/server/estoque/posicao.ts';
import { ResourceRegistry } from '../../src/server/resources/registry.ts';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';

const SKUS = Number(process.env.BENCH_SKUS ?? 100000);

async function freshDb(kind: 'pglite' | 'postgres'): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { db: await openDb({}), drop: async () => {} };
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS retaguarda_bench_estoque WITH (FORCE)');
  await admin.query('CREATE DATABASE retaguarda_bench_estoque');
  await admin.end();
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = '/retaguarda_bench_estoque';
  return { db: await openDb({ databaseUrl: u.toString() }), drop: async () => {} };
}

const ms = (t0: number) => performance.now() - t0;
const ok = (good: boolean) => (good ? 'ok' : 'ACIMA DA META');

async function run(kind: 'pglite' | 'postgres') {
  const { db, drop } = await freshDb(kind);
  await migrate(db);
  await loadReferenceData(db);
  await seedDemo(db, { clientes: 0 });
  const u = (await db.query<{ tenant_id: number; id: number; filial: number }>(`SELECT tenant_id, id, filial_selecionada_id AS filial FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
  const scope = { tenantId: u.tenant_id, userId: u.id, branchId: u.filial };
  const ctx = { ...scope, perfilAdmin: true, permissoes: {}, isContador: false, suporteWhiteLabel: false } as unknown as RequestContext;
  const principal = (await db.query<{ id: number }>('SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 AND padrao', [scope.tenantId, scope.branchId])).rows[0].id;
  const loja = (await db.query<{ id: number }>(`INSERT INTO depositos (tenant_id, filial_id, descricao) VALUES ($1, $2, 'Depósito da loja') RETURNING id`, [scope.tenantId, scope.branchId])).rows[0].id;
  console.log(`\n== ${kind}`);

  // 1. 1,000 concurrent outgoing movements on one product.
  const produto = (await db.query<{ id: number }>(`INSERT INTO produtos (tenant_id, codigo, descricao, preco_custo) VALUES ($1, 'BENCH-1', 'Produto da concorrência', '2.00') RETURNING id`, [scope.tenantId])).rows[0].id;
  await db.tenant(scope, (q) => movimentar(q, scope, [{ produtoId: produto, depositoId: principal, quantidade: '1000', custoUnitario: '2.00', tipo: TipoMovimentacao.COMPRA }]));
  let t0 = performance.now();
  const res = await Promise.allSettled(Array.from({ length: 1000 }, () => db.tenant(scope, (q) => movimentar(q, scope, [{ produtoId: produto, depositoId: principal, quantidade: '-1', tipo: TipoMovimentacao.VENDA }]))));
  const secs = ms(t0) / 1000;
  const saldo = (await db.query<{ quantidade: string }>('SELECT quantidade FROM saldos_estoque WHERE tenant_id = $1 AND produto_id = $2', [scope.tenantId, produto])).rows[0].quantidade;
  const falhas = res.filter((r) => r.status === 'rejected').length;
  console.log(`1.000 saídas simultâneas: ${(1000 / secs).toFixed(0)} movimentos/s (${secs.toFixed(2)} s), saldo final ${new Decimal(saldo).toFixed(4)} (esperado 0.0000), erros ${falhas} — ${ok(falhas === 0 && new Decimal(saldo).isZero())}`);

  // 2. An acerto of 1,000 lines.
  await db.query(`INSERT INTO produtos (tenant_id, codigo, descricao, preco_custo) SELECT $1, 'AC' || g, 'Produto do acerto ' || g, 1.5 FROM generate_series(1, 1000) g`, [scope.tenantId]);
  const ids = (await db.query<{ id: number }>(`SELECT id FROM produtos WHERE tenant_id = $1 AND codigo LIKE 'AC%' ORDER BY id`, [scope.tenantId])).rows.map((r) => r.id);
  const resources = ResourceRegistry.load();
  const documents = await DocumentRegistry.load(resources);
  const lifecycle = new DocumentLifecycle(resources);
  const acerto = documents.get('acertoEstoque');
  t0 = performance.now();
  const doc = await db.tenant(scope, (q) => lifecycle.create(q, acerto, ctx, { depositoId: principal, motivo: 'Acerto de 1.000 linhas', itens: ids.map((id, i) => ({ produtoId: id, quantidade: String(1 + (i % 50)) })) }));
  const criar = ms(t0);
  t0 = performance.now();
  await db.tenant(scope, (q) => lifecycle.transition(q, acerto, ctx, doc.id as number, 'efetivar'));
  const efetivar = ms(t0);
  console.log(`acerto de 1.000 linhas: criar ${criar.toFixed(0)} ms, efetivar ${efetivar.toFixed(0)} ms (meta < 2.000 ms) — ${ok(efetivar < 2000)}`);

  // 3. Posição over SKUS products × 2 depósitos (balances written directly: the figure is the report's).
  t0 = performance.now();
  await db.query(`INSERT INTO produtos (tenant_id, codigo, descricao, preco_custo) SELECT $1, 'SKU' || g, 'SKU de volume ' || g, 3 FROM generate_series(1, $2) g`, [scope.tenantId, SKUS]);
  await db.query(
    `INSERT INTO saldos_estoque (tenant_id, produto_id, filial_id, deposito_id, quantidade, custo_medio)
     SELECT $1, p.id, $2, d, (p.id % 97) + 1, 3.2 FROM produtos p CROSS JOIN unnest($3::integer[]) d WHERE p.tenant_id = $1 AND p.codigo LIKE 'SKU%'`,
    [scope.tenantId, scope.branchId, [principal, loja]],
  );
  await db.exec('ANALYZE produtos; ANALYZE saldos_estoque; ANALYZE depositos;');
  console.log(`(carga de ${SKUS.toLocaleString('pt-BR')} SKUs × 2 depósitos: ${(ms(t0) / 1000).toFixed(1)} s)`);
  const firsts: number[] = [];
  for (let i = 0; i < 5; i++) {
    t0 = performance.now();
    await db.tenant(scope, (q) => posicaoPagina(q, scope, { limit: 50 }));
    firsts.push(ms(t0));
  }
  const first = firsts.sort((a, b) => a - b)[2];
  console.log(`posição de estoque, primeira página (mediana de 5): ${first.toFixed(0)} ms (meta < 300 ms) — ${ok(first < 300)}`);
  let bytes = 0;
  const sink = new Writable({ write(chunk, _enc, cb) { bytes += chunk.length; cb(); } });
  t0 = performance.now();
  const linhas = await posicaoXlsx(db, scope, sink);
  const xlsx = ms(t0) / 1000;
  console.log(`posição de estoque em XLSX: ${linhas.toLocaleString('pt-BR')} linhas, ${(bytes / 1e6).toFixed(1)} MB em ${xlsx.toFixed(1)} s (meta < 10 s) — ${ok(xlsx < 10)}`);
  await db.close();
  await drop();
}

// BENCH_BACKEND=postgres (or pglite) runs one backend only.
if (process.env.BENCH_BACKEND !== 'postgres') await run('pglite');
if (process.env.DATABASE_URL && process.env.BENCH_BACKEND !== 'pglite') await run('postgres');
