import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { calcularNfe } from '../../../src/shared/fiscal/nfe-calculo.ts';
import { gerarXmlNfe } from '../../../src/shared/fiscal/nfe-xml.ts';
import { item, nfeBase } from '../../fixtures/fiscal/documentos.ts';
import { comAssinaturaVazia, PL_010, xmllintSchema } from '../../fixtures/fiscal/ferramentas.ts';

// vItem (VB01) and vNFTot (W60) of NT 2025.002-RTC v1.51 (../shared/fiscal/nfe-docs, rules VB01-10 and W60-10):
// vItem = vProd − vDesc + vICMSST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI (…) + vIBS + vCBS + vIS, with
// "Exceção 1: Em 2025 e 2026 não somar vIBS, vCBS, vIS"; vNFTot = Σ vItem. vNF (rule 610) does not change.
// The same note dated 2026-12-31 and 2027-01-04, the same IBS/CBS group on both (the rates are fixtures: only the
// date rule differs). Hand-computed:
//   item 1: 3 × 12,50 = 37,50; IPI 10 % = 3,75; IBS UF 0,1 % × 37,50 = 0,0375 → 0,04; CBS 0,9 % = 0,3375 → 0,34
//           vItem 2026 = 37,50 + 3,75 = 41,25; 2027 = 41,25 + 0,04 + 0,34 = 41,63
//   item 2: 2 × 50,00 = 100,00 − desconto 10,00 = 90,00; IBS UF 0,09; CBS 0,81
//           vItem 2026 = 90,00; 2027 = 90,00 + 0,09 + 0,81 = 90,90
//   vNFTot 2026 = 131,25 (= vNF); 2027 = 41,63 + 90,90 = 132,53; vNF 131,25 on both.
const grupo = { CST: '000', cClassTrib: '000001', pIBSUF: '0.1', pIBSMun: '0', pCBS: '0.9' } as const;
const nota = (dataEmissao: string, reformaTributaria = true) => {
  const base = nfeBase();
  return nfeBase({
    reformaTributaria,
    ide: { ...base.ide, dataEmissao },
    itens: [
      item({ orig: 0, CST: '00', pICMS: '18' }, { ipi: { CST: '50', cEnq: '999', pIPI: '10' }, ibsCbs: { ...grupo } }),
      item({ orig: 0, CST: '00', pICMS: '18' }, { codigo: 'P002', quantidade: '2', valorUnitario: '50.00', valorDesconto: '10.00', ibsCbs: { ...grupo } }),
    ],
    pagamentos: [{ tPag: '15', valor: '132.53' }],
  });
};
const valores = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);

describe('vItem and vNFTot (NT 2025.002-RTC VB01-10, W60-10): IBS/CBS enter from 2027', () => {
  const x2026 = gerarXmlNfe(calcularNfe(nota('2026-12-31T10:00:00-03:00')));
  const x2027 = gerarXmlNfe(calcularNfe(nota('2027-01-04T10:00:00-03:00')));

  it('2026-12-31: vItem without IBS/CBS, vNFTot = vNF', () => {
    expect(valores(x2026, 'vItem')).toEqual(['41.25', '90.00']);
    expect(valores(x2026, 'vNFTot')).toEqual(['131.25']);
    expect(valores(x2026, 'vNF')).toEqual(['131.25']);
  });

  it('2027-01-04: vItem and vNFTot add the items\' IBS and CBS; vNF stays the same', () => {
    expect(valores(x2027, 'vCBS').slice(0, 2)).toEqual(['0.34', '0.81']);
    expect(valores(x2027, 'vItem')).toEqual(['41.63', '90.90']);
    expect(valores(x2027, 'vNFTot')).toEqual(['132.53']);
    expect(valores(x2027, 'vNF')).toEqual(['131.25']);
  });

  it('both notes pass xmllint against PL_010 v1.30 (vItem after infAdProd, vNFTot after IBSCBSTot)', () => {
    const r = xmllintSchema(path.join(PL_010, 'nfe_v4.00.xsd'), { a: comAssinaturaVazia(x2026), b: comAssinaturaVazia(x2027) });
    expect(r).toEqual({ a: '', b: '' });
  });

  it('a note without the reform groups carries neither field', () => {
    const x = gerarXmlNfe(calcularNfe(nota('2027-01-04T10:00:00-03:00', false)));
    expect(x).not.toContain('<vItem>');
    expect(x).not.toContain('<vNFTot>');
  });
});
