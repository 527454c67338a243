import Decimal from 'decimal.js';
import { obterBanco, type ConfigCnab } from '../bancos.ts';
import { montarBoleto, type DadosBoleto } from '../boleto.ts';
import { BoletoInvalido } from '../erros.ts';
import { carregarLayout, escreverRegistro, type LayoutCnab, type Operacao } from './layout.ts';

export type FormatoCnab = '240' | '400';

export interface BeneficiarioCnab {
  nome: string;
  /** CPF (11) or CNPJ (14) digits. */
  documento: string;
  agencia: string;
  agenciaDv?: string;
  conta: string;
  contaDv?: string;
  convenio?: string;
  /** Banco do Brasil CNAB 400: variação da carteira of the contract (three digits). */
  variacaoCarteira?: string;
}

export interface Pagador {
  nome: string;
  documento: string;
  endereco: string;
  bairro?: string;
  cep: string;
  cidade: string;
  uf: string;
}

export interface TituloCnab {
  operacao: Operacao;
  /** Bank fields, nosso número, amount and due date, as for the boleto itself. */
  boleto: Omit<DadosBoleto, 'banco'>;
  numeroDocumento: string;
  emissao: string;
  pagador: Pagador;
  /** Interest per day of delay, reais. */
  jurosPorDia?: string;
  /** Free text the beneficiary gets back in the retorno (usoEmpresa). */
  controle?: string;
  /** Discount (reais) if paid until dataDesconto (yyyy-MM-dd): sent with the registration or by concederDesconto. */
  desconto?: string;
  dataDesconto?: string;
}

export interface Remessa {
  banco: string;
  formato: FormatoCnab;
  beneficiario: BeneficiarioCnab;
  titulos: TituloCnab[];
  sequencialArquivo: number;
  /** yyyy-MM-dd */
  dataGeracao: string;
  /** HHmmss */
  horaGeracao?: string;
}

export function configCnab(banco: string, formato: FormatoCnab): { config: ConfigCnab; layout: LayoutCnab } {
  const doc = obterBanco(banco);
  const config = doc?.cnab?.[formato];
  if (!doc || !config) {
    const tem = doc?.cnab ? Object.keys(doc.cnab).join(' e ') : '';
    throw new BoletoInvalido(
      `CNAB ${formato} não está disponível para o banco ${banco}${tem ? `; use CNAB ${tem}` : ''}.`,
      'formato',
    );
  }
  return { config, layout: carregarLayout(config.layout) };
}

const tipoInscricao = (doc: string) => (doc.replace(/\D/g, '').length === 14 ? '2' : '1');
const soDigitos = (s: string | undefined) => (s ?? '').replace(/\D/g, '');

/**
 * Bank constants are templates over the record's values: `{campo}`, `{campo:N}` (the number in N digits,
 * leading zeros dropped; a longer number is kept whole so the field size check refuses it) and
 * `{campo@A-B}` (characters A to B, 1-based).
 */
export function aplicarModelo(modelo: string, valores: Record<string, string | null | undefined>): string {
  return modelo.replace(/\{(\w+)(?:@(\d+)-(\d+))?(?::(\d+))?\}/g, (_, nome: string, de?: string, ate?: string, n?: string) => {
    let v = valores[nome === 'dv' ? 'nossoNumeroDv' : nome] ?? '';
    if (de && ate) v = v.slice(Number(de) - 1, Number(ate));
    if (n) {
      const semZeros = v.replace(/^0+(?=\d)/, '');
      v = semZeros.length > Number(n) ? semZeros : semZeros.padStart(Number(n), '0');
    }
    return v;
  });
}

/** Values every record of a title may use: the boleto's own fields and the title's. */
function valoresTitulo(r: Remessa, t: TituloCnab, config: ConfigCnab, layout: LayoutCnab) {
  const movimento = layout.movimentos[t.operacao];
  if (!movimento) {
    const doc = obterBanco(r.banco)!;
    if (t.operacao === 'alterarValor') {
      // Banks without a published instruction for it (see the layout's observacoes): the amount is in the barcode, so a new boleto it is.
      throw new BoletoInvalido(
        `O banco ${doc.nomeCurto} (${doc.codigo}) não tem, no CNAB ${layout.tamanho} (leiaute ${layout.id}), instrução de remessa para alterar o valor do título. ` +
          'Para cobrar outro valor, cancele este boleto (operação "baixar") e emita um novo boleto com o valor correto.',
        'operacao',
      );
    }
    if (t.operacao === 'concederDesconto') {
      throw new BoletoInvalido(
        `O banco ${doc.nomeCurto} (${doc.codigo}) não tem, no CNAB ${layout.tamanho} (leiaute ${layout.id}), instrução de remessa para conceder desconto a um título registrado. ` +
          'Para dar o desconto, cancele este boleto e emita um novo com o valor ou o desconto corretos.',
        'operacao',
      );
    }
    throw new BoletoInvalido(`A operação "${t.operacao}" não está prevista no leiaute ${layout.id} do banco ${doc.nomeCurto}.`, 'operacao');
  }
  const b = montarBoleto({ ...t.boleto, banco: r.banco });
  const base: Record<string, string | null | undefined> = {
    ...b.campos,
    nossoNumeroCompleto: b.nossoNumero,
    nossoNumeroDv: b.nossoNumeroDv ?? '',
    movimento,
    numeroDocumento: t.numeroDocumento,
    vencimento: b.vencimento,
    valor: b.valor,
    dataEmissao: t.emissao,
    jurosPorDia: t.jurosPorDia,
    juros: t.jurosPorDia,
    usoEmpresa: t.controle,
    desconto: t.desconto,
    dataDesconto: t.desconto ? t.dataDesconto : undefined,
    codigoDesconto: t.desconto ? '1' : undefined,
    pagadorTipoInscricao: tipoInscricao(t.pagador.documento),
    pagadorInscricao: soDigitos(t.pagador.documento),
    pagadorNome: t.pagador.nome,
    pagadorEndereco: t.pagador.endereco,
    pagadorBairro: t.pagador.bairro,
    pagadorCep: soDigitos(t.pagador.cep).slice(0, 5),
    pagadorCepSufixo: soDigitos(t.pagador.cep).slice(5, 8),
    pagadorCidade: t.pagador.cidade,
    pagadorUf: t.pagador.uf,
    agenciaDv: r.beneficiario.agenciaDv,
    contaDv: r.beneficiario.contaDv,
  };
  // Bank-specific values are templates over the boleto's fields ({nossoNumeroCompleto}{dv}, ...).
  if (config.variantes && !config.variantes.includes(b.variante)) {
    const doc = obterBanco(r.banco)!;
    const aceitas = doc.resolvidas.filter((v) => config.variantes!.includes(v.id)).map((v) => v.descricao.split(':')[0]);
    throw new BoletoInvalido(
      `O leiaute ${layout.id} do ${doc.nomeCurto} aceita só: ${aceitas.join('; ')}. Este título usa "${b.variante}".`,
      'convenio',
    );
  }
  const constantes = { ...config.constantes, ...config.porVariante?.[b.variante] };
  for (const [campo, modelo] of Object.entries(constantes)) base[campo] = aplicarModelo(modelo, base);
  return { valores: base, valor: b.valor };
}

/** Builds a remessa file (CRLF lines) to register, change or cancel titles. */
export function gerarRemessa(r: Remessa): string {
  const { config, layout } = configCnab(r.banco, r.formato);
  if (!r.titulos.length) throw new BoletoInvalido('A remessa não tem títulos.', 'titulos');
  const doc = obterBanco(r.banco)!;
  const empresa = {
    banco: r.banco,
    nomeBanco: doc.nomeCurto,
    tipoInscricao: tipoInscricao(r.beneficiario.documento),
    inscricao: soDigitos(r.beneficiario.documento),
    convenio: r.beneficiario.convenio,
    agencia: soDigitos(r.beneficiario.agencia),
    agenciaDv: r.beneficiario.agenciaDv,
    conta: soDigitos(r.beneficiario.conta),
    contaDv: r.beneficiario.contaDv,
    nomeEmpresa: r.beneficiario.nome,
    dataGeracao: r.dataGeracao,
    dataGravacao: r.dataGeracao,
    horaGeracao: r.horaGeracao ?? '000000',
    sequencialArquivo: String(r.sequencialArquivo),
    numeroRemessaRetorno: String(r.sequencialArquivo),
    variacaoCarteira: r.beneficiario.variacaoCarteira,
  } as Record<string, string | undefined>;
  // Header constants (Caixa's código do beneficiário, ...) come from the same templates, over the company's values.
  for (const [campo, modelo] of Object.entries(config.constantes ?? {})) {
    const v = aplicarModelo(modelo, empresa);
    if (v) empresa[campo] = v;
  }
  const linhas: string[] = [];
  const comBanco = (v: Record<string, string | null | undefined>) => ({ ...empresa, ...v, agencia: empresa.agencia, conta: empresa.conta });

  if (layout.tamanho === 240) {
    linhas.push(escreverRegistro(layout, 'headerArquivo', { ...empresa, remessaRetorno: '1' }));
    linhas.push(escreverRegistro(layout, 'headerLote', { ...empresa, lote: '1', operacao: 'R' }));
    let seq = 0;
    let total = new Decimal(0);
    for (const t of r.titulos) {
      const { valores, valor } = valoresTitulo(r, t, config, layout);
      total = total.plus(valor);
      linhas.push(escreverRegistro(layout, 'segmentoP', { ...comBanco(valores), lote: '1', sequencial: String(++seq) }));
      linhas.push(escreverRegistro(layout, 'segmentoQ', { ...comBanco(valores), lote: '1', sequencial: String(++seq) }));
    }
    linhas.push(
      escreverRegistro(layout, 'trailerLote', {
        banco: r.banco, lote: '1', quantidadeRegistros: String(seq + 2), quantidadeSimples: String(r.titulos.length), valorSimples: total.toFixed(2),
      }),
    );
    linhas.push(escreverRegistro(layout, 'trailerArquivo', { banco: r.banco, quantidadeLotes: '1', quantidadeRegistros: String(linhas.length + 1) }));
  } else {
    linhas.push(escreverRegistro(layout, 'headerRemessa', { ...empresa, sequencial: '1' }));
    let total = new Decimal(0);
    for (const t of r.titulos) {
      const { valores, valor } = valoresTitulo(r, t, config, layout);
      total = total.plus(valor);
      linhas.push(escreverRegistro(layout, 'detalheRemessa', { ...comBanco(valores), sequencial: String(linhas.length + 1) }));
    }
    linhas.push(
      escreverRegistro(layout, 'trailerRemessa', {
        sequencial: String(linhas.length + 1), quantidadeRegistros: String(linhas.length + 1), quantidadeTitulos: String(r.titulos.length), valorTotal: total.toFixed(2),
      }),
    );
  }
  return linhas.join('\r\n') + '\r\n';
}
