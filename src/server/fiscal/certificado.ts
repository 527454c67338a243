import type forge from 'node-forge';
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { lazyRequire } from '../lazy-require.ts';

const nodeForge = lazyRequire<typeof forge>('node-forge');

/** An A1 certificate (PKCS#12) opened for signing and for TLS client authentication. */
export interface CertificadoA1 {
  privateKeyPem: string;
  certPem: string;
  /** base64 DER of the certificate, as it goes into X509Certificate */
  certBase64: string;
  /** the whole chain in PEM (leaf first), for TLS */
  cadeiaPem: string[];
  chavePrivada: KeyObject;
  titular: string;
  subject: string;
  emissor: string;
  cnpj: string | null;
  cpf: string | null;
  validoDesde: Date;
  validoAte: Date;
  numeroSerie: string;
}

/** ICP-Brasil otherName OIDs in subjectAltName: CNPJ of a company and data of a person (CPF). */
const OID_CNPJ = '2.16.76.1.3.3';
const OID_PESSOA_FISICA = '2.16.76.1.3.1';

function textoAsn1(node: forge.asn1.Asn1): string | null {
  if (typeof node.value === 'string') return node.value;
  for (const filho of node.value as forge.asn1.Asn1[]) {
    const s = textoAsn1(filho);
    if (s !== null) return s;
  }
  return null;
}

/** Reads the ICP-Brasil otherName values from subjectAltName. */
function otherNames(cert: forge.pki.Certificate): Record<string, string> {
  const forge = nodeForge();
  const out: Record<string, string> = {};
  const ext = cert.extensions.find((e) => e.name === 'subjectAltName') as { value?: string } | undefined;
  if (!ext?.value) return out;
  const seq = forge.asn1.fromDer(ext.value);
  for (const gn of seq.value as forge.asn1.Asn1[]) {
    if (gn.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC || gn.type !== 0) continue;
    const [oid, valor] = gn.value as forge.asn1.Asn1[];
    if (!oid || !valor) continue;
    const s = textoAsn1(valor);
    if (s !== null) out[forge.asn1.derToOid(oid.value as string)] = s;
  }
  return out;
}

function nomeDistinto(attrs: forge.pki.CertificateField[]): string {
  return attrs.map((a) => `${a.shortName ?? a.name}=${a.value}`).join(', ');
}

export class CertificadoError extends Error {}

/**
 * CNPJ (or CPF) of the holder of a DER certificate, as SEFAZ reads it from the TLS client certificate: the
 * ICP-Brasil otherName first, then the ":digits" suffix of the CN. null when neither is there.
 */
export function documentoDoCertificado(der: Buffer): { cnpj: string | null; cpf: string | null } {
  const forge = nodeForge();
  const c = forge.pki.certificateFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary'))));
  const on = otherNames(c);
  const cn = String(c.subject.getField('CN')?.value ?? '');
  const cpfOn = on[OID_PESSOA_FISICA] ? on[OID_PESSOA_FISICA].slice(8, 19) : null;
  return {
    cnpj: on[OID_CNPJ] ?? /:([0-9A-Z]{12}\d{2})$/.exec(cn)?.[1] ?? null,
    cpf: cpfOn && /^\d{11}$/.test(cpfOn) ? cpfOn : (/:(\d{11})$/.exec(cn)?.[1] ?? null),
  };
}

/** Opens a .pfx/.p12 with its password; the message says in Portuguese what went wrong. */
export function lerCertificadoA1(pfx: Buffer, senha: string): CertificadoA1 {
  const forge = nodeForge();
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, senha);
  } catch (e) {
    const msg = String((e as Error).message ?? e);
    if (/password|MAC/i.test(msg)) throw new CertificadoError('Senha do certificado digital incorreta.');
    throw new CertificadoError('O arquivo não é um certificado A1 (PKCS#12 .pfx/.p12) válido.');
  }
  const chaves = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).map((b) => b.cert!).filter(Boolean);
  const chave = chaves[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!chave) throw new CertificadoError('O certificado não contém a chave privada.');
  // The leaf is the certificate whose public key matches the private key.
  const folha = certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n.equals(chave.n)) ?? certs[0];
  if (!folha) throw new CertificadoError('O arquivo não contém o certificado.');
  const privateKeyPem = forge.pki.privateKeyToPem(chave);
  const certPem = forge.pki.certificateToPem(folha);
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(folha)).getBytes();
  const cn = String(folha.subject.getField('CN')?.value ?? '');
  const on = otherNames(folha);
  const cnpjCn = /:([0-9A-Z]{12}\d{2})$/.exec(cn)?.[1] ?? null;
  const cpfCn = /:(\d{11})$/.exec(cn)?.[1] ?? null;
  // The person OID holds birth date (8) then CPF (11).
  const cpfOn = on[OID_PESSOA_FISICA] ? on[OID_PESSOA_FISICA].slice(8, 19) : null;
  return {
    privateKeyPem,
    certPem,
    certBase64: forge.util.encode64(der),
    cadeiaPem: [certPem, ...certs.filter((c) => c !== folha).map((c) => forge.pki.certificateToPem(c))],
    chavePrivada: createPrivateKey(privateKeyPem),
    titular: cn.replace(/:\d{11,14}$/, ''),
    subject: nomeDistinto(folha.subject.attributes),
    emissor: nomeDistinto(folha.issuer.attributes),
    cnpj: on[OID_CNPJ] ?? cnpjCn,
    cpf: cpfOn && /^\d{11}$/.test(cpfOn) ? cpfOn : cpfCn,
    validoDesde: folha.validity.notBefore,
    validoAte: folha.validity.notAfter,
    numeroSerie: folha.serialNumber,
  };
}

export interface SituacaoCertificado {
  vencido: boolean;
  diasParaVencer: number;
  /** within the warning window (default 30 days) or already expired */
  alertar: boolean;
  mensagem: string;
}

/** So the product can warn before the A1 expires (SEFAZ rejects 280/291 after that). */
export function situacaoCertificado(c: Pick<CertificadoA1, 'validoAte' | 'titular'>, agora = new Date(), diasAlerta = 30): SituacaoCertificado {
  const dias = Math.floor((c.validoAte.getTime() - agora.getTime()) / 86_400_000);
  const vencido = dias < 0;
  const data = c.validoAte.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  return {
    vencido,
    diasParaVencer: dias,
    alertar: vencido || dias <= diasAlerta,
    mensagem: vencido
      ? `O certificado digital de ${c.titular} venceu em ${data}. Sem ele nenhuma nota pode ser emitida.`
      : `O certificado digital de ${c.titular} vence em ${data} (${dias} dia${dias === 1 ? '' : 's'}).`,
  };
}

export function chavePublicaDoCertificado(certBase64OuPem: string): KeyObject {
  const der = certBase64OuPem.includes('BEGIN CERTIFICATE')
    ? certBase64OuPem
    : Buffer.from(certBase64OuPem.replace(/\s+/g, ''), 'base64');
  return new X509Certificate(der).publicKey;
}

export function pemDeBase64(certBase64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${certBase64.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
}
