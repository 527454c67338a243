/**
 * The whole app (antd, the shell and its routes), to which the small auth app hands over (start.tsx), and which the
 * entry preloads (preload.ts). Apart from page-chunks.ts, which the route tree itself imports: a module named by
 * App.tsx that loaded App.tsx again would close a circle.
 */
let app: Promise<typeof import('./App.tsx')> | null = null;
export const loadApp = () =>
  (app ??= import('./App.tsx').catch((err: unknown) => {
    app = null;
    throw err;
  }));
