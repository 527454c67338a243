import Decimal from 'decimal.js';
import leiauteDominio from './dados/leiaute-dominio.json' with { type: 'json' };
import leiauteGenerico from './dados/leiaute-generico.json' with { type: 'json' };
import { badRequest } from '../http/errors.ts';
import type { Diario, LancamentoContabil } from './lancamentos-contabeis.ts';

/**
 * The accounting export's layout engine (issue 37 item 5). Layouts are data documents (dados/leiaute-*.json): a
 * delimited one (CSV: separator, header, columns) or a positional one (fixed width: the records cabecalho, detalhe per
 * entry, finalizador, each field with its start, width and type — A text left-aligned with spaces, N digits
 * right-aligned with zeros, D date dd/mm/aaaa, V amount in cents without separator). Nothing about a vendor is in
 * code: a new layout is a new JSON file listed in LEIAUTES.
 */

export interface CampoDelimitado {
  campo: keyof LancamentoContabil;
  titulo: string;
  formato?: 'data' | 'valor';
}
export interface CampoPosicional {
  nome: string;
  inicio: number;
  tamanho: number;
  tipo: 'A' | 'N' | 'D' | 'V';
  /** a constant; or `repetir`, one character filling the width; or `origem`, where the value comes from */
  fixo?: string;
  repetir?: string;
  origem?: string;
}
interface LeiauteBase {
  nome: string;
  descricao: string;
  fonte?: string;
  extensao: string;
  codificacao: 'utf8-bom' | 'latin1';
  parametros?: { nome: string; titulo: string; tamanho: number; obrigatorio: boolean }[];
}
export interface LeiauteDelimitado extends LeiauteBase {
  formato: 'delimitado';
  separador: string;
  cabecalho: boolean;
  campos: CampoDelimitado[];
}
export interface LeiautePosicional extends LeiauteBase {
  formato: 'posicional';
  registros: { cabecalho?: CampoPosicional[]; detalhe: CampoPosicional[]; finalizador?: CampoPosicional[] };
}
export type Leiaute = LeiauteDelimitado | LeiautePosicional;

export const LEIAUTES: Record<string, Leiaute> = {
  generico: leiauteGenerico as LeiauteDelimitado,
  dominio: leiauteDominio as LeiautePosicional,
};

/** The layouts the screen offers (id, name, the parameters each asks for). */
export const listaDeLeiautes = () => Object.entries(LEIAUTES).map(([id, l]) => ({ id, nome: l.nome, extensao: l.extensao, fonte: l.fonte ?? null, parametros: l.parametros ?? [] }));

/** What a file's header knows besides the entries: the account's CNPJ, who exports, the layout's parameters. */
export interface Contexto {
  cnpj?: string;
  usuario?: string;
  parametros?: Record<string, unknown>;
}

const dataBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The layout asked for (the generic one when none), or a 400 naming the ones there are. */
export function leiauteDe(id: unknown): Leiaute {
  const chave = typeof id === 'string' && id ? id : 'generico';
  if (!Object.hasOwn(LEIAUTES, chave)) throw badRequest(`Leiaute desconhecido: use ${Object.keys(LEIAUTES).join(' ou ')}.`, [{ path: '/leiaute', campo: 'leiaute', mensagem: 'Campo inválido!' }]);
  return LEIAUTES[chave];
}

/** The layout's parameters (e.g. Domínio's company code) as declared by it, or a 400 naming the first wrong one. */
export function conferirParametros(l: Leiaute, params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of l.parametros ?? []) {
    const v = String(params[p.nome] ?? '').trim();
    if ((p.obrigatorio && !v) || (v && !new RegExp(`^\\d{1,${p.tamanho}}$`).test(v))) {
      const m = `${p.titulo}: informe até ${p.tamanho} dígitos.`;
      throw badRequest(m, [{ path: `/${p.nome}`, campo: p.nome, mensagem: m }]);
    }
    if (v) out[p.nome] = v;
  }
  return out;
}

/** The journal as a file of the layout: bytes in the layout's encoding, lines ended by CR LF. */
export function escreverDiario(d: Diario, leiaute: Leiaute = LEIAUTES.generico, ctx: Contexto = {}): Buffer {
  if (leiaute.formato === 'delimitado') return Buffer.from(`\ufeff${linhasDelimitadas(d, leiaute).join('\r\n')}\r\n`, 'utf8');
  const linhas = linhasPosicionais(d, leiaute, ctx);
  // ISO-8859-1: a character outside it (a dash, curly quotes) becomes '?', one byte, so the widths hold.
  return Buffer.from(`${linhas.join('\r\n')}\r\n`.replace(/[^\u0000-\u00ff]/g, '?'), 'latin1');
}

function linhasDelimitadas(d: Diario, l: LeiauteDelimitado): string[] {
  const campo = (v: string, formato?: string) => {
    let s = v;
    if (formato === 'data') s = dataBr(v);
    else if (formato === 'valor') s = v.replace('.', ',');
    return s.includes(l.separador) || s.includes('"') ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const linhas = d.lancamentos.map((x) => l.campos.map((c) => campo(x[c.campo], c.formato)).join(l.separador));
  if (l.cabecalho) linhas.unshift(l.campos.map((c) => c.titulo).join(l.separador));
  return linhas;
}

function linhasPosicionais(d: Diario, l: LeiautePosicional, ctx: Contexto): string[] {
  const params = ctx.parametros ?? {};
  conferirParametros(l, params);
  const [ano, mes] = d.competencia.split('/').reverse();
  const inicio = `${ano}-${mes}-01`;
  const fim = new Date(Date.UTC(Number(ano), Number(mes), 0)).toISOString().slice(0, 10);
  const geral: Record<string, string> = { ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v ?? '')])), cnpj: ctx.cnpj ?? '', usuario: ctx.usuario ?? '', inicio, fim };
  const registro = (campos: CampoPosicional[], valores: Record<string, string>) => {
    let linha = '';
    for (const c of campos) {
      if (linha.length !== c.inicio - 1) throw new Error(`leiaute ${l.nome}: o campo ${c.nome} começa em ${c.inicio}, depois de ${linha.length} posições`);
      const bruto = c.repetir ? c.repetir.repeat(c.tamanho) : c.fixo ?? valores[c.origem ?? ''] ?? '';
      linha += formatar(c, bruto);
    }
    return linha;
  };
  const linhas: string[] = [];
  if (l.registros.cabecalho) linhas.push(registro(l.registros.cabecalho, geral));
  d.lancamentos.forEach((x, i) =>
    linhas.push(registro(l.registros.detalhe, { ...geral, ...x, sequencial: String(i + 1), historicoCompleto: x.documento ? `${x.historico} - Doc. ${x.documento}` : x.historico })),
  );
  if (l.registros.finalizador) linhas.push(registro(l.registros.finalizador, geral));
  return linhas;
}

/** One field at its width; a value that does not fit a numeric field (an account code too long) is a 400. */
function formatar(c: CampoPosicional, v: string): string {
  const naoCabe = (o: string) => {
    const m = `O valor "${v}" (${c.nome}) não cabe no leiaute: ${o}.`;
    return badRequest(m, [{ campo: c.nome, mensagem: m }]);
  };
  switch (c.tipo) {
    case 'A':
      return v.replace(/[\r\n\t]+/g, ' ').slice(0, c.tamanho).padEnd(c.tamanho, ' ');
    case 'N': {
      const digitos = v.replace(/\D/g, '');
      if (digitos.length > c.tamanho) throw naoCabe(`até ${c.tamanho} dígitos`);
      return digitos.padStart(c.tamanho, '0');
    }
    case 'D':
      return (/^\d{4}-\d{2}-\d{2}/.test(v) ? dataBr(v) : v).padEnd(c.tamanho, ' ').slice(0, c.tamanho);
    case 'V': {
      // cents of a decimal text, as digits: no floating point anywhere
      const centavos = new Decimal(v || '0').times(100);
      if (!centavos.isInteger() || centavos.isNeg()) throw naoCabe('valor positivo com até 2 casas');
      const s = centavos.toFixed(0);
      if (s.length > c.tamanho) throw naoCabe(`até ${c.tamanho} dígitos em centavos`);
      return s.padStart(c.tamanho, '0');
    }
  }
}
