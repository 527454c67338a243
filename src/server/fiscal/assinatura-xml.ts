import { createHash, sign as rsaSign, verify as rsaVerify, type KeyObject } from 'node:crypto';
import type * as Xmldom from '@xmldom/xmldom';
import type * as XmlCrypto from 'xml-crypto';
import { lazyRequire } from '../lazy-require.ts';
import type { CertificadoA1 } from './certificado.ts';
import { chavePublicaDoCertificado } from './certificado.ts';

// Loaded on the first signature or check, not when the server starts (npm run bench:start).
const xmldom = lazyRequire<typeof Xmldom>('@xmldom/xmldom');
const xmlCrypto = lazyRequire<typeof XmlCrypto>('xml-crypto');

export const NS_DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

function signedInfo(uri: string, digest: string, comNs: boolean): string {
  return (
    `<SignedInfo${comNs ? ` xmlns="${NS_DSIG}"` : ''}><CanonicalizationMethod Algorithm="${C14N}"></CanonicalizationMethod>` +
    `<SignatureMethod Algorithm="${RSA_SHA1}"></SignatureMethod><Reference URI="#${uri}"><Transforms>` +
    `<Transform Algorithm="${ENVELOPED}"></Transform><Transform Algorithm="${C14N}"></Transform></Transforms>` +
    `<DigestMethod Algorithm="${SHA1}"></DigestMethod><DigestValue>${digest}</DigestValue></Reference></SignedInfo>`
  );
}

export interface Assinador {
  certBase64: string;
  chavePrivada: KeyObject;
}

/**
 * Our own writer already emits the canonical form (sorted attributes, escaped text, explicit end tags, no
 * character references), so C14N of the signed element is its bytes plus the inherited default namespace.
 * Anything else goes through xml-crypto.
 */
const NAO_CANONICO = /\/>|&#|<\?|<!|'|\r/;

/**
 * Enveloped XMLDSig as SEFAZ requires: inclusive C14N, RSA-SHA1, SHA-1 digest, Reference URI "#<Id>",
 * X509Certificate in KeyInfo; the Signature element is placed right after the signed element, inside its parent.
 */
export function assinarXml(xml: string, elemento: string, cert: Assinador): string {
  const inicio = xml.indexOf(`<${elemento} `);
  const fimTag = `</${elemento}>`;
  const fim = xml.indexOf(fimTag, inicio);
  if (inicio < 0 || fim < 0) throw new Error(`Elemento ${elemento} não encontrado para assinar.`);
  const trecho = xml.slice(inicio, fim + fimTag.length);
  const id = /\sId="([^"]+)"/.exec(trecho.slice(0, trecho.indexOf('>')))?.[1];
  if (!id) throw new Error(`O elemento ${elemento} não tem o atributo Id.`);
  const ns = /<[A-Za-z]+ xmlns="([^"]+)"/.exec(xml)?.[1];
  if (ns && !NAO_CANONICO.test(trecho) && !/\sxmlns[=:]/.test(trecho.slice(0, trecho.indexOf('>')))) {
    const canonico = `<${elemento} xmlns="${ns}"${trecho.slice(elemento.length + 1)}`;
    const digest = createHash('sha1').update(canonico, 'utf8').digest('base64');
    const si = signedInfo(id, digest, true);
    const valor = rsaSign('RSA-SHA1', Buffer.from(si, 'utf8'), cert.chavePrivada).toString('base64');
    const assinatura =
      `<Signature xmlns="${NS_DSIG}">${signedInfo(id, digest, false)}<SignatureValue>${valor}</SignatureValue>` +
      `<KeyInfo><X509Data><X509Certificate>${cert.certBase64}</X509Certificate></X509Data></KeyInfo></Signature>`;
    const pos = fim + fimTag.length;
    return xml.slice(0, pos) + assinatura + xml.slice(pos);
  }
  return assinarComXmlCrypto(xml, elemento, cert);
}

function assinarComXmlCrypto(xml: string, elemento: string, cert: Assinador): string {
  const pem = cert.chavePrivada.export({ type: 'pkcs1', format: 'pem' }) as string;
  const sig = new (xmlCrypto().SignedXml)({ privateKey: pem, signatureAlgorithm: RSA_SHA1, canonicalizationAlgorithm: C14N });
  sig.getKeyInfoContent = () => `<X509Data><X509Certificate>${cert.certBase64}</X509Certificate></X509Data>`;
  const xpath = `//*[local-name(.)='${elemento}']`;
  sig.addReference({ xpath, transforms: [ENVELOPED, C14N], digestAlgorithm: SHA1 });
  sig.computeSignature(xml, { location: { reference: xpath, action: 'after' } });
  return sig.getSignedXml();
}

export function assinadorDe(c: CertificadoA1): Assinador {
  return { certBase64: c.certBase64, chavePrivada: c.chavePrivada };
}

export interface VerificacaoAssinatura {
  valida: boolean;
  motivo?: string;
  certBase64?: string;
  referencia?: string;
  digestValue?: string;
}

/** Checks every enveloped signature with the certificate it carries (as SEFAZ does before checking the chain). */
export function verificarAssinatura(xml: string): VerificacaoAssinatura {
  let doc: Document;
  try {
    doc = new (xmldom().DOMParser)({ onError: () => undefined }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    return { valida: false, motivo: 'XML mal formado.' };
  }
  const sigs = Array.from(doc.getElementsByTagNameNS(NS_DSIG, 'Signature'));
  if (!sigs.length) return { valida: false, motivo: 'O documento não está assinado.' };
  let ultimo: VerificacaoAssinatura = { valida: false };
  for (const s of sigs) {
    const certBase64 = s.getElementsByTagNameNS(NS_DSIG, 'X509Certificate')[0]?.textContent?.replace(/\s+/g, '');
    const referencia = s.getElementsByTagNameNS(NS_DSIG, 'Reference')[0]?.getAttribute('URI') ?? undefined;
    const digestValue = s.getElementsByTagNameNS(NS_DSIG, 'DigestValue')[0]?.textContent ?? undefined;
    if (!certBase64) return { valida: false, motivo: 'A assinatura não traz o certificado (X509Certificate).', referencia };
    let publicCert: string;
    try {
      publicCert = chavePublicaDoCertificado(certBase64).export({ type: 'spki', format: 'pem' }) as string;
    } catch {
      return { valida: false, motivo: 'O certificado da assinatura é inválido.', referencia };
    }
    const sx = new (xmlCrypto().SignedXml)({ publicCert });
    try {
      sx.loadSignature(s as unknown as Node);
      if (!sx.checkSignature(xml)) return { valida: false, motivo: 'Assinatura difere do calculado: o conteúdo foi alterado depois de assinado.', referencia, certBase64 };
    } catch (e) {
      const m = String((e as Error).message);
      return {
        valida: false,
        motivo: /digest|invalid signature|signature/i.test(m)
          ? 'Assinatura difere do calculado: o conteúdo foi alterado depois de assinado.'
          : `Assinatura fora do padrão: ${m}`,
        referencia,
        certBase64,
      };
    }
    ultimo = { valida: true, certBase64, referencia, digestValue };
  }
  return ultimo;
}

/** Quick cryptographic check used by the bench: the SignatureValue over our canonical SignedInfo. */
export function verificarValorAssinatura(signedInfoC14n: string, valorBase64: string, certBase64: string): boolean {
  return rsaVerify('RSA-SHA1', Buffer.from(signedInfoC14n), chavePublicaDoCertificado(certBase64), Buffer.from(valorBase64, 'base64'));
}
