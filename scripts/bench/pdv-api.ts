/**
 * npm run bench:pdv (server part, run by scripts/bench/pdv.ts after the browser figures; alone: npx tsx scripts/bench/pdv-api.ts) — a 10-item PDV sale from POST /api/Pdv/vendas to authorised NFC-e at the local
 * SEFAZ (homologação), on PGlite, through the HTTP API: idempotency key, stock, caixa payments, NFC-e number, build,
 * sign, XSD, SEFAZ round trip, XML to storage, all in one transaction. Target p50 < 1 s. BENCH_VENDAS changes how
 * many (default 40). The browser figures (scan-to-line, offline sync) are pdv-web's.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { destinoSefaz, pararSefazLocal } from '../../src/server/fiscal/sefaz-destino.ts';
import { startTestServer } from '../../tests/support/server.ts';

const N = Number(process.env.BENCH_VENDAS ?? 40);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-pdv-'));
process.env.DATA_DIR = dataDir;
process.env.VITEST ??= '1'; // no background job racing the measured sales
// The tests' seeded demo (the whole demo, as the server starts it); seeding a smaller one here broke once the
// purchases demo came to need products of the full list.
const srv = await startTestServer('pglite', { dataDir, reportWorker: false });
const { app, db } = srv;
await destinoSefaz(); // the local SEFAZ up first (its TLS key is generated in pure JS)
const login = await app.inject({ method: 'POST', url: '/api/Usuarios/login', payload: { email: 'admin@demo.com.br', password: 'demo1234' } });
const token = login.json().id as string;
const call = (method: string, url: string, payload?: unknown) => app.inject({ method: method as 'POST', url, payload: payload as object, headers: { authorization: token } });
const tenant = Number((await db.query(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id);
await db.query(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) VALUES ($1, true) ON CONFLICT (tenant_id) DO UPDATE SET permitir_estoque_negativo = true`, [tenant]);
const pdv = Number((await db.query(`SELECT id FROM pdvs WHERE tenant_id = $1 AND descricao = 'Caixa 01'`, [tenant])).rows[0].id);
const operador = Number((await db.query(`SELECT id FROM operadores_pdv WHERE tenant_id = $1 AND codigo = '1'`, [tenant])).rows[0].id);
const dinheiro = Number((await db.query(`SELECT id FROM pdv_formas_pagamento WHERE tenant_id = $1 AND t_pag = '01'`, [tenant])).rows[0].id);
const produtos = (await db.query(`SELECT id, preco_venda::text AS preco FROM produtos WHERE tenant_id = $1 AND ncm IS NOT NULL AND NOT servico AND preco_venda > 0 ORDER BY id LIMIT 10`, [tenant])).rows;
const caixa = (await call('POST', '/api/Pdv/caixas', { pdvId: pdv, operadorId: operador, valorAbertura: '100.00' })).json();
const itens = produtos.map((p) => ({ produtoId: Number(p.id), quantidade: '1', precoUnitario: new Decimal(p.preco).toFixed(2), desconto: '0' }));
const total = itens.reduce((s, i) => s.plus(i.precoUnitario), new Decimal(0)).toFixed(2);

const tempos: number[] = [];
for (let i = 0; i < N + 3; i++) {
  const t0 = performance.now();
  const r = await call('POST', '/api/Pdv/vendas', { chave: randomUUID(), pdvId: pdv, caixaId: caixa.id, operadorId: operador, itens, pagamentos: [{ formaPagamentoId: dinheiro, tPag: '01', valor: total }] });
  const t = performance.now() - t0;
  if (r.statusCode !== 201 || r.json().situacao !== 'autorizada') throw new Error(`venda ${i}: ${r.statusCode} ${r.body}`);
  if (i >= 3) tempos.push(t); // the first ones generate the demo certificate, compile the XSD, start the local SEFAZ
}
tempos.sort((a, b) => a - b);
const pct = (p: number) => tempos[Math.min(tempos.length - 1, Math.floor((tempos.length * p) / 100))].toFixed(1);
console.log(`PDV: venda de 10 itens até a NFC-e autorizada na SEFAZ local (API, PGlite), ${N} vendas: p50 ${pct(50)} ms, p95 ${pct(95)} ms (meta p50 < 1000 ms)`);
await srv.close();
await pararSefazLocal();
