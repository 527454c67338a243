/** OpenAPI paths of the stock periphery's own calls (complementos-routes.ts), merged into /api/openapi.json. */
const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const erros = { '400': { description: 'Dados inválidos (mensagem em português, campo em details)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão' }, '404': { description: 'Não encontrado' } };
const sku = { type: 'object', properties: { id: { type: 'integer' }, produtoId: { type: 'integer' }, descricao: { type: 'string' }, codigo: { type: ['string', 'null'] }, gtin: { type: ['string', 'null'] }, precoVenda: { type: ['string', 'null'] }, ativo: { type: 'boolean' } } };
const pedidoPreco = {
  type: 'object',
  required: ['modo', 'valor'],
  properties: {
    filtro: { type: 'object', properties: { categoriaId: { type: 'integer' }, marcaId: { type: 'integer' }, fornecedorId: { type: 'integer' }, produtoIds: { type: 'array', items: { type: 'integer' } } } },
    modo: { enum: ['percentual', 'valor', 'margem'] },
    valor: { type: 'string', description: 'percentual ou valor (negativo reduz); margem desejada de 0 a menos de 100' },
    arredondamento: { enum: ['nenhum', 'multiplo-0.05', 'multiplo-0.10', 'multiplo-0.50', 'multiplo-1.00', 'final-0.90', 'final-0.99'] },
    motivo: { type: 'string' },
    incluirVariacoes: { type: 'boolean', default: true },
  },
};

export const ESTOQUE_COMPLEMENTOS_PATHS: Record<string, unknown> = {
  '/api/Produtos/{id}/variacoes': { get: { tags: ['Variações'], summary: 'Grade do produto: uma variação (SKU) por combinação', parameters: [id], responses: { '200': { description: 'SKUs', ...json({ type: 'array', items: sku }) }, ...erros } } },
  '/api/Produtos/{id}/variacoes/gerar': {
    post: {
      tags: ['Variações'],
      summary: 'Gera a grade: uma variação por combinação dos valores escolhidos (as existentes ficam como estão)',
      parameters: [id],
      requestBody: json({ type: 'object', properties: { variacoes: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'object', properties: { variacaoId: { type: 'integer' }, valores: { type: 'array', items: { type: 'string' } } } } } } }),
      responses: { '200': { description: 'Criadas e grade completa', ...json({ type: 'object', properties: { criados: { type: 'integer' }, skus: { type: 'array', items: sku } } }) }, ...erros },
    },
  },
  '/api/ProdutoVariacoes/{id}': {
    put: { tags: ['Variações'], summary: 'Altera código, GTIN, preço e situação de uma variação', parameters: [id], requestBody: json(sku), responses: { '200': { description: 'Variação', ...json(sku) }, ...erros, '409': { description: 'Código ou GTIN duplicado' } } },
    delete: { tags: ['Variações'], parameters: [id], responses: { '200': { description: 'Excluída' }, ...erros } },
  },
  '/api/Embalagens/converter': {
    get: {
      tags: ['Embalagens'],
      summary: 'O que é um GTIN lido (embalagem, variação ou produto) e quantas unidades ele dá',
      parameters: [{ name: 'gtin', in: 'query', required: true, schema: { type: 'string' } }, { name: 'quantidade', in: 'query', schema: { type: 'string', default: '1' } }],
      responses: { '200': { description: 'Conversão', ...json({ type: 'object', properties: { produtoId: { type: 'integer' }, variacaoId: { type: ['integer', 'null'] }, embalagemId: { type: ['integer', 'null'] }, fator: { type: 'string' }, quantidade: { type: 'string' }, unidades: { type: 'string' } } }) }, ...erros },
    },
  },
  '/api/Etiquetas/{id}/imprimir': {
    post: {
      tags: ['Etiquetas'],
      summary: 'Imprime etiquetas no modelo: PDF (folhas A4 e rolos térmicos) ou ZPL (impressoras Zebra)',
      parameters: [id],
      requestBody: json({ type: 'object', required: ['itens'], properties: { formato: { enum: ['pdf', 'zpl'] }, itens: { type: 'array', items: { type: 'object', properties: { produtoId: { type: 'integer' }, variacaoId: { type: 'integer' }, quantidade: { type: 'integer', minimum: 1 } } } } } }),
      responses: { '200': { description: 'application/pdf ou text/plain (ZPL)' }, ...erros },
    },
  },
  '/api/Etiquetas/{id}/amostra': { get: { tags: ['Etiquetas'], summary: 'Uma linha de etiquetas de exemplo no modelo (PDF, ou ZPL com formato=zpl)', parameters: [id], responses: { '200': { description: 'application/pdf' }, ...erros } } },
  '/api/AlteracoesPreco/previa': { post: { tags: ['Alteração de preço'], summary: 'Prévia da alteração de preço em massa (preço atual → novo), sem gravar', requestBody: json(pedidoPreco), responses: { '200': { description: 'Linhas' }, ...erros } } },
  '/api/AlteracoesPreco/aplicar': { post: { tags: ['Alteração de preço'], summary: 'Aplica a alteração numa transação; cada preço alterado entra no histórico', requestBody: json(pedidoPreco), responses: { '200': { description: 'Alterados e ignorados' }, ...erros } } },
};
