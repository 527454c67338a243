import useSWR from 'swr';
import { somenteLeitura, type ModuloConta as ModuloServido, type SituacaoConta } from '../../shared/assinatura.ts';
import { api } from '../api/client.ts';

export interface ModuloConta extends ModuloServido {
  valorAdicionalFormatado: string | null;
}

/** GET Assinatura: the account's plan state and what it may use (src/server/planos/assinatura-routes.ts). */
export type Assinatura = SituacaoConta<ModuloConta>;

export interface Plano {
  id: number;
  idExterno: string;
  configWhiteLabel: number;
  nome: string;
  descricao?: string | null;
  valor: string;
  modulo?: string | null;
  modulos: { id: string; visivel: boolean }[];
  ativo: boolean;
}

export const ASSINATURA_KEY = 'Assinatura';
export const ASSINATURA_PAGE = '/pages/assinatura';

export function useAssinatura(enabled = true) {
  return useSWR<Assinatura>(enabled ? ASSINATURA_KEY : null, async () => (await api.get<Assinatura>(ASSINATURA_KEY)).data, { revalidateOnFocus: false });
}

/** A blocked account (trial expired, delinquent) reads only: screens hide what would write (the API refuses it too). */
export function useSomenteLeitura(): boolean {
  const { data } = useAssinatura();
  return !!data && somenteLeitura(data.estado);
}
