import { XMLParser } from 'fast-xml-parser';

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
  cStat: string | null;
  protocolo: string | null;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'det',
});

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
    cStat: txt(prot?.cStat),
    protocolo: txt(prot?.nProt),
  };
}
