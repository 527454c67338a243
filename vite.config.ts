import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * antd's static stylesheet (antd/dist/antd.css, used with the theme's zeroRuntime: no CSS-in-JS work on
 * render) declares its CSS variables under a scope named after an id of antd's own build; the app's
 * ConfigProvider uses a fixed key instead (ANTD_CSS_VAR_KEY in src/web/app/App.tsx). The scope is renamed to
 * match, inside :where() so these defaults always lose to the variables antd still writes at run time for
 * the brand's theme (primary colour and what derives from it), whatever the order of the style sheets.
 */
function antdStaticCss(): Plugin {
  return {
    name: 'antd-static-css',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('/antd/dist/antd.css')) return null;
      return { code: code.replace(/\.css-var-_R_0_(?![\w-])/g, ':where(.css-var-app)'), map: null };
    },
  };
}

/**
 * The entry chunk is small (it sends the first requests, see src/web/main.tsx) and imports the app itself
 * (src/web/app/start.tsx) dynamically; index.html still names every chunk of the app as a modulepreload so
 * the browser fetches them from the start, in parallel with the entry.
 */
function preloadApp(): Plugin {
  return {
    name: 'preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const start = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith('/src/web/app/start.tsx'));
        if (!start) return html;
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const c = chunks.find((x) => x.fileName === file);
          for (const dep of c?.imports ?? []) visit(dep);
        };
        visit(start.fileName);
        const present = new Set([...html.matchAll(/(?:href|src)="\.\/([^"]+)"/g)].map((m) => m[1]));
        // Their stylesheets too (antd's static CSS is ~1 MB): asked for with the entry, not once start.tsx runs.
        const css = new Set<string>();
        for (const f of files) for (const c of (chunks.find((x) => x.fileName === f) as { viteMetadata?: { importedCss?: Set<string> } } | undefined)?.viteMetadata?.importedCss ?? []) css.add(c);
        return [
          ...[...files].filter((f) => !present.has(f)).map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${f}` }, injectTo: 'head' as const })),
          ...[...css].filter((f) => !present.has(f)).map((f) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${f}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

/** The modules whose chunks (with every chunk they import, and their stylesheets and assets) open #/pdv, after the entry's. */
const PDV_RAIZES = ['/src/web/app/start.tsx', '/src/web/app/App.tsx', '/src/web/pages/pdv/PdvPage.tsx'];
/** The line of public/pdv-sw.js the build fills with that list. */
const PDV_PRECACHE = 'const PRECACHE = []; // filled by the build (vite.config.ts, pdvPrecache)';

/**
 * The point of sale's service worker (public/pdv-sw.js) precaches, on install, every file a reload of #/pdv
 * needs with the server stopped: index.html and the closure of the entry, the app and the PDV page over static
 * imports (a dynamic import of the PDV's own code too), with their CSS and assets. The list is written into
 * the built worker, so each build whose files differ is a new worker that fetches its own list, instead of
 * the page reporting what it happened to load (performance entries: a list that missed what the reload needs).
 */
function pdvPrecache(): Plugin {
  let outDir = 'dist';
  let lista: string[] = [];
  return {
    name: 'pdv-precache',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      type Pedaco = { type: 'chunk'; fileName: string; facadeModuleId: string | null; isEntry: boolean; imports: string[]; dynamicImports: string[]; moduleIds?: string[]; viteMetadata?: { importedCss?: Set<string>; importedAssets?: Set<string> } };
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as Pedaco[];
      const porNome = new Map(chunks.map((c) => [c.fileName, c]));
      const de = (raiz: string) => chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(raiz));
      const raizes = [chunks.find((c) => c.isEntry) ?? this.error('pdv-precache: a compilação não tem entrada'), ...PDV_RAIZES.map((r) => de(r) ?? this.error(`pdv-precache: ${r} não gerou um pedaço`))];
      const pdv = raizes[raizes.length - 1];
      const doPdv = (c: Pedaco) => c === pdv || (c.moduleIds ?? []).some((m) => m.replace(/\\/g, '/').includes('/src/web/pages/pdv/'));
      const arquivos = new Set<string>();
      const visitar = (c: Pedaco | undefined) => {
        if (!c || arquivos.has(c.fileName)) return;
        arquivos.add(c.fileName);
        for (const f of c.viteMetadata?.importedCss ?? []) arquivos.add(f);
        for (const f of c.viteMetadata?.importedAssets ?? []) arquivos.add(f);
        for (const i of c.imports) visitar(porNome.get(i));
        if (doPdv(c)) for (const i of c.dynamicImports) visitar(porNome.get(i));
      };
      raizes.forEach(visitar);
      lista = ['./', ...[...arquivos].sort().map((f) => `./${f}`)];
    },
    writeBundle() {
      // After vite copied public/ into the output: the worker there gets the list.
      const sw = join(outDir, 'pdv-sw.js');
      const texto = readFileSync(sw, 'utf8');
      if (!texto.includes(PDV_PRECACHE)) this.error(`pdv-precache: public/pdv-sw.js não tem a linha "${PDV_PRECACHE}"`);
      // A stylesheet shared by two chunks leaves an empty JS chunk that vite drops from the output after
      // generateBundle: only files the build wrote are listed (one missing file would fail the whole install).
      const escritos = lista.filter((f) => f === './' || existsSync(join(outDir, f.slice(2))));
      writeFileSync(sw, texto.replace(PDV_PRECACHE, `const PRECACHE = ${JSON.stringify(escritos)};`));
    },
  };
}

/**
 * Brotli and gzip copies of every text file of the build, at the strongest settings (paid once here, not per
 * request): the server sends the one the browser accepts (@fastify/static preCompressed, src/server/app.ts).
 * Files under 1 KB are left alone: the headers would cost more than the bytes saved.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt)$/.test(file)) continue;
        const buf = readFileSync(file);
        if (buf.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(buf, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: buf.length } }));
        writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
      }
    },
  };
}

/**
 * antd and the libraries only it uses, with axios and socket.io's client (the signed-in app's other libraries),
 * as one chunk instead of ~45 (a component, an icon, a hook each; less what only forms use, below): every signed-in
 * screen loads it, and over HTTP/1.1 (six connections to a host) each extra file is another turn in the queue. The sign-in page
 * uses none of them (tests/e2e/speed.test.ts checks it carries neither antd nor axios).
 */
const APP_VENDOR_CHUNK =
  /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|@babel[\\/]runtime|clsx|dayjs|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|stylis|@emotion|axios|socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|xmlhttprequest-ssl|debug|ms)[\\/]/;
/**
 * What only forms and detail screens use (date pickers, antd's Form, uploads, steps, number inputs, ...): a chunk of
 * its own, so that a list (the shell, a grid) does not download, compile and run it. The few parts of these that
 * the other components import (form contexts, the date-picker locales) stay in vendor: vendor must never import
 * this chunk (checked by tests/e2e/speed.test.ts).
 */
const LATE_VENDOR_CHUNK =
  /[\\/]node_modules[\\/](antd[\\/]es[\\/](date-picker|time-picker|calendar|form|upload|steps|progress|input-number|segmented|statistic|descriptions|collapse|slider|color-picker|switch|timeline|tabs|card|result)[\\/]|@rc-component[\\/](picker|async-validator|upload|steps|progress|input-number|mini-decimal|segmented|collapse|slider|color-picker|switch|tabs)[\\/])/;
const KEPT_IN_VENDOR = /[\\/]antd[\\/]es[\\/](form[\\/](context|util|validateMessagesContext|hooks[\\/]useVariants|hooks[\\/]useForm)\.js|date-picker[\\/]locale[\\/])/;
const lateVendor = (id: string) => LATE_VENDOR_CHUNK.test(id) && !KEPT_IN_VENDOR.test(id);
/**
 * The dashboard's charts (ECharts with zrender, its renderer, and the React wrapper): one chunk that only the
 * dashboard's charts import, dynamically, after its cards are painted (src/web/pages/dashboard/graficos.tsx). Nothing
 * else may import it (it would then load with every screen): it comes last and takes in none of what its modules
 * import (a group does by default: charts first took React in, then fast-deep-equal, which the forms also use, and
 * every screen, then every form, loaded the charts chunk; tests/e2e/dashboard-pessoas.test.ts checks it). tslib, the
 * helpers ECharts is compiled with, is in it (left in the Grafico chunk, the two chunks imported each other and
 * ECharts ran before its helpers existed). ECharts over @ant-design/plots: with only the parts
 * drawn here (bars, lines, axes, tooltip, legend, SVG renderer) this chunk is 582 KB, 198 KB gzip; @ant-design/plots
 * 2.6 with just Column, Line and Bar built the same way was 2,993 KB, 747 KB gzip (measured 29/11/2026).
 */
const CHARTS_CHUNK = /[\\/]node_modules[\\/](echarts|zrender|echarts-for-react|size-sensor|tslib)[\\/]/;
const REACT_CHUNK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|swr|use-sync-external-store|cookie|set-cookie-parser|dequal)[\\/]/;

// The web app: index.html at the root, output in dist/ (served by the API server at /).
export default defineConfig({
  plugins: [react(), antdStaticCss(), preloadApp(), pdvPrecache(), precompress()],
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    sourcemap: false,
    // React, its DOM, the router and swr first (the sign-in page's own libraries), so that the vendor group, which
    // takes in what it imports, does not take them; vendor before vendor-forms for the same reason (vendor-forms
    // first took in the buttons, inputs and styles its modules import, and vendor then imported it).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'react', test: REACT_CHUNK, priority: 3 }, { name: 'vendor', test: (id: string) => APP_VENDOR_CHUNK.test(id) && !lateVendor(id), priority: 2 }, { name: 'vendor-forms', test: lateVendor, priority: 1 }, { name: 'charts', test: CHARTS_CHUNK, priority: 0, includeDependenciesRecursively: false }] } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
