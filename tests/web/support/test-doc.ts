import type { ResourceDoc } from '../../../generated/schema-types.ts';

/** A document with one field of every kind the renderer knows, so each widget and format is exercised. */
export const TEST_DOC: ResourceDoc = {
  name: 'testeWidgets',
  endpoint: 'TestesWidgets',
  table: 'testes',
  title: 'Testes',
  singular: 'Teste',
  permission: 'app.cliente',
  route: 'pages/testes/widgets',
  display: 'nome',
  relations: { marca: { type: 'belongsTo', resource: 'marca', foreignKey: 'marcaId' } },
  schema: {
    type: 'object',
    required: ['nome'],
    properties: {
      nome: { type: 'string', title: 'Nome', minLength: 2, maxLength: 10 },
      email: { type: ['string', 'null'], title: 'E-mail', format: 'email' },
      codigo: { type: ['string', 'null'], title: 'Código', pattern: '^[A-Z]+$' },
      cpfCnpj: { type: ['string', 'null'], title: 'CPF/CNPJ', format: 'cpfCnpj', widget: 'cpfCnpj' },
      telefone: { type: ['string', 'null'], title: 'Telefone', format: 'phone', widget: 'phone' },
      cep: { type: ['string', 'null'], title: 'CEP', format: 'cep', widget: 'cep' },
      uf: { type: ['string', 'null'], title: 'UF', lookup: 'uf' },
      codigoMunicipio: { type: ['integer', 'null'], title: 'Município', lookup: 'municipio', widget: 'municipio' },
      valor: { type: ['string', 'null'], title: 'Valor', format: 'money', widget: 'money' },
      quantidade: { type: ['string', 'null'], title: 'Quantidade', format: 'quantity', widget: 'quantity' },
      percentual: { type: ['string', 'null'], title: 'Percentual', format: 'percent', widget: 'percent' },
      data: { type: ['string', 'null'], title: 'Data', format: 'date' },
      ncm: { type: ['string', 'null'], title: 'NCM', format: 'ncm', widget: 'ncm' },
      gtin: { type: ['string', 'null'], title: 'GTIN', format: 'gtin', widget: 'gtin' },
      marcaId: { type: ['integer', 'null'], title: 'Marca', relation: 'marca' },
      idade: { type: ['integer', 'null'], title: 'Idade', minimum: 18, maximum: 120 },
      ativo: { type: 'boolean', title: 'Ativo', default: true },
    },
  },
  search: ['nome', 'cpfCnpj'],
  list: { columns: [{ field: 'nome' }, { field: 'cpfCnpj' }, { field: 'valor' }, { field: 'uf' }, { field: 'data' }, { field: 'ativo' }], order: 'nome ASC' },
  form: {
    sections: [
      { title: 'Dados', rows: [['nome', 'email', 'codigo'], ['cpfCnpj', 'telefone'], ['valor', 'quantidade', 'percentual'], ['data', 'idade', 'ativo']] },
      { title: 'Endereço', rows: [['cep', 'uf', 'codigoMunicipio']] },
      { title: 'Produto', tab: undefined, rows: [['ncm', 'gtin', 'marcaId']] },
    ],
  },
  rules: [{ when: { field: 'uf', empty: true }, readOnly: ['codigoMunicipio'] }],
};
