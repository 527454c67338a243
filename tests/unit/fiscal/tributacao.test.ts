import { describe, expect, it } from 'vitest';
import {
  aliquotaInterestadual,
  calcularTributacao,
  observacoesAplicaveis,
  regraVigente,
  TributacaoError,
  type EntradaTributacao,
  type TributacaoEstadualRegra,
  type TributacaoFederalRegra,
} from '../../../src/shared/fiscal/tributacao.ts';

// Every expected amount below is computed by hand (comment beside it), not by the function under test.

const NATUREZA = { cfopMesmaUf: '5102', cfopOutraUf: '6102', cfopExterior: '7102' };
let nextId = 1;
const est = (r: Partial<TributacaoEstadualRegra>): TributacaoEstadualRegra => ({ id: nextId++, perfilTributarioId: 1, ufOrigem: 'SP', ufDestino: 'SP', vigenciaInicio: '2020-01-01', ...r });
const fed = (r: Partial<TributacaoFederalRegra>): TributacaoFederalRegra => ({ id: nextId++, perfilTributarioId: 1, vigenciaInicio: '2020-01-01', cstPis: '49', cstCofins: '49', ...r });

function entrada(over: Partial<EntradaTributacao> & { estaduais: TributacaoEstadualRegra[]; federais?: TributacaoFederalRegra[] }): EntradaTributacao {
  const { estaduais, federais, ...rest } = over;
  return {
    data: '2026-06-15',
    emitente: { uf: 'SP', crt: 1 },
    destinatario: { uf: 'SP', indIEDest: 1, consumidorFinal: false },
    natureza: NATUREZA,
    produto: { ncm: '22021000', cest: null, origem: 0, perfilTributarioId: 1 },
    valor: '100.00',
    regras: { estaduais, federais: federais ?? [fed({})] },
    ...rest,
  };
}

describe('Simples Nacional (CSOSN)', () => {
  it('102: no ICMS amounts, CFOP of the natureza for the same UF', () => {
    const t = calcularTributacao(entrada({ estaduais: [est({ csosn: '102', cstIcms: '00', aliquotaIcms: '18' })] }));
    expect(t.cfop).toBe('5102');
    expect(t.idDest).toBe(1);
    expect(t.icms).toMatchObject({ orig: 0, CSOSN: '102', vBC: '0.00', vICMS: '0.00', vICMSST: '0.00' });
    expect(t.icms.CST).toBeUndefined();
    expect(t.pis).toEqual({ CST: '49', vBC: '0.00', vPIS: '0.00' });
  });

  it('500 (bebidas com ST já recolhido): the rule\'s CFOP 5405 replaces the natureza\'s', () => {
    const t = calcularTributacao(entrada({ estaduais: [est({ csosn: '500', cfop: '5405' })] }));
    expect(t.cfop).toBe('5405');
    expect(t.icms).toMatchObject({ CSOSN: '500', vBC: '0.00', vICMS: '0.00', vBCST: '0.00' });
  });

  it('101: credit of 1,25% over R$ 200,00 = R$ 2,50', () => {
    const t = calcularTributacao(entrada({ valor: '200.00', estaduais: [est({ csosn: '101', aliquotaCreditoSn: '1.25' })] }));
    expect(t.icms).toMatchObject({ CSOSN: '101', pCredSN: '1.25', vCredICMSSN: '2.50' });
  });

  it('201: ST over MVA 40% = 140,00 × 18% = 25,20 less own 18% of 100,00 = 7,20', () => {
    const t = calcularTributacao(entrada({ estaduais: [est({ csosn: '201', aliquotaCreditoSn: '1.25', aliquotaIcms: '18', mvaSt: '40', aliquotaIcmsSt: '18' })] }));
    expect(t.icms).toMatchObject({ CSOSN: '201', modBCST: 4, pMVAST: '40.00', pICMSST: '18.00', vBCST: '140.00', vICMSST: '7.20', vCredICMSSN: '1.25', pICMS: '18.00', vICMS: '0.00' });
  });

  it('a Simples issuer needs the CSOSN: a row with only a CST is refused', () => {
    expect(() => calcularTributacao(entrada({ estaduais: [est({ cstIcms: '00', aliquotaIcms: '18' })] }))).toThrow(/não tem CSOSN/);
  });
});

describe('Regime Normal (CST)', () => {
  const normal = { emitente: { uf: 'SP', crt: 3 as const } };

  it('00: 18% over R$ 250,00 = R$ 45,00, FCP 2% = R$ 5,00', () => {
    const t = calcularTributacao(entrada({ ...normal, valor: '250.00', estaduais: [est({ cstIcms: '00', aliquotaIcms: '18', aliquotaFcp: '2' })] }));
    expect(t.icms).toMatchObject({ CST: '00', modBC: 3, pICMS: '18.00', vBC: '250.00', vICMS: '45.00', pFCP: '2.00', vBCFCP: '250.00', vFCP: '5.00' });
    expect(t.icms.CSOSN).toBeUndefined();
  });

  it('20: base reduced by 33,33% → 66,67 × 18% = 12,0006 → R$ 12,00', () => {
    const t = calcularTributacao(entrada({ ...normal, estaduais: [est({ cstIcms: '20', aliquotaIcms: '18', reducaoBase: '33.33' })] }));
    expect(t.icms).toMatchObject({ CST: '20', pRedBC: '33.33', vBC: '66.67', vICMS: '12.00' });
  });

  it('20 without the reduction is refused', () => {
    expect(() => calcularTributacao(entrada({ ...normal, estaduais: [est({ cstIcms: '20', aliquotaIcms: '18' })] }))).toThrow(/redução da base/);
  });

  it('10 with ST and IPI: IPI 10% of 1.000 = 100; ICMS 18% of 1.000 = 180; ST base (1.000 + 100) × 1,40 = 1.540, 18% = 277,20 − 180 = 97,20; PIS 1,65% = 16,50; COFINS 7,6% = 76,00', () => {
    const t = calcularTributacao(
      entrada({
        ...normal,
        valor: '1000.00',
        estaduais: [est({ cstIcms: '10', aliquotaIcms: '18', mvaSt: '40', aliquotaIcmsSt: '18', modalidadeBcSt: 4 })],
        federais: [fed({ cstIpi: '50', aliquotaIpi: '10', enquadramentoIpi: '999', cstPis: '01', aliquotaPis: '1.65', cstCofins: '01', aliquotaCofins: '7.6' })],
      }),
    );
    expect(t.ipi).toEqual({ CST: '50', cEnq: '999', pIPI: '10.00', vBC: '1000.00', vIPI: '100.00' });
    expect(t.icms).toMatchObject({ CST: '10', vBC: '1000.00', vICMS: '180.00', vBCST: '1540.00', pICMSST: '18.00', vICMSST: '97.20' });
    expect(t.pis).toEqual({ CST: '01', aliquota: '1.65', vBC: '1000.00', vPIS: '16.50' });
    expect(t.cofins).toEqual({ CST: '01', aliquota: '7.60', vBC: '1000.00', vCOFINS: '76.00' });
  });

  it('00 to a final consumer: the IPI (10% of 500 = 50) enters the ICMS base: 550 × 18% = 99,00', () => {
    const t = calcularTributacao(
      entrada({ ...normal, valor: '500.00', destinatario: { uf: 'SP', indIEDest: 9, consumidorFinal: true }, estaduais: [est({ cstIcms: '00', aliquotaIcms: '18' })], federais: [fed({ cstIpi: '50', aliquotaIpi: '10' })] }),
    );
    expect(t.icms).toMatchObject({ vBC: '550.00', vICMS: '99.00' });
    expect(t.difal).toBeNull();
  });

  it('10 without the ST rate is refused', () => {
    expect(() => calcularTributacao(entrada({ ...normal, estaduais: [est({ cstIcms: '10', aliquotaIcms: '18' })] }))).toThrow(/ICMS-ST/);
  });
});

describe('interstate operations', () => {
  const normal = { emitente: { uf: 'SP', crt: 3 as const } };
  const paraRJ = { destinatario: { uf: 'RJ', indIEDest: 1 as const, consumidorFinal: false } };

  it('SP → RJ at 12%: CFOP for another UF, R$ 12,00', () => {
    const t = calcularTributacao(entrada({ ...normal, ...paraRJ, estaduais: [est({ ufDestino: 'RJ', cstIcms: '00', aliquotaIcms: '12' })] }));
    expect(t).toMatchObject({ cfop: '6102', idDest: 2 });
    expect(t.icms).toMatchObject({ pICMS: '12.00', vICMS: '12.00' });
  });

  it('imported goods (origem 1) pay 4% between UFs whatever the row says: R$ 4,00', () => {
    const t = calcularTributacao(entrada({ ...normal, ...paraRJ, produto: { origem: 1, perfilTributarioId: 1 }, estaduais: [est({ ufDestino: 'RJ', cstIcms: '00', aliquotaIcms: '12' })] }));
    expect(t.icms).toMatchObject({ orig: 1, pICMS: '4.00', vICMS: '4.00' });
  });

  it('a row without rate takes the Senate resolution: SP → BA 7%, BA → SP 12%, imported 4%', () => {
    expect(aliquotaInterestadual('SP', 'BA', 0)).toBe('7.00');
    expect(aliquotaInterestadual('SP', 'ES', 0)).toBe('7.00');
    expect(aliquotaInterestadual('SP', 'RJ', 0)).toBe('12.00');
    expect(aliquotaInterestadual('BA', 'SP', 0)).toBe('12.00');
    expect(aliquotaInterestadual('BA', 'SP', 8)).toBe('4.00');
    const t = calcularTributacao(entrada({ ...normal, destinatario: { uf: 'BA', indIEDest: 1, consumidorFinal: false }, estaduais: [est({ ufDestino: 'BA', cstIcms: '00' })] }));
    expect(t.icms).toMatchObject({ pICMS: '7.00', vICMS: '7.00' });
  });

  it('abroad: CFOP for exports, no DIFAL', () => {
    const t = calcularTributacao(entrada({ ...normal, destinatario: { uf: 'EX', indIEDest: 9, consumidorFinal: true }, estaduais: [est({ ufDestino: 'EX', cstIcms: '41' })] }));
    expect(t).toMatchObject({ cfop: '7102', idDest: 3, difal: null });
  });

  it('no rule for the UF pair: Portuguese message naming the pair and the date', () => {
    expect(() => calcularTributacao(entrada({ ...normal, ...paraRJ, estaduais: [est({ cstIcms: '00', aliquotaIcms: '18' })] }))).toThrow('Nenhuma tributação estadual do perfil tributário para operações de SP para RJ vigente em 15/06/2026');
  });
});

describe('DIFAL (EC 87/2015) to a consumer in another UF', () => {
  const consumidorBA = { emitente: { uf: 'SP', crt: 3 as const }, destinatario: { uf: 'BA', indIEDest: 9 as const, consumidorFinal: true }, valor: '1000.00' };

  it('SP → BA 7%, BA 20,5% + FCP 2%: ICMSUFDest 1.000 × 13,5% = 135,00, FCP 20,00', () => {
    const t = calcularTributacao(entrada({ ...consumidorBA, estaduais: [est({ ufDestino: 'BA', cstIcms: '00', aliquotaIcms: '7', aliquotaIcmsUfDestino: '20.5', aliquotaFcpUfDestino: '2' })] }));
    expect(t.icms).toMatchObject({ vBC: '1000.00', vICMS: '70.00' });
    expect(t.difal).toEqual({ pICMSInter: '7.00', pICMSUFDest: '20.50', pFCPUFDest: '2.00', vBCUFDest: '1000.00', vICMSUFDest: '135.00', vFCPUFDest: '20.00' });
  });

  it('imported goods: 4% interstate, difference 16,5% = 165,00', () => {
    const t = calcularTributacao(entrada({ ...consumidorBA, produto: { origem: 2, perfilTributarioId: 1 }, estaduais: [est({ ufDestino: 'BA', cstIcms: '00', aliquotaIcms: '7', aliquotaIcmsUfDestino: '20.5' })] }));
    expect(t.difal).toMatchObject({ pICMSInter: '4.00', vICMSUFDest: '165.00', vFCPUFDest: '0.00' });
  });

  it('Simples issuer (CSOSN 102, no own rate): the interstate rate of the pair, 1.000 × (20,5 − 7)% = 135,00', () => {
    const t = calcularTributacao(entrada({ ...consumidorBA, emitente: { uf: 'SP', crt: 1 }, estaduais: [est({ ufDestino: 'BA', csosn: '102', aliquotaIcmsUfDestino: '20.5' })] }));
    expect(t.difal).toMatchObject({ pICMSInter: '7.00', vICMSUFDest: '135.00' });
  });

  it('a contributor in the other UF has no DIFAL', () => {
    const t = calcularTributacao(entrada({ ...consumidorBA, destinatario: { uf: 'BA', indIEDest: 1, consumidorFinal: true }, estaduais: [est({ ufDestino: 'BA', cstIcms: '00', aliquotaIcms: '7' })] }));
    expect(t.difal).toBeNull();
  });

  it('without the destination\'s internal rate the rule is refused', () => {
    expect(() => calcularTributacao(entrada({ ...consumidorBA, estaduais: [est({ ufDestino: 'BA', cstIcms: '00', aliquotaIcms: '7' })] }))).toThrow(TributacaoError);
  });
});

describe('rule versions (vigência)', () => {
  // A change of law: SP's internal rate went from 18% to 20% on 01/04/2025 (a new row, the old one kept).
  const antiga = est({ id: 500, cstIcms: '00', aliquotaIcms: '18', vigenciaInicio: '2024-01-01' });
  const nova = est({ id: 501, cstIcms: '00', aliquotaIcms: '20', vigenciaInicio: '2025-04-01' });
  const normal = { emitente: { uf: 'SP', crt: 3 as const } };

  it('the day before the change uses the old row, the day of the change the new one', () => {
    const antes = calcularTributacao(entrada({ ...normal, data: '2025-03-31', estaduais: [nova, antiga] }));
    expect(antes.icms.vICMS).toBe('18.00');
    expect(antes.regra.estadual).toEqual({ id: 500, vigenciaInicio: '2024-01-01' });
    const depois = calcularTributacao(entrada({ ...normal, data: '2025-04-01', estaduais: [antiga, nova] }));
    expect(depois.icms.vICMS).toBe('20.00');
    expect(depois.regra.estadual).toEqual({ id: 501, vigenciaInicio: '2025-04-01' });
  });

  it('before the first version there is no rule', () => {
    expect(() => calcularTributacao(entrada({ ...normal, data: '2023-12-31', estaduais: [antiga, nova] }))).toThrow(/vigente em 31\/12\/2023/);
  });

  it('federal rows switch the same way; without one the line still gets its ICMS and a warning', () => {
    const f1 = fed({ id: 600, cstPis: '01', aliquotaPis: '0.65', cstCofins: '01', aliquotaCofins: '3', vigenciaInicio: '2024-01-01' });
    const f2 = fed({ id: 601, cstPis: '01', aliquotaPis: '1.65', cstCofins: '01', aliquotaCofins: '7.6', vigenciaInicio: '2026-01-01' });
    expect(regraVigente([f1, f2], '2025-12-31')?.id).toBe(600);
    expect(regraVigente([f1, f2], '2026-01-01')?.id).toBe(601);
    const t = calcularTributacao(entrada({ ...normal, estaduais: [nova], federais: [] }));
    expect(t.pis).toBeNull();
    expect(t.avisos[0]).toMatch(/Nenhuma tributação federal/);
  });

  it('another perfil\'s rows are not used', () => {
    expect(() => calcularTributacao(entrada({ ...normal, produto: { origem: 0, perfilTributarioId: 2 }, estaduais: [antiga] }))).toThrow(TributacaoError);
  });
});

describe('observações da nota', () => {
  it('keeps the active ones whose UF and perfil conditions hold, split into infAdFis and infCpl', () => {
    const obs = [
      { id: 1, descricao: 'Simples', texto: 'Documento emitido por ME ou EPP optante pelo Simples Nacional.', fisco: false, ativo: true },
      { id: 2, descricao: 'ST', texto: 'ICMS recolhido por substituição tributária.', fisco: true, perfilTributarioId: 7, ativo: true },
      { id: 3, descricao: 'RJ', texto: 'Operação para o RJ.', fisco: false, ufDestino: 'RJ', ativo: true },
      { id: 4, descricao: 'Antiga', texto: 'Inativa.', fisco: false, ativo: false },
    ];
    expect(observacoesAplicaveis(obs, { ufDestino: 'SP', perfis: [7] })).toEqual({ infAdFis: ['ICMS recolhido por substituição tributária.'], infCpl: ['Documento emitido por ME ou EPP optante pelo Simples Nacional.'] });
    expect(observacoesAplicaveis(obs, { ufDestino: 'rj', perfis: [1] })).toEqual({ infAdFis: [], infCpl: ['Documento emitido por ME ou EPP optante pelo Simples Nacional.', 'Operação para o RJ.'] });
  });
});

describe('returns (devolução) of goods under ST: CFOP 5411/6411 and 1411/2411', () => {
  const DEV_COMPRA = { cfopMesmaUf: '5202', cfopOutraUf: '6202', cfopExterior: null };
  const DEV_VENDA = { cfopMesmaUf: '1202', cfopOutraUf: '2202', cfopExterior: null };
  const revenda = est({ csosn: '102', ufDestino: 'SP' });
  const revendaRj = est({ csosn: '102', ufDestino: 'RJ' });
  const bebidas = (uf: string) => est({ perfilTributarioId: 2, csosn: '500', cfop: '5405', ufDestino: uf });
  const casos: [string, Partial<EntradaTributacao>, TributacaoEstadualRegra[], string][] = [
    // [case, input, rules, expected CFOP]
    ['purchase return in SP, goods without ST', { natureza: DEV_COMPRA }, [revenda], '5202'],
    ['purchase return in SP, the entry had ICMS-ST', { natureza: DEV_COMPRA, itemComSt: true }, [revenda], '5411'],
    ['purchase return to RJ, the entry had ICMS-ST', { natureza: DEV_COMPRA, itemComSt: true, destinatario: { uf: 'RJ', indIEDest: 1, consumidorFinal: false } }, [revendaRj], '6411'],
    ['purchase return of a perfil under ST (CSOSN 500): 5411, not the rule\'s sale CFOP 5405', { natureza: DEV_COMPRA, produto: { origem: 0, perfilTributarioId: 2 } }, [bebidas('SP')], '5411'],
    ['the same to RJ: 6411', { natureza: DEV_COMPRA, produto: { origem: 0, perfilTributarioId: 2 }, destinatario: { uf: 'RJ', indIEDest: 1, consumidorFinal: false } }, [bebidas('RJ')], '6411'],
    ['a perfil under ST but the caller says the returned goods had none', { natureza: DEV_COMPRA, itemComSt: false, produto: { origem: 0, perfilTributarioId: 2 } }, [bebidas('SP')], '5202'],
    ['a natureza already on 5411/6411, goods without ST: back to 5202', { natureza: { cfopMesmaUf: '5411', cfopOutraUf: '6411' }, itemComSt: false }, [revenda], '5202'],
    ['return for industrialisation with ST: 5201 → 5410', { natureza: { cfopMesmaUf: '5201', cfopOutraUf: '6201' }, itemComSt: true }, [revenda], '5410'],
    ['sales return (entry) with ST in SP: 1411', { natureza: DEV_VENDA, itemComSt: true }, [revenda], '1411'],
    ['sales return with ST from RJ: 2411', { natureza: DEV_VENDA, itemComSt: true, destinatario: { uf: 'RJ', indIEDest: 1, consumidorFinal: false } }, [revendaRj], '2411'],
    ['sales return of own production with ST: 1201 → 1410', { natureza: { cfopMesmaUf: '1201', cfopOutraUf: '2201' }, itemComSt: true }, [revenda], '1410'],
    ['sales return without ST keeps 1202', { natureza: DEV_VENDA }, [revenda], '1202'],
    ['a sale of goods under ST is not a return: the rule\'s 5405 stays', { produto: { origem: 0, perfilTributarioId: 2 } }, [bebidas('SP')], '5405'],
  ];
  it.each(casos)('%s', (_nome, over, estaduais, cfop) => {
    const t = calcularTributacao(entrada({ ...over, estaduais, federais: [fed({}), fed({ perfilTributarioId: 2 })] }));
    expect(t.cfop).toBe(cfop);
  });
});
