import { ajustesLimpos, aplicarAjustes, regrasVigentes, validarAjustes, type AjustesTributacao } from './ajustes-tributacao.ts';
import { dec, round2 } from './decimal.ts';
import { baseIbsCbsImportacao } from './importacao.ts';
import { IbsCbsError, tributarIbsCbs, type ClassificacaoIbsCbs, type IbsCbsTributado, type ModeloDfe, type TabelasIbsCbs } from './ibscbs.ts';
import type { Difal, Icms, Ipi, PisCofins } from '../../../generated/fiscal/nfe-documento.ts';
import {
  calcularTributacao,
  TributacaoError,
  type Crt,
  type EntradaTributacao,
  type TributacaoEstadualRegra,
  type TributacaoFederalRegra,
  type TributacaoItem,
} from './tributacao.ts';

export { TributacaoError };

/**
 * The one function that gives a line of a note its taxes (issue 17), run by the server when it builds the NF-e
 * (save, validate, transmit; NFC-e too) and by the emitir-nfe screen while the user types (live taxes, from the
 * POST /api/NotasFiscais/contexto-tributacao answer): the server stays the authority, the screen shows the same.
 * The issuing path's adapter to the tax rules: a line's CFOP, ICMS (CST/CSOSN, rates, ST, FCP),
 * DIFAL (ICMSUFDest), IPI, PIS and COFINS come from calcularTributacao (src/shared/fiscal/tributacao.ts), the
 * one pure function the screens run too, fed by the product's perfil tributário and origem, the natureza's
 * CFOPs, the origin/destination UFs and the note's date. This file only turns the rules' answer into the
 * engine's item groups (rates and codes; nfe-calculo computes the amounts from them): no tax decision here.
 */
export interface LinhaParaTributar {
  /** issue date, yyyy-mm-dd: picks the rule version valid that day */
  data: string;
  produto: { id: number; descricao?: string; ncm: string; origem: number; cest?: string | null; perfilTributarioId: number | null };
  /** tipo: 0 entrada, 1 saída (the CFOP's direction; read from the CFOPs when absent) */
  natureza: { tipo?: 0 | 1 | null; cfopEstadual: string | null; cfopInterestadual: string | null; cfopExterior: string | null };
  emitente: { uf: string; crt: Crt };
  destinatario: { uf: string | null; exterior?: boolean; consumidorFinal: boolean; indIEDest: 1 | 2 | 9 };
  /** the line's value (quantity × unit price − discount), decimal string */
  valor: string;
  /** a return: the goods were under ICMS-ST in the operation returned */
  itemComSt?: boolean;
  regras: { estaduais: TributacaoEstadualRegra[]; federais: TributacaoFederalRegra[] };
  /** what the user changed on this line (CFOP, CST/CSOSN, rates), put over the rule before computing */
  ajustes?: AjustesTributacao | null;
  /**
   * IBS/CBS (issue 39): the perfil's classification, the tables (lookups cstIbsCbs, cClassTrib, aliquotaIbsCbs) and
   * the document model. Absent, or without a classification: no IBS/CBS on the line (the issuing paths fill it later).
   */
  ibsCbs?: { classificacao: ClassificacaoIbsCbs | null; tabelas: TabelasIbsCbs; modelo?: ModeloDfe } | null;
  /**
   * Own import (a line whose CFOP is 3xxx): the II, despesas aduaneiras and IOF of the line's DI, `valor` being the
   * customs value. The IBS/CBS base is then baseIbsCbsImportacao (LC 214 art. 65), as the engine writes it in the XML,
   * so the screen's preview and the note agree.
   */
  importacao?: { vII?: string | null; vDespAdu?: string | null; vIOF?: string | null } | null;
}

export interface TributosLinha {
  cfop: string;
  icms: Icms;
  ipi?: Ipi;
  pis: PisCofins;
  cofins: PisCofins;
  difal?: Difal;
  /** IBS UF, IBS municipal and CBS by the rates of the note's date; ibsCbs.ibsCbs is the engine's item group */
  ibsCbs?: IbsCbsTributado;
  /** what the rules decided, for the screen and the tests */
  tributacao: TributacaoItem;
}

/** The rules' answer as the engine's item groups (NfeDocumento Item: icms, ipi, pis, cofins, difal). */
export function paraItemNfe(t: TributacaoItem): Omit<TributosLinha, 'tributacao'> {
  const i = t.icms;
  const icms: Icms = {
    orig: i.orig,
    ...(i.CST ? { CST: i.CST as Icms['CST'] } : {}),
    ...(i.CSOSN ? { CSOSN: i.CSOSN as Icms['CSOSN'] } : {}),
    ...(i.modBC !== undefined ? { modBC: i.modBC as Icms['modBC'] } : {}),
    ...(i.pRedBC ? { pRedBC: i.pRedBC } : {}),
    ...(i.pICMS ? { pICMS: i.pICMS } : {}),
    ...(i.pFCP ? { pFCP: i.pFCP } : {}),
    ...(i.modBCST !== undefined ? { modBCST: i.modBCST as Icms['modBCST'] } : {}),
    ...(i.pMVAST ? { pMVAST: i.pMVAST } : {}),
    ...(i.pRedBCST ? { pRedBCST: i.pRedBCST } : {}),
    ...(i.pICMSST ? { pICMSST: i.pICMSST } : {}),
    ...(i.pFCPST ? { pFCPST: i.pFCPST } : {}),
    ...(i.pCredSN ? { pCredSN: i.pCredSN } : {}),
  };
  const pc = (x: { CST: string; aliquota?: string } | null): PisCofins => (x ? { CST: x.CST, ...(x.aliquota ? { aliquota: x.aliquota } : {}) } : { CST: '99' });
  return {
    cfop: t.cfop,
    icms,
    ...(t.ipi ? { ipi: { CST: t.ipi.CST as Ipi['CST'], cEnq: t.ipi.cEnq, ...(t.ipi.pIPI ? { pIPI: t.ipi.pIPI } : {}) } } : {}),
    pis: pc(t.pis),
    cofins: pc(t.cofins),
    ...(t.difal ? { difal: { pICMSUFDest: t.difal.pICMSUFDest, pICMSInter: t.difal.pICMSInter, ...(Number(t.difal.pFCPUFDest) > 0 ? { pFCPUFDest: t.difal.pFCPUFDest } : {}) } } : {}),
  };
}

/** The taxes of one line of a note, by the rules. Throws TributacaoError (with the field to fix) when they do not cover it. */
export function tributarLinha(l: LinhaParaTributar): TributosLinha {
  const nome = l.produto.descricao ? ` (${l.produto.descricao})` : '';
  if (!l.produto.perfilTributarioId) {
    throw new TributacaoError(`Produto${nome} sem perfil tributário: escolha-o no cadastro do produto (Estoque > Produtos, aba Fiscal).`, 'produtoId');
  }
  // The user's adjustments: refused as the law says (validarAjustes, the same on screen and server), else put over
  // the rule version of the day, so the amounts come from the same computation.
  let regras = l.regras;
  const ajustes = ajustesLimpos(l.ajustes);
  if (ajustes) {
    const erros = validarAjustes(ajustes, l);
    if (erros.length) throw new TributacaoError(erros.map((e) => e.mensagem).join(' '), `ajustes/${erros[0].campo}`);
    const { estadual, federal } = regrasVigentes(l);
    if (estadual) {
      const a = aplicarAjustes(estadual, federal, ajustes, l.emitente.crt);
      regras = { estaduais: l.regras.estaduais.map((r) => (r === estadual ? a.estadual : r)), federais: l.regras.federais.map((r) => (r === federal && a.federal ? a.federal : r)) };
    }
  }
  const entrada: EntradaTributacao = {
    data: l.data,
    emitente: l.emitente,
    destinatario: {
      uf: l.destinatario.exterior ? 'EX' : (l.destinatario.uf ?? l.emitente.uf),
      indIEDest: l.destinatario.indIEDest,
      consumidorFinal: l.destinatario.consumidorFinal,
    },
    natureza: { cfopMesmaUf: l.natureza.cfopEstadual ?? '', cfopOutraUf: l.natureza.cfopInterestadual ?? '', cfopExterior: l.natureza.cfopExterior },
    produto: { ncm: l.produto.ncm, cest: l.produto.cest ?? null, origem: Number.isInteger(l.produto.origem) ? l.produto.origem : 0, perfilTributarioId: l.produto.perfilTributarioId },
    valor: l.valor,
    ...(l.itemComSt !== undefined ? { itemComSt: l.itemComSt } : {}),
    regras,
  };
  const t = calcularTributacao(entrada);
  const ibsCbs = ibsCbsDaLinha(l, t.cfop);
  return { ...paraItemNfe(t), ...(ibsCbs ? { ibsCbs } : {}), tributacao: t };
}

/** IBS/CBS of the line when the perfil is classified and the date has rates; the tables' refusal as a TributacaoError naming the line. */
function ibsCbsDaLinha(l: LinhaParaTributar, cfop: string): IbsCbsTributado | undefined {
  const c = l.ibsCbs;
  if (!c?.classificacao?.cst || !c.classificacao.cClassTrib) return undefined;
  // An imported line (CFOP 3xxx with the DI's values): the base the engine uses, not the line's value.
  const i = l.importacao && cfop.startsWith('3') ? l.importacao : null;
  let valor = l.valor;
  if (i) {
    try {
      valor = baseIbsCbsImportacao({ valorAduaneiro: dec(l.valor), vII: dec(i.vII), vDespAdu: dec(i.vDespAdu), vIOF: dec(i.vIOF) }).toFixed(2);
    } catch {
      throw new TributacaoError('Valor inválido no imposto de importação, nas despesas aduaneiras ou no IOF da linha.', 'importacao');
    }
  }
  try {
    return tributarIbsCbs(c.tabelas, { data: l.data, valor, classificacao: c.classificacao, modelo: c.modelo });
  } catch (e) {
    if (e instanceof IbsCbsError) {
      const nome = l.produto.descricao ? ` (${l.produto.descricao})` : '';
      throw new TributacaoError(`Produto${nome}: ${e.message} Corrija o perfil tributário do produto.`, e.campo);
    }
    throw e;
  }
}

/** A line's value as the rules see it: round2(quantity × unit price) − discount + freight + other costs (decimal string). */
export function valorDaLinha(l: { quantidade: string; valorUnitario: string; valorDesconto?: string | null; valorFrete?: string | null; valorOutros?: string | null }): string {
  const n = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? '0' : v);
  return round2(dec(n(l.quantidade)).times(dec(n(l.valorUnitario)))).minus(dec(n(l.valorDesconto))).plus(dec(n(l.valorFrete))).plus(dec(n(l.valorOutros))).toFixed(2);
}

/** A product as the rules need it (answer of contexto-tributacao, cached per product on the screen). */
export type ProdutoTributavel = LinhaParaTributar['produto'];

/**
 * What the screen needs to tax the lines of one note (POST /api/NotasFiscais/contexto-tributacao): the note's
 * date, issuer, recipient and natureza as the server reads them, the products asked for (tenant-scoped) and every
 * version of the rules of their perfis.
 */
export interface ContextoTributacao {
  data: string;
  emitente: LinhaParaTributar['emitente'];
  destinatario: LinhaParaTributar['destinatario'];
  natureza: LinhaParaTributar['natureza'];
  produtos: ProdutoTributavel[];
  regras: LinhaParaTributar['regras'];
  /**
   * IBS/CBS (issue 39), only when the groups are compulsory for the issuer on the note's date: the tables in force
   * (cClassTrib cut to the perfis' classifications), the model and each perfil's classification (by perfil id).
   */
  ibsCbs?: { tabelas: TabelasIbsCbs; modelo: ModeloDfe; classificacoes: Record<string, ClassificacaoIbsCbs | null> };
}

/** One typed line of the screen taxed in a context: the taxes, or the rule's message of what to fix. */
export function tributarLinhaNoContexto(
  c: Omit<ContextoTributacao, 'produtos'>,
  produto: ProdutoTributavel,
  l: { quantidade: string; valorUnitario: string; valorDesconto?: string | null; valorFrete?: string | null; valorOutros?: string | null; ajustes?: AjustesTributacao | null; importacao?: LinhaParaTributar['importacao'] },
): { tributos: TributosLinha; erro?: undefined } | { tributos?: undefined; erro: string } {
  let valor: string;
  try {
    valor = valorDaLinha(l);
  } catch {
    return { erro: 'Valor inválido.' };
  }
  try {
    const ibsCbs = c.ibsCbs && produto.perfilTributarioId != null ? { classificacao: c.ibsCbs.classificacoes[String(produto.perfilTributarioId)] ?? null, tabelas: c.ibsCbs.tabelas, modelo: c.ibsCbs.modelo } : undefined;
    return { tributos: tributarLinha({ data: c.data, produto, natureza: c.natureza, emitente: c.emitente, destinatario: c.destinatario, valor, regras: c.regras, ajustes: l.ajustes, ibsCbs, ...(l.importacao ? { importacao: l.importacao } : {}) }) };
  } catch (e) {
    if (e instanceof TributacaoError) return { erro: e.message };
    throw e;
  }
}

/** The product's identification on an NF-e/NFC-e line (prod group): code, GTIN and CEST only when well formed, sizes cut to the layout's. */
export function identificacaoDoProduto(p: Record<string, unknown>, ncm: string) {
  const gtin = /^\d{8}$|^\d{12,14}$/.test(String(p.gtin ?? '')) ? String(p.gtin) : undefined;
  return {
    codigo: String(p.codigo ?? p.id).slice(0, 60),
    gtin,
    descricao: String(p.descricao).slice(0, 120),
    ncm,
    cest: /^\d{7}$/.test(String(p.cest ?? '')) ? String(p.cest) : undefined,
  };
}
