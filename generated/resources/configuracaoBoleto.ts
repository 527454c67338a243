/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { BancoBoleto, LayoutCnab } from '../lookups.ts';
/** Configuração de boleto: registro de /api/ConfiguracoesBoleto (schemas/resources/configuracaoBoleto.json). */
export interface ConfiguracaoBoleto extends Registro {
  /**
   * Banco
   */
  banco: BancoBoleto;
  /**
   * Agência
   */
  agencia: string;
  /**
   * DV da agência
   */
  agenciaDv?: string | null;
  /**
   * Conta
   */
  conta?: string | null;
  /**
   * DV da conta
   */
  contaDv?: string | null;
  /**
   * Carteira
   */
  carteira: string;
  /**
   * Convênio / código do beneficiário
   */
  convenio?: string | null;
  /**
   * Próximo nosso número
   */
  proximoNossoNumero: string;
  /**
   * Chave Pix
   */
  chavePix?: string | null;
  /**
   * Cidade (Pix)
   */
  cidadePix?: string | null;
  /**
   * Instruções ao caixa
   */
  instrucoes?: string | null;
  /**
   * Multa (%)
   */
  multa?: string | null;
  /**
   * Juros ao mês (%)
   */
  juros?: string | null;
  /**
   * Layout CNAB
   */
  layoutCnab: LayoutCnab;
  /**
   * Ativo
   */
  ativo?: boolean;
}
