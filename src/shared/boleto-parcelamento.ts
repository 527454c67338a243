/**
 * A boleto split into instalments (SPEC 3 "Boleto instalment split": quantity, fixed day, interval, custom dates
 * and amounts), shared by the screen's preview and the server that writes it. Amounts are split to the cent
 * (the last one takes the remainder); dates are monthly from the first (on the fixed day when given) or every
 * `intervaloDias` days.
 */
import { dividirEmParcelas, somarMeses, type ParcelaPlano } from './parcelamento.ts';

export interface ParcelamentoBoleto {
  quantidade: number;
  /** yyyy-MM-dd */
  primeiroVencimento: string;
  /** day of the month for every instalment after the first (1 to 31, clamped to the month's last day) */
  diaFixo?: number | null;
  /** days between instalments instead of months */
  intervaloDias?: number | null;
}

const somarDias = (iso: string, dias: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
};

function noDia(iso: string, dia: number): string {
  const [y, m] = iso.split('-').map(Number);
  const ultimo = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${iso.slice(0, 8)}${String(Math.min(dia, ultimo)).padStart(2, '0')}`;
}

export function planoBoleto(total: string, p: ParcelamentoBoleto): ParcelaPlano[] {
  return dividirEmParcelas(total, p.quantidade, p.primeiroVencimento).map((x, i) => ({
    ...x,
    vencimento: i === 0 ? p.primeiroVencimento : p.intervaloDias ? somarDias(p.primeiroVencimento, i * p.intervaloDias) : p.diaFixo ? noDia(somarMeses(noDia(p.primeiroVencimento, 1), i), p.diaFixo) : somarMeses(p.primeiroVencimento, i),
  }));
}
