import type { RequestContext } from '../auth/context.ts';
import { configuracaoDaFilial } from '../boletos/configuracao.ts';
import type { BrandRow } from '../http/brand-resolver.ts';
import type { Db } from '../db/db.ts';
import { loadPermissionKeys } from '../catalog/documents.ts';
import { modulosParaMenu, situacaoDaConta } from '../planos/modulos.ts';
import { integracoesDaFilial } from '../integracoes/index.ts';

const ALL_KEYS: string[] = loadPermissionKeys().map((k) => k.key);
const TOTAL = 4;

/** The permission map of a user: the profile's levels; the administrator profile holds every key at TOTAL. */
export function permissionMap(ctx: Pick<RequestContext, 'perfilAdmin' | 'permissoes'>): Record<string, number> {
  if (ctx.perfilAdmin) return Object.fromEntries(ALL_KEYS.map((k) => [k, TOTAL]));
  return { ...ctx.permissoes };
}

export async function selectedBranch(db: Db, ctx: RequestContext) {
  if (!ctx.branchId) return null;
  return db.tenant(ctx, async (q) => {
    const r = await q.query<{ id: number; apelido: string | null; nome: string; cpfCnpj: string | null; [k: string]: unknown }>(
      `SELECT b.id, b.apelido, b.nome, b.cpf_cnpj AS "cpfCnpj", t.contrato_id AS "contratoId", t.trial, t.bloqueada, t.data_vencimento AS "dataVencimento",
              b.ramo_atividade AS "ramoAtividade", b.regime_tributario AS "regimeTributario", b.uf, b.codigo_municipio AS "codigoMunicipio", b.fuso_horario AS "fusoHorario",
              -- Active depósitos of this branch: the stock transfer menu needs at least 2 (SPEC 6).
              (SELECT count(*)::int FROM depositos d WHERE d.tenant_id = b.tenant_id AND d.filial_id = b.id AND d.ativo) AS "quantidadeDepositos"
         FROM branches b JOIN tenants t ON t.id = b.tenant_id WHERE b.tenant_id = $1 AND b.id = $2`,
      [ctx.tenantId, ctx.branchId],
    );
    const b = r.rows[0];
    // SPEC 3: integracoes (active external systems of the branch) and integracaoSerasa (the credit bureau's).
    return b ? { ...b, ...(await integracoesDaFilial(q, ctx.tenantId, b.id)) } : null;
  });
}

/** GET Usuarios/getUserInfo?sistema=novoerp: everything the shell needs about the signed-in user (SPEC 3). */
export async function buildUserInfo(db: Db, ctx: RequestContext, brand: BrandRow) {
  const u = (
    await db.tenant(ctx, (q) =>
      q.query<{ avatar: string | null; modais_abertos: Record<string, unknown>; tenant_nome: string; tenant_doc: string | null; primeiro_acesso: boolean }>(
        `SELECT u.avatar, u.modais_abertos, u.primeiro_acesso, t.nome AS tenant_nome, t.cpf_cnpj AS tenant_doc
           FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.tenant_id = $1 AND u.id = $2`,
        [ctx.tenantId, ctx.userId],
      ),
    )
  ).rows[0];
  return {
    id: ctx.userId,
    nome: ctx.nome,
    email: ctx.email,
    avatar: u?.avatar ?? null,
    alertas: [],
    painelAdministrativo: ctx.isAvanco || ctx.master,
    filialSelecionadaObj: await selectedBranch(db, ctx),
    // SPEC 3 'Boleto configuration' of the selected branch (active only): the shell shows the boleto menus with it
    configuracaoBoleto: await configuracaoDaFilial(db, ctx).then((c) => (c ? { id: c.id } : null)),
    perfilAdmin: ctx.perfilAdmin,
    suporteWhiteLabel: ctx.suporteWhiteLabel,
    isContador: ctx.isContador,
    isAvanco: ctx.isAvanco,
    master: ctx.master,
    primeiroAcesso: u?.primeiro_acesso ?? false,
    permissoes: permissionMap(ctx),
    // The modules this account may use (brand switches, plan and add-ons), as SPEC 3 'Module' entries.
    configWhiteLabel: { id: brand.id, modulos: modulosParaMenu(await situacaoDaConta(db, ctx.tenantId, brand)) },
    modaisAbertos: u?.modais_abertos ?? {},
    empresaObj: { nome: u?.tenant_nome ?? '', cpfCnpj: u?.tenant_doc ?? null },
  };
}
