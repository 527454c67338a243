import { dec } from './decimal.ts';
import { regraVigente, type Crt, type TributacaoEstadualRegra, type TributacaoFederalRegra } from './tributacao.ts';
import { decimalDigitado } from '../money.ts';

/**
 * What the issuer may change in a line's taxes on emitir-nfe (issue 17, "editable where the rules allow"), the way
 * Bling/Tiny/Omie let it: the CFOP, the ICMS code (CST or CSOSN by regime), its base reduction and rate, the IPI,
 * PIS and COFINS codes and rates. Amounts (vBC, vICMS, vST, DIFAL, FCP) are never typed: calcularTributacao
 * computes them from the rule with these values put over it. Rates are decimal strings with a dot ('12', '7.6').
 * Kept in the draft's line (dados.itens[i].ajustes); the server validates and recomputes with them.
 */
export interface AjustesTributacao {
  cfop?: string;
  /** CST of the ICMS (Regime Normal) or CSOSN (Simples Nacional) */
  cstIcms?: string;
  reducaoBase?: string;
  aliquotaIcms?: string;
  cstIpi?: string;
  aliquotaIpi?: string;
  cstPis?: string;
  aliquotaPis?: string;
  cstCofins?: string;
  aliquotaCofins?: string;
}

export const CAMPOS_AJUSTE = ['cfop', 'cstIcms', 'reducaoBase', 'aliquotaIcms', 'cstIpi', 'aliquotaIpi', 'cstPis', 'aliquotaPis', 'cstCofins', 'aliquotaCofins'] as const;
export type CampoAjuste = (typeof CAMPOS_AJUSTE)[number];

export const ROTULO_AJUSTE: Record<CampoAjuste, string> = {
  cfop: 'CFOP',
  cstIcms: 'CST/CSOSN do ICMS',
  reducaoBase: 'Redução da base do ICMS',
  aliquotaIcms: 'Alíquota do ICMS',
  cstIpi: 'CST do IPI',
  aliquotaIpi: 'Alíquota do IPI',
  cstPis: 'CST do PIS',
  aliquotaPis: 'Alíquota do PIS',
  cstCofins: 'CST da COFINS',
  aliquotaCofins: 'Alíquota da COFINS',
};

/** Regime Normal (CRT 2, 3): CST of the ICMS. */
export const CST_ICMS = ['00', '10', '20', '30', '40', '41', '50', '51', '60', '70', '90'] as const;
/** Simples Nacional (CRT 1, 4): CSOSN. */
export const CSOSN = ['101', '102', '103', '201', '202', '203', '300', '400', '500', '900'] as const;
export const CST_IPI_SAIDA = ['50', '51', '52', '53', '54', '55', '99'] as const;
export const CST_IPI_ENTRADA = ['00', '01', '02', '03', '04', '05', '49'] as const;
export const CST_PIS_COFINS_SAIDA = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '49', '99'] as const;
export const CST_PIS_COFINS_ENTRADA = ['50', '51', '52', '53', '54', '55', '56', '60', '61', '62', '63', '64', '65', '66', '67', '70', '71', '72', '73', '74', '75', '98', '99'] as const;

const SIMPLES: ReadonlySet<number> = new Set([1, 4]);
/** codes with the issuer's own ICMS (a rate applies) */
const COM_ALIQUOTA = new Set(['00', '10', '20', '51', '70', '90', '900', '201', '202']);
/** codes whose ICMS base may be reduced */
const COM_REDUCAO = new Set(['20', '51', '70', '90', '900']);
const EXIGE_REDUCAO = new Set(['20', '70']);
/** codes that carry ICMS-ST; those not optional need the rule's ST data (rate, MVA) */
const COM_ST = new Set(['10', '30', '70', '90', '201', '202', '203', '900']);
const ST_OPCIONAL = new Set(['90', '900']);
const IPI_TRIBUTADO = new Set(['00', '49', '50', '99']);
const ORIGEM_IMPORTADA = new Set([1, 2, 3, 8]);

const preenchido = (v: string | null | undefined): v is string => v !== undefined && v !== null && v.trim() !== '';

/** Only the fields given (blank ones dropped); undefined when nothing is left. */
export function ajustesLimpos(a: AjustesTributacao | null | undefined): AjustesTributacao | undefined {
  if (!a) return undefined;
  const out: AjustesTributacao = {};
  for (const c of CAMPOS_AJUSTE) {
    const v = a[c];
    if (preenchido(v)) out[c] = decimalDigitado(v);
  }
  return Object.keys(out).length ? out : undefined;
}

/** The note's context a line's adjustments are judged in. */
export interface ContextoAjuste {
  data: string;
  emitente: { uf: string; crt: Crt };
  /** recipient UF ('EX' or exterior for abroad) */
  destinatario: { uf: string | null; exterior?: boolean };
  /** the natureza's direction (0 entrada, 1 saída) and CFOPs (the direction is read from them when tipo is not known) */
  natureza: { tipo?: 0 | 1 | null; cfopEstadual: string | null; cfopInterestadual: string | null; cfopExterior: string | null };
  produto: { origem: number; perfilTributarioId: number | null };
  regras: { estaduais: TributacaoEstadualRegra[]; federais: TributacaoFederalRegra[] };
}

export interface ErroAjuste {
  campo: CampoAjuste;
  mensagem: string;
}

/** 1 inside the UF, 2 interstate, 3 abroad. */
export function destinoDaOperacao(c: Pick<ContextoAjuste, 'emitente' | 'destinatario'>): 1 | 2 | 3 {
  const ufD = c.destinatario.exterior ? 'EX' : (c.destinatario.uf ?? c.emitente.uf).toUpperCase();
  return ufD === 'EX' ? 3 : ufD === c.emitente.uf.toUpperCase() ? 1 : 2;
}

/** 0 entrada, 1 saída: the natureza's tipo, else read from its CFOPs (1/2/3xxx are entries). */
export function sentidoDaOperacao(n: ContextoAjuste['natureza']): 0 | 1 {
  if (n.tipo === 0 || n.tipo === 1) return n.tipo;
  const c = n.cfopEstadual ?? n.cfopInterestadual ?? n.cfopExterior ?? '5';
  return /^[123]/.test(c) ? 0 : 1;
}

/** The first digit a CFOP must have on this line: 1/2/3 entering, 5/6/7 leaving; inside the UF, interstate, abroad. */
export function digitoCfop(sentido: 0 | 1, idDest: 1 | 2 | 3): string {
  return String((sentido === 0 ? 0 : 4) + idDest);
}

export function regrasVigentes(c: ContextoAjuste) {
  const ufO = c.emitente.uf.toUpperCase();
  const ufD = c.destinatario.exterior ? 'EX' : (c.destinatario.uf ?? ufO).toUpperCase();
  const perfil = c.produto.perfilTributarioId;
  const estadual = regraVigente(c.regras.estaduais.filter((r) => r.perfilTributarioId === perfil && r.ufOrigem === ufO && r.ufDestino === ufD), c.data);
  const federal = regraVigente(c.regras.federais.filter((r) => r.perfilTributarioId === perfil), c.data);
  return { estadual, federal };
}

/** The rule rows with the adjustments put over them (what calcularTributacao then computes from). */
export function aplicarAjustes(
  estadual: TributacaoEstadualRegra,
  federal: TributacaoFederalRegra | undefined,
  a: AjustesTributacao | undefined,
  crt: Crt,
): { estadual: TributacaoEstadualRegra; federal: TributacaoFederalRegra | undefined } {
  const aj = ajustesLimpos(a);
  if (!aj) return { estadual, federal };
  const simples = SIMPLES.has(crt);
  const e: TributacaoEstadualRegra = { ...estadual };
  if (aj.cfop) e.cfop = aj.cfop;
  if (aj.cstIcms) {
    if (simples) e.csosn = aj.cstIcms;
    else e.cstIcms = aj.cstIcms;
    // a code that admits no reduction drops the rule's own (the XML group has no pRedBC)
    if (!COM_REDUCAO.has(aj.cstIcms)) e.reducaoBase = null;
  }
  if (aj.reducaoBase !== undefined) e.reducaoBase = aj.reducaoBase;
  if (aj.aliquotaIcms !== undefined) e.aliquotaIcms = aj.aliquotaIcms;
  let f = federal;
  if (federal) {
    f = { ...federal };
    if (aj.cstIpi) {
      f.cstIpi = aj.cstIpi;
      if (!IPI_TRIBUTADO.has(aj.cstIpi)) f.aliquotaIpi = null;
    }
    if (aj.aliquotaIpi !== undefined) f.aliquotaIpi = aj.aliquotaIpi;
    if (aj.cstPis) f.cstPis = aj.cstPis;
    if (aj.aliquotaPis !== undefined) f.aliquotaPis = aj.aliquotaPis;
    if (aj.cstCofins) f.cstCofins = aj.cstCofins;
    if (aj.aliquotaCofins !== undefined) f.aliquotaCofins = aj.aliquotaCofins;
  }
  return { estadual: e, federal: f };
}

const pisCofinsTributado = (cst: string) => {
  const n = Number(cst);
  return n === 1 || n === 2 || n >= 49;
};

/**
 * What the law forbids in a line's adjustments, in Portuguese, field by field: the same rules on the screen (before
 * applying and saving) and on the server (save, validate, transmit). Empty when all is allowed. cfopExiste, when
 * given, checks the CFOP against the official table.
 */
export function validarAjustes(a: AjustesTributacao | null | undefined, c: ContextoAjuste, cfopExiste?: (cfop: string) => boolean): ErroAjuste[] {
  const aj = ajustesLimpos(a);
  if (!aj) return [];
  const erros: ErroAjuste[] = [];
  const erro = (campo: CampoAjuste, mensagem: string) => void erros.push({ campo, mensagem: `${ROTULO_AJUSTE[campo]}: ${mensagem}` });
  const simples = SIMPLES.has(c.emitente.crt);
  const idDest = destinoDaOperacao(c);
  const sentido = sentidoDaOperacao(c.natureza);
  const { estadual, federal } = regrasVigentes(c);

  // rates: 0 to 100, up to 2 decimals
  for (const campo of ['reducaoBase', 'aliquotaIcms', 'aliquotaIpi', 'aliquotaPis', 'aliquotaCofins'] as const) {
    const v = aj[campo];
    if (v === undefined) continue;
    if (/^-/.test(v)) erro(campo, 'não pode ser negativa.');
    else if (!/^\d{1,3}(\.\d{1,2})?$/.test(v)) erro(campo, `"${v}" não é um percentual (use até 2 casas decimais, como 12 ou 7,6).`);
    else if (dec(v).gt(100)) erro(campo, 'não pode passar de 100%.');
  }
  const taxaOk = (campo: CampoAjuste) => !erros.some((e) => e.campo === campo);

  if (aj.cfop !== undefined) {
    const d = digitoCfop(sentido, idDest);
    const escopo = idDest === 1 ? 'dentro do estado' : idDest === 2 ? 'interestadual' : 'com o exterior';
    const s = sentido === 0 ? 'entrada' : 'saída';
    if (!/^\d{4}$/.test(aj.cfop)) erro('cfop', `"${aj.cfop}" não é um CFOP (4 dígitos).`);
    else if (cfopExiste && !cfopExiste(aj.cfop)) erro('cfop', `${aj.cfop} não existe na tabela oficial de CFOP.`);
    else if (/^[123]/.test(aj.cfop) !== (sentido === 0)) erro('cfop', `${aj.cfop} é de ${sentido === 0 ? 'saída' : 'entrada'}, e esta nota é de ${s}: use um CFOP ${d}xxx.`);
    else if (aj.cfop[0] !== d) erro('cfop', `${aj.cfop} não é de operação ${escopo}; nesta nota (${s} ${escopo}) o CFOP começa com ${d}.`);
  }

  const codigoRegra = estadual ? (simples ? estadual.csosn : estadual.cstIcms) : undefined;
  const codigo = aj.cstIcms ?? codigoRegra ?? '';
  if (aj.cstIcms !== undefined) {
    if (simples && !(CSOSN as readonly string[]).includes(aj.cstIcms)) {
      erro('cstIcms', `${aj.cstIcms} não é um CSOSN; o emitente é do Simples Nacional e usa CSOSN (${CSOSN.join(', ')}).`);
    } else if (!simples && !(CST_ICMS as readonly string[]).includes(aj.cstIcms)) {
      erro('cstIcms', `${aj.cstIcms} não é um CST do ICMS; o emitente é do Regime Normal e usa CST (${CST_ICMS.join(', ')}).`);
    } else if (estadual && COM_ST.has(aj.cstIcms) && !ST_OPCIONAL.has(aj.cstIcms) && !preenchido(estadual.aliquotaIcmsSt)) {
      erro('cstIcms', `o ${simples ? 'CSOSN' : 'CST'} ${aj.cstIcms} tem substituição tributária, e a tributação estadual deste item não tem os dados do ICMS-ST (alíquota, MVA): cadastre-os em Configurações > Fiscal > Tributações estaduais ou use outro código.`);
    }
  }
  const codigoValido = !erros.some((e) => e.campo === 'cstIcms');
  if (codigoValido && codigo) {
    if (aj.aliquotaIcms !== undefined && taxaOk('aliquotaIcms')) {
      if (!COM_ALIQUOTA.has(codigo)) erro('aliquotaIcms', `o ${simples ? 'CSOSN' : 'CST'} ${codigo} não tem ICMS próprio destacado: deixe a alíquota como a regra.`);
      else if (idDest === 2 && ORIGEM_IMPORTADA.has(c.produto.origem) && !dec(aj.aliquotaIcms).eq(4)) erro('aliquotaIcms', 'mercadoria importada em operação interestadual paga 4% (Resolução do Senado 13/2012).');
      else if (idDest === 2 && !['4', '7', '12'].includes(dec(aj.aliquotaIcms).toString())) erro('aliquotaIcms', 'em operação interestadual a alíquota é 4%, 7% ou 12% (Resoluções do Senado 22/1989 e 13/2012).');
    }
    if (aj.reducaoBase !== undefined && taxaOk('reducaoBase') && !dec(aj.reducaoBase).isZero() && !COM_REDUCAO.has(codigo)) {
      erro('reducaoBase', `o ${simples ? 'CSOSN' : 'CST'} ${codigo} não admite redução da base de cálculo (só ${simples ? '900' : '20, 51, 70 e 90'}).`);
    }
    if (!simples && EXIGE_REDUCAO.has(codigo) && estadual && (aj.cstIcms !== undefined || aj.reducaoBase !== undefined) && taxaOk('reducaoBase')) {
      const red = aplicarAjustes(estadual, federal, aj, c.emitente.crt).estadual.reducaoBase;
      if (!preenchido(red) || dec(red).isZero()) erro('reducaoBase', `o CST ${codigo} exige o percentual de redução da base de cálculo.`);
    }
  }

  const federais = ['cstIpi', 'aliquotaIpi', 'cstPis', 'aliquotaPis', 'cstCofins', 'aliquotaCofins'] as const;
  if (!federal && estadual) {
    for (const campo of federais) if (aj[campo] !== undefined) erro(campo, 'o item não tem tributação federal vigente para ajustar; cadastre-a em Configurações > Fiscal > Tributações federais.');
    return erros;
  }
  if (aj.cstIpi !== undefined) {
    const lista: readonly string[] = sentido === 0 ? CST_IPI_ENTRADA : CST_IPI_SAIDA;
    if (!lista.includes(aj.cstIpi)) erro('cstIpi', `${aj.cstIpi} não é CST do IPI de ${sentido === 0 ? 'entrada' : 'saída'} (${lista.join(', ')}).`);
  }
  const cstIpi = aj.cstIpi ?? federal?.cstIpi ?? '';
  if (aj.aliquotaIpi !== undefined && taxaOk('aliquotaIpi') && !dec(aj.aliquotaIpi).isZero() && !IPI_TRIBUTADO.has(cstIpi)) {
    erro('aliquotaIpi', cstIpi ? `o CST ${cstIpi} do IPI não é tributado: não leva alíquota.` : 'informe antes o CST do IPI.');
  }
  for (const [cst, aliq, nome] of [['cstPis', 'aliquotaPis', 'PIS'], ['cstCofins', 'aliquotaCofins', 'COFINS']] as const) {
    if (aj[cst] !== undefined) {
      const lista: readonly string[] = sentido === 0 ? CST_PIS_COFINS_ENTRADA : CST_PIS_COFINS_SAIDA;
      if (!lista.includes(aj[cst]!)) erro(cst, `${aj[cst]} não é CST ${nome === 'PIS' ? 'do PIS' : 'da COFINS'} de ${sentido === 0 ? 'entrada' : 'saída'} (${lista.join(', ')}).`);
    }
    const efetivo = aj[cst] ?? (federal ? federal[cst] : '');
    if (aj[aliq] !== undefined && taxaOk(aliq) && !dec(aj[aliq]!).isZero() && !pisCofinsTributado(efetivo)) {
      erro(aliq, `o CST ${efetivo} ${nome === 'PIS' ? 'do PIS' : 'da COFINS'} não é tributado por alíquota: não leva alíquota.`);
    }
  }
  return erros;
}
