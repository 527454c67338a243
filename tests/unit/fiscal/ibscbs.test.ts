import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aliquotasIbsCbsVigentes, IbsCbsError, tabelasIbsCbs, tributarIbsCbs, validarClassificacaoIbsCbs, type TabelasIbsCbs } from '../../../src/shared/fiscal/ibscbs.ts';
import { tributarLinha } from '../../../src/shared/fiscal/tributar-linha.ts';

// The real derived tables (schemas/lookups), as the server loads them.
const lk = (n: string) => JSON.parse(readFileSync(new URL(`../../../schemas/lookups/${n}.json`, import.meta.url), 'utf8'));
const T = tabelasIbsCbs(new Map(['cstIbsCbs', 'cClassTrib', 'aliquotaIbsCbs'].map((n) => [n, lk(n)])));
// 2027's CBS reference rate is not in the data (not published in ../shared): a table with an illustrative 8.80 %
// checks the 2027 computation by hand.
const T27: TabelasIbsCbs = { ...T, aliquotas: T.aliquotas.map((a) => (a.value === '2027-01-01' ? { ...a, pCBS: '8.80' } : a)) };
const tr = (t: TabelasIbsCbs, data: string, cst: string, cClassTrib: string, valor = '1000.00', extra: { pDif?: string; modelo?: '55' | '65' | 'NFSe' } = {}) =>
  tributarIbsCbs(t, { data, valor, classificacao: { cst, cClassTrib }, ...extra })!;
const valores = (r: ReturnType<typeof tr>) => ({ vIBSUF: r.vIBSUF, vIBSMun: r.vIBSMun, vIBS: r.vIBS, vCBS: r.vCBS });

describe('IBS/CBS of a line, 2026 (CBS 0,9 %, IBS UF 0,1 %, IBS municipal 0 %)', () => {
  it('the rates of the day come from the data', () => {
    expect(aliquotasIbsCbsVigentes(T, '2026-06-15')).toMatchObject({ pCBS: '0.90', pIBSUF: '0.10', pIBSMun: '0.00' });
    expect(aliquotasIbsCbsVigentes(T, '2025-12-31')).toBeUndefined();
    expect(tributarIbsCbs(T, { data: '2025-12-31', valor: '10.00', classificacao: { cst: '000', cClassTrib: '000001' } })).toBeUndefined();
  });
  it('regular (000/000001): 1000 × 0,1 % = 1,00 IBS UF; 1000 × 0,9 % = 9,00 CBS', () => {
    const r = tr(T, '2026-12-31', '000', '000001');
    expect(r.grupo).toBe('regular');
    expect(r.vBC).toBe('1000.00');
    expect(valores(r)).toEqual({ vIBSUF: '1.00', vIBSMun: '0.00', vIBS: '1.00', vCBS: '9.00' });
    expect(r.ibsCbs).toEqual({ CST: '000', cClassTrib: '000001', pIBSUF: '0.10', pIBSMun: '0.00', pCBS: '0.90' });
  });
  it('rounds half-up to cents: 123,45 × 0,1 % = 0,12345 → 0,12; × 0,9 % = 1,11105 → 1,11', () => {
    expect(valores(tr(T, '2026-03-01', '000', '000001', '123.45'))).toEqual({ vIBSUF: '0.12', vIBSMun: '0.00', vIBS: '0.12', vCBS: '1.11' });
  });
  it('reduced 60 % (200/200034 alimentos): effective 0,04 % and 0,36 % → 0,40 and 3,60', () => {
    const r = tr(T, '2026-03-01', '200', '200034', '1000.00', { modelo: '65' });
    expect([r.pEfetIBSUF, r.pEfetCBS, r.pRedIBS, r.pRedCBS]).toEqual(['0.0400', '0.3600', '60', '60']);
    expect(valores(r)).toEqual({ vIBSUF: '0.40', vIBSMun: '0.00', vIBS: '0.40', vCBS: '3.60' });
    expect(r.ibsCbs.reducao).toEqual({ pIBSUF: '60', pIBSMun: '60', pCBS: '60' });
    // 123,45 × 0,36 % = 0,44442 → 0,44; × 0,04 % = 0,04938 → 0,05
    expect(valores(tr(T, '2026-03-01', '200', '200034', '123.45'))).toMatchObject({ vIBSUF: '0.05', vCBS: '0.44' });
  });
  it('reduced 30 % (200/200052 profissões intelectuais, NFS-e): effective 0,07 % and 0,63 % → 0,70 and 6,30', () => {
    const r = tr(T, '2026-03-01', '200', '200052', '1000.00', { modelo: 'NFSe' });
    expect([r.pEfetIBSUF, r.pEfetCBS]).toEqual(['0.0700', '0.6300']);
    expect(valores(r)).toEqual({ vIBSUF: '0.70', vIBSMun: '0.00', vIBS: '0.70', vCBS: '6.30' });
  });
  it('deferral (510/510001): 100 % deferred by default, nothing due; 40 % deferred leaves 0,60 and 5,40', () => {
    const r = tr(T, '2026-03-01', '510', '510001');
    expect(valores(r)).toEqual({ vIBSUF: '0.00', vIBSMun: '0.00', vIBS: '0.00', vCBS: '0.00' });
    expect([r.vDifIBSUF, r.vDifCBS, r.pDif]).toEqual(['1.00', '9.00', '100']);
    const p = tr(T, '2026-03-01', '510', '510001', '1000.00', { pDif: '40' });
    expect(valores(p)).toEqual({ vIBSUF: '0.60', vIBSMun: '0.00', vIBS: '0.60', vCBS: '5.40' });
    expect([p.vDifIBSUF, p.vDifCBS]).toEqual(['0.40', '3.60']);
  });
  it('exempt / immune (400, 410): CST and cClassTrib only, no base nor values', () => {
    for (const [cst, cc] of [['410', '410001'], ['400', '400001']]) {
      const r = tr(T, '2026-03-01', cst, cc);
      expect(r.grupo).toBe('sem-grupo');
      expect(r.ibsCbs).toEqual({ CST: cst, cClassTrib: cc });
      expect({ vBC: r.vBC, ...valores(r) }).toEqual({ vBC: '0.00', vIBSUF: '0.00', vIBSMun: '0.00', vIBS: '0.00', vCBS: '0.00' });
    }
  });
});

describe('IBS/CBS of a line, 2027 (IBS 0,05 % UF + 0,05 % municipal; CBS at the reference rate)', () => {
  it('with the data as shipped the CBS rate is not published: IBS computed, CBS not, and the caller is told', () => {
    const r = tr(T, '2027-01-04', '000', '000001');
    expect(valores(r)).toEqual({ vIBSUF: '0.50', vIBSMun: '0.50', vIBS: '1.00', vCBS: '0.00' });
    expect(r.pCBS).toBeNull();
    expect(r.ibsCbs.pCBS).toBeUndefined();
    expect(r.avisos.join(' ')).toMatch(/alíquota da CBS de 2027-2028 não está publicada/);
  });
  it('regular with an 8,80 % CBS: 0,50 + 0,50 IBS and 88,00 CBS', () => {
    expect(valores(tr(T27, '2027-01-04', '000', '000001'))).toEqual({ vIBSUF: '0.50', vIBSMun: '0.50', vIBS: '1.00', vCBS: '88.00' });
  });
  it('reduced 60 %: 0,02 % + 0,02 % IBS and 3,52 % CBS → 0,20 + 0,20 and 35,20', () => {
    const r = tr(T27, '2027-06-30', '200', '200034');
    expect([r.pEfetIBSUF, r.pEfetIBSMun, r.pEfetCBS]).toEqual(['0.0200', '0.0200', '3.5200']);
    expect(valores(r)).toEqual({ vIBSUF: '0.20', vIBSMun: '0.20', vIBS: '0.40', vCBS: '35.20' });
  });
  it('reduced 30 %: 0,035 % + 0,035 % IBS and 6,16 % CBS → 0,35 + 0,35 and 61,60', () => {
    expect(valores(tr(T27, '2027-06-30', '200', '200052'))).toEqual({ vIBSUF: '0.35', vIBSMun: '0.35', vIBS: '0.70', vCBS: '61.60' });
  });
  it('deferral 100 %: nothing due, 0,50 + 0,50 and 88,00 deferred', () => {
    const r = tr(T27, '2027-06-30', '510', '510001');
    expect(valores(r)).toEqual({ vIBSUF: '0.00', vIBSMun: '0.00', vIBS: '0.00', vCBS: '0.00' });
    expect([r.vDifIBSUF, r.vDifIBSMun, r.vDifCBS]).toEqual(['0.50', '0.50', '88.00']);
  });
  it('exempt: no values', () => {
    expect(valores(tr(T27, '2027-06-30', '410', '410001'))).toEqual({ vIBSUF: '0.00', vIBSMun: '0.00', vIBS: '0.00', vCBS: '0.00' });
  });
});

describe('classification refused by the tables, in Portuguese', () => {
  it('a CST that does not prefix its cClassTrib', () => {
    expect(validarClassificacaoIbsCbs(T, { cst: '000', cClassTrib: '200034' })).toEqual([
      { campo: 'cClassTrib', mensagem: 'A classificação tributária 200034 pertence ao CST 200: o CST 000 do IBS/CBS não é o prefixo dela.' },
    ]);
    expect(() => tr(T, '2026-03-01', '000', '200034')).toThrow(IbsCbsError);
  });
  it('a cClassTrib outside its vigência, or before the table starts', () => {
    expect(validarClassificacaoIbsCbs(T, { cst: '220', cClassTrib: '220001' }, { data: '2026-03-01' })[0].mensagem).toBe('A classificação tributária 220001 deixou de valer em 01/01/2026.');
    expect(validarClassificacaoIbsCbs(T, { cst: '000', cClassTrib: '000001' }, { data: '2025-12-31' })[0].mensagem).toBe('A classificação tributária 000001 só vale a partir de 01/01/2026.');
  });
  it('a cClassTrib not allowed for the document model (NFS-e only code on an NFC-e)', () => {
    expect(validarClassificacaoIbsCbs(T, { cst: '200', cClassTrib: '200052' }, { modelo: '65' })[0].mensagem).toBe('A classificação tributária 200052 não pode ser usada na NFC-e (modelo 65).');
  });
  it('unknown codes and half a classification', () => {
    expect(validarClassificacaoIbsCbs(T, { cst: '999', cClassTrib: '999999' }).map((e) => e.mensagem)).toEqual([
      'CST 999 do IBS/CBS não existe na tabela publicada.',
      'Classificação tributária 999999 não existe na tabela cClassTrib publicada.',
    ]);
    expect(validarClassificacaoIbsCbs(T, { cst: '000', cClassTrib: null })[0].campo).toBe('cClassTrib');
    expect(validarClassificacaoIbsCbs(T, { cst: null, cClassTrib: null })).toEqual([]);
  });
});

describe('tributarLinha carries IBS/CBS next to ICMS/PIS/COFINS', () => {
  const linha = (data: string, classificacao: { cst: string; cClassTrib: string } | null, modelo?: '55' | '65') =>
    tributarLinha({
      data,
      produto: { id: 1, descricao: 'Arroz 5 kg', ncm: '10063021', origem: 0, perfilTributarioId: 7 },
      natureza: { tipo: 1, cfopEstadual: '5102', cfopInterestadual: '6102', cfopExterior: null },
      emitente: { uf: 'SP', crt: 3 },
      destinatario: { uf: 'SP', consumidorFinal: true, indIEDest: 9 },
      valor: '250.00',
      regras: {
        estaduais: [{ id: 1, perfilTributarioId: 7, ufOrigem: 'SP', ufDestino: 'SP', vigenciaInicio: '2024-01-01', cstIcms: '00', modalidadeBc: 3, aliquotaIcms: '18.00' }],
        federais: [{ id: 2, perfilTributarioId: 7, vigenciaInicio: '2024-01-01', cstPis: '01', aliquotaPis: '1.65', cstCofins: '01', aliquotaCofins: '7.60' }],
      },
      ibsCbs: { classificacao, tabelas: T, modelo },
    });
  it('2026, reduced 60 %: ICMS 45,00, PIS 4,13, COFINS 19,00 and IBS 0,10 / CBS 0,90 (250 × 0,04 % and × 0,36 %)', () => {
    const r = linha('2026-11-30', { cst: '200', cClassTrib: '200034' }, '65');
    expect(r.tributacao.icms.vICMS).toBe('45.00');
    expect([r.tributacao.pis?.vPIS, r.tributacao.cofins?.vCOFINS]).toEqual(['4.13', '19.00']);
    expect(valores(r.ibsCbs!)).toEqual({ vIBSUF: '0.10', vIBSMun: '0.00', vIBS: '0.10', vCBS: '0.90' });
    expect(r.ibsCbs!.ibsCbs).toMatchObject({ CST: '200', cClassTrib: '200034', reducao: { pIBSUF: '60' } });
  });
  it('2027: IBS 0,05 + 0,05 (reduced 60 %: 0,05 each on 250)', () => {
    expect(valores(linha('2027-01-04', { cst: '200', cClassTrib: '200034' }).ibsCbs!)).toMatchObject({ vIBSUF: '0.05', vIBSMun: '0.05', vIBS: '0.10' });
  });
  it('no classification: no IBS/CBS; a refused one names the product', () => {
    expect(linha('2026-11-30', null).ibsCbs).toBeUndefined();
    expect(() => linha('2026-11-30', { cst: '200', cClassTrib: '200052' }, '65')).toThrow('Produto (Arroz 5 kg): A classificação tributária 200052 não pode ser usada na NFC-e (modelo 65). Corrija o perfil tributário do produto.');
  });
});
