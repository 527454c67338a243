import type forge from 'node-forge';
import { generateKeyPairSync } from 'node:crypto';
import { lazyRequire } from '../lazy-require.ts';

const nodeForge = lazyRequire<typeof forge>('node-forge');

/**
 * A self-signed ICP-Brasil-shaped A1 (CNPJ in the CN suffix and in the otherName 2.16.76.1.3.3), good only for the
 * local SEFAZ of homologação: what the demo branch signs with. No private key is ever committed. Pure: storing it
 * for the demo branches is src/server/demo/certificados.ts's (a start-up step, through gravarCertificado).
 */
export function gerarCertificadoDemonstracao(cnpj: string, titular: string, dias = 365): { pfx: Buffer; senha: string } {
  const f = nodeForge();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const chave = f.pki.privateKeyFromPem(privateKey);
  const cert = f.pki.createCertificate();
  cert.publicKey = f.pki.publicKeyFromPem(publicKey);
  // A positive DER INTEGER in its shortest form: '01' and 8 random bytes. The former '0' + hex began with a 0x00 byte,
  // and when the first random byte was 0x00 too (1 in 512) OpenSSL refused the certificate ('illegal padding'): every
  // note of that branch failed at the TLS handshake with SEFAZ.
  cert.serialNumber = '01' + f.util.bytesToHex(f.random.getBytesSync(8));
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + dias * 86_400_000);
  const nome = [
    { shortName: 'C', value: 'BR' },
    { shortName: 'O', value: 'ICP-Brasil' },
    { shortName: 'OU', value: 'DEMONSTRACAO - SEM VALOR' },
    { shortName: 'CN', value: `${titular}:${cnpj}` },
  ];
  cert.setSubject(nome);
  cert.setIssuer(nome);
  const otherName = f.asn1.create(f.asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    f.asn1.create(f.asn1.Class.UNIVERSAL, f.asn1.Type.OID, false, f.asn1.oidToDer('2.16.76.1.3.3').getBytes()),
    f.asn1.create(f.asn1.Class.CONTEXT_SPECIFIC, 0, true, [f.asn1.create(f.asn1.Class.UNIVERSAL, f.asn1.Type.OCTETSTRING, false, cnpj)]),
  ]);
  const san = f.asn1.toDer(f.asn1.create(f.asn1.Class.UNIVERSAL, f.asn1.Type.SEQUENCE, true, [otherName])).getBytes();
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
    { name: 'extKeyUsage', clientAuth: true },
    { id: '2.5.29.17', critical: false, value: san },
  ]);
  cert.sign(chave, f.md.sha256.create());
  const senha = 'demo1234';
  const p12 = f.pkcs12.toPkcs12Asn1(chave, [cert], senha, { algorithm: '3des' });
  return { pfx: Buffer.from(f.asn1.toDer(p12).getBytes(), 'binary'), senha };
}
