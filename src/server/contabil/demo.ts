import { cnpjWithDigits } from '../../shared/documents.ts';
import type { Queryable } from '../db/db.ts';

/**
 * The demo accountant (contador@demo.com.br, a user of Mercadinho Demo) accepted invitations from both demo
 * accounts, so his panel shows two client shops: his own account's row and a vínculo row in Loja Vizinha.
 */
export async function seedContabil(q: Queryable, demo: number, vizinha: number): Promise<void> {
  const login = (await q.query<{ id: number; brand_id: number; nome: string }>(`SELECT id, brand_id, nome FROM users WHERE tenant_id = $1 AND email = 'contador@demo.com.br'`, [demo])).rows[0];
  if (!login) return;
  const vinculo = (
    await q.query<{ id: number }>(
      `INSERT INTO users (tenant_id, brand_id, email, nome, senha_hash, is_contador, contador_login_tenant_id, contador_login_user_id) VALUES ($1, $2, 'contador@demo.com.br', $3, '!', true, $4, $5) RETURNING id`,
      [vizinha, login.brand_id, login.nome, demo, login.id],
    )
  ).rows[0].id;
  const cnpj = cnpjWithDigits('445556660001');
  for (const [tenant, userId] of [[demo, login.id], [vizinha, vinculo]] as const) {
    const id = (
      await q.query<{ id: number }>(
        `INSERT INTO contabil_contadores (tenant_id, email, nome, crc, cpf_cnpj, situacao, token_hash, expira_em, aceito_em, user_id, login_tenant_id, login_user_id)
         VALUES ($1, 'contador@demo.com.br', $2, 'SP-123456/O-5', $3, 'ativo', md5(random()::text), now(), now(), $4, $5, $6) RETURNING id`,
        [tenant, login.nome, cnpj, userId, demo, login.id],
      )
    ).rows[0].id;
    await q.query(`INSERT INTO contabil_acessos (tenant_id, contador_id, evento, detalhe) VALUES ($1, $2, 'aceite', $3)`, [tenant, id, `${login.nome} aceitou o convite`]);
  }
}
