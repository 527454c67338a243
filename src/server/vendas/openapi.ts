/** OpenAPI paths of the Vendas calls beyond the generic document API (routes.ts). */
const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const erros = { '400': { description: 'Dados inválidos (mensagem em português, campo em details)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão' }, '404': { description: 'Não encontrado (nesta conta e filial)' } };
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const periodo = [
  { name: 'de', in: 'query', schema: { type: 'string', format: 'date' }, description: 'início (padrão: 1º dia do mês)' },
  { name: 'ate', in: 'query', schema: { type: 'string', format: 'date' }, description: 'fim, inclusive (padrão: hoje)' },
];
const pedido = json({ $ref: '#/components/schemas/Pedidodevenda' });
const tags = ['Pedidos de venda'];

export const VENDAS_PATHS: Record<string, unknown> = {
  '/api/PedidosVenda/{id}/copiar': { post: { tags, summary: 'Cria um pedido (Digitando) com o cabeçalho e os itens de outro', parameters: [id], responses: { '200': { description: 'O novo pedido', ...pedido }, ...erros } } },
  '/api/PedidosVenda/{id}/gerar-pedido': { post: { tags, summary: 'Orçamento (Digitando ou Aguardando) → novo pedido; o orçamento fica Pedido de Venda Gerado (6) e devolve a reserva', parameters: [id], responses: { '200': { description: 'O novo pedido', ...pedido }, '409': { description: 'O orçamento não está em Digitando nem Aguardando' }, ...erros } } },
  '/api/PedidosVenda/{id}/nota-fiscal': { get: { tags, summary: 'Rascunho da NF-e de um pedido faturado sem nota (abre o emitir-nfe); a nota fica ligada ao pedido e não lança estoque nem contas de novo', parameters: [id], responses: { '200': { description: 'Dados da nota (o corpo de POST /api/NotasFiscais)' }, ...erros } } },
  '/api/PedidosVenda/{id}/pdf': { get: { tags, summary: 'O pedido impresso (PDF A4)', parameters: [id], responses: { '200': { description: 'PDF', content: { 'application/pdf': {} } }, ...erros } } },
  '/api/PedidosVenda/{id}/email': {
    post: {
      tags,
      summary: 'Envia o pedido em PDF por e-mail (ao e-mail do cliente quando `para` falta)',
      parameters: [id],
      requestBody: json({ type: 'object', properties: { para: { type: 'string', format: 'email' }, mensagem: { type: 'string', maxLength: 2000 } } }),
      responses: { '200': { description: 'Enviado', ...json({ type: 'object', properties: { enviado: { type: 'boolean' }, para: { type: 'string' } } }) }, ...erros },
    },
  },
  '/api/PedidosVenda/disponibilidade': {
    get: {
      tags,
      summary: 'Saldo, reservado e disponível por depósito da filial',
      parameters: [{ name: 'produtoIds', in: 'query', required: true, schema: { type: 'string' }, description: 'ids separados por vírgula (até 1000)' }],
      responses: { '200': { description: 'Por produto × depósito', ...json({ type: 'array', items: { type: 'object', properties: { produtoId: { type: 'integer' }, depositoId: { type: 'integer' }, quantidade: { type: 'string' }, reservado: { type: 'string' }, disponivel: { type: 'string' } } } }) }, ...erros },
    },
  },
  '/api/PedidosVenda/precos': {
    get: {
      tags,
      summary: 'Preço de venda, categoria e promoções dos produtos, para a tela calcular a linha como o servidor',
      parameters: [{ name: 'produtoIds', in: 'query', required: true, schema: { type: 'string' }, description: 'ids separados por vírgula (até 1000)' }],
      responses: { '200': { description: 'Produtos, promoções e a data e hora da loja' }, ...erros },
    },
  },
  '/api/ContatosComerciais/{id}/interacoes': {
    get: { tags: ['Contatos comerciais'], summary: 'Histórico de interações, da mais recente', parameters: [id], responses: { '200': { description: 'Interações' }, ...erros } },
    post: {
      tags: ['Contatos comerciais'],
      summary: 'Registra uma interação (e, com proximoContato, a nova data de retorno)',
      parameters: [id],
      requestBody: json({ type: 'object', required: ['descricao'], properties: { data: { type: 'string', format: 'date' }, tipo: { type: 'string', maxLength: 40 }, descricao: { type: 'string', minLength: 2, maxLength: 2000 }, proximoContato: { type: ['string', 'null'], format: 'date' } } }),
      responses: { '200': { description: 'Interação registrada' }, ...erros },
    },
  },
  '/api/ContatosComerciais/alertar-retornos': { post: { tags: ['Contatos comerciais'], summary: 'Gera agora os alertas dos retornos vencidos da conta (o servidor também gera a cada hora; cada retorno alerta uma vez)', responses: { '200': { description: 'Quantos alertas', ...json({ type: 'object', properties: { alertas: { type: 'integer' } } }) }, ...erros } } },
  '/api/Vendas/resumo': { get: { tags: ['Vendas'], summary: 'Cartão do dashboard: vendas de hoje e do mês, ticket médio, produtos mais vendidos (pedidos faturados da filial)', responses: { '200': { description: 'Resumo' }, ...erros } } },
  '/api/Vendas/comissoes': { get: { tags: ['Vendas'], summary: 'Comissões por vendedor no período (linhas de pedidos faturados)', parameters: periodo, responses: { '200': { description: 'Linhas' }, ...erros } } },
  '/api/Vendas/relatorios/{fonte}': {
    get: {
      tags: ['Vendas'],
      summary: 'Um relatório de vendas na tela; o mesmo exporta em XLSX/PDF por POST /api/Relatorios/exportar {recurso: fonte, filter: {where: {de, ate}}}',
      parameters: [{ name: 'fonte', in: 'path', required: true, schema: { enum: ['VendasPorPeriodo', 'VendasPorCliente', 'VendasPorProduto', 'VendasPorVendedor', 'CurvaAbcProdutos', 'TicketMedio', 'ComissoesVendedores'] } }, ...periodo],
      responses: { '200': { description: 'Linhas' }, ...erros },
    },
  },
};
