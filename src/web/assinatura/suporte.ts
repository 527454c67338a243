import type { SessionUser } from '../api/session.ts';

/** Where the brand admin came from while inside a customer account (SPEC 2.5 'Acessar conta cliente'). */
const KEY = 'suporte-origem';

export interface OrigemSuporte {
  token: string;
  user: SessionUser | null;
  conta: string;
}

export function entrarComoSuporte(origem: { token: string; user: SessionUser | null }, conta: string): void {
  localStorage.setItem(KEY, JSON.stringify({ ...origem, conta }));
}

export function origemSuporte(): OrigemSuporte | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as OrigemSuporte) : null;
  } catch {
    return null;
  }
}

export function sairDoSuporte(): OrigemSuporte | null {
  const o = origemSuporte();
  localStorage.removeItem(KEY);
  return o;
}
