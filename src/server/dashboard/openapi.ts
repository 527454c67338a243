/** OpenAPI paths of the dashboard's charts (routes.ts). */
const erros = { '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão (app.painelvendas / app.painelFinanceiro)' } };
const tags = ['Dashboard'];

export const DASHBOARD_PATHS: Record<string, unknown> = {
  '/api/Dashboard/vendas': { get: { tags, summary: 'Vendas por dia do mês atual (até hoje) e do mês anterior, com os totais e o mês anterior até o mesmo dia (mesma fonte dos relatórios de vendas)', responses: { '200': { description: 'Vendas mês a mês' }, ...erros } } },
  '/api/Dashboard/fluxo': { get: { tags, summary: 'Fluxo de caixa dos próximos 30 dias, por dia: a receber, a pagar e o saldo previsto (o relatório fluxo-caixa no mesmo período)', responses: { '200': { description: 'Fluxo' }, ...erros } } },
  '/api/Dashboard/fiscal': { get: { tags, summary: 'Certificado digital da filial (dias para vencer) e notas em contingência (NF-e e NFC-e do PDV)', responses: { '200': { description: 'Situação fiscal' }, ...erros } } },
};
