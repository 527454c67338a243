import { mutate } from 'swr';
import { api } from '../../api/client.ts';
import { getToken, getUser, saveSession, type SessionUser } from '../../api/session.ts';
import { clearCachedData } from '../../brand/start-up.ts';

/**
 * The accountant moves his session to another client account (POST contabil/trocarConta). Everything the browser
 * kept belongs to the previous account, so it all goes: the stored 'cache:' keys (as the sign-out does), SWR's
 * cache, the stored user (refreshed from getUserInfo), and the page itself with its realtime socket (a reload
 * on the target route).
 */
export async function trocarConta(contaId: number, destino = '/pages/nfe/exportar-xml-nfe'): Promise<void> {
  await api.post('contabil/trocarConta', { contaId });
  clearCachedData();
  await mutate(() => true, undefined, { revalidate: false });
  const info = (await api.get<SessionUser>('Usuarios/getUserInfo?sistema=novoerp')).data;
  const token = getToken();
  if (token) saveSession(token, { ...(getUser() ?? {}), ...info } as SessionUser);
  window.location.hash = `#${destino}`;
  window.location.reload();
}
