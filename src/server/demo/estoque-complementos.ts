import { gtin13 } from './produtos.ts';
import type { Queryable } from '../db/db.ts';
import { loadLookups } from '../catalog/documents.ts';
import { aplicar, gerarGrade, lerPedido } from '../estoque/index.ts';

/**
 * The demo account's stock periphery, after its products exist: the variation templates of SPEC 3.2, a
 * T-shirt with a colour × size grid, packaging units (a box of 12 cans, a pack of 6 bottles), two label
 * layouts (an A4 sheet and a thermal roll) and one past bulk price change (drinks of one brand +8%).
 */
export async function seedEstoqueComplementos(q: Queryable, tenantId: number): Promise<void> {
  const modelos = loadLookups().get('modeloVariacao')!.items as { value: number; label: string; valores: string[] }[];
  const variacoes = new Map<string, number>();
  for (const m of modelos) {
    const r = await q.query<{ id: number }>('INSERT INTO variacoes (tenant_id, descricao, modelo, valores) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, m.label, m.value, JSON.stringify(m.valores)]);
    variacoes.set(m.label, r.rows[0].id);
  }

  const un = await q.query<{ id: number }>(`SELECT id FROM unidades WHERE tenant_id = $1 AND sigla = 'UN'`, [tenantId]);
  const vestuario = await q.query<{ id: number }>(`INSERT INTO categorias_produto (tenant_id, descricao) VALUES ($1, 'Vestuário') RETURNING id`, [tenantId]);
  const camiseta = await q.query<{ id: number }>(
    `INSERT INTO produtos (tenant_id, codigo, descricao, tipo_produto, unidade_id, categoria_id, ncm, origem, preco_custo, margem_lucro, preco_venda)
     VALUES ($1, 'CAM01', 'Camiseta Mercadinho algodão', 0, $2, $3, '61091000', 0, '18.00', '40.00', '30.00') RETURNING id`,
    [tenantId, un.rows[0]?.id ?? null, vestuario.rows[0].id],
  );
  const grade = await gerarGrade(q, tenantId, camiseta.rows[0].id, {
    variacoes: [
      { variacaoId: variacoes.get('Cor'), valores: ['Azul', 'Branco', 'Preto'] },
      { variacaoId: variacoes.get('Tamanho vestuário'), valores: ['P', 'M', 'G', 'GG'] },
    ],
  });
  // Each SKU has its own GTIN; the GG sizes cost more.
  for (const [i, sku] of grade.skus.entries()) {
    await q.query('UPDATE produto_variacoes SET gtin = $3, preco_venda = $4 WHERE tenant_id = $1 AND id = $2', [tenantId, sku.id, gtin13(`7893000${String(100 + i).padStart(5, '0')}`), sku.descricao.endsWith('GG') ? '34.00' : null]);
  }

  const produto = async (descricao: string) => (await q.query<{ id: number }>('SELECT id FROM produtos WHERE tenant_id = $1 AND descricao = $2', [tenantId, descricao])).rows[0]?.id;
  const cx = await q.query<{ id: number }>(`SELECT id FROM unidades WHERE tenant_id = $1 AND sigla = 'CX'`, [tenantId]);
  const embalagens: [string, string, string, string][] = [
    ['Cerveja lager lata 350 ml', 'Caixa com 12 latas', '12', gtin13('789100099001')],
    ['Refrigerante de cola 2 L', 'Fardo com 6 garrafas', '6', gtin13('789100099002')],
    ['Água mineral sem gás 500 ml', 'Fardo com 12 garrafas', '12', gtin13('789100099003')],
    ['Leite integral UHT 1 L', 'Caixa com 12 unidades', '12', gtin13('789100099004')],
  ];
  for (const [desc, emb, fator, gtin] of embalagens) {
    const id = await produto(desc);
    if (id) await q.query('INSERT INTO embalagens (tenant_id, produto_id, descricao, unidade_id, fator, gtin) VALUES ($1, $2, $3, $4, $5, $6)', [tenantId, id, emb, cx.rows[0]?.id ?? null, fator, gtin]);
  }

  await q.query(
    `INSERT INTO etiquetas (tenant_id, descricao, tipo, largura_pagina, altura_pagina, largura, altura, colunas, linhas, margem_superior, margem_esquerda, espaco_horizontal, espaco_vertical, mostrar_descricao, mostrar_preco, mostrar_codigo, codigo_barras, tamanho_fonte)
     VALUES ($1, 'Folha A4 3 × 7 (63,5 × 38,1 mm)', 'folha', 210, 297, 63.5, 38.1, 3, 7, 15.1, 7.2, 2.5, 0, true, true, false, 'ean13', 8),
            ($1, 'Rolo térmico 40 × 25 mm', 'rolo', 40, 25, 40, 25, 1, 1, 0, 0, 0, 2, true, true, true, 'code128', 7)`,
    [tenantId],
  );

  // A past bulk change, as the owner made it: the supplier raised its drinks by 8%.
  const marca = await q.query<{ id: number }>(`SELECT id FROM marcas WHERE tenant_id = $1 AND descricao = 'Rio Claro'`, [tenantId]);
  const admin = await q.query<{ id: number }>(`SELECT id FROM users WHERE tenant_id = $1 AND email = 'admin@demo.com.br'`, [tenantId]);
  if (marca.rows.length) {
    await q.query(`SELECT set_config('app.user_id', $1, true)`, [String(admin.rows[0]?.id ?? '')]);
    await aplicar(q, tenantId, lerPedido({ filtro: { marcaId: marca.rows[0].id }, modo: 'percentual', valor: '8', arredondamento: 'final-0.99', motivo: 'Reajuste do fornecedor' }));
    await q.query(`SELECT set_config('app.user_id', '', true)`);
  }
}
