import { SITUACAO_NOTA_FISCAL, type SituacaoNotaFiscal } from '../../../generated/lookups.ts';
import type { AjustesTributacao } from './ajustes-tributacao.ts';

/**
 * The NF-e draft as the emitir-nfe screen edits it and POST/PUT /api/NotasFiscais receive it: one JSON Schema for
 * both sides. Money and quantities are decimal strings (dot separator).
 */
const decimal = (casas: number) => ({ type: 'string', pattern: `^\\d{1,13}(\\.\\d{1,${casas}})?$` });
const data = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const UFS = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'];

/**
 * An own import's line (NF-e de entrada, CFOP 3xxx): the declarações de importação (DI, DSI, DIRE or DUImp; up to 100
 * per item as the layout allows) with their adições, and the II group's values (II, despesas aduaneiras with AFRMM and
 * taxa Siscomex, IOF). The customs value is the line's quantity × unit price.
 */
export const IMPORTACAO_ITEM_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  title: 'Importação',
  required: ['declaracoes', 'valorII'],
  properties: {
    declaracoes: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      title: 'Declarações de importação',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['numero', 'data', 'localDesembaraco', 'ufDesembaraco', 'dataDesembaraco', 'viaTransporte', 'intermediacao', 'codigoExportador', 'adicoes'],
        properties: {
          numero: { type: 'string', pattern: '^[0-9A-Za-z/.-]{1,15}$', title: 'Número da DI' },
          data: { ...data, title: 'Data da DI' },
          localDesembaraco: { type: 'string', minLength: 1, maxLength: 60, title: 'Local do desembaraço' },
          ufDesembaraco: { type: 'string', enum: UFS, title: 'UF do desembaraço' },
          dataDesembaraco: { ...data, title: 'Data do desembaraço' },
          viaTransporte: { type: 'integer', minimum: 1, maximum: 13, title: 'Via de transporte' },
          valorAFRMM: { ...decimal(2), title: 'AFRMM' },
          intermediacao: { type: 'integer', enum: [1, 2, 3], title: 'Forma de importação' },
          cnpjAdquirente: { type: 'string', pattern: '^[0-9A-Z]{12}\\d{2}$', title: 'CNPJ do adquirente ou encomendante' },
          ufTerceiro: { type: 'string', enum: UFS, title: 'UF do adquirente ou encomendante' },
          codigoExportador: { type: 'string', minLength: 1, maxLength: 60, title: 'Código do exportador' },
          adicoes: {
            type: 'array',
            minItems: 1,
            maxItems: 999,
            title: 'Adições',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['numero', 'sequencial', 'codigoFabricante'],
              properties: {
                numero: { type: 'string', pattern: '^[1-9]\\d{0,2}$', title: 'Número da adição' },
                sequencial: { type: 'string', pattern: '^[1-9]\\d{0,4}$', title: 'Sequencial do item na adição' },
                codigoFabricante: { type: 'string', minLength: 1, maxLength: 60, title: 'Código do fabricante' },
                desconto: { ...decimal(2), title: 'Desconto na DI' },
                drawback: { type: 'string', minLength: 1, maxLength: 20, title: 'Ato concessório de drawback' },
              },
            },
          },
        },
        // Maritime transport carries the AFRMM (layout I23a); conta e ordem / encomenda name the acquirer (I23c).
        allOf: [
          { if: { properties: { viaTransporte: { const: 1 } }, required: ['viaTransporte'] }, then: { required: ['valorAFRMM'] } },
          { if: { properties: { intermediacao: { enum: [2, 3] } }, required: ['intermediacao'] }, then: { required: ['cnpjAdquirente'] } },
        ],
      },
    },
    valorII: { ...decimal(2), title: 'Imposto de importação' },
    valorDespesasAduaneiras: { ...decimal(2), title: 'Despesas aduaneiras' },
    valorIof: { ...decimal(2), title: 'IOF' },
  },
} as const;

export const NOTA_FISCAL_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['naturezaId', 'clienteId', 'itens', 'pagamentos'],
  properties: {
    naturezaId: { type: 'integer', minimum: 1, title: 'Natureza de operação' },
    pedidoId: { type: ['integer', 'null'], minimum: 1, title: 'Pedido de venda' },
    clienteId: { type: 'integer', minimum: 1, title: 'Destinatário' },
    finalidade: { type: 'integer', enum: [1, 2, 3, 4], title: 'Finalidade' },
    referencias: { type: 'array', maxItems: 20, title: 'Chaves referenciadas', items: { type: 'string', pattern: '^\\d{6}[0-9A-Z]{12}\\d{26}$' } },
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
          importacao: IMPORTACAO_ITEM_SCHEMA,
          itemComSt: { type: 'boolean', title: 'Mercadoria com ICMS-ST na operação devolvida' },
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
    importacao: {
      type: 'object',
      additionalProperties: false,
      title: 'Importação',
      required: ['codigoPais'],
      properties: {
        idEstrangeiro: { type: 'string', pattern: '^[!-ÿ]{5,20}$', title: 'Identificação do estrangeiro' },
        codigoPais: { type: 'string', pattern: '^\\d{1,4}$', title: 'País do fornecedor' },
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
  importacao?: ImportacaoItem;
  /** a return: the goods were under ICMS-ST in the operation returned (CFOP 5411/6411, 1411/2411 …) */
  itemComSt?: boolean;
  /** the user's changes to the line's taxes (CFOP, CST/CSOSN, rates), kept with the draft */
  ajustes?: AjustesTributacao | null;
}

export interface DeclaracaoImportacaoNota {
  numero: string;
  data: string;
  localDesembaraco: string;
  ufDesembaraco: string;
  dataDesembaraco: string;
  viaTransporte: number;
  valorAFRMM?: string;
  intermediacao: 1 | 2 | 3;
  cnpjAdquirente?: string;
  ufTerceiro?: string;
  codigoExportador: string;
  adicoes: { numero: string; sequencial: string; codigoFabricante: string; desconto?: string; drawback?: string }[];
}

export interface ImportacaoItem {
  declaracoes: DeclaracaoImportacaoNota[];
  valorII: string;
  valorDespesasAduaneiras?: string;
  valorIof?: string;
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
  /** own import: the foreign supplier's identification and country (BACEN code) */
  importacao?: { idEstrangeiro?: string; codigoPais: string };
}

/** An NF-e's status and its label, from `schemas/lookups/situacaoNotaFiscal.json` (which also gives each tag's colour). */
export type StatusNota = SituacaoNotaFiscal;
export const STATUS_NOTA = Object.fromEntries(SITUACAO_NOTA_FISCAL.map((i) => [i.value, i.label])) as Record<StatusNota, string>;
/** The colour of a status's tag in the note grids (antd Tag colour). */
export const COR_STATUS_NOTA = Object.fromEntries(SITUACAO_NOTA_FISCAL.map((i) => [i.value, i.cor])) as Record<StatusNota, string>;
