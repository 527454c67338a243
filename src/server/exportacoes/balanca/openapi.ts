/** OpenAPI paths of the scale export and the label reader (routes.ts), merged into /api/openapi.json. */
const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const erros = { '400': { description: 'Dados inválidos ou produtos a corrigir (mensagem em português; details lista cada produto com o link)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão' } };
const configuracao = { type: 'object', required: ['etiquetaPrefixo', 'etiquetaConteudo', 'etiquetaDigitosCodigo'], properties: { etiquetaPrefixo: { type: 'string', pattern: '^[0-9]$' }, etiquetaConteudo: { enum: ['preco', 'peso'] }, etiquetaDigitosCodigo: { type: 'integer', minimum: 4, maximum: 6 } } };

export const BALANCA_PATHS: Record<string, unknown> = {
  '/api/ExportacaoBalanca/modelos': { get: { tags: ['Exportação para balança'], summary: 'Os modelos de balança (um documento de layout cada, schemas/balancas) e os arquivos da carga', responses: { '200': { description: 'Modelos' }, ...erros } } },
  '/api/ExportacaoBalanca/produtos': { get: { tags: ['Exportação para balança'], summary: 'Os produtos ativos marcados para a balança, por PLU', responses: { '200': { description: 'Produtos' }, ...erros } } },
  '/api/ExportacaoBalanca/{modelo}/carga.zip': {
    get: {
      tags: ['Exportação para balança'],
      summary: 'A carga da balança do modelo num ZIP (Toledo MGV5/6/7, Filizola, Urano, Urano URF32); recusada nomeando o produto sem PLU ou com preço/PLU maior que o campo',
      parameters: [{ name: 'modelo', in: 'path', required: true, schema: { enum: ['toledo-mgv5', 'toledo-mgv6', 'toledo-mgv7', 'filizola', 'urano', 'urano-urf32'] } }],
      responses: { '200': { description: 'application/zip' }, ...erros, '404': { description: 'Modelo desconhecido' } },
    },
  },
  '/api/ExportacaoBalanca/configuracao': {
    get: { tags: ['Exportação para balança'], summary: 'O layout da etiqueta da balança na filial selecionada', responses: { '200': { description: 'Configuração', ...json(configuracao) }, ...erros } },
    put: { tags: ['Exportação para balança'], summary: 'Grava o layout da etiqueta da balança da filial', requestBody: json(configuracao), responses: { '200': { description: 'Configuração', ...json(configuracao) }, ...erros } },
  },
  '/api/EtiquetasBalanca/ler': {
    get: {
      tags: ['Pedido de venda'],
      summary: 'Lê uma etiqueta da balança (EAN-13, prefixo 2) com o layout da filial: o produto pelo PLU e a quantidade da linha',
      parameters: [{ name: 'codigo', in: 'query', required: true, schema: { type: 'string' } }],
      responses: { '200': { description: 'Linha', ...json({ type: 'object', properties: { produtoId: { type: 'integer' }, descricao: { type: 'string' }, quantidade: { type: 'string' }, precoUnitario: { type: 'string' }, totalEtiqueta: { type: 'string' }, peso: { type: 'string' } } }) }, ...erros },
    },
  },
};
