import type { AppServices } from '../../app-services.ts';
import type { Queryable } from '../../db/db.ts';
import { estornar } from '../../estoque/movimentos.ts';
import { cancelarLancamento } from '../../financeiro/index.ts';
import { exigirPeriodoAberto } from '../../contabil/index.ts';
import { badRequest, conflict, HttpError, type ErrorDetail } from '../../http/errors.ts';
import { tenantKey } from '../../storage/storage.ts';
import { assinadorDe } from '../assinatura-xml.ts';
import type { CertificadoA1 } from '../certificado.ts';
import { montarEvento, montarInutilizacao, MensagemError, TIPOS_EVENTO } from '../mensagens.ts';
import { ajudaRejeicao } from '../rejeicoes.ts';
import { ConsumoIndevidoError, SefazIndisponivelError } from '../sefaz-cliente.ts';
import { codigoUf } from '../../../shared/fiscal/ufs.ts';
import { abrirCertificado } from './certificados.ts';
import { comFuso, configuracaoNfe, devolverNumeroNfe, lerNota, notaOut, PRAZO_CANCELAMENTO_MS, type CtxEmissao, type ResultadoTransmissao } from './notas.ts';
import { clienteNfe } from './contingencia-nfe.ts';
import { moverNota } from './estado-nota.ts';
import { maquina, transitar } from '../../documents/estados.ts';
import { enviarEClassificar, etapasEvento, etapasInutilizacao, recuperarPendentes, type Desfecho, type RespostaEvento } from '../transmissao/index.ts';
import { emitirEvento } from '../../integracoes/index.ts';
import { documentoFiscal } from '../../../shared/cpf-cnpj.ts';

/*
 * The NF-e events of our own notes (cancelamento, carta de correção) and the inutilização, through an outbox
 * (nfe_eventos_envio), never with a database transaction open while SEFAZ is called:
 *   transaction 1: the checks, the business transition's postings (a sales order's cancelar), the event signed with
 *                  its fixed identity (key + tpEvento + nSeqEvento + dhEvento; the inutilização's range) and kept as
 *                  'transmitindo'; commit;
 *   the send:      the stored XML to SEFAZ, no transaction open;
 *   transaction 2: the answer recorded once (the row leaves 'transmitindo' once, under its row lock): registered, the
 *                  event's postings (a note's own stock and receivable reversed) and the procEvento kept; refused,
 *                  the row 'rejeitado' and the origin's declared compensating transition (a sales order's
 *                  estornar-cancelamento) runs.
 * A crash leaves the row 'transmitindo': resolverEventosPendentes (at start and by the periodic job) asks SEFAZ by
 * the note's key (NFeConsultaProtocolo lists the registered events) and adopts the event, or sends the same signed
 * XML again (a 573 duplicate is adopted from the consultation); SEFAZ still unreachable, the row waits.
 */

type Row = Record<string, any>;
type Servicos = Pick<AppServices, 'db' | 'storage' | 'realtime'>;
type TipoEnvio = 'cancelamento' | 'cce' | 'inutilizacao';

const ORIGEM = 'notaFiscal';
const TP_EVENTO = { cancelamento: TIPOS_EVENTO.CANCELAMENTO, cce: TIPOS_EVENTO.CARTA_CORRECAO } as const;
const NOME: Record<TipoEnvio, { nome: string; campo: string }> = {
  cancelamento: { nome: 'o cancelamento', campo: 'justificativa' },
  cce: { nome: 'a carta de correção', campo: 'correcao' },
  inutilizacao: { nome: 'a inutilização', campo: 'numeroInicial' },
};

/**
 * The compensation of a sales order's cancelar when SEFAZ refused the cancellation of its NF-e, run in the
 * transaction that records the refusal. The sales module registers it (it sits above this one).
 */
export type CompensarCancelamento = (services: Servicos, q: Queryable, ctx: CtxEmissao, pedidoId: number) => Promise<void>;
let compensarCancelamento: CompensarCancelamento | null = null;
export function registrarCompensacaoDoCancelamento(fn: CompensarCancelamento): void {
  compensarCancelamento = fn;
}

function texto(v: unknown, campo: string, nome: string, min: number, max: number): string {
  const s = typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '';
  if (s.length < min || s.length > max) throw badRequest(`${nome}: escreva de ${min} a ${max} caracteres (tem ${s.length}).`, [{ campo, mensagem: `De ${min} a ${max} caracteres` }]);
  return s;
}

// ---------------------------------------------------------------- transaction 1

/** A note with an event on its way to SEFAZ takes no other until SEFAZ answered. */
async function semEventoPendente(q: Queryable, ctx: CtxEmissao, notaId: number): Promise<void> {
  const p = await q.query<{ tipo: string }>(`SELECT tipo FROM nfe_eventos_envio WHERE tenant_id = $1 AND nota_id = $2 AND situacao = 'transmitindo' LIMIT 1`, [ctx.tenantId, notaId]);
  if (p.rows.length) throw conflict(`Esta nota tem ${p.rows[0].tipo === 'cce' ? 'uma carta de correção sendo transmitida' : 'um cancelamento sendo transmitido'} à SEFAZ: aguarde a resposta (Notas processadas mostra a situação).`);
}

/** A note can be cancelled: authorised, within 24 hours of its authorisation, in a month the accountant has not closed. */
async function conferirCancelavel(q: Queryable, ctx: CtxEmissao, nota: Row, agora: Date): Promise<void> {
  if (nota.status === 'cancelada') throw conflict('Esta nota já está cancelada.');
  if (nota.status !== 'autorizada') throw conflict('Só uma nota autorizada pode ser cancelada; um rascunho se exclui.');
  if (agora.getTime() - new Date(nota.data_autorizacao).getTime() > PRAZO_CANCELAMENTO_MS) {
    throw badRequest('O prazo de cancelamento (24 horas depois da autorização) terminou: para desfazer a operação emita uma nota de devolução ou de estorno.', [{ campo: 'justificativa', mensagem: 'Prazo de cancelamento encerrado' }]);
  }
  await exigirPeriodoAberto(q, ctx.tenantId, Number(nota.filial_id), nota.data_emissao);
}

/**
 * Transaction 1 of an event on a locked note: signed with the branch's certificate (its identity fixed: key,
 * tpEvento, nSeqEvento, dhEvento) and kept 'transmitindo' in the outbox. Returns the outbox row's id.
 */
export async function prepararEventoNota(services: Servicos, q: Queryable, ctx: CtxEmissao, nota: Row, tipo: 'cancelamento' | 'cce', txt: string, agora: Date, pedidoId: number | null = null): Promise<number> {
  await semEventoPendente(q, ctx, Number(nota.id));
  const sequencia = tipo === 'cce' ? Number(nota.sequencia_cce ?? 0) + 1 : 1;
  if (sequencia > 20) throw conflict('Esta nota já tem 20 cartas de correção, o máximo que a SEFAZ aceita.');
  const cert = await abrirCertificado(services, q, ctx.tenantId, Number(nota.filial_id), agora.getTime());
  let xml: string;
  try {
    xml = montarEvento(
      { tipo: TP_EVENTO[tipo], chNFe: nota.chave, tpAmb: Number(nota.ambiente) as 1 | 2, cnpj: String(nota.chave).slice(6, 20), dataHora: comFuso(agora), sequencia, protocolo: nota.protocolo, ...(tipo === 'cancelamento' ? { justificativa: txt } : { correcao: txt }) },
      assinadorDe(cert),
    );
  } catch (e) {
    if (e instanceof MensagemError) throw badRequest(e.message, [{ campo: NOME[tipo].campo, mensagem: e.message }]);
    throw e;
  }
  const r = await q.query<{ id: number }>(
    `INSERT INTO nfe_eventos_envio (tenant_id, filial_id, nota_id, tipo, sequencia, texto, xml, ambiente, pedido_id, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [ctx.tenantId, nota.filial_id, nota.id, tipo, sequencia, txt, xml, nota.ambiente, pedidoId, ctx.userId],
  );
  return Number(r.rows[0].id);
}

/**
 * Transaction 1 of a sales order's cancelar (in the order's own transaction, which reverses the order's postings):
 * the cancellation of each authorised note of the order is signed and kept 'transmitindo'. The caller sends them
 * after its commit (transmitirEnvio); a refusal runs the order's compensating transition.
 */
export async function prepararCancelamentoDoPedido(services: Servicos, q: Queryable, ctx: CtxEmissao, pedidoId: number, justificativa: string, agora = new Date()): Promise<number[]> {
  const r = await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND pedido_id = $2 AND status = 'autorizada' ORDER BY id FOR UPDATE`, [ctx.tenantId, pedidoId]);
  const ids: number[] = [];
  for (const nota of r.rows) {
    await conferirCancelavel(q, ctx, nota, agora);
    ids.push(await prepararEventoNota(services, q, { ...ctx, branchId: Number(nota.filial_id) }, nota, 'cancelamento', justificativa, agora, pedidoId));
  }
  return ids;
}

// ---------------------------------------------------------------- the send (no transaction open)

interface Envio {
  row: Row;
  cert: CertificadoA1;
  uf: string;
}

async function lerEnvio(services: Servicos, ctx: CtxEmissao, id: number): Promise<Envio | null> {
  return services.db.tenant(ctx, async (q) => {
    const row = (await q.query(`SELECT e.*, n.chave FROM nfe_eventos_envio e LEFT JOIN notas_fiscais n ON n.tenant_id = e.tenant_id AND n.id = e.nota_id WHERE e.tenant_id = $1 AND e.id = $2`, [ctx.tenantId, id])).rows[0];
    if (!row || row.situacao !== 'transmitindo') return null;
    const cert = await abrirCertificado(services, q, ctx.tenantId, Number(row.filial_id));
    const uf = (await q.query(`SELECT uf FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, row.filial_id])).rows[0]?.uf;
    return { row, cert, uf };
  });
}

/** An error that proves SEFAZ never received the message (refused connection, HTTP error, blocked before sending, a setting). */
function naoRecebido(e: unknown): boolean {
  return (e instanceof SefazIndisponivelError && !e.tempoEsgotado) || e instanceof ConsumoIndevidoError || e instanceof HttpError;
}

/**
 * The stored XML, unchanged, through the transmission pipeline (send → classify; a 573 adopted from the consultation
 * by the note's key). A recovery asks SEFAZ first and waits when it is unreachable; a first send lets an error that
 * proves SEFAZ never got the message through (thrown: the caller withdraws the event), a time-out leaves it waiting.
 */
async function transmitirEvento(e: Envio, recuperacao: boolean): Promise<Desfecho<RespostaEvento>> {
  const sefaz = await clienteNfe(e.cert, e.uf, Number(e.row.ambiente) as 1 | 2);
  try {
    const inutilizacao = e.row.tipo === 'inutilizacao';
    const etapas = inutilizacao
      ? etapasInutilizacao(sefaz, e.row.xml, recuperacao)
      : etapasEvento(sefaz, { chave: e.row.chave, tpEvento: TP_EVENTO[e.row.tipo as 'cancelamento' | 'cce'], sequencia: Number(e.row.sequencia), xml: e.row.xml });
    const semResposta = recuperacao ? etapas.semResposta : (err: unknown) => (naoRecebido(err) ? null : etapas.semResposta(err));
    return await enviarEClassificar({ ...etapas, semResposta }, { consultarAntes: recuperacao && !inutilizacao });
  } finally {
    sefaz.fechar();
  }
}

// ---------------------------------------------------------------- transaction 2

/** Registered at SEFAZ: recorded once (the row still 'transmitindo'), with the event's postings. */
async function registrarNaTransacao(services: Servicos, q: Queryable, ctx: CtxEmissao, id: number, r: RespostaEvento): Promise<boolean> {
  const row = (await q.query(`SELECT * FROM nfe_eventos_envio WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, id])).rows[0];
  if (!row || row.situacao !== 'transmitindo') return false;
  const c = { ...ctx, userId: Number(row.usuario_id ?? ctx.userId) };
  if (row.tipo === 'inutilizacao') {
    const d = row.dados as { serie: number; inicio: number; fim: number };
    const ins = await q.query(
      `INSERT INTO inutilizacoes (tenant_id, filial_id, modelo, serie, numero_inicial, numero_final, justificativa, cstat, motivo, protocolo, usuario_id) VALUES ($1, $2, 55, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [ctx.tenantId, row.filial_id, d.serie, d.inicio, d.fim, row.texto, r.cStat, r.xMotivo, r.protocolo, c.userId],
    );
    if (r.proc) {
      const arquivo = tenantKey(ctx.tenantId, 'nfe', `inutilizacao-${ins.rows[0].id}.xml`);
      await services.storage.put(arquivo, Buffer.from(r.proc, 'utf8'), { contentType: 'application/xml' });
      await q.query(`UPDATE inutilizacoes SET arquivo_xml = $3 WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, ins.rows[0].id, arquivo]);
    }
    // Notes whose refused EPEC kept a number of the range lose it (a draft again, to be sent with a new number).
    await q.query(
      `UPDATE notas_fiscais SET serie = NULL, numero = NULL, chave = NULL, data_emissao = NULL, dados = dados - 'numeroMantido' - 'documento', updated_at = now()
        WHERE tenant_id = $1 AND filial_id = $2 AND modelo = 55 AND serie = $3 AND numero BETWEEN $4 AND $5 AND status = 'rejeitada' AND coalesce((dados->>'numeroMantido')::boolean, false)`,
      [ctx.tenantId, row.filial_id, d.serie, d.inicio, d.fim],
    );
    await transitar(q, c, maquina('nfeEventoEnvio'), id, 'registrar', undefined, { colunas: { cstat: r.cStat, motivo: r.xMotivo, dados: JSON.stringify({ ...(row.dados ?? {}), inutilizacaoId: Number(ins.rows[0].id) }) } });
    return true;
  }
  const nota = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, row.nota_id])).rows[0];
  const arquivo = tenantKey(ctx.tenantId, 'nfe', row.tipo === 'cancelamento' ? `${nota.chave}-cancelamento.xml` : `${nota.chave}-cce-${row.sequencia}.xml`);
  if (r.proc) await services.storage.put(arquivo, Buffer.from(r.proc, 'utf8'), { contentType: 'application/xml' });
  await q.query(
    `INSERT INTO notas_fiscais_eventos (tenant_id, nota_id, tipo, sequencia, texto, cstat, motivo, protocolo, arquivo_xml, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [ctx.tenantId, nota.id, row.tipo, row.sequencia, row.texto, r.cStat, r.xMotivo, r.protocolo, r.proc ? arquivo : null, c.userId],
  );
  if (row.tipo === 'cancelamento') {
    // The note's own postings reversed (a note of a sales order posted nothing: the order's cancelar reversed its own).
    await estornar(q, { tenantId: ctx.tenantId, userId: c.userId }, { tipo: ORIGEM, id: Number(nota.id) });
    if (nota.lancamento_id) {
      const l = await q.query<{ cancelado: boolean }>(`SELECT cancelado FROM lancamentos WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, nota.lancamento_id]);
      if (l.rows[0] && !l.rows[0].cancelado) await cancelarLancamento(q, c, Number(nota.lancamento_id));
    }
    await moverNota(q, c, Number(nota.id), 'cancelar');
    await emitirEvento(q, ctx.tenantId, 'notaFiscal.cancelada', { ...notaOut({ ...nota, status: 'cancelada' }), dados: undefined, documento: Number(nota.modelo) === 65 ? 'NFC-e' : 'NF-e', protocoloCancelamento: r.protocolo ?? null });
  } else {
    await q.query(`UPDATE notas_fiscais SET sequencia_cce = GREATEST(sequencia_cce, $3), updated_at = now() WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, nota.id, row.sequencia]);
  }
  await transitar(q, c, maquina('nfeEventoEnvio'), id, 'registrar', undefined, { colunas: { cstat: r.cStat, motivo: r.xMotivo } });
  return true;
}

/**
 * Refused by SEFAZ (or never received by it): recorded once, and what transaction 1 did is compensated by a declared
 * transition: a sales order's cancelar by its estornar-cancelamento, an inutilização's numbers put back in the series.
 */
async function recusarNaTransacao(services: Servicos, q: Queryable, ctx: CtxEmissao, id: number, r: { cStat: string; xMotivo: string }): Promise<boolean> {
  const row = (await q.query(`SELECT * FROM nfe_eventos_envio WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, id])).rows[0];
  if (!row || row.situacao !== 'transmitindo') return false;
  await transitar(q, { tenantId: ctx.tenantId, userId: Number(row.usuario_id ?? ctx.userId) }, maquina('nfeEventoEnvio'), id, 'rejeitar', undefined, { colunas: { cstat: r.cStat || null, motivo: r.xMotivo.slice(0, 500) } });
  if (row.tipo === 'inutilizacao') {
    const d = row.dados as { serie: number; retirados?: number[] };
    for (const n of d.retirados ?? []) await devolverNumeroNfe(q, ctx.tenantId, Number(row.filial_id), d.serie, n);
  }
  if (row.pedido_id != null) {
    if (!compensarCancelamento) throw new Error('recusarNaTransacao: a compensação do cancelamento do pedido de venda não foi registrada');
    await compensarCancelamento(services, q, { ...ctx, userId: Number(row.usuario_id ?? ctx.userId) }, Number(row.pedido_id));
  }
  return true;
}

export interface ResultadoEnvio {
  /** the outbox row as it ended */
  envio: Row;
  /** SEFAZ did not answer in time: the row stays 'transmitindo' and the recovery asks SEFAZ by the key */
  pendente: boolean;
}

/** The order's screen refreshes by the realtime socket when the cancellation of its note was registered (after the wait). */
function avisarPedido(services: Servicos, ctx: CtxEmissao, envio: Row | undefined): void {
  if (envio?.pedido_id == null || envio.situacao !== 'registrado') return;
  services.realtime?.toUser(ctx.tenantId, Number(envio.usuario_id ?? ctx.userId), 'pedido-nfe', { pedidoId: Number(envio.pedido_id), nota: { id: Number(envio.nota_id), status: 'cancelada', numero: null, rejeicao: null } });
}

async function envioAtual(services: Servicos, ctx: CtxEmissao, id: number): Promise<Row> {
  return (await services.db.tenant(ctx, (q) => q.query(`SELECT * FROM nfe_eventos_envio WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id]))).rows[0];
}

/**
 * After transaction 1 committed, with no transaction open: the stored event to SEFAZ, then transaction 2. A refusal
 * (or SEFAZ never reached) is compensated and thrown as the person's answer (400 with SEFAZ's code and help, 503);
 * no answer in time leaves the event 'transmitindo' for the recovery.
 */
export async function transmitirEnvio(services: Servicos, ctx: CtxEmissao, id: number): Promise<ResultadoEnvio> {
  let e: Envio | null;
  try {
    e = await lerEnvio(services, ctx, id);
  } catch (err) {
    // The certificate expired (or was removed) since transaction 1: nothing was sent.
    if (err instanceof HttpError) await services.db.tenant(ctx, (q) => recusarNaTransacao(services, q, ctx, id, { cStat: '', xMotivo: err.message }));
    throw err;
  }
  if (!e) return { envio: await envioAtual(services, ctx, id), pendente: false };
  const tipo = e.row.tipo as TipoEnvio;
  let d: Desfecho<RespostaEvento>;
  try {
    d = await transmitirEvento(e, false);
  } catch (err) {
    if (!naoRecebido(err)) throw err;
    await services.db.tenant(ctx, (q) => recusarNaTransacao(services, q, ctx, id, { cStat: '', xMotivo: (err as Error).message }));
    if (err instanceof HttpError) throw err;
    throw new HttpError(503, `SEFAZ indisponível: ${(err as Error).message} Nada foi alterado; tente de novo em instantes.`);
  }
  if (d.tipo === 'sem-resposta') {
    console.warn(`NF-e: ${NOME[tipo].nome} (envio ${id}) sem resposta da SEFAZ (${d.motivo}); a recuperação consulta a SEFAZ pela chave.`);
    return { envio: await envioAtual(services, ctx, id), pendente: true };
  }
  if (d.tipo === 'autorizada') {
    const registrado = d.retorno;
    await services.db.tenant(ctx, (q) => registrarNaTransacao(services, q, ctx, id, registrado));
    const envio = await envioAtual(services, ctx, id);
    avisarPedido(services, ctx, envio);
    return { envio, pendente: false };
  }
  const r = d.retorno;
  await services.db.tenant(ctx, (q) => recusarNaTransacao(services, q, ctx, id, r));
  const ajuda = ajudaRejeicao(r.cStat, r.xMotivo);
  throw badRequest(`A SEFAZ recusou ${NOME[tipo].nome}: ${r.cStat} - ${r.xMotivo}. ${ajuda.comoCorrigir}`, [{ campo: NOME[tipo].campo, mensagem: r.xMotivo, cStat: r.cStat }]);
}

/**
 * The recovery (at start and by the periodic job): every event left 'transmitindo' (older than `idadeMs`) is settled
 * by SEFAZ's own record: the event found on the note (consulted by its key) is adopted; not found, the same signed
 * XML is sent again and the answer recorded (a refusal compensated); SEFAZ unreachable, it waits for the next run.
 */
export async function resolverEventosPendentes(services: Servicos, idadeMs = 120_000, alvo?: { tenantId: number; id: number }): Promise<{ resolvidos: number[]; aguardando: number }> {
  return recuperarPendentes(services.db, { tabela: 'nfe_eventos_envio', coluna: 'situacao', estados: ['transmitindo'], rotulo: 'NF-e: evento' }, idadeMs, alvo, async (ctx, id) => {
    const e = await lerEnvio(services, ctx, id);
    if (!e) return null;
    const d = await transmitirEvento(e, true);
    if (d.tipo === 'sem-resposta') return false;
    await services.db.tenant(ctx, (q) => (d.tipo === 'autorizada' ? registrarNaTransacao(services, q, ctx, id, d.retorno) : recusarNaTransacao(services, q, ctx, id, d.retorno)));
    avisarPedido(services, ctx, await envioAtual(services, ctx, id));
    return true;
  });
}

// ---------------------------------------------------------------- the NF-e screens

/** Cancels an authorised NF-e within 24 hours of its authorisation; its stock and receivables reversed when SEFAZ registers it. */
export async function cancelarNotaFiscal(services: Servicos, ctx: CtxEmissao, notaId: number, justificativaBruta: unknown, agora = new Date()): Promise<ResultadoTransmissao & { pendente?: boolean }> {
  const justificativa = texto(justificativaBruta, 'justificativa', 'Justificativa', 15, 255);
  const id = await services.db.tenant(ctx, async (q) => {
    const nota = await lerNota(q, ctx, notaId, true);
    if (nota.pedido_id != null && nota.status === 'autorizada') {
      const numero = (await q.query(`SELECT numero FROM documentos WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, nota.pedido_id])).rows[0]?.numero;
      throw conflict(`Esta nota é do pedido de venda nº ${numero}: cancele o pedido (Vendas > Pedidos de venda), que cancela a nota e estorna o estoque e as contas a receber.`);
    }
    await conferirCancelavel(q, ctx, nota, agora);
    // What transaction 2 reverses is tried here and rolled back: a receivable with a baixa refuses before SEFAZ is asked.
    await q.query('SAVEPOINT conferir_cancelamento');
    try {
      await estornar(q, { tenantId: ctx.tenantId, userId: ctx.userId }, { tipo: ORIGEM, id: notaId });
      if (nota.lancamento_id) await cancelarLancamento(q, ctx, Number(nota.lancamento_id));
    } finally {
      await q.query('ROLLBACK TO SAVEPOINT conferir_cancelamento');
    }
    return prepararEventoNota(services, q, ctx, nota, 'cancelamento', justificativa, agora);
  });
  const r = await transmitirEnvio(services, ctx, id);
  const nota = await services.db.tenant(ctx, (q) => lerNota(q, ctx, notaId));
  return { nota: notaOut(nota), autorizada: nota.status === 'cancelada', ...(r.pendente ? { pendente: true } : {}) };
}

/** Carta de correção: the next sequence number (1 to 20), text of 15 to 1000 characters, not on a cancelled note. */
export async function cartaCorrecao(services: Servicos, ctx: CtxEmissao, notaId: number, correcaoBruta: unknown, agora = new Date()) {
  const correcao = texto(correcaoBruta, 'correcao', 'Correção', 15, 1000);
  const id = await services.db.tenant(ctx, async (q) => {
    const nota = await lerNota(q, ctx, notaId, true);
    if (nota.status === 'cancelada') throw conflict('Esta nota está cancelada: não cabe carta de correção.');
    if (nota.status !== 'autorizada') throw conflict('Só uma nota autorizada recebe carta de correção.');
    return prepararEventoNota(services, q, ctx, nota, 'cce', correcao, agora);
  });
  const r = await transmitirEnvio(services, ctx, id);
  const nota = await services.db.tenant(ctx, (q) => lerNota(q, ctx, notaId));
  return { nota: notaOut(nota), sequencia: Number(r.envio.sequencia), cStat: r.envio.cstat ?? null, xMotivo: r.envio.motivo ?? null, ...(r.pendente ? { pendente: true } : {}) };
}

/** Asks SEFAZ the note's situation (NFeConsultaProtocolo) with no transaction open, and records the answer. */
export async function consultarNotaFiscal(services: Servicos, ctx: CtxEmissao, notaId: number) {
  const { nota, cert, uf } = await services.db.tenant(ctx, async (q) => {
    const nota = await lerNota(q, ctx, notaId);
    if (!nota.chave) throw conflict('Esta nota ainda não foi autorizada: não há chave para consultar.');
    const cert = await abrirCertificado(services, q, ctx.tenantId, Number(nota.filial_id));
    const uf = (await q.query(`SELECT uf FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, nota.filial_id])).rows[0]?.uf;
    return { nota, cert, uf };
  });
  const sefaz = await clienteNfe(cert, uf, Number(nota.ambiente) as 1 | 2);
  let r;
  try {
    r = await sefaz.consultar(nota.chave);
  } catch (e) {
    if (e instanceof SefazIndisponivelError || e instanceof ConsumoIndevidoError) throw new HttpError(503, `SEFAZ indisponível: ${e.message} Tente de novo em instantes.`);
    throw e;
  } finally {
    sefaz.fechar();
  }
  await services.db.tenant(ctx, (q) => q.query(`INSERT INTO notas_fiscais_eventos (tenant_id, nota_id, tipo, cstat, motivo, usuario_id) VALUES ($1, $2, 'consulta', $3, $4, $5)`, [ctx.tenantId, notaId, r.cStat, r.xMotivo, ctx.userId]));
  return { cStat: r.cStat, xMotivo: r.xMotivo, eventos: r.eventos.length, nota: notaOut(nota) };
}

// ---------------------------------------------------------------- inutilização

export async function inutilizarNumeros(services: Servicos, ctx: CtxEmissao, body: Row, agora = new Date()) {
  if (!ctx.branchId) throw badRequest('Selecione uma filial antes de emitir notas.');
  const filialId = ctx.branchId;
  const erros: ErrorDetail[] = [];
  const inteiro = (v: unknown, campo: string, nome: string, min: number, max: number) => {
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (!Number.isInteger(n) || (n as number) < min || (n as number) > max) erros.push({ campo, mensagem: `${nome}: informe um número de ${min} a ${max}.` });
    return n as number;
  };
  const serie = inteiro(body?.serie, 'serie', 'Série', 0, 999);
  const inicio = inteiro(body?.numeroInicial, 'numeroInicial', 'Número inicial', 1, 999_999_999);
  const fim = inteiro(body?.numeroFinal, 'numeroFinal', 'Número final', 1, 999_999_999);
  const j = typeof body?.justificativa === 'string' ? body.justificativa.replace(/\s+/g, ' ').trim() : '';
  if (j.length < 15 || j.length > 255) erros.push({ campo: 'justificativa', mensagem: `Justificativa: escreva de 15 a 255 caracteres (tem ${j.length}).` });
  if (!erros.length && inicio > fim) erros.push({ campo: 'numeroFinal', mensagem: 'Número final: deve ser igual ou maior que o inicial.' });
  if (erros.length) throw badRequest(`Dados inválidos: ${erros.map((e) => e.mensagem).join(' ')}`, erros);
  const id = await services.db.tenant(ctx, async (q) => {
    // The series locked: no number of the range is handed out while the inutilização is on its way.
    await q.query(`SELECT 1 FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfe' AND serie = $3 FOR UPDATE`, [ctx.tenantId, filialId, serie]);
    // A number kept by a note whose EPEC was refused is the one case of a note's number that may be inutilised.
    const usadas = await q.query(`SELECT numero FROM notas_fiscais WHERE tenant_id = $1 AND filial_id = $2 AND modelo = 55 AND serie = $3 AND numero BETWEEN $4 AND $5 AND NOT (status = 'rejeitada' AND coalesce((dados->>'numeroMantido')::boolean, false)) ORDER BY numero LIMIT 5`, [ctx.tenantId, filialId, serie, inicio, fim]);
    if (usadas.rows.length) throw badRequest(`A faixa inclui números já usados por notas desta série: ${usadas.rows.map((r) => r.numero).join(', ')}.`, [{ campo: 'numeroInicial', mensagem: 'Número já usado' }]);
    const emCurso = await q.query(
      `SELECT 1 FROM nfe_eventos_envio WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'inutilizacao' AND situacao = 'transmitindo' AND (dados->>'serie')::int = $3 AND (dados->>'inicio')::int <= $5 AND (dados->>'fim')::int >= $4 LIMIT 1`,
      [ctx.tenantId, filialId, serie, inicio, fim],
    );
    if (emCurso.rows.length) throw conflict('Uma inutilização desta faixa está sendo transmitida à SEFAZ: aguarde a resposta.');
    const conf = await configuracaoNfe(q, ctx.tenantId, filialId);
    const cert = await abrirCertificado(services, q, ctx.tenantId, filialId, agora.getTime());
    const f = (await q.query(`SELECT cpf_cnpj, uf FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, filialId])).rows[0];
    let xml: string;
    try {
      xml = montarInutilizacao({ tpAmb: conf.ambiente, cUF: codigoUf(f.uf), ano: comFuso(agora).slice(2, 4), cnpj: documentoFiscal(f.cpf_cnpj), modelo: 55, serie, inicio, fim, justificativa: j }, assinadorDe(cert));
    } catch (e) {
      if (e instanceof MensagemError) throw badRequest(e.message, [{ campo: 'numeroInicial', mensagem: e.message }]);
      throw e;
    }
    // Numbers given back to the series inside the range are no longer handed out (put back if SEFAZ refuses).
    const s = await q.query<{ d: number[] }>(`SELECT devolvidos AS d FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfe' AND serie = $3`, [ctx.tenantId, filialId, serie]);
    const retirados = (s.rows[0]?.d ?? []).map(Number).filter((n) => n >= inicio && n <= fim);
    if (retirados.length) await q.query(`UPDATE sequencias_filial SET devolvidos = ARRAY(SELECT x FROM unnest(devolvidos) x WHERE x NOT BETWEEN $4 AND $5 ORDER BY x) WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfe' AND serie = $3`, [ctx.tenantId, filialId, serie, inicio, fim]);
    const ins = await q.query<{ id: number }>(
      `INSERT INTO nfe_eventos_envio (tenant_id, filial_id, tipo, texto, xml, ambiente, dados, usuario_id) VALUES ($1, $2, 'inutilizacao', $3, $4, $5, $6, $7) RETURNING id`,
      [ctx.tenantId, filialId, j, xml, conf.ambiente, JSON.stringify({ serie, inicio, fim, retirados }), ctx.userId],
    );
    return Number(ins.rows[0].id);
  });
  const r = await transmitirEnvio(services, ctx, id);
  if (r.pendente) return { pendente: true, serie, numeroInicial: inicio, numeroFinal: fim, justificativa: j };
  const out = await services.db.tenant(ctx, (q) => q.query(`SELECT * FROM inutilizacoes WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, r.envio.dados?.inutilizacaoId]));
  return inutilizacaoOut(out.rows[0]);
}

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));

export function inutilizacaoOut(r: Row) {
  return { id: Number(r.id), modelo: Number(r.modelo), serie: Number(r.serie), numeroInicial: Number(r.numero_inicial), numeroFinal: Number(r.numero_final), justificativa: r.justificativa, cStat: r.cstat, xMotivo: r.motivo, protocolo: r.protocolo, createdAt: iso(r.created_at) };
}
