import { calcularDigito } from './digitos.ts';
import { BoletoInvalido } from './erros.ts';
import { carregarBancos, obterBanco, type Banco, type DefinicaoCampo, type NomeCampo, type Segmento, type VarianteResolvida } from './bancos.ts';
import { fatorVencimento } from './fator-vencimento.ts';
import { linhaDigitavel, montarCodigoBarras } from './febraban.ts';
import { centavosParaTexto, valorEmCentavos } from './valor.ts';

/** What a boleto needs from the bank configuration and the title. Extra fields are per bank (see its document). */
export interface DadosBoleto {
  banco: string;
  agencia?: string;
  conta?: string;
  carteira?: string;
  convenio?: string;
  nossoNumero: string;
  seuNumero?: string;
  ios?: string;
  modalidade?: string;
  parcela?: string;
  valor: string | number;
  /** yyyy-MM-dd; null for a boleto without due date (factor 0000). */
  vencimento: string | null;
}

export interface BoletoMontado {
  banco: string;
  variante: string;
  /** Input fields as used in the code: trimmed, check digit suffix removed, zero-padded. */
  campos: Partial<Record<NomeCampo, string>>;
  nossoNumero: string;
  nossoNumeroDv: string | null;
  nossoNumeroFormatado: string;
  valor: string;
  centavos: bigint;
  vencimento: string | null;
  fator: number;
  campoLivre: string;
  codigoBarras: string;
  linhaDigitavel: string;
}

const CAMPOS_ENTRADA = ['agencia', 'conta', 'carteira', 'convenio', 'nossoNumero', 'seuNumero', 'ios', 'modalidade', 'parcela'] as const;

const ROTULOS: Record<string, string> = {
  agencia: 'Agência', conta: 'Conta', carteira: 'Carteira', convenio: 'Convênio', nossoNumero: 'Nosso número',
  seuNumero: 'Seu número', ios: 'IOS', modalidade: 'Modalidade', parcela: 'Parcela',
};
const rotulo = (nome: string, def?: DefinicaoCampo) => def?.rotulo ?? ROTULOS[nome] ?? nome;

/** "0278-0" -> "0278": agency and account are often typed with their check digit, which the code does not carry. */
function limpar(valor: unknown, nome: string, def: DefinicaoCampo | undefined): string {
  if (valor === undefined || valor === null) return '';
  if (typeof valor !== 'string' && typeof valor !== 'number') {
    throw new BoletoInvalido(`${rotulo(nome, def)} deve ser um texto.`, nome);
  }
  let v = String(valor).trim();
  if (def?.tipo === 'texto') return v.toUpperCase();
  const comDv = /^([\d.\s]+)-\s*[\dXxPp]$/.exec(v);
  if (comDv) v = comDv[1];
  return v.replace(/[.\s]/g, '');
}

function escolherVariante(banco: Banco, brutos: Record<string, string>): VarianteResolvida {
  const v = banco.resolvidas.find((variante) =>
    Object.entries(variante.quando).every(([campo, cond]) => {
      const valor = brutos[campo] ?? '';
      if (cond.vazio !== undefined && (valor === '') !== cond.vazio) return false;
      if (cond.tamanho && !cond.tamanho.includes(valor.length)) return false;
      if (cond.em && !cond.em.includes(valor)) return false;
      return true;
    }),
  );
  if (!v) {
    const conv = banco.campos.convenio;
    const tamanhos = banco.resolvidas.flatMap((r) => r.quando.convenio?.tamanho ?? []);
    if (tamanhos.length) {
      throw new BoletoInvalido(
        `${rotulo('convenio', conv)} do ${banco.nomeCurto} deve ter ${tamanhos.join(', ').replace(/, (\d+)$/, ' ou $1')} dígitos.`,
        'convenio',
      );
    }
    throw new BoletoInvalido(`Combinação de dados não suportada pelo ${banco.nomeCurto}.`);
  }
  return v;
}

function validarCampos(banco: Banco, variante: VarianteResolvida, brutos: Record<string, string>): Partial<Record<NomeCampo, string>> {
  const valores: Partial<Record<NomeCampo, string>> = {};
  for (const [nome, def] of Object.entries(variante.campos) as [NomeCampo, DefinicaoCampo][]) {
    const v = brutos[nome] || def.padrao || '';
    const r = rotulo(nome, def);
    if (!v) {
      if (def.obrigatorio) throw new BoletoInvalido(`Informe ${r.toLowerCase()} (obrigatório para o ${banco.nomeCurto}).`, nome);
      continue;
    }
    if (def.valores && !def.valores.includes(v)) {
      throw new BoletoInvalido(`${r} "${v}" não é aceita pelo ${banco.nomeCurto}; use ${def.valores.join(', ')}.`, nome);
    }
    if (def.tipo === 'texto') {
      valores[nome] = v;
      continue;
    }
    if (!/^\d+$/.test(v)) throw new BoletoInvalido(`${r} deve conter apenas números.`, nome);
    if (def.tamanho && v.length > def.tamanho) {
      throw new BoletoInvalido(`${r} deve ter no máximo ${def.tamanho} dígitos no ${banco.nomeCurto} (informado: ${v.length}).`, nome);
    }
    valores[nome] = def.tamanho ? v.padStart(def.tamanho, '0') : v;
  }
  return valores;
}

function montarSegmentos(segmentos: Segmento[], valores: Partial<Record<NomeCampo, string>>, banco: Banco): string {
  let saida = '';
  for (const s of segmentos) {
    if ('constante' in s) {
      saida += s.constante;
    } else if ('digito' in s) {
      const base = s.digito.sobre === 'anteriores' ? saida : montarSegmentos(s.digito.sobre, valores, banco);
      saida += calcularDigito(s.digito, base);
    } else {
      let v = valores[s.campo];
      if (v === undefined) throw new BoletoInvalido(`Informe ${rotulo(s.campo).toLowerCase()} (obrigatório para o ${banco.nomeCurto}).`, s.campo);
      if (s.mapa) {
        const m = s.mapa[v];
        if (m === undefined) throw new BoletoInvalido(`${rotulo(s.campo)} "${v}" não é aceita pelo ${banco.nomeCurto}.`, s.campo);
        v = m;
      }
      if (s.tamanho) {
        if (v.length > s.tamanho) throw new BoletoInvalido(`${rotulo(s.campo)} deve ter no máximo ${s.tamanho} dígitos.`, s.campo);
        v = v.padStart(s.tamanho, '0');
      }
      if (s.de !== undefined || s.ate !== undefined) v = v.slice((s.de ?? 1) - 1, s.ate ?? v.length);
      saida += v;
    }
  }
  return saida;
}

export function formatar(modelo: string, valores: Record<string, string | null | undefined>): string {
  return modelo.replace(/\{(\w+)\}/g, (_, nome: string) => valores[nome === 'dv' ? 'nossoNumeroDv' : nome] ?? '');
}

/** Builds the barcode, linha digitável and nosso número of one boleto from its bank's document. */
export function montarBoleto(dados: DadosBoleto): BoletoMontado {
  const codigoBanco = String(dados.banco ?? '').trim().padStart(3, '0');
  const banco = obterBanco(codigoBanco);
  if (!banco) {
    throw new BoletoInvalido(
      `Banco "${dados.banco}" não suportado. Bancos disponíveis: ${[...carregarBancos().keys()].join(', ')}.`,
      'banco',
    );
  }
  const todasDefs = Object.assign({}, banco.campos, ...banco.resolvidas.map((r) => r.campos)) as Record<string, DefinicaoCampo>;
  const brutos: Record<string, string> = {};
  for (const nome of CAMPOS_ENTRADA) brutos[nome] = limpar(dados[nome], nome, todasDefs[nome]);

  const variante = escolherVariante(banco, brutos);
  const valores = validarCampos(banco, variante, brutos);
  const centavos = valorEmCentavos(dados.valor);
  const fator = fatorVencimento(dados.vencimento);

  valores.nossoNumeroCompleto = montarSegmentos(variante.nossoNumero.composicao, valores, banco);
  const dv = variante.nossoNumero.dv;
  const nossoNumeroDv = dv ? calcularDigito(dv, montarSegmentos(dv.sobre as Segmento[], valores, banco)) : null;
  if (nossoNumeroDv !== null) valores.nossoNumeroDv = nossoNumeroDv;

  const campoLivre = montarSegmentos(variante.campoLivre, valores, banco);
  if (campoLivre.length !== 25) {
    throw new Error(`schemas/banks/${banco.codigo}.json, variante ${variante.id}: campo livre com ${campoLivre.length} dígitos em vez de 25`);
  }
  const codigoBarras = montarCodigoBarras({ banco: banco.codigo, fator, centavos, campoLivre });
  return {
    banco: banco.codigo,
    variante: variante.id,
    campos: valores,
    nossoNumero: valores.nossoNumeroCompleto,
    nossoNumeroDv,
    nossoNumeroFormatado: formatar(variante.nossoNumero.formato, valores),
    valor: centavosParaTexto(centavos),
    centavos,
    vencimento: dados.vencimento,
    fator,
    campoLivre,
    codigoBarras,
    linhaDigitavel: linhaDigitavel(codigoBarras),
  };
}

function tamanhoSegmento(s: Segmento, v: VarianteResolvida): number {
  if ('constante' in s) return s.constante.length;
  if ('digito' in s) return 1;
  if (s.de !== undefined || s.ate !== undefined) {
    const total = s.tamanho ?? tamanhoSegmento({ campo: s.campo }, v);
    return (s.ate ?? total) - (s.de ?? 1) + 1;
  }
  if (s.tamanho) return s.tamanho;
  if (s.campo === 'nossoNumeroDv') return 1;
  if (s.campo === 'nossoNumeroCompleto') return v.nossoNumero.composicao.reduce((n, c) => n + tamanhoSegmento(c, v), 0);
  if (s.mapa) return Math.max(...Object.values(s.mapa).map((m) => m.length));
  const t = v.campos[s.campo]?.tamanho;
  if (!t) throw new Error(`variante ${v.id}: tamanho de ${s.campo} não definido`);
  return t;
}

/**
 * Reads a campo livre back through the same layout that built it: the whole fields it carries, with its
 * constants and check digits verified. Null when it does not fit the variant.
 */
export function lerCampoLivre(codigoBanco: string, idVariante: string, campoLivre: string): Partial<Record<NomeCampo, string>> | null {
  const variante = obterBanco(codigoBanco)?.resolvidas.find((r) => r.id === idVariante);
  if (!variante) throw new Error(`variante desconhecida: ${codigoBanco}/${idVariante}`);
  const lidos: Partial<Record<NomeCampo, string>> = {};
  let pos = 0;
  for (const s of variante.campoLivre) {
    const n = tamanhoSegmento(s, variante);
    const trecho = campoLivre.slice(pos, pos + n);
    if ('constante' in s && trecho !== s.constante) return null;
    if ('digito' in s && s.digito.sobre === 'anteriores' && calcularDigito(s.digito, campoLivre.slice(0, pos)) !== trecho) return null;
    if ('campo' in s && !s.mapa && s.de === undefined && s.ate === undefined) lidos[s.campo] = trecho;
    pos += n;
  }
  return pos === campoLivre.length ? lidos : null;
}
