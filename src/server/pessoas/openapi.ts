/** OpenAPI paths of Relatórios > Pessoas (routes.ts). */
const erros = { '400': { description: 'Filtro inválido (mensagem em português, campo em details)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão (app.pessoa)' }, '404': { description: 'Relatório desconhecido' } };
const q = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) => ({ name, in: 'query', schema, description });

export const PESSOAS_PATHS: Record<string, unknown> = {
  '/api/Pessoas/relatorios/{fonte}': {
    get: {
      tags: ['Relatórios de pessoas'],
      summary: 'Um relatório de pessoas na tela (até 5.000 linhas); o mesmo exporta em XLSX/PDF por POST /api/Relatorios/exportar {recurso: fonte, filter: {where: filtros}}',
      parameters: [
        { name: 'fonte', in: 'path', required: true, schema: { enum: ['RelacaoClientes', 'RelacaoFornecedores', 'AniversariantesPeriodo', 'ClientesSemCompra', 'RankingClientes', 'ClientesEmAtraso'] } },
        q('cidade', 'Relação de clientes/fornecedores: parte do nome da cidade'),
        q('uf', 'Relação de clientes/fornecedores: UF (duas letras)'),
        q('grupo', 'Relação de clientes/fornecedores: grupo'),
        q('situacao', 'Relação de clientes/fornecedores (padrão: ativos)', { enum: ['ativos', 'inativos', 'todos'] }),
        q('de', 'Aniversariantes e ranking: início (padrão: 1º dia do mês)', { type: 'string', format: 'date' }),
        q('ate', 'Aniversariantes e ranking: fim, inclusive (padrão: hoje)', { type: 'string', format: 'date' }),
        q('dias', 'Clientes sem compra: há quantos dias (1 a 3650; padrão 90)', { type: 'integer' }),
      ],
      responses: { '200': { description: 'Linhas (colunas em schemas/reports/<fonte>.json)' }, ...erros },
    },
  },
};
