import { leitorNfe } from '../xml-leitor.ts';

/**
 * What the fiscal files (resumo, SPED C100/C170/C190, Sintegra 50/54) need from a stored nfeProc: identification,
 * parties, the items with their CFOP/CST/ICMS, the totals and the protocol. Values stay text (decimals with a
 * dot, as in the XML): sums are done with decimal.js by the callers.
 */
export interface ParteFiscal {
  cnpj: string | null;
  cpf: string | null;
  idEstrangeiro: string | null;
  nome: string;
  ie: string | null;
  uf: string | null;
  cMun: string | null;
  cPais: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cep: string | null;
  fone: string | null;
}

export interface ItemFiscal {
  nItem: number;
  cProd: string;
  xProd: string;
  ncm: string | null;
  cfop: string;
  unidade: string;
  quantidade: string;
  vProd: string;
  vDesc: string;
  vFrete: string;
  vSeg: string;
  vOutro: string;
  orig: string;
  /** CST (2 digits) or CSOSN (3 digits) of the ICMS. */
  cst: string;
  vBC: string;
  pICMS: string;
  vICMS: string;
  vBCST: string;
  vICMSST: string;
  vIPI: string;
  /** Imposto de importação (part of the note's value on an import). */
  vII: string;
}

export interface NotaFiscalXml {
  chave: string;
  modelo: string;
  serie: number;
  numero: number;
  dataEmissao: string;
  tpNF: number;
  emitente: ParteFiscal;
  destinatario: ParteFiscal | null;
  itens: ItemFiscal[];
  total: Record<'vBC' | 'vICMS' | 'vBCST' | 'vST' | 'vProd' | 'vFrete' | 'vSeg' | 'vDesc' | 'vIPI' | 'vPIS' | 'vCOFINS' | 'vOutro' | 'vNF', string>;
  modFrete: string;
  /** ide/natOp: the natureza da operação printed on the note (SPED 0400). */
  natOp: string | null;
  /** infAdic/infCpl: the complementary information of the taxpayer (SPED 0450/C110). */
  infCpl: string | null;
  cStat: string | null;
  protocolo: string | null;
}

const parser = leitorNfe(['det']);

type Node = Record<string, any>;
const txt = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));
const num = (v: unknown): string => txt(v) ?? '0';

function parte(n: Node | undefined): ParteFiscal | null {
  if (!n) return null;
  const e = (n.enderEmit ?? n.enderDest ?? {}) as Node;
  return {
    cnpj: txt(n.CNPJ),
    cpf: txt(n.CPF),
    idEstrangeiro: txt(n.idEstrangeiro),
    nome: txt(n.xNome) ?? '',
    ie: txt(n.IE),
    uf: txt(e.UF),
    cMun: txt(e.cMun),
    cPais: txt(e.cPais),
    logradouro: txt(e.xLgr),
    numero: txt(e.nro),
    complemento: txt(e.xCpl),
    bairro: txt(e.xBairro),
    cep: txt(e.CEP),
    fone: txt(e.fone),
  };
}

/** The ICMS group of an item, whichever it is (ICMS00 … ICMSSN900). */
function icms(imposto: Node): Node {
  const g = (imposto?.ICMS ?? {}) as Node;
  const k = Object.keys(g)[0];
  return k ? (g[k] as Node) : {};
}

/** Reads an nfeProc (or a bare NFe). Throws when the text is not an NF-e. */
export function lerNotaFiscal(xml: string): NotaFiscalXml {
  return lerRapido(xml) ?? lerNotaFiscalCompleta(xml);
}

// ---------------------------------------------------------------- the fast path
// The exports read every XML of a month: a scan by tag of the groups the files need, in the layout's fixed nesting
// (infNFe > ide/emit/dest/det/total/transp, protNFe > infProt). Anything it does not recognise (a namespace prefix,
// CDATA, a missing group) falls back to the full parser; a test holds both to the same answer on published samples.
const ENTIDADES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const decodificar = (v: string) => (v.includes('&') ? v.replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTIDADES[e]) : v);

/** The inner text of the first <tag> … </tag> in s[from, to), or null. */
function grupo(s: string, tag: string, from = 0, to = s.length): [number, number] | null {
  let i = s.indexOf(`<${tag}`, from);
  while (i >= 0 && i < to) {
    const c = s.charCodeAt(i + tag.length + 1);
    // '>' or ' ' (attributes) or '/' (empty element)
    if (c === 62 || c === 32) {
      const ini = s.indexOf('>', i) + 1;
      const fim = s.indexOf(`</${tag}>`, ini);
      if (fim < 0 || fim > to) return null;
      return [ini, fim];
    }
    if (c === 47) return [i, i];
    i = s.indexOf(`<${tag}`, i + 1);
  }
  return null;
}
function texto(s: string, tag: string, g?: [number, number] | null): string | null {
  if (g === null) return null;
  const r = grupo(s, tag, g?.[0] ?? 0, g?.[1] ?? s.length);
  if (!r || r[0] === r[1]) return null;
  const v = s.slice(r[0], r[1]).trim();
  return v === '' ? null : decodificar(v);
}

function parteRapida(s: string, g: [number, number] | null, ender: string): ParteFiscal | null {
  if (!g) return null;
  const e = grupo(s, ender, g[0], g[1]);
  // the party's own tags come before its address group
  const proprio: [number, number] = [g[0], e ? e[0] : g[1]];
  const endereco = e ?? ([g[1], g[1]] as [number, number]);
  return {
    cnpj: texto(s, 'CNPJ', proprio),
    cpf: texto(s, 'CPF', proprio),
    idEstrangeiro: texto(s, 'idEstrangeiro', proprio),
    nome: texto(s, 'xNome', proprio) ?? '',
    ie: texto(s, 'IE', [e ? e[1] : g[0], g[1]]) ?? texto(s, 'IE', proprio),
    uf: texto(s, 'UF', endereco),
    cMun: texto(s, 'cMun', endereco),
    cPais: texto(s, 'cPais', endereco),
    logradouro: texto(s, 'xLgr', endereco),
    numero: texto(s, 'nro', endereco),
    complemento: texto(s, 'xCpl', endereco),
    bairro: texto(s, 'xBairro', endereco),
    cep: texto(s, 'CEP', endereco),
    fone: texto(s, 'fone', endereco),
  };
}

export function lerRapido(xml: string): NotaFiscalXml | null {
  if (xml.includes('<![CDATA[') || /<[A-Za-z]+:infNFe/.test(xml)) return null;
  const inf = grupo(xml, 'infNFe');
  if (!inf) return null;
  const id = /<infNFe[^>]*\sId="NFe(\d{44})"/.exec(xml);
  const ide = grupo(xml, 'ide', inf[0], inf[1]);
  const emit = grupo(xml, 'emit', inf[0], inf[1]);
  const tot = grupo(xml, 'ICMSTot', inf[0], inf[1]);
  if (!id || !ide || !emit || !tot) return null;
  const itens: ItemFiscal[] = [];
  let p = inf[0];
  for (;;) {
    const d = xml.indexOf('<det ', p);
    if (d < 0 || d > inf[1]) break;
    const fim = xml.indexOf('</det>', d);
    const nItem = /nItem="(\d+)"/.exec(xml.slice(d, d + 40));
    const prod = grupo(xml, 'prod', d, fim);
    const imp = grupo(xml, 'imposto', d, fim);
    if (!nItem || !prod || !imp) return null;
    const g = grupo(xml, 'ICMS', imp[0], imp[1]);
    const icms: [number, number] | null = g ? (() => {
      const ini = xml.indexOf('<', g[0]);
      const tag = /^<(\w+)/.exec(xml.slice(ini, ini + 20))?.[1];
      return tag ? grupo(xml, tag, g[0], g[1]) : null;
    })() : null;
    const ipi = grupo(xml, 'IPITrib', imp[0], imp[1]);
    const ii = grupo(xml, 'II', imp[0], imp[1]);
    const n = (tag: string, r: [number, number] | null) => (r ? (texto(xml, tag, r) ?? '0') : '0');
    itens.push({
      nItem: Number(nItem[1]),
      cProd: texto(xml, 'cProd', prod) ?? '',
      xProd: texto(xml, 'xProd', prod) ?? '',
      ncm: texto(xml, 'NCM', prod),
      cfop: texto(xml, 'CFOP', prod) ?? '',
      unidade: texto(xml, 'uCom', prod) ?? '',
      quantidade: n('qCom', prod),
      vProd: n('vProd', prod),
      vDesc: n('vDesc', prod),
      vFrete: n('vFrete', prod),
      vSeg: n('vSeg', prod),
      vOutro: n('vOutro', prod),
      orig: n('orig', icms),
      cst: (icms && (texto(xml, 'CST', icms) ?? texto(xml, 'CSOSN', icms))) || '',
      vBC: n('vBC', icms),
      pICMS: n('pICMS', icms),
      vICMS: n('vICMS', icms),
      vBCST: n('vBCST', icms),
      vICMSST: n('vICMSST', icms),
      vIPI: n('vIPI', ipi),
      vII: n('vII', ii),
    });
    p = fim + 6;
  }
  const prot = grupo(xml, 'infProt', inf[1]);
  const transp = grupo(xml, 'transp', inf[0], inf[1]);
  const t = (tag: string) => texto(xml, tag, tot) ?? '0';
  return {
    chave: id[1],
    modelo: texto(xml, 'mod', ide) ?? '',
    serie: Number(texto(xml, 'serie', ide)),
    numero: Number(texto(xml, 'nNF', ide)),
    dataEmissao: (texto(xml, 'dhEmi', ide) ?? texto(xml, 'dEmi', ide) ?? '').slice(0, 10),
    tpNF: Number(texto(xml, 'tpNF', ide)),
    emitente: parteRapida(xml, emit, 'enderEmit')!,
    destinatario: parteRapida(xml, grupo(xml, 'dest', inf[0], inf[1]), 'enderDest'),
    itens,
    total: { vBC: t('vBC'), vICMS: t('vICMS'), vBCST: t('vBCST'), vST: t('vST'), vProd: t('vProd'), vFrete: t('vFrete'), vSeg: t('vSeg'), vDesc: t('vDesc'), vIPI: t('vIPI'), vPIS: t('vPIS'), vCOFINS: t('vCOFINS'), vOutro: t('vOutro'), vNF: t('vNF') },
    modFrete: transp ? (texto(xml, 'modFrete', transp) ?? '0') : '0',
    natOp: texto(xml, 'natOp', ide),
    infCpl: (() => {
      const adic = grupo(xml, 'infAdic', inf[0], inf[1]);
      return adic ? texto(xml, 'infCpl', adic) : null;
    })(),
    cStat: prot ? texto(xml, 'cStat', prot) : null,
    protocolo: prot ? texto(xml, 'nProt', prot) : null,
  };
}

/** The full parser (fast-xml-parser): the reference the fast path is held to, and its fallback. */
export function lerNotaFiscalCompleta(xml: string): NotaFiscalXml {
  const raiz = parser.parse(xml) as Node;
  const proc = (raiz.nfeProc ?? raiz) as Node;
  const inf = proc.NFe?.infNFe as Node | undefined;
  if (!inf) throw new Error('O arquivo não é uma NF-e.');
  const ide = inf.ide as Node;
  const t = (inf.total?.ICMSTot ?? {}) as Node;
  const prot = proc.protNFe?.infProt as Node | undefined;
  const itens: ItemFiscal[] = ((inf.det ?? []) as Node[]).map((d) => {
    const p = d.prod as Node;
    const i = icms(d.imposto);
    const ipi = (d.imposto?.IPI?.IPITrib ?? {}) as Node;
    return {
      nItem: Number(d['@nItem']),
      cProd: String(p.cProd),
      xProd: String(p.xProd),
      ncm: txt(p.NCM),
      cfop: String(p.CFOP),
      unidade: String(p.uCom),
      quantidade: num(p.qCom),
      vProd: num(p.vProd),
      vDesc: num(p.vDesc),
      vFrete: num(p.vFrete),
      vSeg: num(p.vSeg),
      vOutro: num(p.vOutro),
      orig: num(i.orig),
      cst: String(i.CST ?? i.CSOSN ?? ''),
      vBC: num(i.vBC),
      pICMS: num(i.pICMS),
      vICMS: num(i.vICMS),
      vBCST: num(i.vBCST),
      vICMSST: num(i.vICMSST),
      vIPI: num(ipi.vIPI),
      vII: num(d.imposto?.II?.vII),
    };
  });
  const chave = String(inf['@Id'] ?? '').replace(/^NFe/, '');
  return {
    chave,
    modelo: String(ide.mod),
    serie: Number(ide.serie),
    numero: Number(ide.nNF),
    dataEmissao: String(ide.dhEmi ?? ide.dEmi).slice(0, 10),
    tpNF: Number(ide.tpNF),
    emitente: parte(inf.emit)!,
    destinatario: parte(inf.dest),
    itens,
    total: {
      vBC: num(t.vBC),
      vICMS: num(t.vICMS),
      vBCST: num(t.vBCST),
      vST: num(t.vST),
      vProd: num(t.vProd),
      vFrete: num(t.vFrete),
      vSeg: num(t.vSeg),
      vDesc: num(t.vDesc),
      vIPI: num(t.vIPI),
      vPIS: num(t.vPIS),
      vCOFINS: num(t.vCOFINS),
      vOutro: num(t.vOutro),
      vNF: num(t.vNF),
    },
    modFrete: num(inf.transp?.modFrete),
    natOp: txt(ide.natOp),
    infCpl: txt(inf.infAdic?.infCpl),
    cStat: txt(prot?.cStat),
    protocolo: txt(prot?.nProt),
  };
}
