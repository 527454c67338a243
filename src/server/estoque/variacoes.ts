import { isGtin, onlyDigits } from '../../shared/cpf-cnpj.ts';
import { MONEY_RE } from '../../shared/money.ts';
import type { Queryable } from '../db/db.ts';
import { translateDbError } from '../db/pg-errors.ts';
import { badRequest, notFound } from '../http/errors.ts';

/** At most this many SKUs from one generation: beyond it a grid is a mistake (or a catalogue import). */
export const MAX_COMBINACOES = 500;

export interface EscolhaVariacao {
  variacaoId: number;
  valores: string[];
}

export interface ValorCombinacao {
  variacaoId: number;
  variacao: string;
  valor: string;
}

export interface Sku {
  id: number;
  produtoId: number;
  chave: string;
  combinacao: ValorCombinacao[];
  descricao: string;
  codigo: string | null;
  gtin: string | null;
  precoVenda: string | null;
  ativo: boolean;
}

const SKU_COLUMNS = `id, produto_id AS "produtoId", chave, combinacao, descricao, codigo, gtin, preco_venda AS "precoVenda", ativo`;

/** Every combination of the chosen values, templates in the order given (Cor × Tamanho: Azul/P, Azul/M, …). */
export function combinar(listas: ValorCombinacao[][]): ValorCombinacao[][] {
  return listas.reduce<ValorCombinacao[][]>((acc, lista) => acc.flatMap((c) => lista.map((v) => [...c, v])), [[]]);
}

/** Canonical key of a combination: templates by id, so the same values chosen in another order are the same SKU. */
export const chaveDe = (c: ValorCombinacao[]) => [...c].sort((a, b) => a.variacaoId - b.variacaoId).map((v) => `${v.variacaoId}=${v.valor}`).join('|');

const slug = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '').toUpperCase().slice(0, 10);

/** The SKU code: the product's code and the values, e.g. P027-AZUL-M. */
export const codigoSku = (codigoProduto: string, c: ValorCombinacao[]) => [codigoProduto, ...c.map((v) => slug(v.valor) || 'X')].join('-');

export async function listarSkus(q: Queryable, tenantId: number, produtoId: number): Promise<Sku[]> {
  const r = await q.query<Sku>(`SELECT ${SKU_COLUMNS} FROM produto_variacoes WHERE tenant_id = $1 AND produto_id = $2 ORDER BY id`, [tenantId, produtoId]);
  return r.rows;
}

async function produtoDaConta(q: Queryable, tenantId: number, produtoId: number): Promise<{ id: number; codigo: string | null }> {
  const r = await q.query<{ id: number; codigo: string | null }>('SELECT id, codigo FROM produtos WHERE tenant_id = $1 AND id = $2 AND NOT servico FOR UPDATE', [tenantId, produtoId]);
  if (!r.rows.length) throw notFound('Produto não encontrado.');
  return r.rows[0];
}

/**
 * Generates a product's grid: one SKU per combination of the chosen values of 1 to 3 templates. Existing
 * combinations are kept as they are (their code, GTIN, price and stock), so generating again after adding a
 * colour only adds the new SKUs. Everything is checked before anything is written.
 */
export async function gerarGrade(q: Queryable, tenantId: number, produtoId: number, body: unknown): Promise<{ criados: number; skus: Sku[] }> {
  const escolhas = (body as { variacoes?: unknown })?.variacoes;
  if (!Array.isArray(escolhas) || escolhas.length < 1 || escolhas.length > 3) {
    throw badRequest('Escolha de 1 a 3 variações para gerar a grade.', [{ path: '/variacoes', campo: 'variacoes', mensagem: 'Campo Obrigatório!' }]);
  }
  const produto = await produtoDaConta(q, tenantId, produtoId);
  const listas: ValorCombinacao[][] = [];
  const vistos = new Set<number>();
  for (const [i, e] of (escolhas as EscolhaVariacao[]).entries()) {
    const campo = `variacoes[${i}]`;
    const id = Number(e?.variacaoId);
    if (!Number.isSafeInteger(id) || id <= 0) throw badRequest(`Variação ${i + 1}: informe a variação.`, [{ path: `/${campo}/variacaoId`, campo: `${campo}.variacaoId`, mensagem: 'Campo Obrigatório!' }]);
    if (vistos.has(id)) throw badRequest(`Variação ${i + 1}: a mesma variação foi escolhida duas vezes.`, [{ path: `/${campo}/variacaoId`, campo: `${campo}.variacaoId`, mensagem: 'Campo inválido!' }]);
    vistos.add(id);
    const t = await q.query<{ descricao: string; valores: string[] }>('SELECT descricao, valores FROM variacoes WHERE tenant_id = $1 AND id = $2 AND ativo', [tenantId, id]);
    if (!t.rows.length) throw badRequest(`Variação ${i + 1}: variação não encontrada ou inativa.`, [{ path: `/${campo}/variacaoId`, campo: `${campo}.variacaoId`, mensagem: 'Campo inválido!' }]);
    const { descricao, valores: permitidos } = t.rows[0];
    const valores = Array.isArray(e.valores) ? e.valores : [];
    if (!valores.length) throw badRequest(`${descricao}: escolha ao menos um valor.`, [{ path: `/${campo}/valores`, campo: `${campo}.valores`, mensagem: 'Campo Obrigatório!' }]);
    const fora = valores.find((v) => typeof v !== 'string' || !permitidos.includes(v));
    if (fora !== undefined) throw badRequest(`${descricao}: o valor '${String(fora)}' não existe nesta variação.`, [{ path: `/${campo}/valores`, campo: `${campo}.valores`, mensagem: 'Campo inválido!' }]);
    listas.push([...new Set(valores)].map((valor) => ({ variacaoId: id, variacao: descricao, valor })));
  }
  const combinacoes = combinar(listas);
  if (combinacoes.length > MAX_COMBINACOES) throw badRequest(`A grade teria ${combinacoes.length} combinações; o máximo é ${MAX_COMBINACOES}.`, [{ path: '/variacoes', campo: 'variacoes', mensagem: 'Campo inválido!' }]);
  const base = produto.codigo ?? `P${produto.id}`;
  const r = await q
    .query<{ id: number }>(
      `INSERT INTO produto_variacoes (tenant_id, produto_id, chave, combinacao, descricao, codigo)
       SELECT $1, $2, c.chave, c.combinacao, c.descricao, c.codigo
         FROM jsonb_to_recordset($3::jsonb) AS c(chave text, combinacao jsonb, descricao text, codigo text)
       ON CONFLICT (tenant_id, produto_id, chave) DO NOTHING RETURNING id`,
      [tenantId, produtoId, JSON.stringify(combinacoes.map((c) => ({ chave: chaveDe(c), combinacao: c, descricao: c.map((v) => v.valor).join(' / '), codigo: codigoSku(base, c) })))],
    )
    .catch((e) => translateDbError(e, 'write'));
  return { criados: r.rowCount, skus: await listarSkus(q, tenantId, produtoId) };
}

/** Edits one SKU: its own code, GTIN (check digit validated), price (empty = the product's) and active flag. */
export async function alterarSku(q: Queryable, tenantId: number, id: number, body: unknown): Promise<Sku> {
  const b = (body ?? {}) as Record<string, unknown>;
  const erros: { path: string; campo: string; mensagem: string }[] = [];
  const texto = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : String(v).trim());
  const codigo = texto(b.codigo);
  if (codigo !== null && codigo.length > 60) erros.push({ path: '/codigo', campo: 'codigo', mensagem: 'Máximo de 60 caracteres.' });
  const gtin = texto(b.gtin);
  if (gtin !== null && (onlyDigits(gtin) !== gtin || !isGtin(gtin))) erros.push({ path: '/gtin', campo: 'gtin', mensagem: 'GTIN inválido: confira o dígito verificador.' });
  const preco = texto(b.precoVenda);
  if (preco !== null && (!MONEY_RE.test(preco) || preco.startsWith('-'))) erros.push({ path: '/precoVenda', campo: 'precoVenda', mensagem: 'Valor inválido.' });
  if (b.ativo !== undefined && typeof b.ativo !== 'boolean') erros.push({ path: '/ativo', campo: 'ativo', mensagem: 'Campo inválido!' });
  if (erros.length) throw badRequest(`Dados inválidos: ${erros.map((e) => `${e.campo}: ${e.mensagem}`).join('; ')}`, erros);
  const r = await q
    .query<Sku>(
      `UPDATE produto_variacoes SET codigo = $3, gtin = $4, preco_venda = $5, ativo = coalesce($6, ativo), updated_at = now()
        WHERE tenant_id = $1 AND id = $2 RETURNING ${SKU_COLUMNS}`,
      [tenantId, id, codigo, gtin, preco, typeof b.ativo === 'boolean' ? b.ativo : null],
    )
    .catch((e) => translateDbError(e, 'write'));
  if (!r.rows.length) throw notFound();
  return r.rows[0];
}

export async function excluirSku(q: Queryable, tenantId: number, id: number): Promise<{ count: number }> {
  const r = await q.query('DELETE FROM produto_variacoes WHERE tenant_id = $1 AND id = $2', [tenantId, id]).catch((e) => translateDbError(e, 'delete'));
  if (!r.rowCount) throw notFound();
  return { count: r.rowCount };
}
