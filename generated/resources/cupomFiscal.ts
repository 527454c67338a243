/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Cupom fiscal: registro de /api/CuponsFiscais (schemas/resources/cupomFiscal.json). */
export interface CupomFiscal {
  /**
   * Código do registro
   */
  id: number;
  /**
   * Cadastrado em (ISO 8601)
   */
  createdAt?: string;
  /**
   * Alterado em (ISO 8601)
   */
  updatedAt?: string;
  /**
   * Número
   */
  numero?: number | null;
  /**
   * Série
   */
  serie?: number | null;
  /**
   * Emitido em
   */
  emitidaEm?: string;
  /**
   * PDV
   */
  pdvId?: number;
  /**
   * Operador
   */
  operadorId?: number;
  /**
   * CPF/CNPJ do consumidor
   */
  cpfCnpj?: string | null;
  /**
   * Total
   */
  total?: string;
  /**
   * Situação
   */
  situacao?: 'pendente' | 'autorizada' | 'contingencia' | 'erro' | 'cancelada';
  /**
   * Tipo de emissão
   */
  tpEmis?: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 9;
  /**
   * Chave de acesso
   */
  chaveAcesso?: string | null;
  /**
   * Protocolo
   */
  protocolo?: string | null;
  /**
   * Motivo
   */
  motivo?: string | null;
  /**
   * Caixa
   */
  caixaId?: number;
}
