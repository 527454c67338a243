/**
 * npm run bench:financeiro-ofx — the figures of the finance reports and of the OFX reconciliation, on PGlite and
 * (when DATABASE_URL is set) PostgreSQL:
 *  1. fluxo de caixa for 12 months over 10,000 lançamentos × 3 parcelas (a third settled): monthly and daily
 *     (target < 500 ms);
 *  2. an OFX of 5,000 transactions imported and matched (target < 5 s), then every suggestion confirmed.
 * BENCH_LANCAMENTOS changes the size of 1; BENCH_OFX the size of 2; BENCH_BACKEND=pglite|postgres runs one backend.
 * Exported as `benchFinanceiroOfx` so bench:financeiro can run it as a section.
 */
import pg from 'pg';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { conciliar, importarOfx, sugerir } from '../../src/server/financeiro/ofx/conciliacao.ts';
import { fluxoCaixa } from '../../src/server/financeiro/relatorios.ts';
import { loadReferenceData } from '../../src/server/ceps/reference-data.ts';

const LANCAMENTOS = Number(process.env.BENCH_LANCAMENTOS ?? 10000);
const OFX = Number(process.env.BENCH_OFX ?? 5000);

async function freshDb(kind: 'pglite' | 'postgres'): Promise<Db> {
  if (kind === 'pglite') return openDb({});
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS retaguarda_bench_financeiro_ofx WITH (FORCE)');
  await admin.query('CREATE DATABASE retaguarda_bench_financeiro_ofx');
  await admin.end();
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = '/retaguarda_bench_financeiro_ofx';
  return openDb({ databaseUrl: u.toString() });
}

const ms = (t0: number) => performance.now() - t0;
const ok = (good: boolean) => (good ? 'ok' : 'ACIMA DA META');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function run(kind: 'pglite' | 'postgres') {
  const db = await freshDb(kind);
  await migrate(db);
  await loadReferenceData(db);
  await seedDemo(db, { clientes: 0 });
  const u = (await db.query<{ tenant_id: number; id: number }>(`SELECT tenant_id, id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
  const ctx = { tenantId: u.tenant_id, userId: u.id };
  const t = ctx.tenantId;
  console.log(`\n== ${kind}`);

  // 1. The volume: lançamentos over the next 12 months, 3 parcelas each; the first parcela of every third settled.
  let t0 = performance.now();
  const conta = (await db.query<{ id: number }>(`INSERT INTO contas_financeiras (tenant_id, descricao, tipo, conta, saldo_inicial) VALUES ($1, 'Conta do bench', 1, '77777-7', 10000) RETURNING id`, [t])).rows[0].id;
  await db.query(
    `INSERT INTO lancamentos (tenant_id, tipo, descricao, data_emissao, competencia, valor_total, documento)
     SELECT $1, g % 2, 'Lançamento ' || g, current_date + (g % 365), date_trunc('month', current_date + (g % 365))::date, 300 + (g % 997) * 3 + (g % 7) * 0.03, 'NF ' || (100000 + g)
       FROM generate_series(1, $2) g`,
    [t, LANCAMENTOS],
  );
  await db.query(
    `INSERT INTO parcelas (tenant_id, lancamento_id, numero, vencimento, valor)
     SELECT l.tenant_id, l.id, n, l.data_emissao + (n - 1) * 30, round(l.valor_total / 3, 2) + CASE WHEN n = 3 THEN l.valor_total - 3 * round(l.valor_total / 3, 2) ELSE 0 END
       FROM lancamentos l CROSS JOIN generate_series(1, 3) n WHERE l.tenant_id = $1 AND l.descricao LIKE 'Lançamento %'`,
    [t],
  );
  await db.query(
    `INSERT INTO baixas (tenant_id, parcela_id, conta_id, data, valor, principal)
     SELECT p.tenant_id, p.id, $2, p.vencimento - 60, p.valor, p.valor FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
      WHERE p.tenant_id = $1 AND p.numero = 1 AND l.id % 3 = 0 AND l.descricao LIKE 'Lançamento %'`,
    [t, conta],
  );
  await db.query(`UPDATE parcelas p SET valor_baixado = b.principal FROM baixas b WHERE b.tenant_id = p.tenant_id AND b.parcela_id = p.id AND p.tenant_id = $1 AND b.conta_id = $2`, [t, conta]);
  await db.query(
    `INSERT INTO movimentos_financeiros (tenant_id, conta_id, data, valor, baixa_id, descricao)
     SELECT b.tenant_id, b.conta_id, b.data, CASE WHEN l.tipo = 0 THEN b.valor ELSE -b.valor END, b.id, 'Baixa do bench'
       FROM baixas b JOIN parcelas p ON p.tenant_id = b.tenant_id AND p.id = b.parcela_id JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
      WHERE b.tenant_id = $1 AND b.conta_id = $2`,
    [t, conta],
  );
  await db.query(`INSERT INTO saldos_contas (tenant_id, conta_id, saldo) SELECT $1, $2, coalesce(sum(valor), 0) FROM movimentos_financeiros WHERE tenant_id = $1 AND conta_id = $2`, [t, conta]);
  for (const tb of ['lancamentos', 'parcelas', 'baixas', 'movimentos_financeiros']) await db.query(`ANALYZE ${tb}`);
  console.log(`carga: ${LANCAMENTOS} lançamentos × 3 parcelas em ${(ms(t0) / 1000).toFixed(1)} s`);

  const hoje = new Date().toISOString().slice(0, 10);
  const ate = new Date(Date.now() + 364 * 86400000).toISOString().slice(0, 10);
  for (const agrupamento of ['mes', 'dia'] as const) {
    const tempos: number[] = [];
    let linhas = 0;
    for (let i = 0; i < 6; i++) {
      t0 = performance.now();
      const f = await db.tenant(ctx, (q) => fluxoCaixa(q, ctx, { de: hoje, ate, agrupamento }));
      tempos.push(ms(t0));
      linhas = f.linhas.length;
    }
    const m = median(tempos.slice(1));
    console.log(`fluxo de caixa 12 meses (${agrupamento === 'mes' ? 'mensal' : 'diário'}, ${linhas} linhas): mediana ${m.toFixed(0)} ms, primeira ${tempos[0].toFixed(0)} ms (meta < 500 ms) — ${ok(m < 500)}`);
  }

  // 2. A statement of OFX lines: two in five meet an open parcela (its amount, a few days from its due date, the
  // NF number in the memo), one in five a settled movement, the rest are new (fees, card sales).
  const abertas = (
    await db.query<{ id: number; vencimento: Date; aberto: string; tipo: number; documento: string }>(
      `SELECT p.id, p.vencimento, p.valor - p.valor_baixado AS aberto, l.tipo, l.documento FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
        WHERE p.tenant_id = $1 AND p.valor > p.valor_baixado AND l.descricao LIKE 'Lançamento %' ORDER BY p.id LIMIT $2`,
      [t, Math.ceil(OFX * 0.4)],
    )
  ).rows;
  const movs = (await db.query<{ data: Date; valor: string }>(`SELECT data, valor FROM movimentos_financeiros WHERE tenant_id = $1 AND conta_id = $2 ORDER BY id LIMIT $3`, [t, conta, Math.ceil(OFX * 0.2)])).rows;
  const d8 = (d: Date | string, mais = 0) => new Date(new Date(d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10)).getTime() + mais * 86400000).toISOString().slice(0, 10).replace(/-/g, '');
  const trns: string[] = [];
  const add = (tipo: string, data: string, valor: string, memo: string) =>
    trns.push(`<STMTTRN>\r\n<TRNTYPE>${tipo}\r\n<DTPOSTED>${data}\r\n<TRNAMT>${valor}\r\n<FITID>B${trns.length + 1}\r\n<MEMO>${memo}\r\n</STMTTRN>`);
  for (const p of abertas) add(p.tipo === 0 ? 'CREDIT' : 'DEBIT', d8(p.vencimento, (p.id % 5) - 2), `${p.tipo === 0 ? '' : '-'}${p.aberto}`, `PAGTO ${p.documento}`);
  for (const m of movs) add(m.valor.startsWith('-') ? 'DEBIT' : 'CREDIT', d8(m.data, 1), m.valor, 'BAIXA JÁ LANÇADA');
  while (trns.length < OFX) add('DEBIT', d8(new Date(), -(trns.length % 28)), `-${(1 + (trns.length % 50) / 7).toFixed(2)}`, 'TARIFA BANCÁRIA');
  const ofx = `OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n<OFX>\r\n<BANKMSGSRSV1>\r\n<STMTTRNRS>\r\n<TRNUID>1\r\n<STMTRS>\r\n<CURDEF>BRL\r\n<BANKACCTFROM>\r\n<BANKID>341\r\n<ACCTID>77777-7\r\n<ACCTTYPE>CHECKING\r\n</BANKACCTFROM>\r\n<BANKTRANLIST>\r\n${trns.join('\r\n')}\r\n</BANKTRANLIST>\r\n</STMTRS>\r\n</STMTTRNRS>\r\n</BANKMSGSRSV1>\r\n</OFX>\r\n`;
  const bytes = Buffer.from(ofx, 'latin1');
  t0 = performance.now();
  const imp = await db.tenant(ctx, (q) => importarOfx(q, ctx, conta, bytes, 'bench.ofx'));
  const tImport = ms(t0);
  console.log(`OFX de ${imp.transacoes} transações (${(bytes.length / 1024).toFixed(0)} KB): importado e conciliado por sugestão em ${tImport.toFixed(0)} ms, ${imp.comSugestao} com sugestão (meta < 5.000 ms) — ${ok(tImport < 5000)}`);
  t0 = performance.now();
  const again = await db.tenant(ctx, (q) => importarOfx(q, ctx, conta, bytes, 'bench.ofx')).then(() => 'importou de novo', (e: Error) => e.message.slice(0, 40));
  console.log(`o mesmo arquivo de novo: ${ms(t0).toFixed(0)} ms (${again}…)`);
  t0 = performance.now();
  const confirmadas = await db.tenant(ctx, async (q) => {
    const s = await sugerir(q, ctx, conta, { extratoId: imp.extratoId });
    const itens = [...s.entries()].filter(([, l]) => l.length).map(([transacaoId, l]) => (l[0].tipo === 'movimento' ? { transacaoId, movimentoId: l[0].id } : { transacaoId, parcelaId: l[0].id }));
    await conciliar(q, ctx, itens.slice(0, 1000));
    return Math.min(itens.length, 1000);
  });
  console.log(`confirmar ${confirmadas} sugestões de uma vez (baixas e movimentos): ${ms(t0).toFixed(0)} ms`);
  await db.close();
}

export async function benchFinanceiroOfx(): Promise<void> {
  const only = process.env.BENCH_BACKEND;
  if (!only || only === 'pglite') await run('pglite');
  if (process.env.DATABASE_URL && (!only || only === 'postgres')) await run('postgres');
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFinanceiroOfx();
