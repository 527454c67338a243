import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

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

// The QR Code itself moved to src/shared/fiscal so the web POS builds offline NFC-e with the same code.
export * from '../../shared/fiscal/qrcode-nfce.ts';
