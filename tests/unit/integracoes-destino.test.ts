import { describe, expect, it } from 'vitest';
import { enderecoPermitido, switchTeste, validarUrl } from '../../src/server/integracoes/destino-seguro.ts';

// The webhook SSRF guard: which addresses a delivery may connect to (checked on save and inside the connection's lookup).
describe('webhook destinations', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified and IPv4-mapped internal addresses', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1']) {
      expect(enderecoPermitido(ip), ip).toBe(false);
    }
  });

  it('lets public addresses through', () => {
    for (const ip of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '::ffff:8.8.4.4']) expect(enderecoPermitido(ip), ip).toBe(true);
  });

  it('only https (http to loopback only under the test switch, which also admits loopback addresses)', () => {
    expect(() => validarUrl('http://example.com/')).toThrow('URL: informe um endereço https://.');
    expect(() => validarUrl('https://user:senha@example.com/')).toThrow('URL: não inclua usuário e senha no endereço.');
    expect(validarUrl('https://example.com/hook').hostname).toBe('example.com');
    expect(() => validarUrl('http://127.0.0.1:8080/')).toThrow('URL: informe um endereço https://.');
    switchTeste.loopback = true;
    try {
      expect(validarUrl('http://127.0.0.1:8080/').port).toBe('8080');
      expect(enderecoPermitido('127.0.0.1')).toBe(true);
      expect(enderecoPermitido('10.0.0.1')).toBe(false);
    } finally {
      switchTeste.loopback = false;
    }
  });
});
