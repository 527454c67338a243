import useSWR from 'swr';
import { api } from '../api/client.ts';
import { getToken, getUser, saveSession, type SessionUser } from '../app/session.ts';

export interface BranchInfo {
  id: number;
  apelido?: string | null;
  nome?: string | null;
  cpfCnpj?: string | null;
  contratoId?: string | number | null;
  trial?: boolean | null;
  bloqueada?: boolean | null;
  dataVencimento?: string | null;
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
  configWhiteLabel?: { id?: number; modulos?: { id: string; ativo: boolean; menus?: string[] }[] };
  modaisAbertos?: Record<string, unknown>;
  empresaObj?: { nome?: string; cpfCnpj?: string | null };
}

export const USER_INFO_KEY = 'Usuarios/getUserInfo?sistema=novoerp';

async function fetchUserInfo(): Promise<UserInfo> {
  const info = (await api.get<UserInfo>(USER_INFO_KEY)).data;
  // The stored user follows the server, so every screen's permission check reads the same map.
  const token = getToken();
  if (token) saveSession(token, { ...(getUser() ?? {}), ...info } as SessionUser);
  return info;
}

/** The signed-in user's info; starts from the stored login answer while the server's copy loads. */
export function useUserInfo() {
  return useSWR<UserInfo>(getToken() ? USER_INFO_KEY : null, fetchUserInfo, { revalidateOnFocus: false, fallbackData: (getUser() as UserInfo | null) ?? undefined, revalidateOnMount: true });
}

/** SPEC 2.5: the branch nickname, else its name, else 'Filial: Não informado'. */
export function branchLabel(branch: BranchInfo | null | undefined): string {
  return branch?.apelido?.trim() || branch?.nome?.trim() || 'Filial: Não informado';
}
