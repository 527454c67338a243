/** OpenAPI paths of purchasing's own calls (routes.ts); the documents' generic paths come from schemas/documents. */
const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const erros = { '400': { description: 'Dados inválidos (mensagem em português, campo em details)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão' } };
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const tags = ['Entradas de nota fiscal'];
const linha = {
  type: 'object',
  properties: {
    linha: { type: 'integer' }, codigo: { type: 'string' }, gtin: { type: ['string', 'null'] }, descricao: { type: 'string' }, ncm: { type: ['string', 'null'] }, cest: { type: ['string', 'null'] },
    cfop: { type: 'string' }, cfopEntrada: { type: ['string', 'null'] }, unidade: { type: 'string' }, quantidade: { type: 'string' }, valorTotal: { type: 'string' },
    valorFrete: { type: 'string' }, valorIpi: { type: 'string' }, valorIcmsSt: { type: 'string' },
    produtoId: { type: ['integer', 'null'] }, origem: { enum: ['codigo', 'gtin', 'embalagem', 'variacao', 'busca', null], description: 'código do fornecedor aprendido, GTIN (do produto, de uma variação ou de uma embalagem), busca a confirmar' },
    fator: { type: ['string', 'null'], description: 'unidades por unidade da nota (caixa com 12: 12); null quando a unidade não tem conversão' },
    quantidadeEstoque: { type: ['string', 'null'] }, custoUnitario: { type: ['string', 'null'] }, acao: { enum: ['vincular', 'confirmar', 'criar'] },
    candidatos: { type: 'array', items: { type: 'object', properties: { produtoId: { type: 'integer' }, descricao: { type: 'string' }, similaridade: { type: 'number' } } } },
  },
};
export const COMPRAS_PATHS: Record<string, unknown> = {
  '/api/EntradasNota/importar-xml': {
    post: {
      tags,
      summary: 'Lê o XML da NF-e do fornecedor (NFe ou nfeProc, até 1 MB: leiaute, chave e assinatura conferidos, destinada à filial selecionada, chave ainda não lançada) e responde a proposta de casamento das linhas; nada é gravado',
      requestBody: { required: true, content: { 'application/xml': { schema: { type: 'string' } } } },
      responses: { '200': { description: 'Proposta', ...json({ type: 'object', properties: { chave: { type: 'string' }, fornecedor: { type: 'object' }, transportador: { type: ['object', 'null'] }, parcelas: { type: 'array' }, pedidosAbertos: { type: 'array' }, itens: { type: 'array', items: linha } } }) }, '409': { description: 'Nota já lançada' }, '413': { description: 'XML maior que 1 MB' }, '415': { description: 'Content-Type não é XML' }, ...erros },
    },
  },
  '/api/EntradasNota/importar-xml/confirmar': {
    post: {
      tags,
      summary: 'Confirma a proposta: cria fornecedor, transportador e os produtos pedidos, guarda o XML e grava a entrada em rascunho (efetivar em /api/EntradasNota/{id}/efetivar)',
      requestBody: { required: true, ...json({ type: 'object', required: ['xml'], properties: { xml: { type: 'string' }, depositoId: { type: 'integer' }, pedidoCompraId: { type: ['integer', 'null'] }, dataEntrada: { type: ['string', 'null'], format: 'date' }, itens: { type: 'array', items: { type: 'object', required: ['linha'], properties: { linha: { type: 'integer' }, produtoId: { type: ['integer', 'null'] }, variacaoId: { type: ['integer', 'null'] }, criarProduto: { type: 'boolean' }, fator: { type: ['string', 'null'] }, cfopEntrada: { type: ['string', 'null'] } } } } } }) },
      responses: { '200': { description: 'Entrada em rascunho', ...json({ $ref: '#/components/schemas/EntradadenotafiscalEntrada' }) }, '409': { description: 'Nota já lançada' }, ...erros },
    },
  },
  '/api/EntradasNota/{id}/xml': { get: { tags, summary: 'O XML da NF-e guardado com a entrada', parameters: [id], responses: { '200': { description: 'XML', content: { 'application/xml': { schema: { type: 'string' } } } }, '404': { description: 'Sem XML (entrada digitada)' }, ...erros } } },
  '/api/EntradasNota/{id}/devolucoes': { get: { tags, summary: 'Por linha da entrada: unidades que entraram, já devolvidas ao fornecedor e que ainda podem ser devolvidas', parameters: [id], responses: { '200': { description: 'Linhas' }, ...erros } } },
  '/api/EntradasNota/{id}/devolver': {
    post: {
      tags,
      summary: 'Devolução ao fornecedor (lado do estoque): movimentos DEVOLUCAO_FORNECEDOR ao custo de entrada, até o que entrou menos o já devolvido; a NF-e de devolução é do serviço de emissão de NF-e',
      parameters: [id],
      requestBody: { required: true, ...json({ type: 'object', required: ['itens'], properties: { itens: { type: 'array', items: { type: 'object', required: ['linha', 'quantidade'], properties: { linha: { type: 'integer' }, quantidade: { type: 'string', description: 'unidades de estoque' } } } } } }) },
      responses: { '200': { description: 'Linhas após a devolução' }, '409': { description: 'Entrada não efetivada' }, ...erros },
    },
  },
  '/api/EntradasNota/{id}/devolucoes/estornar': { post: { tags, summary: 'Estorna as devoluções ao fornecedor da entrada (a mercadoria volta ao estoque)', parameters: [id], responses: { '200': { description: 'Linhas após o estorno' }, '409': { description: 'Nada a estornar' }, ...erros } } },
  '/api/EntradasNota/{id}/devolver-nfe': { post: { tags, summary: 'Devolução ao fornecedor com NF-e (finalidade 4, chave da entrada referenciada): transmite e, autorizada, lança DEVOLUCAO_FORNECEDOR na mesma transação; rejeitada, nada é lançado (422)', parameters: [id], requestBody: json({ type: 'object', required: ['itens'], properties: { itens: { type: 'array', items: { type: 'object', properties: { linha: { type: 'integer' }, quantidade: { type: 'string' } } } }, naturezaId: { type: 'integer' }, informacoesAdicionais: { type: 'string' } } }), responses: { '200': { description: 'Nota autorizada e devolução lançada' }, '422': { description: 'SEFAZ rejeitou: nada lançado' }, ...erros } } },
  '/api/EntradasNota/{id}/notas-devolucao': { get: { tags, summary: 'NF-e de devolução emitidas para a entrada', parameters: [id], responses: { '200': { description: 'Notas' }, ...erros } } },
  '/api/PedidosCompra/{id}/pdf': { get: { tags: ['Pedidos de compra'], summary: 'O pedido de compra em PDF (A4)', parameters: [id], responses: { '200': { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, ...erros } } },
  '/api/PedidosCompra/{id}/enviar': {
    post: {
      tags: ['Pedidos de compra'],
      summary: 'Envia o pedido em PDF por e-mail ao fornecedor (ou ao endereço informado)',
      parameters: [id],
      requestBody: json({ type: 'object', properties: { email: { type: 'string' }, mensagem: { type: 'string' } } }),
      responses: { '200': { description: 'Enviado', ...json({ type: 'object', properties: { enviado: { type: 'boolean' }, para: { type: 'string' } } }) }, '409': { description: 'Pedido cancelado' }, ...erros },
    },
  },
};
