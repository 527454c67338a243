import { loadLookups } from '../catalog/documents.ts';
import { writeSchema } from '../resources/registry.ts';
import { LANCAMENTO_DOC } from './routes.ts';

/**
 * OpenAPI paths of the finance core's own calls (routes.ts): lançamentos with their parcelas, baixas and their
 * estornos, transferências, the ledger, the balances per conta, the grid's totals and the attachments. The
 * generic resources (contas, categorias, parcelas, baixas, transferências as lists) come from their documents.
 */
const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const body = (schema: Record<string, unknown>) => ({ required: true, ...json(schema) });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const anexoId = { name: 'anexoId', in: 'path', required: true, schema: { type: 'integer' } };
const erros = { '400': { description: 'Dados inválidos (mensagem em português, campo em details)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão' }, '404': { description: 'Não encontrado' } };
const conflito = { '409': { description: 'Estado não permite (já estornada, já cancelado)' } };
const money = { type: 'string', description: 'decimal com 2 casas' };
const data = { type: 'string', format: 'date' };
const int = { type: 'integer' };
const intOuNulo = { type: ['integer', 'null'] };
const tags = ['Financeiro'];

const parcela = {
  type: 'object',
  properties: { id: int, lancamentoId: int, numero: int, vencimento: data, valor: money, valorBaixado: money, valorAberto: money, status: { enum: ['aberto', 'parcial', 'pago', 'atrasado', 'cancelado'] } },
};
const baixa = { type: 'object', properties: { id: int, parcelaId: int, contaId: int, data, valor: money, principal: money, juros: money, multa: money, desconto: money, estornoDe: intOuNulo } };
const lancamento = {
  type: 'object',
  properties: {
    id: int,
    tipo: { enum: [0, 1], description: '0 receita, 1 despesa' },
    descricao: { type: 'string' },
    pessoaId: intOuNulo,
    categoriaId: intOuNulo,
    centroCustoId: intOuNulo,
    contaId: intOuNulo,
    documento: { type: ['string', 'null'] },
    dataEmissao: data,
    competencia: { type: ['string', 'null'], description: 'AAAA-MM' },
    valorTotal: money,
    cancelado: { type: 'boolean' },
    origemTipo: { type: ['string', 'null'] },
    origemId: intOuNulo,
    parcelas: { type: 'array', items: parcela },
  },
};
const itemBaixa = {
  type: 'object',
  required: ['parcelaId'],
  properties: { parcelaId: int, valor: { ...money, description: 'dinheiro que entrou ou saiu; sem ele, todo o valor em aberto + juros + multa - desconto' }, juros: money, multa: money, desconto: money },
};
const baixaFeita = json({ type: 'object', properties: { baixas: { type: 'array', items: { type: 'object', properties: { id: int, parcelaId: int, valor: money, principal: money } } } } });
const filter = { name: 'filter', in: 'query', schema: { type: 'string' } };
const anexo = { type: 'object', properties: { id: int, lancamentoId: int, nome: { type: 'string' }, tipoConteudo: { type: 'string' }, tamanho: int, createdAt: { type: 'string', format: 'date-time' } } };

export function financeiroPaths(): Record<string, unknown> {
  const entrada = writeSchema(LANCAMENTO_DOC, loadLookups());
  return {
    '/api/ContasFinanceiras/saldos': {
      get: { tags, summary: 'Saldo de cada conta: saldo inicial + movimentos', responses: { '200': { description: 'Saldos', ...json({ type: 'array', items: { type: 'object', properties: { contaId: int, descricao: { type: 'string' }, tipo: int, ativo: { type: 'boolean' }, saldoInicial: money, movimentado: money, saldo: money } } }) }, ...erros } },
    },
    '/api/Lancamentos': {
      get: { tags, summary: 'Lançamentos com as parcelas, mais recentes primeiro', parameters: [{ ...filter, description: '{"where": {"tipo": 0|1, "status": "aberto|parcial|pago|atrasado|cancelado"}, "limit", "skip"}' }], responses: { '200': { description: 'Lançamentos', ...json({ type: 'array', items: lancamento }) }, ...erros } },
      post: {
        tags,
        summary: 'Lança uma receita ou despesa: numeroParcelas iguais (os centavos do arredondamento na última) ou parcelas próprias que somam o valor total',
        requestBody: body(entrada),
        responses: { '200': { description: 'Lançamento com as parcelas', ...json(lancamento) }, ...erros },
      },
    },
    '/api/Lancamentos/{id}': { get: { tags, parameters: [id], responses: { '200': { description: 'Lançamento com parcelas e baixas (estornos inclusive)', ...json({ ...lancamento, properties: { ...lancamento.properties, baixas: { type: 'array', items: baixa } } }) }, ...erros } } },
    '/api/Lancamentos/{id}/cancelar': { post: { tags, summary: 'Cancela as parcelas (as baixas precisam ser estornadas antes)', parameters: [id], responses: { '200': { description: 'Cancelado', ...json({ type: 'object', properties: { id: int, cancelado: { type: 'boolean' } } }) }, ...erros, ...conflito } } },
    '/api/Parcelas/{id}/baixar': {
      post: {
        tags,
        summary: 'Baixa total ou parcial de uma parcela; o que passa do valor em aberto só com juros ou multa',
        parameters: [id],
        requestBody: body({ type: 'object', required: ['contaId', 'data'], properties: { contaId: int, data, valor: itemBaixa.properties.valor, juros: money, multa: money, desconto: money } }),
        responses: { '200': { description: 'Baixa gravada', ...baixaFeita }, ...erros },
      },
    },
    '/api/Parcelas/baixar': {
      post: { tags, summary: 'Baixa várias parcelas numa conta e data, numa transação só', requestBody: body({ type: 'object', required: ['contaId', 'data', 'itens'], properties: { contaId: int, data, itens: { type: 'array', minItems: 1, maxItems: 1000, items: itemBaixa } } }), responses: { '200': { description: 'Baixas gravadas', ...baixaFeita }, ...erros } },
    },
    '/api/Parcelas/totais': {
      get: { tags, summary: 'Totais das parcelas filtradas (a mesma condição da lista): em aberto, atrasado, pago', parameters: [{ name: 'where', in: 'query', schema: { type: 'string' } }], responses: { '200': { description: 'Totais', ...json({ type: 'object', properties: { quantidade: int, total: money, aberto: money, atrasado: money, pago: money } }) }, ...erros } },
    },
    '/api/Baixas/{id}/estornar': {
      post: { tags, summary: 'Estorna uma baixa: grava a baixa inversa e o movimento inverso, nada é apagado', parameters: [id], requestBody: json({ type: 'object', properties: { data } }), responses: { '200': { description: 'Estorno gravado', ...json(baixa) }, ...erros, ...conflito } },
    },
    '/api/TransferenciasFinanceiras': {
      post: {
        tags,
        summary: 'Transfere entre duas contas: dois movimentos numa transação',
        requestBody: body({ type: 'object', required: ['contaOrigemId', 'contaDestinoId', 'data', 'valor'], additionalProperties: false, properties: { contaOrigemId: int, contaDestinoId: int, data, valor: money, descricao: { type: ['string', 'null'], maxLength: 200 } } }),
        responses: { '200': { description: 'Transferência gravada', ...json({ type: 'object', additionalProperties: true }) }, ...erros },
      },
    },
    '/api/MovimentosFinanceiros': {
      get: { tags, summary: 'Movimentos das contas (somente leitura), por data', parameters: [{ ...filter, description: '{"where": {"contaId"}, "limit", "skip"}' }], responses: { '200': { description: 'Movimentos', ...json({ type: 'array', items: { type: 'object', properties: { id: int, contaId: int, data, valor: money, baixaId: intOuNulo, transferenciaId: intOuNulo, descricao: { type: 'string' } } } }) }, ...erros } },
    },
    '/api/Lancamentos/{id}/anexos': {
      get: { tags, parameters: [id], responses: { '200': { description: 'Anexos', ...json({ type: 'array', items: anexo }) }, ...erros } },
      post: { tags, summary: 'Anexa um arquivo de até 5 MB (data URL em base64)', parameters: [id], requestBody: body({ type: 'object', required: ['nome', 'arquivo'], properties: { nome: { type: 'string', maxLength: 120 }, arquivo: { type: 'string', description: 'data:<tipo>;base64,<conteúdo>' } } }), responses: { '200': { description: 'Anexo gravado', ...json(anexo) }, ...erros } },
    },
    '/api/Lancamentos/{id}/anexos/{anexoId}': {
      get: { tags, parameters: [id, anexoId], responses: { '200': { description: 'O arquivo', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }, ...erros } },
      delete: { tags, parameters: [id, anexoId], responses: { '200': { description: 'Excluído', ...json({ type: 'object', properties: { id: int, excluido: { type: 'boolean' } } }) }, ...erros } },
    },
  };
}
