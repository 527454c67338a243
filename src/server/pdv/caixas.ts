import Decimal from 'decimal.js';
import { formatBRL, MONEY_RE } from '../../shared/money.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import type { DocumentModule } from '../documents/lifecycle.ts';
import { baixarParcelas, criarLancamento, DESPESA, RECEITA } from '../financeiro/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.ts';
import { agoraLocal } from '../vendas/pedido-venda.ts';

type Row = Record<string, any>;
type Ctx = Pick<RequestContext, 'tenantId' | 'userId' | 'branchId'>;

export const TIPO_CAIXA = 'caixaPdv';
/** Fields of the caixa header only the server writes (opening time, closing totals). */
const CAMPOS_DO_SERVIDOR = ['abertoEm', 'fechadoEm', 'totalVendas', 'totalEsperado', 'totalContado', 'diferenca'];

export function dinheiro(v: unknown, campo: string, titulo: string, { positivo = false } = {}): Decimal {
  const s = typeof v === 'number' ? String(v) : v;
  if (typeof s !== 'string' || !MONEY_RE.test(s)) throw badRequest(`${titulo}: informe um valor em reais com até 2 casas decimais.`, [{ path: `/${campo}`, campo, mensagem: 'Valor inválido' }]);
  const d = new Decimal(s);
  if (d.lt(0) || (positivo && d.lte(0))) throw badRequest(`${titulo}: ${positivo ? 'deve ser maior que zero' : 'não pode ser negativo'}.`, [{ path: `/${campo}`, campo, mensagem: positivo ? 'Deve ser maior que zero' : 'Não pode ser negativo' }]);
  return d;
}

/** The forma de pagamento that holds notes and coins (tPag 01): the float, change, sangria and suprimento. */
export async function formaDinheiro(q: Queryable, tenantId: number): Promise<{ id: number; descricao: string }> {
  const r = await q.query<Row>(`SELECT id, descricao FROM pdv_formas_pagamento WHERE tenant_id = $1 AND t_pag = '01' ORDER BY ativo DESC, id LIMIT 1`, [tenantId]);
  if (!r.rows.length) throw badRequest('Cadastre a forma de pagamento Dinheiro (tPag 01) em Configurações > Ponto de Venda > Formas de pagamento.');
  return { id: Number(r.rows[0].id), descricao: r.rows[0].descricao };
}

/** One caixa session of the signed-in branch (locked when it is about to change). */
export async function lerCaixa(q: Queryable, ctx: Ctx, id: number, travar = false): Promise<Row> {
  const r = await q.query<Row>(
    `SELECT id, numero, estado, filial_id, cabecalho, created_at FROM documentos WHERE tenant_id = $1 AND tipo = $2 AND id = $3 AND filial_id = $4${travar ? ' FOR UPDATE' : ''}`,
    [ctx.tenantId, TIPO_CAIXA, id, ctx.branchId],
  );
  if (!r.rows.length) throw notFound('Caixa não encontrado.');
  return r.rows[0];
}

export async function caixaAberto(q: Queryable, ctx: Ctx, pdvId: number): Promise<Row | null> {
  const r = await q.query<Row>(
    `SELECT id, numero, estado, filial_id, cabecalho, created_at FROM documentos WHERE tenant_id = $1 AND tipo = $2 AND estado = 'aberto' AND (cabecalho ->> 'pdvId')::int = $3 ORDER BY id DESC LIMIT 1`,
    [ctx.tenantId, TIPO_CAIXA, pdvId],
  );
  return r.rows[0] ?? null;
}

/**
 * What the drawer should hold per forma de pagamento: the float (in cash) plus the session's ledger rows (sales,
 * change given back, suprimentos, sangrias, reversals). Every active forma is listed, also with nothing moved.
 */
export async function esperadoDoCaixa(q: Queryable, tenantId: number, caixa: Row): Promise<{ formaPagamentoId: number; descricao: string; valor: string }[]> {
  const dinheiroId = (await formaDinheiro(q, tenantId)).id;
  const r = await q.query<Row>(
    `SELECT f.id, f.descricao, COALESCE(sum(m.valor), 0)::text AS valor, f.ativo
       FROM pdv_formas_pagamento f LEFT JOIN pdv_caixa_movimentos m ON m.tenant_id = f.tenant_id AND m.forma_pagamento_id = f.id AND m.caixa_id = $2
      WHERE f.tenant_id = $1 GROUP BY f.id, f.descricao, f.ativo HAVING f.ativo OR count(m.id) > 0 ORDER BY f.id`,
    [tenantId, caixa.id],
  );
  const abertura = new Decimal(caixa.cabecalho.valorAbertura ?? '0');
  return r.rows.map((f) => ({
    formaPagamentoId: Number(f.id),
    descricao: f.descricao,
    valor: (Number(f.id) === dinheiroId ? abertura.plus(f.valor) : new Decimal(f.valor)).toFixed(2),
  }));
}

export function caixaOut(c: Row, esperado?: { formaPagamentoId: number; descricao: string; valor: string }[]) {
  const h = c.cabecalho ?? {};
  return {
    id: Number(c.id),
    numero: Number(c.numero),
    estado: c.estado,
    pdvId: h.pdvId,
    operadorId: h.operadorId,
    abertoEm: h.abertoEm ?? (c.created_at instanceof Date ? c.created_at.toISOString() : c.created_at),
    fechadoEm: h.fechadoEm ?? null,
    valorAbertura: new Decimal(h.valorAbertura ?? 0).toFixed(2),
    ...(esperado ? { esperado } : {}),
  };
}

/** Sangria (money taken out of the drawer) or suprimento (money put in), with its reason, in cash. */
export async function movimentarCaixa(q: Queryable, ctx: Ctx, id: number, tipo: 'sangria' | 'suprimento', body: Row): Promise<Row> {
  const caixa = await lerCaixa(q, ctx, id, true);
  if (caixa.estado !== 'aberto') throw conflict(`O caixa ${caixa.numero} está fechado.`);
  const valor = dinheiro(body?.valor, 'valor', 'Valor', { positivo: true });
  const motivo = typeof body?.motivo === 'string' ? body.motivo.replace(/\s+/g, ' ').trim() : '';
  if (motivo.length < 3 || motivo.length > 200) throw badRequest('Motivo: escreva de 3 a 200 caracteres.', [{ path: '/motivo', campo: 'motivo', mensagem: 'De 3 a 200 caracteres' }]);
  const dinheiroF = await formaDinheiro(q, ctx.tenantId);
  if (tipo === 'sangria') {
    const esperado = (await esperadoDoCaixa(q, ctx.tenantId, caixa)).find((e) => e.formaPagamentoId === dinheiroF.id);
    if (valor.gt(esperado?.valor ?? '0')) throw badRequest(`Sangria: o caixa tem ${formatBRL(esperado?.valor ?? '0')} em dinheiro; não é possível retirar ${formatBRL(valor)}.`, [{ path: '/valor', campo: 'valor', mensagem: 'Maior que o dinheiro do caixa' }]);
  }
  const r = await q.query<Row>(
    `INSERT INTO pdv_caixa_movimentos (tenant_id, caixa_id, tipo, forma_pagamento_id, valor, motivo, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, created_at`,
    [ctx.tenantId, id, tipo, dinheiroF.id, (tipo === 'sangria' ? valor.negated() : valor).toFixed(2), motivo, ctx.userId ?? null],
  );
  return { id: Number(r.rows[0].id), caixaId: id, tipo, valor: valor.toFixed(2), motivo, createdAt: r.rows[0].created_at, esperado: await esperadoDoCaixa(q, ctx.tenantId, caixa) };
}

/**
 * Records the counted amounts of a closing (once: the caixa is locked and must be open). The transition that
 * follows (fechar) posts them. A sale not finished (its NFC-e still being issued) or one the station has not
 * synchronised yet (vendasAbertas) refuses the closing.
 */
export async function registrarContagem(q: Queryable, ctx: Ctx, id: number, body: Row): Promise<void> {
  const caixa = await lerCaixa(q, ctx, id, true);
  if (caixa.estado !== 'aberto') throw conflict(`O caixa ${caixa.numero} já está fechado.`);
  const abertasNaEstacao = Number(body?.vendasAbertas ?? 0);
  const pendentes = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM pdv_vendas WHERE tenant_id = $1 AND caixa_id = $2 AND situacao = 'pendente'`, [ctx.tenantId, id]);
  const abertas = (Number.isInteger(abertasNaEstacao) && abertasNaEstacao > 0 ? abertasNaEstacao : 0) + pendentes.rows[0].n;
  if (abertas > 0) throw new HttpError(409, `Há ${abertas} venda${abertas > 1 ? 's' : ''} em aberto neste caixa: finalize ou sincronize antes de fechar.`);
  if (!Array.isArray(body?.contado)) throw badRequest('Contado: informe o valor contado de cada forma de pagamento.', [{ path: '/contado', campo: 'contado', mensagem: 'Campo Obrigatório!' }]);
  const esperado = await esperadoDoCaixa(q, ctx.tenantId, caixa);
  const contado = new Map<number, Decimal>();
  (body.contado as Row[]).forEach((c, i) => {
    const fid = Number(c?.formaPagamentoId);
    if (!esperado.some((e) => e.formaPagamentoId === fid)) throw badRequest(`Contado, linha ${i + 1}: forma de pagamento não encontrada.`, [{ path: `/contado/${i}/formaPagamentoId`, campo: 'formaPagamentoId', mensagem: 'Registro não encontrado' }]);
    if (contado.has(fid)) throw badRequest(`Contado, linha ${i + 1}: forma de pagamento repetida.`, [{ path: `/contado/${i}/formaPagamentoId`, campo: 'formaPagamentoId', mensagem: 'Repetida' }]);
    contado.set(fid, dinheiro(c?.valor, `contado/${i}/valor`, `Contado, linha ${i + 1}`));
  });
  for (const e of esperado) {
    const c = contado.get(e.formaPagamentoId) ?? new Decimal(0);
    await q.query(
      `INSERT INTO pdv_caixa_contagens (tenant_id, caixa_id, forma_pagamento_id, esperado, contado, diferenca) VALUES ($1, $2, $3, $4, $5, $6)`,
      [ctx.tenantId, id, e.formaPagamentoId, e.valor, c.toFixed(2), c.minus(e.valor).toFixed(2)],
    );
  }
}

export async function contagensDoCaixa(q: Queryable, tenantId: number, id: number) {
  const r = await q.query<Row>(
    `SELECT c.forma_pagamento_id, f.descricao, c.esperado::text, c.contado::text, c.diferenca::text FROM pdv_caixa_contagens c JOIN pdv_formas_pagamento f ON f.tenant_id = c.tenant_id AND f.id = c.forma_pagamento_id
      WHERE c.tenant_id = $1 AND c.caixa_id = $2 ORDER BY c.forma_pagamento_id`,
    [tenantId, id],
  );
  return r.rows.map((c) => ({ formaPagamentoId: Number(c.forma_pagamento_id), descricao: c.descricao, esperado: c.esperado, contado: c.contado, diferenca: c.diferenca }));
}

/**
 * Caixa (schemas/documents/caixaPdv.json). Opening: one open session per PDV, the PDV of this branch, an
 * active operator. Closing (fechar): needs the count (registrarContagem, same transaction); posts, per forma
 * de pagamento that names a conta financeira, the session's net sales as a receita settled into that conta,
 * and the difference counted as a receita (sobra) or despesa (falta), all in the closing's transaction.
 */
const caixas: DocumentModule = {
  async validar({ tx, ctx, cabecalho }) {
    for (const k of CAMPOS_DO_SERVIDOR) delete cabecalho[k];
    const pdv = (await tx.query<Row>('SELECT id, descricao, filial_id, ativo FROM pdvs WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, cabecalho.pdvId])).rows[0];
    if (!pdv) throw badRequest('PDV: cadastro não encontrado.', [{ path: '/pdvId', campo: 'pdvId', mensagem: 'Registro não encontrado' }]);
    if (!pdv.ativo) throw badRequest(`PDV ${pdv.descricao}: está inativo.`, [{ path: '/pdvId', campo: 'pdvId', mensagem: 'Inativo' }]);
    if (Number(pdv.filial_id) !== ctx.branchId) throw badRequest(`PDV ${pdv.descricao}: é de outra filial; troque para a filial dele.`, [{ path: '/pdvId', campo: 'pdvId', mensagem: 'De outra filial' }]);
    const op = (await tx.query<Row>('SELECT nome, ativo, bloqueado FROM operadores_pdv WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, cabecalho.operadorId])).rows[0];
    if (!op?.ativo) throw badRequest('Operador: cadastro não encontrado ou inativo.', [{ path: '/operadorId', campo: 'operadorId', mensagem: 'Inativo' }]);
    if (op.bloqueado) throw new HttpError(423, 'Operador bloqueado. Procure o gerente.');
    // The PDV row lock serialises two openings of the same station.
    await tx.query('SELECT 1 FROM pdvs WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [ctx.tenantId, pdv.id]);
    const aberto = await caixaAberto(tx, ctx, Number(pdv.id));
    if (aberto) throw conflict(`O PDV ${pdv.descricao} já tem o caixa ${aberto.numero} aberto.`);
    cabecalho.abertoEm = new Date().toISOString();
    await formaDinheiro(tx, ctx.tenantId);
  },
  postings: {
    async fechar({ tx, ctx, doc }) {
      const contagens = await contagensDoCaixa(tx, ctx.tenantId, doc.id);
      if (!contagens.length) throw badRequest('Para fechar o caixa, informe no PDV o valor contado de cada forma de pagamento (POST /api/Pdv/caixas/:id/fechar).');
      const vendas = await tx.query<Row>(
        `SELECT m.forma_pagamento_id, sum(m.valor)::text AS valor, f.conta_id, f.descricao FROM pdv_caixa_movimentos m JOIN pdv_formas_pagamento f ON f.tenant_id = m.tenant_id AND f.id = m.forma_pagamento_id
          WHERE m.tenant_id = $1 AND m.caixa_id = $2 AND m.tipo IN ('venda', 'troco', 'estorno') GROUP BY m.forma_pagamento_id, f.conta_id, f.descricao ORDER BY m.forma_pagamento_id`,
        [ctx.tenantId, doc.id],
      );
      const hoje = agoraLocal().data;
      const c = { tenantId: ctx.tenantId, userId: ctx.userId };
      const lancar = async (tipo: number, descricao: string, valor: Decimal, contaId: number) => {
        const l = await criarLancamento(tx, c, { tipo, descricao, dataEmissao: hoje, valorTotal: valor.toFixed(2), contaId, documento: `Caixa ${doc.numero}`, origemTipo: TIPO_CAIXA, origemId: doc.id });
        await baixarParcelas(tx, c, { contaId, data: hoje, itens: [{ parcelaId: l.parcelas[0].id }] });
        return l.id;
      };
      let totalVendas = new Decimal(0);
      for (const v of vendas.rows) {
        const valor = new Decimal(v.valor);
        totalVendas = totalVendas.plus(valor);
        if (v.conta_id && valor.gt(0)) await lancar(RECEITA, `Vendas do PDV - caixa ${doc.numero} - ${v.descricao}`, valor, Number(v.conta_id));
      }
      let esperado = new Decimal(0);
      let contado = new Decimal(0);
      for (const k of contagens) {
        esperado = esperado.plus(k.esperado);
        contado = contado.plus(k.contado);
        const dif = new Decimal(k.diferenca);
        const conta = (await tx.query<Row>('SELECT conta_id FROM pdv_formas_pagamento WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, k.formaPagamentoId])).rows[0]?.conta_id;
        if (!dif.isZero() && conta) {
          const id = await lancar(dif.gt(0) ? RECEITA : DESPESA, `Diferença de caixa ${doc.numero} - ${k.descricao} (${dif.gt(0) ? 'sobra' : 'falta'})`, dif.abs(), Number(conta));
          await tx.query('UPDATE pdv_caixa_contagens SET lancamento_id = $4 WHERE tenant_id = $1 AND caixa_id = $2 AND forma_pagamento_id = $3', [ctx.tenantId, doc.id, k.formaPagamentoId, id]);
        }
      }
      const totais = { fechadoEm: new Date().toISOString(), totalVendas: totalVendas.toFixed(2), totalEsperado: esperado.toFixed(2), totalContado: contado.toFixed(2), diferenca: contado.minus(esperado).toFixed(2) };
      await tx.query(`UPDATE documentos SET cabecalho = cabecalho || $3::jsonb WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, doc.id, JSON.stringify(totais)]);
    },
  },
};

export const { validar, postings } = caixas;
export default caixas;
