/**
 * npm run bench:fiscal — build, sign and validate 1,000 NF-e of 30 items each; p50/p95 per document per step.
 * Aim (issue 6): build + sign < 20 ms, validation < 30 ms per document.
 * Validation runs as the application runs it: one document at a time against the schema compiled once and kept
 * in memory (libxml2-wasm XsdValidator); the figure is the whole call (formatting, parsing, validating).
 * Then parallel requests: the same documents validated on the main thread and through the worker_threads pool
 * (validacao-pool.ts), with documents per second and the event loop's delay while they run (a server that
 * validates on the main thread answers nothing else meanwhile).
 */
import { performance } from 'node:perf_hooks';
import { calcularNfe } from '../../src/shared/fiscal/nfe-calculo.ts';
import { gerarXmlNfe } from '../../src/shared/fiscal/nfe-xml.ts';
import { assinarXml, assinadorDe } from '../../src/server/fiscal/assinatura-xml.ts';
import { lerCertificadoA1 } from '../../src/server/fiscal/certificado.ts';
import { validarXsd, validarXsdSync } from '../../src/server/fiscal/validacao-xsd.ts';
import { PoolValidacao } from '../../src/server/fiscal/validacao-pool.ts';
import { carregarLibxml } from '../../src/server/fiscal/libxml.ts';
import os from 'node:os';
import { nfeBase, item } from '../../tests/fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../tests/fixtures/fiscal/certificado-teste.ts';
import type { Item } from '../../generated/fiscal/nfe-documento.ts';

const N = Number(process.env.BENCH_N ?? 1000);
// The single-thread figures call validarXsdSync here: libxml2 is loaded on first use (libxml.ts).
await carregarLibxml();
const ITENS = 30;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (v: number) => v.toFixed(2).padStart(8);

const t = gerarCertificadoTeste();
const assinador = assinadorDe(lerCertificadoA1(t.pfx, t.senha));
const icmsVariados = [
  { orig: 0 as const, CST: '00' as const, pICMS: '18', pFCP: '2' },
  { orig: 0 as const, CST: '10' as const, pICMS: '18', modBCST: 4 as const, pMVAST: '40', pICMSST: '18' },
  { orig: 0 as const, CST: '20' as const, pRedBC: '33.33', pICMS: '18' },
  { orig: 0 as const, CST: '40' as const },
  { orig: 0 as const, CST: '60' as const, vBCSTRet: '10.00', pST: '18', vICMSSTRet: '1.80' },
];
const documento = (k: number) => {
  const itens: Item[] = Array.from({ length: ITENS }, (_, j) =>
    item(icmsVariados[j % icmsVariados.length], { codigo: `P${j + 1}`, descricao: `Produto de teste ${j + 1}`, quantidade: String(1 + (j % 7)), valorUnitario: `${10 + j}.${String(k % 100).padStart(2, '0')}`, ipi: j % 3 === 0 ? { cEnq: '999', CST: '50', pIPI: '5' } : undefined }),
  );
  return nfeBase({ ide: { ...nfeBase().ide, numero: k + 1 }, itens: itens as [Item, ...Item[]], pagamentos: [{ tPag: '01', valor: '999999.99' }] });
};

// warm-up (JIT, WASM compile, schema load)
for (let k = 0; k < 20; k++) assinarXml(gerarXmlNfe(calcularNfe(documento(k))), 'infNFe', assinador);
await validarXsd(assinarXml(gerarXmlNfe(calcularNfe(documento(0))), 'infNFe', assinador), 'nfe_v4.00.xsd');

const tBuild: number[] = [];
const tSign: number[] = [];
const assinados: string[] = [];
for (let k = 0; k < N; k++) {
  const d = documento(k);
  let t0 = performance.now();
  const xml = gerarXmlNfe(calcularNfe(d));
  tBuild.push(performance.now() - t0);
  t0 = performance.now();
  assinados.push(assinarXml(xml, 'infNFe', assinador));
  tSign.push(performance.now() - t0);
}

const tVal: number[] = [];
let invalidos = 0;
for (const x of assinados) {
  const t0 = performance.now();
  const r = await validarXsd(x, 'nfe_v4.00.xsd');
  tVal.push(performance.now() - t0);
  if (!r.valido) invalidos++;
}

/**
 * Validates every document with `emVoo` requests in flight; documents/s, and the longest the event loop went without
 * turning meanwhile (a 1 ms timer's largest gap: what another request to the server would have waited).
 */
async function paralelo(validar: (x: string) => Promise<unknown>, emVoo: number) {
  const marcas: number[] = [];
  const relogio = setInterval(() => marcas.push(performance.now()), 1);
  const t0 = performance.now();
  let prox = 0;
  await Promise.all(Array.from({ length: emVoo }, async () => {
    while (prox < assinados.length) await validar(assinados[prox++]);
  }));
  const fim = performance.now();
  clearInterval(relogio);
  const pontos = [t0, ...marcas, fim];
  let maiorPausa = 0;
  for (let i = 1; i < pontos.length; i++) maiorPausa = Math.max(maiorPausa, pontos[i] - pontos[i - 1]);
  return { porSeg: (assinados.length / (fim - t0)) * 1000, giros: marcas.length, maiorPausa };
}
const EM_VOO = 8;
const principal = await paralelo(async (x) => validarXsdSync(x, 'nfe_v4.00.xsd'), EM_VOO);
const tamanhos = [...new Set([1, 2, Math.max(1, os.availableParallelism() - 1)])];
const pools: { n: number; r: Awaited<ReturnType<typeof paralelo>> }[] = [];
for (const n of tamanhos) {
  const pool = new PoolValidacao(n);
  await Promise.all(Array.from({ length: n * 2 }, () => pool.validar(assinados[0], 'nfe_v4.00.xsd', 'PL_009'))); // workers up, schema compiled
  pools.push({ n, r: await paralelo((x) => pool.validar(x, 'nfe_v4.00.xsd', 'PL_009'), EM_VOO) });
  await pool.fechar();
}

const soma = tBuild.map((b, i) => b + tSign[i]);
console.log(`NF-e 4.00, ${N} documentos de ${ITENS} itens (${(assinados[0].length / 1024).toFixed(1)} KB assinado), ms por documento`);
console.log('etapa                         p50      p95');
console.log(`montagem (cálculo + XML) ${fmt(pct(tBuild, 50))} ${fmt(pct(tBuild, 95))}`);
console.log(`assinatura               ${fmt(pct(tSign, 50))} ${fmt(pct(tSign, 95))}`);
console.log(`montagem + assinatura    ${fmt(pct(soma, 50))} ${fmt(pct(soma, 95))}   (meta < 20)`);
console.log(`validação XSD            ${fmt(pct(tVal, 50))} ${fmt(pct(tVal, 95))}   (meta < 30; um documento por vez, schema já compilado)`);
console.log(`\nvalidação com ${EM_VOO} requisições em paralelo (${os.availableParallelism()} núcleos)   doc/s   maior pausa do event loop (ms)   giros do event loop`);
const linhaPar = (nome: string, r: Awaited<ReturnType<typeof paralelo>>) =>
  console.log(`${nome.padEnd(40)} ${r.porSeg.toFixed(0).padStart(6)}   ${r.maiorPausa.toFixed(1).padStart(8)}   ${String(r.giros).padStart(8)}`);
linhaPar('thread principal (validarXsdSync)', principal);
for (const p of pools) linhaPar(`pool de ${p.n} worker${p.n > 1 ? 's' : ''} (validarXsd)`, p.r);
if (invalidos) {
  console.error(`${invalidos} documentos inválidos no XSD`);
  process.exit(1);
}
