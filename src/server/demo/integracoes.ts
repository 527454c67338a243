import { randomBytes } from 'node:crypto';
import { cnpjWithDigits } from '../../shared/cpf-cnpj.ts';
import type { Queryable } from '../db/db.ts';
import { adivinharMapeamento, hashChave, novoSegredo, PREFIXO } from '../integracoes/index.ts';

/**
 * Demo account (Mercadinho Demo), Configurações > Integrações: a Tiny export of fornecedores imported last week
 * (three came in, one row had an invalid CNPJ: the report and the undo are there to try), an API key of the shop's
 * online store (its secret was shown once, to nobody: only the hash exists) and a webhook for the store, switched
 * off until the shop puts its own address in (nothing is sent from the demo).
 */
export async function seedIntegracoes(q: Queryable, tenantId: number): Promise<void> {
  const admin = (await q.query<{ id: number; filial_selecionada_id: number }>(`SELECT id, filial_selecionada_id FROM users WHERE tenant_id = $1 AND email = 'admin@demo.com.br'`, [tenantId])).rows[0];
  if (!admin) return;
  const cabecalho = ['Nome', 'Nome Fantasia', 'CPF/CNPJ', 'Inscrição Estadual', 'Endereço', 'Número', 'Bairro', 'CEP', 'Cidade', 'UF', 'Fone', 'E-mail'];
  const linhas = [
    ['Cerealista Vale do Sol Ltda', 'Vale do Sol', cnpjWithDigits('445556660001'), 'ISENTO', 'Rua dos Cereais', '210', 'Brás', '03012000', 'São Paulo', 'SP', '(11) 3222-1010', 'vendas@valedosol.com.br'],
    ['Queijaria Canastra Ltda', 'Canastra', cnpjWithDigits('556667770001'), '', 'Estrada Real', 'km 12', 'Zona Rural', '37928000', 'São Roque de Minas', 'MG', '(37) 3433-2020', 'pedidos@queijariacanastra.com.br'],
    ['Águas Minerais Fonte Clara Ltda', 'Fonte Clara', cnpjWithDigits('667778880001'), '', 'Avenida das Fontes', '55', 'Centro', '13010001', 'Campinas', 'SP', '(19) 3232-3030', 'comercial@fonteclara.com.br'],
    ['Embalagens Sem CNPJ', '', '11.111.111/1111-11', '', '', '', '', '', '', 'SP', '', ''],
  ];
  const criados: { linha: number; id: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const l = linhas[i];
    const r = await q.query<{ id: number }>(
      `INSERT INTO pessoas (tenant_id, tipo, nome, fantasia, cpf_cnpj, inscricao_estadual, logradouro, numero, bairro, cep, uf, telefone, email, ativo, created_at)
       VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, true, now() - interval '6 days') RETURNING id`,
      [tenantId, l[0], l[1], l[2], l[3] || null, l[4], l[5], l[6], l[7], l[9], l[10].replace(/\D/g, ''), l[11]],
    );
    criados.push({ linha: i + 2, id: Number(r.rows[0].id) });
  }
  const resultado = { criados, ignoradas: [], erros: [{ linha: 5, erros: ['CPF/CNPJ: CPF ou CNPJ inválido'] }] };
  await q.query(
    `INSERT INTO importacoes (tenant_id, tipo, nome_arquivo, cabecalho, linhas, total, mapeamento, modo, situacao, importadas, ignoradas, com_erro, resultado, usuario_id, created_at, concluida_em)
     VALUES ($1, 'fornecedores', 'fornecedores-tiny.csv', $2, $3, 4, $4, 'validas', 'concluida', 3, 0, 1, $5, $6, now() - interval '6 days', now() - interval '6 days')`,
    [tenantId, cabecalho, JSON.stringify(linhas), JSON.stringify(adivinharMapeamento('fornecedores', cabecalho)), JSON.stringify(resultado), admin.id],
  );
  const token = PREFIXO + randomBytes(32).toString('base64url');
  await q.query(
    `INSERT INTO chaves_api (tenant_id, nome, prefixo, token_hash, escopos, usuario_id, filial_id, limite_por_minuto, created_at)
     VALUES ($1, 'Site da loja (catálogo e pedidos)', $2, $3, $4, $5, $6, 120, now() - interval '20 days')`,
    [tenantId, token.slice(0, 10), hashChave(token), JSON.stringify({ 'app.produto': 1, 'app.cliente': 2, 'app.pedidoVenda': 2 }), admin.id, admin.filial_selecionada_id],
  );
  await q.query(
    `INSERT INTO webhook_endpoints (tenant_id, url, descricao, eventos, segredo, ativo, desativado_motivo)
     VALUES ($1, 'https://loja.mercadinhodemo.com.br/webhooks/retaguarda', 'Site da loja: pedidos faturados e estoque', $2, $3, false, 'Exemplo da demonstração: informe o endereço do seu sistema e ative.')`,
    [tenantId, ['pedidoVenda.faturado', 'produto.alterado', 'cliente.criado', 'estoque.alterado', 'notaFiscal.autorizada', 'boleto.pago'], novoSegredo()],
  );
}
