/**
 * Minimal XML writer for the layouts: elements are written in the order the caller gives (the XSD order), empty
 * optional groups vanish, and text is escaped the way C14N writes it so the signed bytes and the canonical form
 * agree.
 */
export type Parte = string | undefined | null | false;

const ESC_TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const ESC_ATTR: Record<string, string> = { '&': '&amp;', '<': '&lt;', '"': '&quot;', '\t': '&#x9;', '\n': '&#xA;', '\r': '&#xD;' };

export const escapeText = (s: string): string => s.replace(/[&<>\r]/g, (c) => ESC_TEXT[c]);
export const escapeAttr = (s: string): string => s.replace(/[&<"\t\n\r]/g, (c) => ESC_ATTR[c]);

/**
 * The layout's TString: Latin-1 printable characters, no leading/trailing blanks, no line breaks (SEFAZ rejects
 * "caracteres de edição" between tags and most patterns forbid them in values).
 */
export function textoLeiaute(s: string): string {
  return s
    .normalize('NFC')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[^ -ÿ]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** A leaf element; undefined/null/'' value -> nothing written. */
export function t(nome: string, valor: string | number | undefined | null): string {
  if (valor === undefined || valor === null || valor === '') return '';
  return `<${nome}>${escapeText(String(valor))}</${nome}>`;
}

/** A leaf element holding free text: normalised to the layout's TString first. */
export function tx(nome: string, valor: string | undefined | null): string {
  if (valor === undefined || valor === null) return '';
  return t(nome, textoLeiaute(valor));
}

/** A group element; written only when some child produced output (or when `sempre`). */
export function g(nome: string, filhos: Parte[], attrs?: Record<string, string | undefined>, sempre = false): string {
  let corpo = '';
  for (const f of filhos) if (f) corpo += f;
  if (!corpo && !sempre) return '';
  let a = '';
  if (attrs) for (const [k, v] of Object.entries(attrs)) if (v !== undefined) a += ` ${k}="${escapeAttr(v)}"`;
  return `<${nome}${a}>${corpo}</${nome}>`;
}
