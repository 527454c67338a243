import type { Queryable } from '../db/db.ts';
import { seedSped } from './fiscal-config-sped.ts';

/**
 * Fiscal settings of the demo account (issue 17): its branches as complete issuers (CNPJ, IE valid for SP,
 * address with IBGE code, CRT), two perfis tributários with their ICMS rows per UF pair (one with two
 * versions: Bahia's internal rate went from 19% to 20,5% on 20/02/2024), federal rows, observações, the
 * account's CFOPs, and every demo product linked to a perfil (beverages under ST, the rest for resale).
 * The other account (Loja Vizinha, RJ, MEI) gets its issuer data only.
 */
export async function seedFiscalConfig(q: Queryable, demo: number, vizinha: number): Promise<void> {
  const emit = `UPDATE branches SET inscricao_estadual = $3, inscricao_municipal = $4, cnae = $5, regime_tributario_municipal = $6,
      cep = $7, logradouro = $8, numero = $9, complemento = $10, bairro = $11, telefone = $12, email = $13, updated_at = now()
    WHERE tenant_id = $1 AND apelido = $2`;
  await q.query(emit, [demo, 'Matriz', '110042490114', '12345678', '4712100', 1, '01310100', 'Avenida Paulista', '1000', 'Loja 1', 'Bela Vista', '1131234567', 'fiscal@mercadinhodemo.com.br']);
  await q.query(emit, [demo, 'Filial Centro', '492034504005', '12345679', '4712100', 1, '01002000', 'Rua Direita', '250', null, 'Sé', '1131237654', 'centro@mercadinhodemo.com.br']);
  await q.query(emit, [vizinha, 'Matriz', '77500006', null, '4781400', 5, '20040002', 'Rua da Assembleia', '10', null, 'Centro', '2122223333', 'contato@lojavizinha.com.br']);

  const id = async (sql: string, params: unknown[]) => (await q.query<{ id: number }>(sql, params)).rows[0].id;
  const perfil = (nome: string, descricao: string) => id('INSERT INTO perfis_tributarios (tenant_id, nome, descricao) VALUES ($1, $2, $3) RETURNING id', [demo, nome, descricao]);
  const revenda = await perfil('Revenda Simples Nacional', 'Mercadorias de revenda tributadas pelo Simples Nacional (CSOSN 102), sem ST.');
  const bebidas = await perfil('Bebidas com ST', 'Refrigerantes, águas, cervejas e sucos com ICMS retido pelo fornecedor (CSOSN 500, CFOP 5405).');
  // IBS/CBS (issue 39): both taxed in full (CST 000, cClassTrib 000001), so the demo's Simples notes carry the
  // groups when they become compulsory for the Simples Nacional (01/01/2027, lookup obrigatoriedadeIbsCbs).
  await q.query(`UPDATE perfis_tributarios SET cst_ibs_cbs = '000', c_class_trib = '000001' WHERE tenant_id = $1 AND id = ANY($2::int[])`, [demo, [revenda, bebidas]]);

  const estadual = (r: { perfil: number; uf: string; vigencia: string; csosn: string; cfop?: string; dest?: string; fcpDest?: string; obs: string }) =>
    q.query(
      `INSERT INTO tributacoes_estaduais (tenant_id, perfil_tributario_id, uf_origem, uf_destino, vigencia_inicio, csosn, cfop, aliquota_icms_uf_destino, aliquota_fcp_uf_destino, observacao)
       VALUES ($1, $2, 'SP', $3, $4, $5, $6, $7, $8, $9)`,
      [demo, r.perfil, r.uf, r.vigencia, r.csosn, r.cfop ?? null, r.dest ?? null, r.fcpDest ?? null, r.obs],
    );
  await estadual({ perfil: revenda, uf: 'SP', vigencia: '2024-01-01', csosn: '102', obs: 'Venda dentro de SP' });
  await estadual({ perfil: revenda, uf: 'RJ', vigencia: '2024-01-01', csosn: '102', dest: '20', fcpDest: '2', obs: 'Venda para o RJ (DIFAL a não contribuinte)' });
  await estadual({ perfil: revenda, uf: 'MG', vigencia: '2024-01-01', csosn: '102', dest: '18', obs: 'Venda para MG (DIFAL a não contribuinte)' });
  await estadual({ perfil: revenda, uf: 'BA', vigencia: '2023-04-01', csosn: '102', dest: '19', obs: 'Venda para a BA: alíquota interna de 19%' });
  await estadual({ perfil: revenda, uf: 'BA', vigencia: '2024-02-20', csosn: '102', dest: '20.5', obs: 'Venda para a BA: alíquota interna de 20,5% (Lei 14.629/2023)' });
  await estadual({ perfil: bebidas, uf: 'SP', vigencia: '2024-01-01', csosn: '500', cfop: '5405', obs: 'Bebidas com ST retido anteriormente' });

  const federal = 'INSERT INTO tributacoes_federais (tenant_id, perfil_tributario_id, vigencia_inicio, cst_pis, cst_cofins, observacao) VALUES ($1, $2, $3, $4, $5, $6)';
  await q.query(federal, [demo, revenda, '2024-01-01', '49', '49', 'Simples Nacional: PIS e COFINS recolhidos no DAS']);
  await q.query(federal, [demo, bebidas, '2024-01-01', '49', '49', 'Simples Nacional: PIS e COFINS recolhidos no DAS']);

  const obs = 'INSERT INTO observacoes_nota (tenant_id, descricao, texto, fisco, uf_destino, perfil_tributario_id) VALUES ($1, $2, $3, $4, $5, $6)';
  await q.query(obs, [demo, 'Simples Nacional', 'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL. NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI.', false, null, null]);
  await q.query(obs, [demo, 'ICMS retido por ST', 'ICMS RECOLHIDO ANTERIORMENTE POR SUBSTITUIÇÃO TRIBUTÁRIA.', true, null, bebidas]);
  await q.query(obs, [demo, 'DIFAL para o RJ', 'DIFAL RECOLHIDO EM FAVOR DO ESTADO DO RIO DE JANEIRO (EC 87/2015), INCLUSIVE FCP.', true, 'RJ', null]);

  for (const [cfop, descricao] of [
    ['5102', 'Venda de mercadoria dentro do estado'],
    ['6102', 'Venda de mercadoria para outro estado'],
    ['5405', 'Venda de mercadoria com ST retido anteriormente'],
    ['6108', 'Venda para não contribuinte de outro estado'],
    ['5202', 'Devolução de compra'],
  ]) {
    await q.query('INSERT INTO cfops_conta (tenant_id, cfop, descricao) VALUES ($1, $2, $3)', [demo, cfop, descricao]);
  }

  await q.query(
    `UPDATE produtos p SET perfil_tributario_id = CASE WHEN c.descricao IN ('Refrigerantes', 'Águas', 'Cervejas', 'Sucos') THEN $2::int ELSE $3::int END
       FROM categorias_produto c WHERE p.tenant_id = $1 AND c.tenant_id = p.tenant_id AND c.id = p.categoria_id`,
    [demo, bebidas, revenda],
  );
  await q.query('UPDATE produtos SET perfil_tributario_id = $2 WHERE tenant_id = $1 AND perfil_tributario_id IS NULL AND NOT servico', [demo, revenda]);
  await seedSped(q, demo);
}
