/**
 * npm run bench:integracoes — the integrations' figures (issue 40), on PGlite and (when DATABASE_URL is set) PostgreSQL:
 *  1. 1,000 events to two endpoints, one of them always failing (500): time until the healthy endpoint has all
 *     1,000 signed deliveries (target < 10 s; the failing one must not hold it back);
 *  2. importing BENCH_PRODUTOS (default 50,000) produtos from an XLSX through the API: upload (read + store),
 *     preview (every row validated by the resource schema), and the import job (one transaction) — target < 30 s.
 * BENCH_BACKEND=pglite|postgres runs one backend only; BENCH_PARTE=webhooks|importacao runs one part only.
 */
import ExcelJS from 'exceljs';
import { createServer } from 'node:http';
import { PassThrough } from 'node:stream';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import type { RequestContext } from '../../src/server/auth/context.ts';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { configurarWebhooksParaTeste } from '../../src/server/integracoes/index.ts';

const PRODUTOS = Number(process.env.BENCH_PRODUTOS ?? 50000);
const s = (t0: number) => ((performance.now() - t0) / 1000).toFixed(2);
const ok = (good: boolean) => (good ? 'ok' : 'ACIMA DA META');

async function freshDb(kind: 'pglite' | 'postgres'): Promise<Db> {
  if (kind === 'pglite') return openDb({});
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS retaguarda_bench_integracoes WITH (FORCE)');
  await admin.query('CREATE DATABASE retaguarda_bench_integracoes');
  await admin.end();
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = '/retaguarda_bench_integracoes';
  return openDb({ databaseUrl: u.toString() });
}

async function run(kind: 'pglite' | 'postgres') {
  const db = await freshDb(kind);
  await migrate(db);
  await loadReferenceData(db);
  await seedDemo(db, { clientes: 0 });
  const { app, services } = await buildApp({ db, serveWeb: false });
  await app.ready();
  configurarWebhooksParaTeste({ permitirLoopback: true });
  const login = await app.inject({ method: 'POST', url: '/api/Usuarios/login', payload: { email: 'admin@demo.com.br', password: 'demo1234' } });
  const token = login.json().id as string;
  const call = async (method: string, url: string, payload?: unknown) => {
    const r = await app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
    if (r.statusCode !== 200) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    return r.json();
  };
  console.log(`\n== ${kind}`);

  const parte = process.env.BENCH_PARTE;
  if (parte !== 'importacao') await webhooks(db, call, services);
  if (parte !== 'webhooks') await importacao(call);
  await app.close();
}

type Chamar = (method: string, url: string, payload?: unknown) => Promise<any>;

async function webhooks(db: Db, call: Chamar, services: Awaited<ReturnType<typeof buildApp>>['services']) {
  // 1. 1,000 events, one endpoint always failing.
  let entregues = 0;
  let falhas = 0;
  let fim: () => void = () => {};
  const todas = new Promise<void>((r) => (fim = r));
  const rx = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/falha') {
        falhas++;
        return res.writeHead(500).end('fora do ar');
      }
      res.writeHead(200).end('ok');
      if (++entregues === 1000) fim();
    });
  });
  await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
  const porta = (rx.address() as { port: number }).port;
  await call('POST', '/api/Webhooks', { url: `http://127.0.0.1:${porta}/falha`, eventos: ['marca.criado'] });
  await call('POST', '/api/Webhooks', { url: `http://127.0.0.1:${porta}/ok`, eventos: ['marca.criado'] });
  const u = (await db.query<{ tenant_id: number; id: number; filial: number }>(`SELECT tenant_id, id, filial_selecionada_id AS filial FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
  const ctx = { tenantId: u.tenant_id, userId: u.id, branchId: u.filial, permissoes: {} } as unknown as RequestContext;
  let t0 = performance.now();
  await db.tenant(ctx, async (q) => {
    for (let i = 0; i < 1000; i++) await services.eventos!.emitir(q, ctx, 'marca.criado', { id: i + 1, descricao: `Marca ${i + 1}` });
  });
  const gravados = s(t0);
  await Promise.race([todas, new Promise((r) => setTimeout(r, 120_000))]);
  const secs = (performance.now() - t0) / 1000;
  console.log(`1.000 eventos (gravados em ${gravados} s): ${entregues} entregues ao destino saudável em ${secs.toFixed(2)} s, ${falhas} tentativa(s) ao destino com falha — ${ok(entregues === 1000 && secs < 10)}`);
  rx.closeAllConnections();
  rx.close();
}

async function importacao(call: Chamar) {
  // 2. 50,000 produtos from an XLSX.
  let t0 = performance.now();
  // Written by exceljs' streaming writer (shared strings, as Excel writes them): the in-memory workbook took minutes under load.
  const partes: Buffer[] = [];
  const saida = new PassThrough();
  saida.on('data', (c: Buffer) => partes.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useSharedStrings: true, useStyles: false });
  const ws = wb.addWorksheet('Produtos');
  ws.addRow(['ID', 'Código', 'Descrição', 'Unidade', 'NCM', 'Origem', 'Preço', 'Preço de custo', 'Situação', 'GTIN/EAN', 'Estoque mínimo']).commit();
  for (let i = 1; i <= PRODUTOS; i++) ws.addRow([i, `B-${i}`, `Produto importado ${i}`, 'UN', '2202.10.00', 0, `${(i % 90) + 9},90`, `${(i % 90) + 5},10`, 'Ativo', '', String(i % 7)]).commit();
  ws.commit();
  await wb.commit();
  const xlsx = Buffer.concat(partes);
  console.log(`planilha de ${PRODUTOS.toLocaleString('pt-BR')} produtos montada: ${(xlsx.length / 1024 / 1024).toFixed(1)} MB em ${s(t0)} s`);
  const inicio = performance.now();
  t0 = performance.now();
  const up = await call('POST', '/api/Importacoes', { tipo: 'produtos', nomeArquivo: 'bling.xlsx', conteudo: xlsx.toString('base64') });
  const tEnvio = s(t0);
  t0 = performance.now();
  const p = await call('POST', `/api/Importacoes/${up.id}/previa`, { mapeamento: up.mapeamento });
  const tPrevia = s(t0);
  t0 = performance.now();
  await call('POST', `/api/Importacoes/${up.id}/importar`, { modo: 'tudo' });
  let r: Record<string, any>;
  for (;;) {
    r = await call('GET', `/api/Importacoes/${up.id}`);
    if (r.situacao !== 'importando') break;
    await new Promise((res) => setTimeout(res, 200));
  }
  const tImport = s(t0);
  const total = (performance.now() - inicio) / 1000;
  console.log(
    `importação: envio (leitura do XLSX) ${tEnvio} s, prévia ${tPrevia} s (${p.validas} válidas, ${p.comErro} com erro), importação ${tImport} s (${r.situacao}, ${r.importadas} importados${r.erro ? `, ${r.erro}` : ''}); total ${total.toFixed(2)} s — ${ok(r.importadas === PRODUTOS && total < 30)}`,
  );
}

const backends = process.env.BENCH_BACKEND ? [process.env.BENCH_BACKEND as 'pglite' | 'postgres'] : process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
for (const b of backends) await run(b);
process.exit(0);
