import { formatDate } from '../../shared/dates.ts';
import type { AppServices } from '../app-services.ts';
import type { Queryable } from '../db/db.ts';

/**
 * Follow-ups of commercial contacts due on or before `hoje` raise one alert each (a warning with a link to
 * the contact) for every active user of the account who may see contacts; retorno_alertado remembers the
 * date alerted, so running again (hourly, on several servers) alerts nothing twice. Returns how many alerts.
 */
export async function alertarRetornos(q: Queryable, tenantId: number, hoje: string, services?: Pick<AppServices, 'realtime'>): Promise<number> {
  const due = await q.query<{ id: number; nome: string; proximo: string; empresa: string | null }>(
    `UPDATE contatos_comerciais c SET retorno_alertado = c.proximo_contato
      WHERE c.tenant_id = $1 AND c.ativo AND c.proximo_contato <= $2 AND c.retorno_alertado IS DISTINCT FROM c.proximo_contato
      RETURNING c.id, c.nome, to_char(c.proximo_contato, 'YYYY-MM-DD') AS proximo,
                (SELECT p.nome FROM pessoas p WHERE p.tenant_id = c.tenant_id AND p.id = coalesce(c.pessoa_id, c.fornecedor_id)) AS empresa`,
    [tenantId, hoje],
  );
  let n = 0;
  for (const c of due.rows) {
    const texto = `Retorno agendado para ${formatDate(c.proximo)}: falar com ${c.nome}${c.empresa ? ` (${c.empresa})` : ''}.`;
    const r = await q.query<{ user_id: number; id: number; tipo: string; texto: string; data: string; link: string; permiteExcluir: boolean; lido: boolean }>(
      `INSERT INTO alertas (tenant_id, user_id, tipo, texto, link, permite_excluir)
       SELECT u.tenant_id, u.id, 'warning', $2, $3, true
         FROM users u LEFT JOIN access_profiles ap ON ap.tenant_id = u.tenant_id AND ap.id = u.perfil_id
        WHERE u.tenant_id = $1 AND u.ativo AND (u.perfil_admin OR coalesce((ap.permissoes ->> 'app.contatoscomerciais')::integer, 0) >= 1)
       RETURNING user_id, id, tipo, texto, data, link, permite_excluir AS "permiteExcluir", lido`,
      [tenantId, texto, `pages/vendas/contatos-comerciais/editar/${c.id}`],
    );
    n += r.rows.length;
    for (const { user_id, ...alerta } of r.rows) services?.realtime?.toUser(tenantId, user_id, 'alerta', alerta);
  }
  return n;
}
