import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

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

// The web app: index.html at the root, output in dist/ (served by the API server at /).
export default defineConfig({
  plugins: [react(), antdStaticCss(), preloadApp()],
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
