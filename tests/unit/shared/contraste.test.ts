import themes from '../../../schemas/brands/themes.json';
import { antdTheme } from '../../../src/web/brand/antd-theme.ts';
import { contraste, fundosDoTexto, lerCor, misturar, paletaDaMarca, textoSobre, tomDeTexto } from '../../../src/shared/contraste.ts';

// The brand's shades for text reach 4.5:1 on white for every theme of schemas/brands/themes.json and for custom
// colours; fills keep the brand's colour, with white or near-black text on them, whichever reads (issue 42).
describe('contraste da marca', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contraste('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contraste('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The brand blue as text on white is 3.1:1, the figure axe-core reported.
    expect(contraste('#2196f3', '#fff')).toBeCloseTo(3.12, 2);
    expect(contraste('#767676', '#fff')).toBeGreaterThanOrEqual(4.5);
    expect(lerCor('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(lerCor('azul')).toBeNull();
    expect(misturar('#ffffff', '#000000', 0.5)).toBe('#808080');
  });

  const cores = [...themes.themes.map((t) => [t.name, t.color] as const), ...['#ffff00', '#00ffff', '#ffffff', '#777777', '#123456', '#fa8', '#FF00FF'].map((c) => [`custom ${c}`, c] as const)];
  it.each(cores)('%s (%s): text and links reach 4.5:1 on white; a fill keeps the colour and its text reads', (_nome, cor) => {
    const p = paletaDaMarca(cor);
    expect(p.preenchimento).toBe(`#${lerCor(cor)!.map((v) => v.toString(16).padStart(2, '0')).join('')}`);
    // On white, on antd's grey fills and on the brand's light tint (the selected menu item).
    for (const fundo of fundosDoTexto(cor)) for (const tom of [p.texto, p.textoHover, p.textoAtivo]) expect(contraste(tom, fundo), `${tom} sobre ${fundo}`).toBeGreaterThanOrEqual(4.5);
    expect(contraste(p.textoSobrePreenchimento, p.preenchimento)).toBeGreaterThanOrEqual(4.5);
    // A colour that already reads is kept as it is; one that does not is darkened no more than needed.
    const minimo = (tom: string) => Math.min(...fundosDoTexto(cor).map((f) => contraste(tom, f)));
    if (minimo(p.preenchimento) >= 4.5) expect(p.texto).toBe(p.preenchimento);
    else expect(minimo(misturar(p.texto, '#ffffff', 0.03))).toBeLessThan(4.6);
    const theme = antdTheme(cor);
    expect(theme.token).toMatchObject({ colorPrimary: p.preenchimento, colorLink: p.texto, colorPrimaryText: p.texto });
    expect(theme.components?.Button).toMatchObject({ primaryColor: p.textoSobrePreenchimento });
    for (const k of ['colorTextTertiary', 'colorTextDescription'] as const) {
      const alpha = Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(String(theme.token?.[k]))![1]);
      expect(contraste(misturar('#ffffff', '#000000', alpha), '#fff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the 13 themes are all covered, and a colour it cannot read is left alone', () => {
    expect(themes.themes).toHaveLength(13);
    expect(tomDeTexto('var(--x)')).toBe('var(--x)');
    expect(textoSobre('nada')).toBe('#ffffff');
    expect(tomDeTexto('#2196f3')).toBe('#1b7ac5');
  });
});
