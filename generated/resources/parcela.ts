/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { StatusParcela, TipoLancamento } from '../lookups.ts';
/** Parcela: registro de /api/Parcelas (schemas/resources/parcela.json). */
export interface Parcela extends Registro {
  /**
   * Lançamento
   */
  lancamentoId?: number;
  /**
   * Tipo
   */
  tipo?: TipoLancamento;
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
  status?: StatusParcela;
}
