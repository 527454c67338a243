import type { BrandConfig } from './brand.ts';
import { themeColor } from './brand.ts';
import { brandImages, brandMisc, brandText } from './brand-config.ts';
import { tomDeTexto, textoSobre } from '../../shared/contraste.ts';

/** What the white-label look puts on the page: title, favicon, colours and the brand's own scripts. */
export interface BrandLookValues {
  title?: string;
  favicon?: string;
  primary: string;
  secondary: string;
  scriptLink?: string;
  scriptIncorporar?: string;
  analytics?: string;
}

export function brandLook(brand: BrandConfig | undefined): BrandLookValues {
  const misc = brandMisc(brand);
  const primary = themeColor(brand);
  return {
    title: brandText(brand?.title),
    favicon: brandText(misc.linkFavicon) ?? brandImages(brand).favicon,
    primary,
    secondary: brandText(misc.secondaryThemeColor) ?? primary,
    scriptLink: brandText(misc.scriptLink),
    scriptIncorporar: brandText(misc.scriptIncorporar),
    analytics: brandText(misc.adobeAnalytics),
  };
}

export const FAVICON_ID = 'brand-favicon';
export const SCRIPT_LINK_ID = 'brand-script-link';
export const SCRIPT_EMBED_ID = 'brand-script-incorporar';

export function applyFavicon(href: string, doc: Document = document): void {
  let link = doc.getElementById(FAVICON_ID) as HTMLLinkElement | null;
  if (!link) {
    for (const old of Array.from(doc.querySelectorAll('link[rel~="icon"]'))) old.remove();
    link = doc.createElement('link');
    link.id = FAVICON_ID;
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}

/**
 * Colours for the hand-made CSS (the auth shell); antd gets the same through ConfigProvider (antd-theme.ts): the
 * brand's colour for fills, its shade that reads on white for text and links, and the text drawn on a fill.
 */
export function applyColours(look: Pick<BrandLookValues, 'primary' | 'secondary'>, doc: Document = document): void {
  doc.documentElement.style.setProperty('--brand-primary', look.primary);
  doc.documentElement.style.setProperty('--brand-secondary', look.secondary);
  doc.documentElement.style.setProperty('--brand-primary-text', tomDeTexto(look.primary));
  doc.documentElement.style.setProperty('--brand-on-primary', textoSobre(look.primary));
}

/**
 * misc.scriptLink (an address) and misc.scriptIncorporar (a script body or an HTML snippet with scripts) are
 * injected once per page life. Scripts parsed from HTML do not run, so each is recreated.
 */
export function injectBrandScripts(look: Pick<BrandLookValues, 'scriptLink' | 'scriptIncorporar'>, doc: Document = document): void {
  if (look.scriptLink && !doc.getElementById(SCRIPT_LINK_ID)) {
    const s = doc.createElement('script');
    s.id = SCRIPT_LINK_ID;
    s.src = look.scriptLink;
    s.async = true;
    doc.head.appendChild(s);
  }
  if (look.scriptIncorporar && !doc.getElementById(SCRIPT_EMBED_ID)) {
    const holder = doc.createElement('div');
    holder.id = SCRIPT_EMBED_ID;
    holder.hidden = true;
    const code = look.scriptIncorporar;
    if (/^\s*</.test(code)) {
      const tpl = doc.createElement('template');
      tpl.innerHTML = code;
      for (const node of Array.from(tpl.content.childNodes)) {
        if (node instanceof HTMLScriptElement || (node as Element).tagName === 'SCRIPT') {
          const old = node as HTMLScriptElement;
          const s = doc.createElement('script');
          for (const a of Array.from(old.attributes)) s.setAttribute(a.name, a.value);
          s.text = old.text;
          holder.appendChild(s);
        } else holder.appendChild(node);
      }
    } else {
      const s = doc.createElement('script');
      s.text = code;
      holder.appendChild(s);
    }
    doc.body.appendChild(holder);
  }
}
