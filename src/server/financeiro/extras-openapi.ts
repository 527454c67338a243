/** OpenAPI paths of the conciliação OFX, the lançamentos recorrentes and the financial reports, merged into /api/openapi.json. */
const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const q = (name: string, schema: Record<string, unknown>, required = false, description?: string) => ({ name, in: 'query', required, schema, ...(description ? { description } : {}) });
const erros = { '400': { description: 'Dados inválidos (mensagem em português, campo em details)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão' }, '404': { description: 'Não encontrado' } };
const money = { type: 'string', description: 'decimal com 2 casas' };
const data = { type: 'string', format: 'date' };
const periodo = [q('de', data, true), q('ate', data, true)];
const sugestao = { type: 'object', properties: { tipo: { enum: ['movimento', 'parcela'] }, id: { type: 'integer' }, data, valor: money, descricao: { type: 'string' }, pessoa: { type: ['string', 'null'] }, pontos: { type: 'integer' }, motivos: { type: 'array', items: { enum: ['valor', 'data', 'pessoa', 'documento'] } } } };
const transacao = { type: 'object', properties: { id: { type: 'integer' }, contaId: { type: 'integer' }, extratoId: { type: 'integer' }, fitid: { type: 'string' }, data, valor: money, tipo: { type: ['string', 'null'] }, descricao: { type: ['string', 'null'] }, documento: { type: ['string', 'null'] }, status: { enum: ['pendente', 'conciliada', 'ignorada'] }, conciliacao: { enum: ['movimento', 'parcela', 'novo', null] }, movimentoId: { type: ['integer', 'null'] }, lancamentoId: { type: ['integer', 'null'] }, sugestoes: { type: 'array', items: sugestao } } };
const acao = {
  type: 'object',
  description: 'Uma ação: movimentoId (movimento já lançado), parcelaId (baixa a parcela; juros, multa, desconto opcionais), novo (lançamento novo com a categoria) ou ignorar',
  properties: { transacaoId: { type: 'integer' }, movimentoId: { type: 'integer' }, parcelaId: { type: 'integer' }, juros: money, multa: money, desconto: money, novo: { type: 'object', required: ['categoriaId'], properties: { categoriaId: { type: 'integer' }, descricao: { type: 'string' }, pessoaId: { type: 'integer' }, centroCustoId: { type: 'integer' } } }, ignorar: { type: 'boolean' } },
};
const recorrencia = {
  type: 'object',
  required: ['tipo', 'descricao', 'valor', 'frequencia', 'dataInicio'],
  properties: {
    tipo: { enum: [0, 1], description: '0 receita, 1 despesa' },
    descricao: { type: 'string', minLength: 2, maxLength: 200 },
    valor: money,
    frequencia: { enum: [0, 1, 2], description: '0 mensal, 1 semanal, 2 a cada N dias' },
    intervalo: { type: 'integer', minimum: 1, maximum: 366, default: 1 },
    dataInicio: data,
    dataFim: { type: ['string', 'null'], format: 'date' },
    ocorrencias: { type: ['integer', 'null'], minimum: 1, maximum: 1000 },
    diasAntecedencia: { type: 'integer', minimum: 0, maximum: 730, default: 60 },
    categoriaId: { type: ['integer', 'null'] },
    pessoaId: { type: ['integer', 'null'] },
    centroCustoId: { type: ['integer', 'null'] },
    documento: { type: ['string', 'null'], maxLength: 60 },
  },
};
const obj = { type: 'object', additionalProperties: true };

export const FINANCEIRO_EXTRAS_PATHS: Record<string, unknown> = {
  '/api/ContasFinanceiras/{id}/ofx': {
    post: {
      tags: ['Conciliação OFX'],
      summary: 'Importa um arquivo OFX 1.x (SGML) ou 2.x (XML), UTF-8 ou latin-1: só as transações novas (FITID por conta; sem FITID, uma chave de data, valor, texto e posição); cada extrato do arquivo vai para a conta que o seu <BANKACCTFROM> informa (ou o arquivo é recusado dizendo qual extrato não tem conta); o mesmo arquivo de novo responde 409 e nada grava',
      parameters: [id],
      requestBody: json({ type: 'object', required: ['conteudo'], properties: { conteudo: { type: 'string', contentEncoding: 'base64' }, nome: { type: 'string' } } }),
      responses: { '200': { description: 'Importado', ...json({ type: 'object', properties: { extratoId: { type: 'integer' }, transacoes: { type: 'integer' }, novas: { type: 'integer' }, repetidas: { type: 'integer' }, ignoradas: { type: 'integer' }, comSugestao: { type: 'integer' }, saldo: money, mensagem: { type: 'string' } } }) }, ...erros, '409': { description: 'Extrato já importado' } },
    },
    get: { tags: ['Conciliação OFX'], summary: 'Extratos importados na conta', parameters: [id], responses: { '200': { description: 'Extratos', ...json({ type: 'array', items: obj }) }, ...erros } },
  },
  '/api/TransacoesOfx': { get: { tags: ['Conciliação OFX'], summary: 'Transações dos extratos; as pendentes trazem as sugestões', parameters: [q('filter', { type: 'string' }, false, '{"where": {"contaId", "extratoId", "status": "pendente|conciliada|ignorada"}, "limit", "skip"}')], responses: { '200': { description: 'Transações', ...json({ type: 'array', items: transacao }) }, ...erros } } },
  '/api/TransacoesOfx/count': { get: { tags: ['Conciliação OFX'], parameters: [q('where', { type: 'string' })], responses: { '200': { description: 'Quantidade', ...json({ type: 'object', properties: { count: { type: 'integer' } } }) } } } },
  '/api/TransacoesOfx/conciliar': { post: { tags: ['Conciliação OFX'], summary: 'Concilia várias transações numa transação só (tudo ou nada)', requestBody: json({ type: 'object', properties: { itens: { type: 'array', items: acao } } }), responses: { '200': { description: 'Conciliadas', ...json(obj) }, ...erros, '409': { description: 'Já conciliada' } } } },
  '/api/TransacoesOfx/{id}/conciliar': { post: { tags: ['Conciliação OFX'], parameters: [id], requestBody: json(acao), responses: { '200': { description: 'Conciliada', ...json(obj) }, ...erros, '409': { description: 'Já conciliada' } } } },
  '/api/TransacoesOfx/{id}/desfazer': { post: { tags: ['Conciliação OFX'], summary: 'Volta a transação a pendente (a baixa feita por ela continua: estorne-a em Baixas)', parameters: [id], responses: { '200': { description: 'Pendente' }, ...erros } } },
  '/api/LancamentosRecorrentes': {
    get: { tags: ['Lançamentos recorrentes'], responses: { '200': { description: 'Recorrências', ...json({ type: 'array', items: recorrencia }) }, ...erros } },
    post: { tags: ['Lançamentos recorrentes'], summary: 'Cria e gera os lançamentos até hoje + diasAntecedencia', requestBody: json(recorrencia), responses: { '200': { description: 'Recorrência com os lançamentos', ...json(obj) }, ...erros } },
  },
  '/api/LancamentosRecorrentes/{id}': {
    get: { tags: ['Lançamentos recorrentes'], parameters: [id], responses: { '200': { description: 'Recorrência com os lançamentos', ...json(obj) }, ...erros } },
    put: { tags: ['Lançamentos recorrentes'], summary: 'Esta e as seguintes: a partir da ocorrência aPartirDe (as baixadas não mudam)', parameters: [id], requestBody: json({ ...recorrencia, required: [], properties: { ...recorrencia.properties, aPartirDe: { type: 'integer', minimum: 1 } } }), responses: { '200': { description: 'Alterada', ...json(obj) }, ...erros } },
  },
  '/api/LancamentosRecorrentes/{id}/ocorrencias/{numero}': { put: { tags: ['Lançamentos recorrentes'], summary: 'Só esta ocorrência', parameters: [id, { name: 'numero', in: 'path', required: true, schema: { type: 'integer' } }], requestBody: json({ type: 'object', properties: { valor: money, vencimento: data, descricao: { type: 'string' } } }), responses: { '200': { description: 'Alterada', ...json(obj) }, ...erros, '409': { description: 'Já baixada' } } } },
  '/api/LancamentosRecorrentes/{id}/encerrar': { post: { tags: ['Lançamentos recorrentes'], parameters: [id], responses: { '200': { description: 'Encerrada' }, ...erros } } },
  '/api/LancamentosRecorrentes/gerar': { post: { tags: ['Lançamentos recorrentes'], summary: 'Gera agora os lançamentos que faltam até o horizonte de cada recorrência', responses: { '200': { description: 'Geradas', ...json({ type: 'object', properties: { geradas: { type: 'integer' } } }) } } } },
  '/api/RelatoriosFinanceiros/painel': { get: { tags: ['Relatórios financeiros'], summary: 'Cartões do dashboard: a pagar hoje, a receber hoje, atrasados, saldo por conta', responses: { '200': { description: 'Painel', ...json(obj) } } } },
  '/api/RelatoriosFinanceiros/fluxo-caixa': { get: { tags: ['Relatórios financeiros'], summary: 'Fluxo de caixa realizado (movimentos) e previsto (parcelas em aberto)', parameters: [...periodo, q('agrupamento', { enum: ['mes', 'dia'] }), q('contaId', { type: 'integer' })], responses: { '200': { description: 'Fluxo', ...json(obj) }, ...erros } } },
  '/api/RelatoriosFinanceiros/contas-pagar': { get: { tags: ['Relatórios financeiros'], parameters: [...periodo, q('situacao', { enum: ['abertas', 'todas'] })], responses: { '200': { description: 'Parcelas por vencimento', ...json(obj) }, ...erros } } },
  '/api/RelatoriosFinanceiros/contas-receber': { get: { tags: ['Relatórios financeiros'], parameters: [...periodo, q('situacao', { enum: ['abertas', 'todas'] })], responses: { '200': { description: 'Parcelas por vencimento', ...json(obj) }, ...erros } } },
  '/api/RelatoriosFinanceiros/extrato': { get: { tags: ['Relatórios financeiros'], parameters: [...periodo, q('contaId', { type: 'integer' }, true)], responses: { '200': { description: 'Extrato com saldo', ...json(obj) }, ...erros } } },
  '/api/RelatoriosFinanceiros/dre': { get: { tags: ['Relatórios financeiros'], summary: 'DRE gerencial por competência e árvore de categorias', parameters: [q('de', { type: 'string', pattern: '^\\d{4}-\\d{2}$' }, true), q('ate', { type: 'string', pattern: '^\\d{4}-\\d{2}$' }, true)], responses: { '200': { description: 'DRE', ...json(obj) }, ...erros } } },
  '/api/RelatoriosFinanceiros/{nome}/exportar': {
    post: {
      tags: ['Relatórios financeiros'],
      summary: 'PDF ou XLSX pela fila de relatórios (Relatórios exportados)',
      parameters: [{ name: 'nome', in: 'path', required: true, schema: { enum: ['fluxo-caixa', 'contas-pagar', 'contas-receber', 'extrato', 'dre'] } }],
      requestBody: json({ type: 'object', required: ['tipo'], properties: { tipo: { enum: ['pdf', 'xlsx'] }, params: obj } }),
      responses: { '200': { description: 'Na fila', ...json(obj) }, ...erros, '406': { description: 'Relatório já está sendo processado.' } },
    },
  },
};
