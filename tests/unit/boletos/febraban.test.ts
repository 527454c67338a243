import { calcularDigito, MODULO_10, MODULO_11_GERAL } from '../../../src/server/boletos/digitos.ts';
import { BoletoInvalido } from '../../../src/server/boletos/erros.ts';
import { dataDoFator, fatorVencimento } from '../../../src/server/boletos/fator-vencimento.ts';
import { decodificarCodigo, linhaDigitavel, montarCodigoBarras } from '../../../src/server/boletos/febraban.ts';
import { valorEmCentavos } from '../../../src/server/boletos/valor.ts';
import { nomeVetor, vetores } from './vetores.ts';

describe('fator de vencimento', () => {
  it.each(vetores.fator_vencimento_vectors)('$date -> $fator', ({ date, fator }) => {
    expect(String(fatorVencimento(date)).padStart(4, '0')).toBe(fator);
    expect(dataDoFator(Number(fator), date)).toBe(date);
  });

  it('rolls over from 9999 on 2025-02-21 to 1000 on 2025-02-22', () => {
    expect(fatorVencimento('2025-02-21')).toBe(9999);
    expect(fatorVencimento('2025-02-22')).toBe(1000);
    expect(fatorVencimento('2025-02-23')).toBe(1001);
  });

  it('reads a factor as the date nearest today, inside -3000/+5999 days', () => {
    // factor 3769 is 2008-02-01 in the first cycle and 2032-09-22 in the second
    expect(dataDoFator(3769, '2026-11-22')).toBe('2032-09-22');
    expect(dataDoFator(3769, '2008-01-01')).toBe('2008-02-01');
    expect(dataDoFator(1000, '2026-11-22')).toBe('2025-02-22');
    expect(dataDoFator(9999, '2026-11-22')).toBe('2025-02-21');
    expect(dataDoFator(9999, '2045-01-01')).toBe('2049-10-13');
    expect(dataDoFator(0, '2026-11-22')).toBeNull();
  });

  it('round-trips every day from 2000 to 2060 around its own reference date', () => {
    for (let t = Date.UTC(2000, 6, 3); t < Date.UTC(2060, 0, 1); t += 86_400_000 * 7) {
      const d = new Date(t).toISOString().slice(0, 10);
      expect(dataDoFator(fatorVencimento(d), d)).toBe(d);
    }
  });

  it.each([['1997-10-06'], ['1997-10-07'], ['1990-01-01']])('refuses %s with a Portuguese message', (d) => {
    expect(() => fatorVencimento(d)).toThrow(/posterior a 07\/10\/1997/);
  });

  it.each([['2024-02-30'], ['05/03/2024'], ['']])('refuses the malformed date "%s"', (d) => {
    expect(() => fatorVencimento(d)).toThrow(BoletoInvalido);
  });
});

describe('valor', () => {
  it.each([
    ['135.00', 13500n],
    ['0.1', 10n],
    ['2952,95', 295295n],
    [1575.75, 157575n],
    [0.29, 29n],
    ['99999999.99', 9999999999n],
  ])('%s -> %s cents, exactly', (v, c) => expect(valorEmCentavos(v)).toBe(c));

  it.each([['100000000.00', /excede/], ['1.005', /duas casas/], ['-1', /negativo/], ['abc', /inválido/], [Number.NaN, /inválido/]])(
    'refuses %s',
    (v, msg) => expect(() => valorEmCentavos(v)).toThrow(msg),
  );
});

describe('check digits', () => {
  it('mod 10 of linha digitável fields (FEBRABAN example fields)', () => {
    // first field of 00190.00009 01238.798977 ...: 001900000 -> 9
    expect(calcularDigito(MODULO_10, '001900000')).toBe('9');
    expect(calcularDigito(MODULO_10, '0123879897')).toBe('7');
  });
  it('general digit never 0: results 0, 10, 11 become 1', () => {
    const zeroOu1 = Array.from({ length: 200 }, (_, i) => calcularDigito(MODULO_11_GERAL, String(i * 7919).padStart(43, '0')));
    expect(zeroOu1).not.toContain('0');
    expect(zeroOu1.every((d) => /^[1-9]$/.test(d))).toBe(true);
  });
});

describe('every shared vector decodes back to its barcode, amount and due date', () => {
  it.each(vetores.vectors.map((v) => [nomeVetor(v), v] as const))('%s', (_, v) => {
    expect(linhaDigitavel(v.barcode)).toBe(v.linha_digitavel);
    for (const entrada of [v.linha_digitavel, v.barcode, v.linha_digitavel.replace(/\D/g, '')]) {
      const d = decodificarCodigo(entrada, v.inputs.vencimento);
      expect(d.banco).toBe(v.bank);
      expect(d.codigoBarras).toBe(v.barcode);
      expect(d.linhaDigitavel).toBe(v.linha_digitavel);
      expect(d.valor).toBe(Number(v.inputs.valor).toFixed(2));
      expect(d.vencimento).toBe(v.inputs.vencimento);
      // the campo livre is optional in the vectors: without it, it is still the barcode's 20-44 (the line's fields rearranged)
      expect(d.campoLivre).toBe(v.campo_livre ?? v.barcode.slice(19));
      if (v.campo_livre) expect(v.barcode.slice(19)).toBe(v.campo_livre);
    }
  });
});

describe('decodificarCodigo refuses what does not add up, saying which digit', () => {
  const linha = vetores.vectors[0].linha_digitavel.replace(/\D/g, '');
  const trocar = (s: string, i: number) => s.slice(0, i) + String((Number(s[i]) + 1) % 10) + s.slice(i + 1);

  it.each([
    [2, /campo 1/],
    [12, /campo 2/],
    [25, /campo 3/],
    [9, /campo 1/],
    [20, /campo 2/],
    [31, /campo 3/],
    [32, /geral/],
    [40, /geral/],
  ])('digit %i changed -> %s', (i, msg) => {
    expect(() => decodificarCodigo(trocar(linha, i))).toThrow(msg);
  });

  it('a barcode with a wrong general digit', () => {
    const cb = vetores.vectors[0].barcode;
    expect(() => decodificarCodigo(trocar(cb, 4))).toThrow(/Dígito verificador geral/);
    expect(() => decodificarCodigo(trocar(cb, 30))).toThrow(/Dígito verificador geral/);
  });

  it.each([
    ['123', /47 dígitos/],
    ['', /Informe/],
    ['00190.00009 01238.798977 77700.168188 3 3769000001350A', /apenas números/],
    ['8'.repeat(48), /arrecadação/],
  ])('"%s"', (c, msg) => expect(() => decodificarCodigo(c)).toThrow(msg));

  it('builds the general digit into position 5', () => {
    const cb = montarCodigoBarras({ banco: '001', fator: 3769, centavos: 13500n, campoLivre: '0000001238798977770016818' });
    expect(cb).toBe(vetores.vectors[0].barcode);
  });
});
