// The NF-e's data: the draft's schema check, the note as the API shows it, the branch's NF-e settings, reading a note.
import Decimal from 'decimal.js';
import type { ValidateFunction } from 'ajv';
import { NOTA_FISCAL_SCHEMA, type DadosNotaFiscal } from '../../../shared/fiscal/nota-fiscal.ts';
import { fieldErrors } from '../../../shared/messages.ts';
import type { AppServices } from '../../app-services.ts';
import type { Queryable } from '../../db/db.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { createAjv } from '../../resources/registry.ts';
import { ajustesLimpos } from '../../../shared/fiscal/ajustes-tributacao.ts';
import { FUSO_PADRAO, isoComFuso } from '../../../shared/dates.ts';

type Row = Record<string, any>;

export interface CtxEmissao {
  tenantId: number;
  userId: number;
  branchId: number | null;
}
export type Servicos = Pick<AppServices, 'db' | 'storage' | 'realtime'>;

/** The legal window to cancel an authorised NF-e (Ajuste SINIEF 07/05: 24 hours). */
export const PRAZO_CANCELAMENTO_MS = 24 * 3600_000;

let validador: ValidateFunction | null = null;
const validar = () => (validador ??= createAjv().compile(NOTA_FISCAL_SCHEMA));

function titulo(path: string): string {
  const partes = path.split('/').filter(Boolean);
  let s: any = NOTA_FISCAL_SCHEMA;
  const nomes: string[] = [];
  for (const p of partes) {
    if (/^\d+$/.test(p)) {
      nomes.push(`linha ${Number(p) + 1}`);
      s = s?.items;
    } else {
      s = s?.properties?.[p];
      nomes.push(s?.title ?? p);
    }
  }
  return nomes.join(', ') || 'Nota';
}

/** The draft checked by the same JSON Schema as the screen; 400 naming each field. */
export function validarDados(body: unknown): DadosNotaFiscal {
  const v = validar();
  const d = structuredClone(body ?? {});
  if (!v(d)) {
    const erros = fieldErrors(v.errors).map((e) => ({ ...e, mensagem: e.mensagem }));
    throw badRequest(`Dados inválidos: ${erros.map((e) => `${titulo(e.path)}: ${e.mensagem}`).join('; ')}`, erros);
  }
  const dados = d as DadosNotaFiscal;
  // a line's tax adjustments kept only with what was given ('7,6' read as 7.6)
  dados.itens = dados.itens.map(({ ajustes, ...i }) => {
    const a = ajustesLimpos(ajustes);
    return a ? { ...i, ajustes: a } : i;
  });
  return dados;
}

export function filialDe(ctx: CtxEmissao): number {
  if (!ctx.branchId) throw badRequest('Selecione uma filial antes de emitir notas.');
  return ctx.branchId;
}

export const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));

/** The draft of a note's `dados`, without what the issue keeps beside it (the built document, the kept number). */
export function rascunhoDe(dados: Row | null | undefined): Row {
  const { documento: _d, numeroMantido: _n, statusAnterior: _s, origem: _o, ...resto } = dados ?? {};
  return resto;
}

export function notaOut(r: Row) {
  return {
    id: Number(r.id),
    modelo: Number(r.modelo),
    serie: r.serie == null ? null : Number(r.serie),
    numero: r.numero == null ? null : Number(r.numero),
    status: r.status as string,
    naturezaId: r.natureza_id == null ? null : Number(r.natureza_id),
    clienteId: r.cliente_id == null ? null : Number(r.cliente_id),
    destinatarioNome: r.destinatario_nome ?? null,
    total: new Decimal(r.total ?? 0).toFixed(2),
    chave: r.chave ?? null,
    protocolo: r.protocolo ?? null,
    ambiente: r.ambiente == null ? null : Number(r.ambiente),
    dataEmissao: iso(r.data_emissao),
    dataAutorizacao: iso(r.data_autorizacao),
    rejeicao: r.rejeicao ?? null,
    sequenciaCce: Number(r.sequencia_cce ?? 0),
    pedidoId: r.pedido_id == null ? null : Number(r.pedido_id),
    tipoEmissao: Number(r.tipo_emissao ?? 1),
    contingencia: r.contingencia ?? null,
    dados: rascunhoDe(r.dados),
    numeroMantido: r.dados?.numeroMantido === true,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export interface ConfiguracaoNfe {
  serieNfe: number;
  serieNfce: number;
  ambiente: 1 | 2;
  cscId: string | null;
  cscToken: string | null;
  contingencia: string;
  naturezaPadraoId: number | null;
  emailCopia: string | null;
}

export async function configuracaoNfe(q: Queryable, tenantId: number, filialId: number): Promise<ConfiguracaoNfe> {
  const r = await q.query(`SELECT * FROM configuracoes_nfe WHERE tenant_id = $1 AND filial_id = $2`, [tenantId, filialId]);
  const c = r.rows[0];
  return {
    serieNfe: c ? Number(c.serie_nfe) : 1,
    serieNfce: c ? Number(c.serie_nfce) : 1,
    ambiente: c ? (Number(c.ambiente) as 1 | 2) : 2,
    cscId: c?.csc_id ?? null,
    cscToken: c?.csc_token ?? null,
    contingencia: c?.contingencia ?? 'svc',
    naturezaPadraoId: c?.natureza_padrao_id == null ? null : Number(c.natureza_padrao_id),
    emailCopia: c?.email_copia ?? null,
  };
}

/** The last number used of a series (0 when none), from sequencias_filial. */
export async function ultimoNumero(q: Queryable, tenantId: number, filialId: number, tipo: 'nfe' | 'nfce', serie: number): Promise<number> {
  const r = await q.query<{ n: string }>(`SELECT ultimo_numero::text AS n FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = $3 AND serie = $4`, [tenantId, filialId, tipo, serie]);
  return r.rows[0] ? Number(r.rows[0].n) : 0;
}

export const brl = (d: Decimal) => `R$ ${d.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
export const hoje = (d: Date) => comFuso(d).slice(0, 10);
/** dhEmi in Brasília time (UTC-3). */
/** The instant as the branch's wall clock with its offset (dhEmi, dhEvento…): America/Sao_Paulo unless told. */
export function comFuso(d: Date, fuso: string = FUSO_PADRAO): string {
  return isoComFuso(d, fuso);
}

export async function lerNota(q: Queryable, ctx: CtxEmissao, id: number, travar = false): Promise<Row> {
  const r = await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2${travar ? ' FOR UPDATE' : ''}`, [ctx.tenantId, id]);
  if (!r.rows.length) throw notFound('Nota fiscal não encontrada.');
  return r.rows[0];
}
