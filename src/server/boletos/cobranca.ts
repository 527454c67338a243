import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { formatBRL } from '../../shared/money.ts';
import { planoBoleto, type ParcelamentoBoleto } from '../../shared/boleto-parcelamento.ts';
import { formatDate, formatDateTime } from '../../shared/dates.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { baixarParcelas, baixarParcelasEmLote, criarLancamento, criarLancamentosEmLote, DESPESA, extratoConta, RECEITA } from '../financeiro/index.ts';
import { conferirLote, maquina, registrarEventosEmLote, transitar, type MudancaEmLote } from '../documents/estados.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { obterBanco } from './bancos.ts';
import { montarBoleto } from './boleto.ts';
import { identificarRegistro, lerRegistro, linhasDoArquivo } from './cnab/layout.ts';
import { configCnab, gerarRemessa, type FormatoCnab, type TituloCnab } from './cnab/remessa.ts';
import { lerRetorno, type EventoRetorno } from './cnab/retorno.ts';
import { dadosDaConfiguracao, nomeArquivoRemessa, type ConfiguracaoBoleto } from './configuracao.ts';
import { BoletoInvalido } from './erros.ts';
import { emitirEventos } from '../integracoes/index.ts';

/**
 * Boletos of a shop's day (issue 38): issued from the open parcelas of receitas, settled through the finance
 * module's baixa (manually or by the bank's retorno), cancelled while open; every move appended to
 * boletos_historico with who and when. Everything here runs inside the caller's transaction.
 */

export type EstadoBoleto = 'pendente' | 'registrado' | 'pago' | 'cancelado' | 'rejeitado' | 'baixado';
export const ESTADOS_LISTA = ['pendente', 'registrado', 'pago', 'cancelado', 'vencido', 'rejeitado', 'baixado'] as const;
export const ABERTOS: EstadoBoleto[] = ['pendente', 'registrado'];

/** 'vencido' is an open boleto past its due date: read, never stored. */
const STATUS_SQL = `CASE WHEN b.estado IN ('pendente', 'registrado') AND b.vencimento < current_date THEN 'vencido' ELSE b.estado END`;

const COLUNAS = `b.id, b.numero, b.nosso_numero AS "nossoNumero", b.numero_documento AS "numeroDocumento", b.parcela_texto AS "parcela",
  b.valor::text AS valor, to_char(b.vencimento, 'YYYY-MM-DD') AS vencimento, to_char(b.emissao, 'YYYY-MM-DD') AS emissao,
  b.pagador_nome AS "pagadorNome", b.pagador_documento AS "pagadorDocumento", b.banco, b.estado, ${STATUS_SQL} AS status,
  b.remessa_pendente AS "remessaPendente", b.valor_pago::text AS "valorPago", to_char(b.data_pagamento, 'YYYY-MM-DD') AS "dataPagamento",
  b.tarifa::text AS tarifa, b.motivo, b.desconto::text AS desconto, to_char(b.data_desconto, 'YYYY-MM-DD') AS "dataDesconto", b.parcela_id AS "parcelaId", p.lancamento_id AS "lancamentoId"`;

type Ctx = RequestContext;
export type Boleto = Record<string, any> & { id: number; numero: number; estado: EstadoBoleto; valor: string; vencimento: string; parcelaId: number; lancamentoId: number };

const hoje = () => new Date().toISOString().slice(0, 10);
const semZeros = (s: string) => s.replace(/^0+/, '') || '0';
const nomeBanco = (codigo: string) => obterBanco(codigo)?.nome ?? codigo;
const ISO = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written yyyy-MM-dd. */
const dataIso = (v: string) => {
  if (!ISO.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

export interface FiltroBoletos {
  status?: string[];
  busca?: string;
  vencimentoDe?: string;
  vencimentoAte?: string;
  limite?: number;
}

/** The branch's boletos, newest first, with the derived status (vencido) and filters. */
export async function listarBoletos(q: Queryable, ctx: Ctx, f: FiltroBoletos): Promise<Boleto[]> {
  const params: unknown[] = [ctx.tenantId, ctx.branchId];
  const where = ['b.tenant_id = $1', 'b.filial_id = $2'];
  if (f.status?.length) {
    const invalidos = f.status.filter((s) => !(ESTADOS_LISTA as readonly string[]).includes(s));
    if (invalidos.length) throw badRequest(`Status inválido: ${invalidos.join(', ')}. Use ${ESTADOS_LISTA.join(', ')}.`);
    params.push(f.status);
    where.push(`${STATUS_SQL} = ANY($${params.length})`);
  }
  if (f.busca?.trim()) {
    params.push(`%${f.busca.trim()}%`);
    where.push(`(b.pagador_nome ILIKE $${params.length} OR b.nosso_numero ILIKE $${params.length} OR b.numero_documento ILIKE $${params.length} OR b.numero::text = $${params.length + 1})`);
    params.push(f.busca.trim());
  }
  for (const [campo, op, v] of [['vencimentoDe', '>=', f.vencimentoDe], ['vencimentoAte', '<=', f.vencimentoAte]] as const) {
    if (!v) continue;
    if (!dataIso(v)) throw badRequest(`Filtro de vencimento: informe uma data válida (${campo}).`, [{ campo, path: `/${campo}`, mensagem: 'Campo inválido!' }]);
    params.push(v);
    where.push(`b.vencimento ${op} $${params.length}`);
  }
  const r = await q.query<Boleto>(
    `SELECT ${COLUNAS} FROM boletos b JOIN parcelas p ON p.tenant_id = b.tenant_id AND p.id = b.parcela_id
      WHERE ${where.join(' AND ')} ORDER BY b.numero DESC LIMIT ${Number.isInteger(f.limite) ? Math.min(Math.max(f.limite!, 1), 5000) : 500}`,
    params,
  );
  return r.rows.map((b) => ({ ...b, nomeBanco: nomeBanco(b.banco) }));
}

export async function umBoleto(q: Queryable, ctx: Ctx, id: number, paraAtualizar = false): Promise<Boleto> {
  const r = await q.query<Boleto>(
    `SELECT ${COLUNAS} FROM boletos b JOIN parcelas p ON p.tenant_id = b.tenant_id AND p.id = b.parcela_id
      WHERE b.tenant_id = $1 AND b.filial_id = $2 AND b.id = $3${paraAtualizar ? ' FOR UPDATE OF b' : ''}`,
    [ctx.tenantId, ctx.branchId, id],
  );
  if (!r.rows[0]) throw notFound('Boleto não encontrado.');
  return r.rows[0];
}

export async function historicoBoleto(q: Queryable, ctx: Ctx, id: number) {
  await umBoleto(q, ctx, id);
  const r = await q.query(
    `SELECT h.id, h.de, h.para, h.origem, h.detalhe, h.em, u.nome AS usuario
       FROM boletos_historico h LEFT JOIN users u ON u.tenant_id = h.tenant_id AND u.id = h.usuario_id
      WHERE h.tenant_id = $1 AND h.boleto_id = $2 ORDER BY h.id`,
    [ctx.tenantId, id],
  );
  return r.rows;
}

/**
 * Appends a move to the history and announces it (webhooks). The state itself moved before, by the declared
 * transition (schemas/lifecycles/boleto.json, `transitar`); de = para records an occurrence without a move.
 */
export async function registrarMudanca(
  q: Queryable, ctx: Ctx, boletoId: number, de: EstadoBoleto | null, para: EstadoBoleto, origem: 'emissao' | 'manual' | 'retorno' | 'remessa' | 'pix',
  detalhe: string | null, extra: { chave?: string; retornoId?: number } = {},
): Promise<void> {
  await q.query(
    `INSERT INTO boletos_historico (tenant_id, boleto_id, de, para, origem, detalhe, chave_retorno, retorno_id, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [ctx.tenantId, boletoId, de, para, origem, detalhe, extra.chave ?? null, extra.retornoId ?? null, ctx.userId ?? null],
  );
  // boleto.pago / cancelado / … (webhooks): every way in (manual baixa, Pix, cancelling) passes here, after valor_pago is written.
  if (de !== para) await emitirMudancasDeBoletos(q, ctx, [{ id: boletoId, de, para }], origem);
}

/** The states a boleto's webhook event is announced for (boleto.<estado>, schemas/integracoes/eventos-dominio.json). */
const ESTADOS_COM_EVENTO = new Set(['registrado', 'rejeitado', 'pago', 'baixado', 'cancelado']);

/**
 * Webhook events of boletos that changed state (after the new state and amounts are written, in the same
 * transaction): one read of the boletos and one bulk write per state, whatever the number of boletos (a retorno).
 */
async function emitirMudancasDeBoletos(q: Queryable, ctx: Ctx, lista: { id: number; de: string | null; para: string }[], origem: string): Promise<void> {
  const com = lista.filter((m) => m.de !== m.para && ESTADOS_COM_EVENTO.has(m.para));
  if (!com.length) return;
  const r = await q.query<Record<string, unknown>>(
    `SELECT id, numero, nosso_numero AS "nossoNumero", banco, parcela_id AS "parcelaId", valor::text, vencimento::text, valor_pago::text AS "valorPago", data_pagamento::text AS "dataPagamento", motivo
       FROM boletos WHERE tenant_id = $1 AND id = ANY($2::integer[])`,
    [ctx.tenantId, com.map((m) => m.id)],
  );
  const porId = new Map(r.rows.map((b) => [Number(b.id), b]));
  for (const estado of ESTADOS_COM_EVENTO) {
    const deste = com.filter((m) => m.para === estado && porId.has(m.id));
    if (deste.length) await emitirEventos(q, ctx.tenantId, `boleto.${estado}`, deste.map((m) => ({ ...porId.get(m.id)!, estadoAnterior: m.de, origem })));
  }
}

/** Open parcelas of receitas with no live boleto: what a boleto can be issued for. */
export async function parcelasParaBoleto(q: Queryable, ctx: Ctx, busca?: string) {
  const params: unknown[] = [ctx.tenantId, RECEITA];
  let filtro = '';
  if (busca?.trim()) {
    params.push(`%${busca.trim()}%`);
    filtro = `AND (l.descricao ILIKE $3 OR pe.nome ILIKE $3)`;
  }
  const r = await q.query(
    `SELECT p.id, p.numero, to_char(p.vencimento, 'YYYY-MM-DD') AS vencimento, (p.valor - p.valor_baixado)::text AS valor, l.id AS "lancamentoId",
            l.descricao, l.documento, pe.nome AS pessoa, pe.cpf_cnpj AS documento_pessoa,
            (SELECT count(*)::int FROM parcelas x WHERE x.tenant_id = p.tenant_id AND x.lancamento_id = p.lancamento_id) AS "totalParcelas"
       FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
       LEFT JOIN pessoas pe ON pe.tenant_id = l.tenant_id AND pe.id = l.pessoa_id
      WHERE p.tenant_id = $1 AND l.tipo = $2 AND NOT l.cancelado AND NOT p.cancelada AND p.valor_baixado < p.valor
        AND NOT EXISTS (SELECT 1 FROM boletos b WHERE b.tenant_id = p.tenant_id AND b.parcela_id = p.id AND b.estado IN ('pendente', 'registrado', 'pago'))
        ${filtro}
      ORDER BY p.vencimento, l.id, p.numero LIMIT 500`,
    params,
  );
  return r.rows.map(({ documento_pessoa, ...p }) => ({ ...p, pessoaDocumento: documento_pessoa }));
}

/**
 * Issues one boleto per parcela (a carnê when many) with the configuration's next nosso números, which
 * advance in the same transaction. Every parcela is checked before the first write.
 */
export async function emitirBoletos(q: Queryable, ctx: Ctx, cfg: ConfiguracaoBoleto, parcelaIds: number[]): Promise<Boleto[]> {
  if (!Array.isArray(parcelaIds) || !parcelaIds.length) throw badRequest('Escolha ao menos uma parcela a receber para emitir boletos.', [{ campo: 'parcelaIds', path: '/parcelaIds', mensagem: 'Campo Obrigatório!' }]);
  if (parcelaIds.length > 1000) throw badRequest('No máximo 1000 boletos por emissão.');
  if (parcelaIds.some((id) => !Number.isInteger(id) || id <= 0 || id >= 2 ** 31)) throw badRequest('Parcelas: informe os números das parcelas.', [{ campo: 'parcelaIds', path: '/parcelaIds', mensagem: 'Campo inválido!' }]);
  if (new Set(parcelaIds).size !== parcelaIds.length) throw badRequest('A mesma parcela foi escolhida duas vezes.');
  const r = await q.query(
    `SELECT p.id, p.numero, to_char(p.vencimento, 'YYYY-MM-DD') AS vencimento, (p.valor - p.valor_baixado)::text AS aberto, p.cancelada, p.valor_baixado::text AS baixado,
            l.id AS lancamento_id, l.tipo, l.cancelado, l.descricao, l.documento,
            (SELECT count(*)::int FROM parcelas x WHERE x.tenant_id = p.tenant_id AND x.lancamento_id = p.lancamento_id) AS total,
            pe.nome, pe.cpf_cnpj, pe.logradouro, pe.numero AS numero_end, pe.bairro, pe.cep, pe.uf, m.nome AS cidade,
            EXISTS (SELECT 1 FROM boletos b WHERE b.tenant_id = p.tenant_id AND b.parcela_id = p.id AND b.estado IN ('pendente', 'registrado', 'pago')) AS tem_boleto
       FROM parcelas p JOIN lancamentos l ON l.tenant_id = p.tenant_id AND l.id = p.lancamento_id
       LEFT JOIN pessoas pe ON pe.tenant_id = l.tenant_id AND pe.id = l.pessoa_id
       LEFT JOIN municipio m ON m.codigo_ibge = pe.codigo_municipio
      WHERE p.tenant_id = $1 AND p.id = ANY($2::int[]) ORDER BY l.id, p.numero FOR UPDATE OF p`,
    [ctx.tenantId, parcelaIds],
  );
  const porId = new Map(r.rows.map((p) => [Number(p.id), p]));
  const falhas: string[] = [];
  for (const id of parcelaIds) {
    const p = porId.get(id);
    const nome = p ? `Parcela ${p.numero}/${p.total} de "${p.descricao}"` : `Parcela ${id}`;
    if (!p) falhas.push(`${nome}: não encontrada.`);
    else if (Number(p.tipo) !== RECEITA) falhas.push(`${nome}: boletos são emitidos só para contas a receber.`);
    else if (p.cancelado || p.cancelada) falhas.push(`${nome}: está cancelada.`);
    else if (new Decimal(p.aberto).lte(0)) falhas.push(`${nome}: já está paga.`);
    else if (p.tem_boleto) falhas.push(`${nome}: já tem boleto emitido.`);
    else if (!p.nome || !p.cpf_cnpj) falhas.push(`${nome}: informe o cliente com CPF ou CNPJ no lançamento.`);
  }
  if (falhas.length) throw badRequest(falhas.slice(0, 5).join(' ') + (falhas.length > 5 ? ` (e mais ${falhas.length - 5})` : ''));

  const ultimo = await q.query<{ n: number }>(`SELECT coalesce(max(numero), 0)::int AS n FROM boletos WHERE tenant_id = $1 AND filial_id = $2`, [ctx.tenantId, ctx.branchId]);
  let numero = ultimo.rows[0].n;
  let proximo = BigInt(cfg.proximoNossoNumero);
  const emissao = hoje();
  const ids: number[] = [];
  for (const id of parcelaIds) {
    const p = porId.get(id)!;
    const nossoNumero = String(proximo++);
    let montado;
    try {
      montado = montarBoleto(dadosDaConfiguracao(cfg, { nossoNumero, valor: p.aberto, vencimento: p.vencimento }));
    } catch (e) {
      if (e instanceof BoletoInvalido) throw badRequest(`Parcela ${p.numero}/${p.total} de "${p.descricao}": ${e.message}`);
      throw e;
    }
    numero += 1;
    const endereco = [p.logradouro, p.numero_end].filter(Boolean).join(', ');
    const ins = await q.query<{ id: number }>(
      `INSERT INTO boletos (tenant_id, filial_id, configuracao_id, banco, parcela_id, numero, nosso_numero, nosso_numero_banco, numero_documento, parcela_texto,
         valor, vencimento, emissao, pagador_nome, pagador_documento, pagador_endereco, pagador_bairro, pagador_cep, pagador_cidade, pagador_uf, remessa_pendente, usuario_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, 'registrar', $21) RETURNING id`,
      [ctx.tenantId, ctx.branchId, cfg.id, cfg.banco, id, numero, nossoNumero, semZeros(montado.nossoNumero + (montado.nossoNumeroDv ?? '')),
        (p.documento || `L${p.lancamento_id}`).slice(0, 10), `${p.numero}/${p.total}`, p.aberto, p.vencimento, emissao,
        p.nome, String(p.cpf_cnpj).replace(/\D/g, ''), endereco || null, p.bairro, p.cep, p.cidade, p.uf, ctx.userId ?? null],
    );
    const boletoId = Number(ins.rows[0].id);
    ids.push(boletoId);
    await registrarMudanca(q, ctx, boletoId, null, 'pendente', 'emissao', `Emitido para a parcela ${p.numero}/${p.total} de "${p.descricao}" (${formatBRL(p.aberto)}).`);
  }
  await q.query('UPDATE configuracoes_boleto SET proximo_nosso_numero = $1, updated_at = now() WHERE tenant_id = $2 AND id = $3', [String(proximo), ctx.tenantId, cfg.id]);
  const criados = await q.query<Boleto>(
    `SELECT ${COLUNAS} FROM boletos b JOIN parcelas p ON p.tenant_id = b.tenant_id AND p.id = b.parcela_id WHERE b.tenant_id = $1 AND b.id = ANY($2::int[]) ORDER BY b.numero`,
    [ctx.tenantId, ids],
  );
  return criados.rows;
}

/** The conta a boleto's money lands in: the one asked, else the lançamento's, else the first active checking account. */
export async function contaDaBaixa(q: Queryable, ctx: Ctx, lancamentoId: number, contaId?: number | null): Promise<number> {
  if (contaId != null) return contaId;
  const r = await q.query<{ id: number }>(
    `SELECT coalesce((SELECT l.conta_id FROM lancamentos l WHERE l.tenant_id = $1 AND l.id = $2),
       (SELECT c.id FROM contas_financeiras c WHERE c.tenant_id = $1 AND c.ativo AND c.tipo = 1 ORDER BY c.id LIMIT 1)) AS id`,
    [ctx.tenantId, lancamentoId],
  );
  const id = r.rows[0]?.id;
  if (!id) throw badRequest('Informe a conta financeira em que o dinheiro do boleto entrou.', [{ campo: 'contaId', path: '/contaId', mensagem: 'Campo Obrigatório!' }]);
  return Number(id);
}

/** contaDaBaixa for many lançamentos in one statement (the retorno's boletos). */
async function contasDaBaixa(q: Queryable, ctx: Ctx, lancamentoIds: number[], contaId?: number | null): Promise<Map<number, number>> {
  if (contaId != null) return new Map(lancamentoIds.map((id) => [id, contaId]));
  const r = await q.query<{ id: number; conta: number | null }>(
    `SELECT l.id, coalesce(l.conta_id, (SELECT c.id FROM contas_financeiras c WHERE c.tenant_id = $1 AND c.ativo AND c.tipo = 1 ORDER BY c.id LIMIT 1)) AS conta
       FROM lancamentos l WHERE l.tenant_id = $1 AND l.id = ANY($2::int[])`,
    [ctx.tenantId, lancamentoIds],
  );
  if (r.rows.length !== lancamentoIds.length || r.rows.some((x) => x.conta == null)) {
    throw badRequest('Informe a conta financeira em que o dinheiro do boleto entrou.', [{ campo: 'contaId', path: '/contaId', mensagem: 'Campo Obrigatório!' }]);
  }
  return new Map(r.rows.map((x) => [Number(x.id), Number(x.conta)]));
}

const ESTADO_TEXTO: Record<string, string> = { pendente: 'pendente', registrado: 'registrado', pago: 'pago', cancelado: 'cancelado', rejeitado: 'rejeitado', baixado: 'baixado pelo banco' };

/**
 * Manual baixa (SPEC 4: only an open boleto): settles its parcela through the finance baixa and marks it pago.
 * Amount defaults to the boleto's; juros when more was received.
 */
export async function baixarBoleto(q: Queryable, ctx: Ctx, id: number, body: { contaId?: number | null; data?: string | null; valor?: string | null; juros?: string | null }): Promise<Boleto> {
  const data = body.data ?? hoje();
  let valor = '';
  const { de } = await transitar(q, ctx, maquina('boleto'), id, 'pagar', async ({ de }) => {
    const b = await umBoleto(q, ctx, id);
    const contaId = await contaDaBaixa(q, ctx, b.lancamentoId, body.contaId);
    const { baixas } = await baixarParcelas(q, ctx, { contaId, data, itens: [{ parcelaId: b.parcelaId, valor: body.valor ?? null, juros: body.juros ?? null }] });
    valor = baixas[0].valor;
    return { colunas: { valor_pago: valor, data_pagamento: data, remessa_pendente: de === 'registrado' ? 'baixar' : null } };
  });
  await registrarMudanca(q, ctx, id, de as EstadoBoleto, 'pago', 'manual', `Baixa manual de ${formatBRL(valor)} em ${formatDate(data)}.`);
  return umBoleto(q, ctx, id);
}

/** Cancels an open boleto (SPEC 4); a registered one goes to the next remessa as a baixa request. */
export async function cancelarBoleto(q: Queryable, ctx: Ctx, id: number, motivo?: string | null): Promise<Boleto> {
  const { de } = await transitar(q, ctx, maquina('boleto'), id, 'cancelar', async ({ de }) => ({
    colunas: { remessa_pendente: de === 'registrado' ? 'baixar' : null, motivo: motivo?.trim() || null },
  }));
  await registrarMudanca(q, ctx, id, de as EstadoBoleto, 'cancelado', 'manual', motivo?.trim() ? `Cancelado: ${motivo.trim()}` : 'Cancelado.');
  return umBoleto(q, ctx, id);
}

/** Boletos as the PDF helper draws them (with the Pix QR when the configuration carries a key). */
export async function boletosParaPdf(q: Queryable, ctx: Ctx, ids: number[]) {
  if (!Array.isArray(ids) || !ids.length || ids.length > 1000 || ids.some((i) => !Number.isInteger(i) || i <= 0 || i >= 2 ** 31)) throw badRequest('Escolha ao menos um boleto.', [{ campo: 'ids', path: '/ids', mensagem: 'Campo Obrigatório!' }]);
  const r = await q.query(
    `SELECT b.*, to_char(b.vencimento, 'YYYY-MM-DD') AS venc, to_char(b.emissao, 'YYYY-MM-DD') AS emis FROM boletos b
      WHERE b.tenant_id = $1 AND b.filial_id = $2 AND b.id = ANY($3::int[]) ORDER BY b.vencimento, b.numero`,
    [ctx.tenantId, ctx.branchId, ids],
  );
  if (r.rows.length !== new Set(ids).size) throw notFound('Boleto não encontrado.');
  const cancelados = r.rows.filter((b) => b.estado === 'cancelado' || b.estado === 'rejeitado' || b.estado === 'baixado');
  if (cancelados.length) throw badRequest(`O boleto nº ${cancelados[0].numero} está ${ESTADO_TEXTO[cancelados[0].estado]} e não pode ser impresso.`);
  return r.rows;
}

// ---------------------------------------------------------------- remessa

/**
 * The remessa of every boleto the bank has not heard of yet (new), must drop (cancelled or paid here) or must change
 * (a new due date or a discount for a registered boleto: boletos_instrucoes), numbered per agreement. An instruction
 * for a boleto that goes in the same file as a baixa is superseded by it (marked with this remessa, not written).
 */
export async function gerarRemessaPendente(q: Queryable, ctx: Ctx, cfg: ConfiguracaoBoleto, beneficiario: { nome: string; documento: string }, opcoes: { automatica?: boolean } = {}) {
  const r = await q.query(
    `SELECT b.*, to_char(b.vencimento, 'YYYY-MM-DD') AS venc, to_char(b.emissao, 'YYYY-MM-DD') AS emis, to_char(b.data_desconto, 'YYYY-MM-DD') AS data_desc FROM boletos b
      WHERE b.tenant_id = $1 AND b.configuracao_id = $2 AND b.remessa_pendente IS NOT NULL ORDER BY b.numero FOR UPDATE`,
    [ctx.tenantId, cfg.id],
  );
  const inst = await q.query(
    `SELECT i.id AS instrucao_id, i.operacao, i.dados, b.*, to_char(b.vencimento, 'YYYY-MM-DD') AS venc, to_char(b.emissao, 'YYYY-MM-DD') AS emis, to_char(b.data_desconto, 'YYYY-MM-DD') AS data_desc
       FROM boletos_instrucoes i JOIN boletos b ON b.tenant_id = i.tenant_id AND b.id = i.boleto_id
      WHERE i.tenant_id = $1 AND b.configuracao_id = $2 AND i.remessa_id IS NULL ORDER BY b.numero, i.id FOR UPDATE OF i`,
    [ctx.tenantId, cfg.id],
  );
  const comBaixa = new Set(r.rows.map((b) => Number(b.id)));
  const instrucoes = inst.rows.filter((i) => !comBaixa.has(Number(i.id)) && ABERTOS.includes(i.estado));
  if (!r.rows.length && !instrucoes.length) throw badRequest('Não há boletos novos, alterados ou cancelados para enviar ao banco.');
  const formato = String(cfg.layoutCnab) as FormatoCnab;
  const seq = await q.query<{ n: number }>(`SELECT coalesce(max(sequencial), 0)::int + 1 AS n FROM boletos_remessas WHERE tenant_id = $1 AND configuracao_id = $2`, [ctx.tenantId, cfg.id]);
  const sequencial = seq.rows[0].n;
  const dataGeracao = hoje();
  const titulo = (b: Record<string, any>, operacao: TituloCnab['operacao'], dados: Record<string, any> = {}): TituloCnab => {
    const { banco: _, ...boleto } = dadosDaConfiguracao(cfg, { nossoNumero: b.nosso_numero, valor: b.valor, vencimento: dados.vencimento ?? b.venc });
    const desconto = dados.desconto ?? (operacao === 'registrar' && b.desconto ? String(b.desconto) : undefined);
    return {
      operacao, boleto, numeroDocumento: b.numero_documento, emissao: b.emis, desconto, dataDesconto: dados.dataDesconto ?? b.data_desc ?? undefined,
      pagador: { nome: b.pagador_nome, documento: b.pagador_documento, endereco: b.pagador_endereco ?? '', bairro: b.pagador_bairro ?? undefined, cep: b.pagador_cep ?? '', cidade: b.pagador_cidade ?? '', uf: b.pagador_uf ?? '' },
    };
  };
  const titulos: TituloCnab[] = [
    ...r.rows.map((b) => titulo(b, b.remessa_pendente === 'baixar' ? 'baixar' : 'registrar')),
    ...instrucoes.map((i) => titulo(i, i.operacao, i.dados ?? {})),
  ];
  let arquivo: string;
  try {
    arquivo = gerarRemessa({
      banco: cfg.banco, formato, sequencialArquivo: sequencial, dataGeracao,
      beneficiario: { nome: beneficiario.nome, documento: beneficiario.documento, agencia: cfg.agencia, agenciaDv: cfg.agenciaDv ?? undefined, conta: cfg.conta ?? '', contaDv: cfg.contaDv ?? undefined, convenio: cfg.convenio ?? undefined },
      titulos,
    });
  } catch (e) {
    if (e instanceof BoletoInvalido) throw badRequest(`Remessa: ${e.message}`);
    throw e;
  }
  const nome = nomeArquivoRemessa(cfg.banco, obterBanco(cfg.banco)?.cnab?.[formato]?.arquivoRemessa, dataGeracao, sequencial);
  const ins = await q.query<{ id: number }>(
    `INSERT INTO boletos_remessas (tenant_id, configuracao_id, sequencial, nome, conteudo, titulos, usuario_id, automatica) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [ctx.tenantId, cfg.id, sequencial, nome, arquivo, titulos.length, ctx.userId ?? null, opcoes.automatica === true],
  );
  const remessaId = Number(ins.rows[0].id);
  await q.query(`UPDATE boletos SET remessa_pendente = NULL, updated_at = now() WHERE tenant_id = $1 AND id = ANY($2::int[])`, [ctx.tenantId, r.rows.map((b) => b.id)]);
  if (inst.rows.length) await q.query(`UPDATE boletos_instrucoes SET remessa_id = $2 WHERE tenant_id = $1 AND id = ANY($3::int[])`, [ctx.tenantId, remessaId, inst.rows.map((i) => i.instrucao_id)]);
  return { arquivo, nome, titulos: titulos.length, sequencial, remessaId };
}

const DINHEIRO = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * A new due date and/or a discount until a date for an open boleto. Not yet sent to the bank: the registration
 * carries the new data. Sent already: the change waits in boletos_instrucoes for the next remessa, with the bank's
 * movement code for it (refused with a message when the bank's layout has none). Recorded in the history.
 */
export async function alterarBoleto(q: Queryable, ctx: Ctx, cfg: ConfiguracaoBoleto, id: number, body: { vencimento?: string | null; desconto?: string | null; dataDesconto?: string | null }): Promise<Boleto> {
  const b = await umBoleto(q, ctx, id, true);
  if (!ABERTOS.includes(b.estado)) throw badRequest(`Só um boleto pendente pode ser alterado: o boleto nº ${b.numero} está ${ESTADO_TEXTO[b.estado]}.`);
  const vencimento = body.vencimento ?? null;
  const desconto = body.desconto ?? null;
  if (vencimento == null && desconto == null) throw badRequest('Informe o novo vencimento ou o desconto.', [{ campo: 'vencimento', path: '/vencimento', mensagem: 'Campo Obrigatório!' }]);
  if (vencimento != null && (typeof vencimento !== 'string' || !dataIso(vencimento))) throw badRequest('Vencimento: informe uma data válida.', [{ campo: 'vencimento', path: '/vencimento', mensagem: 'Campo inválido!' }]);
  if (vencimento != null && vencimento < hoje()) throw badRequest('Vencimento: a nova data não pode ser anterior a hoje.', [{ campo: 'vencimento', path: '/vencimento', mensagem: 'Campo inválido!' }]);
  if (vencimento != null && vencimento === b.vencimento) throw badRequest(`O boleto nº ${b.numero} já vence em ${formatDate(vencimento)}.`, [{ campo: 'vencimento', path: '/vencimento', mensagem: 'Campo inválido!' }]);
  const novoVenc = vencimento ?? b.vencimento;
  let dataDesconto: string | null = null;
  if (desconto != null) {
    if (typeof desconto !== 'string' || !DINHEIRO.test(desconto) || new Decimal(desconto).lte(0)) throw badRequest('Desconto: informe um valor válido.', [{ campo: 'desconto', path: '/desconto', mensagem: 'Campo inválido!' }]);
    if (new Decimal(desconto).gte(b.valor)) throw badRequest(`Desconto: deve ser menor que o valor do boleto (${formatBRL(b.valor)}).`, [{ campo: 'desconto', path: '/desconto', mensagem: 'Campo inválido!' }]);
    dataDesconto = body.dataDesconto ?? novoVenc;
    if (typeof dataDesconto !== 'string' || !dataIso(dataDesconto) || dataDesconto > novoVenc) throw badRequest('Data do desconto: informe uma data até o vencimento.', [{ campo: 'dataDesconto', path: '/dataDesconto', mensagem: 'Campo inválido!' }]);
  }
  const noBanco = b.remessaPendente !== 'registrar';
  if (noBanco) {
    const { layout } = configCnab(cfg.banco, String(cfg.layoutCnab) as FormatoCnab);
    const nomeBancoCurto = obterBanco(cfg.banco)?.nomeCurto ?? cfg.banco;
    if (vencimento != null && !layout.movimentos.alterarVencimento) throw badRequest(`O banco ${nomeBancoCurto} não aceita alteração de vencimento no CNAB ${cfg.layoutCnab}: cancele o boleto e emita outro.`);
    if (desconto != null && !layout.movimentos.concederDesconto) throw badRequest(`O banco ${nomeBancoCurto} não tem, no CNAB ${cfg.layoutCnab}, instrução para conceder desconto a um boleto registrado: cancele o boleto e emita outro com o desconto.`);
  }
  try {
    montarBoleto(dadosDaConfiguracao(cfg, { nossoNumero: b.nossoNumero, valor: b.valor, vencimento: novoVenc }));
  } catch (e) {
    if (e instanceof BoletoInvalido) throw badRequest(e.message);
    throw e;
  }
  await q.query(
    `UPDATE boletos SET vencimento = $3, desconto = coalesce($4, desconto), data_desconto = coalesce($5, data_desconto), updated_at = now() WHERE tenant_id = $1 AND id = $2`,
    [ctx.tenantId, id, novoVenc, desconto, dataDesconto],
  );
  if (noBanco) {
    if (vencimento != null) await q.query(`INSERT INTO boletos_instrucoes (tenant_id, boleto_id, operacao, dados, usuario_id) VALUES ($1, $2, 'alterarVencimento', $3, $4)`, [ctx.tenantId, id, JSON.stringify({ vencimento }), ctx.userId ?? null]);
    if (desconto != null) await q.query(`INSERT INTO boletos_instrucoes (tenant_id, boleto_id, operacao, dados, usuario_id) VALUES ($1, $2, 'concederDesconto', $3, $4)`, [ctx.tenantId, id, JSON.stringify({ desconto, dataDesconto, vencimento: novoVenc }), ctx.userId ?? null]);
  }
  const partes = [
    vencimento != null ? `vencimento de ${formatDate(b.vencimento)} para ${formatDate(vencimento)}` : '',
    desconto != null ? `desconto de ${formatBRL(desconto)} até ${formatDate(dataDesconto!)}` : '',
  ].filter(Boolean);
  await registrarMudanca(q, ctx, id, b.estado, b.estado, 'manual', `Alterado: ${partes.join('; ')}${noBanco ? ' (vai na próxima remessa)' : ''}.`);
  return umBoleto(q, ctx, id);
}

// ---------------------------------------------------------------- retorno

export type AcaoRetorno = 'registrar' | 'pagar' | 'rejeitar' | 'baixar' | 'tarifa' | 'nenhuma' | 'jaAplicada';

export interface OcorrenciaPrevia {
  linha: number;
  tipo: EventoRetorno['tipo'];
  ocorrencia: string;
  descricao: string;
  nossoNumero: string;
  boletoId: number | null;
  boletoNumero: number | null;
  pagador: string | null;
  valorBoleto: string | null;
  estadoAtual: string | null;
  acao: AcaoRetorno;
  valorPago: string | null;
  juros: string;
  tarifa: string;
  dataOcorrencia: string | null;
  dataCredito: string | null;
  motivos: string[];
  erro: string | null;
  chave: string;
}

export interface PreviaRetorno {
  hash: string;
  formato: number;
  banco: string;
  jaAplicado: { em: string; id: number } | null;
  ocorrencias: OcorrenciaPrevia[];
  erros: string[];
  totais: { pagos: number; valorPago: string; tarifas: string; registrados: number; rejeitados: number; baixados: number; jaAplicadas: number };
}

const mesmaIdentificacao = (a: string | null | undefined, b: string | null | undefined) => {
  const x = (a ?? '').replace(/\D/g, '');
  const y = (b ?? '').replace(/\D/g, '');
  return !x || !y || /^0+$/.test(x) || /^0+$/.test(y) || semZeros(x) === semZeros(y);
};

/** Header checks (agreement, agency, account) and the trailer's presence: a truncated file is refused whole. */
function conferirArquivo(conteudo: string, cfg: ConfiguracaoBoleto, formato: FormatoCnab): void {
  const { layout } = configCnab(cfg.banco, formato);
  const linhas = linhasDoArquivo(conteudo, layout);
  const ultima = linhas[linhas.length - 1];
  const tipoUltima = identificarRegistro(layout, ultima, 'retorno');
  if (tipoUltima !== 'trailerArquivo' && tipoUltima !== 'trailerRetorno') {
    throw new BoletoInvalido(`O arquivo de retorno está incompleto: falta o registro final (trailer) depois da linha ${linhas.length}. Baixe o arquivo do banco novamente.`, 'arquivo');
  }
  const nomeHeader = identificarRegistro(layout, linhas[0], 'retorno');
  if (nomeHeader !== 'headerArquivo' && nomeHeader !== 'headerRetorno') throw new BoletoInvalido('A primeira linha do arquivo de retorno não é um header de arquivo.', 'arquivo');
  const h = lerRegistro(layout, nomeHeader, linhas[0]);
  if (h.banco && h.banco !== cfg.banco) throw new BoletoInvalido(`O arquivo de retorno é do banco ${h.banco}, não do ${cfg.banco} da configuração desta filial.`, 'arquivo');
  const diverge = (['convenio', 'agencia', 'conta'] as const).filter((c) => c in h && !mesmaIdentificacao(h[c], (cfg as any)[c]));
  if (diverge.length) {
    const nomes: Record<string, string> = { convenio: 'convênio', agencia: 'agência', conta: 'conta' };
    throw new BoletoInvalido(`O arquivo de retorno é de outro ${diverge.map((c) => nomes[c]).join('/')} (${diverge.map((c) => `${nomes[c]} ${semZeros((h[c] ?? '').trim())}`).join(', ')}), não da configuração de boleto desta filial.`, 'arquivo');
  }
}

/** Reads a retorno against the branch's boletos: what each occurrence would do, and every problem, before anything is written. */
export async function previaRetorno(q: Queryable, ctx: Ctx, cfg: ConfiguracaoBoleto, conteudo: string): Promise<PreviaRetorno> {
  return (await lerRetornoContraBoletos(q, ctx, cfg, conteudo, false)).previa;
}

/**
 * The preview, and the file's boletos as read (COLUNAS). `travar` (apply): the boletos are read and locked FOR
 * UPDATE in the same statement, in id order — one read of the file's boletos where the apply made two (not
 * locked when the file was already applied: nothing will be written).
 */
async function lerRetornoContraBoletos(q: Queryable, ctx: Ctx, cfg: ConfiguracaoBoleto, conteudo: string, travar: boolean): Promise<{ previa: PreviaRetorno; boletos: Boleto[] }> {
  const hash = createHash('sha256').update(conteudo.replace(/\r\n/g, '\n').trimEnd()).digest('hex');
  const primeira = conteudo.split(/\r?\n/)[0].replace(/\r$/, '');
  const formato = primeira.length === 240 ? '240' : primeira.length === 400 ? '400' : null;
  if (!formato) throw badRequest(`Arquivo de retorno não reconhecido: a primeira linha tem ${primeira.length} caracteres (CNAB 240 ou 400 esperados).`);
  if (formato !== String(cfg.layoutCnab)) throw badRequest(`O arquivo de retorno é CNAB ${formato}, mas a configuração de boleto desta filial usa CNAB ${cfg.layoutCnab}.`);
  let eventos: EventoRetorno[];
  try {
    conferirArquivo(conteudo, cfg, formato);
    eventos = lerRetorno(conteudo, cfg.banco, formato);
  } catch (e) {
    if (e instanceof BoletoInvalido) throw badRequest(e.message);
    throw e;
  }
  const ja = await q.query<{ id: number; created_at: string }>(`SELECT id, created_at FROM boletos_retornos WHERE tenant_id = $1 AND configuracao_id = $2 AND hash = $3`, [ctx.tenantId, cfg.id, hash]);
  const numeros = [...new Set(eventos.map((e) => semZeros(e.nossoNumero)))];
  const bs = await q.query(
    `SELECT ${COLUNAS}, b.pagador_nome, b.nosso_numero, b.nosso_numero_banco,
            (SELECT array_agg(h.chave_retorno) FROM boletos_historico h WHERE h.tenant_id = b.tenant_id AND h.boleto_id = b.id AND h.chave_retorno IS NOT NULL) AS chaves
       FROM boletos b JOIN parcelas p ON p.tenant_id = b.tenant_id AND p.id = b.parcela_id
      WHERE b.tenant_id = $1 AND b.configuracao_id = $2 AND (b.nosso_numero_banco = ANY($3::text[]) OR ltrim(b.nosso_numero, '0') = ANY($3::text[]))
      ${travar && !ja.rows[0] ? 'ORDER BY b.id FOR UPDATE OF b' : ''}`,
    [ctx.tenantId, cfg.id, numeros],
  );
  const porNumero = new Map<string, Record<string, any>>();
  for (const b of bs.rows) porNumero.set(b.nosso_numero_banco, b);
  for (const b of bs.rows) if (!porNumero.has(semZeros(b.nosso_numero))) porNumero.set(semZeros(b.nosso_numero), b);
  // the preview's own reading of each boleto (the apply changes estado on its copy as it walks the file)
  const lido = (b: Record<string, any>) => ({ id: b.id, numero: b.numero, estado: b.estado, valor: b.valor, pagador_nome: b.pagador_nome, chaves: b.chaves });
  const pagosNoArquivo = new Map<number, number>();
  const erros: string[] = [];
  const ocorrencias: OcorrenciaPrevia[] = eventos.map((e) => {
    const achado = porNumero.get(semZeros(e.nossoNumero));
    const b = achado ? lido(achado) : undefined;
    const chave = `${e.ocorrencia}:${e.dataOcorrencia ?? ''}:${semZeros(e.nossoNumero)}`;
    const o: OcorrenciaPrevia = {
      linha: e.linha, tipo: e.tipo, ocorrencia: e.ocorrencia, descricao: e.descricao, nossoNumero: e.nossoNumero,
      boletoId: b ? Number(b.id) : null, boletoNumero: b ? Number(b.numero) : null, pagador: b?.pagador_nome ?? null, valorBoleto: b?.valor ?? null, estadoAtual: b?.estado ?? null,
      acao: 'nenhuma', valorPago: e.valorPago, juros: e.juros, tarifa: e.tarifa, dataOcorrencia: e.dataOcorrencia, dataCredito: e.dataCredito,
      motivos: e.motivos.map((m) => `${m.codigo} - ${m.texto}`), erro: null, chave,
    };
    const falha = (msg: string) => {
      o.erro = msg;
      erros.push(`Linha ${e.linha}: ${msg}`);
      return o;
    };
    if (!b) return falha(`nosso número ${semZeros(e.nossoNumero)} não corresponde a nenhum boleto emitido nesta filial.`);
    if ((b.chaves ?? []).includes(chave)) {
      o.acao = 'jaAplicada';
      return o;
    }
    const temTarifa = new Decimal(e.tarifa || '0').gt(0);
    if (e.tipo === 'pago') {
      const vezes = (pagosNoArquivo.get(o.boletoId!) ?? 0) + 1;
      pagosNoArquivo.set(o.boletoId!, vezes);
      if (vezes > 1) return falha(`o boleto nº ${b.numero} aparece pago mais de uma vez neste arquivo.`);
      if (b.estado === 'pago') return falha(`o boleto nº ${b.numero} já está pago; confira com o banco antes de aplicar.`);
      if (!ABERTOS.includes(b.estado)) return falha(`o boleto nº ${b.numero} está ${ESTADO_TEXTO[b.estado]} e o banco informou pagamento; confira com o banco.`);
      if (!e.valorPago || new Decimal(e.valorPago).lte(0)) return falha(`pagamento do boleto nº ${b.numero} sem valor pago.`);
      o.acao = 'pagar';
    } else if (e.tipo === 'registrado') o.acao = b.estado === 'pendente' ? 'registrar' : temTarifa ? 'tarifa' : 'nenhuma';
    else if (e.tipo === 'rejeitado') o.acao = ABERTOS.includes(b.estado) ? 'rejeitar' : temTarifa ? 'tarifa' : 'nenhuma';
    else if (e.tipo === 'baixado') o.acao = ABERTOS.includes(b.estado) || b.estado === 'cancelado' ? 'baixar' : temTarifa ? 'tarifa' : 'nenhuma';
    else o.acao = temTarifa ? 'tarifa' : 'nenhuma';
    return o;
  });
  const soma = (f: (o: OcorrenciaPrevia) => string | null, filtro: (o: OcorrenciaPrevia) => boolean) =>
    ocorrencias.filter(filtro).reduce((s, o) => s.plus(f(o) || '0'), new Decimal(0)).toFixed(2);
  const aplica = (o: OcorrenciaPrevia) => !o.erro && o.acao !== 'jaAplicada';
  const previa: PreviaRetorno = {
    hash, formato: Number(formato), banco: cfg.banco,
    jaAplicado: ja.rows[0] ? { id: Number(ja.rows[0].id), em: formatDateTime(ja.rows[0].created_at) } : null,
    ocorrencias, erros,
    totais: {
      pagos: ocorrencias.filter((o) => aplica(o) && o.acao === 'pagar').length,
      valorPago: soma((o) => o.valorPago, (o) => aplica(o) && o.acao === 'pagar'),
      tarifas: soma((o) => o.tarifa, aplica),
      registrados: ocorrencias.filter((o) => aplica(o) && o.acao === 'registrar').length,
      rejeitados: ocorrencias.filter((o) => aplica(o) && o.acao === 'rejeitar').length,
      baixados: ocorrencias.filter((o) => aplica(o) && o.acao === 'baixar').length,
      jaAplicadas: ocorrencias.filter((o) => o.acao === 'jaAplicada').length,
    },
  };
  return { previa, boletos: bs.rows as Boleto[] };
}

/**
 * Applies a retorno in the caller's transaction: payments settle parcelas through the finance baixa, fees post
 * as despesas paid from the same conta, states move with the occurrence recorded. Any problem refuses the whole
 * file; the same file (or occurrence) again applies nothing and says so.
 */
/**
 * The tables a retorno apply grows (its own and Financeiro's baixas, parcelas, lançamentos and movimentos em lote):
 * after a large apply the caller runs ANALYZE on them once committed (analisarDepoisDoLote, db/maintenance.ts).
 */
export const TABELAS_DO_RETORNO = ['boletos', 'boletos_historico', 'lancamentos', 'parcelas', 'baixas', 'movimentos_financeiros'] as const;

export async function aplicarRetorno(q: Queryable, ctx: Ctx, cfg: ConfiguracaoBoleto, conteudo: string, opcoes: { nome?: string | null; contaId?: number | null }) {
  const { previa, boletos: lidos } = await lerRetornoContraBoletos(q, ctx, cfg, conteudo, true);
  if (previa.jaAplicado) {
    return { aplicadas: 0, mensagem: `Este arquivo de retorno já foi aplicado em ${previa.jaAplicado.em}; nada foi alterado.`, previa };
  }
  if (previa.erros.length) {
    throw badRequest(`O arquivo de retorno não foi aplicado: ${previa.erros.slice(0, 5).join(' ')}${previa.erros.length > 5 ? ` (e mais ${previa.erros.length - 5})` : ''}`);
  }
  const ins = await q.query<{ id: number }>(
    `INSERT INTO boletos_retornos (tenant_id, filial_id, configuracao_id, hash, nome, formato, ocorrencias, aplicadas, resumo, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9) RETURNING id`,
    [ctx.tenantId, ctx.branchId, cfg.id, previa.hash, opcoes.nome ?? null, previa.formato, previa.ocorrencias.length, JSON.stringify(previa.totais), ctx.userId ?? null],
  );
  const retornoId = Number(ins.rows[0].id);
  // Every boleto of the file was read and locked with the preview, in one statement (not one per occurrence);
  // each occurrence then updates the row it read, so later occurrences of the same boleto see its new state.
  const ids = new Set(previa.ocorrencias.filter((o) => o.acao !== 'jaAplicada' && o.boletoId != null).map((o) => o.boletoId!));
  const doArquivo = lidos.filter((b) => ids.has(Number(b.id)));
  const porId = new Map(doArquivo.map((b) => [Number(b.id), b]));
  const contas = await contasDaBaixa(q, ctx, [...new Set(doArquivo.map((b) => Number(b.lancamentoId)))], opcoes.contaId);
  // Walk the occurrences in file order in memory (later occurrences of a boleto see its new state), collecting
  // what to write; then each kind of row is written by one set-based statement.
  const historico: { boletoId: number; de: string; para: string; detalhe: string; chave: string }[] = [];
  const mudancas = new Map<number, { estado: string; valorPago?: string; dataPagamento?: string; tarifa?: string; motivo?: string }>();
  const pagamentos: { boleto: Boleto; contaId: number; data: string; valorPago: string; juros: Decimal }[] = [];
  const tarifas: { boleto: Boleto; contaId: number; data: string; valor: Decimal; descricao: string }[] = [];
  const mudar = (b: Boleto, para: EstadoBoleto, detalhe: string, chave: string, campos: Record<string, string> = {}) => {
    historico.push({ boletoId: Number(b.id), de: b.estado, para, detalhe, chave });
    const m = mudancas.get(Number(b.id)) ?? { estado: b.estado };
    mudancas.set(Number(b.id), Object.assign(m, campos, { estado: para }));
    b.estado = para;
  };
  const estadoInicial = new Map([...porId].map(([id, b]) => [Number(id), b.estado as string]));
  for (const o of previa.ocorrencias) {
    if (o.acao === 'jaAplicada' || o.boletoId == null) continue;
    const b = porId.get(o.boletoId);
    if (!b) throw notFound('Boleto não encontrado.');
    const data = o.dataCredito ?? o.dataOcorrencia ?? hoje();
    const contaId = contas.get(Number(b.lancamentoId))!;
    const detalhe = `Retorno: ${o.ocorrencia} - ${o.descricao}`;
    if (o.acao === 'pagar') {
      // A boleto that is no longer open under the lock (paid by hand while this file was read) refuses the file.
      if (!ABERTOS.includes(b.estado)) throw badRequest(`O arquivo de retorno não foi aplicado: linha ${o.linha}: o boleto nº ${b.numero} está ${ESTADO_TEXTO[b.estado]}; confira com o banco antes de aplicar.`);
      const juros = new Decimal(o.juros || '0');
      pagamentos.push({ boleto: b, contaId, data, valorPago: o.valorPago!, juros });
      mudar(b, 'pago', `${detalhe}; pago ${formatBRL(o.valorPago!)}${juros.gt(0) ? ` (juros ${formatBRL(juros)})` : ''} em ${formatDate(data)}.`, o.chave,
        { valorPago: new Decimal(o.valorPago!).toFixed(2), dataPagamento: data, tarifa: o.tarifa });
    } else if (o.acao === 'registrar') mudar(b, 'registrado', `${detalhe}.`, o.chave);
    else if (o.acao === 'rejeitar') mudar(b, 'rejeitado', `${detalhe}${o.motivos.length ? `: ${o.motivos.join('; ')}` : ''}.`, o.chave, { motivo: o.motivos.join('; ') || o.descricao });
    else if (o.acao === 'baixar') mudar(b, 'baixado', `${detalhe}.`, o.chave);
    else historico.push({ boletoId: Number(b.id), de: b.estado, para: b.estado, detalhe: `${detalhe}.`, chave: o.chave });
    const tarifa = new Decimal(o.tarifa || '0');
    if (tarifa.gt(0)) tarifas.push({ boleto: b, contaId, data, valor: tarifa, descricao: o.descricao });
  }
  // Fees post as despesas (one lançamento each) settled from the same conta, in the same batched baixa as the payments.
  const despesas = await criarLancamentosEmLote(q, ctx, tarifas.map((t) => ({
    tipo: DESPESA, descricao: `Tarifa bancária do boleto nº ${t.boleto.numero} (${t.descricao})`, documento: `BOL${t.boleto.numero}`.slice(0, 20), dataEmissao: t.data,
    valorTotal: t.valor.toFixed(2), primeiroVencimento: t.data, contaId: t.contaId, origemTipo: 'boleto', origemId: Number(t.boleto.id),
  })));
  const itens = [
    ...pagamentos.map((p) => ({ parcelaId: Number(p.boleto.parcelaId), contaId: p.contaId, data: p.data, valor: p.valorPago, juros: p.juros.gt(0) ? p.juros.toFixed(2) : null })),
    ...despesas.map((d, i) => ({ parcelaId: d.parcelaId, contaId: tarifas[i].contaId, data: tarifas[i].data })),
  ];
  if (itens.length) await baixarParcelasEmLote(q, ctx, itens);
  // Every move of the file is a transition boleto.json declares from the state it leaves (checked before the
  // set-based write; recorded in estado_eventos in one INSERT after it).
  const TRANSICAO_RETORNO: Record<string, string> = { pago: 'pagar', registrado: 'registrar', rejeitado: 'rejeitar', baixado: 'baixar' };
  const movimentos: MudancaEmLote[] = historico.filter((h) => h.de !== h.para)
    .map((h) => ({ id: h.boletoId, transicao: TRANSICAO_RETORNO[h.para], de: h.de, para: h.para, registro: { numero: porId.get(h.boletoId)?.numero } }));
  conferirLote(maquina('boleto'), movimentos);
  if (mudancas.size) {
    const ms = [...mudancas.entries()];
    await q.query(
      `UPDATE boletos b SET estado = v.estado, valor_pago = coalesce(v.valor_pago, b.valor_pago), data_pagamento = coalesce(v.data_pagamento, b.data_pagamento),
              tarifa = coalesce(v.tarifa, b.tarifa), motivo = coalesce(v.motivo, b.motivo), updated_at = now()
         FROM unnest($2::int[], $3::text[], $4::numeric[], $5::date[], $6::numeric[], $7::text[]) AS v(id, estado, valor_pago, data_pagamento, tarifa, motivo)
        WHERE b.tenant_id = $1 AND b.id = v.id`,
      [ctx.tenantId, ms.map(([id]) => id), ms.map(([, m]) => m.estado), ms.map(([, m]) => m.valorPago ?? null), ms.map(([, m]) => m.dataPagamento ?? null),
        ms.map(([, m]) => (m.tarifa === undefined ? null : m.tarifa || '0')), ms.map(([, m]) => m.motivo ?? null)],
    );
    await registrarEventosEmLote(q, ctx, maquina('boleto'), movimentos);
    await emitirMudancasDeBoletos(q, ctx, ms.map(([id, m]) => ({ id, de: estadoInicial.get(id) ?? null, para: m.estado })), 'retorno');
  }
  if (historico.length) {
    await q.query(
      `INSERT INTO boletos_historico (tenant_id, boleto_id, de, para, origem, detalhe, chave_retorno, retorno_id, usuario_id)
       SELECT $1, v.boleto_id, v.de, v.para, 'retorno', v.detalhe, v.chave, $7, $8
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS v(boleto_id, de, para, detalhe, chave, ord)
        ORDER BY v.ord`,
      [ctx.tenantId, historico.map((h) => h.boletoId), historico.map((h) => h.de), historico.map((h) => h.para), historico.map((h) => h.detalhe), historico.map((h) => h.chave), retornoId, ctx.userId ?? null],
    );
  }
  const aplicadas = historico.length;
  await q.query(`UPDATE boletos_retornos SET aplicadas = $3 WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, retornoId, aplicadas]);
  const t = previa.totais;
  const partes = [
    t.pagos ? `${t.pagos} pago(s) (${formatBRL(t.valorPago)})` : '', t.registrados ? `${t.registrados} registrado(s)` : '', t.rejeitados ? `${t.rejeitados} rejeitado(s)` : '',
    t.baixados ? `${t.baixados} baixado(s) pelo banco` : '', new Decimal(t.tarifas).gt(0) ? `tarifas de ${formatBRL(t.tarifas)}` : '', t.jaAplicadas ? `${t.jaAplicadas} ocorrência(s) já aplicada(s) antes` : '',
  ].filter(Boolean);
  return { aplicadas, mensagem: `Retorno aplicado: ${aplicadas} ocorrência(s)${partes.length ? ` — ${partes.join(', ')}` : ''}.`, previa };
}


// ---------------------------------------------------------------- extrato

/**
 * pages/pagamentos/extratos: the finance module's statement of one conta (running balance from its opening
 * balance), each movement told apart as a baixa, a boleto payment, a boleto fee, a transfer or a reversal.
 */
export async function extratoComBoletos(q: Queryable, ctx: Ctx, p: Record<string, unknown>) {
  const extrato = await extratoConta(q, ctx, p);
  const ids = extrato.linhas.map((l) => l.movimentoId);
  const r = await q.query(
    `SELECT m.id, m.transferencia_id, b.estorno_de, l.origem_tipo,
            (SELECT bo.numero FROM boletos bo WHERE bo.tenant_id = b.tenant_id AND bo.parcela_id = b.parcela_id AND bo.estado = 'pago' LIMIT 1) AS boleto
       FROM movimentos_financeiros m
       LEFT JOIN baixas b ON b.tenant_id = m.tenant_id AND b.id = m.baixa_id
       LEFT JOIN parcelas pa ON pa.tenant_id = b.tenant_id AND pa.id = b.parcela_id
       LEFT JOIN lancamentos l ON l.tenant_id = pa.tenant_id AND l.id = pa.lancamento_id
      WHERE m.tenant_id = $1 AND m.id = ANY($2::bigint[])`,
    [ctx.tenantId, ids],
  );
  const origem = new Map<number, { tipo: string; boleto: number | null }>();
  for (const m of r.rows) {
    const tipo = m.transferencia_id ? 'transferencia' : m.estorno_de ? 'estorno' : m.origem_tipo === 'boleto' ? 'tarifa' : m.boleto ? 'boleto' : 'baixa';
    origem.set(Number(m.id), { tipo, boleto: m.boleto ? Number(m.boleto) : null });
  }
  return { ...extrato, linhas: extrato.linhas.map((l) => ({ ...l, origem: origem.get(l.movimentoId)?.tipo ?? 'baixa', boleto: origem.get(l.movimentoId)?.boleto ?? null })) };
}

// ---------------------------------------------------------------- boleto avulso

export interface NovoBoletoAvulso {
  pessoaId: number;
  descricao: string;
  valorTotal: string;
  contaId?: number | null;
  categoriaId?: number | null;
  /** n instalments by rule, or parcelas of one's own (their sum checked to the cent against valorTotal) */
  parcelamento?: ParcelamentoBoleto | null;
  parcelas?: { vencimento: string; valor: string }[] | null;
}

/** The instalments a standalone boleto would have, checked (nothing written). */
export function planoDoAvulso(b: NovoBoletoAvulso): { vencimento: string; valor: string }[] {
  if (Array.isArray(b.parcelas) && b.parcelas.length) return b.parcelas;
  const p = b.parcelamento;
  if (!p || typeof p !== 'object') throw badRequest('Informe o parcelamento (quantidade e primeiro vencimento) ou as parcelas.', [{ campo: 'parcelamento', path: '/parcelamento', mensagem: 'Campo Obrigatório!' }]);
  if (!Number.isInteger(p.quantidade) || p.quantidade < 1 || p.quantidade > 120) throw badRequest('Quantidade de parcelas: informe de 1 a 120.', [{ campo: 'parcelamento.quantidade', path: '/parcelamento/quantidade', mensagem: 'Campo inválido!' }]);
  if (typeof p.primeiroVencimento !== 'string' || !dataIso(p.primeiroVencimento)) throw badRequest('Primeiro vencimento: informe uma data válida.', [{ campo: 'parcelamento.primeiroVencimento', path: '/parcelamento/primeiroVencimento', mensagem: 'Campo inválido!' }]);
  if (p.diaFixo != null && (!Number.isInteger(p.diaFixo) || p.diaFixo < 1 || p.diaFixo > 31)) throw badRequest('Dia fixo: informe um dia de 1 a 31.', [{ campo: 'parcelamento.diaFixo', path: '/parcelamento/diaFixo', mensagem: 'Campo inválido!' }]);
  if (p.intervaloDias != null && (!Number.isInteger(p.intervaloDias) || p.intervaloDias < 1 || p.intervaloDias > 365)) throw badRequest('Intervalo: informe de 1 a 365 dias.', [{ campo: 'parcelamento.intervaloDias', path: '/parcelamento/intervaloDias', mensagem: 'Campo inválido!' }]);
  if (p.diaFixo != null && p.intervaloDias != null) throw badRequest('Escolha dia fixo ou intervalo em dias, não os dois.', [{ campo: 'parcelamento.diaFixo', path: '/parcelamento/diaFixo', mensagem: 'Campo inválido!' }]);
  if (typeof b.valorTotal !== 'string' || !/^\d{1,13}(\.\d{1,2})?$/.test(b.valorTotal) || Number(b.valorTotal) <= 0) throw badRequest('Valor total: informe um valor válido.', [{ campo: 'valorTotal', path: '/valorTotal', mensagem: 'Campo inválido!' }]);
  if (new Decimal(b.valorTotal).times(100).lt(p.quantidade)) throw badRequest('Quantidade de parcelas: cada parcela precisa de ao menos R$ 0,01.');
  return planoBoleto(b.valorTotal, p).map(({ vencimento, valor }) => ({ vencimento, valor }));
}

/**
 * A standalone boleto (or carnê): the receivable is created through the finance module with the split, then
 * one boleto per instalment, all in the caller's transaction. A split that does not add up is refused there.
 */
export async function emitirAvulso(q: Queryable, ctx: Ctx, cfg: ConfiguracaoBoleto, b: NovoBoletoAvulso): Promise<Boleto[]> {
  if (!b || typeof b !== 'object') throw badRequest('O corpo da requisição deve ser um objeto JSON.');
  if (!Number.isInteger(b.pessoaId)) throw badRequest('Cliente: campo obrigatório.', [{ campo: 'pessoaId', path: '/pessoaId', mensagem: 'Campo Obrigatório!' }]);
  const plano = planoDoAvulso(b);
  const l = await criarLancamento(q, ctx, {
    tipo: RECEITA, descricao: b.descricao, pessoaId: b.pessoaId, contaId: b.contaId ?? null, categoriaId: b.categoriaId ?? null,
    dataEmissao: hoje(), valorTotal: b.valorTotal, parcelas: plano, origemTipo: 'boleto-avulso',
  });
  return emitirBoletos(q, ctx, cfg, l.parcelas.map((p) => p.id));
}
