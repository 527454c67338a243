import { isGtin } from '../../shared/cpf-cnpj.ts';
import { priceFromMargin } from '../../shared/money.ts';
import type { Queryable } from '../db/db.ts';

/** GTIN-13 with its check digit (GS1 mod 10) for a 12-digit base. */
export function gtin13(base12: string): string {
  for (let d = 0; d <= 9; d++) if (isGtin(base12 + d)) return base12 + d;
  throw new Error(`GTIN sem dígito válido: ${base12}`);
}

// descricao, category (leaf), brand, unit, NCM, cost, margin %, sold by weight (no GTIN)
type Item = [string, string, string | null, string, string, string, string, boolean?];

/** What a neighbourhood mercadinho sells: enough for the demo's lists, filters, exports and invoices. */
const ITENS: Item[] = [
  ['Arroz agulhinha tipo 1 5 kg', 'Grãos', 'Camponesa', 'PC', '10063021', '19.90', '25'],
  ['Feijão carioca tipo 1 1 kg', 'Grãos', 'Camponesa', 'PC', '07133319', '6.40', '30'],
  ['Açúcar cristal 5 kg', 'Mercearia', null, 'PC', '17019900', '17.50', '22'],
  ['Café torrado e moído 500 g', 'Mercearia', null, 'PC', '09012100', '14.80', '28'],
  ['Óleo de soja 900 ml', 'Mercearia', null, 'UN', '15079011', '6.90', '25'],
  ['Macarrão espaguete 500 g', 'Massas', 'Bella Itália', 'PC', '19021900', '3.60', '35'],
  ['Molho de tomate tradicional 340 g', 'Enlatados', 'Bella Itália', 'UN', '21032010', '2.40', '40'],
  ['Sardinha em óleo 125 g', 'Enlatados', null, 'UN', '16041310', '4.30', '35'],
  ['Leite integral UHT 1 L', 'Frios e Laticínios', 'Serra Azul', 'UN', '04012010', '4.20', '20'],
  ['Queijo muçarela fatiado', 'Frios e Laticínios', 'Serra Azul', 'KG', '04061010', '32.00', '35', true],
  ['Manteiga com sal 200 g', 'Frios e Laticínios', 'Serra Azul', 'UN', '04051000', '9.80', '30'],
  ['Iogurte natural 170 g', 'Frios e Laticínios', 'Serra Azul', 'UN', '04031000', '2.10', '40'],
  ['Banana prata', 'Hortifruti', null, 'KG', '08039000', '3.90', '45', true],
  ['Tomate italiano', 'Hortifruti', null, 'KG', '07020000', '5.20', '45', true],
  ['Pão francês', 'Padaria', null, 'KG', '19059090', '9.00', '50', true],
  ['Pizza congelada muçarela 460 g', 'Padaria', 'Polar', 'UN', '19059090', '11.50', '35'],
  ['Refrigerante de cola 2 L', 'Refrigerantes', 'Rio Claro', 'UN', '22021000', '5.90', '30'],
  ['Água mineral sem gás 500 ml', 'Águas', 'Rio Claro', 'UN', '22011000', '0.90', '55'],
  ['Cerveja lager lata 350 ml', 'Cervejas', 'Rio Claro', 'UN', '22030000', '2.60', '35'],
  ['Néctar de laranja 1 L', 'Sucos', 'Rio Claro', 'UN', '22029900', '4.50', '35'],
  ['Detergente líquido 500 ml', 'Cozinha', null, 'UN', '34022000', '1.70', '40'],
  ['Sabão em pó 1 kg', 'Lavanderia', null, 'CX', '34022000', '9.40', '30'],
  ['Água sanitária 1 L', 'Lavanderia', null, 'UN', '28289011', '2.30', '40'],
  ['Sabonete em barra 85 g', 'Banho', null, 'UN', '34011190', '1.60', '45'],
  ['Xampu 350 ml', 'Cabelos', null, 'UN', '33051000', '8.90', '40'],
  ['Papel higiênico folha dupla 12 rolos', 'Banho', null, 'PC', '48181000', '13.90', '25'],
];

/**
 * What the demo's scale sells (issue 36 item 5): PLU, by weight, shelf life, the scale's department, the label's
 * extra text and nutrition facts (per portion, RDC 429/2020), so the scale export has something real to load.
 */
const BALANCA: { descricao: string; plu: number; validade: number; departamento: number; tara?: string; texto?: string; nutri?: [string, string, string, string, string, string, string, string, string] }[] = [
  // nutri: porção (g), kcal, carboidratos, açúcares adicionados, proteínas, gorduras totais, saturadas, fibras, sódio (mg)
  { descricao: 'Banana prata', plu: 1, validade: 5, departamento: 1, nutri: ['100', '98', '26.0', '0', '1.3', '0.1', '0', '2.0', '0'] },
  { descricao: 'Tomate italiano', plu: 2, validade: 7, departamento: 1, nutri: ['100', '15', '3.1', '0', '1.1', '0.2', '0', '1.2', '1'] },
  {
    descricao: 'Queijo muçarela fatiado',
    plu: 10,
    validade: 30,
    departamento: 2,
    tara: '0.005',
    texto: 'Ingredientes: leite pasteurizado, sal, fermento lácteo e coalho. Contém lactose. Conservar refrigerado entre 0 °C e 10 °C.',
    nutri: ['30', '90', '0.9', '0', '6.7', '6.7', '4.0', '0', '150'],
  },
  { descricao: 'Pão francês', plu: 20, validade: 1, departamento: 3, texto: 'Ingredientes: farinha de trigo enriquecida com ferro e ácido fólico, água, sal e fermento. Contém glúten.', nutri: ['50', '150', '29.0', '0', '4.0', '1.5', '0.4', '1.1', '320'] },
];

/** The demo account's products, after its categories, brands and units exist (seedMasterData). */
export async function seedProdutos(q: Queryable, tenantId: number): Promise<void> {
  const ids = async (table: string, key: string) =>
    new Map((await q.query<{ id: number; k: string }>(`SELECT id, ${key} AS k FROM ${table} WHERE tenant_id = $1`, [tenantId])).rows.map((r) => [r.k, r.id]));
  const categorias = await ids('categorias_produto', 'descricao');
  const marcas = await ids('marcas', 'descricao');
  const unidades = await ids('unidades', 'sigla');
  let n = 0;
  for (const [descricao, categoria, marca, unidade, ncm, custo, margem, pesavel] of ITENS) {
    n++;
    await q.query(
      `INSERT INTO produtos (tenant_id, codigo, gtin, descricao, tipo_produto, unidade_id, marca_id, categoria_id, ncm, origem, preco_custo, margem_lucro, preco_venda, estoque_minimo)
       VALUES ($1, $2, $3, $4, 0, $5, $6, $7, $8, 0, $9, $10, $11, $12)`,
      [
        tenantId,
        `P${String(n).padStart(3, '0')}`,
        pesavel ? null : gtin13(`789100${String(10000 + n * 37).padStart(6, '0')}`),
        descricao,
        unidades.get(unidade) ?? null,
        marca ? (marcas.get(marca) ?? null) : null,
        categorias.get(categoria) ?? null,
        ncm,
        custo,
        margem,
        priceFromMargin(custo, margem),
        pesavel ? '5.0000' : '12.0000',
      ],
    );
  }
  for (const b of BALANCA) {
    const n = b.nutri ?? [null, null, null, null, null, null, null, null, null];
    await q.query(
      `UPDATE produtos SET balanca = true, balanca_plu = $3, balanca_venda = 'peso', balanca_validade_dias = $4, balanca_departamento = $5, balanca_tara = $6, balanca_texto = $7,
              nutri_porcao = $8, nutri_valor_energetico = $9, nutri_carboidratos = $10, nutri_acucares_adicionados = $11, nutri_proteinas = $12, nutri_gorduras_totais = $13,
              nutri_gorduras_saturadas = $14, nutri_fibras = $15, nutri_sodio = $16
        WHERE tenant_id = $1 AND descricao = $2`,
      [tenantId, b.descricao, b.plu, b.validade, b.departamento, b.tara ?? null, b.texto ?? null, ...n],
    );
  }
}
