import type { ThemeConfig } from 'antd';
/**
 * The CSS-variable scope of antd's static stylesheet (antd/dist/antd.css, renamed to this key by
 * vite.config.ts) and of the ConfigProviders that use it.
 */
export const ANTD_CSS_VAR_KEY = 'css-var-app';

/**
 * Whether antd animates (zoom, slide, fade): not when the person's system asks for reduced motion
 * (prefers-reduced-motion, WCAG 2.3.3); dialogs and menus then appear and go at once. Read once per page.
 */
export function antdMotion(): boolean {
  return !(typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
}

/** The theme of every antd ConfigProvider of the app: the static stylesheet's scope, the brand's colour, motion. */
export function antdTheme(colorPrimary: string): ThemeConfig {
  return { cssVar: { key: ANTD_CSS_VAR_KEY }, token: { colorPrimary, motion: antdMotion() } };
}
