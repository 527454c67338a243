import { XMLParser } from 'fast-xml-parser';
import Decimal from 'decimal.js';

/**
 * The taxes of a stored NF-e/NFC-e (nfeProc or NFe) as the journal needs them: the ICMSTot group of its total —
 * vICMS, vPIS, vCOFINS, vIPI — read by an XML parser (namespaces dropped, values kept as text, then normalised to
 * two places with decimal.js), never by pattern matching on the text.
 *
 * Why not the fiscal module's reader: fiscal has no public face (no index.ts), and the readers that exist —
 * exportações' nfe-fiscal.ts and compras' nfe-leitura.ts — sit above contábil (exportações imports contábil), so an
 * import from here would point up. The notes' structured data (notas_fiscais.dados, the entry's document) keeps the
 * lines as typed, not the taxes SEFAZ authorised; the XML is that record.
 */
export interface TotaisTributos {
  vICMS: string;
  vPIS: string;
  vCOFINS: string;
  vIPI: string;
}

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, ignoreAttributes: true, trimValues: true });

type No = Record<string, unknown> | undefined;
const filho = (n: No, nome: string): No => (n && typeof n === 'object' ? (n[nome] as No) : undefined);

/** The totals of the note, or null when the text is not an NF-e with an ICMSTot group. */
export function totaisDoXml(xml: string): TotaisTributos | null {
  let doc: No;
  try {
    doc = parser.parse(xml) as No;
  } catch {
    return null;
  }
  const nfe = filho(filho(doc, 'nfeProc'), 'NFe') ?? filho(doc, 'NFe');
  const tot = filho(filho(filho(nfe, 'infNFe'), 'total'), 'ICMSTot');
  if (!tot) return null;
  const v = (tag: string) => {
    const t = tot[tag];
    return typeof t === 'string' && /^\d+(\.\d+)?$/.test(t) ? new Decimal(t).toFixed(2) : '0.00';
  };
  return { vICMS: v('vICMS'), vPIS: v('vPIS'), vCOFINS: v('vCOFINS'), vIPI: v('vIPI') };
}
