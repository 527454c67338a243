import { sha1 } from '@noble/hashes/legacy';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { g, t } from './xml-writer.ts';

// The QR Code part of the NFC-e (pure: the web POS prints offline notes with it). The consultation URLs per
// UF are read from schemas/fiscal/nfce-urls.json by src/server/fiscal/qrcode-nfce.ts (urlsNfce).

export interface Csc {
  /** identificador do CSC (idToken), sem zeros à esquerda no QR Code */
  id: string;
  /** the secret itself */
  codigo: string;
}

const sha1Hex = (s: string) => bytesToHex(sha1(utf8ToBytes(s))).toUpperCase();

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
    const digHex = bytesToHex(utf8ToBytes(p.offline.digestValue));
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
      digestValue: new TextDecoder().decode(hexToBytes(c[5])), idCsc: c[6], hash: c[7],
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
