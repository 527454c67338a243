import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TABELAS, VETORES } from '../../fixtures/referencia.ts';
import { montarChave, validarChave, modulo11, partesDaChave, gerarCodigoNumerico, cnpjValido, cpfValido } from '../../../src/shared/fiscal/chave.ts';
import { CODIGO_UF } from '../../../src/shared/fiscal/ufs.ts';

const vetores = JSON.parse(readFileSync(path.join(VETORES, 'nfe-chave-vectors.json'), 'utf8')).chave_acesso.vectors as { chave: string; expected_valid: boolean }[];

describe('chave de acesso', () => {
  it.each(vetores)('vetor publicado $chave', ({ chave, expected_valid }) => {
    expect(validarChave(chave).valida).toBe(expected_valid);
    expect(String(modulo11(chave.slice(0, 43)))).toBe(chave[43]);
  });

  it('rebuilds the MOC example from its parts', () => {
    const [exemplo] = vetores;
    const p = partesDaChave(exemplo.chave);
    const chave = montarChave({ cUF: p.cUF, dataEmissao: p.aamm, documento: p.documento, modelo: p.modelo, serie: p.serie, numero: p.numero, tpEmis: p.tpEmis, cNF: p.cNF });
    expect(chave).toBe(exemplo.chave);
  });

  it('rejects every single-digit change of the vector (mod 11 catches them)', () => {
    const c = vetores[0].chave;
    for (let i = 0; i < 44; i++) {
      const outro = c.slice(0, i) + String((Number(c[i]) + 1) % 10) + c.slice(i + 1);
      expect(validarChave(outro).valida, `posição ${i}`).toBe(false);
    }
  });

  it('explains what is wrong in Portuguese', () => {
    expect(validarChave('123')).toEqual({ valida: false, motivo: expect.stringContaining('44 dígitos') });
    const c = vetores[0].chave;
    const r = validarChave(c.slice(0, 43) + ((Number(c[43]) + 1) % 10));
    expect(r.valida).toBe(false);
    if (!r.valida) expect(r.motivo).toMatch(/Dígito verificador.*calculado 5/);
  });

  it('takes AAMM from dhEmi and pads the parts', () => {
    const chave = montarChave({ cUF: 35, dataEmissao: '2025-03-10T10:00:00-03:00', documento: '11222333000181', modelo: 55, serie: 1, numero: 42, tpEmis: 1, cNF: '00001234' });
    expect(chave.slice(0, 43)).toBe('3525031122233300018155001000000042100001234');
    expect(validarChave(chave).valida).toBe(true);
  });

  it('draws cNF with 8 digits, never the invoice number', () => {
    for (let i = 0; i < 200; i++) {
      const c = gerarCodigoNumerico(i);
      expect(c).toMatch(/^\d{8}$/);
      expect(c).not.toBe(String(i).padStart(8, '0'));
    }
  });

  it('checks CNPJ and CPF digits', () => {
    expect(cnpjValido('11222333000181')).toBe(true);
    expect(cnpjValido('11222333000182')).toBe(false);
    expect(cnpjValido('11111111111111')).toBe(false);
    expect(cpfValido('52998224725')).toBe(true);
    expect(cpfValido('52998224726')).toBe(false);
  });

  it('alphanumeric CNPJ (IN RFB 2.229/2024, NT Conjunta 2025.001): the Receita Federal example 12ABC34501DE35 and the key that carries it', () => {
    // RFB/SERPRO's worked example: 12.ABC.345/01DE — values ASCII − 48 (A = 17 … E = 21), mod 11 weights 2..9 from the right: DV 3 and 5.
    expect(cnpjValido('12ABC34501DE35')).toBe(true);
    expect(cnpjValido('12ABC34501DE36')).toBe(false);
    expect(cnpjValido('12abc34501de35')).toBe(false); // the layout writes upper case ([0-9A-Z]{12}[0-9]{2})
    expect(cnpjValido('12ABC34501DEA5')).toBe(false); // the check digits are digits
    const chave = montarChave({ cUF: 35, dataEmissao: '2026-11-10T10:00:00-03:00', documento: '12ABC34501DE35', modelo: 55, serie: 1, numero: 42, tpEmis: 1, cNF: '00001234' });
    expect(chave.slice(0, 43)).toBe('352611' + '12ABC34501DE35' + '55001000000042100001234');
    expect(chave).toMatch(/^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/); // PL_010 TChNFe
    // the key's DV: the same mod 11 (weights 2..9 from the right) over ASCII − 48, worked out by hand here
    const valores = chave.slice(0, 43).split('').map((c) => c.charCodeAt(0) - 48);
    const soma = valores.reverse().reduce((a, v, i) => a + v * (2 + (i % 8)), 0);
    expect(Number(chave[43])).toBe(soma % 11 < 2 ? 0 : 11 - (soma % 11));
    expect(validarChave(chave).valida).toBe(true);
    expect(partesDaChave(chave).documento).toBe('12ABC34501DE35');
    expect(validarChave(chave.toLowerCase()).valida).toBe(false);
    const outra = chave.slice(0, 8) + 'X' + chave.slice(9);
    expect(validarChave(outra).valida).toBe(false);
  });

  it('UF codes agree with the IBGE table', () => {
    const linhas = readFileSync(path.join(TABELAS, 'estados.csv'), 'utf8').replace(/^\uFEFF/, '').trim().split('\n').slice(1);
    const tabela = Object.fromEntries(linhas.map((l) => { const [cod, uf] = l.split(','); return [uf, cod]; }));
    expect(CODIGO_UF).toEqual(tabela);
  });
});
