import type { CClassTribItem } from './ibscbs.ts';

/** One item of the lookup correlacaoServicoIbsCbs (Anexo VIII of the NFS-e RTC documentation). */
export interface CorrelacaoServicoItem { value: string; label: string; opcoes: { cIndOp: string; cClassTrib: string; nbs: number }[] }
export interface CIndOpItem { value: string; label: string; nfe: boolean; nfse: boolean }

export interface SugestaoIbsCbs {
  cst: string;
  cClassTrib: string;
  /** label of the cClassTrib */
  descricao: string;
  cIndOp?: string;
  descricaoCIndOp?: string;
  /** how many NBS of the service item take this pair (Anexo VIII) */
  nbs?: number;
}
export interface ResultadoSugestao {
  /** where the suggestions come from, or why there are none */
  fonte: string;
  sugestoes: SugestaoIbsCbs[];
}

const ITEM = /^(\d{2})(\d{2})(\d{2})$/;

/**
 * The IBS/CBS classifications the published tables scope to what a product or service is: for a service, the pairs
 * cIndOp/cClassTrib that Anexo VIII associates to its LC 116 item (cTribNac item + subitem; a subitem row such as
 * 99.02.01 when the annex has one), kept when the cClassTrib is in force on the date and allowed on the NFS-e. The
 * cClassTrib table of the NF-e does not list NCMs (only the LC 214/2025 annex a code belongs to), so a good gets no
 * suggestion, and says why. A suggestion, never a rule: the perfil's classification is still validated on saving and
 * issuing.
 */
export function sugerirIbsCbs(
  entrada: { codigoTributacaoNacional?: string | null; ncm?: string | null },
  t: { correlacao: CorrelacaoServicoItem[]; cClassTrib: CClassTribItem[]; cIndOp: CIndOpItem[] },
  data: string,
): ResultadoSugestao {
  const m = ITEM.exec(entrada.codigoTributacaoNacional ?? '');
  if (m) {
    const linha = t.correlacao.find((c) => c.value === `${m[1]}.${m[2]}.${m[3]}`) ?? t.correlacao.find((c) => c.value === `${m[1]}.${m[2]}`);
    if (!linha) return { fonte: `O Anexo VIII (correlação item da LC 116 × NBS × cIndOp × cClassTrib) não traz o item ${m[1]}.${m[2]}.`, sugestoes: [] };
    const sugestoes: SugestaoIbsCbs[] = [];
    for (const o of linha.opcoes) {
      const c = t.cClassTrib.find((x) => x.value === o.cClassTrib);
      if (!c || !c.modelos.includes('NFSe') || (c.dIniVig && c.dIniVig > data) || (c.dFimVig && c.dFimVig < data)) continue;
      const op = t.cIndOp.find((x) => x.value === o.cIndOp);
      sugestoes.push({ cst: c.cst, cClassTrib: c.value, descricao: c.label, cIndOp: o.cIndOp, descricaoCIndOp: op?.label, nbs: o.nbs });
    }
    return { fonte: `Anexo VIII da NFS-e, item ${linha.label}`, sugestoes };
  }
  if (entrada.ncm) {
    return { fonte: 'A tabela de classificação tributária do IBS/CBS publicada não delimita os códigos por NCM (só indica o anexo da LC 214/2025 de cada um): escolha a classificação no perfil tributário do produto.', sugestoes: [] };
  }
  return { fonte: 'Informe o NCM (produto) ou o código de tributação nacional (serviço) para ver as classificações sugeridas.', sugestoes: [] };
}
