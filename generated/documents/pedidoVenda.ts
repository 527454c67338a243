/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Pedido de venda: /api/PedidosVenda (schemas/documents/pedidoVenda.json). */
export interface PedidoVendaCabecalho {
  /**
   * Cliente
   */
  clienteId: number;
  /**
   * Vendedor
   */
  vendedorId?: number | null;
  /**
   * Pedido de serviço
   */
  servico?: boolean | null;
  /**
   * Depósito
   */
  depositoId?: number | null;
  /**
   * Natureza da operação (texto)
   */
  naturezaOperacao?: string | null;
  /**
   * Natureza de operação
   */
  naturezaId?: number | null;
  /**
   * Emitir NF-e ao faturar
   */
  emitirNfe?: boolean | null;
  /**
   * Forma de pagamento
   */
  formaPagamentoId?: number | null;
  /**
   * Parcelas
   */
  numeroParcelas?: number | null;
  /**
   * Primeiro vencimento
   */
  primeiroVencimento?: string | null;
  /**
   * Parcelas informadas
   */
  parcelas?:
    | {
        vencimento: string;
        valor: string;
      }[]
    | null;
  /**
   * Desconto no total (%)
   */
  descontoPercentual?: string | null;
  /**
   * Desconto no total (R$)
   */
  descontoValor?: string | null;
  /**
   * Frete
   */
  frete?: string | null;
  /**
   * Outras despesas
   */
  outrasDespesas?: string | null;
  /**
   * Transportador
   */
  transportadorId?: number | null;
  /**
   * Endereço de entrega
   */
  enderecoEntrega?: string | null;
  /**
   * Observações
   */
  observacao?: string | null;
  /**
   * Total dos itens
   */
  totalProdutos?: string | null;
  /**
   * Desconto no total
   */
  totalDesconto?: string | null;
  /**
   * Total do pedido
   */
  valorTotal?: string | null;
  /**
   * Parcelas do pedido
   */
  planoParcelas?:
    | {
        numero?: number;
        vencimento?: string;
        valor?: string;
      }[]
    | null;
  /**
   * Faturado em
   */
  dataFaturamento?: string | null;
  /**
   * NF-e (registro)
   */
  nfeId?: number | null;
  /**
   * NF-e
   */
  nfeNumero?: number | null;
  /**
   * Chave da NF-e
   */
  nfeChave?: string | null;
  /**
   * Gerado do orçamento
   */
  origemPedidoId?: number | null;
}
export interface PedidoVendaItem {
  /**
   * Produto
   */
  produtoId?: number | null;
  /**
   * Serviço
   */
  servicoId?: number | null;
  /**
   * Variação
   */
  variacaoId?: number | null;
  /**
   * Lote
   */
  loteId?: number | null;
  /**
   * Quantidade
   */
  quantidade: string;
  /**
   * Preço unitário
   */
  precoUnitario?: string | null;
  /**
   * Desconto (%)
   */
  descontoPercentual?: string | null;
  /**
   * Desconto (R$)
   */
  descontoValor?: string | null;
  /**
   * Promoção
   */
  promocaoId?: number | null;
  /**
   * Promoção aplicada
   */
  promocao?: string | null;
  /**
   * Desconto da promoção
   */
  descontoPromocao?: string | null;
  /**
   * Total
   */
  valorTotal?: string | null;
}
export type PedidoVendaEstado = "digitando" | "aguardando" | "aguardando_faturamento" | "faturado" | "cancelado" | "pedido_gerado";
export type PedidoVendaTransicao = "confirmar" | "reabrir" | "liberar" | "faturar" | "estornar-faturamento" | "estornar-cancelamento" | "gerar-pedido" | "cancelar";
/** The document as GET /api/PedidosVenda/{id} answers. */
export interface PedidoVenda extends PedidoVendaCabecalho {
  id: number;
  numero: number;
  estado: PedidoVendaEstado;
  filialId: number;
  usuarioId: number | null;
  createdAt: string;
  updatedAt: string;
  itens: (PedidoVendaItem & { linha: number })[];
  transicoes: PedidoVendaTransicao[];
}
