import { XMLValidator } from 'fast-xml-parser';
import { validarMensagem, identificarDocumento, type ErroValidacao } from './validacao-xsd.ts';
import { verificarAssinatura } from './assinatura.ts';
import { validarChave, partesDaChave, aammDe } from './chave.ts';

export interface ResultadoValidacaoXml {
  valido: boolean;
  modelo: string | null;
  chave: string | null;
  tipo: string | null;
  erros: ErroValidacao[];
}

export class XmlMalFormadoError extends Error {
  constructor(message: string, public linha?: number, public coluna?: number) {
    super(message);
  }
}

/** Well-formedness first: a clear sentence with line and column instead of a parser stack trace. */
export function exigirXmlBemFormado(xml: string): void {
  if (!xml.trim()) throw new XmlMalFormadoError('O corpo da requisição está vazio: envie o conteúdo do arquivo XML.');
  const r = XMLValidator.validate(xml.replace(/^\uFEFF/, ''), { allowBooleanAttributes: false });
  if (r !== true) {
    const { msg, line, col } = r.err;
    throw new XmlMalFormadoError(`XML mal formado na linha ${line}, coluna ${col}: ${traduzirMalFormado(msg)}`, line, col);
  }
}

function traduzirMalFormado(msg: string): string {
  let m: RegExpExecArray | null;
  if ((m = /Expected closing tag '([^']+)' \(opened in line (\d+), col (\d+)\) instead of closing tag '([^']+)'/.exec(msg))) {
    return `esperado o fechamento de <${m[1]}> (aberta na linha ${m[2]}), mas veio </${m[4]}>.`;
  }
  if ((m = /Unclosed tag '([^']+)'/.exec(msg)) || (m = /Tag '([^']+)' was not closed/.exec(msg))) return `a tag <${m[1]}> não foi fechada.`;
  if ((m = /Closing tag '([^']+)' has not been opened/.exec(msg))) return `</${m[1]}> fecha uma tag que não foi aberta.`;
  if (/Multiple possible root nodes/.test(msg)) return 'há mais de um elemento raiz.';
  if (/char '(.)' is not expected/.test(msg)) return `caractere '${/char '(.)'/.exec(msg)![1]}' inesperado.`;
  if (/Start tag expected/.test(msg)) return 'esperado o início de uma tag.';
  if (/Attribute '([^']+)' is repeated/.test(msg)) return `atributo '${/Attribute '([^']+)'/.exec(msg)![1]}' repetido.`;
  if (/Invalid '\[/.test(msg) || /entity/i.test(msg)) return 'entidade ou referência de caractere inválida (use &amp; para o caractere &).';
  return msg;
}

const tag = (xml: string, nome: string) => new RegExp(`<(?:\\w+:)?${nome}>([^<]*)</(?:\\w+:)?${nome}>`).exec(xml)?.[1];

/** The key must match the fields it is made of (SEFAZ 502/561/562 and 236). */
function conferirChaveComCampos(xml: string, chave: string, base: string): ErroValidacao[] {
  const erros: ErroValidacao[] = [];
  const p = partesDaChave(chave);
  const emit = /<(?:\w+:)?emit>([\s\S]*?)<\/(?:\w+:)?emit>/.exec(xml)?.[1] ?? '';
  const doc = tag(emit, 'CNPJ') ?? tag(emit, 'CPF') ?? '';
  const dhEmi = tag(xml, 'dhEmi') ?? '';
  const campos: [string, string | undefined, string][] = [
    ['ide/cUF', tag(xml, 'cUF'), p.cUF],
    ['ide/mod', tag(xml, 'mod'), p.modelo],
    ['ide/serie', tag(xml, 'serie')?.padStart(3, '0'), p.serie],
    ['ide/nNF', tag(xml, 'nNF')?.padStart(9, '0'), p.numero],
    ['ide/tpEmis', tag(xml, 'tpEmis'), p.tpEmis],
    ['ide/cNF', tag(xml, 'cNF'), p.cNF],
    ['ide/cDV', tag(xml, 'cDV'), p.cDV],
    ['emit/CNPJ', doc.padStart(14, '0'), p.documento],
    ['ide/dhEmi', dhEmi ? aammDe(dhEmi) : undefined, p.aamm],
  ];
  for (const [campo, valor, daChave] of campos) {
    if (valor !== undefined && valor !== daChave) {
      erros.push({ caminho: `${base}/${campo}`, mensagem: `A chave de acesso não corresponde ao campo ${campo.split('/')[1]}: na chave '${daChave}', no documento '${valor}'.` });
    }
  }
  return erros;
}

/**
 * Checks any NF-e, NFC-e, nfeProc, event or inutilização: schema, signature when there is one, and the access
 * key's check digit (and its agreement with the fields it is made of).
 */
export async function validarXmlFiscal(xml: string): Promise<ResultadoValidacaoXml> {
  exigirXmlBemFormado(xml);
  const { raiz } = identificarDocumento(xml);
  const erros: ErroValidacao[] = [];
  // Documents carrying the tax-reform groups are checked against the PL_010 package.
  const xsd = await validarMensagem(xml, /<(?:\w+:)?(?:IBSCBS|IBSCBSTot)>/.test(xml) ? 'PL_010' : 'PL_009');
  erros.push(...xsd.erros);

  let chave: string | null = null;
  let modelo: string | null = null;
  const idNFe = /<(?:\w+:)?infNFe\b[^>]*\bId="NFe([^"]*)"/.exec(xml)?.[1];
  if (idNFe !== undefined) {
    chave = idNFe;
    modelo = tag(xml, 'mod') ?? null;
    const base = raiz === 'nfeProc' ? 'nfeProc/NFe/infNFe' : 'NFe/infNFe';
    const v = validarChave(idNFe);
    if (!v.valida) erros.push({ caminho: `${base}/@Id`, mensagem: v.motivo });
    else erros.push(...conferirChaveComCampos(xml.slice(0, xml.indexOf('</emit>') + 7), idNFe, base));
    const prot = tag(xml, 'chNFe');
    if (raiz === 'nfeProc' && prot && prot !== idNFe) {
      erros.push({ caminho: 'nfeProc/protNFe/infProt/chNFe', mensagem: `O protocolo é de outra nota: ${prot}.` });
    }
  } else {
    const ch = tag(xml, 'chNFe');
    if (ch) {
      chave = ch;
      modelo = ch.length === 44 ? ch.slice(20, 22) : null;
      const v = validarChave(ch);
      if (!v.valida) erros.push({ caminho: `${raiz}/chNFe`, mensagem: v.motivo });
    } else if (raiz === 'inutNFe' || raiz === 'ProcInutNFe') {
      modelo = tag(xml, 'mod') ?? null;
    }
  }

  if (/<(?:\w+:)?Signature\b/.test(xml)) {
    const a = verificarAssinatura(xml);
    if (!a.valida) erros.push({ caminho: `${raiz}/Signature`, mensagem: a.motivo ?? 'Assinatura inválida.' });
  } else if (raiz && ['NFe', 'nfeProc', 'envEvento', 'inutNFe'].includes(raiz)) {
    // The schema already says Signature is missing; nothing to add.
  }
  return { valido: erros.length === 0, modelo, chave, tipo: raiz, erros };
}
