/**
 * npm run bench:nfe-emissao — a 30-line NF-e from the saved draft to authorised at the local SEFAZ (homologação), on
 * PGlite, through the issuing service (transmitirNotaFiscal: number, build, sign, XSD, SEFAZ round trip, XML to the
 * file storage, stock and receivables), server-side: p50 target < 300 ms. BENCH_NOTAS changes how many (default 40).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { createMailer } from '../../src/server/email/mailer.ts';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';
import { salvarRascunho, transmitirNotaFiscal } from '../../src/server/fiscal/emissao/notas.ts';
import { pararSefazLocal } from '../../src/server/fiscal/sefaz-destino.ts';

const N = Number(process.env.BENCH_NOTAS ?? 40);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-nfe-'));
process.env.DATA_DIR = dataDir;
const db = await openDb({});
await migrate(db);
await loadReferenceData(db);
await seedDemo(db); // the whole demo: with fewer clientes the purchasing demo misses its suppliers
const { app, services } = await buildApp({ db, dataDir, mailer: createMailer({ outboxDir: join(dataDir, 'outbox'), log: () => {} }), reportWorker: false });
await app.ready();
const u = (await db.query(`SELECT u.tenant_id, u.id, b.id AS filial FROM users u JOIN branches b ON b.tenant_id = u.tenant_id AND b.apelido = 'Matriz' WHERE u.email = 'admin@demo.com.br'`)).rows[0];
const ctx = { tenantId: Number(u.tenant_id), userId: Number(u.id), branchId: Number(u.filial) };
await db.query(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) VALUES ($1, true) ON CONFLICT (tenant_id) DO UPDATE SET permitir_estoque_negativo = true`, [ctx.tenantId]);
const cliente = (await db.query(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND uf = 'SP' ORDER BY id LIMIT 1`, [ctx.tenantId])).rows[0].id;
const natureza = (await db.query(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria'`, [ctx.tenantId])).rows[0].id;
const produtos = (await db.query(`SELECT id FROM produtos WHERE tenant_id = $1 AND ncm IS NOT NULL AND NOT servico ORDER BY id LIMIT 30`, [ctx.tenantId])).rows.map((r) => Number(r.id));
const itens = Array.from({ length: 30 }, (_, i) => ({ produtoId: produtos[i % produtos.length], quantidade: '1', valorUnitario: '10.00' }));
const corpo = { naturezaId: natureza, clienteId: cliente, itens, pagamentos: [{ tPag: '15', valor: '300.00', vencimento: '2099-01-10' }] };

const tempos: number[] = [];
for (let i = 0; i < N + 3; i++) {
  const id = Number((await db.tenant(ctx, (q) => salvarRascunho(q, ctx, corpo))).id);
  const t0 = performance.now();
  const r = await transmitirNotaFiscal(services, ctx, id);
  const t = performance.now() - t0;
  if (!r.autorizada) throw new Error(`nota ${id} rejeitada: ${r.rejeicao?.cStat} ${r.rejeicao?.xMotivo}`);
  if (i >= 3) tempos.push(t); // the first ones compile the XSD and open the local SEFAZ
}
tempos.sort((a, b) => a - b);
const pct = (p: number) => tempos[Math.min(tempos.length - 1, Math.floor((tempos.length * p) / 100))].toFixed(1);
console.log(`NF-e de 30 itens, do rascunho salvo à autorização na SEFAZ local (PGlite), ${N} notas: p50 ${pct(50)} ms, p95 ${pct(95)} ms (meta p50 < 300 ms)`);
await app.close();
await pararSefazLocal();
await db.close();
