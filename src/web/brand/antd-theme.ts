/**
 * The CSS-variable scope of antd's static stylesheet (antd/dist/antd.css, renamed to this key by
 * vite.config.ts) and of the ConfigProviders that use it.
 */
export const ANTD_CSS_VAR_KEY = 'css-var-app';
