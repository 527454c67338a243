import { sha1 } from '@noble/hashes/legacy';
import { utf8ToBytes } from '@noble/hashes/utils';
import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import { calcularNfe, type NfeCalculada } from './nfe-calculo.ts';
import { gerarXmlNfe, NS_NFE } from './nfe-xml.ts';
import { montarQrCode, type Csc } from './qrcode-nfce.ts';
import { fmt2 } from './decimal.ts';

/**
 * An NFC-e in offline contingency (tpEmis 9) built where the sale happens (the web POS, without the server):
 * the unsigned NFe, the DigestValue its signature will carry and the QR Code (with digVal) printed on the spot.
 * The server later signs THAT infNFe unchanged (assinarXml's canonical fast path computes the same digest),
 * so the printed QR Code stays valid.
 */
export interface NfceOffline {
  chave: string;
  calculo: NfeCalculada;
  /** unsigned `<NFe xmlns=…><infNFe …>…</infNFe></NFe>` */
  xml: string;
  digestValue: string;
  qrCode: string;
  urlChave: string;
}

const NAO_CANONICO = /\/>|&#|<\?|<!|'|\r/;

function base64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/**
 * The DigestValue of the enveloped signature over infNFe (inclusive C14N, SHA-1): our writer already emits the
 * canonical form, so the canonical infNFe is its text with the inherited default namespace declared.
 */
export function digestInfNFe(xml: string): string {
  const inicio = xml.indexOf('<infNFe ');
  const fim = xml.indexOf('</infNFe>', inicio);
  if (inicio < 0 || fim < 0) throw new Error('Elemento infNFe não encontrado.');
  const trecho = xml.slice(inicio, fim + '</infNFe>'.length);
  if (NAO_CANONICO.test(trecho) || /\sxmlns[=:]/.test(trecho.slice(0, trecho.indexOf('>')))) throw new Error('infNFe fora da forma canônica.');
  const canonico = `<infNFe xmlns="${NS_NFE}"${trecho.slice('<infNFe'.length)}`;
  return base64(sha1(utf8ToBytes(canonico)));
}

export function montarNfceOffline(doc: NfeDocumento, csc: Csc, urls: { qrCode: string; urlChave: string }): NfceOffline {
  if (doc.modelo !== 65 || doc.ide.tipoEmissao !== 9) throw new Error('Só a NFC-e em contingência off-line (tpEmis 9) é montada aqui.');
  const calculo = calcularNfe(doc);
  const xml = gerarXmlNfe(calculo);
  const digestValue = digestInfNFe(xml);
  const qrCode = montarQrCode({
    urlBase: urls.qrCode, chave: calculo.chave, tpAmb: doc.ambiente, csc,
    offline: { dhEmi: doc.ide.dataEmissao, vNF: fmt2(calculo.totais.vNF), digestValue },
  });
  return { chave: calculo.chave, calculo, xml, digestValue, qrCode, urlChave: urls.urlChave };
}
