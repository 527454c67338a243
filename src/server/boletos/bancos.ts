import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import type { RegraDigito } from './digitos.ts';

/** Types of schemas/banks/*.json, mirroring schemas/meta/bank.schema.json. */
export type NomeCampo =
  | 'agencia' | 'conta' | 'carteira' | 'convenio' | 'nossoNumero' | 'seuNumero' | 'ios' | 'modalidade' | 'parcela'
  | 'nossoNumeroCompleto' | 'nossoNumeroDv';

export interface DefinicaoCampo {
  rotulo?: string;
  tamanho?: number;
  tipo?: 'numerico' | 'texto';
  obrigatorio?: boolean;
  padrao?: string;
  valores?: string[];
}

export type RegraComBase = RegraDigito & { sobre: Segmento[] | 'anteriores' };

export type Segmento =
  | { campo: NomeCampo; tamanho?: number; de?: number; ate?: number; mapa?: Record<string, string> }
  | { constante: string }
  | { digito: RegraComBase };

export interface Condicao {
  tamanho?: number[];
  em?: string[];
  vazio?: boolean;
}

export interface Variante {
  id: string;
  descricao: string;
  herda?: string;
  quando?: Partial<Record<NomeCampo, Condicao>>;
  campos?: Partial<Record<NomeCampo, DefinicaoCampo>>;
  nossoNumero?: { composicao?: Segmento[]; dv?: RegraComBase | null; formato?: string };
  campoLivre?: Segmento[];
}

export interface ConfigCnab {
  layout: string;
  constantes?: Record<string, string>;
  /** Variant id -> constants replacing `constantes` for that variant's boletos. */
  porVariante?: Record<string, Record<string, string>>;
  /** Only these variants can use the format. */
  variantes?: string[];
  ocorrencias?: Record<string, string>;
  /** Remessa file name template ({dd}, {MM}, {yyyy}, {yy}, {seq:N}, {banco}). */
  arquivoRemessa?: string;
  motivos?: Record<string, string>;
}

export interface DocumentoBanco {
  codigo: string;
  digito: string;
  nome: string;
  nomeCurto: string;
  localPagamento?: string;
  fontes?: string[];
  campos: Partial<Record<NomeCampo, DefinicaoCampo>>;
  variantes: Variante[];
  exibicao?: { agenciaCodigoBeneficiario?: string };
  cnab?: { '240'?: ConfigCnab; '400'?: ConfigCnab };
}

/** A variant with its `herda` chain applied: every part present. */
export interface VarianteResolvida {
  id: string;
  descricao: string;
  quando: Partial<Record<NomeCampo, Condicao>>;
  campos: Partial<Record<NomeCampo, DefinicaoCampo>>;
  nossoNumero: { composicao: Segmento[]; dv: RegraComBase | null; formato: string };
  campoLivre: Segmento[];
}

export interface Banco extends DocumentoBanco {
  resolvidas: VarianteResolvida[];
}

export const RAIZ_PROJETO = fileURLToPath(new URL('../../../', import.meta.url));
const PASTA_BANCOS = path.join(RAIZ_PROJETO, 'schemas/banks');
const META = path.join(RAIZ_PROJETO, 'schemas/meta/bank.schema.json');

function resolver(doc: DocumentoBanco): VarianteResolvida[] {
  const porId = new Map(doc.variantes.map((v) => [v.id, v]));
  const resolve = (v: Variante, visitados: string[]): VarianteResolvida => {
    if (visitados.includes(v.id)) throw new Error(`banco ${doc.codigo}: herança circular em ${visitados.join(' > ')}`);
    let base: VarianteResolvida | undefined;
    if (v.herda) {
      const pai = porId.get(v.herda);
      if (!pai) throw new Error(`banco ${doc.codigo}: variante ${v.id} herda de "${v.herda}", que não existe`);
      base = resolve(pai, [...visitados, v.id]);
    }
    const campoLivre = v.campoLivre ?? base?.campoLivre;
    if (!campoLivre) throw new Error(`banco ${doc.codigo}: variante ${v.id} sem campo livre`);
    return {
      id: v.id,
      descricao: v.descricao,
      quando: v.quando ?? {},
      campos: { ...doc.campos, ...base?.campos, ...v.campos },
      nossoNumero: {
        composicao: v.nossoNumero?.composicao ?? base?.nossoNumero.composicao ?? [{ campo: 'nossoNumero' }],
        dv: v.nossoNumero?.dv !== undefined ? v.nossoNumero.dv : (base?.nossoNumero.dv ?? null),
        formato: v.nossoNumero?.formato ?? base?.nossoNumero.formato ?? '{nossoNumeroCompleto}',
      },
      campoLivre,
    };
  };
  return doc.variantes.map((v) => resolve(v, []));
}

let cache: Map<string, Banco> | undefined;

/** Reads and validates every bank document once; a document that breaks the meta-schema stops the start-up. */
export function carregarBancos(): Map<string, Banco> {
  if (cache) return cache;
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validar = ajv.compile(JSON.parse(readFileSync(META, 'utf8')));
  const bancos = new Map<string, Banco>();
  for (const arquivo of readdirSync(PASTA_BANCOS).filter((f) => f.endsWith('.json')).sort()) {
    const doc = JSON.parse(readFileSync(path.join(PASTA_BANCOS, arquivo), 'utf8')) as DocumentoBanco;
    if (!validar(doc)) {
      throw new Error(`schemas/banks/${arquivo} não segue schemas/meta/bank.schema.json: ${ajv.errorsText(validar.errors)}`);
    }
    if (arquivo !== `${doc.codigo}.json`) throw new Error(`schemas/banks/${arquivo}: o nome do arquivo deve ser ${doc.codigo}.json`);
    bancos.set(doc.codigo, { ...doc, resolvidas: resolver(doc) });
  }
  cache = bancos;
  return bancos;
}

export function obterBanco(codigo: string): Banco | undefined {
  return carregarBancos().get(codigo);
}
