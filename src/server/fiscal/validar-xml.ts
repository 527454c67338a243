import { XMLValidator } from 'fast-xml-parser';
import type { XmlDocument } from 'libxml2-wasm';
import { carregarLibxml, libxml } from './libxml.ts';
import { validarMensagem, identificarDocumento, pacoteDoDocumento, type ErroValidacao } from './validacao-xsd.ts';
import { verificarAssinatura, type VerificacaoAssinatura } from './assinatura-xml.ts';
import { validarChave, partesDaChave, aammDe } from '../../shared/fiscal/chave.ts';

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

/**
 * Well-formedness first: a clear sentence with line and column instead of a parser stack trace. fast-xml-parser
 * answers the common slips with its own words; then libxml2 (the engine that validates the schema) parses the
 * document, so what fast-xml-parser lets through (undefined entities, control characters, undeclared namespace
 * prefixes, text after the root...) is refused here too, in Portuguese, instead of reaching the schema check.
 * A document with a DOCTYPE is left to the schema check, which refuses it without expanding its entities.
 * libxml2 must be loaded (carregarLibxml) first.
 */
export function exigirXmlBemFormado(xml: string): void {
  if (!xml.trim()) throw new XmlMalFormadoError('O corpo da requisição está vazio: envie o conteúdo do arquivo XML.');
  const texto = xml.replace(/^\uFEFF/, '');
  const r = XMLValidator.validate(texto, { allowBooleanAttributes: false });
  // fast-xml-parser's message, when it is one we can say in Portuguese; otherwise libxml2 below says it.
  const rapido = r === true ? null : { ...r.err, motivo: traduzirMalFormado(r.err.msg) };
  if (rapido?.motivo) throw new XmlMalFormadoError(`XML mal formado na linha ${rapido.line}, coluna ${rapido.col}: ${rapido.motivo}`, rapido.line, rapido.col);
  if (/<!DOCTYPE/i.test(texto)) {
    if (rapido) throw new XmlMalFormadoError(`XML mal formado na linha ${rapido.line}, coluna ${rapido.col}: o conteúdo não segue as regras de um XML bem formado.`, rapido.line, rapido.col);
    return;
  }
  const { XmlDocument: Documento, XmlParseError, ParseOption } = libxml();
  let doc: XmlDocument | null = null;
  try {
    // The body is already text: the encoding named in the XML declaration does not apply any more.
    doc = Documento.fromString(texto, { encoding: 'utf-8', option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE });
  } catch (e) {
    if (!(e instanceof XmlParseError)) throw e;
    const d = e.details.map((x) => ({ linha: x.line, coluna: x.col, msg: x.message.trim() }));
    // libxml2 often reports one slip twice (e.g. "Char 0x0 out of allowed range" and "PCDATA invalid Char value 0"): the first says where.
    const primeiro = d[0] ?? { linha: 1, coluna: 1, msg: '' };
    const motivo = d.map((x) => traduzirLibxml(x.msg)).find((m) => m !== null) ?? 'o conteúdo não segue as regras de um XML bem formado.';
    throw new XmlMalFormadoError(`XML mal formado na linha ${primeiro.linha}, coluna ${primeiro.coluna}: ${motivo}`, primeiro.linha, primeiro.coluna);
  } finally {
    doc?.dispose();
  }
  if (rapido) throw new XmlMalFormadoError(`XML mal formado na linha ${rapido.line}, coluna ${rapido.col}: o conteúdo não segue as regras de um XML bem formado.`, rapido.line, rapido.col);
}

const ENTIDADES_XML = 'só existem &amp; &lt; &gt; &quot; &apos; e as referências numéricas como &#233;';

/** libxml2's well-formedness messages in Portuguese; null when the message is not known (the caller says it generally). */
export function traduzirLibxml(msg: string): string | null {
  let m: RegExpExecArray | null;
  if ((m = /Entity '([^']+)' not defined/.exec(msg))) {
    return `a entidade &${m[1]}; não existe no XML (${ENTIDADES_XML}); escreva o caractere diretamente, em UTF-8.`;
  }
  if (/EntityRef: expecting ';'|xmlParseEntityRef: no name/.test(msg)) return 'o caractere & aparece solto; escreva &amp; no lugar dele.';
  if ((m = /xmlParseCharRef: invalid xmlChar value (\d+)/.exec(msg))) return `a referência &#${m[1]}; é de um caractere que o XML não permite.`;
  if ((m = /invalid Char value (\d+)|Char 0x([0-9A-Fa-f]+)/.exec(msg))) {
    const codigo = m[1] !== undefined ? Number(m[1]) : parseInt(m[2], 16);
    return codigo < 32 ? `caractere de controle (código ${codigo}) no texto; o XML não aceita esse caractere: remova-o.` : `caractere inválido (código ${codigo}) no texto: remova-o.`;
  }
  if (/invalid character in attribute value/.test(msg)) return 'caractere de controle ou inválido no valor de um atributo: remova-o.';
  if ((m = /Namespace prefix (\S+) (?:for (\S+) )?on (\S+) is not defined/.exec(msg))) {
    return `o prefixo de namespace '${m[1]}' usado em <${m[3]}>${m[2] ? ` (atributo ${m[2]})` : ''} não foi declarado: falta xmlns:${m[1]}="..." ou o prefixo deve ser removido.`;
  }
  if (/Empty XML namespace is not allowed/.test(msg)) return 'declaração de namespace com prefixo e endereço vazio (xmlns:prefixo="").';
  if (/Failed to parse QName '([^']+)'/.test(msg)) return `nome inválido: '${/QName '([^']+)'/.exec(msg)![1]}'.`;
  if (/Extra content at the end of the document/.test(msg)) return 'há conteúdo depois do fim do elemento raiz (mais de um elemento raiz ou texto sobrando).';
  if ((m = /Opening and ending tag mismatch: (\S+) line (\d+) and (\S+)/.exec(msg))) return `esperado o fechamento de <${m[1]}> (aberta na linha ${m[2]}), mas veio </${m[3]}>.`;
  if ((m = /Premature end of data in tag (\S+) line (\d+)/.exec(msg))) return `o documento termina antes de fechar <${m[1]}> (aberta na linha ${m[2]}).`;
  if (/Unescaped '<' not allowed in attributes? values?/.test(msg)) return "o caractere < não pode aparecer no valor de um atributo; escreva &lt;.";
  if (/StartTag: invalid element name/.test(msg)) return 'nome de elemento inválido depois de <; se for texto, escreva &lt; no lugar de <.';
  if (/Start tag expected|Document is empty/.test(msg)) return 'o documento não tem um elemento raiz.';
  if ((m = /Attribute (\S+) redefined/.exec(msg))) return `atributo '${m[1]}' repetido.`;
  if (/Double hyphen within comment/.test(msg)) return "comentário com '--' no meio.";
  if (/Comment not terminated/.test(msg)) return 'comentário sem o fechamento -->.';
  if ((m = /Unsupported version '([^']*)'/.exec(msg))) return `versão do XML '${m[1]}' não suportada: use version="1.0".`;
  if (/XML declaration allowed only at the start/.test(msg)) return 'a declaração <?xml ...?> só pode vir no início do documento.';
  if (/Invalid bytes in character encoding|not proper UTF-8|encoding/i.test(msg)) return 'há bytes que não formam texto UTF-8 válido; salve o arquivo em UTF-8.';
  if (/Excessive depth in document/.test(msg)) return 'elementos aninhados em profundidade excessiva (mais de 256 níveis).';
  if (/CData section not finished/.test(msg)) return 'seção CDATA sem o fechamento ]]>.';
  if (/AttValue: " or ' expected|attributes construct error/.test(msg)) return 'valor de atributo sem aspas.';
  if (/Couldn't find end of Start Tag/.test(msg)) return 'tag de abertura sem o fechamento >.';
  return null;
}

function traduzirMalFormado(msg: string): string | null {
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
  if (/without value/.test(msg)) return `atributo '${/Attribute '([^']+)'/.exec(msg)?.[1] ?? ''}' sem valor entre aspas.`;
  if (/is an invalid name/.test(msg)) return `nome inválido: '${/'([^']+)'/.exec(msg)?.[1] ?? ''}'.`;
  return null;
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
export async function validarXmlFiscal(xml: string, opcoes: { verificarAssinatura?: (xml: string) => VerificacaoAssinatura | Promise<VerificacaoAssinatura> } = {}): Promise<ResultadoValidacaoXml> {
  await carregarLibxml();
  exigirXmlBemFormado(xml);
  const { raiz } = identificarDocumento(xml);
  const erros: ErroValidacao[] = [];
  // Documents carrying the tax-reform groups are checked against the PL_010 package.
  const xsd = await validarMensagem(xml, pacoteDoDocumento(xml));
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
    const a = await (opcoes.verificarAssinatura ?? verificarAssinatura)(xml);
    if (!a.valida) erros.push({ caminho: `${raiz}/Signature`, mensagem: a.motivo ?? 'Assinatura inválida.' });
  } else if (raiz && ['NFe', 'nfeProc', 'envEvento', 'inutNFe'].includes(raiz)) {
    // The schema already says Signature is missing; nothing to add.
  }
  return { valido: erros.length === 0, modelo, chave, tipo: raiz, erros };
}
