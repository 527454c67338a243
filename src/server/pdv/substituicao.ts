import type { AppServices } from '../app-services.ts';
import type { Queryable } from '../db/db.ts';
import { comFuso } from '../fiscal/emissao/notas.ts';
import { montarEvento, TIPOS_EVENTO } from '../fiscal/mensagens.ts';
import { enviarEClassificar, etapasEvento } from '../fiscal/transmissao/index.ts';
import { criarClienteSefaz } from '../fiscal/sefaz-destino.ts';
import { emitirEvento } from '../integracoes/index.ts';
import { tenantKey } from '../storage/storage.ts';
import { contextoNfce } from './nfce.ts';

type Row = Record<string, any>;
type Servicos = Pick<AppServices, 'db' | 'storage' | 'realtime'>;

/**
 * Cancelamento por substituição (NT 2018.004, evento 110112). A station that gets no answer to an online sale
 * prints an offline contingency NFC-e (tpEmis 9) for it; when the server had in fact authorised the online note,
 * both notes cover one sale. The customer holds the printed one, so it becomes the sale's note and the online one
 * is cancelled "by substitution", naming the printed note's key. SEFAZ accepts the event only once the printed note
 * is authorised: until then the online note waits here as 'pendente' (the transmission job retries).
 */
export const JUSTIFICATIVA_SUBSTITUICAO = 'NFC-e emitida em duplicidade: a venda foi acobertada pela NFC-e emitida em contingencia no caixa';

/** Records the online note a sale had before its offline note replaced it (inside the caller's transaction). */
export async function registrarSubstituida(q: Queryable, tenantId: number, v: Row): Promise<void> {
  await q.query(
    `INSERT INTO pdv_nfce_substituidas (tenant_id, venda_id, numero, serie, chave_acesso, protocolo, ambiente, emitida_em, xml_arquivo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (tenant_id, chave_acesso) DO NOTHING`,
    [tenantId, v.id, v.numero, v.serie, v.chave_acesso, v.protocolo, v.ambiente, v.data_autorizacao ?? v.emitida_em, v.xml_arquivo ?? null],
  );
}

/** The substituted note of a sale as the cupom answer shows it (null when the sale never had one). */
export async function substituidaDa(q: Queryable, tenantId: number, vendaId: number): Promise<Row | null> {
  const r = await q.query<Row>('SELECT numero, serie, chave_acesso, situacao, motivo, cancelada_em FROM pdv_nfce_substituidas WHERE tenant_id = $1 AND venda_id = $2 ORDER BY id DESC LIMIT 1', [tenantId, vendaId]);
  const s = r.rows[0];
  return s ? { numero: Number(s.numero), serie: Number(s.serie), chaveAcesso: s.chave_acesso, situacao: s.situacao, ...(s.motivo ? { motivo: s.motivo } : {}), canceladaEm: s.cancelada_em ?? null } : null;
}

/**
 * Sends the event of every substituted note whose replacing note is authorised (of one account, or all), each
 * claimed in a short transaction ('enviando'), sent with no transaction open, and recorded in another; a claim
 * left by a process that died is taken again after two minutes. SEFAZ away: back to 'pendente'.
 */
export async function cancelarSubstituidas(services: Servicos, tenantId?: number): Promise<{ canceladas: number; pendentes: number; erros: number }> {
  const res = { canceladas: 0, pendentes: 0, erros: 0 };
  const disponivel = `(s.situacao = 'pendente' OR (s.situacao = 'enviando' AND s.updated_at < now() - interval '2 minutes'))`;
  const lista = await services.db.query<Row>(
    `SELECT s.tenant_id, s.id FROM pdv_nfce_substituidas s JOIN pdv_vendas v ON v.tenant_id = s.tenant_id AND v.id = s.venda_id
      WHERE ${disponivel} AND v.situacao = 'autorizada' ${tenantId ? 'AND s.tenant_id = $1' : ''} ORDER BY s.id LIMIT 200`,
    tenantId ? [tenantId] : [],
  );
  for (const row of lista.rows) {
    const t = Number(row.tenant_id);
    const preparado = await services.db.tenant({ tenantId: t }, async (q) => {
      const s = (await q.query<Row>(
        `UPDATE pdv_nfce_substituidas s SET situacao = 'enviando', tentativas = s.tentativas + 1, updated_at = now()
           FROM pdv_vendas v WHERE s.tenant_id = $1 AND s.id = $2 AND ${disponivel} AND v.tenant_id = s.tenant_id AND v.id = s.venda_id AND v.situacao = 'autorizada'
         RETURNING s.*, v.chave_acesso AS substituta, v.filial_id`,
        [t, row.id],
      )).rows[0];
      if (!s) return null;
      const c = await contextoNfce(services, q, t, Number(s.filial_id), Number(s.serie));
      const evento = montarEvento(
        { tipo: TIPOS_EVENTO.CANCELAMENTO_SUBSTITUICAO, chNFe: s.chave_acesso, tpAmb: Number(s.ambiente) as 1 | 2, cnpj: String(s.chave_acesso).slice(6, 20), dataHora: comFuso(new Date()), sequencia: 1, protocolo: s.protocolo, justificativa: JUSTIFICATIVA_SUBSTITUICAO, chNFeRef: s.substituta },
        c.assinador,
      );
      return { s, c, evento };
    }).catch((e) => {
      console.error('[pdv] cancelamento por substituição: preparo falhou', e);
      return null;
    });
    if (!preparado) continue;
    const { s, c, evento } = preparado;
    // The transmission pipeline: send → classify (a 573 adopted from the consultation by the key); registered, the
    // note is cancelled; refused, 'erro' with SEFAZ's code; no answer (or any failure), back to 'pendente'.
    let resultado: { situacao: 'cancelada' | 'erro' | 'pendente'; motivo: string | null; protocolo?: string | null; proc?: string };
    try {
      const sefaz = await criarClienteSefaz({ certificado: c.cert, uf: c.uf, modelo: 65, tpAmb: c.ambiente });
      try {
        const d = await enviarEClassificar(etapasEvento(sefaz, { chave: s.chave_acesso, tpEvento: TIPOS_EVENTO.CANCELAMENTO_SUBSTITUICAO, sequencia: 1, xml: evento }));
        resultado =
          d.tipo === 'autorizada' && d.retorno.proc
            ? { situacao: 'cancelada', motivo: null, protocolo: d.retorno.protocolo, proc: d.retorno.proc }
            : d.tipo === 'sem-resposta'
              ? { situacao: 'pendente', motivo: `SEFAZ indisponível: ${d.motivo}` }
              : { situacao: 'erro', motivo: d.tipo === 'autorizada' ? `${d.retorno.cStat} - ${d.retorno.xMotivo}` : d.motivo };
      } finally {
        sefaz.fechar();
      }
    } catch (e) {
      resultado = { situacao: 'pendente', motivo: `SEFAZ indisponível: ${(e as Error).message}` };
    }
    let arquivo: string | null = null;
    if (resultado.proc) {
      arquivo = tenantKey(t, 'nfce', `${s.chave_acesso}-cancelamento-substituicao.xml`);
      await services.storage.put(arquivo, Buffer.from(resultado.proc, 'utf8'), { contentType: 'application/xml' });
    }
    await services.db.tenant({ tenantId: t }, async (q) => {
      const u = await q.query(
        `UPDATE pdv_nfce_substituidas SET situacao = $3, motivo = $4, protocolo_evento = $5, evento_arquivo = $6, cancelada_em = CASE WHEN $3 = 'cancelada' THEN now() END, updated_at = now()
          WHERE tenant_id = $1 AND id = $2 AND situacao = 'enviando'`,
        [t, s.id, resultado.situacao, resultado.motivo, resultado.protocolo ?? null, arquivo],
      );
      // notaFiscal.substituida (webhooks), in this transaction: the online note cancelled by substitution, naming the one that replaced it.
      if (u.rowCount && resultado.situacao === 'cancelada') {
        await emitirEvento(q, t, 'notaFiscal.substituida', {
          documento: 'NFC-e', origem: 'pdv', vendaId: Number(s.venda_id), numero: Number(s.numero), serie: Number(s.serie), chave: s.chave_acesso, chaveSubstituta: s.substituta, protocoloEvento: resultado.protocolo ?? null,
        });
      }
    });
    res[resultado.situacao === 'cancelada' ? 'canceladas' : resultado.situacao === 'erro' ? 'erros' : 'pendentes']++;
  }
  return res;
}
