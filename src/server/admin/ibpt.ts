import Decimal from 'decimal.js';
import { formatBRL, toMoney } from '../../shared/money.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';

/** The IBPT "De Olho no Imposto" CSV columns, in the published order (';' separated, header on the first line). */
export const IBPT_COLUNAS = ['codigo', 'ex', 'tipo', 'descricao', 'nacionalfederal', 'importadosfederal', 'estadual', 'municipal', 'vigenciainicio', 'vigenciafim', 'chave', 'versao', 'fonte'] as const;
export const CEST_COLUNAS = ['cest', 'ncm', 'descricao'] as const;

export const UFS = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'];

export interface LinhaIbpt {
  codigo: string;
  ex: string;
  tipo: number;
  descricao: string;
  nacionalFederal: string;
  importadosFederal: string;
  estadual: string;
  municipal: string;
  vigenciaInicio: string;
  vigenciaFim: string;
  chave: string;
  versao: string;
  fonte: string;
}

/** A file as text: UTF-8 when it is valid UTF-8, otherwise Latin-1 (IBPT publishes in ISO-8859-1). */
export function decodeArquivo(bytes: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return (utf8.includes('\uFFFD') ? bytes.toString('latin1') : utf8).replace(/^\uFEFF/, '');
}

const header = (line: string) => line.split(';').map((c) => c.trim().toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/["\s_]/g, ''));
const dateBR = (v: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};
const RATE = /^\d{1,3}([.,]\d{1,2})?$/;

const layoutError = (esperado: readonly string[], achado: string[]) =>
  badRequest(`Arquivo fora do leiaute esperado. A primeira linha deve ser o cabeçalho ${esperado.join(';')} (separado por ponto e vírgula); encontrado: ${achado.slice(0, 14).join(';') || '(vazio)'}.`, [
    { path: '/arquivo', campo: 'arquivo', mensagem: 'Leiaute inválido.' },
  ]);

/** Reads an IBPT table; any line out of layout refuses the whole file, naming the line. */
export function lerIbpt(texto: string): { linhas: LinhaIbpt[]; versao: string } {
  const lines = texto.split(/\r?\n/).filter((l) => l.trim() !== '');
  const cols = header(lines[0] ?? '');
  if (IBPT_COLUNAS.some((c, i) => cols[i] !== c)) throw layoutError(IBPT_COLUNAS, cols);
  const linhas: LinhaIbpt[] = [];
  const versoes = new Set<string>();
  for (let n = 1; n < lines.length; n++) {
    const f = lines[n].split(';').map((c) => c.trim().replace(/^"|"$/g, ''));
    const erro = (m: string) => badRequest(`Linha ${n + 1} do arquivo: ${m}`, [{ path: '/arquivo', campo: 'arquivo', mensagem: `Linha ${n + 1}: ${m}` }]);
    if (f.length < IBPT_COLUNAS.length) throw erro(`esperadas ${IBPT_COLUNAS.length} colunas, encontradas ${f.length}.`);
    const [codigo, ex, tipo, descricao, nf, imf, est, mun, vi, vf, chave, versao, fonte] = f;
    if (!/^\d{1,9}$/.test(codigo)) throw erro(`código inválido (${codigo}).`);
    if (!['0', '1', '2'].includes(tipo)) throw erro(`tipo inválido (${tipo}); use 0 (NCM), 1 (NBS) ou 2 (LC 116).`);
    for (const [nome, v] of [['nacionalfederal', nf], ['importadosfederal', imf], ['estadual', est], ['municipal', mun]] as const) if (!RATE.test(v)) throw erro(`alíquota ${nome} inválida (${v}).`);
    const inicio = dateBR(vi);
    const fim = dateBR(vf);
    if (!inicio || !fim) throw erro('vigência deve estar no formato dd/MM/aaaa.');
    if (!versao) throw erro('versão ausente.');
    versoes.add(versao);
    const num = (v: string) => new Decimal(v.replace(',', '.')).toFixed(2);
    linhas.push({ codigo: tipo === '0' ? codigo.padStart(8, '0') : codigo, ex: ex ?? '', tipo: Number(tipo), descricao, nacionalFederal: num(nf), importadosFederal: num(imf), estadual: num(est), municipal: num(mun), vigenciaInicio: inicio, vigenciaFim: fim, chave, versao, fonte });
  }
  if (!linhas.length) throw badRequest('O arquivo não tem linhas de dados.', [{ path: '/arquivo', campo: 'arquivo', mensagem: 'Arquivo vazio.' }]);
  if (versoes.size > 1) throw badRequest(`O arquivo mistura versões da tabela (${[...versoes].join(', ')}).`, [{ path: '/arquivo', campo: 'arquivo', mensagem: 'Versões misturadas.' }]);
  return { linhas, versao: [...versoes][0] };
}

export interface LinhaCest {
  cest: string;
  ncm: string;
  descricao: string;
  segmento: string | null;
}

/** Reads a CEST table (columns CEST;NCM;DESCRICAO, optionally SEGMENTO; any order). NCM and CEST digits only. */
export function lerCest(texto: string): LinhaCest[] {
  const lines = texto.split(/\r?\n/).filter((l) => l.trim() !== '');
  const cols = header(lines[0] ?? '');
  const at = Object.fromEntries(CEST_COLUNAS.map((c) => [c, cols.indexOf(c)]));
  if (Object.values(at).some((i) => i < 0)) throw layoutError(CEST_COLUNAS, cols);
  const seg = cols.indexOf('segmento');
  const out: LinhaCest[] = [];
  for (let n = 1; n < lines.length; n++) {
    const f = lines[n].split(';').map((c) => c.trim().replace(/^"|"$/g, ''));
    const cest = (f[at.cest] ?? '').replace(/\D/g, '');
    const erro = (m: string) => badRequest(`Linha ${n + 1} do arquivo: ${m}`, [{ path: '/arquivo', campo: 'arquivo', mensagem: `Linha ${n + 1}: ${m}` }]);
    if (!/^\d{7}$/.test(cest)) throw erro(`CEST deve ter 7 dígitos (${f[at.cest] ?? ''}).`);
    // One CEST may list several NCMs (or NCM prefixes) separated by spaces or commas.
    const ncms = (f[at.ncm] ?? '').split(/[\s,]+/).map((x) => x.replace(/\D/g, '')).filter(Boolean);
    if (!ncms.length || ncms.some((x) => x.length < 2 || x.length > 8)) throw erro(`NCM inválido (${f[at.ncm] ?? ''}).`);
    const descricao = f[at.descricao] ?? '';
    if (!descricao) throw erro('descrição ausente.');
    for (const ncm of ncms) out.push({ cest, ncm, descricao, segmento: seg >= 0 ? f[seg] || null : null });
  }
  if (!out.length) throw badRequest('O arquivo não tem linhas de dados.', [{ path: '/arquivo', campo: 'arquivo', mensagem: 'Arquivo vazio.' }]);
  return out;
}

export interface TributosAproximados {
  federal: string;
  estadual: string;
  municipal: string;
  total: string;
  /** The text Lei 12.741 asks for, ready for the DANFE/DANFCE. */
  texto: string;
  fonte: string;
  chave: string;
  versao: string;
}

/**
 * The approximate taxes of one item (Lei 12.741/2012) from the imported IBPT table of the UF: valor × the
 * NCM's rates (federal for national or imported origin, estadual, municipal). Null when the table of that UF
 * does not list the NCM. For the fiscal side: DANFE/DANFCE call it per item and add the totals.
 */
export async function tributosAproximados(
  q: Queryable,
  item: { uf: string; ncm: string; ex?: string | null; valor: Decimal.Value; importado?: boolean; tipo?: 0 | 1 | 2 },
): Promise<TributosAproximados | null> {
  const codigo = (item.tipo ?? 0) === 0 ? String(item.ncm).replace(/\D/g, '').padStart(8, '0') : String(item.ncm);
  const r = await q.query<{ nf: string; imf: string; est: string; mun: string; fonte: string; chave: string; versao: string }>(
    `SELECT nacional_federal::text AS nf, importados_federal::text AS imf, estadual::text AS est, municipal::text AS mun, fonte, chave, versao
       FROM ibpt_tributos WHERE uf = $1 AND tipo = $2 AND codigo = $3 AND ex IN ($4, '') ORDER BY ex DESC LIMIT 1`,
    [item.uf.toUpperCase(), item.tipo ?? 0, codigo, item.ex ?? ''],
  );
  const t = r.rows[0];
  if (!t) return null;
  const valor = new Decimal(item.valor);
  const parte = (pct: string) => valor.times(pct).dividedBy(100);
  const federal = parte(item.importado ? t.imf : t.nf);
  const estadual = parte(t.est);
  const municipal = parte(t.mun);
  const total = federal.plus(estadual).plus(municipal);
  return {
    federal: toMoney(federal),
    estadual: toMoney(estadual),
    municipal: toMoney(municipal),
    total: toMoney(total),
    texto: `Trib. aprox.: ${formatBRL(federal)} Federal, ${formatBRL(estadual)} Estadual e ${formatBRL(municipal)} Municipal. Fonte: ${t.fonte} ${t.chave}`,
    fonte: t.fonte,
    chave: t.chave,
    versao: t.versao,
  };
}
