import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../api/client.ts';
import { getToken, getUser, saveSession, type SessionUser } from '../api/session.ts';
import { definirFusoPadrao } from '../../shared/dates.ts';
import { onSessionEnd } from '../api/session-memory.ts';

export interface BranchInfo {
  id: number;
  apelido?: string | null;
  nome?: string | null;
  cpfCnpj?: string | null;
  contratoId?: string | number | null;
  trial?: boolean | null;
  bloqueada?: boolean | null;
  dataVencimento?: string | null;
  /** Active depósitos of this branch (SPEC 6: stock transfer needs at least 2). */
  quantidadeDepositos?: number;
  /** The branch's time zone (IANA name): every time on screen is shown in it. */
  fusoHorario?: string | null;
}

export interface Alerta {
  id?: number;
  tipo: 'info' | 'success' | 'warning' | string;
  texto: string;
  data?: string;
  link?: string | null;
  permiteExcluir?: boolean;
  lido?: boolean;
}

/** GET Usuarios/getUserInfo?sistema=novoerp (SPEC 3 'User info'). */
export interface UserInfo extends SessionUser {
  avatar?: string | null;
  alertas?: Alerta[];
  painelAdministrativo?: boolean;
  filialSelecionadaObj?: BranchInfo | null;
  /** The selected branch's active boleto configuration (SPEC 3), null without one. */
  configuracaoBoleto?: { id: number } | null;
  configWhiteLabel?: { id?: number; modulos?: { id: string; ativo: boolean; menus?: string[] }[] };
  modaisAbertos?: Record<string, unknown>;
  empresaObj?: { nome?: string; cpfCnpj?: string | null };
}

export const USER_INFO_KEY = 'Usuarios/getUserInfo?sistema=novoerp';

// The branch's time zone is the session's: back to the default when it ends.
onSessionEnd(() => definirFusoPadrao(null));

async function fetchUserInfo(): Promise<UserInfo> {
  const info = (await api.get<UserInfo>(USER_INFO_KEY)).data;
  definirFusoPadrao(info.filialSelecionadaObj?.fusoHorario);
  // The stored user follows the server, so every screen's permission check reads the same map.
  const token = getToken();
  if (token) saveSession(token, { ...(getUser() ?? {}), ...info } as SessionUser);
  return info;
}

/**
 * The signed-in user's info. `data` starts from the stored login answer while the server's copy loads (menus
 * and guards need not wait); `server` is only what getUserInfo answered (the header initialises from it, SPEC 2.5).
 */
export function useUserInfo() {
  const swr = useSWR<UserInfo>(getToken() ? USER_INFO_KEY : null, fetchUserInfo, { revalidateOnFocus: false, revalidateOnMount: true });
  const server = swr.data;
  // Read once per mount: a new object on every render would re-run everything that depends on it.
  const [stored] = useState(storedUserInfo);
  return { data: server ?? stored, server, error: swr.error as unknown, isValidating: swr.isValidating, mutate: swr.mutate };
}

/** The user info kept in storage: the login answer, refreshed by every getUserInfo answer. */
export function storedUserInfo(): UserInfo | undefined {
  const info = (getUser() as UserInfo | null) ?? undefined;
  definirFusoPadrao(info?.filialSelecionadaObj?.fusoHorario);
  return info;
}

/** SPEC 2.5: the branch nickname, else its name, else 'Filial: Não informado'. */
export function branchLabel(branch: BranchInfo | null | undefined): string {
  return branch?.apelido?.trim() || branch?.nome?.trim() || 'Filial: Não informado';
}
