import { cnpjWithDigits, cpfWithDigits } from '../../shared/cpf-cnpj.ts';
import type { Queryable } from '../db/db.ts';
import { incluirPlanoPadrao } from '../contabil/index.ts';

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
  // The accountant's own CPF beside his firm's CNPJ, so the demo's SPED record 0100 is complete without typing.
  const cpf = cpfWithDigits('268451379');
  for (const [tenant, userId] of [[demo, login.id], [vizinha, vinculo]] as const) {
    const id = (
      await q.query<{ id: number }>(
        `INSERT INTO contabil_contadores (tenant_id, email, nome, crc, cpf_cnpj, cpf_contador, situacao, token_hash, expira_em, aceito_em, user_id, login_tenant_id, login_user_id)
         VALUES ($1, 'contador@demo.com.br', $2, 'SP-123456/O-5', $3, $7, 'ativo', md5(random()::text), now(), now(), $4, $5, $6) RETURNING id`,
        [tenant, login.nome, cnpj, userId, demo, login.id, cpf],
      )
    ).rows[0].id;
    await q.query(`INSERT INTO contabil_acessos (tenant_id, contador_id, evento, detalhe) VALUES ($1, $2, 'aceite', $3)`, [tenant, id, `${login.nome} aceitou o convite`]);
  }
  await seedPlanoDemo(q, demo);
}

/**
 * Mercadinho Demo's chart starts from the default one, every financial category and money account mapped (on the
 * accrual basis the fiscal postings need: the revenue of a sale is posted from its NF-e/NFC-e and the purchase from its
 * entry note, so receiving a sale clears Clientes and paying for merchandise clears Fornecedores; other revenue to Outras
 * receitas, other expenses to Despesas administrativas; the first money account
 * to Caixa geral, the others to Bancos), the payment methods and the customers/suppliers too, so closing a month in
 * the demo attaches its journal entries.
 */
async function seedPlanoDemo(q: Queryable, demo: number): Promise<void> {
  await incluirPlanoPadrao(q, demo);
  const conta = async (codigo: string) => Number((await q.query<{ id: number }>('SELECT id FROM contas_contabeis_sped WHERE tenant_id = $1 AND codigo = $2', [demo, codigo])).rows[0].id);
  const [clientes, fornecedores, outras, despesas, caixa, bancos] = [await conta('1.1.2.01'), await conta('2.1.1.01'), await conta('4.1.1.03'), await conta('4.2.1.02'), await conta('1.1.1.01'), await conta('1.1.1.02')];
  await q.query(
    `INSERT INTO contabil_mapeamentos (tenant_id, origem, origem_id, conta_contabil_id)
     SELECT tenant_id, 'categoria', id, CASE WHEN tipo = 1 AND descricao ILIKE '%mercadoria%' THEN $5::int WHEN tipo = 1 THEN $2::int WHEN descricao ILIKE '%venda%' THEN $3::int ELSE $4::int END FROM categorias_financeiras WHERE tenant_id = $1`,
    [demo, despesas, clientes, outras, fornecedores],
  );
  await q.query(
    `INSERT INTO contabil_mapeamentos (tenant_id, origem, origem_id, conta_contabil_id)
     SELECT tenant_id, 'conta_financeira', id, CASE WHEN id = (SELECT min(id) FROM contas_financeiras WHERE tenant_id = $1) THEN $2::int ELSE $3::int END FROM contas_financeiras WHERE tenant_id = $1`,
    [demo, caixa, bancos],
  );
  // Payment methods (finance's and the PDV's) by name: cash to Caixa geral, cards to Cartões a receber, the rest
  // (PIX, boleto…) to Bancos; customers and suppliers synthetic, one account each (Clientes, Fornecedores).
  const cartoes = await conta('1.1.2.02');
  for (const [origem, tabela] of [['forma_pagamento', 'formas_pagamento_financeiro'], ['forma_pagamento_pdv', 'pdv_formas_pagamento']] as const)
    await q.query(
      `INSERT INTO contabil_mapeamentos (tenant_id, origem, origem_id, conta_contabil_id)
       SELECT tenant_id, $2, id, CASE WHEN descricao ILIKE '%dinheiro%' THEN $3::int WHEN descricao ILIKE '%cart%' THEN $4::int ELSE $5::int END FROM ${tabela} WHERE tenant_id = $1`,
      [demo, origem, caixa, cartoes, bancos],
    );
  await q.query(`INSERT INTO contabil_mapeamentos (tenant_id, origem, origem_id, conta_contabil_id) VALUES ($1, 'clientes', 0, $2), ($1, 'fornecedores', 0, $3)`, [demo, clientes, fornecedores]);
}
