import Decimal from 'decimal.js';
import { formatBRL, formatDecimal, priceFromMargin } from '../../shared/money.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import { ARREDONDAMENTOS_ALTERACAO, MODOS_ALTERACAO, type Arredondamento, type ItemPrevia, type ModoAlteracao } from '../../shared/alteracao-preco.ts';

export const MODOS: ModoAlteracao[] = MODOS_ALTERACAO.map((m) => m.value);
export const ARREDONDAMENTOS: Arredondamento[] = ARREDONDAMENTOS_ALTERACAO.map((a) => a.value);
/** One bulk change touches at most this many prices (a whole mercadinho's catalogue fits many times over). */
export const MAX_ITENS = 20000;

export interface PedidoAlteracao {
  filtro: { categoriaId?: number | null; marcaId?: number | null; fornecedorId?: number | null; produtoIds?: number[] | null };
  modo: ModoAlteracao;
  valor: string;
  arredondamento: Arredondamento;
  motivo: string | null;
  incluirVariacoes: boolean;
}

const erro = (campo: string, mensagem: string, texto: string) => badRequest(texto, [{ path: `/${campo.replace(/\./g, '/')}`, campo, mensagem }]);
const id = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));

/** Reads and checks the request body of a preview or an application (400 in Portuguese naming the field). */
export function lerPedido(body: unknown): PedidoAlteracao {
  const b = (body ?? {}) as Record<string, any>;
  const f = (b.filtro ?? {}) as Record<string, unknown>;
  const filtro: PedidoAlteracao['filtro'] = {};
  for (const k of ['categoriaId', 'marcaId', 'fornecedorId'] as const) {
    const v = id(f[k]);
    if (v !== null && (!Number.isSafeInteger(v) || v <= 0)) throw erro(`filtro.${k}`, 'Campo inválido!', 'Filtro inválido.');
    filtro[k] = v;
  }
  if (f.produtoIds !== undefined && f.produtoIds !== null) {
    if (!Array.isArray(f.produtoIds) || f.produtoIds.some((x) => !Number.isSafeInteger(x) || (x as number) <= 0)) throw erro('filtro.produtoIds', 'Campo inválido!', 'Lista de produtos inválida.');
    filtro.produtoIds = f.produtoIds as number[];
  }
  if (!MODOS.includes(b.modo)) throw erro('modo', 'Campo Obrigatório!', 'Escolha como alterar: por percentual, por valor ou pela margem desejada.');
  const valorTxt = typeof b.valor === 'number' ? String(b.valor) : typeof b.valor === 'string' ? b.valor.trim().replace(',', '.') : '';
  if (!/^-?\d{1,9}(\.\d{1,4})?$/.test(valorTxt)) throw erro('valor', 'Campo inválido!', 'Informe o valor da alteração (número com até 4 casas decimais).');
  const valor = new Decimal(valorTxt);
  if (valor.isZero() && b.modo !== 'margem') throw erro('valor', 'Campo inválido!', 'O valor da alteração não pode ser zero.');
  if (b.modo === 'percentual' && valor.lte(-100)) throw erro('valor', 'Campo inválido!', 'Uma redução deve ser menor que 100%.');
  if (b.modo === 'margem' && (valor.gte(100) || valor.lt(0))) throw erro('valor', 'Campo inválido!', 'A margem desejada deve ser de 0% a menos de 100%.');
  const arredondamento = (b.arredondamento ?? 'nenhum') as Arredondamento;
  if (!ARREDONDAMENTOS.includes(arredondamento)) throw erro('arredondamento', 'Campo inválido!', 'Arredondamento inválido.');
  const motivo = typeof b.motivo === 'string' && b.motivo.trim() ? b.motivo.trim().slice(0, 200) : null;
  return { filtro, modo: b.modo, valor: valor.toFixed(), arredondamento, motivo, incluirVariacoes: b.incluirVariacoes !== false };
}

/** Rounds a price as the shop asked: to a multiple (0,05 … 1,00) or to a price ending (…,90 / …,99), nearest wins. */
export function arredondar(preco: Decimal, modo: Arredondamento): Decimal {
  if (modo === 'nenhum') return preco.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [tipo, passo] = modo.split('-');
  const p = new Decimal(passo);
  if (tipo === 'multiplo') return preco.div(p).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(p);
  const abaixo = preco.floor().minus(1).plus(p);
  const acima = preco.floor().plus(p);
  return preco.minus(abaixo).lt(acima.minus(preco)) && abaixo.gt(0) ? abaixo : acima;
}

/** The new price of one line, or why it has none. */
export function novoPreco(p: PedidoAlteracao, anterior: string | null, custo: string | null): { preco: string | null; ignorado: string | null } {
  let bruto: Decimal;
  if (p.modo === 'margem') {
    if (custo === null || new Decimal(custo).lte(0)) return { preco: null, ignorado: 'Sem preço de custo' };
    bruto = new Decimal(priceFromMargin(custo, p.valor)!);
  } else {
    if (anterior === null) return { preco: null, ignorado: 'Sem preço de venda' };
    bruto = p.modo === 'percentual' ? new Decimal(anterior).times(new Decimal(100).plus(p.valor)).div(100) : new Decimal(anterior).plus(p.valor);
  }
  const preco = arredondar(bruto, p.arredondamento);
  if (preco.lte(0)) return { preco: null, ignorado: 'O novo preço ficaria zero ou negativo' };
  if (preco.gt('9999999999999.99')) return { preco: null, ignorado: 'O novo preço ficaria grande demais' };
  return { preco: preco.toFixed(2), ignorado: null };
}

/** A short description of the change, kept on every history row ('+10,00%', '-R$ 1,00', 'Margem 30,00%'). */
export function descreverAlteracao(p: PedidoAlteracao): string {
  const v = new Decimal(p.valor);
  const sinal = v.isNegative() ? '-' : '+';
  const arred = p.arredondamento === 'nenhum' ? '' : ` (arred. ${p.arredondamento.replace('multiplo-', 'múltiplo de ').replace('final-', 'final ').replace('.', ',')})`;
  if (p.modo === 'percentual') return `${sinal}${formatDecimal(v.abs(), 2)}%${arred}`;
  if (p.modo === 'valor') return `${sinal}${formatBRL(v.abs())}${arred}`;
  return `Margem ${formatDecimal(v, 2)}%${arred}`;
}

/** Margin on price and markup on cost for a new price (the product form shows both); null when undefined or out of range. */
export function margens(preco: string, custo: string | null): { margem: string | null; markup: string | null } {
  if (custo === null) return { margem: null, markup: null };
  const pr = new Decimal(preco);
  const c = new Decimal(custo);
  const limite = (d: Decimal) => (d.abs().lt(100000) ? d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : null);
  return { margem: pr.gt(0) ? limite(pr.minus(c).div(pr).times(100)) : null, markup: c.gt(0) ? limite(pr.minus(c).div(c).times(100)) : null };
}

/** The lines a request reaches: products (with subcategories of a category) and, optionally, SKUs with their own price. */
async function linhas(q: Queryable, tenantId: number, p: PedidoAlteracao, bloquear: boolean): Promise<Omit<ItemPrevia, 'precoNovo' | 'ignorado'>[]> {
  const params: unknown[] = [tenantId];
  const conds = ['p.tenant_id = $1', 'NOT p.servico', 'p.ativo'];
  let cte = '';
  if (p.filtro.categoriaId) {
    params.push(p.filtro.categoriaId);
    cte = `WITH RECURSIVE cats AS (SELECT id FROM categorias_produto WHERE tenant_id = $1 AND id = $${params.length}
             UNION SELECT c.id FROM categorias_produto c JOIN cats ON c.tenant_id = $1 AND c.categoria_pai_id = cats.id) `;
    conds.push('p.categoria_id IN (SELECT id FROM cats)');
  }
  if (p.filtro.marcaId) (params.push(p.filtro.marcaId), conds.push(`p.marca_id = $${params.length}`));
  if (p.filtro.fornecedorId) (params.push(p.filtro.fornecedorId), conds.push(`p.fornecedor_id = $${params.length}`));
  if (p.filtro.produtoIds) (params.push(p.filtro.produtoIds), conds.push(`p.id = ANY($${params.length}::integer[])`));
  // Rows are locked in id order, so two bulk changes over overlapping products cannot deadlock.
  const lock = bloquear ? ' FOR UPDATE OF p' : '';
  const produtos = await q.query<Omit<ItemPrevia, 'precoNovo' | 'ignorado'>>(
    `${cte}SELECT p.id AS "produtoId", NULL::integer AS "variacaoId", p.codigo, p.descricao, p.preco_custo AS "precoCusto", p.preco_venda AS "precoAnterior"
       FROM produtos p WHERE ${conds.join(' AND ')} ORDER BY p.id LIMIT ${MAX_ITENS + 1}${lock}`,
    params,
  );
  if (produtos.rows.length > MAX_ITENS) throw badRequest(`O filtro alcança mais de ${MAX_ITENS} produtos: refine a seleção.`, [{ path: '/filtro', campo: 'filtro', mensagem: 'Campo inválido!' }]);
  if (!p.incluirVariacoes || !produtos.rows.length) return produtos.rows;
  const skus = await q.query<Omit<ItemPrevia, 'precoNovo' | 'ignorado'>>(
    `SELECT v.produto_id AS "produtoId", v.id AS "variacaoId", coalesce(v.codigo, p.codigo) AS codigo, p.descricao || ' ' || v.descricao AS descricao,
            p.preco_custo AS "precoCusto", v.preco_venda AS "precoAnterior"
       FROM produto_variacoes v JOIN produtos p ON p.tenant_id = v.tenant_id AND p.id = v.produto_id
      WHERE v.tenant_id = $1 AND v.produto_id = ANY($2::integer[]) AND v.preco_venda IS NOT NULL AND v.ativo
      ORDER BY v.id${bloquear ? ' FOR UPDATE OF v' : ''}`,
    [tenantId, produtos.rows.map((r) => r.produtoId)],
  );
  const porProduto = new Map<number, typeof skus.rows>();
  for (const s of skus.rows) porProduto.set(s.produtoId, [...(porProduto.get(s.produtoId) ?? []), s]);
  return produtos.rows.flatMap((r) => [r, ...(porProduto.get(r.produtoId) ?? [])]);
}

/** What a change would do, line by line (old → new), writing nothing. */
export async function previa(q: Queryable, tenantId: number, p: PedidoAlteracao): Promise<{ alteracao: string; itens: ItemPrevia[] }> {
  const itens = (await linhas(q, tenantId, p, false)).map((l) => {
    const n = novoPreco(p, l.precoAnterior, l.precoCusto);
    return { ...l, precoNovo: n.preco, ignorado: n.ignorado };
  });
  return { alteracao: descreverAlteracao(p), itens };
}

/**
 * Applies a change in one transaction: the reached rows are locked (id order), the new prices computed from
 * the prices as they are now, and written with one UPDATE per table; the history rows come from the
 * price triggers with this change's description, reason and user. Lines without a new price are left alone.
 */
export async function aplicar(q: Queryable, tenantId: number, p: PedidoAlteracao): Promise<{ alteracao: string; alterados: number; ignorados: number }> {
  const alteracao = descreverAlteracao(p);
  await q.query(`SELECT set_config('app.preco_origem', 'alteracao-preco', true), set_config('app.preco_alteracao', $1, true), set_config('app.preco_motivo', $2, true)`, [alteracao, p.motivo ?? '']);
  const todos = await linhas(q, tenantId, p, true);
  const prod: { id: number; preco: string; margem: string | null; markup: string | null }[] = [];
  const skus: { id: number; preco: string }[] = [];
  let ignorados = 0;
  for (const l of todos) {
    const n = novoPreco(p, l.precoAnterior, l.precoCusto);
    if (!n.preco || n.preco === l.precoAnterior) {
      if (!n.preco) ignorados++;
      continue;
    }
    if (l.variacaoId === null) prod.push({ id: l.produtoId, preco: n.preco, ...margens(n.preco, l.precoCusto) });
    else skus.push({ id: l.variacaoId, preco: n.preco });
  }
  if (prod.length) {
    await q.query(
      `UPDATE produtos p SET preco_venda = n.preco, margem_lucro = n.margem, markup = n.markup, updated_at = now()
         FROM jsonb_to_recordset($2::jsonb) AS n(id integer, preco numeric, margem numeric, markup numeric)
        WHERE p.tenant_id = $1 AND p.id = n.id`,
      [tenantId, JSON.stringify(prod)],
    );
  }
  if (skus.length) {
    await q.query(
      `UPDATE produto_variacoes v SET preco_venda = n.preco, updated_at = now()
         FROM jsonb_to_recordset($2::jsonb) AS n(id integer, preco numeric) WHERE v.tenant_id = $1 AND v.id = n.id`,
      [tenantId, JSON.stringify(skus)],
    );
  }
  await q.query(`SELECT set_config('app.preco_origem', '', true), set_config('app.preco_alteracao', '', true), set_config('app.preco_motivo', '', true)`);
  return { alteracao, alterados: prod.length + skus.length, ignorados };
}
