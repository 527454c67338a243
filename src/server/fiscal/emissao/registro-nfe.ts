// Transaction 2 of an NF-e: SEFAZ's answer (classified by fiscal/transmissao) recorded once; a rejection or a denial
// with the compensating transition of the note's origin.
import type { Queryable } from '../../db/db.ts';
import { tenantKey } from '../../storage/storage.ts';
import type { CertificadoA1 } from '../certificado.ts';
import { ajudaRejeicao, type AjudaRejeicao } from '../rejeicoes.ts';
import { alertarContingencia, type AutorizacaoNfe } from './contingencia-nfe.ts';
import { classificarSefaz } from '../transmissao/index.ts';
import { emitirEvento } from '../../integracoes/index.ts';
import { type ConfiguracaoNfe, type CtxEmissao, type Servicos, notaOut } from './dados-nota.ts';
import { lancar } from './lancamentos-nfe.ts';
import { type NotaMontada } from './montagem.ts';
import { colunasNumeroMantido, liberarNumero } from './numeracao-nfe.ts';
import { dadosSem, moverNota } from './estado-nota.ts';

type Row = Record<string, any>;

/** Result of a transmission: the note as recorded, and on rejection the SEFAZ code with its help text. */
export interface ResultadoTransmissao {
  nota: ReturnType<typeof notaOut>;
  autorizada: boolean;
  rejeicao?: {
    cStat: string;
    xMotivo: string;
    ajuda: AjudaRejeicao;
    erros?: { caminho: string; mensagem: string }[];
    /** the EPEC (contingency of the NF-e) was refused: the note keeps its number, is not valid and must not be printed */
    epec?: { motivo: string; serie: number; numero: number };
  };
}

/** SEFAZ did not authorise (the pipeline's 'rejeitada' or 'denegada'): thrown out of transaction 2 to roll it back. */
export class Rejeitada extends Error {
  constructor(public rejeicao: NonNullable<ResultadoTransmissao['rejeicao']>, public ambiente: number, public numero: number | null = null, public denegada: { protocolo: string | null } | null = null) {
    super(rejeicao.xMotivo);
  }
}

/** Options of a note sent from the note screens. */
export interface OpcoesTransmissao {
  /** false: the natureza's stock movement is not posted (the caller posts the stock itself) */
  movimentarEstoque?: boolean;
}

export interface OpcoesAutorizacao extends OpcoesTransmissao {
  /** post the stock movements and receivables the natureza asks for (false: the caller's document already did) */
  lancar: boolean;
  /** check the signed XML against the official XSD before sending (a 400 listing the errors) */
  validarXsd: boolean;
}

/** What tx1 prepared: the locked note, its number, the built document (signed in `montada`) and the certificate. */
export interface Preparada {
  nota: Row;
  numero: number;
  m: NotaMontada;
  cert: CertificadoA1;
  conf: ConfiguracaoNfe;
  montagemMs: number;
}

/** Records SEFAZ's answer on the note (throws Rejeitada when not authorised) and posts what the natureza asks. */
export async function registrarNaTransacao(services: Servicos, q: Queryable, ctx: CtxEmissao, p: Pick<Preparada, 'nota' | 'numero' | 'm'>, aut: AutorizacaoNfe, agora: Date, opcoes: Omit<OpcoesAutorizacao, 'validarXsd'>): Promise<ResultadoTransmissao> {
  const { nota, numero, m } = p;
  const notaId = Number(nota.id);
  const { montada, retorno: ret, contingencia } = aut;
  // The pipeline's classify step (an EPEC registered counts as issued: the NF-e follows when SEFAZ is back).
  const d = contingencia?.pendente ? null : classificarSefaz(ret);
  if (d && d.tipo !== 'autorizada') {
    throw new Rejeitada(
      {
        cStat: ret.cStat,
        xMotivo: ret.xMotivo,
        ajuda: ret.ajuda ?? ajudaRejeicao(ret.cStat, ret.xMotivo),
        ...(ret.erros?.length ? { erros: ret.erros.map((e) => ({ caminho: e.caminho, mensagem: e.mensagem })) } : {}),
        ...(aut.epecRejeitado ? { epec: { motivo: aut.epecRejeitado.motivo, serie: m.serie, numero } } : {}),
      },
      m.doc.ambiente,
      numero,
      d.tipo === 'denegada' ? { protocolo: ret.protocolo ?? null } : null,
    );
  }
  const arquivo = tenantKey(ctx.tenantId, 'nfe', `${montada.chave}-${ret.nfeProc ? 'procNFe' : 'nfe'}.xml`);
  await services.storage.put(arquivo, Buffer.from(ret.nfeProc ?? montada.xml, 'utf8'), { contentType: 'application/xml' });
  const vNF = montada.calculo.totais.vNF.toFixed(2);
  const dhRecbto = /<dhRecbto>([^<]+)</.exec(ret.protNFe ?? '')?.[1];
  // The declared autorizar: authorised, or issued in contingency with its EPEC registered (the NF-e follows).
  const gravada = await moverNota(
    q,
    ctx,
    notaId,
    'autorizar',
    {
      serie: m.serie, numero, chave: montada.chave, protocolo: ret.protocolo, ambiente: m.doc.ambiente, data_emissao: agora,
      data_autorizacao: contingencia?.pendente ? null : dhRecbto ? new Date(dhRecbto) : agora, arquivo_xml: arquivo, total: vNF, rejeicao: null,
      dados: { ...dadosSem(nota, 'statusAnterior'), documento: m.doc }, tipo_emissao: contingencia?.tpEmis ?? 1, contingencia: contingencia ?? null,
    },
    contingencia?.pendente ? 'contingencia' : 'autorizada',
  );
  const r = { rows: [gravada] };
  await q.query(`INSERT INTO notas_fiscais_eventos (tenant_id, nota_id, tipo, cstat, motivo, protocolo, arquivo_xml, usuario_id) VALUES ($1, $2, 'autorizacao', $3, $4, $5, $6, $7)`, [ctx.tenantId, notaId, ret.cStat, ret.xMotivo, ret.protocolo, arquivo, ctx.userId]);
  // A note of a sales order posts nothing: the order's faturamento wrote the stock movements and receivables. Nor does
  // a note of another origin (a return to the supplier posted its movements in transaction 1): its origin records it.
  const origem = origemDaNota(nota);
  const lancamentoId = opcoes.lancar && nota.pedido_id == null && !origem ? await lancar(q, ctx, r.rows[0], m, vNF, opcoes.movimentarEstoque !== false) : null;
  if (origem?.aoAutorizar) await origem.aoAutorizar(q, ctx, r.rows[0]);
  if (nota.pedido_id != null) {
    await q.query(`UPDATE documentos SET cabecalho = cabecalho || jsonb_build_object('nfeId', $3::int, 'nfeNumero', $4::int, 'nfeChave', $5::text) WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, nota.pedido_id, notaId, numero, montada.chave]);
  }
  if (lancamentoId) await q.query(`UPDATE notas_fiscais SET lancamento_id = $3 WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId, lancamentoId]);
  if (contingencia) await alertarContingencia(services, q, ctx.tenantId, r.rows[0], contingencia);
  if (!contingencia?.pendente) await emitirEvento(q, ctx.tenantId, 'notaFiscal.autorizada', { ...notaOut(r.rows[0]), dados: undefined, documento: Number(nota.modelo) === 65 ? 'NFC-e' : 'NF-e' });
  return { nota: notaOut({ ...r.rows[0], lancamento_id: lancamentoId }), autorizada: true };
}

/**
 * The compensation of a note's origin (a sales order's faturamento) when SEFAZ refused its note, run in the
 * transaction that records the rejection. The sales module registers it (it sits above this one).
 */
export type CompensarPedido = (services: Servicos, q: Queryable, ctx: CtxEmissao, pedidoId: number) => Promise<void>;
export let compensarPedido: CompensarPedido | null = null;
export function registrarCompensacaoDoPedido(fn: CompensarPedido): void {
  compensarPedido = fn;
}

/**
 * The business document a note was issued for, other than a sales order (`dados.origem.tipo`, set by
 * prepararNotaDeOrigem): it posted in transaction 1, so the note posts nothing itself; on authorisation it records
 * the link (in transaction 2, or in the recovery's), on rejection it runs its declared compensation. Modules above
 * register theirs (a return to the supplier: compras).
 */
export interface OrigemNota {
  aoAutorizar?: (q: Queryable, ctx: CtxEmissao, nota: Row) => Promise<void>;
  compensar: (services: Servicos, q: Queryable, ctx: CtxEmissao, nota: Row) => Promise<void>;
}
const origens = new Map<string, OrigemNota>();
export function registrarOrigemDaNota(tipo: string, o: OrigemNota): void {
  origens.set(tipo, o);
}
export function origemDaNota(nota: Row): OrigemNota | null {
  const tipo = nota.dados?.origem?.tipo;
  if (typeof tipo !== 'string') return null;
  const o = origens.get(tipo);
  if (!o) throw new Error(`Nota ${nota.id}: a origem '${tipo}' não foi registrada`);
  return o;
}

/**
 * A rejection recorded once (the note still 'transmitindo' with that number, else nothing): the number goes back to
 * the series (SEFAZ never authorised it; a refused EPEC keeps it), the note is 'rejeitada' with the code and its
 * help, and (`compensar`, the default) a note tied to a sales order runs the order's compensating transition, a note
 * of another origin its own, in the same transaction. A denial (110/301/302/303) is recorded the same way except that
 * SEFAZ spent the number: the note is 'denegada' with its protocol and keeps its number and key.
 */
export async function rejeitarNaTransacao(services: Servicos, q: Queryable, ctx: CtxEmissao, notaId: number, e: Rejeitada, numero: number | null, opcoes: { compensar: boolean } = { compensar: true }): Promise<Row | null> {
  const nota = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
  if (!nota || nota.status !== 'transmitindo' || (numero != null && Number(nota.numero) !== numero)) return null;
  // What the number becomes: spent by a denial (the note keeps it with the protocol), kept after a refused EPEC,
  // else back to the series. Written with the declared rejeitar.
  const colunas = e.denegada
    ? { protocolo: e.denegada.protocolo, dados: dadosSem(nota, 'statusAnterior') }
    : e.rejeicao.epec
      ? colunasNumeroMantido(nota)
      : (await liberarNumero(q, ctx, nota)).colunas;
  const tipo = e.denegada ? 'denegacao' : 'rejeicao';
  await q.query(`INSERT INTO notas_fiscais_eventos (tenant_id, nota_id, tipo, cstat, motivo, usuario_id) VALUES ($1, $2, $3, $4, $5, $6)`, [ctx.tenantId, notaId, tipo, e.rejeicao.cStat, e.rejeicao.xMotivo, ctx.userId]);
  const r = { rows: [await moverNota(q, ctx, notaId, 'rejeitar', { ...colunas, rejeicao: e.rejeicao, ambiente: e.ambiente }, e.denegada ? 'denegada' : 'rejeitada')] };
  await emitirEvento(q, ctx.tenantId, 'notaFiscal.rejeitada', { ...notaOut(r.rows[0]), dados: undefined, documento: Number(nota.modelo) === 65 ? 'NFC-e' : 'NF-e' });
  if (!opcoes.compensar) return r.rows[0];
  if (nota.pedido_id != null) {
    if (!compensarPedido) throw new Error('rejeitarNaTransacao: a compensação do pedido de venda não foi registrada');
    await compensarPedido(services, q, ctx, Number(nota.pedido_id));
  }
  await origemDaNota(nota)?.compensar(services, q, ctx, nota);
  return r.rows[0];
}

/** The order's screen learns by the realtime socket that its note settled (authorised or rejected). */
export function avisarPedido(services: Servicos, ctx: CtxEmissao, notaId: number): void {
  void services.db
    .tenant(ctx, async (q) => (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId])).rows[0])
    .then((n) => {
      // To the user who faturou (the note's user): the order's number, the note's state and, refused, the code and help.
      if (n?.pedido_id != null) services.realtime?.toUser(ctx.tenantId, Number(n.usuario_id ?? ctx.userId), 'pedido-nfe', { pedidoId: Number(n.pedido_id), nota: { id: Number(n.id), status: n.status, numero: n.numero == null ? null : Number(n.numero), rejeicao: n.rejeicao ?? null } });
    })
    .catch(() => {});
}
