import type { ValidateFunction } from 'ajv';
import { fieldErrors } from '../../shared/messages.ts';
import { badRequest } from '../http/errors.ts';
import { createAjv } from '../resources/registry.ts';

/**
 * JSON Schemas of the bodies of POST /api/Boletos/pix, /remessa and /pdf. A body that breaks them is a 400
 * naming each field with the SPEC 5.5 messages, before anything is built or stored.
 */
const data = { type: 'string', format: 'date', title: 'Data' };
const valor = { type: ['string', 'number'], title: 'Valor', pattern: '^\\d{1,13}(\\.\\d{1,2})?$' };
const texto = (max: number, title: string) => ({ type: 'string', minLength: 1, maxLength: max, title });
const digitos = (title: string) => ({ type: 'string', pattern: '^\\d+$', title });

const pagador = {
  type: 'object',
  title: 'Pagador',
  required: ['nome', 'documento'],
  additionalProperties: false,
  properties: {
    nome: texto(60, 'Nome'),
    documento: { type: 'string', format: 'cpfCnpj', title: 'CPF/CNPJ' },
    endereco: texto(80, 'Endereço'),
    bairro: { type: 'string', maxLength: 40, title: 'Bairro' },
    cep: { type: 'string', format: 'cep', title: 'CEP' },
    cidade: texto(40, 'Cidade'),
    uf: { type: 'string', format: 'uf', title: 'UF' },
  },
};

export const CORPO_PIX_MONTAR = {
  type: 'object',
  required: ['chave', 'nome', 'cidade'],
  additionalProperties: false,
  properties: {
    chave: texto(77, 'Chave Pix'),
    valor: { ...valor, type: ['string', 'number', 'null'] },
    nome: texto(25, 'Nome do recebedor'),
    cidade: texto(15, 'Cidade'),
    txid: { type: 'string', pattern: '^[A-Za-z0-9]{1,25}$|^\\*\\*\\*$', title: 'Identificador (txid)' },
    descricao: { type: 'string', maxLength: 72, title: 'Descrição' },
  },
};

export const CORPO_PIX_LER = {
  type: 'object',
  required: ['codigo'],
  additionalProperties: false,
  properties: { codigo: texto(512, 'Pix copia e cola') },
};

const titulo = {
  type: 'object',
  required: ['numeroDocumento', 'valor', 'vencimento', 'pagador'],
  additionalProperties: false,
  properties: {
    nossoNumero: digitos('Nosso número'),
    numeroDocumento: texto(10, 'Número do documento'),
    valor,
    vencimento: data,
    emissao: data,
    pagador,
  },
};

export const CORPO_REMESSA = {
  type: 'object',
  required: ['titulos'],
  additionalProperties: false,
  properties: {
    sequencialArquivo: { type: 'integer', minimum: 1, maximum: 9999999, title: 'Sequencial do arquivo' },
    dataGeracao: data,
    titulos: {
      type: 'array',
      minItems: 1,
      maxItems: 5000,
      title: 'Títulos',
      items: {
        ...titulo,
        required: [...titulo.required, 'operacao'],
        properties: { ...titulo.properties, operacao: { enum: ['registrar', 'baixar', 'alterarVencimento', 'alterarValor'], title: 'Operação' } },
      },
    },
  },
};

export const CORPO_PDF = {
  type: 'object',
  required: ['boletos'],
  additionalProperties: false,
  properties: {
    porPagina: { enum: [1, 3], title: 'Boletos por página' },
    boletos: {
      type: 'array',
      minItems: 1,
      maxItems: 10000,
      title: 'Boletos',
      items: {
        ...titulo,
        required: [...titulo.required, 'nossoNumero'],
        properties: { ...titulo.properties, parcela: { type: 'string', maxLength: 10, title: 'Parcela' }, instrucoes: { type: 'array', maxItems: 9, items: { type: 'string', maxLength: 100 }, title: 'Instruções' } },
      },
    },
  },
};

const ajv = createAjv();
const compilados = new Map<object, ValidateFunction>();

/** Validates a body against one of the schemas above; a 400 in Portuguese names the fields that fail. */
export function validarCorpo<T>(schema: object, body: unknown): T {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('O corpo da requisição deve ser um objeto JSON.');
  let v = compilados.get(schema);
  if (!v) compilados.set(schema, (v = ajv.compile(schema)));
  if (!v(body)) {
    const erros = fieldErrors(v.errors);
    throw badRequest(`Dados inválidos: ${erros.map((e) => `${e.campo}: ${e.mensagem}`).join('; ')}`, erros);
  }
  return body as T;
}
