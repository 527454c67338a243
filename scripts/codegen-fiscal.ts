import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Schema documents of the fiscal engine and the TypeScript file generated from each. */
const TARGETS = [{ schema: 'schemas/fiscal/nfe-documento.schema.json', out: 'generated/fiscal/nfe-documento.ts' }];

/** Writes generated/fiscal/*.ts; with check = true only compares and returns the drifted files. */
export async function codegenFiscal(check: boolean): Promise<string[]> {
  const drifted: string[] = [];
  for (const t of TARGETS) {
    const schema = JSON.parse(await readFile(path.join(ROOT, t.schema), 'utf8'));
    const ts = await compile(schema, schema.title, {
      bannerComment: `/* Gerado por scripts/codegen-fiscal.ts a partir de ${t.schema}. Não edite. */`,
      additionalProperties: false,
      declareExternallyReferenced: true,
      unreachableDefinitions: true,
      style: { singleQuote: true, printWidth: 120 },
    });
    const out = path.join(ROOT, t.out);
    const current = await readFile(out, 'utf8').catch(() => '');
    if (current === ts) continue;
    drifted.push(t.out);
    if (!check) {
      await mkdir(path.dirname(out), { recursive: true });
      await writeFile(out, ts);
    }
  }
  return drifted;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const check = process.argv.includes('--check');
  const drifted = await codegenFiscal(check);
  if (check && drifted.length) {
    console.error(`Tipos gerados desatualizados: ${drifted.join(', ')}. Rode: npx tsx scripts/codegen-fiscal.ts`);
    process.exit(1);
  }
  console.log(check ? 'generated/fiscal em dia' : `gerados: ${drifted.join(', ') || 'nada mudou'}`);
}
