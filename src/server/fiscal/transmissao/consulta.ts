import { SefazIndisponivelError, ConsumoIndevidoError, type SefazCliente, type RetornoAutorizacao } from '../sefaz-cliente.ts';
import type { NfeMontada } from '../nfe.ts';
import { montarNfeProc } from '../mensagens.ts';
import { campo } from '../soap.ts';

/** What the normal authoriser says about a document whose answer never came (timeout). */
export type SituacaoAposTempoEsgotado =
  /** it was authorised there: nothing to issue again */
  | { situacao: 'autorizada'; retorno: RetornoAutorizacao }
  /** not there (217): safe to issue in contingency */
  | { situacao: 'ausente'; motivo: string }
  /** the consultation failed too: issuing in contingency risks a second authorisation of the same number */
  | { situacao: 'desconhecida'; motivo: string };

/**
 * After a timeout the document may have been authorised without the answer reaching us: ask the normal
 * authoriser (NFeConsultaProtocolo) before issuing it again with another tpEmis.
 */
export async function consultarAposTempoEsgotado(cliente: SefazCliente, m: NfeMontada): Promise<SituacaoAposTempoEsgotado> {
  try {
    const c = await cliente.consultar(m.chave);
    const cStatProt = c.protNFe ? campo(c.protNFe, 'cStat') : undefined;
    if (c.protNFe && (cStatProt === '100' || cStatProt === '150')) {
      return {
        situacao: 'autorizada',
        retorno: {
          cStat: cStatProt, xMotivo: campo(c.protNFe, 'xMotivo') ?? '', xml: c.xml, chave: m.chave, protocolo: campo(c.protNFe, 'nProt'), protNFe: c.protNFe,
          nfeProc: montarNfeProc(m.xml, c.protNFe),
        },
      };
    }
    if (c.cStat === '217') return { situacao: 'ausente', motivo: `${c.cStat} - ${c.xMotivo}` };
    return { situacao: 'desconhecida', motivo: `consulta do protocolo: ${c.cStat} - ${c.xMotivo}` };
  } catch (e) {
    if (!(e instanceof SefazIndisponivelError) && !(e instanceof ConsumoIndevidoError)) throw e;
    return { situacao: 'desconhecida', motivo: `consulta do protocolo: ${e.message}` };
  }
}
