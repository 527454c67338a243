import Decimal from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import type { AppServices } from '../../app-services.ts';
import { enviarEClassificar, etapasEvento, recuperarPendentes, type Desfecho, type EventoAssinado, type RespostaEvento } from '../transmissao/index.ts';
import type { Queryable } from '../../db/db.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { tenantKey } from '../../storage/storage.ts';
import { assinadorDe } from '../assinatura-xml.ts';
import type { CertificadoA1 } from '../certificado.ts';
import { montarDistDFeInt, montarEvento, MensagemError, TIPOS_EVENTO, type ConsultaDistribuicao } from '../mensagens.ts';
import { ajudaRejeicao } from '../rejeicoes.ts';
import { criarClienteSefaz } from '../sefaz-destino.ts';
import { ConsumoIndevidoError, SefazIndisponivelError, type SefazCliente } from '../sefaz-cliente.ts';
import { codigoUf } from '../../../shared/fiscal/ufs.ts';
import { abrirCertificado, paraBuffer } from '../emissao/certificados.ts';
import { comFuso, configuracaoNfe, type CtxEmissao } from '../emissao/notas.ts';
import { ID_NFE_RE } from '../../../shared/fiscal/chave.ts';
import { documentoFiscal } from '../../../shared/cpf-cnpj.ts';
import { exigir, maquina, permite, transitar } from '../../documents/estados.ts';

type Row = Record<string, any>;
type Servicos = Pick<AppServices, 'db' | 'storage'>;
type ServicosFila = Pick<AppServices, 'db' | 'storage' | 'jobs'>;

/** How long SEFAZ asks a CNPJ to wait after "nothing new" (137) or a 656 (NT 2014.002: one hour). */
export const ESPERA_DISTRIBUICAO_MS = 3_600_000;
/** Calls per consultation at most (50 documents each): the rest comes on the next one. */
const LOTES_POR_CONSULTA = 20;

/** The four manifestações do destinatário: event code, label, the state it leaves the note in, its declared transition (schemas/lifecycles/manifestacao.json). */
export const MANIFESTACOES = {
  ciencia: { tpEvento: TIPOS_EVENTO.CIENCIA, nome: 'Ciência da operação', estado: 'ciencia', transicao: 'ciencia' },
  confirmacao: { tpEvento: TIPOS_EVENTO.CONFIRMACAO, nome: 'Confirmação da operação', estado: 'confirmada', transicao: 'confirmacao' },
  desconhecimento: { tpEvento: TIPOS_EVENTO.DESCONHECIMENTO, nome: 'Desconhecimento da operação', estado: 'desconhecida', transicao: 'desconhecimento' },
  naoRealizada: { tpEvento: TIPOS_EVENTO.NAO_REALIZADA, nome: 'Operação não realizada', estado: 'nao_realizada', transicao: 'nao-realizada' },
} as const;
export type TipoManifestacao = keyof typeof MANIFESTACOES;

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false });
const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const o = (v: unknown): Row => (v && typeof v === 'object' ? (v as Row) : {});
const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));
const hora = (d: Date) => d.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });

function filialDe(ctx: CtxEmissao): number {
  if (!ctx.branchId) throw badRequest('Selecione uma filial para consultar as notas emitidas contra ela.');
  return ctx.branchId;
}

export function dfeOut(r: Row) {
  return {
    id: Number(r.id),
    chave: r.chave as string,
    nsu: r.nsu == null ? null : String(r.nsu),
    emitenteCnpj: r.emitente_cnpj as string,
    emitenteNome: r.emitente_nome as string,
    valor: new Decimal(r.valor ?? 0).toFixed(2),
    dataEmissao: iso(r.data_emissao),
    tipoNf: Number(r.tipo_nf),
    situacaoNfe: Number(r.situacao_nfe) === 3 ? 'cancelada' : Number(r.situacao_nfe) === 2 ? 'denegada' : 'autorizada',
    manifestacao: r.manifestacao as string,
    /** the manifestação on its way to SEFAZ (its answer not recorded yet), else null */
    transmitindo: (r.transmitindo ?? null) as TipoManifestacao | null,
    xmlCompleto: !!r.arquivo_xml,
    entradaId: r.entrada_id == null ? null : Number(r.entrada_id),
    entradaNumero: r.entrada_numero == null ? null : Number(r.entrada_numero),
    entradaEstado: r.entrada_estado ?? null,
  };
}

interface Filial {
  id: number;
  cnpj: string;
  uf: string;
  nome: string;
}

async function filialDoCtx(q: Queryable, ctx: CtxEmissao): Promise<Filial> {
  const id = filialDe(ctx);
  const r = await q.query(`SELECT id, cpf_cnpj, uf, coalesce(apelido, nome) AS nome FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id]);
  const b = r.rows[0];
  if (!b) throw notFound('Filial não encontrada.');
  const cnpj = documentoFiscal(b.cpf_cnpj);
  if (cnpj.length !== 14) throw badRequest(`A filial ${b.nome} não tem CNPJ: informe-o em Configurações > Empresas para consultar as notas emitidas contra ela.`);
  if (!b.uf) throw badRequest(`A filial ${b.nome} não tem UF: complete o endereço em Configurações > Empresas.`);
  return { id, cnpj, uf: b.uf, nome: b.nome };
}

const LISTA_SQL = `SELECT d.*, e.id AS entrada_id, e.numero AS entrada_numero, e.estado AS entrada_estado,
    (SELECT t.tipo FROM dfe_manifestacoes_envio t WHERE t.tenant_id = d.tenant_id AND t.dfe_id = d.id AND t.situacao = 'transmitindo' ORDER BY t.id DESC LIMIT 1) AS transmitindo
  FROM dfe_documentos d
  LEFT JOIN LATERAL (SELECT id, numero, estado FROM documentos x WHERE x.tenant_id = d.tenant_id AND x.tipo = 'entradaNota' AND x.estado <> 'cancelada' AND x.cabecalho ->> 'chaveAcesso' = d.chave ORDER BY id DESC LIMIT 1) e ON true`;

export async function listarDfe(q: Queryable, ctx: CtxEmissao, filtro: { manifestacao?: string; emitente?: string } = {}) {
  const filialId = filialDe(ctx);
  const params: unknown[] = [ctx.tenantId, filialId];
  let where = 'd.tenant_id = $1 AND d.filial_id = $2';
  if (filtro.manifestacao) {
    params.push(filtro.manifestacao);
    where += ` AND d.manifestacao = $${params.length}`;
  }
  if (filtro.emitente) {
    params.push(`%${filtro.emitente}%`);
    where += ` AND (d.emitente_nome ILIKE $${params.length} OR d.emitente_cnpj LIKE $${params.length})`;
  }
  const r = await q.query(`${LISTA_SQL} WHERE ${where} ORDER BY d.data_emissao DESC NULLS LAST, d.id DESC LIMIT 500`, params);
  return r.rows.map(dfeOut);
}

async function lerDfe(q: Queryable, ctx: CtxEmissao, id: number, travar = false): Promise<Row> {
  const r = await q.query(`SELECT * FROM dfe_documentos WHERE tenant_id = $1 AND filial_id = $2 AND id = $3${travar ? ' FOR UPDATE' : ''}`, [ctx.tenantId, filialDe(ctx), id]);
  if (!r.rows.length) throw notFound('Nota não encontrada entre as notas emitidas contra esta filial.');
  return r.rows[0];
}

export async function situacaoDfe(q: Queryable, ctx: CtxEmissao, agora = new Date()) {
  const r = await q.query(`SELECT * FROM dfe_controle WHERE tenant_id = $1 AND filial_id = $2`, [ctx.tenantId, filialDe(ctx)]);
  const c = r.rows[0];
  const ate = c?.aguardar_ate ? new Date(c.aguardar_ate) : null;
  return {
    ultNSU: String(c?.ult_nsu ?? 0),
    maxNSU: String(c?.max_nsu ?? 0),
    ultimaConsulta: iso(c?.ultima_consulta),
    ultimoCStat: c?.ultimo_cstat ?? null,
    ultimoMotivo: c?.ultimo_motivo ?? null,
    aguardarAte: ate && ate > agora ? ate.toISOString() : null,
  };
}

/** The branch's certificate and environment, read in a transaction (the SEFAZ client is made after it ends). */
async function certificadoDaFilial(services: Servicos, q: Queryable, ctx: CtxEmissao, f: Filial, agora: Date): Promise<{ cert: CertificadoA1; tpAmb: 1 | 2 }> {
  const cert = await abrirCertificado(services, q, ctx.tenantId, f.id, agora.getTime());
  return { cert, tpAmb: (await configuracaoNfe(q, ctx.tenantId, f.id)).ambiente };
}

/** A SEFAZ client of the branch, made (and used) with no transaction open. */
async function clienteDaFilial(f: Filial, c: { cert: CertificadoA1; tpAmb: 1 | 2 }): Promise<SefazCliente> {
  try {
    return await criarClienteSefaz({ certificado: c.cert, uf: f.uf, modelo: 55, tpAmb: c.tpAmb });
  } catch (e) {
    throw badRequest((e as Error).message);
  }
}

function indisponivel(e: unknown): never {
  if (e instanceof SefazIndisponivelError) throw new HttpError(503, `SEFAZ indisponível: ${e.message} Tente de novo em instantes.`);
  throw e;
}

/** One document of the distribution written into dfe_documentos (summary, full NF-e, or an event on it). */
async function registrarDocumento(services: Servicos, q: Queryable, ctx: CtxEmissao, f: Filial, d: { nsu: string; schema: string; xml: string }): Promise<boolean> {
  const raiz = o(parser.parse(d.xml));
  if (d.schema.startsWith('resNFe')) {
    const r = o(raiz.resNFe);
    const ins = await q.query(
      `INSERT INTO dfe_documentos (tenant_id, filial_id, chave, nsu, emitente_cnpj, emitente_nome, emitente_ie, valor, data_emissao, tipo_nf, protocolo, situacao_nfe)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (tenant_id, filial_id, chave) DO UPDATE SET situacao_nfe = GREATEST(dfe_documentos.situacao_nfe, EXCLUDED.situacao_nfe), updated_at = now() RETURNING (xmax = 0) AS novo`,
      [ctx.tenantId, f.id, s(r.chNFe), d.nsu, s(r.CNPJ) || s(r.CPF), s(r.xNome).slice(0, 200), s(r.IE) || null, s(r.vNF) || '0', s(r.dhEmi) || null, Number(s(r.tpNF) || 1), s(r.nProt) || null, Number(s(r.cSitNFe) || 1)],
    );
    return ins.rows[0]?.novo === true;
  }
  if (d.schema.startsWith('procNFe')) {
    const inf = o(o(o(raiz.nfeProc).NFe).infNFe);
    const chave = ID_NFE_RE.exec(d.xml)?.[1] ?? '';
    const emit = o(inf.emit);
    const arquivo = tenantKey(ctx.tenantId, 'dfe', `${chave}-procNFe.xml`);
    await services.storage.put(arquivo, Buffer.from(d.xml, 'utf8'), { contentType: 'application/xml' });
    const ins = await q.query(
      `INSERT INTO dfe_documentos (tenant_id, filial_id, chave, nsu, emitente_cnpj, emitente_nome, emitente_ie, valor, data_emissao, tipo_nf, protocolo, arquivo_xml)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (tenant_id, filial_id, chave) DO UPDATE SET arquivo_xml = EXCLUDED.arquivo_xml, updated_at = now() RETURNING (xmax = 0) AS novo`,
      [ctx.tenantId, f.id, chave, d.nsu, s(emit.CNPJ) || s(emit.CPF), s(emit.xNome).slice(0, 200), s(emit.IE) || null, s(o(o(inf.total).ICMSTot).vNF) || '0', s(o(inf.ide).dhEmi) || null, Number(s(o(inf.ide).tpNF) || 1), s(o(o(o(raiz.nfeProc).protNFe).infProt).nProt) || null, arquivo],
    );
    return ins.rows[0]?.novo === true;
  }
  if (d.schema.startsWith('resEvento') || d.schema.startsWith('procEventoNFe')) {
    const ev = d.schema.startsWith('resEvento') ? o(raiz.resEvento) : o(o(o(raiz.procEventoNFe).evento).infEvento);
    if (s(ev.tpEvento) === TIPOS_EVENTO.CANCELAMENTO) {
      await q.query(`UPDATE dfe_documentos SET situacao_nfe = 3, updated_at = now() WHERE tenant_id = $1 AND filial_id = $2 AND chave = $3`, [ctx.tenantId, f.id, s(ev.chNFe)]);
    }
  }
  return false;
}

/** One distribution call, with SEFAZ's back-off turned into a plain answer. */
async function distribuir(cliente: SefazCliente, tpAmb: 1 | 2, f: Filial, c: ConsultaDistribuicao) {
  try {
    return await cliente.distribuicao(montarDistDFeInt(tpAmb, codigoUf(f.uf), { cnpj: f.cnpj }, c));
  } catch (e) {
    if (e instanceof ConsumoIndevidoError) return { cStat: '656', xMotivo: e.message, xml: '', documentos: [], ultNSU: undefined, maxNSU: undefined, ate: e.ate };
    indisponivel(e);
  }
}

export interface ResultadoConsulta {
  novas: number;
  documentos: number;
  cStat: string;
  xMotivo: string;
  mensagem: string;
  ultNSU: string;
  maxNSU: string;
  aguardarAte: string | null;
}

/**
 * "Consultar SEFAZ": the distribution DF-e of the branch's CNPJ from the last NSU kept, batch after batch until
 * ultNSU reaches maxNSU (so the last call is never an empty one), writing each summary and full NF-e. When SEFAZ
 * says there is nothing new (137) or that the CNPJ asked too often (656), the hour it asks to wait is kept and
 * no call is made before it: the person gets the time the next consultation is allowed.
 */
export async function consultarDfe(services: Servicos, ctx: CtxEmissao, agora = new Date()): Promise<ResultadoConsulta> {
  // Transaction 1: the control row claimed (a second consultation of the CNPJ meanwhile is told to wait), the
  // certificate. Nothing of SEFAZ is called with it open.
  const inicio = await services.db.tenant(ctx, async (q) => {
    const f = await filialDoCtx(q, ctx);
    await q.query(`INSERT INTO dfe_controle (tenant_id, filial_id, cnpj) VALUES ($1, $2, $3) ON CONFLICT (tenant_id, filial_id) DO NOTHING`, [ctx.tenantId, f.id, f.cnpj]);
    const c = (await q.query(`SELECT * FROM dfe_controle WHERE tenant_id = $1 AND filial_id = $2 FOR UPDATE`, [ctx.tenantId, f.id])).rows[0];
    if (c.aguardar_ate && new Date(c.aguardar_ate) > agora) {
      if (c.ultimo_cstat === EM_ANDAMENTO) throw conflict('Uma consulta à SEFAZ das notas desta filial está em andamento: aguarde o resultado dela.');
      throw new HttpError(429, `A SEFAZ pediu para aguardar antes de nova consulta deste CNPJ (${c.ultimo_cstat === '656' ? 'consumo indevido' : 'não havia documentos novos'}): nova consulta liberada às ${hora(new Date(c.aguardar_ate))}.`);
    }
    const cert = await certificadoDaFilial(services, q, ctx, f, agora);
    // Claimed for a minute at most (a crash frees it by itself); the answer below replaces it.
    await q.query(`UPDATE dfe_controle SET aguardar_ate = $3, ultimo_cstat = $4, updated_at = now() WHERE tenant_id = $1 AND filial_id = $2`, [ctx.tenantId, f.id, new Date(agora.getTime() + 60_000), EM_ANDAMENTO]);
    return { f, c, cert, anterior: { aguardar: c.aguardar_ate, cStat: c.ultimo_cstat } };
  });
  const { f, c } = inicio;
  const liberar = () => services.db.tenant(ctx, (q) => q.query(`UPDATE dfe_controle SET aguardar_ate = $3, ultimo_cstat = $4, updated_at = now() WHERE tenant_id = $1 AND filial_id = $2 AND ultimo_cstat = $5`, [ctx.tenantId, f.id, inicio.anterior.aguardar, inicio.anterior.cStat, EM_ANDAMENTO]));
  let ult = String(c.ult_nsu);
  let max = String(c.max_nsu);
  let novas = 0;
  let documentos = 0;
  let ultimo: { cStat: string; xMotivo: string; ate?: Date } = { cStat: '', xMotivo: '' };
  let aguardar: Date | null = null;
  const recebidos: { nsu: string; schema: string; xml: string }[] = [];
  try {
    const cliente = await clienteDaFilial(f, inicio.cert);
    try {
      for (let k = 0; k < LOTES_POR_CONSULTA; k++) {
        const r = (await distribuir(cliente, inicio.cert.tpAmb, f, { ultNSU: ult }))!;
        ultimo = r;
        if (r.cStat === '138') {
          recebidos.push(...r.documentos);
          ult = String(Number(r.ultNSU ?? ult));
          max = String(Number(r.maxNSU ?? max));
          if (Number(ult) >= Number(max)) break;
        } else if (r.cStat === '137') {
          max = String(Number(r.maxNSU ?? max));
          ult = String(Math.max(Number(ult), Number(r.ultNSU ?? ult)));
          aguardar = new Date(agora.getTime() + ESPERA_DISTRIBUICAO_MS);
          break;
        } else if (r.cStat === '656') {
          aguardar = 'ate' in r && r.ate ? r.ate : new Date(agora.getTime() + ESPERA_DISTRIBUICAO_MS);
          break;
        } else {
          const ajuda = ajudaRejeicao(r.cStat, r.xMotivo);
          throw new HttpError(502, `A SEFAZ recusou a consulta: ${r.cStat} - ${r.xMotivo}. ${ajuda.comoCorrigir}`);
        }
      }
    } finally {
      cliente.fechar();
    }
  } catch (e) {
    // Nothing received is recorded: the claim is given back, the NSU stays where it was.
    await liberar().catch(() => undefined);
    throw e;
  }
  // Transaction 2: what SEFAZ delivered, written once with the NSU it reached (one transaction: all or nothing).
  await services.db.tenant(ctx, async (q) => {
    for (const d of recebidos) {
      documentos++;
      if (await registrarDocumento(services, q, ctx, f, d)) novas++;
    }
    await q.query(
      `UPDATE dfe_controle SET cnpj = $3, ult_nsu = $4, max_nsu = $5, aguardar_ate = $6, ultima_consulta = $7, ultimo_cstat = $8, ultimo_motivo = $9, updated_at = now() WHERE tenant_id = $1 AND filial_id = $2`,
      [ctx.tenantId, f.id, f.cnpj, ult, max, aguardar, agora, ultimo.cStat, ultimo.xMotivo.slice(0, 255)],
    );
  });
  let mensagem: string;
  if (ultimo.cStat === '656') mensagem = `A SEFAZ bloqueou as consultas deste CNPJ por consumo indevido (656): aguarde até ${hora(aguardar!)} para consultar de novo.`;
  else if (novas) mensagem = `${novas} nota(s) nova(s) emitida(s) contra a filial ${f.nome}.`;
  else if (documentos) mensagem = `Notas atualizadas (${documentos} documento(s) recebido(s)), nenhuma nota nova.`;
  else mensagem = `Nenhum documento novo na SEFAZ. Pela regra da SEFAZ, a próxima consulta fica liberada às ${hora(aguardar ?? new Date(agora.getTime() + ESPERA_DISTRIBUICAO_MS))}.`;
  return { novas, documentos, cStat: ultimo.cStat, xMotivo: ultimo.xMotivo, mensagem, ultNSU: ult, maxNSU: max, aguardarAte: aguardar ? aguardar.toISOString() : null };
}

/** ultimo_cstat of a consultation claimed and not finished (dfe_controle). */
const EM_ANDAMENTO = 'consultando';

/** The job that settles one manifestação left 'transmitindo' (enqueued by transaction 1, run when the answer did not come). */
export const JOB_MANIFESTACAO = 'dfe.manifestacao';
/** How long after transaction 1 its job first looks (the person's own call settles it long before, as a rule). */
const ESPERA_JOB_MS = 2 * 60_000;

/**
 * A manifestação do destinatário on a note of the list, through the fiscal outbox (dfe_manifestacoes_envio) and the
 * transmission pipeline, with no transaction open while SEFAZ is called:
 *   transaction 1: the checks, the event signed with the branch's certificate and its identity fixed (the note's key,
 *                  tpEvento, nSeqEvento 1, dhEvento), kept 'transmitindo', its job enqueued; commit;
 *   the send:      the stored XML to the Ambiente Nacional (cOrgao 91); a 573 (the same event already registered, an
 *                  earlier answer lost) is adopted from the consultation by the note's key;
 *   transaction 2: the answer recorded once (the row leaves 'transmitindo' once, under its row lock): registered, the
 *                  event appended to dfe_eventos and the note's manifestação follows; refused, the row 'rejeitado'.
 * Ciência only on a note not yet manifested; a conclusive one (confirmação, desconhecimento, operação não realizada
 * with a reason of 15 to 255 characters) once. After a ciência or a confirmação the full NF-e is fetched at once
 * (consChNFe) and kept for download and for the purchase entry. No answer in time: the row stays 'transmitindo' and
 * the recovery (at start, and the job) settles it by the note's key, never with a second event.
 */
export async function manifestar(services: ServicosFila, ctx: CtxEmissao, id: number, body: unknown, agora = new Date()) {
  const b = (body ?? {}) as { tipo?: unknown; justificativa?: unknown };
  const tipo = String(b.tipo ?? '') as TipoManifestacao;
  const m = MANIFESTACOES[tipo];
  if (!m) throw badRequest('Tipo: escolha ciencia, confirmacao, desconhecimento ou naoRealizada.', [{ campo: 'tipo', mensagem: 'Tipo de manifestação inválido' }]);
  const just = typeof b.justificativa === 'string' ? b.justificativa.replace(/\s+/g, ' ').trim() : '';
  if (tipo === 'naoRealizada' && (just.length < 15 || just.length > 255)) {
    throw badRequest(`Justificativa: escreva de 15 a 255 caracteres por que a operação não se realizou (tem ${just.length}).`, [{ campo: 'justificativa', mensagem: 'De 15 a 255 caracteres' }]);
  }
  // Transaction 1: the checks, the event signed with its identity fixed and kept 'transmitindo', its job enqueued.
  const envioId = await services.db.tenant(ctx, async (q) => {
    const f = await filialDoCtx(q, ctx);
    const d = await lerDfe(q, ctx, id, true);
    const pendente = await q.query(`SELECT tipo FROM dfe_manifestacoes_envio WHERE tenant_id = $1 AND dfe_id = $2 AND situacao = 'transmitindo' LIMIT 1`, [ctx.tenantId, id]);
    if (pendente.rows.length) throw conflict(`Esta nota tem a ${MANIFESTACOES[pendente.rows[0].tipo as TipoManifestacao].nome.toLowerCase()} sendo transmitida à SEFAZ: aguarde a resposta.`);
    conferirManifestacao(tipo, d);
    const c = await certificadoDaFilial(services, q, ctx, f, agora);
    let evento: string;
    try {
      evento = montarEvento({ tipo: m.tpEvento, chNFe: d.chave, tpAmb: c.tpAmb, cnpj: f.cnpj, dataHora: comFuso(agora), sequencia: 1, justificativa: tipo === 'naoRealizada' ? just : undefined }, assinadorDe(c.cert));
    } catch (e) {
      if (e instanceof MensagemError) throw badRequest(e.message, [{ campo: 'justificativa', mensagem: e.message }]);
      throw e;
    }
    const r = await q.query<{ id: number }>(
      `INSERT INTO dfe_manifestacoes_envio (tenant_id, filial_id, dfe_id, tipo, tipo_evento, sequencia, justificativa, xml, ambiente, usuario_id) VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9) RETURNING id`,
      [ctx.tenantId, f.id, id, tipo, m.tpEvento, tipo === 'naoRealizada' ? just : null, evento, c.tpAmb, ctx.userId],
    );
    const envio = Number(r.rows[0].id);
    await services.jobs?.enqueue(JOB_MANIFESTACAO, { tenantId: ctx.tenantId, id: envio }, { key: `${ctx.tenantId}:${envio}`, contaId: ctx.tenantId, runAt: new Date(Date.now() + ESPERA_JOB_MS) }, q);
    return envio;
  });
  // The send, with no transaction open; then transaction 2.
  const r = await transmitirManifestacao(services, ctx, envioId, false);
  const nota = await services.db.tenant(ctx, async (q) => dfeOut((await q.query(`${LISTA_SQL} WHERE d.tenant_id = $1 AND d.id = $2`, [ctx.tenantId, id])).rows[0]));
  if (r.desfecho.tipo === 'sem-resposta') {
    return { nota, pendente: true, cStat: null, xMotivo: r.desfecho.motivo, protocolo: null, mensagem: `A SEFAZ não respondeu a tempo: a ${m.nome.toLowerCase()} segue em transmissão e é confirmada pela chave da nota assim que a SEFAZ responder.` };
  }
  if (r.desfecho.tipo === 'nada') {
    // Settled meanwhile by the recovery: its record is the answer.
    const env = (await services.db.tenant(ctx, (q) => q.query(`SELECT situacao, cstat, motivo FROM dfe_manifestacoes_envio WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, envioId]))).rows[0];
    if (env?.situacao === 'rejeitado') throw badRequest(`A SEFAZ recusou a ${m.nome.toLowerCase()}: ${env.motivo}`, [{ campo: 'tipo', mensagem: String(env.motivo), cStat: env.cstat }]);
    return { nota, cStat: env?.cstat ?? null, xMotivo: env?.motivo ?? null, protocolo: null };
  }
  if (r.desfecho.tipo !== 'autorizada') {
    const e = r.desfecho.retorno;
    const ajuda = ajudaRejeicao(e.cStat, e.xMotivo);
    throw badRequest(`A SEFAZ recusou a ${m.nome.toLowerCase()}: ${e.cStat} - ${e.xMotivo}. ${ajuda.comoCorrigir}`, [{ campo: 'tipo', mensagem: e.xMotivo, cStat: e.cStat }]);
  }
  const e = r.desfecho.retorno;
  return { nota, cStat: e.cStat, xMotivo: e.xMotivo, protocolo: e.protocolo };
}

/** An error that proves SEFAZ never received the message (refused connection, blocked before sending, a setting). */
function naoRecebido(e: unknown): boolean {
  return (e instanceof SefazIndisponivelError && !e.tempoEsgotado) || e instanceof ConsumoIndevidoError || e instanceof HttpError;
}

/**
 * One manifestação of the outbox through the pipeline (send → classify → record once). `recuperacao`: SEFAZ is asked
 * by the note's key first (the event found is adopted), unknown there the same signed XML is sent again, unreachable
 * it waits. A first send that never reached SEFAZ withdraws the event (503 to the person, nothing registered).
 */
export async function transmitirManifestacao(services: ServicosFila, ctx: CtxEmissao, envioId: number, recuperacao: boolean): Promise<{ desfecho: Desfecho<RespostaEvento> | { tipo: 'nada' } }> {
  const lido = await services.db.tenant(ctx, async (q) => {
    const row = (await q.query(`SELECT e.*, d.chave, d.arquivo_xml AS dfe_xml FROM dfe_manifestacoes_envio e JOIN dfe_documentos d ON d.tenant_id = e.tenant_id AND d.id = e.dfe_id WHERE e.tenant_id = $1 AND e.id = $2`, [ctx.tenantId, envioId])).rows[0];
    if (!row || row.situacao !== 'transmitindo') return null;
    const c2 = { ...ctx, branchId: Number(row.filial_id) };
    const f = await filialDoCtx(q, c2);
    const cert = await abrirCertificado(services, q, ctx.tenantId, f.id);
    return { row, f, c: { cert, tpAmb: Number(row.ambiente) as 1 | 2 } };
  }).catch(async (err) => {
    // The certificate expired (or the branch changed) since transaction 1: nothing was sent.
    if (err instanceof HttpError && !recuperacao) await services.db.tenant(ctx, (q) => recusar(q, ctx, envioId, { cStat: '', xMotivo: err.message }));
    throw err;
  });
  if (!lido) return { desfecho: { tipo: 'nada' } };
  const { row, f, c } = lido;
  const ev: EventoAssinado = { chave: row.chave, tpEvento: row.tipo_evento, sequencia: Number(row.sequencia), xml: row.xml };
  let proc: { nsu: string; schema: string; xml: string } | undefined;
  let d: Desfecho<RespostaEvento>;
  const cliente = await clienteDaFilial(f, c);
  try {
    const etapas = etapasEvento(cliente, ev);
    const semResposta = recuperacao ? etapas.semResposta : (err: unknown) => (naoRecebido(err) ? null : etapas.semResposta(err));
    try {
      d = await enviarEClassificar({ ...etapas, semResposta }, { consultarAntes: recuperacao });
    } catch (err) {
      if (!naoRecebido(err)) throw err;
      await services.db.tenant(ctx, (q) => recusar(q, ctx, envioId, { cStat: '', xMotivo: (err as Error).message }));
      if (err instanceof HttpError) throw err;
      indisponivel(err);
    }
    if (d.tipo === 'autorizada' && (row.tipo === 'ciencia' || row.tipo === 'confirmacao') && !row.dfe_xml) {
      try {
        const r = await distribuir(cliente, c.tpAmb, f, { chNFe: row.chave });
        proc = r?.cStat === '138' ? r.documentos.find((x) => x.schema.startsWith('procNFe')) : undefined;
      } catch {
        // the full XML comes on the next consultation or download
      }
    }
  } finally {
    cliente.fechar();
  }
  if (d.tipo === 'sem-resposta') {
    console.warn(`Manifestação (envio ${envioId}) sem resposta da SEFAZ (${d.motivo}); a recuperação consulta a SEFAZ pela chave da nota.`);
    return { desfecho: d };
  }
  // Transaction 2: the answer recorded once.
  const desfecho = d;
  await services.db.tenant(ctx, (q) => (desfecho.tipo === 'autorizada' ? registrar(services, q, ctx, f, envioId, desfecho.retorno, proc) : recusar(q, ctx, envioId, desfecho.retorno)));
  return { desfecho };
}

/** Registered at SEFAZ: recorded once (the row still 'transmitindo'), the event appended, the note's manifestação follows. */
async function registrar(services: Servicos, q: Queryable, ctx: CtxEmissao, f: Filial, envioId: number, e: RespostaEvento, proc: { nsu: string; schema: string; xml: string } | undefined): Promise<boolean> {
  const row = (await q.query(`SELECT * FROM dfe_manifestacoes_envio WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, envioId])).rows[0];
  if (!row || row.situacao !== 'transmitindo') return false;
  const tipo = row.tipo as TipoManifestacao;
  const m = MANIFESTACOES[tipo];
  const id = Number(row.dfe_id);
  const atual = (await q.query(`SELECT * FROM dfe_documentos WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, id])).rows[0];
  const arquivo = tenantKey(ctx.tenantId, 'dfe', `${atual.chave}-${m.tpEvento}.xml`);
  if (e.proc) await services.storage.put(arquivo, Buffer.from(e.proc, 'utf8'), { contentType: 'application/xml' });
  await q.query(
    `INSERT INTO dfe_eventos (tenant_id, dfe_id, tipo_evento, sequencia, justificativa, cstat, motivo, protocolo, arquivo_xml, usuario_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [ctx.tenantId, id, m.tpEvento, row.sequencia, row.justificativa, e.cStat, e.xMotivo, e.protocolo, e.proc ? arquivo : null, row.usuario_id ?? ctx.userId],
  );
  // SEFAZ registered it: the note's state follows by its declared transition (a conclusive one over a ciência, never
  // back to ciência), audited in estado_eventos on behalf of who sent it.
  if (permite(maquinaManifestacao(), m.transicao, atual.manifestacao)) {
    await transitar(q, { tenantId: ctx.tenantId, userId: row.usuario_id ?? ctx.userId, branchId: Number(row.filial_id) }, maquinaManifestacao(), id, m.transicao);
  }
  await q.query(`UPDATE dfe_manifestacoes_envio SET situacao = 'registrado', cstat = $3, motivo = $4, updated_at = now() WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, envioId, e.cStat, e.xMotivo.slice(0, 500)]);
  if (proc && !atual.arquivo_xml) await registrarDocumento(services, q, ctx, f, proc);
  return true;
}

/** Refused by SEFAZ (or never received by it): recorded once; the note keeps its manifestação. */
async function recusar(q: Queryable, ctx: CtxEmissao, envioId: number, r: { cStat: string; xMotivo: string }): Promise<boolean> {
  const row = (await q.query(`SELECT situacao FROM dfe_manifestacoes_envio WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, envioId])).rows[0];
  if (!row || row.situacao !== 'transmitindo') return false;
  await q.query(`UPDATE dfe_manifestacoes_envio SET situacao = 'rejeitado', cstat = $3, motivo = $4, updated_at = now() WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, envioId, r.cStat || null, r.xMotivo.slice(0, 500)]);
  return true;
}

/**
 * The recovery (at start, and the job of each manifestação): every manifestação left 'transmitindo' (older than
 * `idadeMs`; `alvo`: that one whatever its age) is settled by SEFAZ's own record by the note's key: the event found
 * is adopted, not found the same signed XML is sent again; SEFAZ unreachable, it waits.
 */
export async function resolverManifestacoesPendentes(services: ServicosFila, idadeMs = 120_000, alvo?: { tenantId: number; id: number }): Promise<{ resolvidos: number[]; aguardando: number }> {
  return recuperarPendentes(services.db, { tabela: 'dfe_manifestacoes_envio', coluna: 'situacao', estados: ['transmitindo'], rotulo: 'Manifestação' }, idadeMs, alvo, async (ctx, id) => {
    const r = await transmitirManifestacao(services, ctx, id, true);
    if (r.desfecho.tipo === 'nada') return null;
    return r.desfecho.tipo !== 'sem-resposta';
  });
}

/** The declared state machine of the note's manifestação (schemas/lifecycles/manifestacao.json): transitions named as the types. */
const maquinaManifestacao = () => maquina('manifestacao');

/** Transaction 1's check: the manifestação declared from the note's state, else the JSON's refusal (409, nothing changed). */
function conferirManifestacao(tipo: TipoManifestacao, d: Row): void {
  exigir(maquinaManifestacao(), MANIFESTACOES[tipo].transicao, d.manifestacao, d);
}

/** The full NF-e (nfeProc) of a note of the list: kept after the ciência, or fetched by its key (consChNFe). */
export async function xmlCompleto(services: Servicos, ctx: CtxEmissao, id: number, agora = new Date()): Promise<{ nome: string; xml: Buffer }> {
  const lido = await services.db.tenant(ctx, async (q) => {
    const d = await lerDfe(q, ctx, id);
    if (d.arquivo_xml) return { d, arquivo: d.arquivo_xml as string };
    if (d.manifestacao === 'pendente') throw conflict('Manifeste a ciência da operação antes de baixar o XML completo: até lá a SEFAZ só entrega o resumo da nota.');
    if (d.manifestacao === 'desconhecida' || d.manifestacao === 'nao_realizada') throw conflict('A operação foi desconhecida ou não realizada: a SEFAZ não entrega o XML completo desta nota.');
    const f = await filialDoCtx(q, ctx);
    return { d, arquivo: null, f, c: await certificadoDaFilial(services, q, ctx, f, agora) };
  });
  const { d } = lido;
  let arquivo = lido.arquivo;
  if (!arquivo) {
    // Fetched by its key (consChNFe) with no transaction open, then written.
    const cliente = await clienteDaFilial(lido.f!, lido.c!);
    let proc: { nsu: string; schema: string; xml: string } | undefined;
    try {
      const r = (await distribuir(cliente, lido.c!.tpAmb, lido.f!, { chNFe: d.chave }))!;
      proc = r.cStat === '138' ? r.documentos.find((x) => x.schema.startsWith('procNFe')) : undefined;
      if (!proc) throw conflict(`A SEFAZ ainda não entregou o XML completo: ${r.cStat} - ${r.xMotivo}.`);
    } finally {
      cliente.fechar();
    }
    arquivo = await services.db.tenant(ctx, async (q) => {
      await registrarDocumento(services, q, ctx, lido.f!, proc!);
      return (await lerDfe(q, ctx, id)).arquivo_xml as string | null;
    });
  }
  const st = await services.storage.get(arquivo!);
  if (!st) throw notFound('O XML desta nota não foi encontrado no armazenamento de arquivos.');
  return { nome: `${d.chave}-procNFe.xml`, xml: await paraBuffer(st) };
}

export async function eventosDfe(q: Queryable, ctx: CtxEmissao, id: number) {
  await lerDfe(q, ctx, id);
  const r = await q.query(`SELECT tipo_evento, justificativa, cstat, motivo, protocolo, created_at FROM dfe_eventos WHERE tenant_id = $1 AND dfe_id = $2 ORDER BY id`, [ctx.tenantId, id]);
  return r.rows.map((e) => ({ tpEvento: e.tipo_evento, justificativa: e.justificativa, cStat: e.cstat, xMotivo: e.motivo, protocolo: e.protocolo, data: iso(e.created_at) }));
}
