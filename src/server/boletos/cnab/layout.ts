import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import { BoletoInvalido } from '../erros.ts';

/** CNAB files are fixed-width records; each layout file in ./layouts lists every field with its positions. */
export type TipoCampo = 'num' | 'alfa' | 'data' | 'valor';

export interface CampoLayout {
  nome: string;
  /** 1-based, inclusive, as the banks' manuals print them. */
  de: number;
  ate: number;
  tipo: TipoCampo;
  constante?: string;
  padrao?: string;
  /** Note on the field, e.g. a position the published manuals disagree on. */
  obs?: string;
}

export interface RegistroLayout {
  sentido?: 'remessa' | 'retorno';
  /** Position (1-based) -> character that identifies the record. */
  identificacao: Record<string, string>;
  campos: CampoLayout[];
}

/** In a layout that `herda` another: a whole new record, or only the fields that differ (they replace the base fields they cover). */
export type RegistroDerivado = Partial<RegistroLayout> & { substituir?: CampoLayout[] };

export type Operacao = 'registrar' | 'baixar' | 'alterarVencimento' | 'alterarValor' | 'concederDesconto';

export interface LayoutCnab {
  id: string;
  /** Layouts that are a bank's differences over another (Sicoob, Caixa over FEBRABAN 240). */
  herda?: string;
  /** Notes on the layout: sources, positions still to confirm with the bank. */
  observacoes?: string[];
  /** Size of each reason code in the retorno's `motivos` field (2 by default; Santander uses 3). */
  tamanhoMotivo?: number;
  descricao: string;
  fonte: string;
  tamanho: 240 | 400;
  formatoData: 'DDMMAAAA' | 'DDMMAA';
  movimentos: Partial<Record<Operacao, string>>;
  /**
   * Retorno occurrences that confirm each remessa operation (e.g. alterarValor -> "61" in FEBRABAN 240): the
   * event then says which request the bank accepted. A layout that `herda` another replaces the whole map.
   */
  confirmacoes?: Partial<Record<Operacao, string[]>>;
  registros: Record<string, RegistroLayout>;
  ocorrencias: Record<string, string>;
  textosOcorrencias: Record<string, string>;
  motivos: Record<string, string>;
}

const PASTA = path.join(path.dirname(new URL(import.meta.url).pathname), 'layouts');
const cache = new Map<string, LayoutCnab>();

/**
 * Fields must tile the record exactly; identification characters must agree with the fields' constants; a
 * confirmation must be of an operation the layout sends and an occurrence it reads as accepted.
 */
export function verificarLayout(layout: LayoutCnab): void {
  for (const [op, codigos] of Object.entries(layout.confirmacoes ?? {}) as [Operacao, string[]][]) {
    if (!layout.movimentos[op]) throw new Error(`${layout.id}: confirmação de ${op}, operação que o leiaute não envia`);
    for (const c of codigos) {
      const tipo = layout.ocorrencias[c];
      if (!tipo || tipo === 'rejeitado') throw new Error(`${layout.id}: a ocorrência ${c} confirma ${op} mas está mapeada como "${tipo ?? 'nenhum'}"`);
    }
  }
  for (const [nome, reg] of Object.entries(layout.registros)) {
    let pos = 1;
    for (const c of reg.campos) {
      if (c.de !== pos) throw new Error(`${layout.id}/${nome}: campo ${c.nome} começa em ${c.de}, esperado ${pos}`);
      if (c.ate < c.de) throw new Error(`${layout.id}/${nome}: campo ${c.nome} termina antes de começar`);
      if (c.constante !== undefined && c.constante.length > c.ate - c.de + 1) throw new Error(`${layout.id}/${nome}: constante de ${c.nome} maior que o campo`);
      pos = c.ate + 1;
    }
    if (pos !== layout.tamanho + 1) throw new Error(`${layout.id}/${nome}: registro termina em ${pos - 1}, esperado ${layout.tamanho}`);
    for (const [p, ch] of Object.entries(reg.identificacao)) {
      const c = reg.campos.find((x) => x.de <= Number(p) && Number(p) <= x.ate);
      if (!c?.constante || escreverCampo(c, undefined, layout)[Number(p) - c.de] !== ch) {
        throw new Error(`${layout.id}/${nome}: posição ${p} identifica o registro com "${ch}" mas o campo ${c?.nome} não é essa constante`);
      }
    }
  }
}

type DocumentoLayout = Omit<LayoutCnab, 'registros'> & { registros: Record<string, RegistroDerivado> };

/** Applies a derived record over its base: `substituir` fields take the place of the base fields they cover. */
export function derivarRegistro(id: string, nome: string, base: RegistroLayout | undefined, d: RegistroDerivado): RegistroLayout {
  if (!d.substituir) {
    if (!d.campos || !d.identificacao) throw new Error(`${id}/${nome}: registro novo precisa de identificacao e campos`);
    return { sentido: d.sentido, identificacao: d.identificacao, campos: d.campos };
  }
  if (!base) throw new Error(`${id}/${nome}: substituir sem registro de base`);
  const novos = d.substituir;
  const mantidos = base.campos.filter((c) => {
    const cobertos = novos.filter((n) => n.de <= c.ate && c.de <= n.ate);
    if (!cobertos.length) return true;
    // A replacement must cover whole base fields, so the base's positions are never half-kept.
    const de = Math.min(...cobertos.map((n) => n.de));
    const ate = Math.max(...cobertos.map((n) => n.ate));
    if (c.de < de || c.ate > ate) throw new Error(`${id}/${nome}: a substituição corta o campo ${c.nome} (${c.de}-${c.ate}) da base`);
    return false;
  });
  return {
    sentido: d.sentido ?? base.sentido,
    identificacao: d.identificacao ?? base.identificacao,
    campos: [...mantidos, ...novos].sort((a, b) => a.de - b.de),
  };
}

function lerDocumento(id: string, cadeia: string[] = []): LayoutCnab {
  if (cadeia.includes(id)) throw new Error(`layout ${id}: herança circular (${[...cadeia, id].join(' > ')})`);
  const doc = JSON.parse(readFileSync(path.join(PASTA, `${id}.json`), 'utf8')) as DocumentoLayout;
  if (!doc.herda) {
    for (const [nome, r] of Object.entries(doc.registros)) doc.registros[nome] = derivarRegistro(id, nome, undefined, r);
    return doc as LayoutCnab;
  }
  const base = lerDocumento(doc.herda, [...cadeia, id]);
  const registros: Record<string, RegistroLayout> = { ...base.registros };
  for (const [nome, r] of Object.entries(doc.registros ?? {})) registros[nome] = derivarRegistro(id, nome, base.registros[nome], r);
  return {
    ...base,
    ...doc,
    movimentos: doc.movimentos ?? base.movimentos,
    confirmacoes: doc.confirmacoes ?? base.confirmacoes,
    ocorrencias: { ...base.ocorrencias, ...doc.ocorrencias },
    textosOcorrencias: { ...base.textosOcorrencias, ...doc.textosOcorrencias },
    motivos: { ...base.motivos, ...doc.motivos },
    observacoes: [...(base.observacoes ?? []), ...(doc.observacoes ?? [])],
    registros,
  };
}

export function carregarLayout(id: string): LayoutCnab {
  let l = cache.get(id);
  if (!l) {
    l = lerDocumento(id);
    verificarLayout(l);
    cache.set(id, l);
  }
  return l;
}

/** Every layout document in the layouts folder. */
export function idsLayouts(): string[] {
  return readdirSync(PASTA).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
}

/** Upper-case ASCII: bank systems reject accents and lower case in alphanumeric fields. */
const alfa = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, ' ').toUpperCase();

export function escreverCampo(c: CampoLayout, valor: string | number | null | undefined, layout: Pick<LayoutCnab, 'formatoData' | 'id'>): string {
  const n = c.ate - c.de + 1;
  const v = c.constante ?? (valor === undefined || valor === null || valor === '' ? c.padrao : String(valor));
  const excede = (texto: string) =>
    new BoletoInvalido(`CNAB ${layout.id}: o campo ${c.nome} (posições ${c.de} a ${c.ate}) comporta ${n} caracteres; recebeu "${texto}".`, c.nome);
  switch (c.tipo) {
    case 'alfa':
      return alfa(v ?? '').slice(0, n).padEnd(n, ' ');
    case 'num': {
      const d = v ?? '';
      if (!/^\d*$/.test(d)) throw new BoletoInvalido(`CNAB ${layout.id}: o campo ${c.nome} deve ser numérico; recebeu "${d}".`, c.nome);
      if (d.length > n) throw excede(d);
      return d.padStart(n, '0');
    }
    case 'data': {
      if (!v) return '0'.repeat(n);
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      if (!m) throw new BoletoInvalido(`CNAB ${layout.id}: data inválida em ${c.nome}: "${v}".`, c.nome);
      const s = layout.formatoData === 'DDMMAA' ? m[3] + m[2] + m[1].slice(2) : m[3] + m[2] + m[1];
      if (s.length !== n) throw excede(v);
      return s;
    }
    case 'valor': {
      if (!v) return '0'.repeat(n);
      let centavos: string;
      try {
        const d = new Decimal(v);
        if (d.isNegative() || d.decimalPlaces() > 2) throw new Error();
        centavos = d.times(100).toFixed(0);
      } catch {
        throw new BoletoInvalido(`CNAB ${layout.id}: valor inválido em ${c.nome}: "${v}".`, c.nome);
      }
      if (centavos.length > n) throw excede(v);
      return centavos.padStart(n, '0');
    }
  }
}

export function lerCampo(c: CampoLayout, texto: string, layout: Pick<LayoutCnab, 'formatoData'>): string | null {
  switch (c.tipo) {
    case 'alfa':
      return texto.trimEnd();
    case 'num':
      return texto;
    case 'data': {
      if (/^0*$/.test(texto) || !texto.trim()) return null;
      if (layout.formatoData === 'DDMMAA') {
        const aa = Number(texto.slice(4, 6));
        return `${aa < 70 ? 2000 + aa : 1900 + aa}-${texto.slice(2, 4)}-${texto.slice(0, 2)}`;
      }
      return `${texto.slice(4, 8)}-${texto.slice(2, 4)}-${texto.slice(0, 2)}`;
    }
    case 'valor': {
      // cents as digits → 'reais.centavos' by moving the point (what Decimal(d)/100 toFixed(2) gives, without a
      // Decimal per field: a retorno of 10,000 lines reads ~100,000 of them)
      const d = (/^\d+$/.test(texto) ? texto : '0').replace(/^0+/, '').padStart(3, '0');
      return `${d.slice(0, -2)}.${d.slice(-2)}`;
    }
  }
}

export function escreverRegistro(layout: LayoutCnab, nome: string, dados: Record<string, string | number | null | undefined>): string {
  const reg = layout.registros[nome];
  if (!reg) throw new Error(`${layout.id}: registro ${nome} não existe`);
  return reg.campos.map((c) => escreverCampo(c, dados[c.nome], layout)).join('');
}

export function lerRegistro(layout: LayoutCnab, nome: string, linha: string): Record<string, string | null> {
  const reg = layout.registros[nome];
  const r: Record<string, string | null> = {};
  for (const c of reg.campos) r[c.nome] = lerCampo(c, linha.slice(c.de - 1, c.ate), layout);
  return r;
}

/** Name of the record a line is, by the layout's identification positions; undefined when none matches. */
export function identificarRegistro(layout: LayoutCnab, linha: string, sentido: 'remessa' | 'retorno'): string | undefined {
  return Object.entries(layout.registros).find(
    ([, reg]) =>
      (!reg.sentido || reg.sentido === sentido) && Object.entries(reg.identificacao).every(([p, ch]) => linha[Number(p) - 1] === ch),
  )?.[0];
}

export function linhasDoArquivo(texto: string, layout: LayoutCnab): string[] {
  const linhas = texto.split(/\r?\n/).filter((l) => l.length > 0);
  linhas.forEach((l, i) => {
    if (l.length !== layout.tamanho) {
      throw new BoletoInvalido(`Arquivo CNAB ${layout.tamanho}: a linha ${i + 1} tem ${l.length} caracteres.`, 'arquivo');
    }
  });
  return linhas;
}
