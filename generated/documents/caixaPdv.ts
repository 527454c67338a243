/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Caixa: /api/CaixasPdv (schemas/documents/caixaPdv.json). */
export interface CaixaPdvCabecalho {
  /**
   * PDV
   */
  pdvId: number;
  /**
   * Operador
   */
  operadorId: number;
  /**
   * Fundo de troco
   */
  valorAbertura: string;
  /**
   * Observação
   */
  observacao?: string | null;
  /**
   * Aberto em
   */
  abertoEm?: string | null;
  /**
   * Fechado em
   */
  fechadoEm?: string | null;
  /**
   * Vendas
   */
  totalVendas?: string | null;
  /**
   * Esperado
   */
  totalEsperado?: string | null;
  /**
   * Contado
   */
  totalContado?: string | null;
  /**
   * Diferença
   */
  diferenca?: string | null;
}
export interface CaixaPdvItem {
  /**
   * Forma de pagamento
   */
  formaPagamentoId: number;
  /**
   * Valor contado
   */
  valor: string;
}
export type CaixaPdvEstado = "aberto" | "fechado";
export type CaixaPdvTransicao = "fechar";
/** The document as GET /api/CaixasPdv/{id} answers. */
export interface CaixaPdv extends CaixaPdvCabecalho {
  id: number;
  numero: number;
  estado: CaixaPdvEstado;
  filialId: number;
  usuarioId: number | null;
  createdAt: string;
  updatedAt: string;
  itens: (CaixaPdvItem & { linha: number })[];
  transicoes: CaixaPdvTransicao[];
}
