import { digitoGtin, gtinValido, ean13, lerEntrada, lerCodigoBalanca, montarCodigoBalanca } from '../../../src/web/pages/pdv/codigo-barras.ts';

describe('EAN-13 / GTIN check digit', () => {
  it('computes and checks real codes', () => {
    expect(digitoGtin('789100031550')).toBe(7); // 7891000315507 (a real Brazilian GTIN)
    expect(gtinValido('7891000315507')).toBe(true);
    expect(gtinValido('7891000315508')).toBe(false);
    expect(gtinValido('96385074')).toBe(true); // EAN-8
    expect(gtinValido('789100031550')).toBe(false); // 12 digits with a wrong check digit
    expect(gtinValido('78910003155x7')).toBe(false);
    expect(ean13('400638133393')).toBe('4006381333931');
  });
});

describe('quantity multiplier', () => {
  it('reads `5*` and `1,5*` before the code, or alone', () => {
    expect(lerEntrada('5*7891000315507')).toEqual({ multiplicador: '5', codigo: '7891000315507' });
    expect(lerEntrada(' 1,5 * 123 ')).toEqual({ multiplicador: '1.5', codigo: '123' });
    expect(lerEntrada('3x42')).toEqual({ multiplicador: '3', codigo: '42' });
    expect(lerEntrada('5*')).toEqual({ multiplicador: '5', codigo: '' });
    expect(lerEntrada('7891000315507')).toEqual({ multiplicador: null, codigo: '7891000315507' });
    expect(lerEntrada('ABC-1')).toEqual({ multiplicador: null, codigo: 'ABC-1' });
  });
});

describe('scale barcodes (prefix 2)', () => {
  it('price embedded: 2 CCCCC VVVVVV D, value in cents', () => {
    const c = ean13('200123001599'); // product 123, R$ 15,99
    expect(lerCodigoBalanca(c, { tipo: 'preco' })).toEqual({ codigoProduto: '123', preco: '15.99' });
    expect(montarCodigoBalanca('123', '15.99', { tipo: 'preco' })).toBe(c);
  });
  it('weight embedded: grams to kg with 3 places; other code lengths', () => {
    const c = montarCodigoBalanca('45', '0.755', { tipo: 'peso' });
    expect(c).toMatch(/^2000450007550\d$|^200045000755\d$/);
    expect(lerCodigoBalanca(c, { tipo: 'peso' })).toEqual({ codigoProduto: '45', peso: '0.755' });
    const c4 = montarCodigoBalanca('7', '1.250', { tipo: 'peso', digitosCodigo: 4 });
    expect(c4.length).toBe(13);
    expect(lerCodigoBalanca(c4, { tipo: 'peso', digitosCodigo: 4 })).toEqual({ codigoProduto: '7', peso: '1.250' });
  });
  it('is not a scale code: another prefix, wrong check digit, no options', () => {
    expect(lerCodigoBalanca('7891000315507', { tipo: 'preco' })).toBeNull();
    const c = ean13('200123001599');
    expect(lerCodigoBalanca(`${c.slice(0, 12)}${(Number(c[12]) + 1) % 10}`, { tipo: 'preco' })).toBeNull();
    expect(lerCodigoBalanca(c, null)).toBeNull();
    expect(lerCodigoBalanca(montarCodigoBalanca('1', '2.00', { tipo: 'preco', prefixo: '2' }), { tipo: 'preco', prefixo: '29' })).toBeNull();
  });
});
