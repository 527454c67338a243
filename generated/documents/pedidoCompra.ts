/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Pedido de compra: /api/PedidosCompra (schemas/documents/pedidoCompra.json). */
export interface PedidoCompraCabecalho {
  /**
   * Fornecedor
   */
  fornecedorId: number;
  /**
   * Entrega prevista
   */
  dataPrevista?: string | null;
  /**
   * Condição de pagamento
   */
  condicaoPagamento?: string | null;
  /**
   * Observação
   */
  observacao?: string | null;
}
export interface PedidoCompraItem {
  /**
   * Produto
   */
  produtoId: number;
  /**
   * Variação
   */
  variacaoId?: number | null;
  /**
   * Quantidade
   */
  quantidade: string;
  /**
   * Valor unitário
   */
  valorUnitario?: string | null;
  /**
   * Entrega prevista
   */
  dataPrevista?: string | null;
  /**
   * Recebida
   */
  quantidadeRecebida?: string | null;
}
export type PedidoCompraEstado = "aberto" | "parcial" | "recebido" | "cancelado";
export type PedidoCompraTransicao = "cancelar" | "receber";
/** The document as GET /api/PedidosCompra/{id} answers. */
export interface PedidoCompra extends PedidoCompraCabecalho {
  id: number;
  numero: number;
  estado: PedidoCompraEstado;
  filialId: number;
  usuarioId: number | null;
  createdAt: string;
  updatedAt: string;
  itens: (PedidoCompraItem & { linha: number })[];
  transicoes: PedidoCompraTransicao[];
}
