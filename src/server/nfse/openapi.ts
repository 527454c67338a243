/** OpenAPI paths of the NFS-e (national standard), merged into /api/openapi.json. */
const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const erros = { '400': { description: 'Dados inválidos ou recusa da Sefin Nacional (código e texto em details)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão' }, '404': { description: 'Não encontrada' }, '409': { description: 'Já cancelada, ainda transmitindo ou rejeitada' }, '503': { description: 'Sefin Nacional indisponível' } };
const nota = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, numero: { type: ['integer', 'null'] }, chave: { type: ['string', 'null'], pattern: '^[0-9]{50}$' }, situacao: { enum: ['transmitindo', 'autorizada', 'rejeitada', 'cancelando', 'cancelada'], description: 'transmitindo: DPS assinada a caminho do ADN (sem chave nem número ainda); rejeitada: recusada pela Sefin (rejeicao), o faturamento do pedido estornado; cancelando: evento e101101 assinado a caminho do ADN' },
    rejeicao: { type: ['array', 'null'], items: { type: 'object', properties: { codigo: { type: 'string' }, descricao: { type: 'string' }, complemento: { type: 'string' } } } }, serieDps: { type: 'string' }, numeroDps: { type: 'integer' },
    idDps: { type: 'string' }, ambiente: { type: 'integer' }, pedidoId: { type: ['integer', 'null'] }, tomador: { type: ['string', 'null'] }, codigoTributacaoNacional: { type: 'string' }, descricao: { type: 'string' },
    valorServico: { type: 'string' }, aliquotaIss: { type: ['string', 'null'] }, valorIss: { type: ['string', 'null'] }, issRetido: { type: 'boolean' }, valorLiquido: { type: 'string' }, dataEmissao: { type: 'string' }, dataAutorizacao: { type: ['string', 'null'] },
  },
};
const tags = ['NFS-e'];
const op = (summary: string, extra: Record<string, unknown> = {}, resp: Record<string, unknown> = nota) => ({ tags, summary, responses: { '200': { description: 'OK', ...json(resp) }, ...erros }, ...extra });

export const NFSE_PATHS: Record<string, unknown> = {
  '/api/NotasServico': { get: op('NFS-e da filial, emitidas ao faturar pedidos de serviço (filter: where com situacao, numero, chave, pedidoId, tomador, dataEmissao {gte, lte}; limit; skip)', { parameters: [{ name: 'filter', in: 'query', schema: { type: 'string' } }] }, { type: 'array', items: nota }) },
  '/api/NotasServico/count': { get: op('Quantas NFS-e o filtro encontra', {}, { type: 'object', properties: { count: { type: 'integer' } } }) },
  '/api/NotasServico/{id}': { get: op('Uma NFS-e, com seus eventos', { parameters: [id] }) },
  '/api/NotasServico/{id}/cancelar': {
    post: op('Cancela (evento e101101): motivo 1 erro na emissão, 2 serviço não prestado, 9 outros; justificativa de 15 a 255 caracteres', {
      parameters: [id],
      requestBody: json({ type: 'object', required: ['justificativa'], properties: { motivo: { enum: [1, 2, 9] }, justificativa: { type: 'string', minLength: 15, maxLength: 255 } } }),
    }),
  },
  '/api/NotasServico/{id}/xml': { get: { tags, summary: 'XML da NFS-e autorizada', parameters: [id], responses: { '200': { description: 'XML', content: { 'application/xml': {} } }, ...erros } } },
  '/api/NotasServico/{id}/danfse': { get: { tags, summary: 'DANFSe em PDF', parameters: [id], responses: { '200': { description: 'PDF', content: { 'application/pdf': {} } }, ...erros } } },
};
