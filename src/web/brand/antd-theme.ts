import type { ThemeConfig } from 'antd';
/**
 * The CSS-variable scope of antd's static stylesheet (antd/dist/antd.css, renamed to this key by
 * vite.config.ts) and of the ConfigProviders that use it.
 */
export const ANTD_CSS_VAR_KEY = 'css-var-app';

/**
 * The theme of every antd ConfigProvider of the app (the app, the sign-up screen, the dialogs' own host): the static
 * stylesheet's scope and the brand's colour. antd's motion stays on: with its motion token off, or every animation
 * cut to ~0 by a prefers-reduced-motion stylesheet, a Select's dropdown was never aligned and stayed outside the
 * viewport (tried in the e2e suites, 27/11/2026).
 */
export function antdTheme(colorPrimary: string): ThemeConfig {
  return { cssVar: { key: ANTD_CSS_VAR_KEY }, token: { colorPrimary } };
}
