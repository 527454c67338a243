import Decimal from 'decimal.js';
import { modulo11 } from '../../shared/fiscal/chave.ts';
import { g, t, tx } from '../../shared/fiscal/xml-writer.ts';

/** Namespace of every NFS-e national-standard message (DPS, NFSe, pedRegEvento, evento). */
export const NS_NFSE = 'http://www.sped.fazenda.gov.br/nfse';
export const VERSAO_NFSE = '1.00';
/** Layout 1.01 (nfse-esquemas_xsd-v1-01-20260209): the DPS with the declarative IBSCBS group (issue 39). */
export const VERSAO_NFSE_RTC = '1.01';

/** The schema (file and package) a DPS of this version validates against. */
export function esquemaDps(versao: string): { arquivo: string; pacote: 'NFSE_V1' | 'NFSE_V101' } {
  return versao === VERSAO_NFSE_RTC ? { arquivo: 'DPS_v1.01.xsd', pacote: 'NFSE_V101' } : { arquivo: 'DPS_v1.00.xsd', pacote: 'NFSE_V1' };
}

/**
 * cIndOp of the general rule for services (tabela "código indicador de operação", Anexo VII v1.02.00): 100301 —
 * demais serviços, em operações onerosas, local do domicílio principal do adquirente (LC 214/2025 art. 11, X, a, 1).
 */
export const CINDOP_SERVICOS_GERAL = '100301';

/**
 * The declarative IBSCBS group of the DPS (layout 1.01, TCRTCInfoIBSCBS): the issuer declares the operation and the
 * classification (CST, cClassTrib); the national system computes the values.
 */
export interface IbsCbsDps {
  cst: string;
  cClassTrib: string;
  /** 6 digits, table cIndOp */
  cIndOp: string;
  /** 1 when the service is for the buyer's personal use or consumption (art. 57) */
  indFinal?: 0 | 1;
}
export const VER_APLIC = 'Retaguarda-1.0';

/** opSimpNac: 1 não optante, 2 MEI, 3 ME/EPP; regApTribSN only for ME/EPP (1 SN, 2 ISS fora do SN por excesso). */
export interface RegimeDps {
  opSimpNac: 1 | 2 | 3;
  regApTribSN?: 1 | 2 | 3;
  regEspTrib: 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

/**
 * The branch's company regime (SPEC 3.2: NENHUM 0, SIMPLES_NACIONAL 1, LUCRO_REAL 2, LUCRO_PRESUMIDO 3,
 * SIMPLES_NACIONAL_COM_EXCESSO_RECEITA 4, MEI 5) and municipal regime (NENHUM 0, MICRO_EMPRESA_MUNICIPAL 1,
 * ESTIMATIVA 2, SOCIEDADE_DE_PROFISSIONAIS 3, COOPERATIVA 4, MEI 5, MICRO_EMPRESA 6) as the DPS's regTrib.
 */
export function regimeDps(regimeTributario: number | null | undefined, regimeMunicipal: number | null | undefined): RegimeDps {
  const especial: Record<number, RegimeDps['regEspTrib']> = { 0: 0, 1: 3, 2: 2, 3: 6, 4: 1, 5: 0, 6: 3 };
  const regEspTrib = especial[Number(regimeMunicipal ?? 0)] ?? 0;
  switch (Number(regimeTributario ?? 2)) {
    case 1: return { opSimpNac: 3, regApTribSN: 1, regEspTrib };
    case 4: return { opSimpNac: 3, regApTribSN: 2, regEspTrib };
    case 5: return { opSimpNac: 2, regEspTrib };
    default: return { opSimpNac: 1, regEspTrib };
  }
}

export interface EnderecoDps {
  codigoMunicipio: string;
  cep: string;
  logradouro: string;
  numero: string;
  complemento?: string;
  bairro: string;
}

export interface DpsEntrada {
  ambiente: 1 | 2;
  /** dhEmi with the offset, e.g. 2026-11-25T21:50:29-03:00 */
  dhEmi: string;
  serie: string;
  numero: number;
  /** competência YYYY-MM-DD */
  competencia: string;
  /** IBGE code of the issuing municipality (the branch's) */
  municipioEmissor: string;
  prestador: { cnpj: string; inscricaoMunicipal?: string; telefone?: string; email?: string; regime: RegimeDps };
  tomador?: { cnpj?: string; cpf?: string; nome: string; endereco?: EnderecoDps; telefone?: string; email?: string };
  servico: { municipioPrestacao: string; codigoTributacaoNacional: string; descricao: string };
  valores: {
    servico: string;
    descontoIncondicionado?: string;
    /** ISS rate in %, e.g. "2.00" */
    aliquota?: string;
    /** 1 não retido, 2 retido pelo tomador, 3 retido pelo intermediário */
    retencao: 1 | 2 | 3;
  };
  /** When present the DPS is written in layout 1.01 with the IBSCBS group. */
  ibsCbs?: IbsCbsDps;
}

const so = (v: string | undefined | null) => String(v ?? '').replace(/\D/g, '');
const dec2 = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
/** TSDec15V2 forbids "0.00": a zero is written "0". */
const v15 = (v: Decimal.Value) => (new Decimal(v).isZero() ? '0' : dec2(v));

/** DPS Id: 'DPS' + cLocEmi(7) + tpInsc(1: 1 CPF, 2 CNPJ) + inscFed(14) + serie(5) + nDPS(15). */
export function idDps(municipioEmissor: string, documento: string, serie: string, numero: number | string): string {
  const d = so(documento);
  return `DPS${municipioEmissor}${d.length === 11 ? '1' : '2'}${d.padStart(14, '0')}${so(serie).padStart(5, '0')}${String(numero).padStart(15, '0')}`;
}

/** The amounts of the note: base, ISS, retained amount and net value, from the DPS's values. */
export function calcularValores(v: DpsEntrada['valores']): { vServ: string; vDescIncond: string; vBC: string; pAliq: string | null; vISSQN: string | null; vTotalRet: string; vLiq: string } {
  const serv = new Decimal(v.servico);
  const desc = new Decimal(v.descontoIncondicionado ?? 0);
  const bc = serv.minus(desc);
  const iss = v.aliquota !== undefined ? bc.times(v.aliquota).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : null;
  const retido = v.retencao !== 1 && iss ? iss : new Decimal(0);
  return {
    vServ: dec2(serv),
    vDescIncond: dec2(desc),
    vBC: dec2(bc),
    pAliq: v.aliquota !== undefined ? dec2(v.aliquota) : null,
    vISSQN: iss ? dec2(iss) : null,
    vTotalRet: dec2(retido),
    vLiq: dec2(bc.minus(retido)),
  };
}

function endereco(e?: EnderecoDps): string {
  if (!e) return '';
  return g('end', [g('endNac', [t('cMun', e.codigoMunicipio), t('CEP', so(e.cep))]), tx('xLgr', e.logradouro), tx('nro', e.numero), tx('xCpl', e.complemento), tx('xBairro', e.bairro)]);
}

/**
 * The DPS (Declaração de Prestação de Serviço) of layout 1.00 (1.01 when it carries the IBSCBS group), elements in the XSD's order, unsigned. One service
 * per DPS (the layout has one cServ); ISSQN is "operação tributável" (tribISSQN 1) and no estimate of the total
 * taxes is given (indTotTrib 0, allowed for every regime).
 */
export function montarDps(e: DpsEntrada): { xml: string; id: string } {
  const id = idDps(e.municipioEmissor, e.prestador.cnpj, e.serie, e.numero);
  const r = e.prestador.regime;
  const toma = e.tomador;
  const docToma = so(toma?.cnpj ?? toma?.cpf);
  const desc = e.valores.descontoIncondicionado && new Decimal(e.valores.descontoIncondicionado).gt(0) ? dec2(e.valores.descontoIncondicionado) : undefined;
  const pAliq = e.valores.aliquota !== undefined ? t('pAliq', dec2(e.valores.aliquota)) : '';
  const inf = g(
    'infDPS',
    [
      t('tpAmb', e.ambiente),
      t('dhEmi', e.dhEmi),
      t('verAplic', VER_APLIC),
      t('serie', e.serie),
      t('nDPS', e.numero),
      t('dCompet', e.competencia),
      t('tpEmit', 1),
      t('cLocEmi', e.municipioEmissor),
      g('prest', [
        t('CNPJ', so(e.prestador.cnpj)),
        tx('IM', e.prestador.inscricaoMunicipal),
        t('fone', so(e.prestador.telefone) || undefined),
        tx('email', e.prestador.email),
        g('regTrib', [t('opSimpNac', r.opSimpNac), r.opSimpNac === 3 ? t('regApTribSN', r.regApTribSN ?? 1) : '', t('regEspTrib', r.regEspTrib)]),
      ]),
      toma
        ? g('toma', [
            docToma.length === 11 ? t('CPF', docToma) : docToma.length === 14 ? t('CNPJ', docToma) : t('cNaoNIF', 2),
            tx('xNome', toma.nome),
            endereco(toma.endereco),
            t('fone', so(toma.telefone).length >= 6 ? so(toma.telefone) : undefined),
            tx('email', toma.email),
          ])
        : '',
      g('serv', [
        g('locPrest', [t('cLocPrestacao', e.servico.municipioPrestacao)]),
        g('cServ', [t('cTribNac', e.servico.codigoTributacaoNacional), tx('xDescServ', e.servico.descricao)]),
      ]),
      g('valores', [
        g('vServPrest', [t('vServ', v15(e.valores.servico))]),
        desc ? g('vDescCondIncond', [t('vDescIncond', desc)]) : '',
        g('trib', [
          // Layout 1.01 moved pAliq after tpRetISSQN.
          e.ibsCbs
            ? g('tribMun', [t('tribISSQN', 1), t('tpRetISSQN', e.valores.retencao), pAliq])
            : g('tribMun', [t('tribISSQN', 1), pAliq, t('tpRetISSQN', e.valores.retencao)]),
          g('totTrib', [t('indTotTrib', 0)]),
        ]),
      ]),
      e.ibsCbs
        ? g('IBSCBS', [
            t('finNFSe', 0),
            e.ibsCbs.indFinal !== undefined ? t('indFinal', e.ibsCbs.indFinal) : '',
            t('cIndOp', e.ibsCbs.cIndOp),
            t('indDest', 0),
            g('valores', [g('trib', [g('gIBSCBS', [t('CST', e.ibsCbs.cst), t('cClassTrib', e.ibsCbs.cClassTrib)])])]),
          ])
        : '',
    ],
    { Id: id },
  );
  return { xml: g('DPS', [inf], { xmlns: NS_NFSE, versao: e.ibsCbs ? VERSAO_NFSE_RTC : VERSAO_NFSE }), id };
}

/**
 * Chave de acesso of an NFS-e (50 digits): cLocEmi(7) + ambGer(1) + tpInsc(1) + inscFed(14) + nNFSe(13) +
 * AAMM(4) + cNum(9) + DV(1, módulo 11 like the NF-e's).
 */
export function chaveNfse(p: { municipio: string; ambGer: 1 | 2; documento: string; numero: number; aamm: string; codigo: string }): string {
  const d = so(p.documento);
  const base = `${p.municipio}${p.ambGer}${d.length === 11 ? '1' : '2'}${d.padStart(14, '0')}${String(p.numero).padStart(13, '0')}${p.aamm}${p.codigo.padStart(9, '0')}`;
  return base + modulo11(base);
}

export function chaveNfseValida(chave: string): boolean {
  return /^\d{50}$/.test(chave) && modulo11(chave.slice(0, 49)) === Number(chave[49]);
}

/** Id of the cancellation request: 'PRE' + chave(50) + tpEvento(6) + nPedRegEvento(3). */
export function idPedidoEvento(chave: string, tipo: string, sequencia = 1): string {
  return `PRE${chave}${tipo}${String(sequencia).padStart(3, '0')}`;
}

/** cMotivo of e101101: 1 erro na emissão, 2 serviço não prestado, 9 outros. */
export type MotivoCancelamento = 1 | 2 | 9;

/** The pedido de registro de evento of a cancellation (e101101), unsigned. */
export function montarPedidoCancelamento(p: { ambiente: 1 | 2; dhEvento: string; cnpjAutor: string; chave: string; motivo: MotivoCancelamento; justificativa: string }): { xml: string; id: string } {
  const id = idPedidoEvento(p.chave, '101101');
  const inf = g(
    'infPedReg',
    [
      t('tpAmb', p.ambiente),
      t('verAplic', VER_APLIC),
      t('dhEvento', p.dhEvento),
      t('CNPJAutor', so(p.cnpjAutor)),
      t('chNFSe', p.chave),
      t('nPedRegEvento', 1),
      g('e101101', [t('xDesc', 'Cancelamento de NFS-e'), t('cMotivo', p.motivo), tx('xMotivo', p.justificativa)]),
    ],
    { Id: id },
  );
  return { xml: g('pedRegEvento', [inf], { xmlns: NS_NFSE, versao: VERSAO_NFSE }), id };
}

/** Local time of Brazil with its offset, as dhEmi/dhEvento want it (no fraction of a second). */
export function dataHoraBrasil(d: Date): string {
  return new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 19) + '-03:00';
}
