import { MOVIMENTOS, SALDOS } from './routes.ts';

/** OpenAPI paths of the stock core's own calls (routes.ts): the read-only ledger and balances, FEFO, the switch. */
const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const erros = { '400': { description: 'Dados inválidos (mensagem em português, campo em details)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão' } };
const TYPES = { integer: { type: ['integer', 'null'] }, number: { type: ['string', 'null'], description: 'decimal (até 4 casas)' }, text: { type: ['string', 'null'] }, datetime: { type: 'string', format: 'date-time' } } as Record<string, unknown>;
const objeto = (v: typeof MOVIMENTOS) => ({ type: 'object', properties: Object.fromEntries(v.fields.map(([name, kind, title]) => [name, { ...(TYPES[kind] as object), title }])) });
const int = (name: string, required = false, description?: string) => ({ name, in: 'query', required, schema: { type: 'integer' }, ...(description ? { description } : {}) });
const filter = { name: 'filter', in: 'query', schema: { type: 'string' }, description: 'filtro LoopBack em JSON: {where, order, limit, skip, fields}' };
const where = { name: 'where', in: 'query', schema: { type: 'string' }, description: 'condição LoopBack em JSON' };
const contagem = json({ type: 'object', properties: { count: { type: 'integer' } } });

function leitura(view: typeof MOVIMENTOS, tag: string) {
  return {
    [`/api/${view.endpoint}`]: { get: { tags: [tag], summary: `${view.title} da filial selecionada (somente leitura)`, parameters: [filter], responses: { '200': { description: view.title, ...json({ type: 'array', items: objeto(view) }) }, ...erros } } },
    [`/api/${view.endpoint}/count`]: { get: { tags: [tag], summary: `Quantas ${view.title.toLowerCase()} atendem à condição`, parameters: [where], responses: { '200': { description: 'Contagem', ...contagem }, ...erros } } },
  };
}

const linhaPosicao = { type: 'object', properties: { produtoId: { type: 'integer' }, codigo: { type: ['string', 'null'] }, descricao: { type: 'string' }, depositoId: { type: 'integer' }, deposito: { type: 'string' }, quantidade: { type: 'string' }, custoMedio: { type: ['string', 'null'] }, valor: { type: 'string' } } };

export const ESTOQUE_PATHS: Record<string, unknown> = {
  ...leitura(MOVIMENTOS, 'Estoque'),
  ...leitura(SALDOS, 'Estoque'),
  '/api/MovimentosEstoque/extrato': { get: { tags: ['Estoque'], summary: 'Razão de um produto na filial, do mais antigo, com o saldo corrente por depósito e no total', parameters: [int('produtoId', true), int('depositoId')], responses: { '200': { description: 'Movimentos' }, ...erros } } },
  '/api/SaldosEstoque/porDeposito': { get: { tags: ['Estoque'], summary: 'Saldo por depósito de uma lista de produtos (até 1000)', parameters: [{ name: 'produtoIds', in: 'query', required: true, schema: { type: 'string' }, description: 'ids separados por vírgula' }], responses: { '200': { description: 'Saldos' }, ...erros } } },
  '/api/SaldosEstoque/posicao': {
    get: {
      tags: ['Estoque'],
      summary: 'Posição de estoque (saldo e valor ao custo por produto × depósito), em páginas por chave; o relatório inteiro vai para XLSX/PDF por POST /api/Relatorios/exportar com recurso PosicaoEstoque',
      parameters: [int('depositoId'), int('limit', false, 'até 1000 (padrão 50)'), { name: 'depoisDe', in: 'query', schema: { type: 'string' }, description: 'produtoId,depositoId da última linha da página anterior' }],
      responses: { '200': { description: 'Linhas', ...json({ type: 'array', items: linhaPosicao }) }, ...erros },
    },
  },
  '/api/SaldosEstoque/resumo': {
    get: {
      tags: ['Estoque'],
      summary: 'Resumo do estoque da filial (cartão do Dashboard)',
      responses: { '200': { description: 'Resumo', ...json({ type: 'object', properties: { valorEmEstoque: { type: 'string' }, produtosComSaldo: { type: 'integer' }, abaixoDoMinimo: { type: 'integer' }, lotesVencendo: { type: 'integer' }, lotesVencidos: { type: 'integer' }, diasVencimento: { type: 'integer' } } }) }, ...erros },
    },
  },
  '/api/Lotes/fefo': { get: { tags: ['Estoque'], summary: 'Lotes com saldo de um produto num depósito, o que vence primeiro primeiro (FEFO), com a quantidade sugerida de cada', parameters: [int('produtoId', true), int('depositoId', true), { name: 'quantidade', in: 'query', schema: { type: 'string' } }], responses: { '200': { description: 'Lotes' }, ...erros } } },
  '/api/AcertosEstoque/importar': {
    post: {
      tags: ['Estoque'],
      summary: 'Importa o arquivo do coletor de dados (CSV/TXT código;quantidade ou XLSX): prévia, ou efetivar como um acerto (tudo ou nada)',
      requestBody: json({ type: 'object', required: ['depositoId', 'conteudo'], properties: { depositoId: { type: 'integer' }, conteudo: { type: 'string', description: 'texto, ou base64 para XLSX' }, formato: { enum: ['csv', 'txt', 'xlsx'] }, motivo: { type: 'string' }, efetivar: { type: 'boolean' } } }),
      responses: { '200': { description: 'Prévia (linhas e erros) ou o acerto efetivado' }, ...erros },
    },
  },
  '/api/ConfiguracoesEstoque': {
    get: { tags: ['Estoque'], summary: 'Configuração de estoque da conta', responses: { '200': { description: 'Configuração', ...json({ type: 'object', properties: { permitirEstoqueNegativo: { type: 'boolean' } } }) }, ...erros } },
    put: { tags: ['Estoque'], summary: 'Liga ou desliga "permitir estoque negativo"', requestBody: json({ type: 'object', required: ['permitirEstoqueNegativo'], properties: { permitirEstoqueNegativo: { type: 'boolean' } } }), responses: { '200': { description: 'Configuração' }, ...erros } },
  },
};
