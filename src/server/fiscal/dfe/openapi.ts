/** OpenAPI paths of the distribution DF-e and the manifestação do destinatário, merged into /api/openapi.json. */
const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const erros = { '400': { description: 'Dados inválidos (mensagem em português)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão' }, '404': { description: 'Não encontrado' }, '409': { description: 'Situação da nota não permite' }, '429': { description: 'A SEFAZ pediu para aguardar (137/656): a mensagem diz o horário liberado' }, '503': { description: 'SEFAZ indisponível' } };
const obj = { type: 'object', additionalProperties: true };
const nota = { type: 'object', properties: { id: { type: 'integer' }, chave: { type: 'string' }, emitenteCnpj: { type: 'string' }, emitenteNome: { type: 'string' }, valor: { type: 'string' }, dataEmissao: { type: ['string', 'null'] }, situacaoNfe: { enum: ['autorizada', 'denegada', 'cancelada'] }, manifestacao: { enum: ['pendente', 'ciencia', 'confirmada', 'desconhecida', 'nao_realizada'] }, xmlCompleto: { type: 'boolean' }, entradaId: { type: ['integer', 'null'] } } };
const tags = ['Manifestação do destinatário'];
const op = (summary: string, extra: Record<string, unknown> = {}, resp: Record<string, unknown> = obj) => ({ tags, summary, responses: { '200': { description: 'OK', ...json(resp) }, ...erros }, ...extra });

export const DFE_PATHS: Record<string, unknown> = {
  '/api/Manifestacoes': { get: op('Notas emitidas contra a filial (query: manifestacao, emitente)', { parameters: [{ name: 'manifestacao', in: 'query', schema: { type: 'string' } }, { name: 'emitente', in: 'query', schema: { type: 'string' } }] }, { type: 'array', items: nota }) },
  '/api/Manifestacoes/situacao': { get: op('Último NSU lido, maior NSU e até quando a SEFAZ pediu para aguardar') },
  '/api/Manifestacoes/consultar-sefaz': { post: op('Distribuição DF-e por NSU para o CNPJ da filial, respeitando a espera pedida pela SEFAZ (137/656)') },
  '/api/Manifestacoes/{id}/manifestar': { post: op('Ciência, confirmação, desconhecimento ou operação não realizada (justificativa de 15 a 255), assinada e enviada ao Ambiente Nacional', { parameters: [id], requestBody: json({ type: 'object', required: ['tipo'], properties: { tipo: { enum: ['ciencia', 'confirmacao', 'desconhecimento', 'naoRealizada'] }, justificativa: { type: 'string', minLength: 15, maxLength: 255 } } }) }) },
  '/api/Manifestacoes/{id}/eventos': { get: op('Manifestações registradas na nota', { parameters: [id] }, { type: 'array', items: obj }) },
  '/api/Manifestacoes/{id}/xml': { get: { tags, summary: 'XML completo (nfeProc), depois da ciência', parameters: [id], responses: { '200': { description: 'XML', content: { 'application/xml': {} } }, ...erros } } },
};
