import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { g, t } from './xml-writer.ts';

interface ParUrls { qrCode: string; urlChave: string }
interface DocumentoUrls { ufs: Record<string, { producao: ParUrls; homologacao: ParUrls }> }

const ARQUIVO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/fiscal/nfce-urls.json');
let urls: DocumentoUrls | undefined;

export function urlsNfce(uf: string, tpAmb: 1 | 2): ParUrls {
  urls ??= JSON.parse(readFileSync(ARQUIVO, 'utf8')) as DocumentoUrls;
  const u = urls.ufs[uf];
  if (!u) throw new Error(`Sem URL de consulta da NFC-e para a UF ${uf}.`);
  return tpAmb === 1 ? u.producao : u.homologacao;
}

export interface Csc {
  /** identificador do CSC (idToken), sem zeros à esquerda no QR Code */
  id: string;
  /** the secret itself */
  codigo: string;
}

const sha1Hex = (s: string) => createHash('sha1').update(s, 'utf8').digest('hex').toUpperCase();

/**
 * QR Code v2 (NT 2015.002 v1.50+). Online: chave|2|tpAmb|idCSC|hash. Offline (tpEmis 9) adds the day of issue,
 * vNF and the DigestValue of the signature (as hex of its base64 text) so the consumer can check a note SEFAZ has
 * not seen yet.
 */
export function montarQrCode(p: {
  urlBase: string;
  chave: string;
  tpAmb: 1 | 2;
  csc: Csc;
  offline?: { dhEmi: string; vNF: string; digestValue: string };
}): string {
  const idCsc = String(Number(p.csc.id));
  let dados: string;
  if (p.offline) {
    const dia = p.offline.dhEmi.slice(8, 10);
    const digHex = Buffer.from(p.offline.digestValue, 'utf8').toString('hex');
    dados = [p.chave, '2', p.tpAmb, dia, p.offline.vNF, digHex, idCsc].join('|');
  } else {
    dados = [p.chave, '2', p.tpAmb, idCsc].join('|');
  }
  const hash = sha1Hex(dados + p.csc.codigo);
  const sep = p.urlBase.includes('?') ? '' : '?';
  return `${p.urlBase}${sep}p=${dados}|${hash}`;
}

export interface QrCodeLido {
  chave: string;
  versao: string;
  tpAmb: string;
  offline: boolean;
  dia?: string;
  vNF?: string;
  digestValue?: string;
  idCsc: string;
  hash: string;
}

export function lerQrCode(url: string): QrCodeLido {
  const p = new URL(url.startsWith('http') ? url : `http://${url}`).searchParams.get('p') ?? '';
  const c = p.split('|');
  if (c.length === 5) return { chave: c[0], versao: c[1], tpAmb: c[2], offline: false, idCsc: c[3], hash: c[4] };
  if (c.length === 8) {
    return {
      chave: c[0], versao: c[1], tpAmb: c[2], offline: true, dia: c[3], vNF: c[4],
      digestValue: Buffer.from(c[5], 'hex').toString('utf8'), idCsc: c[6], hash: c[7],
    };
  }
  throw new Error('QR Code da NFC-e em formato desconhecido.');
}

/** SEFAZ's check of the hash, given the CSC it holds for the taxpayer. */
export function hashQrCodeConfere(url: string, csc: Csc): boolean {
  const p = new URL(url.startsWith('http') ? url : `http://${url}`).searchParams.get('p') ?? '';
  const i = p.lastIndexOf('|');
  return sha1Hex(p.slice(0, i) + csc.codigo) === p.slice(i + 1);
}

export function infNFeSupl(qrCode: string, urlChave: string): string {
  return g('infNFeSupl', [t('qrCode', qrCode), t('urlChave', urlChave)]);
}
