/**
 * The scale part of `npm run bench:exportacoes` (issue 36): 20,000 products on the scale (nutrition facts and text
 * on every fifth) loaded to a Toledo MGV6 ZIP — read from the database, written by the layout writer, zipped —
 * target < 2 s. PGlite, and PostgreSQL too when DATABASE_URL is set. BENCH_PRODUTOS changes the count.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { gerarCarga, layoutsBalanca, produtosDaBalanca, zipDaCarga } from '../../src/server/exportacoes/balanca/index.ts';

const N = Number(process.env.BENCH_PRODUTOS ?? 20000);

async function freshDb(kind: 'pglite' | 'postgres'): Promise<Db> {
  if (kind === 'pglite') return openDb({});
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS retaguarda_bench_balanca WITH (FORCE)');
  await admin.query('CREATE DATABASE retaguarda_bench_balanca');
  await admin.end();
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = '/retaguarda_bench_balanca';
  return openDb({ databaseUrl: u.toString() });
}

/** One backend's figure (bench:exportacoes calls it for its scale part); true when under the 2 s target. */
export async function benchBalanca(kind: 'pglite' | 'postgres'): Promise<boolean> {
  const db = await freshDb(kind);
  await migrate(db);
  const brand = (await db.query<{ id: number }>(`INSERT INTO brands (nome) VALUES ('Bench') RETURNING id`)).rows[0].id;
  const tenant = (await db.query<{ id: number }>(`INSERT INTO tenants (brand_id, nome) VALUES ($1, 'Bench balança') RETURNING id`, [brand])).rows[0].id;
  await db.query(
    `INSERT INTO produtos (tenant_id, codigo, descricao, preco_venda, balanca, balanca_plu, balanca_venda, balanca_validade_dias, balanca_departamento, balanca_tara, balanca_texto,
                           nutri_porcao, nutri_valor_energetico, nutri_carboidratos, nutri_proteinas, nutri_gorduras_totais, nutri_gorduras_saturadas, nutri_sodio)
     SELECT $1, 'B' || g, 'Produto de balança ' || g, (g % 9000) + 0.99, true, g, CASE WHEN g % 3 = 0 THEN 'unidade' ELSE 'peso' END, g % 60, 1 + g % 20,
            CASE WHEN g % 7 = 0 THEN 0.015 END, CASE WHEN g % 5 = 0 THEN 'Ingredientes do produto ' || g || '. Conservar refrigerado.' END,
            CASE WHEN g % 5 = 0 THEN 100 END, 250, 10.5, 12.0, 18.2, 6.1, 650
       FROM generate_series(1, $2) g`,
    [tenant, N],
  );
  const layout = layoutsBalanca().get('toledo-mgv6')!;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const produtos = await db.tenant({ tenantId: tenant }, (q) => produtosDaBalanca(q, tenant), { readOnly: true });
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  const arquivos = gerarCarga(layout, produtos);
  const t2 = performance.now();
  const cpuArquivos = process.cpuUsage(c1);
  let bytes = 0;
  await pipeline(zipDaCarga(arquivos), new Writable({ write: (c, _e, cb) => ((bytes += c.length), cb()) }));
  const t3 = performance.now();
  const total = t3 - t0;
  const cpu = process.cpuUsage(c0);
  const cpuMs = (u: NodeJS.CpuUsage) => ((u.user + u.system) / 1000).toFixed(0);
  console.log(
    `${kind}: ${N} produtos → Toledo MGV6 em ${total.toFixed(0)} ms (leitura ${(t1 - t0).toFixed(0)} ms, arquivos ${(t2 - t1).toFixed(0)} ms, ZIP ${(t3 - t2).toFixed(0)} ms; CPU deste processo ${cpuMs(cpu)} ms, dos arquivos ${cpuMs(cpuArquivos)} ms; ` +
      `${arquivos.map((a) => `${a.nome} ${a.linhas}`).join(', ')}; ZIP ${(bytes / 1024).toFixed(0)} KB) — meta < 2000 ms: ${total < 2000 ? 'ok' : 'ACIMA DA META'}`,
  );
  await db.close();
  return total < 2000;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const backends: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const b of process.env.BENCH_BACKEND ? [process.env.BENCH_BACKEND as 'pglite' | 'postgres'] : backends) await benchBalanca(b);
}
