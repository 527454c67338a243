import type { IbsCbs } from '../../../generated/fiscal/nfe-documento.ts';
import { dec, fmt2 } from './decimal.ts';
import { calcularIbsCbs } from './nfe-calculo.ts';

/**
 * IBS and CBS of one line (issue 39, LC 214/2025, NT 2025.002-RTC): the classification (CST + cClassTrib) is
 * checked against the published tables, and the rates of the document's date come from data
 * (schemas/lookups/cstIbsCbs, cClassTrib, aliquotaIbsCbs: derived by scripts/derive-lookups.ts), never from code.
 * The amounts come from the engine's calcularIbsCbs (nfe-calculo), the same that writes the XML: effective rate
 * = rate × (1 − reduction) with 4 decimals, values rounded half-up to cents (NT 2025.002, gRed/pAliqEfet).
 * Pure: the server (simulador, issuing paths later) and the screens run it with the same tables.
 */

export interface CstIbsCbsItem { value: string; label: string; gIBSCBS: boolean; gIBSCBSMono: boolean; gRed: boolean; gDif: boolean; gTransfCred: boolean; gAjusteCompet: boolean }
export interface CClassTribItem {
  value: string; label: string; cst: string; tipoAliquota: string; pRedIBS: string; pRedCBS: string; gTribRegular: boolean;
  dIniVig: string | null; dFimVig: string | null; modelos: string[];
}
export interface AliquotaIbsCbsItem { value: string; label: string; vigenciaFim: string | null; pCBS: string | null; pIBSUF: string | null; pIBSMun: string | null; fonte: string; observacao?: string }
export interface ObrigatoriedadeIbsCbsItem { value: string; label: string; vigenciaInicio: string; vigenciaInicioNfse?: string; fonte: string }
export interface TabelasIbsCbs { cst: CstIbsCbsItem[]; cClassTrib: CClassTribItem[]; aliquotas: AliquotaIbsCbsItem[]; obrigatoriedade?: ObrigatoriedadeIbsCbsItem[] }

/** The three lookup documents (by name) as the tables this module reads. */
export function tabelasIbsCbs(lookups: { get(nome: string): { items: unknown[] } | undefined }): TabelasIbsCbs {
  const itens = <T,>(nome: string) => (lookups.get(nome)?.items ?? []) as T[];
  return { cst: itens<CstIbsCbsItem>('cstIbsCbs'), cClassTrib: itens<CClassTribItem>('cClassTrib'), aliquotas: itens<AliquotaIbsCbsItem>('aliquotaIbsCbs'), obrigatoriedade: itens<ObrigatoriedadeIbsCbsItem>('obrigatoriedadeIbsCbs') };
}

/**
 * Whether a note of an issuer with this CRT, dated data (yyyy-mm-dd), must carry the IBSCBS groups: the date is
 * data (lookup obrigatoriedadeIbsCbs, from schemas/fiscal/obrigatoriedade-ibscbs.csv), never code. The answer
 * names the rule, for the messages.
 */
export function ibsCbsObrigatorio(t: TabelasIbsCbs, crt: number, data: string, modelo?: ModeloDfe): ObrigatoriedadeIbsCbsItem | undefined {
  const r = (t.obrigatoriedade ?? []).find((o) => o.value === String(crt));
  const desde = modelo === 'NFSe' ? (r?.vigenciaInicioNfse ?? r?.vigenciaInicio) : r?.vigenciaInicio;
  return r && desde && desde <= data && aliquotasIbsCbsVigentes(t, data) ? r : undefined;
}

/** Document model: 55 NF-e, 65 NFC-e, NFSe (as the table's ind* columns). */
export type ModeloDfe = '55' | '65' | 'NFSe';
const NOME_MODELO: Record<ModeloDfe, string> = { '55': 'na NF-e (modelo 55)', '65': 'na NFC-e (modelo 65)', NFSe: 'na NFS-e' };
const dataBr = (iso: string) => iso.split('-').reverse().join('/');

export interface ClassificacaoIbsCbs { cst: string; cClassTrib: string }

/** Problems of a classification, in Portuguese, each with its field: CST unknown, cClassTrib unknown/not prefixed/out of vigência/not for the model. */
export function validarClassificacaoIbsCbs(
  t: TabelasIbsCbs,
  c: { cst?: string | null; cClassTrib?: string | null },
  opcoes: { data?: string; modelo?: ModeloDfe } = {},
): { campo: 'cstIbsCbs' | 'cClassTrib'; mensagem: string }[] {
  const erros: { campo: 'cstIbsCbs' | 'cClassTrib'; mensagem: string }[] = [];
  const cst = c.cst ?? '';
  const cc = c.cClassTrib ?? '';
  if (!cst && !cc) return erros;
  if (!cst) return [{ campo: 'cstIbsCbs', mensagem: 'Informe o CST do IBS/CBS da classificação tributária dada.' }];
  if (!cc) return [{ campo: 'cClassTrib', mensagem: `Informe a classificação tributária (cClassTrib) do CST ${cst} do IBS/CBS.` }];
  if (!t.cst.some((i) => i.value === cst)) erros.push({ campo: 'cstIbsCbs', mensagem: `CST ${cst} do IBS/CBS não existe na tabela publicada.` });
  const item = t.cClassTrib.find((i) => i.value === cc);
  if (!item) {
    erros.push({ campo: 'cClassTrib', mensagem: `Classificação tributária ${cc} não existe na tabela cClassTrib publicada.` });
    return erros;
  }
  if (cc.slice(0, 3) !== cst) {
    erros.push({ campo: 'cClassTrib', mensagem: `A classificação tributária ${cc} pertence ao CST ${item.cst}: o CST ${cst} do IBS/CBS não é o prefixo dela.` });
  }
  if (opcoes.data) {
    if (item.dIniVig && opcoes.data < item.dIniVig) erros.push({ campo: 'cClassTrib', mensagem: `A classificação tributária ${cc} só vale a partir de ${dataBr(item.dIniVig)}.` });
    if (item.dFimVig && opcoes.data > item.dFimVig) erros.push({ campo: 'cClassTrib', mensagem: `A classificação tributária ${cc} deixou de valer em ${dataBr(item.dFimVig)}.` });
  }
  if (opcoes.modelo && !item.modelos.includes(opcoes.modelo)) {
    erros.push({ campo: 'cClassTrib', mensagem: `A classificação tributária ${cc} não pode ser usada ${NOME_MODELO[opcoes.modelo]}.` });
  }
  return erros;
}

/** The rates (percent) in force on a date, or undefined before the first (no IBS/CBS before 2026). */
export function aliquotasIbsCbsVigentes(t: TabelasIbsCbs, data: string): AliquotaIbsCbsItem | undefined {
  return t.aliquotas.filter((a) => a.value <= data && (!a.vigenciaFim || data <= a.vigenciaFim)).sort((a, b) => (a.value < b.value ? 1 : -1))[0];
}

export interface IbsCbsTributado {
  /** the engine's item group input (NfeDocumento Item.ibsCbs), for an issuing path to put on the line */
  ibsCbs: IbsCbs;
  /** 'regular' gIBSCBS computed, 'sem-grupo' exempt/immune (CST only), 'nao-calculado' a family the engine is given by hand */
  grupo: 'regular' | 'sem-grupo' | 'nao-calculado';
  vBC: string;
  pIBSUF: string; pIBSMun: string; pCBS: string | null;
  pRedIBS: string; pRedCBS: string;
  /** effective rates after the reduction */
  pEfetIBSUF: string; pEfetIBSMun: string; pEfetCBS: string | null;
  pDif: string | null;
  vIBSUF: string; vIBSMun: string; vIBS: string; vCBS: string;
  vDifIBSUF: string; vDifIBSMun: string; vDifCBS: string;
  aliquotas: { vigenciaInicio: string; rotulo: string; fonte: string };
  avisos: string[];
}

export class IbsCbsError extends Error {
  constructor(message: string, readonly campo: string) {
    super(message);
  }
}

/**
 * IBS UF, IBS municipal and CBS of one line: valor is the line's base (decimal string), data its date
 * (yyyy-mm-dd). Regular (000/010/011/200/830), reduced (gRed: pRedIBS/pRedCBS of the cClassTrib), deferred
 * (gDif: pDif, 100 % unless given) and exempt/immune (400/410: CST and cClassTrib only, no values).
 * Undefined before the rates start. Throws IbsCbsError with the field for a classification the tables refuse.
 */
export function tributarIbsCbs(
  t: TabelasIbsCbs,
  e: { data: string; valor: string; classificacao: ClassificacaoIbsCbs; modelo?: ModeloDfe; pDif?: string },
): IbsCbsTributado | undefined {
  const aliq = aliquotasIbsCbsVigentes(t, e.data);
  if (!aliq) return undefined;
  const erros = validarClassificacaoIbsCbs(t, e.classificacao, { data: e.data, modelo: e.modelo });
  if (erros.length) throw new IbsCbsError(erros.map((x) => x.mensagem).join(' '), erros[0].campo);
  const { cst, cClassTrib } = e.classificacao;
  const ind = t.cst.find((i) => i.value === cst)!;
  const cc = t.cClassTrib.find((i) => i.value === cClassTrib)!;
  const avisos: string[] = [];
  const pIBSUF = aliq.pIBSUF ?? '0';
  const pIBSMun = aliq.pIBSMun ?? '0';
  const pCBS = aliq.pCBS;
  if (pCBS === null) avisos.push(`A alíquota da CBS de ${aliq.label} não está publicada nos dados (${aliq.observacao ?? 'schemas/fiscal/aliquotas-ibscbs.csv'}): a CBS não foi calculada.`);
  const reduz = ind.gRed && (dec(cc.pRedIBS).gt(0) || dec(cc.pRedCBS).gt(0));
  const pDif = ind.gDif ? (e.pDif ?? '100') : null;
  const automatico = ind.gIBSCBS && !ind.gIBSCBSMono && !['220', '221', '222', '550'].includes(cst);
  const grupo: IbsCbsTributado['grupo'] = !ind.gIBSCBS && !ind.gIBSCBSMono && !ind.gTransfCred && !ind.gAjusteCompet ? 'sem-grupo' : automatico ? 'regular' : 'nao-calculado';
  if (grupo === 'nao-calculado') avisos.push(`CST ${cst} do IBS/CBS (${ind.label}): o cálculo automático ainda não cobre este grupo; os valores são informados na nota.`);
  const ibsCbs: IbsCbs = { CST: cst, cClassTrib };
  if (grupo === 'regular') {
    Object.assign(ibsCbs, { pIBSUF, pIBSMun, ...(pCBS !== null ? { pCBS } : {}) });
    if (reduz) ibsCbs.reducao = { pIBSUF: cc.pRedIBS, pIBSMun: cc.pRedIBS, ...(pCBS !== null ? { pCBS: cc.pRedCBS } : {}) };
    if (pDif !== null) ibsCbs.diferimento = { pIBSUF: pDif, pIBSMun: pDif, ...(pCBS !== null ? { pCBS: pDif } : {}) };
  }
  const base = dec(e.valor);
  const c = calcularIbsCbs(ibsCbs, base);
  const f = (d: { toFixed(n: number): string }) => d.toFixed(2);
  const pf = (d: { toFixed(n: number): string }) => d.toFixed(4);
  return {
    ibsCbs,
    grupo,
    vBC: fmt2(grupo === 'regular' ? base : dec(0)),
    pIBSUF, pIBSMun, pCBS,
    pRedIBS: reduz ? cc.pRedIBS : '0', pRedCBS: reduz ? cc.pRedCBS : '0',
    pEfetIBSUF: pf(c.uf.pEfet), pEfetIBSMun: pf(c.mun.pEfet), pEfetCBS: pCBS === null ? null : pf(c.cbs.pEfet),
    pDif,
    vIBSUF: f(c.uf.valor), vIBSMun: f(c.mun.valor), vIBS: f(c.uf.valor.plus(c.mun.valor)), vCBS: f(c.cbs.valor),
    vDifIBSUF: f(c.uf.vDif), vDifIBSMun: f(c.mun.vDif), vDifCBS: f(c.cbs.vDif),
    aliquotas: { vigenciaInicio: aliq.value, rotulo: aliq.label, fonte: aliq.fonte },
    avisos,
  };
}
