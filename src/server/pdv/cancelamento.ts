import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { assinadorDe } from '../fiscal/assinatura-xml.ts';
import { abrirCertificado } from '../fiscal/emissao/certificados.ts';
import { comFuso } from '../fiscal/emissao/notas.ts';
import { montarEvento, MensagemError, TIPOS_EVENTO } from '../fiscal/mensagens.ts';
import { consultarEventoSefaz, enviarEClassificar, etapasEvento, recuperarPendentes, type Consulta, type Desfecho, type RespostaEvento } from '../fiscal/transmissao/index.ts';
import { criarClienteSefaz } from '../fiscal/sefaz-destino.ts';
import { SefazIndisponivelError } from '../fiscal/sefaz-cliente.ts';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.ts';
import { tenantKey } from '../storage/storage.ts';
import { exigirPeriodoAberto } from '../contabil/index.ts';
import { estornarVenda, PRAZO_CANCELAMENTO_NFCE_MS, respostaDe } from './cupons.ts';
import { emitirEvento } from '../integracoes/index.ts';
import { AGORA } from '../documents/estados.ts';
import { moverCupom } from './estado-cupom.ts';

type Row = Record<string, any>;
type Ctx = Pick<RequestContext, 'tenantId' | 'userId' | 'branchId'>;
type Servicos = Pick<AppServices, 'db' | 'storage' | 'realtime'>;

/**
 * Cancelling an authorised NFC-e (evento 110111) in two transactions with SEFAZ between them and none open during the
 * call. Transaction 1 checks the cupom (authorised, within 30 minutes), signs the event and records the request on
 * the sale (justificativa_cancelamento while the note is still 'autorizada': a second request is refused until the
 * answer); transaction 2 records the answer once: accepted, the sale's stock and caixa rows reversed and the note
 * 'cancelada'; refused or SEFAZ unreachable, the request withdrawn (the cupom stays authorised). A crash, or a
 * timeout that may have reached SEFAZ, leaves the request for resolverCancelamentos, which asks SEFAZ by the key.
 */
export async function cancelarCupom(services: Servicos, ctx: Ctx, id: number, justificativa: string): Promise<Row> {
  const preparado = await services.db.tenant(ctx, async (q) => {
    const v = (await q.query<Row>('SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [ctx.tenantId, id])).rows[0];
    if (!v) throw notFound('Cupom não encontrado.');
    if (v.situacao === 'cancelada') throw conflict('Este cupom já está cancelado.');
    if (v.situacao !== 'autorizada') throw conflict('Só uma NFC-e autorizada é cancelada; um cupom com erro ou em contingência se retransmite primeiro.');
    if (v.justificativa_cancelamento) throw conflict('O cancelamento deste cupom já foi enviado à SEFAZ e aguarda a resposta: consulte o cupom em instantes.');
    const autorizadaEm = new Date(v.data_autorizacao ?? v.emitida_em).getTime();
    if (Date.now() - autorizadaEm > PRAZO_CANCELAMENTO_NFCE_MS) throw conflict('O prazo de cancelamento da NFC-e (30 minutos após a autorização) terminou.');
    await exigirPeriodoAberto(q, ctx.tenantId, Number(v.filial_id), v.emitida_em);
    const cert = await abrirCertificado(services, q, ctx.tenantId, Number(v.filial_id));
    let evento: string;
    try {
      evento = montarEvento({ tipo: TIPOS_EVENTO.CANCELAMENTO, chNFe: v.chave_acesso, tpAmb: Number(v.ambiente) as 1 | 2, cnpj: v.chave_acesso.slice(6, 20), dataHora: comFuso(new Date()), sequencia: 1, protocolo: v.protocolo, justificativa }, assinadorDe(cert));
    } catch (e) {
      if (e instanceof MensagemError) throw badRequest(e.message, [{ path: '/justificativa', campo: 'justificativa', mensagem: e.message }]);
      throw e;
    }
    const uf = (await q.query<Row>('SELECT uf FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, v.filial_id])).rows[0]?.uf;
    await q.query('UPDATE pdv_vendas SET justificativa_cancelamento = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, id, justificativa]);
    return { v, cert, uf, evento };
  });
  const { v, cert, uf, evento } = preparado;
  // The transmission pipeline: send → classify (a 573 adopted from the consultation by the key). A time-out may have
  // reached SEFAZ: the request stays for the recovery (consulted by the key); any other failure withdraws it.
  let d: Desfecho<RespostaEvento>;
  const sefaz = await criarClienteSefaz({ certificado: cert, uf, modelo: 65, tpAmb: Number(v.ambiente) as 1 | 2 });
  try {
    const etapas = etapasEvento(sefaz, { chave: v.chave_acesso, tpEvento: TIPOS_EVENTO.CANCELAMENTO, sequencia: 1, xml: evento });
    d = await enviarEClassificar({ ...etapas, semResposta: (e) => (e instanceof SefazIndisponivelError && e.tempoEsgotado ? e.message : null) });
  } catch (e) {
    await retirarPedido(services, ctx.tenantId, id, justificativa);
    throw new HttpError(503, `SEFAZ indisponível: ${(e as Error).message} Tente de novo em instantes.`);
  } finally {
    sefaz.fechar();
  }
  if (d.tipo === 'sem-resposta') throw new HttpError(503, `SEFAZ indisponível: ${d.motivo} Tente de novo em instantes.`);
  if (d.tipo !== 'autorizada') {
    await retirarPedido(services, ctx.tenantId, id, justificativa);
    throw badRequest(`SEFAZ recusou o cancelamento: ${d.motivo}`);
  }
  const u = await registrarCancelamento(services, ctx, id, justificativa, d.retorno.proc ?? null);
  return { id, situacao: 'cancelada', canceladaEm: u.cancelada_em, protocolo: d.retorno.protocolo };
}

/** The request withdrawn (SEFAZ refused it or was never reached): the cupom stays authorised. */
async function retirarPedido(services: Servicos, tenantId: number, id: number, justificativa: string): Promise<void> {
  await services.db.tenant({ tenantId }, (q) =>
    q.query(`UPDATE pdv_vendas SET justificativa_cancelamento = NULL, updated_at = now() WHERE tenant_id = $1 AND id = $2 AND situacao = 'autorizada' AND justificativa_cancelamento = $3`, [tenantId, id, justificativa]),
  );
}

/** Transaction 2 of an accepted cancellation, once: the sale still authorised with this request, else what stands. */
async function registrarCancelamento(services: Servicos, ctx: Ctx, id: number, justificativa: string, procEvento: string | null): Promise<Row> {
  return services.db.tenant(ctx, async (q) => {
    const v = (await q.query<Row>('SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [ctx.tenantId, id])).rows[0];
    if (v.situacao !== 'autorizada' || v.justificativa_cancelamento !== justificativa) return v;
    // SEFAZ's procEventoNFe is kept: the accountant's XML ZIP of the month carries the cancellation (issue 36).
    let arquivo: string | null = null;
    if (procEvento) {
      arquivo = tenantKey(ctx.tenantId, 'nfce', `${v.chave_acesso}-cancelamento.xml`);
      await services.storage.put(arquivo, Buffer.from(procEvento, 'utf8'), { contentType: 'application/xml' });
    }
    await estornarVenda(q, ctx, v);
    // The declared transition (schemas/lifecycles/nfce.json), audited in estado_eventos.
    const u = await moverCupom(q, ctx, id, 'cancelar', { cancelada_em: AGORA, evento_cancelamento_arquivo: arquivo });
    await emitirEvento(q, ctx.tenantId, 'notaFiscal.cancelada', { documento: 'NFC-e', origem: 'pdv', ...respostaDe(u) });
    return u;
  });
}

/**
 * Cancellations a crash (or a timeout) left between their two transactions: SEFAZ is asked by the key. Cancelled there
 * (101/151): recorded as transaction 2 would. Still authorised there: the request withdrawn (the event never
 * arrived; the person may cancel again). Unreachable: left for the next round.
 */
export async function resolverCancelamentos(services: Servicos, tenantId?: number, idadeMs = 120_000, id?: number): Promise<{ canceladas: number; retiradas: number; aguardando: number }> {
  const res = { canceladas: 0, retiradas: 0, aguardando: 0 };
  // `id` (with tenantId): one cupom only (the shop's "Consultar na SEFAZ" on Documentos em transmissão).
  const pendentes = { tabela: 'pdv_vendas' as const, coluna: 'situacao' as const, estados: ['autorizada'], rotulo: 'NFC-e: cancelamento', onde: 'justificativa_cancelamento IS NOT NULL', limite: 200 };
  const r = await recuperarPendentes(services.db, pendentes, idadeMs, tenantId ? { tenantId, id: id || undefined } : undefined, async (c, vendaId, linha) => {
    const ctx = { ...c, userId: linha.usuario_id == null ? (null as unknown as number) : c.userId };
    const lida = await services.db.tenant(ctx, async (q) => {
      const v = (await q.query<Row>('SELECT * FROM pdv_vendas WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, vendaId])).rows[0];
      if (v?.situacao !== 'autorizada' || !v.justificativa_cancelamento) return null;
      const uf = (await q.query<Row>('SELECT uf FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, v.filial_id])).rows[0]?.uf;
      return { v, uf, cert: await abrirCertificado(services, q, ctx.tenantId, Number(v.filial_id)) };
    });
    if (!lida) return null;
    // The pipeline's consultation by the key: the event registered there is adopted; missing from the note, the request is withdrawn.
    const sefaz = await criarClienteSefaz({ certificado: lida.cert, uf: lida.uf, modelo: 65, tpAmb: Number(lida.v.ambiente) as 1 | 2 });
    let c2: Consulta<RespostaEvento>;
    try {
      c2 = await consultarEventoSefaz(sefaz, { chave: lida.v.chave_acesso, tpEvento: TIPOS_EVENTO.CANCELAMENTO, sequencia: 1, xml: '' });
    } finally {
      sefaz.fechar();
    }
    if (c2.situacao === 'autorizada') {
      await registrarCancelamento(services, ctx, vendaId, lida.v.justificativa_cancelamento, c2.retorno.proc ?? null);
      res.canceladas++;
      return true;
    }
    if (c2.situacao === 'ausente') {
      await retirarPedido(services, ctx.tenantId, vendaId, lida.v.justificativa_cancelamento);
      res.retiradas++;
      return true;
    }
    return false;
  });
  res.aguardando = r.aguardando;
  return res;
}
