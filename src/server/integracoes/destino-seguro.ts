import { lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../http/errors.ts';

/**
 * Server-side request forgery guard for webhook addresses: https only, and never to a loopback, private,
 * link-local, CGNAT, multicast or unspecified address. Checked when the endpoint is saved and again on every
 * delivery, inside the connection's own DNS lookup (so a name re-pointed after the check — DNS rebinding —
 * is refused at the moment of connecting, not just before it).
 */
const proibidos = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) proibidos.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) proibidos.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Test-only switch: lets a receiver on 127.0.0.1 over http through (the API and e2e suites run one). Set by
 * configurarWebhooks({ permitirLoopbackEmTeste: true }) or RETAGUARDA_TESTE_WEBHOOK_LOOPBACK=1; never in production.
 */
export const switchTeste = { loopback: false };
const loopbackPermitido = () => switchTeste.loopback || process.env.RETAGUARDA_TESTE_WEBHOOK_LOOPBACK === '1';

export const MSG_HTTPS = 'URL: informe um endereço https://.';
export const MSG_INTERNO = 'URL: o endereço aponta para uma rede interna (loopback, privada ou link-local) e não é aceito.';

/** The address as a plain IP (IPv4-mapped IPv6 unwrapped), then whether it may be called. */
export function enderecoPermitido(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const addr = mapped ? mapped[1] : ip;
  const tipo = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
  if (loopbackPermitido() && loopback.check(addr, tipo)) return true;
  return !proibidos.check(addr, tipo);
}

/** The URL's shape: https (http only to loopback under the test switch), no credentials, a host. */
export function validarUrl(raw: unknown): URL {
  if (typeof raw !== 'string' || raw.length > 2000) throw badRequest(MSG_HTTPS, [{ campo: 'url', mensagem: 'URL inválida' }]);
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw badRequest('URL: endereço inválido.', [{ campo: 'url', mensagem: 'URL inválida' }]);
  }
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const httpTeste = u.protocol === 'http:' && loopbackPermitido() && (host === '127.0.0.1' || host === 'localhost' || host === '::1');
  if (u.protocol !== 'https:' && !httpTeste) throw badRequest(MSG_HTTPS, [{ campo: 'url', mensagem: 'Somente https' }]);
  if (u.username || u.password) throw badRequest('URL: não inclua usuário e senha no endereço.', [{ campo: 'url', mensagem: 'URL inválida' }]);
  return u;
}

/** Resolves the host now and refuses when any of its addresses is internal (used when saving the endpoint). */
export async function verificarDestino(raw: unknown): Promise<URL> {
  const u = validarUrl(raw);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const enderecos = isIP(host) ? [host] : await new Promise<string[]>((ok) => lookup(host, { all: true }, (err, list) => ok(err ? [] : list.map((a) => a.address))));
  if (!enderecos.length) throw badRequest('URL: o endereço não foi encontrado (DNS).', [{ campo: 'url', mensagem: 'Host desconhecido' }]);
  if (enderecos.some((a) => !enderecoPermitido(a))) throw badRequest(MSG_INTERNO, [{ campo: 'url', mensagem: 'Rede interna' }]);
  return u;
}

/** A `lookup` for http(s).request: resolves, and fails the connection when an address is internal. */
export function lookupSeguro(hostname: string, options: object, cb: (err: Error | null, address: any, family?: number) => void): void {
  lookup(hostname, { ...options, all: true }, (err, list) => {
    if (err) return cb(err, undefined);
    const ruim = list.find((a) => !enderecoPermitido(a.address));
    if (ruim) return cb(Object.assign(new Error(MSG_INTERNO), { code: 'EDESTINOINTERNO' }), undefined);
    if ((options as { all?: boolean }).all) return cb(null, list);
    cb(null, list[0].address, list[0].family);
  });
}
