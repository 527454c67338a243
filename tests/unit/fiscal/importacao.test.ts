import { describe, expect, it } from 'vitest';
import { calcularImportacao } from '../../../src/shared/fiscal/importacao.ts';
import { calcularNfe } from '../../../src/shared/fiscal/nfe-calculo.ts';
import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';

// Own import: every expected amount is computed by hand in the comment beside it, not by the function under test.
describe('calcularImportacao: ICMS "por dentro" over VA + II + IPI + PIS + COFINS + despesas + IOF', () => {
  const casos: [string, Parameters<typeof calcularImportacao>[0], Record<string, string>][] = [
    [
      // II 160; IPI 10% × 1160 = 116; PIS 2,1% × 1000 = 21; COFINS 9,65% = 96,50; 1000+160+116+21+96,5+200+5 = 1598,50 / 0,82 = 1949,39; ICMS 350,89
      'VA 1.000, II 16%, IPI 10%, PIS/COFINS-importação, despesas 200, IOF 5, ICMS 18%',
      { valorAduaneiro: '1000', vII: '160', vDespAdu: '200', vIOF: '5', pIPI: '10', pPIS: '2.10', pCOFINS: '9.65', pICMS: '18' },
      { vBCIPI: '1160.00', vIPI: '116.00', vPIS: '21.00', vCOFINS: '96.50', vBC: '1949.39', vICMS: '350.89', vOutro: '673.39', total: '1949.39' },
    ],
    [
      // no IPI: 500 + 50 + 10,50 + 48,25 = 608,75 / 0,88 = 691,7613 → 691,76; ICMS 12% = 83,01
      'no IPI, ICMS 12%',
      { valorAduaneiro: '500', vII: '50', pPIS: '2.10', pCOFINS: '9.65', pICMS: '12' },
      { vIPI: '0.00', vPIS: '10.50', vCOFINS: '48.25', vBC: '691.76', vICMS: '83.01', vOutro: '141.76', total: '691.76' },
    ],
    [
      // FCP 2% in the divisor: 1000 / 0,80 = 1250; ICMS 18% = 225; FCP 2% = 25
      'FCP in the divisor too',
      { valorAduaneiro: '1000', pICMS: '18', pFCP: '2' },
      { vBC: '1250.00', vICMS: '225.00', vFCP: '25.00', vOutro: '250.00', total: '1250.00' },
    ],
    [
      // reduction of 33,33%: 1000 / 0,82 = 1219,5122 × 0,6667 = 813,05; 18% = 146,35
      'reduced base',
      { valorAduaneiro: '1000', pICMS: '18', pRedBC: '33.33' },
      { vBC: '813.05', vICMS: '146.35' },
    ],
    [
      // ICMS exempt/suspended: no base; vOutro only PIS + COFINS + despesas
      'no own ICMS (exempt or deferred)',
      { valorAduaneiro: '1000', vII: '100', vDespAdu: '154.23', pPIS: '2.10', pCOFINS: '9.65' },
      { vBC: '0.00', vICMS: '0.00', vOutro: '271.73', total: '1371.73' },
    ],
  ];
  it.each(casos)('%s', (_n, e, esperado) => {
    const r = calcularImportacao(e) as unknown as Record<string, { toFixed(n: number): string }>;
    for (const [k, v] of Object.entries(esperado)) expect(`${k}=${r[k].toFixed(2)}`).toBe(`${k}=${v}`);
  });

  it('negative values and a rate of 100% are refused in Portuguese', () => {
    expect(() => calcularImportacao({ valorAduaneiro: '10', vII: '-1' })).toThrow('O valor de II não pode ser negativo.');
    expect(() => calcularImportacao({ valorAduaneiro: '10', pICMS: '100' })).toThrow(/menor que 100%/);
  });

  it('the engine takes the import bases for an item with the II group; vOutro stays out of them; vNF = landed cost', () => {
    const doc: NfeDocumento = {
      modelo: 55,
      ambiente: 2,
      ide: { serie: 1, numero: 1, naturezaOperacao: 'Importação', dataEmissao: '2026-11-26T10:00:00-03:00', tipoOperacao: 0, codigoMunicipioFatoGerador: '3550308' },
      emitente: { cnpj: '11222333000181', razaoSocial: 'EMPRESA', endereco: { logradouro: 'Rua A', numero: '1', bairro: 'Centro', codigoMunicipio: '3550308', municipio: 'São Paulo', uf: 'SP' }, ie: '110042490114', crt: 3 },
      destinatario: { idEstrangeiro: 'ABCDE', nome: 'Fornecedor', endereco: { logradouro: 'Street', numero: '1', bairro: 'Downtown', codigoMunicipio: '9999999', municipio: 'EXTERIOR', uf: 'EX', codigoPais: '2496', pais: 'ESTADOS UNIDOS' }, indicadorIE: 9 },
      itens: [{
        codigo: 'X', descricao: 'Item', ncm: '84713012', cfop: '3102', unidade: 'UN', quantidade: '10', valorUnitario: '100', valorOutros: '673.39',
        declaracoesImportacao: [{ numero: '1', data: '2026-11-20', localDesembaraco: 'Santos', ufDesembaraco: 'SP', dataDesembaraco: '2026-11-21', viaTransporte: 4, intermediacao: 1, codigoExportador: 'E', adicoes: [{ numero: '1', sequencial: '1', codigoFabricante: 'F' }] }],
        impostoImportacao: { vBC: '1000.00', vDespAdu: '200.00', vII: '160.00', vIOF: '5.00' },
        icms: { orig: 1, CST: '00', pICMS: '18' }, ipi: { CST: '00', cEnq: '999', pIPI: '10' }, pis: { CST: '50', aliquota: '2.10' }, cofins: { CST: '50', aliquota: '9.65' },
      }],
      pagamentos: [{ tPag: '90', valor: '0.00' }],
    } as NfeDocumento;
    const c = calcularNfe(doc);
    expect(c.idDest).toBe(3);
    const i = c.itens[0];
    expect([i.vBCIPI, i.vIPI, i.vBCPIS, i.vPIS, i.vCOFINS, i.vBC, i.vICMS].map((v) => v.toFixed(2))).toEqual(['1160.00', '116.00', '1000.00', '21.00', '96.50', '1949.39', '350.89']);
    expect([c.totais.vII, c.totais.vIPI, c.totais.vOutro, c.totais.vNF].map((v) => v.toFixed(2))).toEqual(['160.00', '116.00', '673.39', '1949.39']);

    // The same import with the IBS/CBS groups (issue 39): the base is VA 1.000 + II 160 + despesas 200 + IOF 5 = 1.365,00
    // (LC 214/2025 art. 65; UB16-10: vProd 1.000 + vOutro 673,39 + vII 160 − vPIS 21 − vCOFINS 96,50 − vICMS 350,89 =
    // 1.365,00) — not the ICMS "por dentro" nor PIS/COFINS nor IPI. 2026: CBS 0,9 % = 12,285 → 12,29; IBS UF 0,1 % = 1,365 → 1,37.
    const reforma = calcularNfe({ ...doc, reformaTributaria: true, itens: [{ ...doc.itens[0], ibsCbs: { CST: '000', cClassTrib: '000001', pIBSUF: '0.1', pIBSMun: '0', pCBS: '0.9' } }] } as NfeDocumento);
    const r = reforma.itens[0].ibs!;
    expect([r.vBC, r.uf.valor, r.mun.valor, r.cbs.valor].map((v) => v.toFixed(2))).toEqual(['1365.00', '1.37', '0.00', '12.29']);
    expect(reforma.totais.vBCIBSCBS.toFixed(2)).toBe('1365.00');
    expect(reforma.totais.vNF.toFixed(2)).toBe('1949.39'); // 2026: IBS/CBS outside vNF
  });
});
