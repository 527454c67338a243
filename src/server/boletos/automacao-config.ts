import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { createHash } from 'node:crypto';
import { cifrarTexto, decifrarTexto, PREFIXO_CIFRADO } from '../cifra.ts';
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
  const a = r.rows[0];
  if (!a) return null;
  return {
    ...a, bancoToken: a.bancoToken == null ? null : decifrarTexto(a.bancoToken), pspClientSecret: a.pspClientSecret == null ? null : decifrarTexto(a.pspClientSecret),
    webhookSegredo: decifrarTexto(a.webhookSegredo),
  };
}

/** The bank token, the PSP client secret and the webhook secret as stored: AES-256-GCM with the server's CERTIFICADO_CHAVE (src/server/cifra.ts). */
export const segredoGuardado = (v: string | null): string | null => (v == null ? null : cifrarTexto(v));

/** What the webhook looks its configuration up by (webhook_segredo_hash): the secret's SHA-256 in hex, the stored secret having a random IV. */
export const hashWebhook = (segredo: string): string => createHash('sha256').update(segredo, 'utf8').digest('hex');

/**
 * Encrypts the secrets saved in plain text before they were encrypted at rest (one-off, on start; rows already
 * encrypted are left alone): the bank token, the PSP client secret and the webhook secret (migration 0670 — its
 * SHA-256 for the lookup is computed there; the key is not the database's). Each row is rewritten only if it still
 * holds the values read, so a save meanwhile wins.
 */
export async function cifrarSegredosAntigos(db: Pick<Queryable, 'query'>): Promise<number> {
  const claro = (coluna: string) => `(${coluna} IS NOT NULL AND left(${coluna}, ${PREFIXO_CIFRADO.length}) <> '${PREFIXO_CIFRADO}')`;
  const r = await db.query<{ tenant_id: number; configuracao_id: number; banco_token: string | null; psp_client_secret: string | null; webhook_segredo: string }>(
    `SELECT tenant_id, configuracao_id, banco_token, psp_client_secret, webhook_segredo FROM boletos_automacao
      WHERE ${claro('banco_token')} OR ${claro('psp_client_secret')} OR ${claro('webhook_segredo')}`,
  );
  let n = 0;
  const cifra = (v: string | null) => (v == null || v.startsWith(PREFIXO_CIFRADO) ? v : cifrarTexto(v));
  for (const x of r.rows) {
    const u = await db.query(
      `UPDATE boletos_automacao SET banco_token = $3, psp_client_secret = $4, webhook_segredo = $7
        WHERE tenant_id = $1 AND configuracao_id = $2 AND banco_token IS NOT DISTINCT FROM $5 AND psp_client_secret IS NOT DISTINCT FROM $6 AND webhook_segredo = $8`,
      [x.tenant_id, x.configuracao_id, cifra(x.banco_token), cifra(x.psp_client_secret), x.banco_token, x.psp_client_secret, cifra(x.webhook_segredo), x.webhook_segredo],
    );
    n += u.rowCount ?? 0;
  }
  return n;
}

/** The job context: the configuration's branch, no user (the history says "automático" by its origin). */
export async function ctxDaConfiguracao(services: Pick<AppServices, 'db'>, tenantId: number, configuracaoId: number): Promise<RequestContext | null> {
  // The owner's read (the configuration's branch is what the tenant transaction needs to see it).
  const r = await services.db.query<{ filial_id: number }>(`SELECT filial_id FROM configuracoes_boleto WHERE tenant_id = $1 AND id = $2 AND ativo`, [tenantId, configuracaoId]);
  if (!r.rows[0]) return null;
  return { tenantId, branchId: Number(r.rows[0].filial_id), userId: null } as unknown as RequestContext;
}

