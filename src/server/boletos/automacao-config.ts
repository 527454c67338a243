import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';

/** The automation settings of a boleto configuration (boletos_automacao) and the context jobs act in. */
export interface Automacao {
  remessaAutomatica: boolean;
  remessaHora: string;
  ultimaRemessaAutomatica: string | null;
  bancoUrl: string | null;
  bancoToken: string | null;
  pspUrl: string | null;
  pspClientId: string | null;
  pspClientSecret: string | null;
  lembreteAoEmitir: boolean;
  lembreteDiasAntes: number | null;
  lembreteNoVencimento: boolean;
  lembreteDiasApos: number | null;
  avisoPagamentoEmail: string | null;
  webhookSegredo: string;
}

const COLUNAS = `remessa_automatica AS "remessaAutomatica", remessa_hora AS "remessaHora", to_char(ultima_remessa_automatica, 'YYYY-MM-DD') AS "ultimaRemessaAutomatica",
  banco_url AS "bancoUrl", banco_token AS "bancoToken", psp_url AS "pspUrl", psp_client_id AS "pspClientId", psp_client_secret AS "pspClientSecret",
  lembrete_ao_emitir AS "lembreteAoEmitir", lembrete_dias_antes AS "lembreteDiasAntes", lembrete_no_vencimento AS "lembreteNoVencimento",
  lembrete_dias_apos AS "lembreteDiasApos", aviso_pagamento_email AS "avisoPagamentoEmail", webhook_segredo AS "webhookSegredo"`;

export const PADRAO: Omit<Automacao, 'webhookSegredo'> = {
  remessaAutomatica: false, remessaHora: '18:00', ultimaRemessaAutomatica: null, bancoUrl: null, bancoToken: null, pspUrl: null, pspClientId: null, pspClientSecret: null,
  lembreteAoEmitir: false, lembreteDiasAntes: null, lembreteNoVencimento: false, lembreteDiasApos: null, avisoPagamentoEmail: null,
};

export async function lerAutomacao(q: Queryable, tenantId: number, configuracaoId: number): Promise<Automacao | null> {
  const r = await q.query<Automacao>(`SELECT ${COLUNAS} FROM boletos_automacao WHERE tenant_id = $1 AND configuracao_id = $2`, [tenantId, configuracaoId]);
  return r.rows[0] ?? null;
}

/** The job context: the configuration's branch, no user (the history says "automático" by its origin). */
export async function ctxDaConfiguracao(services: Pick<AppServices, 'db'>, tenantId: number, configuracaoId: number): Promise<RequestContext | null> {
  // The owner's read (the configuration's branch is what the tenant transaction needs to see it).
  const r = await services.db.query<{ filial_id: number }>(`SELECT filial_id FROM configuracoes_boleto WHERE tenant_id = $1 AND id = $2 AND ativo`, [tenantId, configuracaoId]);
  if (!r.rows[0]) return null;
  return { tenantId, branchId: Number(r.rows[0].filial_id), userId: null } as unknown as RequestContext;
}

