// Derives the reference lookups (UFs, municipalities, CFOP, NCM, CEST, NF-e payment methods, CST tables)
// from ../shared/fiscal/tables into schemas/lookups. Deterministic: same input, byte-identical output.
// Usage: npx tsx scripts/derive-lookups.ts [--check]   (--check exits 1 when a document would change)
// Each derived document's SHA-256 is kept in schemas/fiscal/lookups-derivados.sha256 (sha256sum format): in a clone
// without ../shared, --check cannot derive again and checks instead that no derived document was edited by hand.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataOuNull, itemAliquota, itemCClassTrib, lerCsv, pctOuNull } from '../src/shared/fiscal/ibscbs-tabelas.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TABLES = process.env.FISCAL_TABLES_DIR ?? resolve(ROOT, '../shared/fiscal/tables');
const OUT = join(ROOT, 'schemas/lookups');

type Item = { value: string | number; label: string; [extra: string]: unknown };
interface LookupDoc {
  $schema: string;
  name: string;
  title: string;
  valueType: 'integer' | 'string' | 'number';
  description?: string;
  source?: string;
  large?: boolean;
  table?: string;
  gridValue?: boolean;
  items: Item[];
}

/** RFC 4180 reader (src/shared/fiscal/ibscbs-tabelas.ts, shared with the administrator's table import). */
export function parseCsv(text: string): Record<string, string>[] {
  return lerCsv(text).linhas;
}

const read = (file: string) => parseCsv(readFileSync(join(TABLES, file), 'utf8'));
const byValue = (a: Item, b: Item) =>
  typeof a.value === 'number' && typeof b.value === 'number'
    ? a.value - b.value
    : String(a.value) < String(b.value) ? -1 : String(a.value) > String(b.value) ? 1 : 0;

/** Top-level keys pretty-printed, one item per line: readable diffs, and NCM stays small. */
export function formatLookup(doc: LookupDoc | Record<string, unknown>): string {
  const { items, ...head } = doc as LookupDoc;
  const lines = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  const body = items.map((it) => `    ${JSON.stringify(it)}`).join(',\n');
  lines.push(`  "items": [\n${body}\n  ]`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

function doc(name: string, title: string, valueType: LookupDoc['valueType'], items: Item[], extra: Partial<LookupDoc> = {}): LookupDoc {
  return { $schema: '../meta/lookup.schema.json', name, title, valueType, ...extra, items: [...items].sort(byValue) };
}

function ufs(): LookupDoc {
  const items: Item[] = read('estados.csv').map((r) => ({
    value: r.uf,
    label: r.nome,
    codigo: Number(r.codigo_uf),
    regiao: r.regiao,
  }));
  // NF-e uses UF 'EX' (IBGE code 99, municipality 9999999) for foreign addresses.
  items.push({ value: 'EX', label: 'Exterior', codigo: 99, regiao: 'Exterior' });
  return doc('uf', 'Unidades federativas', 'string', items, {
    description: 'Sigla da UF como valor; codigo é o código IBGE da UF (cUF). EX = exterior.',
    source: 'fiscal/tables/estados.csv',
    table: 'uf',
    // Grids show 'BA', not 'Bahia' (issue 12).
    gridValue: true,
  });
}

function municipios(): LookupDoc {
  const siglaByCodigo = new Map(read('estados.csv').map((r) => [r.codigo_uf, r.uf]));
  const items: Item[] = read('municipios.csv').map((r) => {
    const uf = siglaByCodigo.get(r.codigo_uf);
    if (!uf) throw new Error(`município ${r.codigo_ibge}: UF ${r.codigo_uf} desconhecida`);
    return { value: Number(r.codigo_ibge), label: r.nome, uf, codigoUf: Number(r.codigo_uf), capital: r.capital === '1' };
  });
  return doc('municipio', 'Municípios', 'integer', items, {
    description: 'Código IBGE de 7 dígitos (cMun) como valor.',
    source: 'fiscal/tables/municipios.csv',
    large: true,
    table: 'municipio',
  });
}

function cfops(): LookupDoc {
  const items: Item[] = read('cfop.csv').map((r) => ({
    value: r.code,
    label: r.name,
    tipo: r.type_in_out === 'in' ? 'entrada' : 'saida',
  }));
  return doc('cfop', 'CFOP', 'string', items, { source: 'fiscal/tables/cfop.csv', large: true, table: 'cfop' });
}

function ncms(): LookupDoc {
  // Only the active 8-digit codes without an ex-TIPI exception: those are what a product carries.
  const seen = new Set<string>();
  const items: Item[] = [];
  for (const r of read('ncm.csv')) {
    if (r.exception || r.active !== 'True') continue;
    const code = r.code.replace(/\D/g, '');
    if (code.length !== 8 || seen.has(code)) continue;
    seen.add(code);
    items.push({ value: code, label: r.name });
  }
  return doc('ncm', 'NCM', 'string', items, {
    description: 'Códigos NCM de 8 dígitos ativos, sem exceções da TIPI; rótulo com a hierarquia da descrição.',
    source: 'fiscal/tables/ncm.csv',
    large: true,
    table: 'ncm',
  });
}

function cests(): LookupDoc {
  const items: Item[] = read('cest.csv').map((r) => ({
    value: r.code.replace(/\D/g, ''),
    label: r.name,
    segmento: r.segment,
    ncms: r.ncms ? r.ncms.split(',').map((n) => n.trim()).filter(Boolean) : [],
  }));
  return doc('cest', 'CEST', 'string', items, {
    description: 'Código CEST de 7 dígitos; ncms são os prefixos de NCM a que o código se aplica.',
    source: 'fiscal/tables/cest.csv',
    large: true,
    table: 'cest',
  });
}

// Electronic means (cards, PIX, transfers/wallets, undeclared electronic payment): the NF-e asks for
// the card/integration group (tpIntegra, CNPJ of the acquirer, tBand) on these.
const TPAG_DIGITAL = new Set(['03', '04', '17', '18', '20', '22']);
// Codes that exist only from layout 4.00 on (not in the 3.10 list 01-05, 10-13, 99).
const TPAG_V310 = new Set(['01', '02', '03', '04', '05', '10', '11', '12', '13', '99']);

function formasPagamento(): LookupDoc {
  const items: Item[] = read('nfe_tpag.csv').map((r) => ({
    value: r.tPag,
    label: r.descricao,
    digital: TPAG_DIGITAL.has(r.tPag),
    versao400: !TPAG_V310.has(r.tPag),
  }));
  return doc('nfeFormaPagamento', 'Formas de pagamento da NF-e (tPag)', 'string', items, {
    description: 'digital: meio eletrônico (exige grupo de cartão/integração). versao400: código só existe a partir do layout 4.00.',
    source: 'fiscal/tables/nfe_tpag.csv',
  });
}

function csts(): LookupDoc[] {
  const rows = read('cst.csv');
  const group = (g: string) => rows.filter((r) => r['tax_group_id:id'] === g);
  const mk = (name: string, title: string, g: string) =>
    doc(name, title, 'string', group(g).map((r) => ({
      value: r.code,
      label: r.name,
      ...(r.cst_type === 'all' ? {} : { tipo: r.cst_type === 'in' ? 'entrada' : 'saida' }),
    })), { source: 'fiscal/tables/cst.csv' });
  return [
    mk('cstIcms', 'CST do ICMS', 'tax_group_icms'),
    mk('csosn', 'CSOSN (ICMS do Simples Nacional)', 'tax_group_icmssn'),
    mk('cstIpi', 'CST do IPI', 'tax_group_ipi'),
    mk('cstPis', 'CST do PIS', 'tax_group_pis'),
    mk('cstCofins', 'CST da COFINS', 'tax_group_cofins'),
  ];
}

/**
 * The national service list of the NFS-e (cTribNac): every subitem of the list annexed to LC 116/2003 (as amended by
 * LC 157/2016 and LC 183/2021; vetoed subitems left out), from the project's transcription of the law in
 * schemas/fiscal/lista-servicos-lc116.csv, with the national breakdown 01 of each subitem (item + subitem + 01).
 */
function servicosNacionais(): LookupDoc {
  const arquivo = resolve(ROOT, 'schemas/fiscal/lista-servicos-lc116.csv');
  const items: Item[] = parseCsv(readFileSync(arquivo, 'utf8')).map((r) => {
    const [item, sub] = r.subitem.split('.');
    return { value: `${item}${sub}01`, label: `${item}.${sub}.01 - ${r.descricao.replace(/\.$/, '')}`, itemLc116: item, subitemLc116: r.subitem };
  });
  return doc('codigoTributacaoNacional', 'Código de tributação nacional (NFS-e)', 'string', items, {
    description:
      'cTribNac da NFS-e nacional: item (2 dígitos) + subitem (2) da lista anexa à LC 116/2003 + desdobramento nacional (2). Todos os subitens da lista (redação da LC 157/2016 e da LC 183/2021; os vetados ficam de fora), cada um com o desdobramento 01; o ADN local recusa códigos fora dela (E0310). Municípios e o Anexo VI do leiaute da Sefin Nacional podem ter outros desdobramentos: conferir antes de usar em produção.',
    source: 'schemas/fiscal/lista-servicos-lc116.csv (transcrição da lista anexa à LC 116/2003)',
  });
}


// ---- IBS/CBS (issue 39): the tables of the tax reform, versioned by the publication they come from.
const TABELA_CCLASSTRIB = 'Tabela_Classificacao_Tributaria_IBS_CBS_2026-06-23 (vigência 2026-06-01)';
const TABELA_CST_IBSCBS = "Tabela_Classificacao_Tributaria_IBS_CBS_2026-06-23, aba 'CST 2026-06-01 Pub'";
const TABELA_CREDPRES = 'Tabela_Codigo_Credito_Presumido_IBS_CBS_2026-06-23';
const bit = (v: string | undefined) => (v ?? '').trim() === '1';

function cstIbsCbs(): LookupDoc {
  const items: Item[] = read('ibscbs-cst.csv').map((r) => ({
    value: r['CST-IBS/CBS'],
    label: r['Descrição CST-IBS/CBS'],
    gIBSCBS: bit(r.ind_gIBSCBS),
    gIBSCBSMono: bit(r.ind_gIBSCBSMono),
    gRed: bit(r.ind_gRed),
    gDif: bit(r.ind_gDif),
    gTransfCred: bit(r.ind_gTransfCred),
    gCredPresIBSZFM: bit(r['ind_ gCredPresIBSZFM'] ?? r.ind_gCredPresIBSZFM),
    gAjusteCompet: bit(r.ind_gAjusteCompet),
    redutorBC: bit(r.ind_RedutorBC),
  }));
  return doc('cstIbsCbs', 'CST do IBS e da CBS', 'string', items, {
    description: 'Código de situação tributária do IBS/CBS com os indicadores de grupo (g*: true = grupo exigido com este CST). Versão: ' + TABELA_CST_IBSCBS + '.',
    source: 'fiscal/tables/ibscbs-cst.csv (' + TABELA_CST_IBSCBS + ')',
  });
}

function cClassTrib(): LookupDoc {
  const items: Item[] = read('ibscbs-cclasstrib.csv').map(itemCClassTrib);
  return doc('cClassTrib', 'Classificação tributária do IBS e da CBS (cClassTrib)', 'string', items, {
    description:
      'cClassTrib com o CST que o prefixa, tipo de alíquota, percentuais de redução (pRedIBS/pRedCBS), indicadores de grupo, vigência (dIniVig/dFimVig) e modelos em que pode ser usado (55 NF-e, 65 NFC-e, NFSe). A tabela publicada não traz a lista de NCM/NBS de cada código (só o anexo da LC 214/2025). Versão: ' + TABELA_CCLASSTRIB + '.',
    source: 'fiscal/tables/ibscbs-cclasstrib.csv (' + TABELA_CCLASSTRIB + ')',
  });
}

function credPresIbsCbs(): LookupDoc {
  const items: Item[] = read('ibscbs-ccredpres.csv').map((r) => ({
    value: r.cCredPres,
    label: r['Descrição'].replace(/\s+/g, ' '),
    pAliqCBS: pctOuNull(r.pAliqCredPresCBS),
    pAliqIBS: pctOuNull(r.pAliqCredPresIBS),
    cClassTribReferenciado: r['cClass nota referenciada'] || null,
    dIniVigCBS: dataOuNull(r.dIniVigCBS),
    dFimVigCBS: dataOuNull(r.dFimVigCBS),
    dIniVigIBS: dataOuNull(r.dIniVigIBS),
    dFimVigIBS: dataOuNull(r.dFimVigIBS),
  }));
  items.sort((a, b) => Number(a.value) - Number(b.value));
  return { $schema: '../meta/lookup.schema.json', name: 'credPresIbsCbs', title: 'Crédito presumido do IBS e da CBS (cCredPres)', valueType: 'string',
    description: 'Códigos de crédito presumido com alíquotas (quando fixas) e vigências por tributo. Versão: ' + TABELA_CREDPRES + '.',
    source: 'fiscal/tables/ibscbs-ccredpres.csv (' + TABELA_CREDPRES + ')', items };
}

/** The rates per year and sphere: not a table in ../shared, so kept by the project in schemas/fiscal/aliquotas-ibscbs.csv with their source. */
function aliquotasIbsCbs(): LookupDoc {
  const arquivo = resolve(ROOT, 'schemas/fiscal/aliquotas-ibscbs.csv');
  const items: Item[] = parseCsv(readFileSync(arquivo, 'utf8')).map((r) => ({ ...itemAliquota(r) }));
  return doc('aliquotaIbsCbs', 'Alíquotas do IBS e da CBS por ano', 'string', items, {
    description: 'Alíquotas (%) da CBS, do IBS da UF e do IBS municipal em vigor de value (aaaa-mm-dd) até vigenciaFim; null = não publicada nos dados.',
    source: 'schemas/fiscal/aliquotas-ibscbs.csv (alíquotas e fontes anotadas pelo projeto)',
  });
}

/**
 * From which date the IBS/CBS groups are compulsory for each CRT of the issuer (issue 39): kept by the project in
 * schemas/fiscal/obrigatoriedade-ibscbs.csv with its source, so a new Ato Conjunto is a changed line, not code.
 */
function obrigatoriedadeIbsCbs(): LookupDoc {
  const arquivo = resolve(ROOT, 'schemas/fiscal/obrigatoriedade-ibscbs.csv');
  const items: Item[] = parseCsv(readFileSync(arquivo, 'utf8')).map((r) => ({
    value: r.crt,
    label: r.rotulo,
    vigenciaInicio: r.vigenciaInicio,
    vigenciaInicioNfse: r.vigenciaInicioNfse,
    fonte: r.fonte,
  }));
  return doc('obrigatoriedadeIbsCbs', 'Obrigatoriedade dos grupos IBS/CBS por regime do emitente', 'string', items, {
    description: 'CRT do emitente (value: 1 Simples Nacional, 2 Simples com excesso de sublimite, 3 regime normal, 4 MEI) e a data (aaaa-mm-dd) a partir da qual as notas emitidas levam os grupos IBSCBS/IBSCBSTot (vigenciaInicioNfse: a da DPS da NFS-e com o grupo IBSCBS).',
    source: 'schemas/fiscal/obrigatoriedade-ibscbs.csv (datas e fontes anotadas pelo projeto)',
  });
}

/**
 * cIndOp, the indicator of the place of the operation (IBS/CBS): Anexo VII of the NFS-e RTC documentation
 * (AnexoVII-IndOp_IBSCBS_V1.02.00), which NT 2025.002-RTC v1.36+ also names for the NF-e (tag cIndOp, B25d).
 * indNFe/indNFSe = 'S': the code may be used on that document (rules B25d-20 of the NF-e; the NFS-e's Anexo VI).
 */
const TABELA_CINDOP = 'AnexoVII-IndOp_IBSCBS_V1.02.00';
function cIndOp(): LookupDoc {
  const limpa = (v: string | undefined) => (v ?? '').replace(/\s+/g, ' ').trim();
  const items: Item[] = read('nfse-cindop.csv').map((r) => ({
    value: r['Código indOp'].trim(),
    label: `${r['Código indOp'].trim()} - ${limpa(r['Tipo de operação'])}: ${limpa(r['Característica do fornecimento'])}`,
    local: limpa(r['Local do fornecimento a ser identificado no DFe']),
    lc214: limpa(r['Dispositivo Legal: LC 214/2025']),
    nfe: limpa(r.indNFe) === 'S',
    nfse: limpa(r.indNFSe) === 'S',
  }));
  return doc('cIndOp', 'Indicador da operação do IBS/CBS (cIndOp)', 'string', items, {
    description: 'Código indicador do local da operação de fornecimento (cIndOp): tipo de operação, característica do fornecimento, local a identificar no DF-e e artigo da LC 214/2025; nfe/nfse = permitido na NF-e (NT 2025.002-RTC, campo B25d) / na DPS da NFS-e. Versão: ' + TABELA_CINDOP + '.',
    source: 'fiscal/tables/nfse-cindop.csv (' + TABELA_CINDOP + ')',
  });
}

/**
 * Anexo VIII of the NFS-e RTC documentation (AnexoVIII-CorrelacaoItemNBSIndOpCClassTrib_IBSCBS_V1.01.00, 'tabela
 * geral'): for each item of the LC 116 list, the cIndOp and cClassTrib its NBS codes take — what the service's fiscal
 * tab suggests (the NBS itself is not kept: the product's services are coded by cTribNac, item + subitem + 01). Rows
 * without a 6-digit cIndOp and cClassTrib (the annex's "sem incidência" lines) are left out. The annex calls itself
 * work in progress: a suggestion, never a rule.
 */
const ANEXO_VIII = 'AnexoVIII-CorrelacaoItemNBSIndOpCClassTrib_IBSCBS_V1.01.00';
async function correlacaoServicoIbsCbs(): Promise<LookupDoc> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(resolve(TABLES, '../nfse-docs', `${ANEXO_VIII}.xlsx`));
  const ws = wb.getWorksheet('tabela geral');
  if (!ws) throw new Error(`${ANEXO_VIII}: aba 'tabela geral' não encontrada`);
  const texto = (v: unknown) => String(v ?? '').replace(/\s+/g, ' ').trim();
  const porItem = new Map<string, { descricao: string; opcoes: Map<string, { cIndOp: string; cClassTrib: string; nbs: number }> }>();
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const v = row.values as unknown[];
    const item = texto(v[1]);
    const cIndOp = texto(v[7]);
    const cClassTrib = texto(v[9]);
    if (!/^\d{2}\.\d{2}(\.\d{2})?$/.test(item) || !/^\d{6}$/.test(cIndOp) || !/^\d{6}$/.test(cClassTrib)) return;
    const e = porItem.get(item) ?? { descricao: texto(v[2]).replace(/\.$/, ''), opcoes: new Map() };
    porItem.set(item, e);
    const k = `${cIndOp}|${cClassTrib}`;
    const o = e.opcoes.get(k) ?? { cIndOp, cClassTrib, nbs: 0 };
    o.nbs++;
    e.opcoes.set(k, o);
  });
  const items: Item[] = [...porItem].map(([item, e]) => ({
    value: item,
    label: `${item} - ${e.descricao}`,
    opcoes: [...e.opcoes.values()].sort((a, b) => b.nbs - a.nbs || (a.cClassTrib < b.cClassTrib ? -1 : a.cClassTrib > b.cClassTrib ? 1 : a.cIndOp < b.cIndOp ? -1 : 1)),
  }));
  return doc('correlacaoServicoIbsCbs', 'Correlação item da LC 116 × cIndOp × cClassTrib (NFS-e)', 'string', items, {
    description: 'Para cada item (ou subitem) da lista da LC 116/2003, os pares cIndOp/cClassTrib que o Anexo VIII associa às NBS do item, com quantas NBS levam cada par (nbs): a sugestão da aba fiscal do serviço. Versão: ' + ANEXO_VIII + ' (o anexo se declara em construção).',
    source: 'fiscal/nfse-docs/' + ANEXO_VIII + '.xlsx (' + ANEXO_VIII + ')',
  });
}

export async function deriveAll(): Promise<LookupDoc[]> {
  return [await correlacaoServicoIbsCbs(), ufs(), municipios(), cfops(), ncms(), cests(), formasPagamento(), ...csts(), servicosNacionais(), cstIbsCbs(), cClassTrib(), credPresIbsCbs(), aliquotasIbsCbs(), obrigatoriedadeIbsCbs(), cIndOp()];
}

export const MANIFESTO = join(ROOT, 'schemas/fiscal/lookups-derivados.sha256');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const manifesto = (docs: LookupDoc[]) => docs.map((d) => `${sha256(formatLookup(d))}  ${d.name}.json`).sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1)).join('\n') + '\n';

/** The reference tables are beside the repository (development) — else only the hashes can be checked. */
export const tabelasPresentes = () => existsSync(TABLES);

/**
 * What is out of date among the derived lookups, as messages. With ../shared: each document derived again must be
 * byte-identical, and the manifest must list exactly their hashes. Without it (a clone): each document listed in
 * the manifest must still have the hash it was derived with (a hand edit is refused).
 */
export async function verificarDerivados(): Promise<string[]> {
  const problemas: string[] = [];
  if (tabelasPresentes()) {
    const docs = await deriveAll();
    for (const d of docs) {
      const file = join(OUT, `${d.name}.json`);
      if ((existsSync(file) ? readFileSync(file, 'utf8') : null) !== formatLookup(d)) problemas.push(`desatualizado: ${file}`);
    }
    if ((existsSync(MANIFESTO) ? readFileSync(MANIFESTO, 'utf8') : null) !== manifesto(docs)) problemas.push(`desatualizado: ${MANIFESTO}`);
    return problemas;
  }
  if (!existsSync(MANIFESTO)) return [`falta ${MANIFESTO}`];
  for (const linha of readFileSync(MANIFESTO, 'utf8').trim().split('\n')) {
    const [hash, nome] = linha.split(/\s+/);
    const file = join(OUT, nome);
    if (!existsSync(file)) problemas.push(`falta: ${file}`);
    else if (sha256(readFileSync(file, 'utf8')) !== hash) problemas.push(`alterado à mão (difere do que foi derivado): ${file}`);
  }
  return problemas;
}

async function main() {
  if (process.argv.includes('--check')) {
    const problemas = await verificarDerivados();
    for (const p of problemas) console.error(p);
    if (!tabelasPresentes()) console.log(`${TABLES} ausente: documentos derivados conferidos pelos hashes de ${MANIFESTO}`);
    if (problemas.length) process.exit(1);
    return;
  }
  const docs = await deriveAll();
  for (const d of docs) {
    const file = join(OUT, `${d.name}.json`);
    const text = formatLookup(d);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    writeFileSync(file, text);
    console.log(`escrito: ${file} (${d.items.length} itens, ${(text.length / 1024).toFixed(0)} KiB)`);
  }
  writeFileSync(MANIFESTO, manifesto(docs));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
