import type { Queryable } from '../db/db.ts';
import type { FileStorage } from '../storage/storage.ts';
import { loadLookups } from '../catalog/documents.ts';
import type { Crt, TributacaoEstadualRegra, TributacaoFederalRegra } from '../../shared/fiscal/tributacao.ts';

/**
 * What the issuing path needs to call calcularTributacao (src/shared/fiscal/tributacao.ts) for a note: the
 * issuer's UF and CRT from its branch, and the rule rows of the perfis of its products, all tenant-scoped.
 */

/** CRT of a company tax regime (lookup regimeTributario → regimeDocumento; unset = lucro real → 3). */
export function crtDoRegime(regime: number | null | undefined): Crt {
  const lk = loadLookups().get('regimeTributario')!;
  const value = regime ?? (lk as { unsetValue?: number }).unsetValue ?? 2;
  const item = lk.items.find((i) => Number(i.value) === Number(value)) as { regimeDocumento?: number } | undefined;
  return (item?.regimeDocumento ?? 3) as Crt;
}

export interface Emitente {
  id: number;
  nome: string;
  uf: string | null;
  crt: Crt;
}

export async function emitenteDaFilial(q: Queryable, tenantId: number, branchId: number): Promise<Emitente | null> {
  const r = await q.query<{ id: number; nome: string; uf: string | null; regime_tributario: number | null }>(
    'SELECT id, nome, uf, regime_tributario FROM branches WHERE tenant_id = $1 AND id = $2',
    [tenantId, branchId],
  );
  const b = r.rows[0];
  return b ? { id: b.id, nome: b.nome, uf: b.uf, crt: crtDoRegime(b.regime_tributario) } : null;
}

const ESTADUAL_COLS = `id, perfil_tributario_id AS "perfilTributarioId", uf_origem AS "ufOrigem", uf_destino AS "ufDestino",
  vigencia_inicio::text AS "vigenciaInicio", cst_icms AS "cstIcms", csosn, modalidade_bc AS "modalidadeBc", aliquota_icms::text AS "aliquotaIcms",
  reducao_base::text AS "reducaoBase", aliquota_credito_sn::text AS "aliquotaCreditoSn", modalidade_bc_st AS "modalidadeBcSt", mva_st::text AS "mvaSt",
  reducao_base_st::text AS "reducaoBaseSt", aliquota_icms_st::text AS "aliquotaIcmsSt", aliquota_fcp::text AS "aliquotaFcp",
  aliquota_fcp_st::text AS "aliquotaFcpSt", aliquota_icms_uf_destino::text AS "aliquotaIcmsUfDestino",
  aliquota_fcp_uf_destino::text AS "aliquotaFcpUfDestino", cfop`;
const FEDERAL_COLS = `id, perfil_tributario_id AS "perfilTributarioId", vigencia_inicio::text AS "vigenciaInicio", cst_ipi AS "cstIpi",
  aliquota_ipi::text AS "aliquotaIpi", enquadramento_ipi AS "enquadramentoIpi", cst_pis AS "cstPis", aliquota_pis::text AS "aliquotaPis",
  cst_cofins AS "cstCofins", aliquota_cofins::text AS "aliquotaCofins"`;

/** Every version of the rules of these perfis (calcularTributacao picks the one valid on the note's date). */
export async function carregarRegras(q: Queryable, tenantId: number, perfis: number[]): Promise<{ estaduais: TributacaoEstadualRegra[]; federais: TributacaoFederalRegra[] }> {
  if (!perfis.length) return { estaduais: [], federais: [] };
  const e = await q.query<TributacaoEstadualRegra>(`SELECT ${ESTADUAL_COLS} FROM tributacoes_estaduais WHERE tenant_id = $1 AND perfil_tributario_id = ANY($2::int[])`, [tenantId, perfis]);
  const f = await q.query<TributacaoFederalRegra>(`SELECT ${FEDERAL_COLS} FROM tributacoes_federais WHERE tenant_id = $1 AND perfil_tributario_id = ANY($2::int[])`, [tenantId, perfis]);
  return { estaduais: e.rows, federais: f.rows };
}

/** The branch's DANFE logo (PNG or JPEG bytes), or null: for the DANFE/DANFCE of the issuing path. */
export async function logoDaFilial(q: Queryable, storage: FileStorage, tenantId: number, branchId: number): Promise<{ mime: 'image/png' | 'image/jpeg'; bytes: Buffer } | null> {
  const chave = (await q.query<{ logo_chave: string | null }>('SELECT logo_chave FROM branches WHERE tenant_id = $1 AND id = $2', [tenantId, branchId])).rows[0]?.logo_chave;
  if (!chave) return null;
  const stream = await storage.get(chave);
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(Buffer.from(c));
  return { mime: chave.endsWith('.png') ? 'image/png' : 'image/jpeg', bytes: Buffer.concat(parts) };
}
