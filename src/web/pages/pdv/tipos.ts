import type { Promocao } from '../../../shared/promocoes.ts';
import type { NfeDocumento, Item } from '../../../../generated/fiscal/nfe-documento.ts';
import type { OpcoesBalanca } from './codigo-barras.ts';

/** GET /api/Pdv/catalogo (PDV-CONTRACT.md). */
export interface ProdutoPdv {
  id: number;
  codigo: string;
  descricao: string;
  gtin: string | null;
  unidade: string;
  precoVenda: string;
  pesavel: boolean;
  /** the PLU the scale knows it by (its labels carry it); null when not sold at the scale */
  plu?: number | null;
  ncm?: string;
  cest?: string | null;
  origem?: number | string;
  ativo: boolean;
  categoriaId?: number | null;
}

export interface FormaPagamentoPdv {
  id: number;
  descricao: string;
  tPag: string;
  bandeiras?: string[];
  tef: boolean;
  permiteTroco: boolean;
}

export interface EstacaoPdv {
  id: number;
  descricao: string;
  filialId?: number;
  depositoId?: number;
  serieNfce?: number;
  larguraImpressora?: number;
  balanca?: OpcoesBalanca | null;
}

export interface Catalogo {
  versao: string;
  produtos: ProdutoPdv[];
  promocoes: Promocao[];
  formasPagamento: FormaPagamentoPdv[];
  pdv: EstacaoPdv;
  emitente?: { razaoSocial?: string; nome?: string; nomeFantasia?: string; cnpj?: string; ie?: string; endereco?: string | Record<string, unknown> } & Record<string, unknown>;
  csc?: { id: string; token: string };
  nfce?: { documento: NfeDocumento; itens: Record<string, Item>; urlQrCode: string; urlChave: string };
}

export interface Operador {
  id: number;
  nome: string;
}

export interface Limites {
  descontoMaximo: string;
  podeCancelar: boolean;
  podeAbrirGaveta: boolean;
}

export interface Caixa {
  id: number;
  pdvId: number;
  operadorId: number;
  abertoEm: string;
  valorAbertura: string;
  esperado?: { formaPagamentoId: number | null; descricao: string; valor: string }[];
}

/** The body of POST /api/Pdv/vendas. */
export interface VendaEnvio {
  chave: string;
  pdvId: number;
  caixaId: number;
  operadorId: number;
  emitidaEm: string;
  cpfCnpj?: string;
  itens: { produtoId: number; quantidade: string; precoUnitario: string; desconto: string; promocaoId?: number }[];
  pagamentos: { formaPagamentoId: number; tPag: string; valor: string; bandeira?: string }[];
  troco: string;
  offline?: { tpEmis: 9; dhCont: string; xJust: string; serie: number; numero: number; xml: string };
}

/** The answer of POST /api/Pdv/vendas. */
export interface VendaResposta {
  id: number;
  chave: string;
  numero: number;
  serie: number;
  chaveAcesso: string;
  situacao: 'autorizada' | 'contingencia' | 'erro';
  motivo?: string;
  total: string;
  troco: string;
  qrCode: string;
  urlConsulta: string;
  danfce: string;
}
