// Transmit an NF-e: transaction 1 (numbered, built, signed, validated, 'transmitindo'), the send through the pipeline of
// fiscal/transmissao with no transaction open, and the recovery by key of notes a crash left 'transmitindo'.
import type { NfeDocumento } from '../../../../generated/fiscal/nfe-documento.ts';
import { type DadosNotaFiscal } from '../../../shared/fiscal/nota-fiscal.ts';
import type { Queryable } from '../../db/db.ts';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';
import { tenantKey } from '../../storage/storage.ts';
import { assinadorDe } from '../assinatura-xml.ts';
import { calcularNfe } from '../../../shared/fiscal/nfe-calculo.ts';
import { montarNfe } from '../nfe.ts';
import { pacoteDoDocumento, validarMensagem } from '../validacao-xsd.ts';
import { abrirCertificado, alertarVencimentos, paraBuffer } from './certificados.ts';
import { autorizarNfe, clienteNfe, type AutorizacaoNfe } from './contingencia-nfe.ts';
import { classificarResposta, recuperarPendentes, transmitirXmlSefaz } from '../transmissao/index.ts';
import { type CtxEmissao, type Servicos, configuracaoNfe, lerNota, notaOut, rascunhoDe, ultimoNumero, validarDados } from './dados-nota.ts';
import { type NotaMontada, montarDocumento } from './montagem.ts';
import { desfazerReserva, reservarNumeroNfe } from './numeracao-nfe.ts';
import { moverNota } from './estado-nota.ts';
import { pedidoSemNota, salvarRascunho } from './rascunhos.ts';
import { type OpcoesAutorizacao, type OpcoesTransmissao, type Preparada, Rejeitada, type ResultadoTransmissao, avisarPedido, compensarPedido, origemDaNota, registrarNaTransacao, rejeitarNaTransacao } from './registro-nfe.ts';

type Row = Record<string, any>;

/**
 * The NF-e's send: the branch's authoriser, or its contingency (autorizarNfe), with no transaction open; a duplicate
 * answer (204/539) to the normal authoriser settled by the pipeline (adopted when SEFAZ holds this key authorised).
 */
async function enviarNfe(p: Preparada): Promise<AutorizacaoNfe> {
  const uf = p.m.doc.emitente.endereco.uf;
  const aut = await autorizarNfe(p.m.doc, p.cert, uf, p.conf.contingencia);
  if (aut.contingencia || aut.epecRejeitado) return aut;
  const d = await classificarResposta(() => clienteNfe(p.cert, uf, p.m.doc.ambiente), aut.montada, aut.retorno);
  return d.tipo === 'autorizada' ? { ...aut, retorno: d.retorno } : aut;
}

/**
 * THE issuing service (emitir-nfe, the assistant, the demo's import): a note of its own, in two short transactions
 * with SEFAZ called between them, so no row lock, pool connection or (on PGlite) the single connection waits on the
 * authoriser:
 * - tx1 locks the note, checks everything the user can fix with a provisional number, takes the series' number
 *   (sequencias_filial: a number given back earlier first, else the next; gap-free under concurrency), builds and
 *   signs the NF-e and keeps it on the note as 'transmitindo' (number, key, document, signed XML in the storage);
 * - then the one send (enviarPreparada): SEFAZ with no transaction open and tx2 recording the answer once; the note
 *   posts the stock movements and receivables its natureza asks for when authorised; a rejection is the answer (the
 *   note 'rejeitada' with the code and its help text), not an error.
 * A crash between the two leaves the note 'transmitindo': resolverTransmitindo (the periodic job) consults SEFAZ by
 * its key and finishes it.
 */
export async function transmitirNotaFiscal(services: Servicos, ctx: CtxEmissao, notaId: number, agora = new Date(), _opcoes: OpcoesTransmissao = {}): Promise<ResultadoTransmissao> {
  let p: Preparada;
  try {
    p = await reservarTransmissao(services, ctx, notaId, agora);
  } catch (e) {
    void alertarVencimentos(services).catch(() => {});
    throw e;
  }
  return enviarPreparada(services, ctx, p, { doDocumento: false, agora });
}

/**
 * A note its business document prepared in its own transaction (a sales order's faturar: prepararNotaDoPedido; a
 * return to the supplier: prepararNotaDeOrigem), sent after that transaction committed by the one send
 * (enviarPreparada): the note posts nothing itself (the document did); a rejection runs the document's compensating
 * transition and is a 400 with the SEFAZ code and its help text.
 */
export function transmitirNotaDoPedido(services: Servicos, ctx: CtxEmissao, p: Preparada): Promise<ResultadoTransmissao> {
  return enviarPreparada(services, ctx, p, { doDocumento: true });
}

/**
 * The one send of a note tx1 left 'transmitindo' (the note screens' and a business document's alike), with no
 * transaction open: SEFAZ (or the branch's contingency), then tx2 records the answer once, acting only on a note still
 * 'transmitindo' with that number (running it twice does nothing the second time):
 * - authorised (or EPEC): the note 'autorizada' ('contingencia'); a note of its own posts what its natureza asks, a
 *   document's note nothing (tied to its order);
 * - rejected or denied: the rejection recorded (rejeitar); a document's note runs the document's compensating
 *   transition and the answer is a 400 with the SEFAZ code and its help text; a note of its own answers the rejection;
 * - an error autorizarNfe classified (503 SEFAZ and contingency unreachable, 400 a setting to fix) proves SEFAZ never
 *   got the note: the number goes back to the series (devolver-numero) and the error is the answer; a document's note
 *   also compensates the document and removes its unsent draft. Anything else may have reached SEFAZ: the note stays
 *   'transmitindo' for the recovery by key (screens and documents alike), as does an answer tx2 could not record
 *   for a document's note.
 */
async function enviarPreparada(services: Servicos, ctx: CtxEmissao, p: Preparada, modo: { doDocumento: boolean; agora?: Date }): Promise<ResultadoTransmissao> {
  const notaId = Number(p.nota.id);
  const { doDocumento } = modo;
  const transmitindo = (motivo: string): ResultadoTransmissao => {
    console.warn(`NF-e ${p.numero}${p.nota.pedido_id != null ? ` do pedido ${p.nota.pedido_id}` : ''}: ${motivo}; a recuperação consulta a SEFAZ pela chave.`);
    return { nota: notaOut({ ...p.nota, status: 'transmitindo' }), autorizada: false };
  };
  try {
    const t1 = performance.now();
    let aut: AutorizacaoNfe;
    try {
      aut = await enviarNfe(p);
    } catch (e) {
      // Only an error autorizarNfe classified proves SEFAZ never got the note; anything else may have reached it, so the
      // note keeps its number and key for the recovery (never a second key for a number already sent).
      if (!(e instanceof HttpError)) return transmitindo(`transmissão interrompida (${(e as Error).message})`);
      await services.db.tenant(ctx, async (q) => {
        const nota = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
        if (!nota || nota.status !== 'transmitindo' || Number(nota.numero) !== p.numero) return;
        await desfazerReserva(q, ctx, notaId, p.numero);
        if (!doDocumento) return;
        const ev = await q.query(`SELECT 1 FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 LIMIT 1`, [ctx.tenantId, notaId]);
        if (!ev.rows.length) await q.query(`DELETE FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 AND status = 'rascunho'`, [ctx.tenantId, notaId]);
        const origem = origemDaNota(nota);
        if (origem) await origem.compensar(services, q, ctx, nota);
        else {
          if (!compensarPedido) throw new Error('transmitirNotaDoPedido: a compensação do pedido de venda não foi registrada');
          await compensarPedido(services, q, ctx, Number(nota.pedido_id));
        }
      });
      throw e;
    }
    if (!doDocumento && medidasEmissao.ativo) medidasEmissao.registros.push({ montagem: p.montagemMs, transmissao: performance.now() - t1 });
    try {
      // tx2: the answer recorded, postings made (once).
      return await services.db.tenant(ctx, async (q) => {
        const nota = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
        if (!nota || nota.status !== 'transmitindo' || Number(nota.numero) !== p.numero) return { nota: notaOut(nota), autorizada: nota?.status === 'autorizada' || nota?.status === 'contingencia' };
        return registrarNaTransacao(services, q, ctx, { ...p, nota }, aut, doDocumento ? new Date(nota.data_emissao ?? Date.now()) : (modo.agora ?? new Date()), { lancar: !doDocumento });
      });
    } catch (e) {
      if (!(e instanceof Rejeitada)) {
        if (doDocumento) return transmitindo(`resposta da SEFAZ não gravada (${(e as Error).message})`);
        throw e;
      }
      if (!doDocumento) {
        // A note sent from the note screens posts its own postings only when authorised: nothing to compensate.
        const r = await services.db.tenant(ctx, async (q) => (await rejeitarNaTransacao(services, q, ctx, notaId, e, e.numero, { compensar: false })) ?? lerNota(q, ctx, notaId));
        return { nota: notaOut(r), autorizada: false, rejeicao: e.rejeicao };
      }
      await services.db.tenant(ctx, (q) => rejeitarNaTransacao(services, q, ctx, notaId, e, p.numero));
      const { cStat, xMotivo, ajuda } = e.rejeicao;
      throw badRequest(`A SEFAZ rejeitou a NF-e: ${cStat} - ${xMotivo}. ${ajuda.comoCorrigir}`, [{ campo: 'nfe', mensagem: `${cStat} - ${xMotivo}`, cStat }]);
    }
  } finally {
    if (doDocumento) avisarPedido(services, ctx, notaId);
    void alertarVencimentos(services).catch(() => {});
  }
}

/** tx1 on its own: the note numbered, signed and kept as 'transmitindo' (committed); what a crash right after leaves. */
export async function reservarTransmissao(services: Servicos, ctx: CtxEmissao, notaId: number, agora = new Date()): Promise<Preparada> {
  return services.db.tenant(ctx, async (q) => {
    const prep = await prepararNaTransacao(services, q, ctx, notaId, agora, { lancar: true, validarXsd: false });
    await reservarNaTransacao(services, q, ctx, prep);
    return prep;
  });
}

/** Time of the steps of each issue (npm run bench:vendas turns it on): build + sign + XSD, and the SEFAZ round-trip. */
export const medidasEmissao = { ativo: false, registros: [] as { montagem: number; transmissao: number }[] };

/**
 * Locks the note, checks what the user can fix with a provisional number (a 400 before the series moves), takes the
 * series' number and builds the NF-e (optionally XSD-validated).
 */
async function prepararNaTransacao(services: Servicos, q: Queryable, ctx: CtxEmissao, notaId: number, agora: Date, opcoes: OpcoesAutorizacao): Promise<Preparada> {
  const nota = await lerNota(q, ctx, notaId, true);
  if (nota.status !== 'rascunho' && nota.status !== 'rejeitada') throw conflict(nota.status === 'transmitindo' ? 'Esta nota está sendo transmitida à SEFAZ: aguarde a resposta (Notas processadas mostra a situação).' : `Esta nota já está ${nota.status}.`);
  const filialId = Number(nota.filial_id);
  if (filialId !== ctx.branchId) throw badRequest('Esta nota é de outra filial: troque para a filial dela para transmiti-la.');
  // A note tied to an order, sent from the note screens (a rejected faturar's note, an 'Emitir NF-e' draft): only
  // while the order is faturado without an authorised note (its postings are the order's).
  if (opcoes.lancar && nota.pedido_id != null) await pedidoSemNota(q, ctx, filialId, Number(nota.pedido_id));
  const dados = validarDados(rascunhoDe(nota.dados));
  const conf = await configuracaoNfe(q, ctx.tenantId, filialId);
  // Everything the user can fix is checked with a provisional number before the series moves.
  await montarDocumento(q, ctx, dados, (await ultimoNumero(q, ctx.tenantId, filialId, 'nfe', conf.serieNfe)) + 1, agora);
  const cert = await abrirCertificado(services, q, ctx.tenantId, filialId, agora.getTime());
  const t0 = performance.now();
  // A note that kept its number after a refused EPEC is sent again with that number and series.
  const mantido = nota.status === 'rejeitada' && nota.dados?.numeroMantido === true && nota.numero != null;
  const numero = mantido ? Number(nota.numero) : await reservarNumeroNfe(q, ctx.tenantId, filialId, conf.serieNfe);
  const m = await montarDocumento(q, ctx, dados, numero, agora, mantido ? Number(nota.serie) : undefined);
  if (opcoes.validarXsd) {
    const xml = montarNfe(m.doc, assinadorDe(cert)).xml;
    const v = await validarMensagem(xml, pacoteDoDocumento(xml)); // PL_010 when it carries the IBS/CBS groups
    if (!v.valido) throw badRequest(`A NF-e não passou na validação do leiaute (XSD): ${v.erros.map((e) => `${e.caminho}: ${e.mensagem}`).join('; ')}`, v.erros.map((e) => ({ campo: e.caminho, mensagem: e.mensagem })));
  }
  return { nota, numero, m, cert, conf, montagemMs: performance.now() - t0 };
}

/** tx1's record: the note numbered and signed, 'transmitindo', its signed XML in the storage (what the job resends). */
async function reservarNaTransacao(services: Servicos, q: Queryable, ctx: CtxEmissao, p: Preparada): Promise<void> {
  const montada = montarNfe(p.m.doc, assinadorDe(p.cert));
  const arquivo = tenantKey(ctx.tenantId, 'nfe', `${montada.chave}-nfe.xml`);
  await services.storage.put(arquivo, Buffer.from(montada.xml, 'utf8'), { contentType: 'application/xml' });
  await moverNota(q, ctx, Number(p.nota.id), 'transmitir', {
    serie: p.m.serie, numero: p.numero, chave: montada.chave, ambiente: p.m.doc.ambiente, data_emissao: p.m.doc.ide.dataEmissao, arquivo_xml: arquivo,
    dados: { ...(p.nota.dados ?? {}), documento: p.m.doc, statusAnterior: p.nota.status },
  });
}

/**
 * Notes left 'transmitindo' by a crash between tx1 and tx2 (older than `idadeMs`): SEFAZ is consulted by the note's
 * key; authorised there, the authorisation is recorded and posted as tx2 would; unknown there (217), the same signed
 * XML (same number and key) is sent again and its answer recorded; SEFAZ still unreachable, the note waits for the
 * next run. Never numbers again.
 */
export async function resolverTransmitindo(services: Servicos, idadeMs = 120_000, alvo?: { tenantId: number; id: number }): Promise<{ resolvidas: number[]; aguardando: number }> {
  const r = await recuperarPendentes(services.db, { tabela: 'notas_fiscais', coluna: 'status', estados: ['transmitindo'], rotulo: 'NF-e' }, idadeMs, alvo, (ctx, id) => resolverUma(services, ctx, id));
  return { resolvidas: r.resolvidos, aguardando: r.aguardando };
}

async function resolverUma(services: Servicos, ctx: CtxEmissao, notaId: number): Promise<boolean> {
  const lida = await services.db.tenant(ctx, async (q) => {
    const nota = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId])).rows[0];
    if (!nota || nota.status !== 'transmitindo') return null;
    const cert = await abrirCertificado(services, q, ctx.tenantId, Number(nota.filial_id));
    const uf = (await q.query(`SELECT uf FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, nota.filial_id])).rows[0]?.uf;
    return { nota, cert, uf };
  });
  if (!lida) return true;
  const { nota, cert, uf } = lida;
  const s = await services.storage.get(nota.arquivo_xml);
  if (!s) return false;
  const xml = (await paraBuffer(s)).toString('utf8');
  const doc = nota.dados.documento as NfeDocumento;
  const montada = { chave: nota.chave as string, xml, calculo: calcularNfe(doc) } as unknown as AutorizacaoNfe['montada'];
  // The pipeline: asked by the key first; unknown at SEFAZ, the same signed XML (same number, same key) again, never a
  // new key for this number; a duplicate (another sender of this very key got there first) adopted from the consultation.
  const d = await transmitirXmlSefaz(() => clienteNfe(cert, uf, Number(nota.ambiente) as 1 | 2), montada, { consultarAntes: true });
  if (d.tipo === 'sem-resposta') return false;
  const retorno = d.retorno;
  const numero = Number(nota.numero);
  try {
    await services.db.tenant(ctx, async (q) => {
      const atual = (await q.query(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
      if (!atual || atual.status !== 'transmitindo' || Number(atual.numero) !== numero) return;
      const natureza = (await q.query(`SELECT * FROM naturezas_operacao WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, atual.natureza_id])).rows[0];
      const cliente = (await q.query(`SELECT * FROM pessoas WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, atual.cliente_id])).rows[0];
      const m = { doc, natureza, cliente, produtos: new Map(), serie: Number(atual.serie) } as NotaMontada;
      await registrarNaTransacao(services, q, ctx, { nota: atual, numero, m }, { montada, retorno }, new Date(atual.data_emissao), { lancar: true });
    });
  } catch (e) {
    if (!(e instanceof Rejeitada)) throw e;
    await services.db.tenant(ctx, (q) => rejeitarNaTransacao(services, q, ctx, notaId, e, numero));
  }
  avisarPedido(services, ctx, notaId);
  return true;
}

/**
 * Transaction 1 of a sales order's NF-e (faturar's own transaction, after its stock, receivables and sales lines):
 * the note is saved tied to the order, numbered, built, signed, validated against the XSD and kept 'transmitindo'
 * with its key fixed (cNF in the stored document, signed XML in the storage). Nothing is sent here and the note
 * posts nothing itself. What the user can fix (cliente, products, tax rules, XSD) is a 400 that rolls faturar back.
 * The caller hands the result to transmitirNotaDoPedido once its transaction committed.
 */
export async function prepararNotaDoPedido(services: Servicos, q: Queryable, ctx: CtxEmissao, dados: DadosNotaFiscal, origem: { pedidoId: number }, agora = new Date()): Promise<Preparada> {
  // Saved without the order (it is not faturado yet inside this transaction), then tied to it.
  const rascunho = await salvarRascunho(q, ctx, { ...dados, pedidoId: null });
  await q.query(`UPDATE notas_fiscais SET pedido_id = $3, dados = dados || jsonb_build_object('pedidoId', $3::int) WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, rascunho.id, origem.pedidoId]);
  const p = await prepararNaTransacao(services, q, ctx, Number(rascunho.id), agora, { lancar: false, validarXsd: true });
  await reservarNaTransacao(services, q, ctx, p);
  return p;
}

/**
 * Transaction 1 of a note issued for another business document (a return to the supplier), in that document's
 * transaction after its postings: the saved draft marked with its origin (what transaction 2 and the recovery read),
 * numbered, built, signed, XSD-validated and kept 'transmitindo' with its key. Sent by transmitirNotaDoPedido.
 */
export async function prepararNotaDeOrigem(services: Servicos, q: Queryable, ctx: CtxEmissao, notaId: number, origem: { tipo: string } & Row, agora = new Date()): Promise<Preparada> {
  origemDaNota({ id: notaId, dados: { origem } });
  await q.query(`UPDATE notas_fiscais SET dados = dados || jsonb_build_object('origem', $3::jsonb) WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId, JSON.stringify(origem)]);
  const p = await prepararNaTransacao(services, q, ctx, notaId, agora, { lancar: false, validarXsd: true });
  await reservarNaTransacao(services, q, ctx, p);
  return p;
}

