import type { Queryable } from '../db/db.ts';
import type { Documento } from '../documents/lifecycle.ts';
import type { CertificadoA1 } from '../fiscal/certificado.ts';
import { assinadorDe, assinarXml } from '../fiscal/assinatura-xml.ts';
import { abrirCertificado } from '../fiscal/emissao/certificados.ts';
import { badRequest, conflict, HttpError } from '../http/errors.ts';
import type { PeriodicKind } from '../jobs/index.ts';
import { tenantKey } from '../storage/storage.ts';
import type { ErroAdn } from './adn-cliente.ts';
import { AdnIndisponivelError, criarClienteAdn, type AdnCliente } from './adn-cliente.ts';
import { classificarAdn, recuperarPendentes, transmitir, type Consulta, type Etapas } from '../fiscal/transmissao/index.ts';
import { dataHoraBrasil, montarPedidoCancelamento, type MotivoCancelamento } from './dps.ts';
import { emitirEvento } from '../integracoes/index.ts';
import { manterEnvio, moverNfse, novoTokenEnvio, PRAZO_ENVIO_MS, reivindicarEnvio, SEM_ENVIO } from './estado-nfse.ts';
import { lerNotaServico, notaServicoOut, pedidoParaNfse, prepararNfse, servicosNfse, type CtxNfse, type NfsePreparada, type PedidoNfse, type ServicosNfse } from './notas-servico.ts';

/**
 * The NFS-e's transmission (issue 34), the same shape as the sales order's NF-e:
 * - transaction 1 (faturar's, or the caller's): prepararNfse numbers the DPS, signs it with its fixed id and keeps it
 *   'transmitindo' (notas-servico.ts); the send is registered for after the commit;
 * - the Sefin Nacional (ADN) is called with no transaction open (the ADN client's guard refuses otherwise);
 * - transaction 2 records the answer once (only a note still 'transmitindo' with that DPS id moves): authorised, the
 *   key, number and XML; refused, the note 'rejeitada' with the national codes and the order's faturamento reversed
 *   by its declared compensating transition (estornar-faturamento), the answer a 400 in Portuguese;
 * - the ADN unreachable or silent: the note stays 'transmitindo' and the recovery settles it by its DPS id (at start
 *   and by the periodic job): adopted when the ADN generated its NFS-e, sent again (the same signed DPS) when the ADN
 *   does not know it. A DPS number once sent is never given another DPS.
 */

type Row = Record<string, any>;

export type ResultadoNfse =
  | { situacao: 'autorizada'; nota: ReturnType<typeof notaServicoOut> }
  | { situacao: 'rejeitada'; nota: ReturnType<typeof notaServicoOut>; erros: ErroAdn[] }
  | { situacao: 'transmitindo'; motivo: string };

/**
 * The compensation of a sales order's faturamento when the ADN refused its NFS-e, run in the transaction that records
 * the refusal. The sales module registers it (it sits above this one): the same estornar-faturamento as the NF-e's.
 */
export type CompensarPedidoNfse = (services: ServicosNfse, q: Queryable, ctx: CtxNfse, pedidoId: number) => Promise<void>;
let compensarPedido: CompensarPedidoNfse | null = null;
export function registrarCompensacaoDoPedidoNfse(fn: CompensarPedidoNfse): void {
  compensarPedido = fn;
}

/** The national system's refusal, as the person reads it. */
export function mensagemRejeicao(erros: ErroAdn[]): string {
  return `NFS-e rejeitada pela Sefin Nacional: ${erros.map((e) => `${e.Codigo} - ${e.Descricao}${e.Complemento ? ` (${e.Complemento})` : ''}`).join('; ')}`;
}

const so = (v: unknown) => String(v ?? '').replace(/\D/g, '');

/** The note, its branch and certificate, read in a short transaction of their own (closed before the ADN is called). */
async function lerParaTransmitir(services: ServicosNfse, ctx: CtxNfse, notaId: number, cert?: CertificadoA1): Promise<{ nota: Row; filial: Row; cert: CertificadoA1 } | null> {
  return services.db.tenant(ctx, async (q) => {
    const nota = (await q.query(`SELECT * FROM notas_servico WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId])).rows[0];
    if (!nota || nota.situacao !== 'transmitindo') return null;
    const filial = (await q.query(`SELECT * FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, nota.filial_id])).rows[0];
    // The certificate the DPS was signed with (the recovery opens it again: a DPS once signed is sent as it is).
    return { nota, filial, cert: cert ?? (await abrirCertificado(services, q, ctx.tenantId, Number(nota.filial_id), 0)) };
  });
}

/** The local ADN's CNC knows the branch as a prestador (the real Sefin has it from the municipality). */
function cadastrarNoAdnLocal(adn: Awaited<ReturnType<typeof criarClienteAdn>>, filial: Row): void {
  adn.local?.cadastrarContribuinte({
    cnpj: so(filial.cpf_cnpj),
    nome: String(filial.razao_social ?? filial.nome),
    fantasia: filial.apelido || undefined,
    inscricaoMunicipal: filial.inscricao_municipal || undefined,
    endereco: { logradouro: String(filial.logradouro ?? filial.endereco), numero: String(filial.numero), bairro: String(filial.bairro), codigoMunicipio: String(filial.codigo_municipio), uf: String(filial.uf), cep: so(filial.cep) },
  });
}

/** Transaction 2, authorised: the XML stored first (same name each time), then the note moves once. */
async function registrarAutorizacao(services: ServicosNfse, ctx: CtxNfse, nota: Row, chave: string, nfseXml: string): Promise<Row> {
  const arquivo = tenantKey(ctx.tenantId, 'nfse', `${chave}-nfse.xml`);
  await services.storage.put(arquivo, Buffer.from(nfseXml, 'utf8'), { contentType: 'application/xml' });
  const numeroNfse = Number(/<nNFSe>(\d+)<\/nNFSe>/.exec(nfseXml)?.[1] ?? 0);
  const dhProc = /<dhProc>([^<]+)<\/dhProc>/.exec(nfseXml)?.[1];
  return services.db.tenant(ctx, async (q) => {
    const movida = await moverNfse(q, ctx, Number(nota.id), 'autorizar', (n) => n.situacao === 'transmitindo' && n.id_dps === nota.id_dps, {
      chave, numero_nfse: numeroNfse, data_autorizacao: dhProc ? new Date(dhProc) : new Date(), arquivo_xml: arquivo, rejeicao: null, ...SEM_ENVIO,
    });
    if (!movida) return lerNotaServico(q, ctx, Number(nota.id));
    const r = { rows: [movida] };
    await q.query(`INSERT INTO notas_servico_eventos (tenant_id, nota_id, tipo, arquivo_xml, usuario_id) VALUES ($1, $2, 'autorizacao', $3, $4)`, [ctx.tenantId, nota.id, arquivo, nota.usuario_id]);
    await emitirEvento(q, ctx.tenantId, 'notaFiscal.autorizada', { documento: 'NFS-e', ...notaServicoOut(r.rows[0]) });
    return r.rows[0];
  });
}

/**
 * Transaction 2, refused: the note 'rejeitada' with the national codes (it keeps its DPS number: the series moves on,
 * the refused DPS stays on record), the event, and the order's faturamento compensated, all once.
 */
async function registrarRejeicao(services: ServicosNfse, ctx: CtxNfse, nota: Row, erros: ErroAdn[]): Promise<Row> {
  return services.db.tenant(ctx, async (q) => {
    const movida = await moverNfse(q, ctx, Number(nota.id), 'rejeitar', (n) => n.situacao === 'transmitindo' && n.id_dps === nota.id_dps, {
      rejeicao: JSON.stringify(erros.map((e) => ({ codigo: e.Codigo, descricao: e.Descricao, ...(e.Complemento ? { complemento: e.Complemento } : {}) }))), ...SEM_ENVIO,
    });
    if (!movida) return lerNotaServico(q, ctx, Number(nota.id));
    const r = { rows: [movida] };
    await q.query(`INSERT INTO notas_servico_eventos (tenant_id, nota_id, tipo, motivo, usuario_id) VALUES ($1, $2, 'rejeicao', $3, $4)`, [ctx.tenantId, nota.id, mensagemRejeicao(erros).slice(0, 2000), nota.usuario_id]);
    await emitirEvento(q, ctx.tenantId, 'notaFiscal.rejeitada', { documento: 'NFS-e', ...notaServicoOut(r.rows[0]) });
    if (nota.pedido_id != null) {
      if (!compensarPedido) throw new Error('NFS-e: a compensação do pedido de venda não foi registrada');
      await compensarPedido(services, q, { ...ctx, userId: Number(nota.usuario_id ?? ctx.userId) }, Number(nota.pedido_id));
    }
    return r.rows[0];
  });
}

/**
 * Sends a note 'transmitindo' to the ADN (no transaction open) and records the answer once. `consultarAntes`: the
 * DPS may already be there (the recovery after a crash, a resend after a time-out): asked by its id first.
 *
 * One sender per DPS across every server on the database: the send holds the DPS's claim (estado-nfse.ts), taken in a
 * short transaction before the ADN is called. The request that created the note took it in transaction 1 and passes
 * its `token`; a recovery takes a new one only when the claim is free or lapsed. Finding it held, it asks the ADN by
 * the DPS id (adopting the NFS-e the ADN generated); the ADN not holding it, it watches the claim for one term: lapsed
 * (a sender that died with it), it sends; released, the other sender's answer is its; still renewed, it leaves the DPS to it.
 */
export async function transmitirNfse(services: ServicosNfse, ctx: CtxNfse, notaId: number, opcoes: { consultarAntes: boolean; cert?: CertificadoA1; token?: string }): Promise<ResultadoNfse> {
  const token = opcoes.token ?? novoTokenEnvio();
  const claim = await reivindicarEnvio(services, ctx, notaId, token);
  if (!claim.dono) {
    const r = await transmitirNfseComo(services, ctx, notaId, opcoes, false);
    // A claim further off than one term is not one a dead sender left lapsing within it: its sender decides.
    if (r.situacao !== 'transmitindo' || !claim.ate || claim.ate.getTime() - Date.now() > PRAZO_ENVIO_MS + 1000) return r;
    // Held, and the ADN does not hold the DPS: the claim is looked at again for at most one term (a short UPDATE each
    // half second, no transaction open meanwhile): released with the answer (that answer is this one's), lapsed (its
    // sender died: this one sends), or still renewed (its sender alive: its answer decides).
    const limite = Date.now() + PRAZO_ENVIO_MS + 1000;
    for (;;) {
      await new Promise((ok) => setTimeout(ok, 500));
      const c = await reivindicarEnvio(services, ctx, notaId, token);
      if (c.dono) break;
      if (!c.ate) return transmitirNfseComo(services, ctx, notaId, opcoes, false);
      if (Date.now() > limite) return r;
    }
  }
  const soltar = manterEnvio(services, ctx, notaId, token);
  try {
    return await transmitirNfseComo(services, ctx, notaId, opcoes, true);
  } finally {
    await soltar();
  }
}

async function transmitirNfseComo(services: ServicosNfse, ctx: CtxNfse, notaId: number, opcoes: { consultarAntes: boolean; cert?: CertificadoA1 }, dono: boolean): Promise<ResultadoNfse> {
  const lida = await lerParaTransmitir(services, ctx, notaId, opcoes.cert);
  if (!lida) {
    const n = await services.db.tenant(ctx, (q) => lerNotaServico(q, ctx, notaId));
    if (n.situacao === 'rejeitada') return { situacao: 'rejeitada', nota: notaServicoOut(n), erros: (n.rejeicao ?? []).map((e: Row) => ({ Codigo: e.codigo, Descricao: e.descricao, Complemento: e.complemento })) };
    return { situacao: 'autorizada', nota: notaServicoOut(n) };
  }
  const { nota, filial, cert } = lida;
  let adn: Awaited<ReturnType<typeof criarClienteAdn>>;
  try {
    adn = await criarClienteAdn(cert, Number(nota.ambiente) as 1 | 2);
  } catch (e) {
    return { situacao: 'transmitindo', motivo: (e as Error).message };
  }
  type Resposta = Awaited<ReturnType<AdnCliente['emitir']>>;
  // The ADN adapter of the pipeline: the DPS as it was signed in transaction 1 (same id, number and dhEmi); asked by
  // its DPS id (the NFS-e it generated adopted); E0014 (the ADN holds this DPS) settled by the same consultation.
  const etapas: Etapas<Resposta> = {
    enviar: () => adn.cliente.emitir(nota.dps_xml),
    classificar: classificarAdn,
    consultar: async (): Promise<Consulta<Resposta>> => {
      const chave = await adn.cliente.consultarDps(nota.id_dps);
      const xml = chave ? await adn.cliente.consultar(chave) : null;
      return chave && xml ? { situacao: 'autorizada', retorno: { autorizada: true, chave, idDps: nota.id_dps, nfseXml: xml } } : { situacao: 'ausente' };
    },
    semResposta: (e) => (e instanceof AdnIndisponivelError ? e.message : null),
    duplicidadeAusente: 'sem-resposta',
  };
  try {
    cadastrarNoAdnLocal(adn, filial);
    if (!dono) {
      // Held by another sender: the DPS may be on its way; adopted when the ADN holds it, else left to that sender.
      const c = await etapas.consultar!().catch((e) => ({ situacao: 'desconhecida' as const, motivo: etapas.semResposta(e) ?? (e as Error).message }));
      if (c.situacao === 'autorizada' && c.retorno.autorizada) return { situacao: 'autorizada', nota: notaServicoOut(await registrarAutorizacao(services, ctx, nota, c.retorno.chave, c.retorno.nfseXml)) };
      return { situacao: 'transmitindo', motivo: 'A DPS está sendo enviada à Sefin Nacional por outra requisição; a resposta dela decide.' };
    }
    return await transmitir(etapas, async (d): Promise<ResultadoNfse> => {
      if (d.tipo === 'sem-resposta') return { situacao: 'transmitindo', motivo: d.motivo };
      if (d.tipo === 'autorizada' && d.retorno.autorizada) return { situacao: 'autorizada', nota: notaServicoOut(await registrarAutorizacao(services, ctx, nota, d.retorno.chave, d.retorno.nfseXml)) };
      const erros = d.retorno.autorizada ? [] : d.retorno.erros;
      return { situacao: 'rejeitada', nota: notaServicoOut(await registrarRejeicao(services, ctx, nota, erros)), erros };
    }, { consultarAntes: opcoes.consultarAntes });
  } finally {
    adn.cliente.fechar();
    avisarPedido(services, ctx, notaId);
  }
}

/** The order's screen (the user who faturou) learns by the realtime socket how its NFS-e settled. */
function avisarPedido(services: ServicosNfse, ctx: CtxNfse, notaId: number): void {
  if (!services.realtime) return;
  void services.db
    .tenant(ctx, async (q) => (await q.query(`SELECT * FROM notas_servico WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId])).rows[0])
    .then((n) => {
      if (n?.pedido_id != null) services.realtime?.toUser(ctx.tenantId, Number(n.usuario_id ?? ctx.userId), 'pedido-nfse', { pedidoId: Number(n.pedido_id), nota: notaServicoOut(n) });
    })
    .catch(() => {});
}

/**
 * THE call point from the sales faturar (src/server/vendas/pedido-venda.ts), in faturar's transaction: a service order
 * (servico: true) prepares its NFS-e (transaction 1) and leaves the send for after the commit. `esperar` bounds how
 * long the answer waits (faturar's ~20 s); past it the note stays 'transmitindo' and the socket tells the outcome.
 * A refusal (compensated in transaction 2) is the answer: a 400 with the national codes.
 */
export async function emitirNfseDoPedido(tx: Queryable, ctx: CtxNfse, pedido: Documento, aposCommit?: (trabalho: () => Promise<void>) => void, esperar: (t: Promise<unknown>) => Promise<void> = async (t) => void (await t)): Promise<void> {
  if (pedido.cabecalho.servico !== true) return;
  const p = pedidoParaNfse(pedido);
  if (!p.linhas.length) return;
  if (!aposCommit) throw new Error('emitirNfseDoPedido: a NFS-e é transmitida depois do commit; quem chama a transição deve executar o trabalho pós-commit');
  const services = servicosNfse();
  const prep = await prepararNfse(services, tx, ctx, p);
  aposCommit(() => esperar(transmitirDoPedido(services, ctx, prep)));
}

async function transmitirDoPedido(services: ServicosNfse, ctx: CtxNfse, prep: NfsePreparada): Promise<void> {
  const r = await transmitirNfse(services, ctx, prep.notaId, { consultarAntes: false, cert: prep.cert, token: prep.tokenEnvio });
  if (r.situacao === 'rejeitada') throw badRequest(mensagemRejeicao(r.erros), r.erros.map((e) => ({ campo: e.Codigo, mensagem: `${e.Descricao}${e.Complemento ? ` ${e.Complemento}` : ''}` })));
  if (r.situacao === 'transmitindo') console.warn(`NFS-e (DPS ${prep.idDps}) do pedido ${prep.pedidoId}: ${r.motivo} A recuperação consulta a Sefin Nacional pela DPS.`);
}

/**
 * An NFS-e without an order (the bench, integrations): transaction 1 of its own, the send after its commit, the
 * answer recorded in transaction 2. A refusal is a 400 with the national codes.
 */
export async function emitirNfse(services: ServicosNfse, ctx: CtxNfse, p: PedidoNfse): Promise<ResultadoNfse> {
  const prep = await services.db.tenant(ctx, (q) => prepararNfse(services, q, ctx, p));
  const r = await transmitirNfse(services, ctx, prep.notaId, { consultarAntes: false, cert: prep.cert, token: prep.tokenEnvio });
  if (r.situacao === 'rejeitada') throw badRequest(mensagemRejeicao(r.erros));
  return r;
}

/**
 * Notes left 'transmitindo' (by a crash, a time-out, the ADN down) older than `idadeMs`: each settled by its DPS id
 * (adopted, sent again with the same DPS, or its refusal recorded and compensated); notes left 'cancelando': the same
 * signed request sent again. Still unreachable, it waits for the next run.
 */
export async function resolverNfseTransmitindo(services: ServicosNfse, idadeMs = 120_000, alvo?: { tenantId: number; id: number }): Promise<{ resolvidas: number[]; aguardando: number }> {
  const r = await recuperarPendentes(services.db, { tabela: 'notas_servico', coluna: 'situacao', estados: ['transmitindo', 'cancelando'], rotulo: 'NFS-e' }, idadeMs, alvo, async (ctx, id, n) => {
    const x = n.estado === 'cancelando' ? await transmitirCancelamentoNfse(services, ctx, id, { recuperacao: true }) : await transmitirNfse(services, ctx, id, { consultarAntes: true });
    return x.situacao !== 'transmitindo' && x.situacao !== 'cancelando';
  });
  return { resolvidas: r.resolvidos, aguardando: r.aguardando };
}

/** Minutes between two runs of the recovery of NFS-e left 'transmitindo'. */
const INTERVALO_RECUPERACAO_MS = 2 * 60_000;

/** The periodic job (jobs table) that settles the NFS-e left 'transmitindo'. */
export const jobsNfse = (services: ServicosNfse): PeriodicKind[] => [
  {
    tipo: 'nfse.resolverTransmitindo',
    aCadaMs: INTERVALO_RECUPERACAO_MS,
    executar: async () => {
      await resolverNfseTransmitindo(services);
    },
  },
];

// ---------------------------------------------------------------- cancelamento (e101101)

/**
 * The compensation of a sales order's cancelar when the ADN refused the cancellation of its NFS-e, run in the
 * transaction that records the refusal: the declared estornar-cancelamento (the order faturado again). The sales
 * module registers it.
 */
let compensarCancelamento: CompensarPedidoNfse | null = null;
export function registrarCompensacaoDoCancelamentoNfse(fn: CompensarPedidoNfse): void {
  compensarCancelamento = fn;
}

interface PedidoDeCancelamento {
  motivo: MotivoCancelamento;
  justificativa: string;
  pedidoXml: string;
  /** the sales order whose cancel asked for it (a refusal compensates it) */
  pedidoId: number | null;
  usuarioId: number;
}

/**
 * Transaction 1 of a cancellation (the caller's): the e101101 request signed and kept on the note, 'cancelando'.
 * Nothing is sent here.
 */
async function prepararCancelamento(services: ServicosNfse, q: Queryable, ctx: CtxNfse, nota: Row, motivo: MotivoCancelamento, justificativa: string, agora: Date, pedidoId: number | null): Promise<void> {
  const filial = (await q.query(`SELECT cpf_cnpj FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, nota.filial_id])).rows[0];
  const cert = await abrirCertificado(services, q, ctx.tenantId, Number(nota.filial_id), agora.getTime());
  const ped = montarPedidoCancelamento({ ambiente: Number(nota.ambiente) as 1 | 2, dhEvento: dataHoraBrasil(new Date(agora.getTime() - 60_000)), cnpjAutor: so(filial.cpf_cnpj), chave: nota.chave, motivo, justificativa });
  const pedido: PedidoDeCancelamento = { motivo, justificativa, pedidoXml: assinarXml(ped.xml, 'infPedReg', assinadorDe(cert)), pedidoId, usuarioId: ctx.userId };
  const r = await moverNfse(q, ctx, Number(nota.id), 'pedir-cancelamento', (n) => n.situacao === 'autorizada', { cancelamento: JSON.stringify(pedido) });
  if (!r) throw conflict(`A NFS-e nº ${nota.numero_nfse} não está autorizada.`);
}

export type ResultadoCancelamento =
  | { situacao: 'cancelada'; nota: ReturnType<typeof notaServicoOut> }
  | { situacao: 'recusado'; nota: ReturnType<typeof notaServicoOut>; erro: HttpError }
  | { situacao: 'cancelando'; motivo: string };

/**
 * A note 'cancelando' back to 'autorizada' (the ADN refused, or the request never left), once; a cancel asked by a
 * sales order runs the order's compensating transition in the same transaction.
 */
async function desfazerCancelamento(services: ServicosNfse, ctx: CtxNfse, nota: Row): Promise<Row> {
  return services.db.tenant(ctx, async (q) => {
    const r = { rows: [await moverNfse(q, ctx, Number(nota.id), 'desfazer-cancelamento', (n) => n.situacao === 'cancelando', { cancelamento: null })] };
    if (!r.rows[0]) return lerNotaServico(q, ctx, Number(nota.id));
    const pedidoId = (nota.cancelamento as PedidoDeCancelamento).pedidoId;
    if (pedidoId != null) {
      if (!compensarCancelamento) throw new Error('NFS-e: a compensação do cancelamento do pedido de venda não foi registrada');
      await compensarCancelamento(services, q, ctx, pedidoId);
    }
    return r.rows[0];
  });
}

/**
 * Sends the cancellation kept on a note 'cancelando' (no transaction open) and records the answer once: registered,
 * 'cancelada' with the event XML stored; refused, back to 'autorizada' (and the order's cancel compensated); the ADN
 * unreachable before anything left, the same with a 503; silent (time-out, 5xx), still 'cancelando' for the recovery,
 * which sends the same signed request again (an "already cancelled" answer, E1830, then means it got there).
 */
export async function transmitirCancelamentoNfse(services: ServicosNfse, ctx: CtxNfse, notaId: number, opcoes: { recuperacao: boolean }): Promise<ResultadoCancelamento> {
  const lida = await services.db.tenant(ctx, async (q) => {
    const nota = (await q.query(`SELECT * FROM notas_servico WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId])).rows[0];
    if (!nota || nota.situacao !== 'cancelando') return null;
    const filial = (await q.query(`SELECT * FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, nota.filial_id])).rows[0];
    return { nota, filial, cert: await abrirCertificado(services, q, ctx.tenantId, Number(nota.filial_id), 0) };
  });
  if (!lida) return { situacao: 'cancelada', nota: notaServicoOut(await services.db.tenant(ctx, (q) => lerNotaServico(q, ctx, notaId))) };
  const { nota, filial, cert } = lida;
  const pedido = nota.cancelamento as PedidoDeCancelamento;
  const cctx = { ...ctx, userId: Number(pedido.usuarioId ?? ctx.userId) };
  let adn: Awaited<ReturnType<typeof criarClienteAdn>>;
  try {
    adn = await criarClienteAdn(cert, Number(nota.ambiente) as 1 | 2);
  } catch (e) {
    return { situacao: 'cancelando', motivo: (e as Error).message };
  }
  let ret;
  try {
    cadastrarNoAdnLocal(adn, filial);
    ret = await adn.cliente.evento(nota.chave, pedido.pedidoXml);
  } catch (e) {
    if (!(e instanceof AdnIndisponivelError)) throw e;
    if (!e.naoEnviada || opcoes.recuperacao) return { situacao: 'cancelando', motivo: e.message };
    const n = await desfazerCancelamento(services, cctx, nota);
    return { situacao: 'recusado', nota: notaServicoOut(n), erro: new HttpError(503, `Sefin Nacional indisponível: ${e.message} A NFS-e continua autorizada; tente de novo em instantes.`) };
  } finally {
    adn.cliente.fechar();
  }
  const jaCancelada = !ret.registrado && opcoes.recuperacao && ret.erros.some((x) => x.Codigo === 'E1830');
  if (!ret.registrado && !jaCancelada) {
    const n = await desfazerCancelamento(services, cctx, nota);
    const erro = badRequest(`Cancelamento recusado pela Sefin Nacional: ${ret.erros.map((x) => `${x.Codigo} - ${x.Descricao}`).join('; ')}`, ret.erros.map((x) => ({ campo: x.Codigo, mensagem: x.Descricao })));
    return { situacao: 'recusado', nota: notaServicoOut(n), erro };
  }
  let arquivo: string | null = null;
  if (ret.registrado) {
    arquivo = tenantKey(ctx.tenantId, 'nfse', `${nota.chave}-cancelamento.xml`);
    await services.storage.put(arquivo, Buffer.from(ret.eventoXml, 'utf8'), { contentType: 'application/xml' });
  }
  const n = await services.db.tenant(cctx, async (q) => {
    const r = { rows: [await moverNfse(q, cctx, notaId, 'cancelar', (n) => n.situacao === 'cancelando')] };
    if (!r.rows[0]) return lerNotaServico(q, ctx, notaId);
    await q.query(`INSERT INTO notas_servico_eventos (tenant_id, nota_id, tipo, codigo_motivo, motivo, arquivo_xml, usuario_id) VALUES ($1, $2, 'cancelamento', $3, $4, $5, $6)`, [ctx.tenantId, notaId, pedido.motivo, pedido.justificativa, arquivo, cctx.userId]);
    await emitirEvento(q, ctx.tenantId, 'notaFiscal.cancelada', { documento: 'NFS-e', ...notaServicoOut(r.rows[0]) });
    return r.rows[0];
  });
  return { situacao: 'cancelada', nota: notaServicoOut(n) };
}

/**
 * Cancels an authorised NFS-e with the e101101 event (justification of 15 to 255 characters), in two short
 * transactions with the ADN called between them: the request signed and kept ('cancelando'); the event sent; the
 * answer recorded once (a second cancel finds the note cancelled).
 */
export async function cancelarNfse(services: ServicosNfse, ctx: CtxNfse, id: number, body: unknown, agora = new Date()): Promise<ReturnType<typeof notaServicoOut>> {
  const b = (body && typeof body === 'object' ? body : {}) as Row;
  const justificativa = typeof b.justificativa === 'string' ? b.justificativa.trim().replace(/\s+/g, ' ') : '';
  const motivo = Number(b.motivo ?? 1) as MotivoCancelamento;
  const erros: { path: string; campo: string; mensagem: string }[] = [];
  if (justificativa.length < 15) erros.push({ path: '/justificativa', campo: 'justificativa', mensagem: `Justificativa: escreva ao menos 15 caracteres (tem ${justificativa.length}).` });
  if (justificativa.length > 255) erros.push({ path: '/justificativa', campo: 'justificativa', mensagem: `Justificativa: no máximo 255 caracteres (tem ${justificativa.length}).` });
  if (![1, 2, 9].includes(motivo)) erros.push({ path: '/motivo', campo: 'motivo', mensagem: 'Motivo: escolha 1 (erro na emissão), 2 (serviço não prestado) ou 9 (outros).' });
  if (erros.length) throw badRequest(erros.map((e) => e.mensagem).join(' '), erros);
  await services.db.tenant(ctx, async (q) => {
    const nota = await lerNotaServico(q, ctx, id, true);
    if (nota.situacao === 'cancelada') throw conflict(`A NFS-e nº ${nota.numero_nfse} já está cancelada.`);
    if (nota.situacao === 'cancelando') throw conflict(`O cancelamento da NFS-e nº ${nota.numero_nfse} já foi enviado à Sefin Nacional: aguarde a resposta.`);
    if (nota.situacao === 'transmitindo') throw conflict('Esta NFS-e ainda está sendo transmitida à Sefin Nacional: aguarde a autorização para cancelá-la.');
    if (nota.situacao !== 'autorizada') throw conflict('Esta NFS-e foi rejeitada pela Sefin Nacional: não há nota para cancelar.');
    if (Number(nota.filial_id) !== ctx.branchId) throw badRequest('Esta NFS-e é de outra filial: troque para a filial dela para cancelá-la.');
    await prepararCancelamento(services, q, ctx, nota, motivo, justificativa, agora, null);
  });
  const r = await transmitirCancelamentoNfse(services, ctx, id, { recuperacao: false });
  if (r.situacao === 'recusado') throw r.erro;
  if (r.situacao === 'cancelando') throw new HttpError(503, `Sefin Nacional sem resposta (${r.motivo}): o cancelamento da NFS-e foi enviado e será confirmado automaticamente.`);
  return r.nota;
}

/**
 * THE call point from the sales cancelar (src/server/vendas/pedido-venda.ts), in the order's transaction 1 (which
 * reverses the order's postings): the e101101 of its authorised NFS-e (motivo 2, serviço não prestado) is signed and
 * kept 'cancelando', and its send is left for after the commit. A refusal at the ADN runs the order's compensating
 * transition (estornar-cancelamento: the order faturado again) and is the answer (400 with the national code).
 * A note still 'transmitindo' or 'cancelando' refuses the cancel (its answer decides first).
 */
export async function cancelarNfseDoPedido(tx: Queryable, ctx: CtxNfse, pedido: Pick<Documento, 'id' | 'numero'>, aposCommit?: (trabalho: () => Promise<void>) => void, esperar: (t: Promise<unknown>) => Promise<void> = async (t) => void (await t), agora = new Date()): Promise<void> {
  const notas = await tx.query(`SELECT * FROM notas_servico WHERE tenant_id = $1 AND pedido_id = $2 AND situacao IN ('autorizada', 'transmitindo', 'cancelando') ORDER BY id FOR UPDATE`, [ctx.tenantId, pedido.id]);
  const emTransmissao = notas.rows.find((n) => n.situacao !== 'autorizada');
  if (emTransmissao) throw conflict(`A NFS-e (DPS nº ${emTransmissao.numero_dps}) do pedido de venda nº ${pedido.numero} está sendo transmitida à Sefin Nacional: aguarde a resposta e cancele o pedido depois disso.`);
  if (!notas.rows.length) return;
  if (!aposCommit) throw new Error('cancelarNfseDoPedido: o cancelamento da NFS-e é transmitido depois do commit; quem chama a transição deve executar o trabalho pós-commit');
  const services = servicosNfse();
  for (const nota of notas.rows) {
    await prepararCancelamento(services, tx, ctx, nota, 2, `Cancelamento do pedido de venda numero ${pedido.numero}`, agora, pedido.id);
    aposCommit(() =>
      esperar(
        transmitirCancelamentoNfse(services, ctx, Number(nota.id), { recuperacao: false }).then((r) => {
          if (r.situacao === 'recusado') throw r.erro;
          if (r.situacao === 'cancelando') console.warn(`Cancelamento da NFS-e ${nota.numero_nfse} do pedido ${pedido.numero}: ${r.motivo} A recuperação envia de novo.`);
        }),
      ),
    );
  }
}
