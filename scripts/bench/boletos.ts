/**
 * npm run bench:boletos — 10,000 boletos (a carnê) built and rendered into one PDF, streamed to a file, once
 * with a page per boleto and once with three fichas per page.
 * Prints the time and the peak memory; the aim is under 10 s with memory flat (not growing with the count).
 * Then (issue 38) a Bradesco CNAB 400 retorno of 10,000 occurrences (payments, some with interest and fees)
 * previewed and applied in one transaction on PGlite (and PostgreSQL when DATABASE_URL is set) over 10,000 boletos issued from receivables; the aim is
 * under 10 s for both. PARTE=pdf or PARTE=retorno runs one part; RETORNO_OCORRENCIAS changes the size.
 */
import { createWriteStream, statSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gerarPdfBoletos, type BoletoPdf } from '../../src/server/boletos/pdf/boleto-pdf.ts';

const TOTAL = Number(process.env.BOLETOS ?? 10_000);
const arquivo = path.join(os.tmpdir(), `bench-boletos-${process.pid}.pdf`);

function* carne(): Generator<BoletoPdf> {
  for (let i = 0; i < TOTAL; i++) {
    const venc = new Date(Date.UTC(2026, 0, 10 + 30 * (i % 24)));
    yield {
      dados: { banco: '237', agencia: '1172', conta: '0403005', carteira: '09', nossoNumero: String(100000 + i), valor: `${150 + (i % 900)}.${String(i % 100).padStart(2, '0')}`, vencimento: venc.toISOString().slice(0, 10) },
      beneficiario: { nome: 'Padaria Pão Quente Ltda', documento: '11222333000181' },
      pagador: { nome: `Cliente ${i}`, documento: '11144477735', endereco: 'Rua das Flores, 10 - Centro - São Paulo/SP - 01310-100' },
      numeroDocumento: `CARNE-${Math.floor(i / 24)}-${(i % 24) + 1}`,
      dataDocumento: '2025-12-20',
      parcela: `${(i % 24) + 1}/24`,
      instrucoes: ['Após o vencimento cobrar multa de 2% e juros de 0,033% ao dia.', 'Não receber após 30 dias do vencimento.'],
      pix: i % 2 === 0 ? { chave: '11222333000181', cidade: 'São Paulo', txid: `CARNE${i}` } : undefined,
    };
  }
}

/** One carnê of TOTAL boletos in the given layout; prints time and peak memory. */
async function medir(porPagina: 1 | 3): Promise<void> {
  let pico = 0;
  const amostra = setInterval(() => (pico = Math.max(pico, process.memoryUsage().rss)), 20);
  const antes = process.memoryUsage().rss;
  const t0 = performance.now();
  const n = await gerarPdfBoletos(carne(), createWriteStream(arquivo), { porPagina });
  const ms = performance.now() - t0;
  clearInterval(amostra);
  pico = Math.max(pico, process.memoryUsage().rss);
  const tamanho = statSync(arquivo).size;
  unlinkSync(arquivo);
  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  console.log(`${n} boletos (metade com QR Pix), ${porPagina} por página, em um PDF de ${mb(tamanho)} MB`);
  console.log(`tempo: ${(ms / 1000).toFixed(2)} s (${(ms / n).toFixed(2)} ms por boleto)`);
  console.log(`memória (RSS): início ${mb(antes)} MB, pico ${mb(pico)} MB`);
}

/**
 * 10,000 boletos issued, then one retorno paying each previewed and applied (one transaction), timed, on PGlite
 * and (when DATABASE_URL is set) PostgreSQL (a fresh database retaguarda_bench_boletos). BENCH_BACKEND=pglite or
 * postgres runs one. BENCH_PERFIL=1 prints the statements of the apply that took over 20 ms;
 * with BENCH_EXPLAIN=regex also the EXPLAIN (ANALYZE) of the statements it matches (run in a savepoint
 * rolled back, then for real). BENCH_CACHE=1 keeps the prepared PGlite database in the temp folder for the next run
 * (with its statistics). BENCH_SEM_ANALYZE=1 skips the ANALYZE a running server would have done (fresh preparation only).
 */
async function medirRetorno(kind: 'pglite' | 'postgres'): Promise<void> {
  const { openDb } = await import('../../src/server/db/db.ts');
  const { migrate } = await import('../../src/server/db/migrate.ts');
  const { loadReferenceData } = await import('../../src/server/ceps/reference-data.ts');
  const { seedDemo } = await import('../../src/server/demo/seed.ts');
  const { criarLancamento, RECEITA } = await import('../../src/server/financeiro/index.ts');
  const { emitirBoletos, previaRetorno, aplicarRetorno } = await import('../../src/server/boletos/cobranca.ts');
  const { lerConfiguracao } = await import('../../src/server/boletos/configuracao.ts');
  const { carregarLayout, escreverRegistro } = await import('../../src/server/boletos/cnab/layout.ts');
  const N = Number(process.env.RETORNO_OCORRENCIAS ?? 10_000);
  // BENCH_CACHE=1 (PGlite): the prepared database (migrated, seeded, N boletos issued) is kept in the temp folder and
  // loaded by the next run, which then measures only the retorno (the preparation takes minutes under load)
  const cache = path.join(os.tmpdir(), `retaguarda-bench-boletos-${N}.tar`);
  const { existsSync, readFileSync, writeFileSync } = await import('node:fs');
  const doCache = kind === 'pglite' && process.env.BENCH_CACHE === '1' && existsSync(cache);
  let db: Awaited<ReturnType<typeof openDb>>;
  if (kind === 'pglite') db = doCache ? await openDb({ loadDataDir: new Blob([readFileSync(cache)]) }) : await openDb({});
  else {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS retaguarda_bench_boletos WITH (FORCE)');
    await admin.query('CREATE DATABASE retaguarda_bench_boletos');
    await admin.end();
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = '/retaguarda_bench_boletos';
    db = await openDb({ databaseUrl: u.toString() });
  }
  // a cached database gets the migrations added since it was saved (only those run)
  await migrate(db);
  if (!doCache) {
    await loadReferenceData(db);
    await seedDemo(db, { clientes: 0 });
  }
  const u = (await db.query<{ tenant_id: number; id: number }>(`SELECT tenant_id, id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
  const filial = (await db.query<{ id: number }>(`SELECT id FROM branches WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [u.tenant_id])).rows[0].id;
  const ctx = { tenantId: u.tenant_id, userId: u.id, branchId: filial } as any;
  const t0 = performance.now();
  if (!doCache) {
    await db.tenant(ctx, async (q) => {
      await q.query(
        `INSERT INTO configuracoes_boleto (tenant_id, filial_id, banco, agencia, agencia_dv, conta, conta_dv, carteira, convenio, proximo_nosso_numero, layout_cnab)
         VALUES ($1, $2, '237', '1172', '0', '0403005', '2', '09', '4455667', '100000', 400)`,
        [u.tenant_id, filial],
      );
      await q.query(`INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj, logradouro, numero, bairro, cep, uf) VALUES ($1, 0, 'Cliente do carnê', '11144477735', 'Rua das Flores', '10', 'Centro', '01310100', 'SP')`, [u.tenant_id]);
    });
    const pessoa = (await db.query<{ id: number }>(`SELECT id FROM pessoas WHERE tenant_id = $1 AND nome = 'Cliente do carnê'`, [u.tenant_id])).rows[0].id;
    for (let i = 0; i < N; i += 1000) {
      await db.tenant(ctx, async (q) => {
        const cfg = (await lerConfiguracao(q, ctx, true))!;
        const ids: number[] = [];
        for (let j = i; j < Math.min(N, i + 1000); j += 10) {
          const l = await criarLancamento(q, ctx, { tipo: RECEITA, descricao: `Carnê ${j / 10}`, pessoaId: pessoa, dataEmissao: '2026-11-01', valorTotal: '1500.00', numeroParcelas: 10, primeiroVencimento: '2027-01-10' });
          ids.push(...l.parcelas.map((p) => p.id));
        }
        await emitirBoletos(q, ctx, cfg, ids);
      });
    }
  }
  // The planner statistics a running server has: PostgreSQL's autovacuum; on PGlite, the server's own ANALYZE
  // (VACUUM ANALYZE on start, then the db.analyze job every 10 minutes, src/server/db/maintenance.ts). Without it
  // the plans cached while the tables were empty (the foreign-key checks') stay, and each check scans the table.
  if (process.env.BENCH_SEM_ANALYZE !== '1') await db.query(kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
  if (kind === 'pglite' && process.env.BENCH_CACHE === '1' && !doCache) writeFileSync(cache, Buffer.from(await (await db.dumpDataDir!()).arrayBuffer()));
  const boletos = (await db.query<{ nossoNumero: string; valor: string; numeroDocumento: string; vencimento: string }>(
    `SELECT nosso_numero AS "nossoNumero", valor::text AS valor, numero_documento AS "numeroDocumento", to_char(vencimento, 'YYYY-MM-DD') AS vencimento FROM boletos WHERE tenant_id = $1 ORDER BY id`,
    [u.tenant_id],
  )).rows;
  console.log(`\n${boletos.length} boletos emitidos de contas a receber em ${((performance.now() - t0) / 1000).toFixed(1)} s (preparação, ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}${doCache ? `, lida de ${cache}` : ''})`);
  const layout = carregarLayout('bradesco-400');
  const { montarBoleto } = await import('../../src/server/boletos/boleto.ts');
  const linhas = [escreverRegistro(layout, 'headerRetorno', { banco: '237', sequencial: '1' })];
  boletos.forEach((b, i) => {
    const m = montarBoleto({ banco: '237', agencia: '1172', conta: '0403005', carteira: '09', nossoNumero: b.nossoNumero, valor: b.valor, vencimento: b.vencimento });
    const juros = i % 3 === 0 ? '2.35' : '';
    linhas.push(escreverRegistro(layout, 'detalheRetorno', {
      nossoNumero: `${m.nossoNumero}${m.nossoNumeroDv ?? ''}`, ocorrencia: '06', dataOcorrencia: '2027-01-10', dataCredito: '2027-01-11', numeroDocumento: b.numeroDocumento, vencimento: b.vencimento,
      valor: b.valor, valorPago: juros ? '152.35' : b.valor, juros, tarifa: i % 5 === 0 ? '1.90' : '', sequencial: String(i + 2),
    }));
  });
  linhas.push(escreverRegistro(layout, 'trailerRetorno', { banco: '237', sequencial: String(linhas.length + 1) }));
  const arquivo = linhas.join('\r\n');
  // BENCH_PERFIL=1: each statement of the apply over 20 ms, with its time
  const perfil = process.env.BENCH_PERFIL === '1';
  const medido = (q: any) => (!perfil ? q : {
    query: async (sql: string, params?: unknown[]) => {
      if (process.env.BENCH_EXPLAIN && new RegExp(process.env.BENCH_EXPLAIN).test(sql)) {
        // the plan with its real run, undone (savepoint), then the statement itself
        await q.query('SAVEPOINT bench_explain');
        const plano = await q.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        await q.query('ROLLBACK TO SAVEPOINT bench_explain');
        console.log(plano.rows.map((r: any) => `    | ${r['QUERY PLAN']}`).join('\n'));
      }
      const t1 = performance.now();
      try { return await q.query(sql, params); } finally {
        const d = performance.now() - t1;
        if (d > 20) console.log(`  ${d.toFixed(0).padStart(6)} ms  ${sql.replace(/\s+/g, ' ').slice(0, 110)}`);
      }
    },
    exec: (sql: string) => q.exec(sql),
  });
  const cpuP0 = process.cpuUsage();
  let t = performance.now();
  const previa = await db.tenant(ctx, async (q) => previaRetorno(q, ctx, (await lerConfiguracao(q, ctx))!, arquivo));
  const msPrevia = performance.now() - t;
  const cpuP = process.cpuUsage(cpuP0);
  if (previa.erros.length) throw new Error(previa.erros.slice(0, 3).join(' '));
  // CPU time of the apply (this process, which on PGlite is also the database; on PostgreSQL plus the backend's,
  // read from /proc): on this shared 2-core machine the wall time mostly says how loaded it was
  const { readFileSync: ler } = await import('node:fs');
  const cpuBackend = (pid: number | null) => {
    if (!pid) return 0;
    const campos = ler(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return ((Number(campos[11]) + Number(campos[12])) / 100) * 1000;
  };
  let msCpuBanco = 0;
  const cpu0 = process.cpuUsage();
  t = performance.now();
  const r = await db.tenant(ctx, async (q0) => {
    const q = medido(q0);
    const pid = kind === 'postgres' ? Number((await q.query('SELECT pg_backend_pid() AS pid')).rows[0].pid) : null;
    const antes = cpuBackend(pid);
    try {
      return await aplicarRetorno(q, ctx, (await lerConfiguracao(q, ctx, true))!, arquivo, { nome: 'BENCH.RET' });
    } finally {
      msCpuBanco = cpuBackend(pid) - antes;
    }
  });
  const msAplicar = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const msCpu = (cpu.user + cpu.system) / 1000;
  // what the route does after the commit: ANALYZE of the tables the apply grew (db/maintenance.ts)
  t = performance.now();
  const { analisarDepoisDoLote } = await import('../../src/server/db/maintenance.ts');
  const { TABELAS_DO_RETORNO } = await import('../../src/server/boletos/cobranca.ts');
  const analisou = await analisarDepoisDoLote(db, TABELAS_DO_RETORNO, r.aplicadas);
  const msAnalyze = performance.now() - t;
  t = performance.now();
  const de = await db.tenant(ctx, async (q) => aplicarRetorno(q, ctx, (await lerConfiguracao(q, ctx, true))!, arquivo, { nome: 'BENCH.RET' }));
  const msDeNovo = performance.now() - t;
  console.log(`retorno CNAB 400 de ${previa.ocorrencias.length} ocorrências (${(arquivo.length / 1024 / 1024).toFixed(1)} MB), ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}:`);
  console.log(`prévia: ${(msPrevia / 1000).toFixed(2)} s; aplicar (prévia + ${r.aplicadas} baixas e tarifas numa transação): ${(msAplicar / 1000).toFixed(2)} s; o mesmo arquivo de novo: ${(msDeNovo / 1000).toFixed(2)} s (${de.aplicadas} aplicadas)`);
  const { loadavg } = await import('node:os');
  console.log(`ANALYZE depois do commit (${TABELAS_DO_RETORNO.join(', ')}): ${analisou ? `${(msAnalyze / 1000).toFixed(2)} s` : 'não rodou'}`);
  console.log(`tempo de CPU: prévia ${((cpuP.user + cpuP.system) / 1e6).toFixed(2)} s${kind === 'postgres' ? ' (só deste processo)' : ''}; aplicar ${(msCpu / 1000).toFixed(2)} s deste processo${kind === 'postgres' ? ` + ${(msCpuBanco / 1000).toFixed(2)} s do PostgreSQL` : ' (o PGlite roda nele)'}; carga da máquina (load 1 min): ${loadavg()[0].toFixed(1)}`);
  console.log(`meta (< 10 s cada): ${msPrevia < 10_000 && msAplicar < 10_000 ? 'atingida' : 'ACIMA DA META'}`);
  await db.close();
}

// a page per boleto (recibo + ficha), then the carnê with three fichas per page (POR_PAGINA=1 or 3: only that one)
if (process.env.PARTE !== 'retorno') for (const porPagina of [1, 3] as const) if (!process.env.POR_PAGINA || Number(process.env.POR_PAGINA) === porPagina) await medir(porPagina);
if (process.env.PARTE !== 'pdf') {
  const kinds = process.env.BENCH_BACKEND ? [process.env.BENCH_BACKEND as 'pglite' | 'postgres'] : process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
  for (const kind of kinds) await medirRetorno(kind);
}
