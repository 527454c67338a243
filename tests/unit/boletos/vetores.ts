import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DadosBoleto } from '../../../src/server/boletos/boleto.ts';

/** The shared, read-only vectors collected from public boleto libraries' test suites. */
const RAIZ = fileURLToPath(new URL('../../../', import.meta.url));
export const ARQUIVO_VETORES = path.resolve(RAIZ, 'tests/fixtures/referencia/vectors/boleto-vectors.json');

export interface VetorBoleto {
  bank: string;
  inputs: Record<string, string>;
  barcode: string;
  linha_digitavel: string;
  campo_livre?: string;
  nosso_numero_dv?: string;
  nosso_numero_formatado?: string;
  agencia_conta_dv?: string;
  source: { repo: string; path: string; note?: string };
}

export interface VetorDv {
  bank: string;
  nosso_numero: string;
  dv: string;
  agencia?: string;
  conta?: string;
  carteira?: string;
  convenio?: string;
  source: { repo: string; path: string };
}

export const vetores = JSON.parse(readFileSync(ARQUIVO_VETORES, 'utf8')) as {
  fator_vencimento_vectors: { date: string; fator: string }[];
  vectors: VetorBoleto[];
  nosso_numero_dv_vectors: VetorDv[];
};

/** The vector files name inputs after their source libraries; this maps them onto the engine's fields. */
export function dadosDoVetor(v: VetorBoleto): DadosBoleto {
  const i = v.inputs;
  return {
    banco: v.bank,
    agencia: i.agencia,
    conta: i.conta,
    carteira: i.carteira,
    convenio: i.convenio ?? i.beneficiario,
    nossoNumero: i.nosso_numero ?? i.nosso_numero_sequencial,
    seuNumero: i.seu_numero,
    ios: i.ios,
    modalidade: i.modalidade,
    valor: i.valor,
    vencimento: i.vencimento,
  };
}

export const nomeVetor = (v: { bank: string; source: { repo: string; path: string; note?: string } }) =>
  `${v.bank} ${v.source.repo}/${path.basename(v.source.path)}${v.source.note ? ` (${v.source.note})` : ''}`;
