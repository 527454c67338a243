/**
 * SPEC 6: the one permission check used by menus, route guards and the API.
 * Ladder NENHUMA 0, VISUALIZAR 1, CRIAR 2, ALTERAR 3, TOTAL 4; the shell speaks of none, view, change, full.
 */
export const LEVEL = { NENHUMA: 0, VISUALIZAR: 1, CRIAR: 2, ALTERAR: 3, TOTAL: 4 } as const;
export type LevelName = 'none' | 'view' | 'create' | 'change' | 'full';
export const LEVEL_BY_NAME: Record<LevelName, number> = { none: 0, view: 1, create: 2, change: 3, full: 4 };

export interface PermissionSubject {
  perfilAdmin?: boolean;
  suporteWhiteLabel?: boolean;
  isContador?: boolean;
  permissoes?: Record<string, number>;
}

export function hasPermission(user: PermissionSubject | null | undefined, key: string, level?: LevelName | number): boolean {
  if (!user) return false;
  if (user.perfilAdmin || user.suporteWhiteLabel || user.isContador) return true;
  const held = user.permissoes?.[key] ?? 0;
  if (held <= LEVEL.NENHUMA) return false;
  const asked = level === undefined ? LEVEL.TOTAL : typeof level === 'number' ? level : LEVEL_BY_NAME[level];
  return held >= asked;
}

/** SPEC 6 'level from a form': delete gives full, register gives change, view gives view, else none. */
export function levelForAction(action: 'delete' | 'register' | 'view' | string): LevelName {
  return action === 'delete' ? 'full' : action === 'register' ? 'change' : action === 'view' ? 'view' : 'none';
}

/** A boolean permission is full or none. */
export const levelForBoolean = (granted: boolean): number => (granted ? LEVEL.TOTAL : LEVEL.NENHUMA);
