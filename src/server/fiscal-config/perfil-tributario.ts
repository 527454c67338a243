import { loadLookups } from '../catalog/documents.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { tabelasIbsCbs, validarClassificacaoIbsCbs, type TabelasIbsCbs } from '../../shared/fiscal/ibscbs.ts';
import type { CClassTribItem } from '../../shared/fiscal/ibscbs.ts';
import type { CIndOpItem, CorrelacaoServicoItem } from '../../shared/fiscal/ibscbs-sugestao.ts';
import { Problemas } from './regras.ts';

/** The IBS/CBS tables as the product ships them (schemas/lookups, derived from the published spreadsheets). */
let tabelas: TabelasIbsCbs | undefined;
export const tabelasIbsCbsDoProduto = (): TabelasIbsCbs => (tabelas ??= tabelasIbsCbs(loadLookups()));
let sugestao: { correlacao: CorrelacaoServicoItem[]; cClassTrib: CClassTribItem[]; cIndOp: CIndOpItem[] } | null = null;
/** What the IBS/CBS suggestion of a product's fiscal tab reads: Anexo VIII (lookup correlacaoServicoIbsCbs), cClassTrib, cIndOp. */
export function tabelasDeSugestao(): { correlacao: CorrelacaoServicoItem[]; cClassTrib: CClassTribItem[]; cIndOp: CIndOpItem[] } {
  if (!sugestao) {
    const l = loadLookups();
    const itens = <T,>(nome: string) => (l.get(nome)?.items ?? []) as unknown as T[];
    sugestao = { correlacao: itens<CorrelacaoServicoItem>('correlacaoServicoIbsCbs'), cClassTrib: tabelasIbsCbsDoProduto().cClassTrib, cIndOp: itens<CIndOpItem>('cIndOp') };
  }
  return sugestao;
}

const hojeSaoPaulo = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);

/**
 * Perfis tributários (schemas/resources/perfilTributario.json): the IBS/CBS classification (issue 39) is a CST and a
 * cClassTrib of the published tables, the CST prefixing the cClassTrib, in force today and usable on some document
 * the shop issues (NF-e, NFC-e or NFS-e). The document model is checked again per line when taxing (tributarLinha).
 */
const hooks: ResourceHooks = {
  validate(_ctx, data, current) {
    if (!('cstIbsCbs' in data) && !('cClassTrib' in data)) return;
    const cst = (('cstIbsCbs' in data ? data.cstIbsCbs : current?.cstIbsCbs) ?? null) as string | null;
    const cClassTrib = (('cClassTrib' in data ? data.cClassTrib : current?.cClassTrib) ?? null) as string | null;
    const p = new Problemas();
    const t = tabelasIbsCbsDoProduto();
    const erros = validarClassificacaoIbsCbs(t, { cst: cst || null, cClassTrib: cClassTrib || null }, { data: hojeSaoPaulo() });
    for (const e of erros) p.add(e.campo, e.mensagem);
    const item = cClassTrib ? t.cClassTrib.find((i) => i.value === cClassTrib) : undefined;
    if (item && !erros.length && !item.modelos.length) {
      p.add('cClassTrib', `A classificação tributária ${cClassTrib} não é usada em NF-e, NFC-e nem NFS-e: escolha outra.`);
    }
    p.throwIfAny();
  },
};
export default hooks;
