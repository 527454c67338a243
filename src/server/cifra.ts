import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { aoEsquecerEstado } from './estado-do-processo.ts';

/**
 * AES-256-GCM for secrets at rest: the A1 certificates (the .pfx in the file storage, its password in the database)
 * and the bank and PSP credentials of boletos_automacao (cifrarTexto). Shared by fiscal and boletos. The key
 * is the SHA-256 of the server setting CERTIFICADO_CHAVE; without it, a random key kept in DATA_DIR/certificado.chave
 * (created on first use): fine for one server, but several servers must share CERTIFICADO_CHAVE.
 */
let chave: Buffer | null = null;

export function chaveCertificados(env: Record<string, string | undefined> = process.env): Buffer {
  if (chave) return chave;
  const conf = env.CERTIFICADO_CHAVE?.trim();
  if (conf) return (chave = createHash('sha256').update(conf, 'utf8').digest());
  const arq = path.resolve(env.DATA_DIR ?? './data', 'certificado.chave');
  if (!existsSync(arq)) {
    mkdirSync(path.dirname(arq), { recursive: true });
    writeFileSync(arq, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return (chave = createHash('sha256').update(readFileSync(arq, 'utf8').trim(), 'utf8').digest());
}

/** For tests that change the setting. */
export function esquecerChaveCertificados(): void {
  chave = null;
}
aoEsquecerEstado(esquecerChaveCertificados);

/** iv (12) + tag (16) + ciphertext. */
export function cifrar(dados: Buffer): Buffer {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', chaveCertificados(), iv);
  const corpo = Buffer.concat([c.update(dados), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), corpo]);
}

export function decifrar(dados: Buffer): Buffer {
  const d = createDecipheriv('aes-256-gcm', chaveCertificados(), dados.subarray(0, 12));
  d.setAuthTag(dados.subarray(12, 28));
  return Buffer.concat([d.update(dados.subarray(28)), d.final()]);
}

/** Marks a text column's value as cifrarTexto's output (anything else is a value written before it). */
export const PREFIXO_CIFRADO = 'aes256gcm:';

/** A secret for a text column: the prefix and base64 of iv + tag + ciphertext. */
export function cifrarTexto(texto: string): string {
  return PREFIXO_CIFRADO + cifrar(Buffer.from(texto, 'utf8')).toString('base64');
}

export const estaCifrado = (valor: string | null | undefined): boolean => typeof valor === 'string' && valor.startsWith(PREFIXO_CIFRADO);

/** Reads cifrarTexto's output; a value without the prefix is still plain (written before encryption, not yet migrated). */
export function decifrarTexto(valor: string): string {
  if (!estaCifrado(valor)) return valor;
  return decifrar(Buffer.from(valor.slice(PREFIXO_CIFRADO.length), 'base64')).toString('utf8');
}
