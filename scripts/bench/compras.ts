/**
 * npm run bench:compras — purchasing's figures on the real server (app.inject, the demo database copy), on PGlite
 * and (when DATABASE_URL is set) PostgreSQL:
 *  1. a supplier NF-e of 500 lines (signed by the engine, 500 products matched by GTIN) read into the matching
 *     proposal: XSD + signature + matching (target < 1 s);
 *  2. the proposal confirmed into a draft, then posted: 500 COMPRA movements at cost, payables, codes learned
 *     (target for posting < 2 s);
 *  3. the next 500-line note of the same supplier read into the proposal by the learned supplier codes.
 * BENCH_LINHAS changes the size; BENCH_BACKEND=pglite|postgres runs one backend only.
 */
import { gtin13 } from '../../src/server/demo/produtos.ts';
import { FORNECEDORES, notaDeFornecedor, type LinhaFornecedor } from '../../tests/fixtures/compras/notas-fornecedor.ts';
import { login, startTestServer, type Backend } from '../../tests/support/server.ts';

const LINHAS = Number(process.env.BENCH_LINHAS ?? 500);
const ms = (t0: number) => performance.now() - t0;
const meta = (v: number, alvo: number) => `${v.toFixed(0)} ms (${v < alvo ? 'ok' : 'ACIMA DA META'} < ${alvo} ms)`;
/** CPU time of this process since c0 (user + system): with PGlite the database runs in this process too, so on a
 * machine busy with other work it is a steadier figure than the wall time (which waits for the cores). */
const cpuMs = (c0: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};
const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function run(backend: Backend) {
  const srv = await startTestServer(backend);
  const { app } = srv;
  try {
    const token = await login(app, 'admin@demo.com.br');
    const h = { authorization: token };
    const tenant = (await srv.db.query<{ tenant_id: number }>(`SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].tenant_id;
    const un = (await srv.db.query<{ id: number }>(`SELECT id FROM unidades WHERE tenant_id = $1 AND sigla = 'UN'`, [tenant])).rows[0].id;
    const gtins = Array.from({ length: LINHAS }, (_, i) => gtin13(`78999${String(i).padStart(7, '0')}`));
    await srv.db.query(
      `INSERT INTO produtos (tenant_id, codigo, gtin, descricao, tipo_produto, unidade_id, ncm, preco_custo) SELECT $1, 'BENCH-' || i, g, 'Produto de bancada ' || i, 0, $2, '22030000', 5 FROM unnest($3::text[]) WITH ORDINALITY AS x(g, i)`,
      [tenant, un, gtins],
    );
    const linhas = (numero: number): LinhaFornecedor[] => gtins.map((g, i) => ({ codigo: `F-${i}`, descricao: `PRODUTO DE BANCADA ${i}`, gtin: g, quantidade: String(1 + (i % 12)), valorUnitario: `${3 + (i % 40)}.${String((i * 7 + numero) % 100).padStart(2, '0')}`, st: i % 3 === 0, ipi: i % 5 === 0 ? '5' : undefined, frete: i % 4 === 0 ? '0.50' : undefined }));
    const importar = (xml: string) => app.inject({ method: 'POST', url: '/api/EntradasNota/importar-xml', headers: { ...h, 'content-type': 'application/xml' }, payload: xml });

    const a = notaDeFornecedor({ fornecedor: FORNECEDORES.bebidas, numero: 9001, duplicatas: 4, linhas: linhas(1) });
    console.log(`[${backend}] NF-e de ${LINHAS} linhas: ${(Buffer.byteLength(a.xml) / 1024).toFixed(0)} KB`);
    const tempos: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const r = await importar(a.xml);
      tempos.push(ms(t0));
      cpus.push(cpuMs(c0));
      if (r.statusCode !== 200) throw new Error(r.body);
      if (i === 0 && r.json().itens.filter((l: { origem: string }) => l.origem === 'gtin').length !== LINHAS) throw new Error('casamento por GTIN incompleto');
    }
    console.log(`[${backend}] 1. XML → proposta (XSD, assinatura, casamento por GTIN): mediana ${meta(mediana(tempos), 1000)}; primeira ${tempos[0].toFixed(0)} ms; todas ${tempos.map((t) => t.toFixed(0)).join(', ')}; CPU do processo ${cpus.map((t) => t.toFixed(0)).join(', ')} ms`);

    let t0 = performance.now();
    let c0 = process.cpuUsage();
    const c = await app.inject({ method: 'POST', url: '/api/EntradasNota/importar-xml/confirmar', headers: h, payload: { xml: a.xml } });
    if (c.statusCode !== 200) throw new Error(c.body);
    const confirmar = ms(t0);
    const confirmarCpu = cpuMs(c0);
    t0 = performance.now();
    c0 = process.cpuUsage();
    const e = await app.inject({ method: 'POST', url: `/api/EntradasNota/${c.json().id}/efetivar`, headers: h });
    if (e.statusCode !== 200) throw new Error(e.body);
    console.log(`[${backend}] 2. confirmar (rascunho de ${LINHAS} linhas) ${confirmar.toFixed(0)} ms (CPU ${confirmarCpu.toFixed(0)} ms); efetivar (${LINHAS} movimentos COMPRA, custo médio, 4 parcelas, códigos aprendidos): ${meta(ms(t0), 2000)} (CPU do processo ${cpuMs(c0).toFixed(0)} ms)`);

    const b = notaDeFornecedor({ fornecedor: FORNECEDORES.bebidas, numero: 9002, duplicatas: 2, linhas: linhas(2).map((l) => ({ ...l, gtin: undefined })) });
    const tb: number[] = [];
    const cb: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const c1 = process.cpuUsage();
      const r = await importar(b.xml);
      tb.push(ms(t));
      cb.push(cpuMs(c1));
      if (r.statusCode !== 200) throw new Error(r.body);
      if (i === 0 && r.json().itens.filter((l: { origem: string }) => l.origem === 'codigo').length !== LINHAS) throw new Error('casamento por código aprendido incompleto');
    }
    console.log(`[${backend}] 3. próxima nota do fornecedor pelos códigos aprendidos → proposta: mediana ${meta(mediana(tb), 1000)}; CPU do processo ${cb.map((t) => t.toFixed(0)).join(', ')} ms`);
  } finally {
    await srv.close();
  }
}

const backends: Backend[] = process.env.BENCH_BACKEND ? [process.env.BENCH_BACKEND as Backend] : process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
for (const b of backends) await run(b);
process.exit(0);
