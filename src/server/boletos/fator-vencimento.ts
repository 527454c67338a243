import { BoletoInvalido } from './erros.ts';

/**
 * Fator de vencimento: days since 1997-10-07, kept in four digits. At 9999 (2025-02-21) it restarts at 1000
 * (2025-02-22), and so every 9000 days after. Factor 0000 means "no due date" (contra-apresentação).
 */
const DIA_MS = 86_400_000;
export const DATA_BASE = '1997-10-07';
const BASE_MS = Date.UTC(1997, 9, 7);
const CICLO = 9000;

function paraDias(data: string, campo: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(data);
  const ms = m ? Date.UTC(+m[1], +m[2] - 1, +m[3]) : NaN;
  // Date.UTC rolls 2024-02-31 over into March: compare back to refuse impossible dates.
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== data) {
    throw new BoletoInvalido(`Data inválida: "${data}". Use o formato aaaa-mm-dd.`, campo);
  }
  return Math.round((ms - BASE_MS) / DIA_MS);
}

export function diasParaData(dias: number): string {
  return new Date(BASE_MS + dias * DIA_MS).toISOString().slice(0, 10);
}

/** Factor for a due date (yyyy-MM-dd); null gives 0000. Dates up to 1997-10-07 have no factor. */
export function fatorVencimento(vencimento: string | null): number {
  if (vencimento === null) return 0;
  const dias = paraDias(vencimento, 'vencimento');
  if (dias < 1) {
    throw new BoletoInvalido('O vencimento deve ser posterior a 07/10/1997, data base do fator de vencimento.', 'vencimento');
  }
  return dias < 1000 ? dias : ((dias - 1000) % CICLO) + 1000;
}

/**
 * Due date of a factor. A factor names one date in every 9000-day cycle, so the one chosen lies in the
 * window from 3000 days before to 5999 days after `referencia` (today by default): boletos paid late
 * and boletos issued years ahead both decode to the intended date.
 */
export function dataDoFator(fator: number, referencia: string = new Date().toISOString().slice(0, 10)): string | null {
  if (!Number.isInteger(fator) || fator < 0 || fator > 9999) throw new RangeError(`fator fora de 0..9999: ${fator}`);
  if (fator === 0) return null;
  if (fator < 1000) return diasParaData(fator);
  const inicioJanela = paraDias(referencia, 'referencia') - 3000;
  const ciclos = Math.max(0, Math.ceil((inicioJanela - fator) / CICLO));
  return diasParaData(fator + ciclos * CICLO);
}
