/**
 * Colour contrast (WCAG 2.x): the shades of the brand's colour used for text and links reach 4.5:1 on white, while
 * fills (buttons, bars, the selected menu item's marker) keep the brand's colour itself; the text drawn on such a
 * fill is white or near-black, whichever reaches 4.5:1 (issue 42). One function for every theme of
 * schemas/brands/themes.json and for any custom colour (misc.customThemeColor).
 */

type Rgb = [number, number, number];

/** '#rgb', '#rrggbb' (any case, with or without '#') → [r, g, b]; null for anything else. */
export function lerCor(cor: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(cor.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

const hex = (c: Rgb) => `#${c.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.x). */
export function luminancia(c: Rgb): number {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (1 to 21). */
export function contraste(a: string, b: string): number {
  const ca = lerCor(a);
  const cb = lerCor(b);
  if (!ca || !cb) return 1;
  const [x, y] = [luminancia(ca), luminancia(cb)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** `cor` mixed with `outra` (t = 0: cor; t = 1: outra). */
export function misturar(cor: string, outra: string, t: number): string {
  const a = lerCor(cor);
  const b = lerCor(outra);
  if (!a || !b) return cor;
  return hex([0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * t) as Rgb);
}

/** The minimum contrast of normal text (WCAG 2 AA, 1.4.3). */
export const CONTRASTE_TEXTO = 4.5;

/**
 * The shade of `cor` for text and links on `fundo` (white, or each of a list of backgrounds): `cor` itself when it
 * already reaches `alvo`, else `cor` darkened (mixed with black, the hue kept) by the least step that does. An
 * unreadable colour is returned as is.
 */
export function tomDeTexto(cor: string, fundo: string | string[] = '#ffffff', alvo = CONTRASTE_TEXTO): string {
  const c = lerCor(cor);
  if (!c) return cor;
  const base = hex(c);
  const fundos = Array.isArray(fundo) ? fundo : [fundo];
  const le = (tom: string) => fundos.every((f) => contraste(tom, f) >= alvo);
  if (le(base)) return base;
  for (let t = 0.01; t <= 1; t += 0.01) {
    const tom = misturar(base, '#000000', t);
    if (le(tom)) return tom;
  }
  return '#000000';
}

/**
 * The light backgrounds the brand's text is drawn on besides white: antd's grey fills (a card tab, a hovered row)
 * and the brand's own light tint (the selected menu item); axe-core measured 4.3:1 there with the shade for white.
 */
export const fundosDoTexto = (cor: string): string[] => ['#ffffff', '#f0f0f0', misturar(cor, '#ffffff', 0.85)];

/** The text drawn on a fill of `cor` (a primary button, a selected day): white when it reaches 4.5:1, else near-black. */
export function textoSobre(cor: string): string {
  if (!lerCor(cor)) return '#ffffff';
  if (contraste('#ffffff', cor) >= CONTRASTE_TEXTO) return '#ffffff';
  return contraste('#1f1f1f', cor) >= CONTRASTE_TEXTO ? '#1f1f1f' : '#000000';
}

/** The colours a brand's screens draw with: its own colour for fills, the shades for text, the charts' series. */
export function paletaDaMarca(cor: string) {
  const base = lerCor(cor) ? hex(lerCor(cor)!) : '#2196f3';
  const fundos = fundosDoTexto(base);
  const texto = tomDeTexto(base, fundos);
  return {
    preenchimento: base,
    textoSobrePreenchimento: textoSobre(base),
    texto,
    textoHover: tomDeTexto(misturar(texto, '#ffffff', 0.15), fundos),
    textoAtivo: misturar(texto, '#000000', 0.15),
    /** Chart series: the brand's colour, a lighter tint, the text shade, a darker one. */
    series: [base, misturar(base, '#ffffff', 0.55), texto, misturar(texto, '#000000', 0.35)],
  };
}
