import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The EFD ICMS/IPI layout as data (schemas/fiscal/sped-efd, copied unchanged from ../shared/fiscal/sped-efd): per
 * record its block, level and cardinality (registers.csv) and its fields in order with type, size, decimals and
 * whether they are required (fields.csv). The writer fills records by field name in this order; the validator
 * checks every line against it. The version (COD_VER) of a period comes from versoes.json.
 */
export const PASTA_SPED = resolve(import.meta.dirname, '../../../schemas/fiscal/sped-efd');

export interface CampoSped {
  indice: number;
  codigo: string;
  tipo: 'char' | 'date' | 'float' | 'int';
  obrigatorio: boolean;
  obrigatorioEntrada: boolean;
  obrigatorioSaida: boolean;
  /** Size: exact when `exato`, a maximum otherwise; null when the layout gives none. */
  tamanho: number | null;
  exato: boolean;
  decimais: number | null;
  /** Digits only (the Guia's numeric codes: COD_SIT, NUM_DOC, CHV_NFE, CFOP …). */
  numerico: boolean;
}

export interface RegistroSped {
  codigo: string;
  bloco: string;
  nivel: number;
  /** '1', '1:1', '1:N', 'V' … as in the Guia. */
  ocorrencia: string;
  /** Position in the file: the block's place, then the code. */
  ordem: number;
  pai: string | null;
  descricao: string;
  campos: CampoSped[];
}

export interface LayoutSped {
  registros: Map<string, RegistroSped>;
}

export const BLOCOS = ['0', 'B', 'C', 'D', 'E', 'G', 'H', 'K', '1', '9'] as const;

/** A CSV line with quoted fields (the extractor's format: every field quoted, "" inside a quote). */
function linhasCsv(texto: string): string[][] {
  const out: string[][] = [];
  for (const linha of texto.split(/\r?\n/)) {
    if (!linha.trim()) continue;
    const campos: string[] = [];
    let i = 0;
    while (i <= linha.length) {
      if (linha[i] === '"') {
        let v = '';
        i++;
        for (;;) {
          if (i >= linha.length) break;
          if (linha[i] === '"' && linha[i + 1] === '"') (v += '"'), (i += 2);
          else if (linha[i] === '"') {
            i++;
            break;
          } else v += linha[i++];
        }
        campos.push(v);
        i++; // the comma
      } else {
        const fim = linha.indexOf(',', i);
        campos.push(fim < 0 ? linha.slice(i) : linha.slice(i, fim));
        i = fim < 0 ? linha.length + 1 : fim + 1;
      }
    }
    out.push(campos);
  }
  return out;
}

function porCabecalho(texto: string): Record<string, string>[] {
  const [cab, ...linhas] = linhasCsv(texto);
  return linhas.map((l) => Object.fromEntries(cab.map((c, i) => [c, l[i] ?? ''])));
}

const cache = new Map<string, LayoutSped>();

/** `complemento`: records the extraction lost, as printed in the Guia (a JSON beside versoes.json). */
export function carregarLayout(leiaute: string, complemento?: string | null): LayoutSped {
  const chave = `${leiaute}+${complemento ?? ''}`;
  const pronto = cache.get(chave);
  if (pronto) return pronto;
  const pasta = resolve(PASTA_SPED, leiaute);
  const regs = porCabecalho(readFileSync(resolve(pasta, 'registers.csv'), 'utf8'));
  const campos = porCabecalho(readFileSync(resolve(pasta, 'fields.csv'), 'utf8'));
  if (complemento) {
    const extra = JSON.parse(readFileSync(resolve(PASTA_SPED, complemento), 'utf8')) as { registros: Record<string, string>[]; campos: Record<string, string>[] };
    regs.push(...extra.registros);
    campos.push(...extra.campos);
  }
  const rank = (codigo: string, bloco: string) => {
    if (codigo === '0000') return 0;
    if (codigo === '9999') return 1e9;
    const b = BLOCOS.indexOf(bloco as (typeof BLOCOS)[number]);
    // X001 opens and X990 closes its block.
    const dentro = codigo.endsWith('001') && codigo.length === 4 && codigo.slice(1) === '001' ? 0 : codigo.slice(1) === '990' ? 9999 : Number.parseInt(codigo.slice(1), 10) || 0;
    return (b + 1) * 100000 + dentro;
  };
  const lista: RegistroSped[] = regs
    .map((r) => ({ codigo: r.code, bloco: r.block, nivel: Number(r.level), ocorrencia: r.card.split(' ')[0], ordem: rank(r.code, r.block), pai: null as string | null, descricao: r.desc, campos: [] as CampoSped[] }))
    .sort((a, b) => a.ordem - b.ordem);
  // The parent of a record: the closest record before it (in file order) one level up.
  for (let i = 0; i < lista.length; i++) {
    const r = lista[i];
    if (r.nivel === 0) continue;
    for (let j = i - 1; j >= 0; j--) {
      if (lista[j].nivel === r.nivel - 1) {
        r.pai = lista[j].codigo;
        break;
      }
    }
  }
  const registros = new Map(lista.map((r) => [r.codigo, r]));
  for (const c of campos) {
    const r = registros.get(c.register);
    if (!r) continue;
    const tam = /^(\d+)(\*?)$/.exec(c.length.trim());
    r.campos.push({
      indice: Number(c.index),
      codigo: c.code,
      tipo: (['char', 'date', 'float', 'int'].includes(c.type) ? c.type : 'char') as CampoSped['tipo'],
      obrigatorio: c.required === 'True',
      obrigatorioEntrada: c.in_required === 'True',
      obrigatorioSaida: c.out_required === 'True',
      tamanho: tam ? Number(tam[1]) : null,
      exato: !!tam?.[2],
      decimais: c.decimal ? Number(c.decimal) : null,
      numerico: c.xsd_type === 'numeric_code',
    });
  }
  for (const r of registros.values()) r.campos.sort((a, b) => a.indice - b.indice);
  const layout = { registros };
  cache.set(chave, layout);
  return layout;
}

export interface VersaoSped {
  codVer: string;
  inicio: string;
  fim: string | null;
  leiaute: string;
  complemento?: string | null;
}

export function versoesSped(): VersaoSped[] {
  return (JSON.parse(readFileSync(resolve(PASTA_SPED, 'versoes.json'), 'utf8')) as { versoes: VersaoSped[] }).versoes;
}

/** The layout version in force on the period's first day; null when the product has none for it. */
export function versaoDoPeriodo(inicio: string): VersaoSped | null {
  return versoesSped().find((v) => v.inicio <= inicio && (!v.fim || inicio <= v.fim)) ?? null;
}
