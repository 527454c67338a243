/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Entrada de nota fiscal: /api/EntradasNota (schemas/documents/entradaNota.json). */
export type Numero = string | null;
export type Vencimento = string;
export type Valor = string;

export interface EntradaNotaCabecalho {
  /**
   * Fornecedor
   */
  fornecedorId: number;
  /**
   * Depósito
   */
  depositoId: number;
  /**
   * Transportador
   */
  transportadorId?: number | null;
  /**
   * Pedido de compra (id)
   */
  pedidoCompraId?: number | null;
  /**
   * Chave de acesso
   */
  chaveAcesso?: string | null;
  /**
   * Número da nota
   */
  numeroNota: number;
  /**
   * Série
   */
  serie?: number | null;
  /**
   * Emissão
   */
  dataEmissao: string;
  /**
   * Entrada
   */
  dataEntrada?: string | null;
  /**
   * Frete
   */
  valorFrete?: string | null;
  /**
   * Seguro
   */
  valorSeguro?: string | null;
  /**
   * Desconto
   */
  valorDesconto?: string | null;
  /**
   * Outras despesas
   */
  valorOutras?: string | null;
  /**
   * Valor da nota
   */
  valorTotal?: string | null;
  /**
   * Parcelas (sem duplicatas)
   */
  numeroParcelas?: number | null;
  /**
   * Primeiro vencimento
   */
  primeiroVencimento?: string | null;
  /**
   * Duplicatas
   *
   * @maxItems 120
   */
  parcelas?:
    | {
        numero?: Numero;
        vencimento: Vencimento;
        valor: Valor;
      }[]
    | null;
  /**
   * XML
   */
  xmlArquivo?: string | null;
  /**
   * IBS destacado
   */
  valorIbs?: string | null;
  /**
   * CBS destacada
   */
  valorCbs?: string | null;
  /**
   * Observação
   */
  observacao?: string | null;
}
export interface EntradaNotaItem {
  /**
   * Produto
   */
  produtoId: number;
  /**
   * Variação
   */
  variacaoId?: number | null;
  /**
   * Código no fornecedor
   */
  codigoFornecedor?: string | null;
  /**
   * Descrição na nota
   */
  descricaoFornecedor?: string | null;
  /**
   * GTIN
   */
  gtin?: string | null;
  /**
   * Unidade na nota
   */
  unidade?: string | null;
  /**
   * CFOP do fornecedor
   */
  cfop?: string | null;
  /**
   * CFOP de entrada
   */
  cfopEntrada?: string | null;
  /**
   * Quantidade na nota
   */
  quantidade: string;
  /**
   * Fator (unidades por embalagem)
   */
  fator?: string | null;
  /**
   * Valor dos produtos
   */
  valorTotal: string;
  /**
   * Frete
   */
  valorFrete?: string | null;
  /**
   * Seguro
   */
  valorSeguro?: string | null;
  /**
   * Desconto
   */
  valorDesconto?: string | null;
  /**
   * Outras
   */
  valorOutras?: string | null;
  /**
   * IPI
   */
  valorIpi?: string | null;
  /**
   * ICMS-ST
   */
  valorIcmsSt?: string | null;
  /**
   * ICMS destacado
   */
  valorIcms?: string | null;
  /**
   * PIS destacado
   */
  valorPis?: string | null;
  /**
   * COFINS destacada
   */
  valorCofins?: string | null;
  /**
   * Custo unitário
   */
  custoUnitario?: string | null;
  /**
   * CST do IBS/CBS
   */
  cstIbsCbs?: string | null;
  /**
   * Classificação tributária (cClassTrib)
   */
  cClassTrib?: string | null;
  /**
   * Base do IBS/CBS
   */
  valorBcIbsCbs?: string | null;
  /**
   * IBS UF
   */
  valorIbsUf?: string | null;
  /**
   * IBS municipal
   */
  valorIbsMun?: string | null;
  /**
   * IBS
   */
  valorIbs?: string | null;
  /**
   * CBS
   */
  valorCbs?: string | null;
}
export type EntradaNotaEstado = "rascunho" | "efetivada" | "cancelada";
export type EntradaNotaTransicao = "efetivar" | "cancelar";
/** The document as GET /api/EntradasNota/{id} answers. */
export interface EntradaNota extends EntradaNotaCabecalho {
  id: number;
  numero: number;
  estado: EntradaNotaEstado;
  filialId: number;
  usuarioId: number | null;
  createdAt: string;
  updatedAt: string;
  itens: (EntradaNotaItem & { linha: number })[];
  transicoes: EntradaNotaTransicao[];
}
