/**
 * npm start runs the server from one prebuilt ES module bundle (esbuild) instead of compiling hundreds of
 * TypeScript files through tsx on every start: the restart of issue 12 (npm run bench:start, aim < 3 s).
 * The bundle is a local build cache under node_modules/.cache (never served, never committed), rebuilt only
 * when src/server, src/shared, generated, schemas or package-lock.json are newer than it.
 *
 * Two things keep the bundle behaving exactly as the sources do:
 * - every file keeps its own `import.meta.url` / `import.meta.dirname` (data files, migrations, layouts are
 *   found next to the source file, as under tsx);
 * - the modules that documents name ("hooks" of a resource, "service" of a business document, loaded by
 *   src/server/module-ref.ts) are bundled too and handed to module-ref through a table, so they share the
 *   bundle's single copy of every other module.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, SERVER_BUNDLE, SERVER_BUNDLE_DIR, SERVER_ENTRY, serverIsStale } from './freshness.mjs';

export { SERVER_BUNDLE, serverIsStale };

const MODULE_REF = /^[a-z][a-z0-9-]*\/[a-z][a-z0-9.-]*$/;

/** Every "<module>/<file>" a document under schemas/ names as its hooks or service. */
function moduleRefs(dir = join(ROOT, 'schemas')): string[] {
  const refs = new Set<string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json')) {
        const text = readFileSync(p, 'utf8');
        for (const m of text.matchAll(/"(?:hooks|service)"\s*:\s*"([^"]+)"/g)) if (MODULE_REF.test(m[1])) refs.add(m[1]);
      }
    }
  };
  walk(dir);
  return [...refs].sort();
}

/** Each file of src/ keeps its own import.meta (data files, migrations, layouts, XSDs are found next to the source). */
const importMetaOfTheSourceFile = {
  name: 'import-meta-of-the-source-file',
  setup(build: import('esbuild').PluginBuild) {
    build.onLoad({ filter: /\.(ts|mjs|js)$/ }, (args) => {
      if (!args.path.startsWith(join(ROOT, 'src'))) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js', resolveDir: dirname(args.path) } as const;
    });
  },
};

/**
 * The XSD validation worker (src/server/fiscal/validacao-pool.ts) as its own self-contained bundle. Its source
 * entry registers tsx, whose loader thread and esbuild service cost each worker about 170 MB of the idle
 * server's resident memory (npm run bench:start); from this bundle the worker runs under plain Node.
 */
export const VALIDATION_WORKER_BUNDLE = join(SERVER_BUNDLE_DIR, 'validacao-worker.mjs');

export async function buildServer(): Promise<void> {
  const esbuild = await import('esbuild');
  const serverDir = join(ROOT, 'src/server');
  const refs = moduleRefs().filter((r) => existsSync(join(serverDir, `${r}.ts`)));
  const entry = [
    ...refs.map((r, i) => `import * as m${i} from ${JSON.stringify(join(serverDir, `${r}.ts`))};`),
    `globalThis.__retaguardaModulos = new Map([${refs.map((r, i) => `[${JSON.stringify(join(serverDir, `${r}.ts`))}, m${i}]`).join(', ')}]);`,
    // Read by validacao-pool.ts when it starts a worker (after this module ran, so lazily).
    `globalThis.__retaguardaWorkerXsd = ${JSON.stringify(pathToFileURL(VALIDATION_WORKER_BUNDLE).href)};`,
    `export * from ${JSON.stringify(SERVER_ENTRY)};`,
  ].join('\n');
  // The worker first: the main bundle, whose date says whether the build is fresh, is written last.
  await esbuild.build({
    entryPoints: [join(serverDir, 'fiscal/validacao-worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outfile: VALIDATION_WORKER_BUNDLE,
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [importMetaOfTheSourceFile],
  });
  await esbuild.build({
    stdin: { contents: entry, resolveDir: ROOT, sourcefile: 'retaguarda-server-entry.js', loader: 'js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir: SERVER_BUNDLE_DIR,
    entryNames: 'main',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [importMetaOfTheSourceFile],
  });
}

let once: Promise<boolean> | null = null;

/** Builds once per process when stale; answers whether it built. */
export function ensureServerBuilt(force = false): Promise<boolean> {
  once ??= (async () => {
    if (!force && !serverIsStale()) return false;
    await buildServer();
    return true;
  })();
  return once;
}
