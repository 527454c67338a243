import { X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import forge from 'node-forge';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { gerarCertificadoDemonstracao } from '../../../src/server/demo/certificado-a1.ts';

/**
 * The demo branch's A1 is the client certificate of every TLS call to the local SEFAZ. Its serial number comes from
 * random bytes; whatever they are (here: all zero, the case that made a '0' + hex serial a non-minimal DER INTEGER),
 * OpenSSL must accept the certificate, or every note of the branch fails with 'illegal padding'.
 */
describe('demo certificate serial number', () => {
  it('is accepted by OpenSSL as a TLS client certificate even when the random bytes are all zero', () => {
    const original = forge.random.getBytesSync;
    forge.random.getBytesSync = (n: number) => '\0'.repeat(n);
    let gerado: { pfx: Buffer; senha: string };
    try {
      gerado = gerarCertificadoDemonstracao('11222333000181', 'MERCADINHO DEMO');
    } finally {
      forge.random.getBytesSync = original;
    }
    const c = lerCertificadoA1(gerado.pfx, gerado.senha);
    expect(() => tls.createSecureContext({ key: c.privateKeyPem, cert: c.certPem })).not.toThrow();
    expect(new X509Certificate(c.certPem).serialNumber).toBe('010000000000000000');
  });
});
