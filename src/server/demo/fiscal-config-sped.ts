import type { Queryable } from '../db/db.ts';
import { cnpjWithDigits, cpfWithDigits } from '../../shared/cpf-cnpj.ts';

/**
 * SPED registers of the demo account: three participantes (a supplier in SP, a customer in RJ, a supplier
 * abroad), a small plano de contas for the EFD (ativo > estoque > mercadorias para revenda, and a
 * consignment account), and the Matriz's inventory on 31/12/2025 (motivo 01) of three products at cost, one
 * of them a consignment held for a third party (propriedade 2, naming its owner).
 */
export async function seedSped(q: Queryable, demo: number): Promise<void> {
  const id = async (sql: string, params: unknown[]) => (await q.query<{ id: number }>(sql, params)).rows[0].id;
  const participante = `INSERT INTO participantes_sped (tenant_id, codigo, nome, codigo_pais, cpf_cnpj, inscricao_estadual, logradouro, numero, bairro, uf, codigo_municipio)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`;
  const distribuidora = await id(participante, [demo, 'F0001', 'Distribuidora Paulista de Bebidas Ltda', 1058, cnpjWithDigits('334445550001'), '110042490102', 'Rua do Gasômetro', '120', 'Brás', 'SP', 3550308]);
  await id(participante, [demo, 'C0001', 'Mariana Costa Ribeiro', 1058, cpfWithDigits('123456789'), null, 'Rua das Laranjeiras', '45', 'Laranjeiras', 'RJ', 3304557]);
  await id(participante, [demo, 'F0002', 'Olivares del Sur S.A.', 1600, null, null, 'Avenida Providencia 1208', null, null, null, null]);

  const conta = `INSERT INTO contas_contabeis_sped (tenant_id, codigo, nome, natureza, tipo, nivel, conta_superior_id, data_alteracao)
    VALUES ($1, $2, $3, $4, $5, $6, $7, '2025-01-02') RETURNING id`;
  const ativo = await id(conta, [demo, '1', 'Ativo', '01', 'S', 1, null]);
  const circulante = await id(conta, [demo, '1.1', 'Ativo circulante', '01', 'S', 2, ativo]);
  const estoques = await id(conta, [demo, '1.1.3', 'Estoques', '01', 'S', 3, circulante]);
  const mercadorias = await id(conta, [demo, '1.1.3.01', 'Mercadorias para revenda', '01', 'A', 4, estoques]);
  const compensacao = await id(conta, [demo, '5', 'Contas de compensação', '05', 'S', 1, null]);
  const consignadas = await id(conta, [demo, '5.1', 'Mercadorias recebidas em consignação', '05', 'A', 2, compensacao]);

  const matriz = await id(`SELECT id FROM branches WHERE tenant_id = $1 AND apelido = 'Matriz'`, [demo]);
  const itens: [string, string, string, number | null, number][] = [
    ['Refrigerante de cola 2 L', '240', '0', null, mercadorias],
    ['Água mineral sem gás 500 ml', '480', '0', null, mercadorias],
    ['Cerveja lager lata 350 ml', '120', '2', distribuidora, consignadas],
  ];
  for (const [descricao, quantidade, propriedade, dono, contaId] of itens) {
    const p = await q.query<{ id: number; sigla: string | null; custo: string | null }>(
      `SELECT p.id, u.sigla, p.preco_custo AS custo FROM produtos p LEFT JOIN unidades u ON u.tenant_id = p.tenant_id AND u.id = p.unidade_id
        WHERE p.tenant_id = $1 AND p.descricao = $2`,
      [demo, descricao],
    );
    if (!p.rows.length) continue;
    const { id: produto, sigla, custo } = p.rows[0];
    await q.query(
      `INSERT INTO inventarios_sped (tenant_id, filial_id, data_inventario, motivo, produto_id, unidade, quantidade, valor_unitario, propriedade, participante_sped_id, conta_contabil_sped_id)
       VALUES ($1, $2, '2025-12-31', '01', $3, $4, $5, $6, $7, $8, $9)`,
      [demo, matriz, produto, sigla ?? 'UN', quantidade, custo && Number(custo) > 0 ? custo : '1.00', propriedade, dono, contaId],
    );
  }
}
