import Decimal from 'decimal.js';
import { TipoMovimentacao } from '../../../generated/lookups.ts';
import { formatBRL } from '../../shared/money.ts';
import type { DocumentModule } from '../documents/lifecycle.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import type { FieldError } from '../../shared/messages.ts';
import { paraUnidades } from '../estoque/embalagens.ts';
import { estornar, movimentar, type LinhaMovimento } from '../estoque/movimentos.ts';
import { cancelarLancamento, criarLancamento, DESPESA } from '../financeiro/index.ts';
import { cfopEntrada } from './nfe-leitura.ts';
import { custoDaLinha, RATEADOS, ratear, recuperaveisDaFilial, totalDaNota } from './custo.ts';
import { atualizarRecebimentos } from './pedido-compra.ts';
import { exigirSemDevolucao } from './devolucao.ts';

type Row = Record<string, unknown>;
export const TIPO_ENTRADA = 'entradaNota';

interface ProdutoUnidade {
  id: number;
  descricao: string;
  unidade: string | null;
}

/** Each product's description and unit (sigla), and the factor of its packaging units by unit sigla. */
async function produtosEUnidades(q: Queryable, tenantId: number, ids: number[]): Promise<{ produtos: Map<number, ProdutoUnidade>; embalagens: Map<string, string> }> {
  const p = await q.query<ProdutoUnidade>(
    `SELECT p.id, p.descricao, upper(u.sigla) AS unidade FROM produtos p LEFT JOIN unidades u ON u.tenant_id = p.tenant_id AND u.id = p.unidade_id WHERE p.tenant_id = $1 AND p.id = ANY($2::integer[])`,
    [tenantId, ids],
  );
  const e = await q.query<{ produto_id: number; unidade: string; fator: string }>(
    `SELECT e.produto_id, upper(u.sigla) AS unidade, e.fator::text AS fator FROM embalagens e JOIN unidades u ON u.tenant_id = e.tenant_id AND u.id = e.unidade_id
      WHERE e.tenant_id = $1 AND e.produto_id = ANY($2::integer[]) AND e.ativo ORDER BY e.id DESC`,
    [tenantId, ids],
  );
  return { produtos: new Map(p.rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }])), embalagens: new Map(e.rows.map((r) => [`${r.produto_id}|${r.unidade}`, r.fator])) };
}

/**
 * The factor of a line: the one typed (or learned, or of the packaging GTIN), else 1 when the note's unit is the
 * product's unit, else the factor of the product's packaging in that unit; null when there is no conversion.
 */
export function fatorDaLinha(it: Row, prod: ProdutoUnidade | undefined, embalagens: Map<string, string>): string | null {
  if (it.fator) return new Decimal(String(it.fator)).toFixed(4);
  const un = typeof it.unidade === 'string' ? it.unidade.trim().toUpperCase() : '';
  if (!un || !prod || !prod.unidade || un === prod.unidade) return '1.0000';
  return embalagens.get(`${prod.id}|${un}`) ?? null;
}

/**
 * Entrada de nota fiscal: on every save the lines get their packaging factor (refused when the note's unit has
 * no conversion to the product's unit), the header's freight/insurance/discount/other spread over lines that do
 * not carry them, the entry cost per unit, the suggested CFOP de entrada and the note's value. Efetivar posts,
 * in the transition's one transaction, the COMPRA stock movements at that cost (the average cost moves), the
 * payable (the duplicatas, or the typed terms), the supplier's codes learned, and the linked purchase order's
 * received quantities. Cancelar reverses stock and payable and gives the order its quantities back.
 */
const entradaNota: DocumentModule = {
  async validar({ tx, ctx, cabecalho, itens }) {
    const ids = [...new Set(itens.map((it) => Number(it.produtoId)).filter(Number.isInteger))];
    const { produtos, embalagens } = await produtosEUnidades(tx, ctx.tenantId, ids);
    const erros: FieldError[] = [];
    const msgs: string[] = [];
    itens.forEach((it, i) => {
      const prod = produtos.get(Number(it.produtoId));
      const fator = fatorDaLinha(it, prod, embalagens);
      if (!fator) {
        const m = `Linha ${i + 1}: a unidade ${String(it.unidade)} da nota não tem conversão para a unidade ${prod?.unidade ?? ''} do produto "${prod?.descricao ?? it.produtoId}". Informe o fator (unidades por embalagem) ou cadastre uma embalagem ${String(it.unidade)} no produto.`;
        erros.push({ path: `/itens/${i}/fator`, campo: 'fator', linha: i + 1, mensagem: 'Unidade sem conversão' });
        msgs.push(m);
        return;
      }
      it.fator = fator;
      if (!it.cfopEntrada && it.cfop) it.cfopEntrada = cfopEntrada(String(it.cfop));
    });
    if (erros.length) throw badRequest(msgs.slice(0, 5).join(' ') + (msgs.length > 5 ? ` (e mais ${msgs.length - 5})` : ''), erros);
    // Header amounts typed by hand are spread over the lines by their value of products.
    for (const [campoCab, campoItem] of RATEADOS) {
      const total = cabecalho[campoCab];
      if (!total || new Decimal(String(total)).isZero()) continue;
      if (itens.some((it) => it[campoItem] && !new Decimal(String(it[campoItem])).isZero())) continue;
      const partes = ratear(String(total), itens.map((it) => String(it.valorTotal ?? '0')));
      itens.forEach((it, i) => (it[campoItem] = partes[i]));
    }
    // The taxes the branch's regime recovers (credited in the journal) leave the cost of the goods.
    const recupera = await recuperaveisDaFilial(tx, ctx.tenantId, ctx.branchId);
    for (const it of itens) it.custoUnitario = custoDaLinha(it, paraUnidades(String(it.quantidade), String(it.fator)), recupera).unitario;
    const valorTotal = totalDaNota(itens);
    cabecalho.valorTotal = valorTotal;
    for (const [campoCab, campoItem] of RATEADOS) {
      const soma = itens.reduce((a, it) => a.plus(String(it[campoItem] ?? '0')), new Decimal(0));
      if (!soma.isZero() || cabecalho[campoCab]) cabecalho[campoCab] = soma.toFixed(2);
    }
    const parcelas = (cabecalho.parcelas as { vencimento: string; valor: string }[] | null | undefined) ?? [];
    if (parcelas.length) {
      const soma = parcelas.reduce((a, p) => a.plus(p.valor), new Decimal(0));
      if (soma.gt(valorTotal)) throw badRequest(`Duplicatas: a soma (${formatBRL(soma)}) passa do valor da nota (${formatBRL(valorTotal)}).`, [{ path: '/parcelas', campo: 'parcelas', mensagem: 'Soma maior que a nota' }]);
      if (parcelas.some((p) => new Decimal(p.valor).lte(0))) throw badRequest('Duplicatas: cada duplicata deve ter valor maior que zero.', [{ path: '/parcelas', campo: 'parcelas', mensagem: 'Valor inválido' }]);
    }
    if (cabecalho.pedidoCompraId) await conferirPedido(tx, ctx.tenantId, ctx.branchId!, Number(cabecalho.pedidoCompraId), Number(cabecalho.fornecedorId));
  },
  postings: {
    async efetivar({ tx, ctx, doc }) {
      const scope = { tenantId: ctx.tenantId, userId: ctx.userId };
      const cab = doc.cabecalho;
      const depositoId = Number(cab.depositoId);
      const linhas: LinhaMovimento[] = doc.itens.map((it, i) => ({
        produtoId: Number(it.produtoId),
        variacaoId: (it.variacaoId as number | null) ?? null,
        depositoId,
        quantidade: paraUnidades(String(it.quantidade), String(it.fator ?? '1')),
        custoUnitario: String(it.custoUnitario),
        tipo: TipoMovimentacao.COMPRA,
        origemLinha: i + 1,
      }));
      await movimentar(tx, scope, linhas, { tipo: doc.tipo, id: doc.id });
      await aprenderCodigos(tx, ctx.tenantId, doc.id, Number(cab.fornecedorId), doc.itens);
      await lancarContasAPagar(tx, ctx, doc);
      if (cab.pedidoCompraId) await atualizarRecebimentos(tx, ctx, Number(cab.pedidoCompraId), { incluir: doc.id });
    },
    async cancelar({ tx, ctx, doc, de }) {
      if (de !== 'efetivada') return;
      await exigirSemDevolucao(tx, ctx.tenantId, doc.id, doc.numero);
      await estornar(tx, { tenantId: ctx.tenantId, userId: ctx.userId }, { tipo: doc.tipo, id: doc.id });
      const l = await tx.query<{ id: number }>('SELECT id FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = $2 AND origem_id = $3 AND NOT cancelado', [ctx.tenantId, doc.tipo, doc.id]);
      for (const r of l.rows) {
        try {
          await cancelarLancamento(tx, ctx, Number(r.id));
        } catch (e) {
          if (e instanceof HttpError && e.statusCode === 400) throw new HttpError(409, `Não é possível cancelar a entrada: a conta a pagar dela tem parcelas baixadas. Estorne as baixas em Financeiro > Despesas antes de cancelar.`);
          throw e;
        }
      }
      if (doc.cabecalho.pedidoCompraId) await atualizarRecebimentos(tx, ctx, Number(doc.cabecalho.pedidoCompraId), { excluir: doc.id });
    },
  },
};

/** The linked order must be an open order of this branch and of the same supplier. */
async function conferirPedido(q: Queryable, tenantId: number, filialId: number, pedidoId: number, fornecedorId: number): Promise<void> {
  const r = await q.query<{ numero: number; estado: string; fornecedor: number }>(
    `SELECT numero, estado, (cabecalho ->> 'fornecedorId')::integer AS fornecedor FROM documentos WHERE tenant_id = $1 AND tipo = 'pedidoCompra' AND filial_id = $2 AND id = $3`,
    [tenantId, filialId, pedidoId],
  );
  const p = r.rows[0];
  const erro = (m: string) => badRequest(m, [{ path: '/pedidoCompraId', campo: 'pedidoCompraId', mensagem: m }]);
  if (!p) throw erro('Pedido de compra não encontrado nesta filial.');
  if (p.estado !== 'aberto' && p.estado !== 'parcial') throw erro(`O pedido de compra nº ${p.numero} está ${p.estado === 'recebido' ? 'recebido' : 'cancelado'}: escolha um pedido em aberto.`);
  if (Number(p.fornecedor) !== fornecedorId) throw erro(`O pedido de compra nº ${p.numero} é de outro fornecedor.`);
}

/** Each line's supplier code now means the product chosen (with its factor): the next note matches by it. */
async function aprenderCodigos(q: Queryable, tenantId: number, entradaId: number, fornecedorId: number, itens: Row[]): Promise<void> {
  const porCodigo = new Map<string, Row>();
  for (const it of itens) if (typeof it.codigoFornecedor === 'string' && it.codigoFornecedor.trim()) porCodigo.set(it.codigoFornecedor.trim(), it);
  if (!porCodigo.size) return;
  const linhas = [...porCodigo.entries()];
  await q.query(
    `INSERT INTO compras_codigos_fornecedor (tenant_id, fornecedor_id, codigo, produto_id, variacao_id, fator, unidade, ultima_entrada_id)
     SELECT $1, $2, c, p, v, f, u, $3 FROM unnest($4::text[], $5::integer[], $6::integer[], $7::numeric[], $8::text[]) AS x(c, p, v, f, u)
     ON CONFLICT (tenant_id, fornecedor_id, codigo) DO UPDATE SET produto_id = EXCLUDED.produto_id, variacao_id = EXCLUDED.variacao_id, fator = EXCLUDED.fator, unidade = EXCLUDED.unidade, ultima_entrada_id = EXCLUDED.ultima_entrada_id, updated_at = now()`,
    [tenantId, fornecedorId, entradaId, linhas.map(([c]) => c), linhas.map(([, it]) => Number(it.produtoId)), linhas.map(([, it]) => (it.variacaoId as number | null) ?? null), linhas.map(([, it]) => String(it.fator ?? '1')), linhas.map(([, it]) => (it.unidade as string | null) ?? null)],
  );
}

/** The payable of the entry: the note's duplicatas, else the typed number of parcelas, else one at the entry date. */
async function lancarContasAPagar(q: Queryable, ctx: { tenantId: number; userId: number }, doc: { id: number; tipo: string; numero: number; cabecalho: Row }): Promise<void> {
  const cab = doc.cabecalho;
  const parcelas = ((cab.parcelas as { vencimento: string; valor: string }[] | null) ?? []).filter((p) => p && p.valor);
  const forn = await q.query<{ nome: string }>('SELECT nome FROM pessoas WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, cab.fornecedorId]);
  const categoria = await q.query<{ id: number }>(
    `SELECT id FROM categorias_financeiras WHERE tenant_id = $1 AND tipo = $2 AND unaccent(lower(descricao)) LIKE 'compra%' ORDER BY id LIMIT 1`,
    [ctx.tenantId, DESPESA],
  );
  const emissao = String(cab.dataEntrada ?? cab.dataEmissao);
  const valor = parcelas.length ? parcelas.reduce((a, p) => a.plus(p.valor), new Decimal(0)).toFixed(2) : String(cab.valorTotal);
  if (new Decimal(valor).lte(0)) return;
  await criarLancamento(q, ctx, {
    tipo: DESPESA,
    descricao: `NF-e ${cab.numeroNota}${cab.serie != null ? `/${cab.serie}` : ''} - ${forn.rows[0]?.nome ?? 'fornecedor'}`.slice(0, 200),
    pessoaId: Number(cab.fornecedorId),
    categoriaId: categoria.rows[0] ? Number(categoria.rows[0].id) : null,
    documento: `NF ${cab.numeroNota}`,
    dataEmissao: emissao,
    valorTotal: valor,
    ...(parcelas.length
      ? { parcelas: parcelas.map((p) => ({ vencimento: p.vencimento, valor: new Decimal(p.valor).toFixed(2) })) }
      : { numeroParcelas: Number(cab.numeroParcelas ?? 1), primeiroVencimento: (cab.primeiroVencimento as string | null) ?? emissao }),
    origemTipo: doc.tipo,
    origemId: doc.id,
  });
}

export const { validar, postings } = entradaNota;
export default entradaNota;
