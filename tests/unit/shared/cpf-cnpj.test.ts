import { documentoFiscal, cnpjWithDigits, cpfWithDigits, isCep, isCnpj, isCpf, isCpfCnpj, isGtin, isNcm, isPhone, maskCep, maskCpfCnpj, maskPhone, padNcm } from '../../../src/shared/cpf-cnpj.ts';

describe('CPF', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['111.444.777-35', true],
    ['529.982.247-24', false],
    ['000.000.000-00', false],
    ['111.111.111-11', false],
    ['1234567890', false],
    ['', false],
  ])('%s -> %s', (v, ok) => expect(isCpf(v)).toBe(ok));

  it('completes check digits that the validator accepts, and one changed digit fails', () => {
    for (const base of ['123456789', '987654321', '100000001', '000000191']) {
      const cpf = cpfWithDigits(base);
      expect(isCpf(cpf)).toBe(true);
      const broken = cpf.slice(0, 10) + String((Number(cpf[10]) + 1) % 10);
      expect(isCpf(broken)).toBe(false);
    }
  });
});

describe('CNPJ', () => {
  it.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['11.222.333/0001-80', false],
    ['00.000.000/0000-00', false],
    ['12.ABC.345/01DE-35', true],
    ['12.ABC.345/01DE-36', false],
  ])('%s -> %s', (v, ok) => expect(isCnpj(v)).toBe(ok));

  it('documentoFiscal keeps the letters of an alphanumeric CNPJ (onlyDigits would lose them)', () => {
    expect(documentoFiscal('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(documentoFiscal('11.222.333/0001-81')).toBe('11222333000181');
    expect(documentoFiscal(null)).toBe('');
    expect(maskCpfCnpj(documentoFiscal('12abc34501de35'))).toBe('12.ABC.345/01DE-35');
  });

  it('cpfCnpj takes 11 or 14 digits only', () => {
    expect(isCpfCnpj('529.982.247-25')).toBe(true);
    expect(isCpfCnpj('11.222.333/0001-81')).toBe(true);
    expect(isCpfCnpj('5299822472')).toBe(false);
    expect(isCpfCnpj(cnpjWithDigits('998887770001'))).toBe(true);
  });
});

describe('other formats', () => {
  it('GTIN check digit (EAN-13, EAN-8, GTIN-14) and SEM GTIN', () => {
    expect(isGtin('7891000315507')).toBe(true);
    expect(isGtin('7891000315508')).toBe(false);
    expect(isGtin('96385074')).toBe(true);
    expect(isGtin('SEM GTIN')).toBe(true);
    expect(isGtin('789100031550')).toBe(false);
  });
  it('CEP, NCM and phone', () => {
    expect(isCep('01310-100')).toBe(true);
    expect(isCep('01310100')).toBe(true);
    expect(isCep('0131010')).toBe(false);
    expect(isNcm('22021000')).toBe(true);
    expect(isNcm('2202.10.00')).toBe(true);
    expect(isNcm('2202100')).toBe(false);
    expect(isPhone('(11) 9 8765-4321')).toBe(true);
    expect(isPhone('1133334444')).toBe(true);
    expect(isPhone('987654321')).toBe(false);
  });
  it('masks as SPEC 5.4 and SPEC 3 say', () => {
    expect(maskPhone('11987654321')).toBe('(11) 9 8765-4321');
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskCpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(maskCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(padNcm('2021000')).toBe('02021000');
    expect(padNcm(22021000)).toBe('22021000');
  });
});
