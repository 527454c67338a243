import { describe, expect, it } from 'vitest';
import { winAnsiCode } from '../../../src/server/relatorios/exporters.ts';

// The PDF export writes cell text in WinAnsiEncoding (the standard fonts' encoding): Portuguese letters keep
// their Latin-1 codes, typographic signs take the 0x80–0x9F slots, and the rest cannot be drawn.
describe('report PDF text encoding', () => {
  it('keeps ASCII and Latin-1 letters', () => {
    expect(['A', 'z', '0', ' ', '~'].map(winAnsiCode)).toEqual([0x41, 0x7a, 0x30, 0x20, 0x7e]);
    expect(['ç', 'ã', 'É', 'ô', 'ü', 'º', 'ª', '°', '§'].map(winAnsiCode)).toEqual([0xe7, 0xe3, 0xc9, 0xf4, 0xfc, 0xba, 0xaa, 0xb0, 0xa7]);
  });

  it('maps the typographic signs to their WinAnsi slots', () => {
    expect(['€', '…', '“', '”', '‘', '’', '–', '—', '•', '™', 'Œ', 'š'].map(winAnsiCode)).toEqual([0x80, 0x85, 0x93, 0x94, 0x91, 0x92, 0x96, 0x97, 0x95, 0x99, 0x8c, 0x9a]);
  });

  it("draws what the standard fonts lack as '?' and control characters as a space", () => {
    expect(['ő', 'Ł', '中', '😀', '\u0085'].map(winAnsiCode)).toEqual([0x3f, 0x3f, 0x3f, 0x3f, 0x3f]);
    expect(['\n', '\t', '\u0000', '\u007f'].map(winAnsiCode)).toEqual([0x20, 0x20, 0x20, 0x20]);
  });
});
