import type { NfeDocumento } from '../../../../generated/fiscal/nfe-documento.ts';
import type { AppServices } from '../../app-services.ts';
import type { Queryable } from '../../db/db.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { tenantKey } from '../../storage/storage.ts';
import { assinadorDe } from '../assinatura-xml.ts';
import type { CertificadoA1 } from '../certificado.ts';
import { EmissorNfe } from '../contingencia.ts';
import type { NfeMontada } from '../nfe.ts';
import { transmitirXmlSefaz } from '../transmissao/index.ts';
import { ajudaRejeicao } from '../rejeicoes.ts';
import { criarClienteContingencia, criarClienteSefaz } from '../sefaz-destino.ts';
import { autorizadorContingencia, ConsumoIndevidoError, SefazIndisponivelError, type RetornoAutorizacao, type SefazCliente } from '../sefaz-cliente.ts';
import { paraBuffer, abrirCertificado } from './certificados.ts';
import { moverNota } from './estado-nota.ts';
import { emitirEvento } from '../../integracoes/index.ts';

type Row = Record<string, any>;
type Servicos = Pick<AppServices, 'db' | 'storage' | 'realtime'>;

/** How a note left when the normal authoriser was down (recorded in notas_fiscais.contingencia). */
export interface ContingenciaNota {
  tipo: 'svc' | 'epec';
  autorizador: 'SVC-AN' | 'SVC-RS' | 'AN';
  tpEmis: 4 | 6 | 7;
  motivo: string;
  /** EPEC: the NF-e itself still has to go to the normal authoriser ('Transmitir pendentes') */
  pendente: boolean;
  protocoloEpec?: string;
}

export interface AutorizacaoNfe {
  montada: NfeMontada;
  retorno: RetornoAutorizacao;
  contingencia?: ContingenciaNota;
  /**
   * The normal authoriser was down and the Ambiente Nacional refused the EPEC: the note is not valid (no DANFE), and
   * as the attempt at the normal authoriser may have reached it, the number stays with the note (transmit again
   * online, or inutilise it).
   */
  epecRejeitado?: { motivo: string };
}

const PREFERENCIAS = ['svc', 'epec', 'nenhuma'] as const;

/** A client created on first use: the contingency authorisers are only reached when the normal one fails. */
function preguicoso(criar: () => Promise<SefazCliente>): { cliente: SefazCliente; fechar: () => void } {
  let p: Promise<SefazCliente> | null = null;
  const obter = () => (p ??= criar());
  const cliente = {
    autorizar: async (xml: string) => (await obter()).autorizar(xml),
    enviarEventos: async (xml: string) => (await obter()).enviarEventos(xml),
    statusServico: async () => (await obter()).statusServico(),
    consultar: async (chave: string) => (await obter()).consultar(chave),
  } as unknown as SefazCliente;
  return { cliente, fechar: () => void p?.then((c) => c.fechar(), () => undefined) };
}

const semSvc = {
  autorizar: async () => {
    throw new SefazIndisponivelError('a contingência configurada para a filial não usa o SVC');
  },
} as unknown as SefazCliente;

const indisponivel = (motivo: string) => new HttpError(503, `SEFAZ indisponível: ${motivo} Nada foi numerado; tente de novo em instantes.`);

/** The NF-e client of the branch's authoriser; a setting that does not allow it (environment, destination) is a 400. */
export async function clienteNfe(cert: CertificadoA1, uf: string, tpAmb: 1 | 2): Promise<SefazCliente> {
  try {
    return await criarClienteSefaz({ certificado: cert, uf, modelo: 55, tpAmb });
  } catch (e) {
    throw badRequest((e as Error).message, [{ campo: 'ambiente', mensagem: (e as Error).message }]);
  }
}

/**
 * Sends a built NF-e to the UF's authoriser and, when it is unavailable (no answer, or 108/109), follows the branch's
 * contingency preference through the engine's EmissorNfe: 'svc' issues it again with tpEmis 6/7 at the UF's SVC
 * (same number, new key), 'epec' registers the EPEC at the Ambiente Nacional (tpEmis 4) and leaves the NF-e to be
 * sent later, 'nenhuma' gives up (503, nothing numbered). Consumo indevido (656) never switches: it is a 503 too.
 */
export async function autorizarNfe(doc: NfeDocumento, cert: CertificadoA1, uf: string, preferencia: string): Promise<AutorizacaoNfe> {
  const pref = (PREFERENCIAS as readonly string[]).includes(preferencia) ? preferencia : 'svc';
  const base = { certificado: cert, uf, modelo: 55 as const, tpAmb: doc.ambiente };
  const normal = await clienteNfe(cert, uf, doc.ambiente);
  const svc = preguicoso(() => criarClienteContingencia(autorizadorContingencia(uf), base));
  const an = preguicoso(() => criarClienteContingencia('AN', base));
  try {
    const emissor = new EmissorNfe({ normal, svc: pref === 'svc' ? svc.cliente : semSvc, epec: pref === 'epec' ? an.cliente : undefined, assinador: assinadorDe(cert), uf });
    let r;
    try {
      r = await emissor.emitir(doc);
    } catch (e) {
      if (e instanceof SefazIndisponivelError || e instanceof ConsumoIndevidoError) throw indisponivel(e.message);
      throw e;
    }
    switch (r.situacao) {
      case 'autorizada':
      case 'rejeitada':
        return {
          montada: r.montada,
          retorno: r.retorno,
          ...(r.contingencia ? { contingencia: { tipo: 'svc', autorizador: r.contingencia.autorizador, tpEmis: r.contingencia.tpEmis, motivo: r.contingencia.motivo, pendente: false } } : {}),
        };
      case 'epec':
        return {
          montada: r.montada,
          retorno: { cStat: '136', xMotivo: 'EPEC registrado no Ambiente Nacional: NF-e emitida em contingência, a transmitir ao autorizador normal', xml: r.procEventoNFe, protocolo: r.protocolo },
          contingencia: { tipo: 'epec', autorizador: 'AN', tpEmis: 4, motivo: r.motivo, pendente: true, protocoloEpec: r.protocolo },
        };
      case 'epec-rejeitado':
        return { montada: r.montada, retorno: { ...r.retorno, ajuda: r.retorno.ajuda ?? ajudaRejeicao(r.retorno.cStat, r.retorno.xMotivo) }, epecRejeitado: { motivo: r.motivo } };
      default:
        if (pref === 'nenhuma') throw indisponivel(`${r.motivo}. A filial não usa contingência (Configurações de NF-e > Contingência).`);
        throw indisponivel(`${r.motivo}.`);
    }
  } finally {
    normal.fechar();
    svc.fechar();
    an.fechar();
  }
}

/** Tells the account's administrators that a note left in contingency (SPEC 4 alerts), in the caller's transaction. */
export async function alertarContingencia(services: Pick<Servicos, 'realtime'>, q: Queryable, tenantId: number, nota: Row, c: ContingenciaNota): Promise<void> {
  const texto = c.pendente
    ? `A NF-e ${nota.numero} série ${nota.serie} foi emitida em contingência (EPEC) porque a SEFAZ estava indisponível. Ela será transmitida ao autorizador normal quando a SEFAZ voltar; você também pode usar 'Transmitir pendentes' em Notas processadas.`
    : `A NF-e ${nota.numero} série ${nota.serie} foi autorizada em contingência (${c.autorizador}) porque o autorizador normal estava indisponível.`;
  const ins = await q.query<Row>(
    `INSERT INTO alertas (tenant_id, user_id, tipo, texto, link, permite_excluir)
     SELECT u.tenant_id, u.id, 'warning', $2, 'pages/nfe/notas-processadas', true FROM users u WHERE u.tenant_id = $1 AND u.ativo AND u.perfil_admin
     RETURNING user_id, id, tipo, texto, data, link, permite_excluir AS "permiteExcluir", lido`,
    [tenantId, texto],
  );
  for (const { user_id, ...alerta } of ins.rows) services.realtime?.toUser(tenantId, user_id, 'alerta', alerta);
}

export interface ResultadoPendentes {
  autorizadas: number[];
  rejeitadas: { id: number; cStat: string; xMotivo: string }[];
  pendentes: number;
}

/**
 * 'Transmitir pendentes': the branch's notes issued under EPEC, unchanged (tpEmis 4, same key and number), to the
 * normal authoriser in issue order; stops at the first that finds it still down. Each note is read in one short
 * transaction, sent with no transaction open, and its answer recorded in a second one, once (only while the note is
 * still 'contingencia'). An authorised one gets its protocol and nfeProc (a duplicate answer, 204/539, of a note an
 * earlier run sent is adopted from the consultation by its key); a rejected one keeps its status with the SEFAZ code
 * and help (it must be corrected within 168 hours). `apenas`: that note alone ('Transmitir de novo' on Documentos em
 * transmissão), the branch's other contingency notes left for their own turn.
 */
export async function transmitirPendentes(services: Servicos, ctx: { tenantId: number; userId: number; branchId: number | null }, apenas?: { notaId: number }): Promise<ResultadoPendentes> {
  if (!ctx.branchId) throw badRequest('Selecione uma filial.');
  const filialId = ctx.branchId;
  const res: ResultadoPendentes = { autorizadas: [], rejeitadas: [], pendentes: 0 };
  const notas = await services.db.tenant(ctx, (q) => q.query<Row>(`SELECT id FROM notas_fiscais WHERE tenant_id = $1 AND filial_id = $2 AND status = 'contingencia' ${apenas ? 'AND id = $3' : ''} ORDER BY numero, id`, apenas ? [ctx.tenantId, filialId, apenas.notaId] : [ctx.tenantId, filialId]));
  for (let k = 0; k < notas.rows.length; k++) {
    const notaId = Number(notas.rows[k].id);
    const lida = await services.db.tenant(ctx, async (q) => {
      const nota = (await q.query<Row>(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId])).rows[0];
      if (!nota || nota.status !== 'contingencia') return null;
      const cert = await abrirCertificado(services, q, ctx.tenantId, filialId);
      const uf = (await q.query(`SELECT uf FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, filialId])).rows[0]?.uf;
      const s = await services.storage.get(nota.arquivo_xml);
      if (!s) throw badRequest(`O XML da NF-e ${nota.numero} em contingência não foi encontrado no armazenamento.`);
      return { nota, cert, uf, xml: (await paraBuffer(s)).toString('utf8') };
    });
    if (!lida) continue;
    const { nota, cert, uf, xml } = lida;
    // The pipeline's send and classify, with no transaction open (a duplicate adopted from the consultation by key).
    const d = await transmitirXmlSefaz(() => criarClienteSefaz({ certificado: cert, uf, modelo: 55, tpAmb: Number(nota.ambiente) as 1 | 2 }), { chave: nota.chave, xml });
    if (d.tipo === 'sem-resposta') {
      res.pendentes = notas.rows.length - k;
      break;
    }
    const retorno = d.retorno;
    await services.db.tenant(ctx, async (q) => {
      const atual = (await q.query<Row>(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [ctx.tenantId, notaId])).rows[0];
      if (!atual || atual.status !== 'contingencia') return;
      if (d.tipo !== 'autorizada') {
        const rejeicao = { cStat: retorno.cStat, xMotivo: retorno.xMotivo, ajuda: retorno.ajuda ?? ajudaRejeicao(retorno.cStat, retorno.xMotivo) };
        await q.query(`INSERT INTO notas_fiscais_eventos (tenant_id, nota_id, tipo, cstat, motivo, usuario_id) VALUES ($1, $2, 'rejeicao', $3, $4, $5)`, [ctx.tenantId, notaId, retorno.cStat, retorno.xMotivo, ctx.userId]);
        await q.query(`UPDATE notas_fiscais SET rejeicao = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, notaId, JSON.stringify(rejeicao)]);
        res.rejeitadas.push({ id: notaId, cStat: retorno.cStat, xMotivo: retorno.xMotivo });
        // notaFiscal.contingenciaRejeitada (webhooks): the note stays 'contingencia' (issued, printed) until corrected.
        await emitirEvento(q, ctx.tenantId, 'notaFiscal.contingenciaRejeitada', {
          documento: Number(atual.modelo) === 65 ? 'NFC-e' : 'NF-e', id: notaId, modelo: Number(atual.modelo), serie: Number(atual.serie), numero: Number(atual.numero), status: atual.status, chave: atual.chave,
          total: String(atual.total), pedidoId: atual.pedido_id == null ? null : Number(atual.pedido_id), tipoEmissao: Number(atual.tipo_emissao), rejeicao,
        });
        return;
      }
      const arquivo = tenantKey(ctx.tenantId, 'nfe', `${atual.chave}-procNFe.xml`);
      await services.storage.put(arquivo, Buffer.from(retorno.nfeProc!, 'utf8'), { contentType: 'application/xml' });
      const dhRecbto = /<dhRecbto>([^<]+)</.exec(retorno.protNFe ?? '')?.[1];
      await moverNota(q, ctx, notaId, 'autorizar-contingencia', {
        protocolo: retorno.protocolo, arquivo_xml: arquivo, data_autorizacao: dhRecbto ? new Date(dhRecbto) : new Date(), rejeicao: null,
        contingencia: { ...(atual.contingencia ?? {}), pendente: false, transmitidaEm: new Date().toISOString() },
      });
      await q.query(`INSERT INTO notas_fiscais_eventos (tenant_id, nota_id, tipo, cstat, motivo, protocolo, arquivo_xml, usuario_id) VALUES ($1, $2, 'autorizacao', $3, $4, $5, $6, $7)`, [ctx.tenantId, notaId, retorno.cStat, retorno.xMotivo, retorno.protocolo, arquivo, ctx.userId]);
      await emitirEvento(q, ctx.tenantId, 'notaFiscal.autorizada', { documento: Number(atual.modelo) === 65 ? 'NFC-e' : 'NF-e', id: notaId, modelo: Number(atual.modelo), serie: Number(atual.serie), numero: Number(atual.numero), status: 'autorizada', chave: atual.chave, protocolo: retorno.protocolo, total: String(atual.total), pedidoId: atual.pedido_id == null ? null : Number(atual.pedido_id), tipoEmissao: Number(atual.tipo_emissao) });
      res.autorizadas.push(notaId);
    });
  }
  return res;
}

/** Every branch with notes waiting (the periodic job): transmitted on behalf of the user who issued them. */
export async function transmitirTodasPendentes(services: Servicos): Promise<void> {
  const r = await services.db.query<Row>(`SELECT DISTINCT ON (tenant_id, filial_id) tenant_id, filial_id, usuario_id FROM notas_fiscais WHERE status = 'contingencia' ORDER BY tenant_id, filial_id, id`);
  for (const f of r.rows) {
    await transmitirPendentes(services, { tenantId: Number(f.tenant_id), branchId: Number(f.filial_id), userId: Number(f.usuario_id) }).catch(() => undefined);
  }
}
