import Ajv from 'ajv';
import Decimal from 'decimal.js';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The scale load layouts (schemas/balancas/*.json, one document per scale model) and the one fixed-width writer
 * that reads them. A new model, or a layout version, is a new document: no code.
 */

export type TipoCampo = 'numero' | 'decimal' | 'texto' | 'fixo' | 'mapa';

export interface CampoLayout {
  tipo: TipoCampo;
  /** the record's field the value comes from (all but 'fixo') */
  campo?: string;
  /** how a refusal names the field ('preço', 'PLU'…) */
  rotulo?: string;
  tamanho?: number;
  decimais?: number;
  /** 'decimal' written with this separator ('000012.90'); none: the value scaled to an integer ('001290') */
  separador?: '.' | ',';
  /** left padding of numbers: '0' (default) or ' ' */
  preenchimento?: '0' | ' ';
  valor?: string;
  mapa?: Record<string, string>;
}

export type TipoRegistro = 'itens' | 'departamentos' | 'textos' | 'nutricionais' | 'taras';

export interface ArquivoLayout {
  nome: string;
  registros: TipoRegistro;
  /** Urano: each record framed (start bytes, the byte sum in hex digits, end bytes) */
  moldura?: { inicio: number[]; fim: number[]; soma: { digitos: number; cobre: 'conteudo' | 'registro' } };
  campos: CampoLayout[];
}

export interface LayoutBalanca {
  modelo: string;
  titulo: string;
  fabricante: string;
  codificacao: 'latin1' | 'ascii';
  fimDeLinha: '\r\n' | '\n';
  semAcentos?: boolean;
  arquivos: ArquivoLayout[];
}

export type Registro = Record<string, string | number | null | undefined>;

/** A value that does not fit its field: the record's own name (a product's description) goes in the message. */
export class ForaDoLayout extends Error {
  constructor(
    public campo: string,
    public valor: string,
    public tamanho: number,
  ) {
    super(`${campo} ${valor} não cabe em ${tamanho} posições`);
  }
}

const RAIZ = fileURLToPath(new URL('../../../../', import.meta.url));
const PASTA = path.join(RAIZ, 'schemas/balancas');
const META = path.join(RAIZ, 'schemas/meta/balanca.schema.json');

let cache: Map<string, LayoutBalanca> | null = null;

/** Every layout document, validated against schemas/meta/balanca.schema.json, by model key. */
export function layoutsBalanca(): Map<string, LayoutBalanca> {
  if (cache) return cache;
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validar = ajv.compile(JSON.parse(readFileSync(META, 'utf8')));
  const m = new Map<string, LayoutBalanca>();
  for (const f of readdirSync(PASTA).filter((n) => n.endsWith('.json')).sort()) {
    const doc = JSON.parse(readFileSync(path.join(PASTA, f), 'utf8'));
    if (!validar(doc)) throw new Error(`schemas/balancas/${f}: ${ajv.errorsText(validar.errors)}`);
    const l = doc as LayoutBalanca;
    for (const a of l.arquivos) for (const c of a.campos) if (c.tipo === 'fixo' && c.tamanho !== undefined && c.tamanho !== c.valor!.length) throw new Error(`schemas/balancas/${f}: ${a.nome}: fixo "${c.valor}" com tamanho ${c.tamanho}`);
    m.set(l.modelo, l);
  }
  cache = m;
  return m;
}

/** The width of the field (a constant is as wide as its value). */
export const larguraCampo = (c: CampoLayout) => (c.tipo === 'fixo' ? c.valor!.length : c.tamanho!);

/** The largest value a decimal or number field holds, as a decimal string ('9999.99' for 6 places with 2 decimals). */
export function maximoDoCampo(c: CampoLayout): Decimal {
  const digitos = c.tipo === 'decimal' && c.separador ? c.tamanho! - 1 : c.tamanho!;
  return new Decimal(10).pow(digitos).minus(1).div(new Decimal(10).pow(c.tipo === 'decimal' ? c.decimais! : 0));
}

const semAcento = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

const ASCII_SIMPLES = /^[\x20-\x7e]*$/;

function texto(v: unknown, tamanho: number, limpar: boolean): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (!ASCII_SIMPLES.test(s)) {
    s = s.replace(/[\r\n\t]+/g, ' ');
    if (limpar) s = semAcento(s);
    // Nothing outside Latin-1 reaches the file: a character the scale cannot show becomes '?'.
    s = s.replace(/[^\x20-\xff]/g, '?');
  }
  return s.length >= tamanho ? s.slice(0, tamanho) : s + ' '.repeat(tamanho - s.length);
}

const DECIMAL_SIMPLES = /^(\d+)(?:\.(\d+))?$/;
const semZerosAEsquerda = (s: string) => s.replace(/^0+(?=\d)/, '');

/**
 * A number as the field's digits. Exact decimal arithmetic on the digits themselves (a stored numeric is a
 * decimal string): the integer part, then the fraction cut to the field's places, as the reference
 * implementation truncates (Trunc(valor * 10^casas)); the stored values have no more places anyway.
 */
function numero(v: unknown, c: CampoLayout): string {
  const tamanho = c.tamanho!;
  const pad = c.preenchimento ?? '0';
  const texto = v === null || v === undefined || v === '' ? '0' : typeof v === 'number' ? (Number.isInteger(v) ? String(v) : new Decimal(v).toFixed()) : String(v);
  const m = DECIMAL_SIMPLES.exec(texto);
  if (!m) throw new ForaDoLayout(c.rotulo ?? c.campo!, texto, tamanho);
  const inteiro = semZerosAEsquerda(m[1]);
  let s: string;
  if (c.tipo === 'decimal') {
    const casas = c.decimais!;
    const fracao = (m[2] ?? '').padEnd(casas, '0').slice(0, casas);
    s = c.separador ? `${inteiro}${casas ? c.separador + fracao : ''}` : semZerosAEsquerda(inteiro + fracao);
  } else {
    s = inteiro;
  }
  if (s.length > tamanho) throw new ForaDoLayout(c.rotulo ?? c.campo!, texto, tamanho);
  return pad.repeat(tamanho - s.length) + s;
}

type Formatar = (r: Registro) => string;

/** One field as a function of the record (compiled once per file: 20,000 lines call it without re-reading the layout). */
function compilarCampo(c: CampoLayout, semAcentos: boolean): Formatar {
  switch (c.tipo) {
    case 'fixo': {
      const v = c.valor!;
      return () => v;
    }
    case 'texto':
      return (r) => texto(r[c.campo!], c.tamanho!, semAcentos);
    case 'mapa':
      return (r) => {
        const v = c.mapa![String(r[c.campo!])];
        if (v === undefined) throw new ForaDoLayout(c.rotulo ?? c.campo!, String(r[c.campo!]), c.tamanho!);
        return texto(v, c.tamanho!, false);
      };
    default:
      return (r) => numero(r[c.campo!], c);
  }
}

const compilados = new WeakMap<CampoLayout[], Formatar[]>();

/** One record as its line's fields, in order (without the frame). */
export function linhaDoRegistro(campos: CampoLayout[], r: Registro, semAcentos = false): string {
  let fs = compilados.get(campos);
  if (!fs) {
    fs = campos.map((c) => compilarCampo(c, semAcentos));
    compilados.set(campos, fs);
  }
  let out = '';
  for (let i = 0; i < fs.length; i++) out += fs[i](r);
  return out;
}

/** The byte sum of a text in `digitos` upper-case hex digits (Urano's check). */
export function somaHex(s: string, digitos: number): string {
  let soma = 0;
  for (let i = 0; i < s.length; i++) soma += s.charCodeAt(i) & 0xff;
  const h = (soma % 16 ** digitos).toString(16).toUpperCase();
  return h.padStart(digitos, '0');
}

/** One line of a file: the record's fields, framed when the file says so. */
export function escreverLinha(layout: LayoutBalanca, arquivo: ArquivoLayout, r: Registro): string {
  const corpo = linhaDoRegistro(arquivo.campos, r, layout.semAcentos);
  const m = arquivo.moldura;
  if (!m) return corpo;
  const inicio = String.fromCharCode(...m.inicio);
  const soma = somaHex(m.soma.cobre === 'conteudo' ? corpo : inicio + corpo, m.soma.digitos);
  return inicio + corpo + soma + String.fromCharCode(...m.fim);
}

/** A whole file as bytes in the layout's encoding (each line ended by the layout's line break). */
export function escreverArquivo(layout: LayoutBalanca, arquivo: ArquivoLayout, registros: Iterable<Registro>): Buffer {
  const partes: string[] = [];
  for (const r of registros) partes.push(escreverLinha(layout, arquivo, r), layout.fimDeLinha);
  return Buffer.from(partes.join(''), 'latin1');
}
