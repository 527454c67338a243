import type { AjustesTributacao } from './ajustes-tributacao.ts';

/**
 * The NF-e draft as the emitir-nfe screen edits it and POST/PUT /api/NotasFiscais receive it: one JSON Schema for
 * both sides. Money and quantities are decimal strings (dot separator).
 */
const decimal = (casas: number) => ({ type: 'string', pattern: `^\\d{1,13}(\\.\\d{1,${casas}})?$` });

export const NOTA_FISCAL_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['naturezaId', 'clienteId', 'itens', 'pagamentos'],
  properties: {
    naturezaId: { type: 'integer', minimum: 1, title: 'Natureza de operação' },
    pedidoId: { type: ['integer', 'null'], minimum: 1, title: 'Pedido de venda' },
    clienteId: { type: 'integer', minimum: 1, title: 'Destinatário' },
    finalidade: { type: 'integer', enum: [1, 2, 3, 4], title: 'Finalidade' },
    referencias: { type: 'array', maxItems: 20, title: 'Chaves referenciadas', items: { type: 'string', pattern: '^\\d{44}$' } },
    itens: {
      type: 'array',
      minItems: 1,
      maxItems: 990,
      title: 'Itens',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['produtoId', 'quantidade', 'valorUnitario'],
        properties: {
          produtoId: { type: 'integer', minimum: 1, title: 'Produto' },
          quantidade: { ...decimal(4), title: 'Quantidade' },
          valorUnitario: { ...decimal(10), title: 'Valor unitário' },
          valorDesconto: { ...decimal(2), title: 'Desconto' },
          valorFrete: { ...decimal(2), title: 'Frete' },
          valorOutros: { ...decimal(2), title: 'Outras despesas' },
          // what the user changed in the line's taxes (validarAjustes says what the law allows; the server recomputes)
          ajustes: {
            type: ['object', 'null'],
            additionalProperties: false,
            title: 'Impostos ajustados',
            properties: {
              cfop: { type: 'string', maxLength: 8, title: 'CFOP' },
              cstIcms: { type: 'string', maxLength: 8, title: 'CST/CSOSN do ICMS' },
              reducaoBase: { type: 'string', maxLength: 12, title: 'Redução da base do ICMS' },
              aliquotaIcms: { type: 'string', maxLength: 12, title: 'Alíquota do ICMS' },
              cstIpi: { type: 'string', maxLength: 8, title: 'CST do IPI' },
              aliquotaIpi: { type: 'string', maxLength: 12, title: 'Alíquota do IPI' },
              cstPis: { type: 'string', maxLength: 8, title: 'CST do PIS' },
              aliquotaPis: { type: 'string', maxLength: 12, title: 'Alíquota do PIS' },
              cstCofins: { type: 'string', maxLength: 8, title: 'CST da COFINS' },
              aliquotaCofins: { type: 'string', maxLength: 12, title: 'Alíquota da COFINS' },
            },
          },
        },
      },
    },
    transporte: {
      type: 'object',
      additionalProperties: false,
      title: 'Transporte',
      required: ['modalidade'],
      properties: {
        modalidade: { type: 'integer', enum: [0, 1, 2, 3, 4, 9], title: 'Modalidade do frete' },
        transportadorId: { type: ['integer', 'null'], minimum: 1, title: 'Transportador' },
        volumes: {
          type: 'array',
          maxItems: 50,
          items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              quantidade: { type: 'integer', minimum: 0, title: 'Quantidade de volumes' },
              especie: { type: 'string', maxLength: 60, title: 'Espécie' },
              pesoLiquido: { ...decimal(3), title: 'Peso líquido' },
              pesoBruto: { ...decimal(3), title: 'Peso bruto' },
            },
          },
        },
      },
    },
    pagamentos: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      title: 'Pagamentos',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['tPag', 'valor'],
        properties: {
          tPag: { type: 'string', pattern: '^\\d{2}$', title: 'Forma de pagamento' },
          valor: { ...decimal(2), title: 'Valor' },
          vencimento: { type: ['string', 'null'], format: 'date', title: 'Vencimento' },
        },
      },
    },
    informacoesAdicionais: { type: ['string', 'null'], maxLength: 2000, title: 'Informações adicionais' },
  },
} as const;

export interface ItemNota {
  produtoId: number;
  quantidade: string;
  valorUnitario: string;
  valorDesconto?: string;
  /** the line's share of the freight and of other costs (an order's header values spread over its lines) */
  valorFrete?: string;
  valorOutros?: string;
  /** the user's changes to the line's taxes (CFOP, CST/CSOSN, rates), kept with the draft */
  ajustes?: AjustesTributacao | null;
}

export interface DadosNotaFiscal {
  naturezaId: number;
  /** a faturado sales order this note invoices (its stock and receivables were posted by the order, not by the note) */
  pedidoId?: number | null;
  clienteId: number;
  finalidade?: 1 | 2 | 3 | 4;
  referencias?: string[];
  itens: ItemNota[];
  transporte?: { modalidade: 0 | 1 | 2 | 3 | 4 | 9; transportadorId?: number | null; volumes?: { quantidade?: number; especie?: string; pesoLiquido?: string; pesoBruto?: string }[] };
  pagamentos: { tPag: string; valor: string; vencimento?: string | null }[];
  informacoesAdicionais?: string | null;
}

export const STATUS_NOTA = { rascunho: 'Rascunho', rejeitada: 'Rejeitada', autorizada: 'Autorizada', cancelada: 'Cancelada', denegada: 'Denegada', contingencia: 'Em contingência' } as const;
export type StatusNota = keyof typeof STATUS_NOTA;
