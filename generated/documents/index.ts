/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */

export type { AcertoEstoque, AcertoEstoqueCabecalho, AcertoEstoqueItem } from './acertoEstoque.ts';
export type { CaixaPdv, CaixaPdvCabecalho, CaixaPdvItem } from './caixaPdv.ts';
export type { EntradaNota, EntradaNotaCabecalho, EntradaNotaItem } from './entradaNota.ts';
export type { PedidoCompra, PedidoCompraCabecalho, PedidoCompraItem } from './pedidoCompra.ts';
export type { PedidoVenda, PedidoVendaCabecalho, PedidoVendaItem } from './pedidoVenda.ts';
export type { TransferenciaEstoque, TransferenciaEstoqueCabecalho, TransferenciaEstoqueItem } from './transferenciaEstoque.ts';

export const DOCUMENTS = {
  "acertoEstoque": {
    "endpoint": "AcertosEstoque",
    "route": "pages/estoque/acerto-estoque",
    "permission": "app.acertoestoque",
    "transitions": [
      "efetivar",
      "cancelar"
    ]
  },
  "caixaPdv": {
    "endpoint": "CaixasPdv",
    "route": "pages/vendas/caixas",
    "permission": "app.pdv",
    "transitions": [
      "fechar"
    ]
  },
  "entradaNota": {
    "endpoint": "EntradasNota",
    "route": "pages/compras/entrada-nota-fiscal",
    "permission": "app.nfeentrada",
    "transitions": [
      "efetivar",
      "cancelar"
    ]
  },
  "pedidoCompra": {
    "endpoint": "PedidosCompra",
    "route": "pages/compras/pedido",
    "permission": "app.pedidoCompra",
    "transitions": [
      "cancelar",
      "receber"
    ]
  },
  "pedidoVenda": {
    "endpoint": "PedidosVenda",
    "route": "pages/vendas/pedido-vendas",
    "permission": "app.pedidoVenda",
    "transitions": [
      "confirmar",
      "reabrir",
      "liberar",
      "faturar",
      "estornar-faturamento",
      "estornar-cancelamento",
      "gerar-pedido",
      "cancelar"
    ]
  },
  "transferenciaEstoque": {
    "endpoint": "TransferenciasEstoque",
    "route": "pages/estoque/transferencia-estoque",
    "permission": "app.transferenciaEstoque",
    "transitions": [
      "efetivar",
      "cancelar"
    ]
  }
} as const;
export type DocumentName = keyof typeof DOCUMENTS;
