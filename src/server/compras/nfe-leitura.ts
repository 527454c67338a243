import Decimal from 'decimal.js';
import cfopEntradaDados from './cfop-entrada.json' with { type: 'json' };
import { formatBRL } from '../../shared/money.ts';
import { leitorNfe } from '../xml-leitor.ts';

/** One line (det) of a supplier's NF-e, as purchasing needs it; money as decimal strings. */
export interface ItemNota {
  linha: number;
  codigo: string;
  gtin: string | null;
  /** cEANTrib, when it differs from cEAN (the GTIN of the unit the tax is counted in) */
  gtinTributavel: string | null;
  descricao: string;
  ncm: string | null;
  cest: string | null;
  cfop: string;
  unidade: string;
  quantidade: string;
  valorUnitario: string;
  valorTotal: string;
  valorFrete: string;
  valorSeguro: string;
  valorDesconto: string;
  valorOutras: string;
  valorIpi: string;
  /** ICMS-ST + FCP-ST charged on the line (they are part of what the shop pays) */
  valorIcmsSt: string;
  /** own ICMS, PIS and COFINS highlighted on the line (recoverable by a branch in the normal regime / Lucro Real) */
  valorIcms: string;
  valorPis: string;
  valorCofins: string;
  pedido: string | null;
  /** IBS/CBS highlighted by the supplier (group IBSCBS of the item, PL_010), null when the note has none */
  ibsCbs: IbsCbsLido | null;
}

/**
 * The IBSCBS group of a received line (issue 39): classification and amounts as the supplier wrote them, kept on
 * the entry so the credits are known at apuração. Regular taxation (gIBSCBS) gives base, rates and values;
 * monophasic fuel (gIBSCBSMono) its item totals; a group without values (exempt, immune) only CST and cClassTrib.
 */
export interface IbsCbsLido {
  cst: string;
  cClassTrib: string;
  vBC: string;
  pIBSUF: string | null;
  vIBSUF: string;
  pIBSMun: string | null;
  vIBSMun: string;
  vIBS: string;
  pCBS: string | null;
  vCBS: string;
}

export interface ParteNota {
  cnpj: string | null;
  cpf: string | null;
  nome: string;
  fantasia?: string | null;
  ie?: string | null;
  email?: string | null;
  telefone?: string | null;
  endereco?: { logradouro: string | null; numero: string | null; bairro: string | null; codigoMunicipio: number | null; uf: string | null; cep: string | null };
}

export interface NotaLida {
  chave: string;
  modelo: string;
  numero: number;
  serie: number;
  /** yyyy-MM-dd (the date of dhEmi as written, in the emitter's time zone) */
  dataEmissao: string;
  naturezaOperacao: string;
  tipoNota: number;
  ambiente: number;
  emitente: ParteNota;
  destinatario: ParteNota;
  transportador: ParteNota | null;
  itens: ItemNota[];
  totais: { vProd: string; vFrete: string; vSeg: string; vDesc: string; vOutro: string; vIPI: string; vST: string; vFCPST: string; vNF: string };
  /** IBSCBSTot (PL_010), null when the note has no IBS/CBS */
  totaisIbsCbs: { vBC: string; vIBS: string; vCBS: string } | null;
  duplicatas: { numero: string | null; vencimento: string; valor: string }[];
  protocolo: string | null;
}

const parser = leitorNfe(['det', 'dup', 'vol']);

type X = Record<string, any>;
const txt = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(typeof v === 'object' ? ((v as X)['#text'] ?? '') : v));
const dec = (v: unknown, places = 2): string => {
  const s = txt(v);
  return s ? new Decimal(s).toFixed(places) : new Decimal(0).toFixed(places);
};
const gtinDe = (v: unknown): string | null => {
  const s = txt(v);
  return s && /^\d{8,14}$/.test(s) ? s : null;
};

function parte(p: X | undefined, enderecoTag: 'enderEmit' | 'enderDest'): ParteNota {
  const e = (p?.[enderecoTag] ?? {}) as X;
  return {
    cnpj: txt(p?.CNPJ),
    cpf: txt(p?.CPF),
    nome: txt(p?.xNome) ?? '',
    fantasia: txt(p?.xFant),
    ie: txt(p?.IE),
    email: txt(p?.email),
    telefone: txt(e.fone),
    endereco: { logradouro: txt(e.xLgr), numero: txt(e.nro), bairro: txt(e.xBairro), codigoMunicipio: txt(e.cMun) ? Number(txt(e.cMun)) : null, uf: txt(e.UF), cep: txt(e.CEP) },
  };
}

/** The one ICMS group of a line (ICMS00, ICMS10, ICMSSN202, …): ST and FCP-ST charged on it. */
function icmsSt(imposto: X | undefined): Decimal {
  const icms = (imposto?.ICMS ?? {}) as X;
  const grupo = Object.values(icms)[0] as X | undefined;
  if (!grupo || typeof grupo !== 'object') return new Decimal(0);
  return new Decimal(txt(grupo.vICMSST) ?? 0).plus(txt(grupo.vFCPST) ?? 0);
}

/** The value (`campo`) of the one group under a tax (ICMS00, PISAliq, COFINSOutr, …), 0.00 when none. */
function doGrupo(imposto: X | undefined, tributo: 'ICMS' | 'PIS' | 'COFINS', campo: string): string {
  const grupo = Object.values((imposto?.[tributo] ?? {}) as X)[0] as X | undefined;
  return grupo && typeof grupo === 'object' ? dec(grupo[campo]) : '0.00';
}

/** The item's IBSCBS group as IbsCbsLido (see there), or null. */
function ibsCbsDoItem(imposto: X | undefined): IbsCbsLido | null {
  const g = imposto?.IBSCBS as X | undefined;
  if (!g || typeof g !== 'object') return null;
  const r = (g.gIBSCBS ?? {}) as X;
  const uf = (r.gIBSUF ?? {}) as X, mun = (r.gIBSMun ?? {}) as X, cbs = (r.gCBS ?? {}) as X;
  const mono = g.gIBSCBSMono as X | undefined;
  const pct = (v: unknown) => (txt(v) === null ? null : new Decimal(txt(v)!).toFixed(4));
  const vIBSUF = dec(uf.vIBSUF), vIBSMun = dec(mun.vIBSMun);
  return {
    cst: txt(g.CST) ?? '',
    cClassTrib: txt(g.cClassTrib) ?? '',
    vBC: dec(r.vBC),
    pIBSUF: pct(uf.pIBSUF),
    vIBSUF,
    pIBSMun: pct(mun.pIBSMun),
    vIBSMun,
    vIBS: mono ? dec(mono.vTotIBSMonoItem) : txt(r.vIBS) !== null ? dec(r.vIBS) : new Decimal(vIBSUF).plus(vIBSMun).toFixed(2),
    pCBS: pct(cbs.pCBS),
    vCBS: mono ? dec(mono.vTotCBSMonoItem) : dec(cbs.vCBS),
  };
}

/**
 * Reads an NF-e 4.00 (NFe or nfeProc) already validated against the layout: ide, emit, dest, the lines with
 * their taxes that make the cost, transp, the dup group. Throws on a document that has no infNFe.
 */
export function lerNfe(xml: string): NotaLida {
  const raiz = parser.parse(xml) as X;
  const nfe = (raiz.nfeProc?.NFe ?? raiz.NFe) as X | undefined;
  const inf = nfe?.infNFe as X | undefined;
  if (!inf) throw new Error('sem infNFe');
  const ide = inf.ide as X;
  const dets = (inf.det ?? []) as X[];
  const itens: ItemNota[] = dets.map((d, i) => {
    const p = d.prod as X;
    const ipi = d.imposto?.IPI?.IPITrib as X | undefined;
    return {
      linha: Number(d['@nItem'] ?? i + 1),
      codigo: txt(p.cProd) ?? '',
      gtin: gtinDe(p.cEAN),
      gtinTributavel: gtinDe(p.cEANTrib) !== gtinDe(p.cEAN) ? gtinDe(p.cEANTrib) : null,
      descricao: txt(p.xProd) ?? '',
      ncm: txt(p.NCM),
      cest: txt(p.CEST),
      cfop: txt(p.CFOP) ?? '',
      unidade: (txt(p.uCom) ?? '').toUpperCase(),
      quantidade: dec(p.qCom, 4),
      valorUnitario: dec(p.vUnCom, 4),
      valorTotal: dec(p.vProd),
      valorFrete: dec(p.vFrete),
      valorSeguro: dec(p.vSeg),
      valorDesconto: dec(p.vDesc),
      valorOutras: dec(p.vOutro),
      valorIpi: dec(ipi?.vIPI),
      valorIcmsSt: icmsSt(d.imposto).toFixed(2),
      valorIcms: doGrupo(d.imposto, 'ICMS', 'vICMS'),
      valorPis: doGrupo(d.imposto, 'PIS', 'vPIS'),
      valorCofins: doGrupo(d.imposto, 'COFINS', 'vCOFINS'),
      pedido: txt(p.xPed),
      ibsCbs: ibsCbsDoItem(d.imposto),
    };
  });
  const totIbs = inf.total?.IBSCBSTot as X | undefined;
  const tot = (inf.total?.ICMSTot ?? {}) as X;
  const transporta = inf.transp?.transporta as X | undefined;
  const dups = (inf.cobr?.dup ?? []) as X[];
  return {
    chave: String(inf['@Id'] ?? '').replace(/^NFe/, ''),
    modelo: txt(ide.mod) ?? '',
    numero: Number(txt(ide.nNF)),
    serie: Number(txt(ide.serie)),
    dataEmissao: (txt(ide.dhEmi) ?? txt(ide.dEmi) ?? '').slice(0, 10),
    naturezaOperacao: txt(ide.natOp) ?? '',
    tipoNota: Number(txt(ide.tpNF)),
    ambiente: Number(txt(ide.tpAmb)),
    emitente: parte(inf.emit, 'enderEmit'),
    destinatario: parte(inf.dest, 'enderDest'),
    transportador: transporta && (txt(transporta.CNPJ) || txt(transporta.CPF))
      ? { cnpj: txt(transporta.CNPJ), cpf: txt(transporta.CPF), nome: txt(transporta.xNome) ?? '', ie: txt(transporta.IE), endereco: { logradouro: txt(transporta.xEnder), numero: null, bairro: null, codigoMunicipio: null, uf: txt(transporta.UF), cep: null } }
      : null,
    itens,
    totais: { vProd: dec(tot.vProd), vFrete: dec(tot.vFrete), vSeg: dec(tot.vSeg), vDesc: dec(tot.vDesc), vOutro: dec(tot.vOutro), vIPI: dec(tot.vIPI), vST: dec(tot.vST), vFCPST: dec(tot.vFCPST), vNF: dec(tot.vNF) },
    totaisIbsCbs: totIbs ? { vBC: dec(totIbs.vBCIBSCBS), vIBS: dec(totIbs.gIBS?.vIBS), vCBS: dec(totIbs.gCBS?.vCBS) } : null,
    duplicatas: dups.map((d) => ({ numero: txt(d.nDup), vencimento: txt(d.dVenc) ?? '', valor: dec(d.vDup) })),
    protocolo: txt(raiz.nfeProc?.protNFe?.infProt?.nProt),
  };
}

const MAPA_CFOP = (cfopEntradaDados as { mapa: Record<string, string> }).mapa;

/** CFOP de entrada for the supplier's CFOP: the table (src/server/compras/cfop-entrada.json), else 5→1, 6→2, 7→3. */
export function cfopEntrada(cfopFornecedor: string | null | undefined): string | null {
  if (!cfopFornecedor || !/^\d{4}$/.test(cfopFornecedor)) return null;
  if (MAPA_CFOP[cfopFornecedor]) return MAPA_CFOP[cfopFornecedor];
  const troca: Record<string, string> = { '5': '1', '6': '2', '7': '3' };
  return troca[cfopFornecedor[0]] ? troca[cfopFornecedor[0]] + cfopFornecedor.slice(1) : null;
}

const brl = (d: Decimal) => formatBRL(d);
const num = (v: unknown): Decimal => new Decimal(txt(v) ?? 0);

/**
 * The value rules SEFAZ applies before authorising an NF-e, checked on a supplier's note (an authorised note
 * always passes them; a note edited after authorisation usually does not): each line's vProd is qCom × vUnCom
 * within R$ 0,01 (rejeição 629), the lines add up to the totals of ICMSTot — vProd (564), vFrete, vSeg, vDesc,
 * vOutro, vIPI, vST — and vNF is what they make (610). The first broken rule, in Portuguese, naming it; null when
 * the note keeps them all.
 */
export function regraDeValorQuebrada(xml: string): string | null {
  const raiz = parser.parse(xml) as X;
  const inf = (raiz.nfeProc?.NFe ?? raiz.NFe)?.infNFe as X | undefined;
  if (!inf) return null;
  const dets = (inf.det ?? []) as X[];
  const somas = { vProd: new Decimal(0), vFrete: new Decimal(0), vSeg: new Decimal(0), vDesc: new Decimal(0), vOutro: new Decimal(0), vIPI: new Decimal(0), vST: new Decimal(0) };
  for (const [i, d] of dets.entries()) {
    const p = (d.prod ?? {}) as X;
    const n = Number(d['@nItem'] ?? i + 1);
    const esperado = num(p.qCom).times(num(p.vUnCom));
    const vProd = num(p.vProd);
    if (vProd.minus(esperado).abs().greaterThan('0.01')) {
      return `o item ${n} (${txt(p.xProd) ?? ''}) tem vProd ${brl(vProd)}, e qCom × vUnCom dá ${txt(p.qCom)} × ${txt(p.vUnCom)} = ${brl(esperado.toDecimalPlaces(2))} (regra da SEFAZ: vProd = qCom × vUnCom, com tolerância de R$ 0,01 — rejeição 629)`;
    }
    // indTot 0: the line does not make up the note's total
    if (txt(p.indTot) !== '0') somas.vProd = somas.vProd.plus(vProd);
    somas.vFrete = somas.vFrete.plus(num(p.vFrete));
    somas.vSeg = somas.vSeg.plus(num(p.vSeg));
    somas.vDesc = somas.vDesc.plus(num(p.vDesc));
    somas.vOutro = somas.vOutro.plus(num(p.vOutro));
    somas.vIPI = somas.vIPI.plus(num(d.imposto?.IPI?.IPITrib?.vIPI));
    const grupo = Object.values((d.imposto?.ICMS ?? {}) as X)[0] as X | undefined;
    if (grupo && typeof grupo === 'object') somas.vST = somas.vST.plus(num(grupo.vICMSST));
  }
  const tot = (inf.total?.ICMSTot ?? {}) as X;
  for (const [campo, soma] of Object.entries(somas)) {
    const total = num(tot[campo]);
    if (total.minus(soma).abs().greaterThan('0.01')) {
      return `o total ${campo} da nota é ${brl(total)}, e a soma dos itens dá ${brl(soma)} (regra da SEFAZ: os itens somam os totais da nota${campo === 'vProd' ? ' — rejeição 564' : ''})`;
    }
  }
  const vNF = num(tot.vNF);
  const issqn = num(inf.total?.ISSQNtot?.vServ);
  const esperado = num(tot.vProd).minus(num(tot.vDesc)).plus(num(tot.vST)).plus(num(tot.vFCPST)).plus(num(tot.vFrete)).plus(num(tot.vSeg)).plus(num(tot.vOutro)).plus(num(tot.vII)).plus(num(tot.vIPI)).plus(num(tot.vIPIDevol)).plus(issqn);
  // vICMSDeson is subtracted when the emitter deducts it (indDeduzDeson): either sum is accepted
  const semDeson = esperado.minus(num(tot.vICMSDeson));
  if (vNF.minus(esperado).abs().greaterThan('0.01') && vNF.minus(semDeson).abs().greaterThan('0.01')) {
    return `o total vNF da nota é ${brl(vNF)}, e vProd − vDesc + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol dá ${brl(esperado)} (regra da SEFAZ: vNF é a soma dos valores que compõem a nota — rejeição 610)`;
  }
  return null;
}
