import https from 'node:https';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { PeerCertificate, TLSSocket } from 'node:tls';
import type Forge from 'node-forge';
import { lazyRequire } from '../lazy-require.ts';
import { parRsa } from '../fiscal/chave-rsa.ts';

const nodeForge = lazyRequire<typeof Forge>('node-forge');

/**
 * What the local stand-ins of the fiscal authorities (SEFAZ, the national NFS-e environment) share: an HTTPS
 * server on 127.0.0.1 asking for the client's certificate (mutual TLS, as the real ones do), its stop, and a
 * state file written whole (a temporary file renamed), one write at a time.
 */

export interface PedidoTls {
  metodo: string;
  url: string;
  corpo: string;
  certificado: PeerCertificate | null;
  /** The client certificate chains to one of the server's `ca`. */
  confiavel: boolean;
}

export interface RespostaTls {
  status: number;
  tipo: string;
  corpo: string;
}

export class ServidorTls {
  private servidor?: https.Server;

  constructor(
    private readonly tls: https.ServerOptions,
    private readonly atender: (p: PedidoTls) => Promise<RespostaTls>,
    private readonly falha: (e: Error) => RespostaTls,
  ) {}

  get porta(): number | undefined {
    return (this.servidor?.address() as AddressInfo | null | undefined)?.port;
  }

  /** Listens on 127.0.0.1 (`porta` 0: a free one); `manterProcesso: false` lets the process end while it listens. */
  async iniciar(porta = 0, manterProcesso = true): Promise<void> {
    const servidor = https.createServer({ ...this.tls, requestCert: true, rejectUnauthorized: false }, (req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (c: Buffer) => partes.push(c));
      req.on('end', () => {
        const sock = req.socket as TLSSocket;
        const cert = sock.getPeerCertificate();
        void this.atender({ metodo: req.method ?? 'GET', url: req.url ?? '', corpo: Buffer.concat(partes).toString('utf8'), certificado: cert?.raw ? cert : null, confiavel: sock.authorized })
          .catch((e: Error) => this.falha(e))
          .then((r) => {
            res.writeHead(r.status, { 'Content-Type': r.tipo });
            res.end(r.corpo);
          });
      });
    });
    this.servidor = servidor;
    await new Promise<void>((resolve, reject) => {
      servidor.once('error', reject);
      servidor.listen(porta, '127.0.0.1', () => {
        servidor.off('error', reject);
        resolve();
      });
    });
    if (!manterProcesso) servidor.unref();
  }

  async parar(): Promise<void> {
    const servidor = this.servidor;
    if (!servidor) return;
    servidor.closeAllConnections();
    await new Promise<void>((r) => servidor.close(() => r()));
  }
}

/** Writes a stand-in's state file whole, after the writes queued before it (concurrent requests share the temporary file's name). */
export class GravadorEstado {
  private fila: Promise<void> = Promise.resolve();

  gravar(arquivo: string, texto: string): Promise<void> {
    this.fila = this.fila.catch(() => undefined).then(async () => {
      await mkdir(path.dirname(arquivo), { recursive: true });
      const tmp = `${arquivo}.${process.pid}.tmp`;
      await writeFile(tmp, texto);
      await rename(tmp, arquivo);
    });
    return this.fila;
  }
}

/** A stand-in's state file as it was written, or null when there is none yet (or no file is configured). */
export async function lerEstado<T>(arquivo: string | undefined): Promise<T | null> {
  if (!arquivo) return null;
  try {
    return JSON.parse(await readFile(arquivo, 'utf8')) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** The stand-in's own TLS certificate for localhost and 127.0.0.1, self-signed, valid for a year. */
export function certificadoServidorLocal(organizacao: string, prefixoSerie: string): { key: string; cert: string } {
  const forge = nodeForge();
  const chaves = parRsa();
  const c = forge.pki.createCertificate();
  c.publicKey = chaves.publicKey;
  c.serialNumber = prefixoSerie + forge.util.bytesToHex(forge.random.getBytesSync(6));
  c.validity.notBefore = new Date(Date.now() - 60_000);
  c.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const nome = [{ shortName: 'CN', value: 'localhost' }, { shortName: 'O', value: organizacao }];
  c.setSubject(nome);
  c.setIssuer(nome);
  c.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }]);
  c.sign(chaves.privateKey, forge.md.sha256.create());
  return { key: forge.pki.privateKeyToPem(chaves.privateKey), cert: forge.pki.certificateToPem(c) };
}
