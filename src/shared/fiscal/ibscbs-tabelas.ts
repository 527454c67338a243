import type { AliquotaIbsCbsItem, CClassTribItem } from './ibscbs.ts';

/**
 * The IBS/CBS tables as published (issue 39), row by row: the one mapping from a CSV row to the lookup item, used by
 * scripts/derive-lookups.ts (the versions the product ships, schemas/lookups) and by the administrator's import of a
 * newer version (POST /api/Admin/tabelas-ibscbs/importar), so a table imported and a table shipped read the same.
 */

/** RFC 4180 reader: quoted fields, doubled quotes, commas and newlines inside quotes, BOM. Header and rows. */
export function lerCsv(text: string): { colunas: string[]; linhas: Record<string, string>[] } {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') { field += '"'; i++; } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  const [header = [], ...body] = rows;
  const colunas = header.map((h) => h.trim());
  return { colunas, linhas: body.map((r) => Object.fromEntries(colunas.map((h, i) => [h, (r[i] ?? '').trim()]))) };
}

const bit = (v: string | undefined) => (v ?? '').trim() === '1';
export const dataOuNull = (v: string | undefined) => (/^\d{4}-\d{2}-\d{2}$/.test((v ?? '').trim()) ? v!.trim() : null);
/** A percentage as the table prints it ('60', '0.07'): decimal string, or null when the cell is not a number. */
export const pctOuNull = (v: string | undefined) => (/^\d+(\.\d+)?$/.test((v ?? '').trim()) ? (v ?? '').trim() : null);

export class TabelaIbsCbsError extends Error {}

/** One row of the published cClassTrib table (Tabela_Classificacao_Tributaria_IBS_CBS, sheet 'cClass … Pub', as CSV). */
export function itemCClassTrib(r: Record<string, string>): CClassTribItem & Record<string, unknown> {
  const codigo = r.cClassTrib;
  const cst = r['CST-IBS/CBS'];
  if (!/^\d{6}$/.test(codigo ?? '')) throw new TabelaIbsCbsError(`cClassTrib "${codigo ?? ''}": o código tem 6 dígitos.`);
  if (codigo.slice(0, 3) !== cst) throw new TabelaIbsCbsError(`cClassTrib ${codigo}: o CST ${cst} não é o prefixo do código.`);
  const modelos = [bit(r.indNFe) && '55', bit(r.indNFCe) && '65', bit(r.indNFSe) && 'NFSe'].filter(Boolean) as string[];
  return {
    value: codigo,
    label: `${codigo} - ${(r['Nome cClassTrib'] ?? '').replace(/\s+/g, ' ').replace(/\.$/, '')}`,
    cst,
    tipoAliquota: r['Tipo de Alíquota'],
    pRedIBS: pctOuNull(r.pRedIBS) ?? '0',
    pRedCBS: pctOuNull(r.pRedCBS) ?? '0',
    gTribRegular: bit(r.ind_gTribRegular),
    gCredPresOper: bit(r.ind_gCredPresOper),
    gMonoPadrao: bit(r.ind_gMonoPadrao),
    gEstornoCred: bit(r.ind_gEstornoCred),
    tpRBSN: r.tpRBSN || null,
    dIniVig: dataOuNull(r.dIniVig),
    dFimVig: dataOuNull(r.dFimVig),
    modelos,
    anexo: r.ANEXO || null,
  };
}

/** One row of the project's rates file (schemas/fiscal/aliquotas-ibscbs.csv layout). */
export function itemAliquota(r: Record<string, string>): AliquotaIbsCbsItem {
  return {
    value: r.vigenciaInicio,
    label: r.rotulo,
    vigenciaFim: dataOuNull(r.vigenciaFim),
    pCBS: pctOuNull(r.pCBS),
    pIBSUF: pctOuNull(r.pIBSUF),
    pIBSMun: pctOuNull(r.pIBSMun),
    fonte: r.fonte,
    ...(r.observacao ? { observacao: r.observacao } : {}),
  };
}

/** The columns each importable table's file may have (the published layout), and the ones it must have. */
export const COLUNAS_TABELA = {
  cClassTrib: {
    todas: ['CST-IBS/CBS', 'Descrição CST-IBS/CBS', 'cClassTrib', 'Nome cClassTrib', 'Descrição cClassTrib', 'LC Redação', 'LC 214/25', 'Regulamento CBS', 'Regulamento IBS', 'Tipo de Alíquota', 'pRedIBS', 'pRedCBS', 'ind_gTribRegular', 'ind_gCredPresOper', 'ind_gMonoPadrao', 'ind_gMonoReten', 'ind_gMonoRet', 'ind_gMonoDif', 'ind_gpBioDiferenca', 'ind_gEstornoCred', 'tpRBSN', 'dIniVig', 'dFimVig', 'DataAtualização', 'indNFeABI', 'indNFe', 'indNFCe', 'indCTe', 'indCTeOS', 'indBPe', 'indBPeTA', 'indBPeTM', 'indNF3e', 'indNFSe', 'indNFSe Via', 'indNFCom', 'indNFAg', 'indNFGas', 'indDERE', 'indDIR', 'indDUIMP', 'ANEXO', 'Link'],
    obrigatorias: ['CST-IBS/CBS', 'cClassTrib', 'Nome cClassTrib', 'Tipo de Alíquota', 'pRedIBS', 'pRedCBS', 'dIniVig', 'dFimVig', 'indNFe', 'indNFCe', 'indNFSe'],
  },
  aliquotaIbsCbs: {
    todas: ['vigenciaInicio', 'vigenciaFim', 'pCBS', 'pIBSUF', 'pIBSMun', 'rotulo', 'fonte', 'observacao'],
    obrigatorias: ['vigenciaInicio', 'vigenciaFim', 'pCBS', 'pIBSUF', 'pIBSMun', 'rotulo', 'fonte'],
  },
} as const;
export type TabelaImportavel = keyof typeof COLUNAS_TABELA;

/**
 * A newer version of a table, read whole or refused whole (a Portuguese message naming the line): unknown or
 * missing columns, a cClassTrib whose CST does not prefix it, a CST the CST table does not have, a repeated code,
 * a percentage or date that is not one. Nothing is half-read.
 */
export function lerTabelaIbsCbs(tabela: TabelaImportavel, texto: string, cstsConhecidos: string[]): (CClassTribItem | AliquotaIbsCbsItem)[] {
  const { colunas, linhas } = lerCsv(texto);
  const layout = COLUNAS_TABELA[tabela];
  const desconhecidas = colunas.filter((c) => !(layout.todas as readonly string[]).includes(c));
  if (desconhecidas.length) throw new TabelaIbsCbsError(`O arquivo tem coluna(s) que a tabela publicada não tem: ${desconhecidas.map((c) => `"${c}"`).join(', ')}.`);
  const faltam = layout.obrigatorias.filter((c) => !colunas.includes(c));
  if (faltam.length) throw new TabelaIbsCbsError(`Faltam no arquivo a(s) coluna(s): ${faltam.map((c) => `"${c}"`).join(', ')}.`);
  if (!linhas.length) throw new TabelaIbsCbsError('O arquivo não tem linhas além do cabeçalho.');
  const vistos = new Set<string>();
  return linhas.map((r, i) => {
    const onde = `Linha ${i + 2}`;
    try {
      if (tabela === 'cClassTrib') {
        const item = itemCClassTrib(r);
        if (!cstsConhecidos.includes(item.cst)) throw new TabelaIbsCbsError(`o CST ${item.cst} não existe na tabela de CST do IBS/CBS.`);
        for (const [campo, v] of [['pRedIBS', r.pRedIBS], ['pRedCBS', r.pRedCBS]] as const) if (v && pctOuNull(v) === null) throw new TabelaIbsCbsError(`${campo} "${v}" não é um percentual.`);
        for (const [campo, v] of [['dIniVig', r.dIniVig], ['dFimVig', r.dFimVig]] as const) if (v && dataOuNull(v) === null) throw new TabelaIbsCbsError(`${campo} "${v}" não é uma data aaaa-mm-dd.`);
        if (vistos.has(item.value)) throw new TabelaIbsCbsError(`o cClassTrib ${item.value} aparece duas vezes.`);
        vistos.add(item.value);
        return item;
      }
      const item = itemAliquota(r);
      if (!dataOuNull(r.vigenciaInicio)) throw new TabelaIbsCbsError(`vigenciaInicio "${r.vigenciaInicio}" não é uma data aaaa-mm-dd.`);
      if (r.vigenciaFim && !dataOuNull(r.vigenciaFim)) throw new TabelaIbsCbsError(`vigenciaFim "${r.vigenciaFim}" não é uma data aaaa-mm-dd.`);
      for (const campo of ['pCBS', 'pIBSUF', 'pIBSMun'] as const) if (r[campo] && pctOuNull(r[campo]) === null) throw new TabelaIbsCbsError(`${campo} "${r[campo]}" não é um percentual.`);
      if (!r.rotulo || !r.fonte) throw new TabelaIbsCbsError('informe o rótulo e a fonte da alíquota.');
      if (vistos.has(item.value)) throw new TabelaIbsCbsError(`a vigência ${item.value} aparece duas vezes.`);
      vistos.add(item.value);
      return item;
    } catch (e) {
      if (e instanceof TabelaIbsCbsError) throw new TabelaIbsCbsError(`${onde}: ${e.message}`);
      throw e;
    }
  });
}
