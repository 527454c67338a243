import type { ThemeConfig } from 'antd';
import { paletaDaMarca } from '../../shared/contraste.ts';
/**
 * The CSS-variable scope of antd's static stylesheet (antd/dist/antd.css, renamed to this key by
 * vite.config.ts) and of the ConfigProviders that use it.
 */
export const ANTD_CSS_VAR_KEY = 'css-var-app';

/**
 * antd's greys and status colours that reach 4.5:1 on white (WCAG 2 AA): its secondary text (0.45 black, 3.4:1)
 * becomes 0.6 black (5.7:1), placeholders 0.56 (4.9:1); red, orange and green text take their darker shades (#ff4d4f was 3.3:1).
 */
const LEGIVEIS = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  colorError: '#cf1322',
  colorErrorText: '#cf1322',
  colorWarningText: '#ad4e00',
  colorSuccessText: '#237804',
} as const;

/**
 * The theme of every antd ConfigProvider of the app (the app, the sign-up screen, the dialogs' own host): the static
 * stylesheet's scope and the brand's colour. Fills (buttons, the selected day, the ink bar) keep the brand's colour,
 * with white or near-black text on them, whichever reads (4.5:1); text and links take the brand's shade that reads
 * on white (src/shared/contraste.ts). antd's motion stays on: with its motion token off, or every animation
 * cut to ~0 by a prefers-reduced-motion stylesheet, a Select's dropdown was never aligned and stayed outside the
 * viewport (tried in the e2e suites, 27/11/2026).
 */
export function antdTheme(colorPrimary: string): ThemeConfig {
  const p = paletaDaMarca(colorPrimary);
  const texto = { colorLink: p.texto, colorLinkHover: p.textoHover, colorLinkActive: p.textoAtivo, colorPrimaryText: p.texto, colorPrimaryTextHover: p.textoHover, colorPrimaryTextActive: p.textoAtivo };
  return {
    cssVar: { key: ANTD_CSS_VAR_KEY },
    token: { colorPrimary: p.preenchimento, ...texto, ...LEGIVEIS },
    components: {
      Button: { primaryColor: p.textoSobrePreenchimento, defaultHoverColor: p.textoHover, defaultActiveColor: p.textoAtivo },
      Menu: { itemSelectedColor: p.texto, horizontalItemSelectedColor: p.texto, subMenuItemSelectedColor: p.texto },
      Tabs: { itemSelectedColor: p.texto, itemHoverColor: p.textoHover, itemActiveColor: p.textoAtivo },
      Pagination: { itemActiveColor: p.texto, itemActiveColorHover: p.textoHover },
    },
  };
}
