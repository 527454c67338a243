import { createHash } from 'node:crypto';
import type { XmlElement } from 'libxml2-wasm';
import { carregarLibxml, libxml } from '../fiscal/libxml.ts';
import { verificarAssinatura, verificarValorAssinatura, type VerificacaoAssinatura } from '../fiscal/assinatura-xml.ts';

const NS = { nfe: 'http://www.portalfiscal.inf.br/nfe', ds: 'http://www.w3.org/2000/09/xmldsig#' };
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';

/**
 * The NF-e's signature checked with libxml2's canonicalization (C14N 1.0 of infNFe, SHA-1 digest, RSA-SHA1 over
 * the canonical SignedInfo with the certificate it carries): the same check as verificarAssinatura, but a
 * 500-line note takes milliseconds instead of seconds (xml-crypto canonicalizes through a JS DOM). Anything that
 * is not the NF-e's one signature shape (other algorithms, the Signature inside the signed element, several
 * signatures) goes to verificarAssinatura.
 */
/** C14N 1.0 of an element re-parsed on its own with the namespaces in scope; null when an ancestor carries xml:* attributes (inherited by C14N 1.0). */
function canonicoRapido(el: XmlElement): string | null {
  if (el.eval('count(ancestor::*/@xml:*) > 0') === true) return null;
  const { XmlDocument, ParseOption, XmlC14NMode } = libxml();
  const locais = el.localNamespaces;
  const herdados = Object.entries(el.namespaces).filter(([p]) => !(p in locais)).map(([p, uri]) => ` ${p ? `xmlns:${p}` : 'xmlns'}="${uri.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`).join('');
  const texto = el.toString({ format: false }).replace(/^<[^\s>/]+/, (m) => m + herdados);
  let doc;
  try {
    doc = XmlDocument.fromString(texto, { encoding: 'utf-8', option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE });
  } catch {
    return null;
  }
  try {
    return doc.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_1_0 });
  } finally {
    doc.dispose();
  }
}

export async function verificarAssinaturaNfe(xml: string): Promise<VerificacaoAssinatura> {
  await carregarLibxml();
  const { XmlDocument, ParseOption, XmlC14NMode } = libxml();
  let doc;
  try {
    doc = XmlDocument.fromString(xml, { encoding: 'utf-8', option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE });
  } catch {
    return { valida: false, motivo: 'XML mal formado.' };
  }
  try {
    const sigs = doc.find('//ds:Signature', NS);
    const inf = doc.find('//nfe:infNFe', NS);
    if (sigs.length !== 1 || inf.length !== 1) return verificarAssinatura(xml);
    const s = sigs[0];
    const texto = (xp: string) => (s.get(xp, NS)?.content ?? '').trim();
    const attr = (xp: string) => String(s.eval(`string(${xp})`, NS) ?? '');
    const id = String(inf[0].eval('string(@Id)', NS) ?? '');
    const uri = attr('ds:SignedInfo/ds:Reference/@URI');
    const transforms = s.find('ds:SignedInfo/ds:Reference/ds:Transforms/ds:Transform', NS).map((t) => String(t.eval('string(@Algorithm)', NS)));
    const dentro = Boolean(inf[0].eval('count(.//ds:Signature) > 0', NS));
    if (
      uri !== `#${id}` || dentro ||
      attr('ds:SignedInfo/ds:CanonicalizationMethod/@Algorithm') !== C14N ||
      attr('ds:SignedInfo/ds:SignatureMethod/@Algorithm') !== RSA_SHA1 ||
      attr('ds:SignedInfo/ds:Reference/ds:DigestMethod/@Algorithm') !== SHA1 ||
      transforms.some((t) => t !== ENVELOPED && t !== C14N)
    ) {
      return verificarAssinatura(xml);
    }
    const certBase64 = texto('ds:KeyInfo/ds:X509Data/ds:X509Certificate').replace(/\s+/g, '');
    if (!certBase64) return { valida: false, motivo: 'A assinatura não traz o certificado (X509Certificate).', referencia: uri };
    const digestValue = texto('ds:SignedInfo/ds:Reference/ds:DigestValue');
    const sha1 = (c14n: string) => createHash('sha1').update(c14n, 'utf8').digest('base64');
    // Fast first: libxml2's subtree canonicalization asks JavaScript whether each node of the whole document is in
    // the subtree (~100 ms on a 500-line note); infNFe serialised as it was parsed, with the namespaces it inherits,
    // and canonicalized as a document of its own gives the same bytes in C. Only a match is trusted from it: any
    // difference is decided by the subtree canonicalization.
    let digest = canonicoRapido(inf[0] as XmlElement);
    if (digest !== null) digest = sha1(digest);
    if (digest !== digestValue) digest = sha1(inf[0].canonicalizeToString({ mode: XmlC14NMode.XML_C14N_1_0 }));
    if (digest !== digestValue) return { valida: false, motivo: 'Assinatura difere do calculado: o conteúdo foi alterado depois de assinado.', referencia: uri, certBase64 };
    // SignedInfo likewise (its subtree canonicalization walks the whole document too): the fast bytes first, and
    // the subtree's when they do not verify.
    const si = s.get('ds:SignedInfo', NS)! as XmlElement;
    const valor = texto('ds:SignatureValue').replace(/\s+/g, '');
    let ok = false;
    try {
      const rapido = canonicoRapido(si);
      ok = rapido !== null && verificarValorAssinatura(rapido, valor, certBase64);
      if (!ok) ok = verificarValorAssinatura(si.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_1_0 }), valor, certBase64);
    } catch {
      return { valida: false, motivo: 'O certificado da assinatura é inválido.', referencia: uri };
    }
    if (!ok) return { valida: false, motivo: 'Assinatura difere do calculado: o conteúdo foi alterado depois de assinado.', referencia: uri, certBase64 };
    return { valida: true, certBase64, referencia: uri, digestValue };
  } finally {
    doc.dispose();
  }
}
