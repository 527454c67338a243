import { estadoPlano, diasRestantes, type MotivoDesligado, type SituacaoConta } from '../../shared/assinatura.ts';
import { flattenMenu } from '../../shared/menu-filter.ts';
import type { RequestContext } from '../auth/context.ts';
import type { BrandRow } from '../http/brand-resolver.ts';
import type { Queryable } from '../db/db.ts';
import { loadMenus } from '../catalog/documents.ts';

/** One module of the product: a group of the main menu that names a `module` (schemas/menus/main.json). */
export interface ModuloCatalogo {
  id: string;
  titulo: string;
  /** Menu-item keys the module owns (SPEC 3 'Module': menus). */
  menus: string[];
}

/**
 * The modules a brand can switch and sell are those the main menu document names: one document says what a
 * module is, its title and its menus, and the API gate, the menus and the admin screen read the same list.
 */
export const CATALOGO_MODULOS: ModuloCatalogo[] = (() => {
  // The main menu as users see it: schemas/menus/main.json plus each resource document's entry.
  const main = loadMenus().main;
  const out = new Map<string, ModuloCatalogo>();
  for (const item of flattenMenu(main)) {
    if (!item.module) continue;
    const m = out.get(item.module) ?? { id: item.module, titulo: item.title, menus: [] };
    m.menus.push(...flattenMenu([item]).map((i) => i.key));
    out.set(item.module, m);
  }
  return [...out.values()];
})();

export const moduloDoCatalogo = (id: string) => CATALOGO_MODULOS.find((m) => m.id === id);

/** The brand's setting of a module (config.modulos): off for every account, and its price as an add-on. */
export interface ModuloMarca {
  id: string;
  ativo: boolean;
  menus?: string[];
  valorAdicional?: string | null;
}

export const modulosDaMarca = (brand: BrandRow | undefined): ModuloMarca[] => (Array.isArray(brand?.config?.modulos) ? brand!.config.modulos : []);

interface ContaRow {
  trial: boolean;
  bloqueada: boolean;
  data_vencimento: string | null;
  plano_id: number | null;
  plano_nome: string | null;
  plano_modulos: { id: string; visivel?: boolean }[] | null;
  adicionais: string[];
  meio_pagamento: 'boleto' | 'cartao';
  cartao_final: string | null;
}

/**
 * What an account may use today: its plan state and, per module, whether it is on. A module is off when the
 * brand switched it off (for everyone), or when the account pays for a plan that does not include it and did
 * not contract it as an add-on. A trial tries everything the brand offers; an account without a plan keeps
 * every module (accounts older than plans). Reads as the owner role (plans are brand-level), always by id.
 */
export async function situacaoDaConta(q: Queryable, tenantId: number, brand: BrandRow | undefined, today = new Date()): Promise<SituacaoConta | null> {
  const r = await q.query<ContaRow>(
    `SELECT t.trial, t.bloqueada, to_char(t.data_vencimento, 'YYYY-MM-DD') AS data_vencimento, t.plano_id, p.nome AS plano_nome, p.modulos AS plano_modulos,
            t.meio_pagamento, t.cartao_final,
            coalesce((SELECT array_agg(m.modulo ORDER BY m.modulo) FROM assinatura_modulos m WHERE m.tenant_id = t.id), '{}') AS adicionais
       FROM tenants t LEFT JOIN planos p ON p.id = t.plano_id
      WHERE t.id = $1`,
    [tenantId],
  );
  const c = r.rows[0];
  if (!c) return null;
  const conta = { trial: c.trial, bloqueada: c.bloqueada, dataVencimento: c.data_vencimento };
  const estado = estadoPlano(conta, today);
  const daMarca = new Map(modulosDaMarca(brand).map((m) => [m.id, m]));
  const noPlano = c.plano_modulos ? new Set(c.plano_modulos.filter((m) => m.visivel !== false).map((m) => m.id)) : null;
  const planGates = !c.trial && noPlano !== null;
  const adicionais = new Set(c.adicionais ?? []);
  return {
    estado,
    diasRestantes: diasRestantes(conta, today),
    dataVencimento: c.data_vencimento,
    planoId: c.plano_id,
    planoNome: c.plano_nome,
    meioPagamento: c.meio_pagamento,
    cartaoFinal: c.cartao_final,
    modulos: CATALOGO_MODULOS.map((m) => {
      const marca = daMarca.get(m.id);
      const adicional = adicionais.has(m.id);
      const motivo: MotivoDesligado | null = marca?.ativo === false ? 'marca' : planGates && !noPlano!.has(m.id) && !adicional ? 'plano' : null;
      return { id: m.id, titulo: m.titulo, ativo: motivo === null, motivo, adicional, valorAdicional: marca?.valorAdicional ?? null };
    }),
  };
}

/** SPEC 3 'Module' entries (id, ativo, menus) of this account, for getUserInfo's configWhiteLabel.modulos. */
export function modulosParaMenu(s: SituacaoConta | null): { id: string; ativo: boolean; menus: string[] }[] {
  if (!s) return [];
  return s.modulos.map((m) => ({ id: m.id, ativo: m.ativo, menus: moduloDoCatalogo(m.id)?.menus ?? [] }));
}

/** Brand staff is never gated: they must reach a blocked account's data to help it. */
export const isBrandStaff = (ctx: RequestContext) => ctx.isAvanco || ctx.master;
