/** OpenAPI paths of the price-check terminals (routes.ts), merged into /api/openapi.json. */
const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const erros = { '400': { description: 'Dados inválidos (mensagem em português, campo em details)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão' } };
const configuracao = { type: 'object', required: ['terminalAtivo', 'terminalPorta'], properties: { terminalAtivo: { type: 'boolean' }, terminalPorta: { type: 'integer', minimum: 1024, maximum: 65535, default: 6500 } } };
const estado = { type: 'object', properties: { ...configuracao.properties, escutando: { type: 'boolean' }, erro: { type: ['string', 'null'] } } };

export const TERMINAL_PATHS: Record<string, unknown> = {
  '/api/ExportacaoTerminal/configuracao': {
    get: { tags: ['Exportação para terminal'], summary: 'O servidor de terminais de consulta (Gertec) da filial: ligado, porta e se está escutando', responses: { '200': { description: 'Estado', ...json(estado) }, ...erros } },
    put: { tags: ['Exportação para terminal'], summary: 'Liga ou desliga o servidor TCP de terminais da filial e escolhe a porta (6500 por convenção)', requestBody: json(configuracao), responses: { '200': { description: 'Estado', ...json(estado) }, ...erros, '409': { description: 'Porta já usada por outra filial' } } },
  },
  '/api/ExportacaoTerminal/PRICETAB.TXT': { get: { tags: ['Exportação para terminal'], summary: 'Arquivo de preços: código de barras|descrição|preço| (ISO-8859-1)', responses: { '200': { description: 'text/plain; charset=iso-8859-1' }, ...erros } } },
};
