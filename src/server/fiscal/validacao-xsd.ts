import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';
import { poolCompartilhado } from './validacao-pool.ts';
import type { ErroValidacao, Pacote, ResultadoXsd } from './validacao-tipos.ts';

export type { ErroValidacao, Pacote, ResultadoXsd };
import type { XmlBufferInputProvider, XmlDocument, XsdValidator } from 'libxml2-wasm';
import { carregarLibxml, libxml } from './libxml.ts';

/**
 * XSD validation inside the application (libxml2 compiled to WASM, the same engine as Debian's xmllint), with
 * each error turned into Portuguese naming the XML path and the field's name in the layout.
 *
 * Each schema (package + root XSD) is parsed and compiled once by libxml2-wasm and kept in memory as an
 * XsdValidator: a validation then costs only parsing the document and walking it (a few ms for 30 items),
 * instead of recompiling the whole package on every call. The XSD files (with their xs:include/xs:import) are
 * handed to libxml2 from memory through an input provider that answers only for them, so a validated document
 * can never make libxml2 read anything else from the disk.
 */

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * The official packages, carried by the repository (schemas/fiscal/xsd, unchanged copies of ../shared/fiscal's,
 * see its README.md): a clone issues notes without anything beside it.
 */
export const PACOTES: Record<Pacote, string> = {
  PL_009: process.env.FISCAL_XSD_PL009 ?? path.resolve(RAIZ, 'schemas/fiscal/xsd/nfe/PL_009_V4'),
  PL_010: process.env.FISCAL_XSD_PL010 ?? path.resolve(RAIZ, 'schemas/fiscal/xsd/nfe/PL_010_V1.30'),
  /** NFS-e national standard (DPS, NFSe, events) v1.00 */
  NFSE_V1: process.env.FISCAL_XSD_NFSE ?? path.resolve(RAIZ, 'schemas/fiscal/xsd/nfse/v1_00'),
  /** NFS-e national standard v1.01: the DPS with the declarative IBSCBS group (issue 39) */
  NFSE_V101: process.env.FISCAL_XSD_NFSE_V101 ?? path.resolve(RAIZ, 'schemas/fiscal/xsd/nfse/v1_01'),
};


interface SchemaCompilado {
  validador: XsdValidator;
  documentacao: Map<string, string>;
}

/** The XSD texts libxml2 may read (absolute path → bytes), filled as packages are compiled. */
let arquivosXsd: XmlBufferInputProvider | null = null;

const schemas = new Map<string, SchemaCompilado>();

/** Field descriptions of the layout keyed by "parent/child" and by "child" (first seen). */
function extrairDocumentacao(xsd: string, mapa: Map<string, string>) {
  const pilha: string[] = [];
  const re = /<xs:element\b([^>]*?)(\/?)>|<\/xs:element>|<xs:documentation>([^<]*)<\/xs:documentation>/g;
  let pendente: string | null = null;
  for (let m = re.exec(xsd); m; m = re.exec(xsd)) {
    if (m[0] === '</xs:element>') {
      pilha.pop();
      pendente = null;
    } else if (m[3] !== undefined) {
      if (pendente) {
        const texto = m[3].replace(/\s+/g, ' ').trim();
        const pai = pilha[pilha.length - 2];
        if (pai && !mapa.has(`${pai}/${pendente}`)) mapa.set(`${pai}/${pendente}`, texto);
        if (!mapa.has(pendente)) mapa.set(pendente, texto);
        pendente = null;
      }
    } else {
      const nome = /\bname="([^"]+)"/.exec(m[1])?.[1] ?? /\bref="(?:\w+:)?([^"]+)"/.exec(m[1])?.[1] ?? '?';
      if (m[2] !== '/') {
        pilha.push(nome);
        pendente = nome;
      }
    }
  }
}

/**
 * A schema file of a package is missing from the server's installation. Its message is what a user may read
 * (stored as a note's error): Portuguese and without the server's folders; the path is a property, printed with the
 * stack in the server's log.
 */
export class XsdAusenteError extends Error {
  constructor(
    readonly pacote: Pacote,
    readonly arquivo: string,
    readonly caminho: string,
  ) {
    super(`O servidor não tem o schema XSD ${arquivo} do pacote ${pacote} para validar o documento: a instalação está incompleta; avise o suporte.`);
    this.name = 'XsdAusenteError';
  }
}

let compilacoes = 0;
/** How many schemas this process has compiled (each package file once; checked by tests). */
export const schemasCompilados = (): number => compilacoes;

function compilar(pacote: Pacote, arquivo: string): SchemaCompilado {
  const chave = `${pacote}/${arquivo}`;
  const hit = schemas.get(chave);
  if (hit) return hit;
  compilacoes++;
  const dir = PACOTES[pacote];
  const vistos = new Map<string, string>();
  const fila = [arquivo];
  while (fila.length) {
    const f = fila.shift()!;
    if (vistos.has(f)) continue;
    const p = path.join(dir, f);
    if (!existsSync(p)) throw new XsdAusenteError(pacote, f, p);
    const txt = readFileSync(p, 'utf8');
    vistos.set(f, txt);
    for (const m of txt.matchAll(/schemaLocation="([^"]+)"/g)) fila.push(m[1]);
  }
  const documentacao = new Map<string, string>();
  for (const txt of vistos.values()) extrairDocumentacao(txt, documentacao);
  const { XmlBufferInputProvider, XmlDocument, XsdValidator, xmlRegisterInputProvider } = libxml();
  if (!arquivosXsd) {
    arquivosXsd = new XmlBufferInputProvider({});
    xmlRegisterInputProvider(arquivosXsd);
  }
  for (const [f, txt] of vistos) arquivosXsd.addBuffer(path.join(dir, f), Buffer.from(txt, 'utf8'));
  const principal = path.join(dir, arquivo);
  // The XSD document stays alive with its validator (the compiled schema points into it).
  const xsd = XmlDocument.fromBuffer(Buffer.from(vistos.get(arquivo)!, 'utf8'), { url: principal });
  const c = { validador: XsdValidator.fromDoc(xsd), documentacao };
  schemas.set(chave, c);
  return c;
}

/** Which XSD checks which message: by root element (and event type for envEvento/procEvento). */
export function schemaParaRaiz(raiz: string, tpEvento?: string): string | null {
  const eventos: Record<string, [string, string]> = {
    '110111': ['envEventoCancNFe_v1.00.xsd', 'procEventoCancNFe_v1.00.xsd'],
    '110112': ['envEventoCancSubst_v1.00.xsd', 'procEventoCancSubst_v1.00.xsd'],
    '110110': ['envCCe_v1.00.xsd', 'procCCeNFe_v1.00.xsd'],
    '210200': ['envConfRecebto_v1.00.xsd', 'procConfRecebtoNFe_v1.00.xsd'],
    '210210': ['envConfRecebto_v1.00.xsd', 'procConfRecebtoNFe_v1.00.xsd'],
    '210220': ['envConfRecebto_v1.00.xsd', 'procConfRecebtoNFe_v1.00.xsd'],
    '210240': ['envConfRecebto_v1.00.xsd', 'procConfRecebtoNFe_v1.00.xsd'],
    '110140': ['envEPEC_v1.00.xsd', 'procEPEC_v1.00.xsd'],
  };
  switch (raiz) {
    case 'NFe': return 'nfe_v4.00.xsd';
    case 'nfeProc': return 'procNFe_v4.00.xsd';
    case 'enviNFe': return 'enviNFe_v4.00.xsd';
    case 'retEnviNFe': return 'retEnviNFe_v4.00.xsd';
    case 'inutNFe': return 'inutNFe_v4.00.xsd';
    case 'retInutNFe': return 'retInutNFe_v4.00.xsd';
    case 'ProcInutNFe': case 'procInutNFe': return 'procInutNFe_v4.00.xsd';
    case 'consStatServ': return 'consStatServ_v4.00.xsd';
    case 'retConsStatServ': return 'retConsStatServ_v4.00.xsd';
    case 'consReciNFe': return 'consReciNFe_v4.00.xsd';
    case 'retConsReciNFe': return 'retConsReciNFe_v4.00.xsd';
    case 'consSitNFe': return 'consSitNFe_v4.00.xsd';
    case 'retConsSitNFe': return 'retConsSitNFe_v4.00.xsd';
    case 'distDFeInt': return 'distDFeInt_v1.01.xsd';
    case 'retDistDFeInt': return 'retDistDFeInt_v1.01.xsd';
    case 'retEnvEvento': return 'retEnvEvento_v1.00.xsd';
    case 'envEvento': return tpEvento && eventos[tpEvento] ? eventos[tpEvento][0] : null;
    case 'procEventoNFe': return tpEvento && eventos[tpEvento] ? eventos[tpEvento][1] : null;
    // NFS-e national standard (pacote NFSE_V1)
    case 'DPS': return 'DPS_v1.00.xsd';
    case 'NFSe': return 'NFSe_v1.00.xsd';
    case 'pedRegEvento': return 'pedRegEvento_v1.00.xsd';
    case 'evento': return 'evento_v1.00.xsd';
  }
  return null;
}

/** One element per line, so libxml2's line numbers point at an element and its path can be told. */
function umElementoPorLinha(xml: string): string {
  return xml.replace(/^\uFEFF/, '').replace(/>\s*<(?!\/)/g, '>\n<');
}

const REPETIVEIS = new Set(['det', 'detPag', 'dup', 'vol', 'NFref', 'obsCont', 'obsFisco', 'autXML', 'lacres', 'reboque', 'DI', 'adi', 'rastro', 'evento', 'retEvento', 'NFe', 'docZip', 'procRef', 'gCred', 'NVE']);

/** Path of the element that starts on each line (1-based), e.g. NFe/infNFe/det[2]/prod/vProd. */
function caminhosPorLinha(formatado: string): string[] {
  const linhas = formatado.split('\n');
  const caminhos: string[] = [''];
  const pilha: { nome: string; contagem: Map<string, number> }[] = [{ nome: '', contagem: new Map() }];
  for (const linha of linhas) {
    let caminhoLinha = '';
    const re = /<(\/?)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[^>]*?(\/?)>/g;
    for (let m = re.exec(linha); m; m = re.exec(linha)) {
      if (m[0].startsWith('<?') || m[0].startsWith('<!')) continue;
      if (m[1] === '/') {
        if (pilha.length > 1) pilha.pop();
        continue;
      }
      const nome = m[3];
      const topo = pilha[pilha.length - 1];
      const n = (topo.contagem.get(nome) ?? 0) + 1;
      topo.contagem.set(nome, n);
      const rotulo = REPETIVEIS.has(nome) && pilha.length > 1 ? `${nome}[${n}]` : nome;
      const completo = [...pilha.slice(1).map((p) => p.nome), rotulo].join('/');
      if (!caminhoLinha) caminhoLinha = completo;
      if (m[4] !== '/') pilha.push({ nome: rotulo, contagem: new Map() });
    }
    caminhos.push(caminhoLinha || caminhos[caminhos.length - 1]);
  }
  return caminhos;
}

const semNs = (s: string) => s.replace(/\{[^}]*\}/g, '');

function nomeCampo(doc: Map<string, string>, caminho: string, elemento: string): string {
  const partes = caminho.split('/').map((p) => p.replace(/\[\d+\]$/, ''));
  const pai = partes[partes.length - 2];
  let d = (pai && doc.get(`${pai}/${elemento}`)) || doc.get(elemento);
  if (!d) return elemento;
  // The XSD's notes often list every code after the name; the name is what helps here.
  if (d.length > 70 && d.indexOf(' (') > 0) d = d.slice(0, d.indexOf(' ('));
  return `${elemento} (${d.replace(/[.:;]\s*$/, '')})`;
}

/** libxml2's English schema messages, in Portuguese. */
export function traduzirErro(msg: string, caminho: string, doc: Map<string, string>): ErroValidacao {
  const m0 = /^(?:Schemas validity error : )?Element '([^']+)'(?:, attribute '([^']+)')?: (.*)$/s.exec(msg.trim());
  if (!m0) return { caminho, mensagem: `Erro de schema: ${msg}` };
  const elemento = semNs(m0[1]);
  const atributo = m0[2];
  const resto = m0[3];
  const campo = atributo ? `atributo ${atributo} de ${elemento}` : nomeCampo(doc, caminho, elemento);
  const cam = atributo ? `${caminho}/@${atributo}` : caminho;
  let m: RegExpExecArray | null;
  if ((m = /\[facet 'pattern'\] The value '([^']*)' is not accepted by the pattern '([^']*)'/.exec(resto))) {
    return { caminho: cam, mensagem: `Valor '${m[1]}' inválido em ${campo}: não segue o formato do leiaute (${m[2]}).` };
  }
  if ((m = /\[facet 'enumeration'\] The value '([^']*)' is not an element of the set \{(.*)\}/.exec(resto))) {
    return { caminho: cam, mensagem: `Valor '${m[1]}' não permitido em ${campo}. Valores aceitos: ${m[2].replace(/'/g, '')}.` };
  }
  if ((m = /\[facet 'maxLength'\] The value has a length of '(\d+)'; this exceeds the allowed maximum length of '(\d+)'/.exec(resto))) {
    return { caminho: cam, mensagem: `${campo} tem ${m[1]} caracteres; o máximo é ${m[2]}.` };
  }
  if ((m = /\[facet 'minLength'\] The value has a length of '(\d+)'; this underruns the allowed minimum length of '(\d+)'/.exec(resto))) {
    return { caminho: cam, mensagem: `${campo} tem ${m[1]} caracteres; o mínimo é ${m[2]}.` };
  }
  if ((m = /\[facet 'length'\] The value has a length of '(\d+)'; this differs from the allowed length of '(\d+)'/.exec(resto))) {
    return { caminho: cam, mensagem: `${campo} tem ${m[1]} caracteres; deve ter exatamente ${m[2]}.` };
  }
  if ((m = /This element is not expected\. Expected is(?: one of)? \( ?(.*?) ?\)/.exec(resto))) {
    return { caminho: cam, mensagem: `${campo} não é permitido nesta posição. Esperado: ${semNs(m[1])}.` };
  }
  if (/This element is not expected/.test(resto)) {
    return { caminho: cam, mensagem: `${campo} não é permitido nesta posição (elemento a mais ou fora de ordem).` };
  }
  if ((m = /Missing child element\(s\)\. Expected is(?: one of)? \( ?(.*?) ?\)/.exec(resto))) {
    return { caminho: cam, mensagem: `Falta informar ${semNs(m[1])} dentro de ${campo}.` };
  }
  if ((m = /The attribute '([^']+)' is required but missing/.exec(resto))) {
    return { caminho: cam, mensagem: `Falta o atributo obrigatório ${m[1]} em ${campo}.` };
  }
  if ((m = /The attribute '([^']+)' is not allowed/.exec(resto))) {
    return { caminho: cam, mensagem: `O atributo ${m[1]} não é permitido em ${campo}.` };
  }
  if ((m = /'([^']*)' is not a valid value of the (?:atomic|local atomic|union|list) type/.exec(resto))) {
    return { caminho: cam, mensagem: `Valor '${m[1]}' inválido em ${campo}.` };
  }
  if (/No matching global declaration available for the validation root/.test(resto)) {
    return { caminho: cam, mensagem: `O elemento raiz ${elemento} não é o esperado para este documento (confira o namespace http://www.portalfiscal.inf.br/nfe).` };
  }
  if (/Character content other than whitespace is not allowed/.test(resto)) {
    return { caminho: cam, mensagem: `${campo} não pode conter texto, apenas outros elementos.` };
  }
  if (/is not a valid value|not accepted/.test(resto)) return { caminho: cam, mensagem: `Valor inválido em ${campo}.` };
  return { caminho: cam, mensagem: `Erro de schema em ${campo}: ${semNs(resto)}` };
}


/** libxml2's messages end in a newline; "fails to validate" is the summary line, not an error of its own. */
function errosDe(e: unknown): { linha: number; msg: string }[] | null {
  const { XmlValidateError, XmlParseError } = libxml();
  if (e instanceof XmlValidateError || e instanceof XmlParseError) {
    return e.details.map((d) => ({ linha: d.line, msg: d.message.trim() })).filter((d) => !/fails to validate$/.test(d.msg));
  }
  return null;
}

/**
 * Validates against the compiled schema of the package. Synchronous inside (libxml2 in WASM), a few ms for a
 * 30-item NF-e; kept as a promise so callers do not depend on where it runs.
 */
export function validarXsdSync(xml: string, arquivo: string, pacote: Pacote = 'PL_009'): ResultadoXsd {
  const { XmlDocument, XmlError, XmlParseError } = libxml();
  const c = compilar(pacote, arquivo);
  const formatado = umElementoPorLinha(xml);
  const schema = `${pacote}/${arquivo}`;
  // The layout has no DTD; a DOCTYPE could only bring entities (and files) from outside the document.
  if (/<!DOCTYPE/i.test(formatado)) {
    return { valido: false, schema, erros: [{ caminho: '', mensagem: 'O XML não pode conter declaração DOCTYPE: o leiaute da NF-e não a admite.' }] };
  }
  let doc: XmlDocument | null = null;
  try {
    // A string is already text: the encoding named in the XML declaration no longer applies.
    doc = XmlDocument.fromString(formatado, { url: 'documento.xml', encoding: 'utf-8' });
    c.validador.validate(doc);
    return { valido: true, schema, erros: [] };
  } catch (e) {
    const brutos = errosDe(e);
    if (!brutos) {
      if (e instanceof XmlError) return { valido: false, schema, erros: [{ caminho: '', mensagem: `O documento não pôde ser validado pelo schema: ${e.message}.` }] };
      throw e;
    }
    if (e instanceof XmlParseError) {
      return { valido: false, schema, erros: brutos.map((b) => ({ caminho: '', mensagem: `XML malformado (linha ${b.linha}): ${b.msg}` })) };
    }
    const caminhos = caminhosPorLinha(formatado);
    const erros = brutos.map((b) => traduzirErro(b.msg, caminhos[b.linha] ?? '', c.documentacao));
    return { valido: erros.length === 0, schema, erros };
  } finally {
    doc?.dispose();
  }
}

/**
 * Validates in the worker pool (validacao-pool.ts: the calling thread stays free); in the calling thread when
 * FISCAL_XSD_WORKERS=0 or inside one of the pool's own workers.
 */
export async function validarXsd(xml: string, arquivo: string, pacote: Pacote = 'PL_009'): Promise<ResultadoXsd> {
  const pool = (workerData as { validacaoXsd?: boolean } | null)?.validacaoXsd ? null : poolCompartilhado();
  if (!pool) {
    await carregarLibxml();
    return validarXsdSync(xml, arquivo, pacote);
  }
  return pool.validar(xml, arquivo, pacote);
}

/** Root element name and (for events) tpEvento, without a full parse. */
export function identificarDocumento(xml: string): { raiz: string | null; tpEvento?: string } {
  const semProlog = xml.replace(/^\uFEFF/, '').replace(/<\?[^>]*\?>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  const raiz = /<(?:[\w.-]+:)?([\w.-]+)[\s>/]/.exec(semProlog)?.[1] ?? null;
  const tpEvento = /<(?:[\w.-]+:)?tpEvento>(\d{6})</.exec(xml)?.[1];
  return { raiz, tpEvento };
}

/**
 * Groups that exist only in the tax-reform package (PL_010): IBS/CBS, Imposto Seletivo, compras governamentais,
 * débito/crédito notes, pagamento antecipado, the new totals and references.
 */
const SO_PL_010 = /<(?:[\w.-]+:)?(?:IBSCBS|IBSCBSTot|IS|ISTot|gCompraGov|tpNFDebito|tpNFCredito|gPagAntecipado|cMunFGIBS|DFeReferenciado|vItem|vNFTot|agropecuario|dPrevEntrega|indBemMovelUsado|infPAA)[\s>/]/;

/** An alphanumeric CNPJ (or a key/Id that carries one): PL_009's patterns take digits only, PL_010's TCnpj/TChNFe take letters. */
const CNPJ_ALFANUMERICO = /<(?:[\w.-]+:)?(?:CNPJ|CNPJAutor|CNPJDest|chNFe|refNFe)>(?=[0-9A-Z]*[A-Z])[0-9A-Z]+<|\bId="(?:NFe|ID)(?=[0-9A-Z]*[A-Z])[0-9A-Z]+"/;

/**
 * The layout package a document (or a batch, a nfeProc...) is checked against: PL_010 when it carries any group of
 * the tax reform, PL_009 otherwise. The client, the local SEFAZ and the validation service all decide the same way.
 */
export function pacoteDoDocumento(xml: string): Pacote {
  if (xml.includes('http://www.sped.fazenda.gov.br/nfse')) return /<(?:[\w.-]+:)?(?:DPS|NFSe|pedRegEvento|evento)\b[^>]*\bversao="1\.01"/.test(xml) ? 'NFSE_V101' : 'NFSE_V1';
  return SO_PL_010.test(xml) || CNPJ_ALFANUMERICO.test(xml) ? 'PL_010' : 'PL_009';
}

/** Validates any message of the engine against its XSD, chosen from the root element. */
export async function validarMensagem(xml: string, pacote: Pacote = 'PL_009'): Promise<ResultadoXsd> {
  const { raiz, tpEvento } = identificarDocumento(xml);
  const nomeV100 = raiz ? schemaParaRaiz(raiz, tpEvento) : null;
  // The NFS-e v1.01 package names its files _v1.01 (same roots).
  const arquivo = nomeV100 && pacote === 'NFSE_V101' ? nomeV100.replace('_v1.00.xsd', '_v1.01.xsd') : nomeV100;
  if (!arquivo) {
    return {
      valido: false,
      schema: '',
      erros: [{ caminho: raiz ?? '', mensagem: raiz ? `Documento ${raiz}${tpEvento ? ` (evento ${tpEvento})` : ''} não é um tipo suportado pela validação.` : 'Documento sem elemento raiz.' }],
    };
  }
  return validarXsd(xml, arquivo, pacote);
}
