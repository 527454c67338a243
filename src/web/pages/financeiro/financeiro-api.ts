import useSWR, { mutate } from 'swr';
import type { Where } from '../../../shared/filter.ts';
import { api } from '../../api/client.ts';
import { keyOf } from '../../api/params.ts';

/** A conta with its balance (GET /api/ContasFinanceiras/saldos). */
export interface SaldoConta {
  contaId: number;
  descricao: string;
  tipo: number;
  ativo: boolean;
  saldoInicial: string;
  movimentado: string;
  saldo: string;
}

export interface TotaisParcelas {
  quantidade: number;
  total: string;
  aberto: string;
  atrasado: string;
  pago: string;
}

/** A row of the parcelas grid (resource document parcela, view parcelas_lista). */
export interface ParcelaRow extends Record<string, unknown> {
  id: number;
  lancamentoId: number;
  tipo: number;
  descricao: string;
  numero: number;
  quantidadeParcelas?: number;
  vencimento: string;
  valor: string;
  valorAberto: string;
  status: string;
  contaId?: number | null;
}

export const useSaldos = () => useSWR<SaldoConta[]>(keyOf('financeiro', 'saldos'), async () => (await api.get<SaldoConta[]>('ContasFinanceiras/saldos')).data);

export const useTotais = (where: Where | undefined) =>
  useSWR<TotaisParcelas>(keyOf('financeiro', 'totais', where ?? {}), async () => (await api.get<TotaisParcelas>('Parcelas/totais', { params: { where: where ?? {} } })).data);

/** After a posting every money view may have changed: grids, totals, balances, the lançamento shown. */
export const reloadFinanceiro = () =>
  mutate((key) => typeof key === 'string' && /"(financeiro|Parcelas|Baixas|TransferenciasFinanceiras|Lancamentos|ContasFinanceiras|MovimentosFinanceiros)"/.test(key), undefined, { revalidate: true });

export const hoje = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export const TIPO_TEXTO: Record<number, { plural: string; singular: string; rota: string }> = {
  0: { plural: 'Receitas', singular: 'Receita', rota: 'pages/financeiro/lancamentos/lista/receitas' },
  1: { plural: 'Despesas', singular: 'Despesa', rota: 'pages/financeiro/lancamentos/lista/despesas' },
};
