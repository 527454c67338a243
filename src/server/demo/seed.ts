import { cnpjWithDigits, cpfWithDigits } from '../../shared/cpf-cnpj.ts';
import { hashPassword } from '../auth/passwords.ts';
import { seedDemoPlanos } from './planos.ts';
import { seedDemoAdmin } from './admin.ts';
import { seedProdutos } from './produtos.ts';
import { seedEstoque } from './estoque.ts';
import { seedCompras } from './compras.ts';
import { seedDfe } from './dfe.ts';
import { seedEstoqueComplementos } from './estoque-complementos.ts';
import { seedFinanceiro } from './financeiro.ts';
import { seedFinanceiroExtras } from './financeiro-extras.ts';
import { seedBoletos } from './boletos.ts';
import { seedFiscal } from './fiscal.ts';
import { seedImportacao } from './importacao.ts';
import { seedVendas } from './vendas.ts';
import { seedNfse } from './nfse.ts';
import { seedPdv } from './pdv.ts';
import type { Db, Queryable } from '../db/db.ts';
import { seedFiscalConfig } from './fiscal-config.ts';
import { seedContabil } from './contabil.ts';
import { readDocuments } from '../catalog/documents.ts';
import { seedIntegracoes } from './integracoes.ts';

interface BrandDoc {
  nome: string;
  dominios: string[];
  padrao?: boolean;
  config: Record<string, unknown>;
}

export const DEMO_PASSWORD = 'demo1234';

/** Every app.* key at TOTAL: what the account owner's profile holds. */
const FULL = 4;

/**
 * Demo data for a first start: brand 'Retaguarda Demo' (theme azul, the default brand), a second brand for
 * the white-label proofs, the account 'Mercadinho Demo' with two branches and four users, and the account
 * 'Loja Vizinha' that exists so isolation can be tried. Runs once: nothing happens when a brand exists.
 */
export async function seedDemo(db: Db, opts: { clientes?: number; boletos?: boolean } = {}): Promise<boolean> {
  const existing = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM brands');
  if (existing.rows[0].n > 0) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (q) => {
    // The demo brands are documents (schemas/brands), validated by schemas:check like every other.
    let brand = 0;
    for (const { doc } of readDocuments<BrandDoc>('brands').filter((d) => d.name !== 'themes')) {
      const id = await one(q, `INSERT INTO brands (nome, dominios, padrao, config) VALUES ($1, $2, $3, $4) RETURNING id`, [doc.nome, doc.dominios, doc.padrao === true, JSON.stringify(doc.config)]);
      if (doc.padrao) brand = id;
    }

    const demo = await one(q, `INSERT INTO tenants (brand_id, nome, cpf_cnpj, trial, data_vencimento) VALUES ($1, 'Mercadinho Demo', $2, true, current_date + 30) RETURNING id`, [brand, cnpjWithDigits('112223330001')]);
    const matriz = await one(q, `INSERT INTO branches (tenant_id, nome, apelido, cpf_cnpj, regime_tributario, ramo_atividade, uf, codigo_municipio) VALUES ($1, 'Mercadinho Demo Ltda', 'Matriz', $2, 1, 'supermercado', 'SP', 3550308) RETURNING id`, [demo, cnpjWithDigits('112223330001')]);
    const centro = await one(q, `INSERT INTO branches (tenant_id, nome, apelido, cpf_cnpj, regime_tributario, ramo_atividade, uf, codigo_municipio) VALUES ($1, 'Mercadinho Demo Ltda', 'Filial Centro', $2, 1, 'supermercado', 'SP', 3550308) RETURNING id`, [demo, cnpjWithDigits('112223330002')]);
    const perfilVendedor = await one(q, `INSERT INTO access_profiles (tenant_id, nome, permissoes) VALUES ($1, 'Vendedor', $2) RETURNING id`, [demo, JSON.stringify({ 'app.cliente': 1, 'app.produto': 1 })]);

    const users: [string, string, Record<string, boolean>, number | null][] = [
      ['admin@demo.com.br', 'Ana Administradora', { perfil_admin: true }, null],
      ['master@demo.com.br', 'Mário Master', { master: true, perfil_admin: true }, null],
      ['contador@demo.com.br', 'Carla Contadora', { is_contador: true }, null],
      ['vendedor@demo.com.br', 'Vítor Vendedor', {}, perfilVendedor],
      // The general administration (SPEC 6 isAvanco): bancos, IBPT imports, sequences, PDV versions, deletions.
      ['avanco@demo.com.br', 'Álvaro Avanço', { master: true, perfil_admin: true, is_avanco: true }, null],
    ];
    for (const [email, nome, flags, perfil] of users) {
      const uid = await one(
        q,
        `INSERT INTO users (tenant_id, brand_id, email, nome, senha_hash, perfil_admin, master, is_contador, is_avanco, perfil_id, filial_selecionada_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [demo, brand, email, nome, hash, !!flags.perfil_admin, !!flags.master, !!flags.is_contador, !!flags.is_avanco, perfil, matriz],
      );
      for (const b of [matriz, centro]) await q.query('INSERT INTO user_branches (tenant_id, user_id, branch_id) VALUES ($1, $2, $3)', [demo, uid, b]);
    }

    const vizinha = await one(q, `INSERT INTO tenants (brand_id, nome, cpf_cnpj, trial) VALUES ($1, 'Loja Vizinha', $2, false) RETURNING id`, [brand, cnpjWithDigits('998887770001')]);
    const vizMatriz = await one(q, `INSERT INTO branches (tenant_id, nome, apelido, cpf_cnpj, regime_tributario, uf, codigo_municipio) VALUES ($1, 'Loja Vizinha ME', 'Matriz', $2, 5, 'RJ', 3304557) RETURNING id`, [vizinha, cnpjWithDigits('998887770001')]);
    const vizAdmin = await one(q, `INSERT INTO users (tenant_id, brand_id, email, nome, senha_hash, perfil_admin, filial_selecionada_id) VALUES ($1, $2, 'admin@vizinha.com.br', 'Vera Vizinha', $3, true, $4) RETURNING id`, [vizinha, brand, hash, vizMatriz]);
    await q.query('INSERT INTO user_branches (tenant_id, user_id, branch_id) VALUES ($1, $2, $3)', [vizinha, vizAdmin, vizMatriz]);

    await seedMasterData(q, demo, opts.clientes ?? 60, 1);
    await seedProdutos(q, demo);
    await seedEstoque(q, demo);
    await seedEstoqueComplementos(q, demo);
    await seedFinanceiro(q, demo);
    await seedFinanceiroExtras(q, demo);
    await seedFiscalConfig(q, demo, vizinha);
    await seedFiscal(q, demo);
    await seedCompras(q, demo);
    await seedDfe(q, demo);
    await seedVendas(q, demo);
    await seedNfse(q, demo);
    await seedPdv(q, demo);
    // after sales and POS: the imported product is not among their demo orders and sales
    await seedImportacao(q, demo);
    if (opts.boletos) await seedBoletos(q, demo);
    await seedMasterData(q, vizinha, 8, 7);
    await seedDemoPlanos(q);
    await seedDemoAdmin(q);
    await seedContabil(q, demo, vizinha);
    await seedIntegracoes(q, demo);
  });
  return true;
}

const FIRST = ['Ana', 'Bruno', 'Carla', 'Daniel', 'Eduarda', 'Felipe', 'Gabriela', 'Heitor', 'Isabela', 'João', 'Karina', 'Lucas', 'Mariana', 'Nicolas', 'Olívia', 'Paulo', 'Quitéria', 'Rafael', 'Sofia', 'Tiago'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Santos', 'Pereira', 'Lima', 'Carvalho', 'Ferreira', 'Rodrigues', 'Almeida', 'Costa', 'Gomes'];
const CITIES: [string, number, string][] = [['SP', 3550308, '01310100'], ['SP', 3509502, '13010001'], ['RJ', 3304557, '20040002'], ['MG', 3106200, '30130010'], ['PR', 4106902, '80010000'], ['BA', 2927408, '40020000']];

/** Deterministic demo master data: clientes, fornecedores, transportadores, vendedores, categorias, marcas, unidades. */
export async function seedMasterData(q: Queryable, tenantId: number, clientes: number, salt: number): Promise<void> {
  const batch: unknown[][] = [];
  for (let i = 0; i < clientes; i++) {
    const [uf, mun, cep] = CITIES[i % CITIES.length];
    const nome = `${FIRST[(i + salt) % FIRST.length]} ${LAST[(i * 7 + salt) % LAST.length]} ${LAST[(i * 3 + 1) % LAST.length]}`;
    const cpf = cpfWithDigits(String(100000000 + i * 7919 + salt * 13).slice(0, 9));
    const email = `${nome.split(' ')[0].normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()}.${i}@exemplo.com.br`;
    batch.push([tenantId, 0, nome, cpf, email, `119${String(80000000 + i * 37).slice(0, 8)}`, cep, 'Rua das Flores', String(10 + i), 'Centro', uf, mun, (i % 5) * 250 + '.00', i % 11 !== 0]);
  }
  const fornecedores = ['Distribuidora Boa Vista', 'Atacadão Paulista', 'Laticínios Serra Azul', 'Bebidas Rio Claro', 'Hortifruti Campo Verde', 'Frigorífico Bom Corte', 'Padaria Industrial Trigo Fino', 'Limpeza Total Distribuidora', 'Papelaria Central', 'Café Fazenda Alta', 'Doces Vovó Nena', 'Grãos do Cerrado', 'Massas Bella Itália', 'Congelados Polar', 'Embalagens Forte'];
  fornecedores.slice(0, clientes < 20 ? 3 : fornecedores.length).forEach((nome, i) => {
    const [uf, mun, cep] = CITIES[(i + 2) % CITIES.length];
    batch.push([tenantId, 1, `${nome} Ltda`, cnpjWithDigits(String(20000000 + i * 104729 + salt).slice(0, 8) + '0001'), `contato@${nome.split(' ')[0].toLowerCase()}.com.br`, '1133334444', cep, 'Avenida Industrial', String(100 + i), 'Distrito Industrial', uf, mun, null, true]);
  });
  ['Transportes Rápido Sul', 'Logística Expressa Norte', 'Fretes Amigo'].forEach((nome, i) => {
    batch.push([tenantId, 5, `${nome} Ltda`, cnpjWithDigits(String(30000000 + i * 7727 + salt).slice(0, 8) + '0001'), null, '1140045000', '01310100', 'Rodovia Anhanguera', String(1000 + i), 'Jardim', 'SP', 3550308, null, true]);
  });
  for (let i = 0; i < batch.length; i += 200) {
    const part = batch.slice(i, i + 200);
    const params: unknown[] = [];
    const rows = part.map((r) => `(${r.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`);
    await q.query(
      `INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj, email, telefone, cep, logradouro, numero, bairro, uf, codigo_municipio, limite_credito, ativo) VALUES ${rows.join(', ')}`,
      params,
    );
  }
  for (const [nome, comissao] of [['Roberta Vendas', '3.5'], ['Sérgio Balcão', '2'], ['Tânia Externa', '5']] as const) {
    await q.query('INSERT INTO vendedores (tenant_id, nome, comissao) VALUES ($1, $2, $3)', [tenantId, nome, comissao]);
  }
  const tree: [string, string[]][] = [
    ['Alimentos', ['Mercearia', 'Frios e Laticínios', 'Hortifruti', 'Padaria']],
    ['Bebidas', ['Refrigerantes', 'Sucos', 'Cervejas', 'Águas']],
    ['Limpeza', ['Lavanderia', 'Cozinha']],
    ['Higiene', ['Cabelos', 'Banho']],
  ];
  for (const [root, children] of tree) {
    const rid = await one(q, 'INSERT INTO categorias_produto (tenant_id, descricao) VALUES ($1, $2) RETURNING id', [tenantId, root]);
    for (const c of children) {
      const cid = await one(q, 'INSERT INTO categorias_produto (tenant_id, descricao, categoria_pai_id) VALUES ($1, $2, $3) RETURNING id', [tenantId, c, rid]);
      if (c === 'Mercearia') for (const g of ['Grãos', 'Massas', 'Enlatados']) await q.query('INSERT INTO categorias_produto (tenant_id, descricao, categoria_pai_id) VALUES ($1, $2, $3)', [tenantId, g, cid]);
    }
  }
  for (const m of ['Camponesa', 'Serra Azul', 'Rio Claro', 'Bella Itália', 'Polar']) await q.query('INSERT INTO marcas (tenant_id, descricao) VALUES ($1, $2)', [tenantId, m]);
  // One default stock location per branch (a second one brings the stock transfer menu, SPEC 6).
  await q.query(`INSERT INTO depositos (tenant_id, filial_id, descricao, padrao) SELECT tenant_id, id, 'Depósito principal', true FROM branches WHERE tenant_id = $1`, [tenantId]);
  for (const [sigla, descricao, frac] of [['UN', 'Unidade', false], ['KG', 'Quilograma', true], ['CX', 'Caixa', false], ['LT', 'Litro', true], ['PC', 'Pacote', false], ['M', 'Metro', true]] as const) {
    await q.query('INSERT INTO unidades (tenant_id, sigla, descricao, fracionavel) VALUES ($1, $2, $3, $4)', [tenantId, sigla, descricao, frac]);
  }
}

async function one(q: Queryable, sql: string, params: unknown[]): Promise<number> {
  const r = await q.query<{ id: number }>(sql, params);
  return r.rows[0].id;
}

export { FULL };
