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

/** A permission key as permissions.json lists it (schemas/meta/permissions.schema.json). */
export interface PermissionKeyDoc {
  key: string;
  title: string;
  module: string;
  type: 'level' | 'boolean';
  [extra: string]: unknown;
}

/**
 * Every permission key of the product: permissions.json's, then each key a business document declares
 * (`declaresPermission`), titled as the document's singular, in its module, with levels. A key permissions.json
 * already lists stays as listed.
 */
export function permissionKeys(listed: readonly PermissionKeyDoc[], documents: readonly { permission: string; singular: string; module?: string; declaresPermission?: boolean }[]): PermissionKeyDoc[] {
  const out = [...listed];
  const seen = new Set(listed.map((k) => k.key));
  for (const d of documents) {
    if (!d.declaresPermission || seen.has(d.permission)) continue;
    seen.add(d.permission);
    out.push({ key: d.permission, title: d.singular, module: d.module ?? '', type: 'level' });
  }
  return out;
}
