import type { Item } from '../../../generated/fiscal/nfe-documento.ts';
import type { Queryable } from '../db/db.ts';
import { aliquotasIbsCbsVigentes, ibsCbsObrigatorio, type ClassificacaoIbsCbs, type ModeloDfe, type ObrigatoriedadeIbsCbsItem, type TabelasIbsCbs } from '../../shared/fiscal/ibscbs.ts';
import { TributacaoError, type LinhaParaTributar, type TributosLinha } from '../../shared/fiscal/tributar-linha.ts';
import { tabelasIbsCbsDoProduto } from './perfil-tributario.ts';

/**
 * IBS/CBS on the issuing paths (issue 39): every path that builds an NF-e or NFC-e (emitir-nfe, faturar, devolução,
 * PDV online and the offline catalogue) asks emissaoIbsCbs once per note and, per line, passes ibsCbsDaLinha to
 * tributarLinha and puts grupoIbsCbs on the item. The group is written only when the issuer's regime and the
 * note's date make it compulsory (lookup obrigatoriedadeIbsCbs: regime normal since 03/08/2026, Simples Nacional
 * and MEI from 01/01/2027): before that the note keeps the 2026 layout (PL_009) it validated against.
 */
export interface EmissaoIbsCbs {
  regra: ObrigatoriedadeIbsCbsItem;
  tabelas: TabelasIbsCbs;
  modelo: ModeloDfe;
  data: string;
  perfis: Map<number, { nome: string; classificacao: ClassificacaoIbsCbs | null }>;
}

const dataBr = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The IBS/CBS tables in force on a date: for cClassTrib and the rates, the newest version the administrator imported
 * with vigência on or before it (tabelas_ibscbs_versoes, migration 0570), else the version the product ships.
 */
export async function tabelasIbsCbsEm(q: Queryable, data: string): Promise<TabelasIbsCbs> {
  const base = tabelasIbsCbsDoProduto();
  const r = await q.query<{ tabela: string; itens: unknown[] }>(
    'SELECT DISTINCT ON (tabela) tabela, itens FROM tabelas_ibscbs_versoes WHERE vigencia_inicio <= $1::date ORDER BY tabela, vigencia_inicio DESC',
    [data],
  );
  if (!r.rows.length) return base;
  const de = (nome: string) => r.rows.find((x) => x.tabela === nome)?.itens;
  return {
    ...base,
    cClassTrib: (de('cClassTrib') as TabelasIbsCbs['cClassTrib'] | undefined) ?? base.cClassTrib,
    aliquotas: (de('aliquotaIbsCbs') as TabelasIbsCbs['aliquotas'] | undefined) ?? base.aliquotas,
  };
}

/** The note's IBS/CBS context, or null when the groups are not compulsory for this issuer on this date. */
export async function emissaoIbsCbs(q: Queryable, tenantId: number, e: { crt: number; data: string; modelo: ModeloDfe; perfilIds: number[] }): Promise<EmissaoIbsCbs | null> {
  const tabelas = await tabelasIbsCbsEm(q, e.data);
  const regra = ibsCbsObrigatorio(tabelas, e.crt, e.data, e.modelo);
  if (!regra) return null;
  const r = await q.query<{ id: number; nome: string; cst_ibs_cbs: string | null; c_class_trib: string | null }>(
    'SELECT id, nome, cst_ibs_cbs, c_class_trib FROM perfis_tributarios WHERE tenant_id = $1 AND id = ANY($2::int[])',
    [tenantId, e.perfilIds],
  );
  const perfis = new Map(r.rows.map((p) => [Number(p.id), { nome: p.nome, classificacao: p.cst_ibs_cbs && p.c_class_trib ? { cst: p.cst_ibs_cbs, cClassTrib: p.c_class_trib } : null }]));
  return { regra, tabelas, modelo: e.modelo, data: e.data, perfis };
}

const nomeProduto = (p: { descricao?: string }) => (p.descricao ? ` (${p.descricao})` : '');

/**
 * What tributarLinha receives for IBS/CBS: the perfil's classification with the tables and the model. A perfil
 * without classification when the group is compulsory is refused naming the product (field produtoId: the screen
 * links to the product's fiscal tab), so the note is not transmitted without the group.
 */
export function ibsCbsDaLinha(e: EmissaoIbsCbs | null, produto: { descricao?: string; perfilTributarioId: number | null }): LinhaParaTributar['ibsCbs'] {
  if (!e || produto.perfilTributarioId == null) return undefined; // no perfil: tributarLinha refuses it already
  const perfil = e.perfis.get(produto.perfilTributarioId);
  if (!perfil?.classificacao) {
    throw new TributacaoError(
      `Produto${nomeProduto(produto)}: o perfil tributário${perfil ? ` "${perfil.nome}"` : ''} não tem a classificação do IBS/CBS (CST e cClassTrib), obrigatória nas notas do ${e.regra.label} desde ${dataBr(e.regra.vigenciaInicio)}: informe-a no perfil tributário do produto (aba Fiscal).`,
      'produtoId',
    );
  }
  return { classificacao: perfil.classificacao, tabelas: e.tabelas, modelo: e.modelo };
}

/**
 * The item's IBSCBS input for the engine (NfeDocumento Item.ibsCbs) from tributarLinha's answer, or undefined when
 * the groups are not compulsory. A rate missing from the data (the CBS of 2027 until published) or a CST whose
 * values the automatic calculation does not cover refuses the line instead of writing an incomplete group.
 */
export function grupoIbsCbs(e: EmissaoIbsCbs | null, t: TributosLinha, produto: { descricao?: string }): Item['ibsCbs'] | undefined {
  if (!e) return undefined;
  const r = t.ibsCbs;
  if (!r) throw new TributacaoError(`Produto${nomeProduto(produto)}: não há alíquotas do IBS/CBS para ${dataBr(e.data)} nos dados.`, 'produtoId');
  if (r.grupo === 'regular' && r.pCBS === null) throw new TributacaoError(`Produto${nomeProduto(produto)}: ${r.avisos.join(' ')} A nota não pode sair com o grupo IBS/CBS incompleto.`, 'produtoId');
  if (r.grupo === 'nao-calculado') throw new TributacaoError(`Produto${nomeProduto(produto)}: ${r.avisos.join(' ')} Escolha no perfil tributário uma classificação de tributação regular, reduzida, diferida, isenta ou imune.`, 'produtoId');
  return r.ibsCbs as Item['ibsCbs'];
}

/**
 * For the NF-e settings screen: from when this regime's notes must carry the IBS/CBS groups, and — when that date is
 * less than 90 days away or already past — the year whose CBS rate is missing from the data in force (the notes of
 * that date are refused until the administrator imports the rates table). Null when nothing is missing.
 */
export async function avisoIbsCbs(q: Queryable, crt: number, hoje: string): Promise<{ obrigatorioDesde: string; regime: string; ano: string } | null> {
  const regra = (tabelasIbsCbsDoProduto().obrigatoriedade ?? []).find((o) => o.value === String(crt));
  if (!regra) return null;
  const limite = new Date(`${hoje}T12:00:00Z`);
  limite.setUTCDate(limite.getUTCDate() + 90);
  if (regra.vigenciaInicio > limite.toISOString().slice(0, 10)) return null;
  const data = regra.vigenciaInicio > hoje ? regra.vigenciaInicio : hoje;
  const aliquota = aliquotasIbsCbsVigentes(await tabelasIbsCbsEm(q, data), data);
  if (aliquota && aliquota.pCBS !== null) return null;
  return { obrigatorioDesde: dataBr(regra.vigenciaInicio), regime: regra.label, ano: data.slice(0, 4) };
}
