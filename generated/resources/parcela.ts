/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Parcela: registro de /api/Parcelas (schemas/resources/parcela.json). */
export interface Parcela {
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
   * Lançamento
   */
  lancamentoId?: number;
  /**
   * Tipo
   */
  tipo?: 0 | 1;
  /**
   * Vencimento
   */
  vencimento?: string;
  /**
   * Descrição
   */
  descricao?: string;
  /**
   * Pessoa (código)
   */
  pessoaId?: number | null;
  /**
   * Pessoa
   */
  pessoaNome?: string | null;
  /**
   * Categoria
   */
  categoriaId?: number | null;
  /**
   * Centro de custo
   */
  centroCustoId?: number | null;
  /**
   * Conta
   */
  contaId?: number | null;
  /**
   * Documento
   */
  documento?: string | null;
  /**
   * Emissão
   */
  dataEmissao?: string;
  /**
   * Competência
   */
  competencia?: string;
  /**
   * Parcela
   */
  numero?: number;
  /**
   * De
   */
  quantidadeParcelas?: number;
  /**
   * Valor
   */
  valor?: string;
  /**
   * Baixado
   */
  valorBaixado?: string;
  /**
   * Em aberto
   */
  valorAberto?: string;
  /**
   * Situação
   */
  status?: 'aberto' | 'parcial' | 'atrasado' | 'pago' | 'cancelado';
}
