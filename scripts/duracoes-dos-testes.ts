/**
 * Writes tests/duracoes.json (the seconds each test file took, by suite) from the JSON report of a full run
 * (.test-results/vitest.json, written by npm test), for the order files start in (tests/support/sequencia.ts).
 * Run it after a full CI-like run (`bash .ci/run`, or `npm test` with DATABASE_URL set) when files were added or
 * grew: `npx tsx scripts/duracoes-dos-testes.ts [report.json …]` (several reports: a later one's files replace an
 * earlier one's, e.g. a full run and then a run of one suite).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
type Relatorio = { testResults: { name: string; startTime: number; endTime: number }[] };
const arquivos = process.argv.length > 2 ? process.argv.slice(2) : [resolve(ROOT, '.test-results/vitest.json')];
const relatorios = arquivos.map((a) => JSON.parse(readFileSync(a, 'utf8')) as Relatorio);
const suite = (arquivo: string) =>
  arquivo.startsWith('tests/e2e/') ? 'e2e' : arquivo.startsWith('tests/api/') ? 'api' : arquivo.startsWith('tests/web/') || arquivo.startsWith('src/web/') ? 'web' : 'unit';
const duracoes: Record<string, number> = {};
for (const t of relatorios.flatMap((r) => r.testResults)) {
  // The report names files by their path in the checkout that ran them (a clone elsewhere, too).
  const arquivo = relative(ROOT, t.name).replace(/^(\.\.\/)+.*?\/(tests|src)\//, '$2/');
  duracoes[`${suite(arquivo)}:${arquivo}`] = Math.round((t.endTime - t.startTime) / 100) / 10;
}
const ordenado = Object.fromEntries(Object.entries(duracoes).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(resolve(ROOT, 'tests/duracoes.json'), `${JSON.stringify(ordenado, null, 2)}\n`);
console.log(`tests/duracoes.json: ${Object.keys(ordenado).length} arquivos`);
