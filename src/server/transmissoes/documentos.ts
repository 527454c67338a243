import type { AppServices } from '../app-services.ts';
import type { RequestContext } from '../auth/context.ts';
import { conflict, notFound } from '../http/errors.ts';
import { resolverTransmitindo as resolverNotaTransmitindo } from '../fiscal/emissao/notas.ts';
import { resolverEventosPendentes } from '../fiscal/emissao/eventos.ts';
import { transmitirPendentes as transmitirNfeContingencia } from '../fiscal/emissao/contingencia-nfe.ts';
import { resolverNfseTransmitindo } from '../nfse/transmissao.ts';
import { enviarContingencia, resolverTransmitindo as resolverNfceTransmitindo } from '../pdv/cupons.ts';
import { resolverCancelamentos } from '../pdv/cancelamento.ts';
import { MANIFESTACOES, resolverManifestacoesPendentes, type TipoManifestacao } from '../fiscal/dfe/manifestacoes.ts';
import type { DocumentoEmTransmissao, TipoDocumento } from '../../shared/transmissoes.ts';
import { partesDaChave } from '../../shared/fiscal/chave.ts';

type Row = Record<string, any>;
type Servicos = Pick<AppServices, 'db' | 'storage' | 'realtime' | 'jobs'>;
type Ctx = Pick<RequestContext, 'tenantId' | 'userId' | 'branchId'>;

const NOME_EVENTO: Record<string, string> = { cancelamento: 'Cancelamento de NF-e', cce: 'Carta de correção', inutilizacao: 'Inutilização' };

function erroDe(rejeicao: Row | null | undefined): string | null {
  if (!rejeicao) return null;
  if (rejeicao.cStat || rejeicao.xMotivo) return [rejeicao.cStat, rejeicao.xMotivo].filter(Boolean).join(' - ');
  if (typeof rejeicao.mensagem === 'string') return rejeicao.mensagem;
  return JSON.stringify(rejeicao);
}

/** The account's unsettled documents, oldest first (RLS and the tenant condition keep accounts apart). */
export async function listarDocumentosEmTransmissao(services: Servicos, ctx: Ctx): Promise<DocumentoEmTransmissao[]> {
  return services.db.tenant(ctx, async (q) => {
    const t = [ctx.tenantId];
    const out: DocumentoEmTransmissao[] = [];
    const nfe = await q.query<Row>(`SELECT id, modelo, serie, numero, status, rejeicao, updated_at FROM notas_fiscais WHERE tenant_id = $1 AND status IN ('transmitindo', 'contingencia') ORDER BY updated_at, id`, t);
    for (const n of nfe.rows)
      out.push({
        tipo: 'nfe',
        id: Number(n.id),
        documento: Number(n.modelo) === 65 ? 'NFC-e' : 'NF-e',
        numero: n.numero == null ? null : `${n.numero}/${n.serie}`,
        situacao: n.status,
        desde: new Date(n.updated_at).toISOString(),
        ultimoErro: erroDe(n.rejeicao),
        acoes: n.status === 'contingencia' ? ['transmitir'] : ['consultar'],
      });
    const nfse = await q.query<Row>(`SELECT id, serie_dps, numero_dps, numero_nfse, situacao, rejeicao, updated_at FROM notas_servico WHERE tenant_id = $1 AND situacao IN ('transmitindo', 'cancelando') ORDER BY updated_at, id`, t);
    for (const n of nfse.rows)
      out.push({
        tipo: 'nfse',
        id: Number(n.id),
        documento: n.situacao === 'cancelando' ? 'Cancelamento de NFS-e' : 'NFS-e',
        numero: n.numero_nfse != null && n.situacao === 'cancelando' ? String(n.numero_nfse) : `DPS ${n.numero_dps}/${n.serie_dps}`,
        situacao: n.situacao,
        desde: new Date(n.updated_at).toISOString(),
        ultimoErro: erroDe(n.rejeicao),
        acoes: ['consultar'],
      });
    const ev = await q.query<Row>(
      `SELECT e.id, e.tipo, e.situacao, e.cstat, e.motivo, e.updated_at, e.dados, n.numero, n.serie FROM nfe_eventos_envio e LEFT JOIN notas_fiscais n ON n.tenant_id = e.tenant_id AND n.id = e.nota_id
        WHERE e.tenant_id = $1 AND (e.situacao = 'transmitindo' OR (e.situacao = 'rejeitado' AND NOT EXISTS (
          SELECT 1 FROM nfe_eventos_envio d WHERE d.tenant_id = e.tenant_id AND d.tipo = e.tipo AND d.id > e.id AND d.nota_id IS NOT DISTINCT FROM e.nota_id
             AND (e.nota_id IS NOT NULL OR d.dados = e.dados))))
        ORDER BY e.updated_at, e.id`,
      t,
    );
    for (const e of ev.rows)
      out.push({
        tipo: 'evento',
        id: Number(e.id),
        documento: NOME_EVENTO[e.tipo] ?? e.tipo,
        numero: e.numero != null ? `${e.numero}/${e.serie}` : e.dados?.numeroInicial != null ? `${e.dados.numeroInicial} a ${e.dados.numeroFinal}` : null,
        situacao: e.situacao,
        desde: new Date(e.updated_at).toISOString(),
        ultimoErro: e.cstat || e.motivo ? [e.cstat, e.motivo].filter(Boolean).join(' - ') : null,
        acoes: e.situacao === 'transmitindo' ? ['consultar'] : [],
      });
    const pdv = await q.query<Row>(
      `SELECT id, serie, numero, situacao, motivo, justificativa_cancelamento, updated_at FROM pdv_vendas
        WHERE tenant_id = $1 AND ((situacao = 'pendente' AND documento IS NOT NULL AND numero IS NOT NULL AND resposta IS NULL) OR (situacao = 'contingencia' AND xml_arquivo IS NOT NULL)
           OR (situacao = 'autorizada' AND justificativa_cancelamento IS NOT NULL))
        ORDER BY updated_at, id`,
      t,
    );
    for (const v of pdv.rows) {
      const cancelamento = v.situacao === 'autorizada';
      out.push({
        tipo: cancelamento ? 'cancelamento-nfce' : 'nfce',
        id: Number(v.id),
        documento: cancelamento ? 'Cancelamento de NFC-e (PDV)' : 'NFC-e (PDV)',
        numero: `${v.numero}/${v.serie}`,
        situacao: cancelamento ? 'cancelando' : v.situacao === 'pendente' ? 'transmitindo' : v.situacao,
        desde: new Date(v.updated_at).toISOString(),
        ultimoErro: v.motivo ?? null,
        acoes: v.situacao === 'contingencia' ? ['transmitir'] : ['consultar'],
      });
    }
    // Manifestações do destinatário sent and not answered: the supplier's note by its number and série (in its key).
    const man = await q.query<Row>(
      `SELECT e.id, e.tipo, e.situacao, e.cstat, e.motivo, e.updated_at, d.chave, d.emitente_nome FROM dfe_manifestacoes_envio e
         JOIN dfe_documentos d ON d.tenant_id = e.tenant_id AND d.id = e.dfe_id
        WHERE e.tenant_id = $1 AND e.situacao = 'transmitindo' ORDER BY e.updated_at, e.id`,
      t,
    );
    for (const m of man.rows) {
      const nota = partesDaChave(m.chave);
      out.push({
        tipo: 'manifestacao',
        id: Number(m.id),
        documento: `${MANIFESTACOES[m.tipo as TipoManifestacao].nome} (NF-e de ${m.emitente_nome})`,
        numero: `${Number(nota.numero)}/${Number(nota.serie)}`,
        situacao: m.situacao,
        desde: new Date(m.updated_at).toISOString(),
        ultimoErro: m.cstat || m.motivo ? [m.cstat, m.motivo].filter(Boolean).join(' - ') : null,
        acoes: ['consultar'],
      });
    }
    return out.sort((a, b) => a.desde.localeCompare(b.desde));
  });
}

async function umDocumento(services: Servicos, ctx: Ctx, tipo: TipoDocumento, id: number): Promise<DocumentoEmTransmissao | null> {
  return (await listarDocumentosEmTransmissao(services, ctx)).find((d) => d.tipo === tipo && d.id === id) ?? null;
}

export interface ResultadoAcao {
  resolvido: boolean;
  mensagem: string;
  documento: DocumentoEmTransmissao | null;
}

/**
 * "Consultar na SEFAZ" / "Transmitir de novo" for one document, with no transaction open: the same recovery the
 * periodic jobs run (by key, by DPS id; unknown there, the same signed XML again), narrowed to this document and
 * without the age wait. Nothing here talks to SEFAZ itself.
 */
export async function agirSobreDocumento(services: Servicos, ctx: Ctx, tipo: TipoDocumento, id: number, acao: 'consultar' | 'transmitir'): Promise<ResultadoAcao> {
  const antes = await umDocumento(services, ctx, tipo, id);
  if (!antes) throw notFound('Este documento não está mais em transmissão: atualize a lista.');
  if (!antes.acoes.includes(acao)) throw conflict(acao === 'transmitir' ? 'Este documento não se transmite de novo por aqui: use "Consultar na SEFAZ".' : 'Este documento não tem o que consultar na SEFAZ.');
  const alvo = { tenantId: ctx.tenantId, id };
  if (tipo === 'nfe' && acao === 'consultar') await resolverNotaTransmitindo(services, -60_000, alvo);
  else if (tipo === 'nfe') {
    const filial = (await services.db.tenant(ctx, (q) => q.query<Row>(`SELECT filial_id FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id]))).rows[0];
    // This note only (the same key and number); the branch's other contingency notes wait for their own turn.
    await transmitirNfeContingencia(services, { tenantId: ctx.tenantId, userId: ctx.userId, branchId: Number(filial.filial_id) }, { notaId: id });
  } else if (tipo === 'nfse') await resolverNfseTransmitindo(services, -60_000, alvo);
  else if (tipo === 'evento') await resolverEventosPendentes(services, -60_000, alvo);
  else if (tipo === 'nfce' && acao === 'consultar') await resolverNfceTransmitindo(services, { autorizadas: 0, pendentes: 0 }, ctx.tenantId, -60_000, id);
  else if (tipo === 'nfce') await enviarContingencia(services, ctx.tenantId, id, ctx.userId ?? null);
  else if (tipo === 'manifestacao') await resolverManifestacoesPendentes(services, -60_000, alvo);
  else await resolverCancelamentos(services, ctx.tenantId, -60_000, id);
  const depois = await umDocumento(services, ctx, tipo, id);
  const resolvido = !depois || depois.situacao !== antes.situacao;
  return {
    resolvido,
    documento: depois,
    mensagem: resolvido ? `${antes.documento} ${antes.numero ?? ''}: resolvido com a resposta da SEFAZ.`.replace(/ +:/, ':') : `${antes.documento} ${antes.numero ?? ''}: a SEFAZ ainda não respondeu; o documento continua em transmissão e a recuperação automática tenta de novo.`.replace(/ +:/, ':'),
  };
}
