/** OpenAPI paths of the NF-e issuing path, merged into /api/openapi.json. */
const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const erros = { '400': { description: 'Dados inválidos (mensagem em português, campo em details)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão' }, '404': { description: 'Não encontrado' }, '409': { description: 'Situação da nota não permite' }, '503': { description: 'SEFAZ indisponível (nada foi numerado)' } };
const obj = { type: 'object', additionalProperties: true };
const nota = { type: 'object', properties: { id: { type: 'integer' }, modelo: { type: 'integer' }, serie: { type: ['integer', 'null'] }, numero: { type: ['integer', 'null'] }, status: { enum: ['rascunho', 'rejeitada', 'autorizada', 'cancelada', 'denegada', 'contingencia'] }, tipoEmissao: { type: 'integer', description: '1 normal; 6/7 SVC-AN/SVC-RS; 4 EPEC' }, contingencia: obj, chave: { type: ['string', 'null'] }, protocolo: { type: ['string', 'null'] }, destinatarioNome: { type: ['string', 'null'] }, total: { type: 'string' }, dataEmissao: { type: ['string', 'null'] }, rejeicao: obj, dados: obj } };
const resultado = { type: 'object', properties: { nota, autorizada: { type: 'boolean' }, rejeicao: { type: 'object', properties: { cStat: { type: 'string' }, xMotivo: { type: 'string' }, ajuda: obj, erros: { type: 'array', items: obj } } } } };
const tags = ['NF-e'];
const op = (summary: string, extra: Record<string, unknown> = {}, resp: Record<string, unknown> = obj) => ({ tags, summary, responses: { '200': { description: 'OK', ...json(resp) }, ...erros }, ...extra });

export const NFE_PATHS: Record<string, unknown> = {
  '/api/NotasFiscais': {
    get: op('Notas da filial (filter: where com status, numero, serie, chave, destinatarioNome, dataEmissao {gte, lte}; limit; skip)', { parameters: [{ name: 'filter', in: 'query', schema: { type: 'string' } }] }, { type: 'array', items: nota }),
    post: op('Salva um rascunho (sem número); corpo: natureza, destinatário, itens, transporte, pagamentos, informações adicionais', { requestBody: json(obj) }, nota),
  },
  '/api/NotasFiscais/contexto-tributacao': { post: op('Regras de tributação da nota para o cálculo ao vivo da tela (data, emitente, destinatário, natureza, produtos da conta e tributações vigentes dos seus perfis)', { requestBody: json({ type: 'object', required: ['naturezaId', 'clienteId', 'produtoIds'], properties: { naturezaId: { type: 'integer' }, clienteId: { type: 'integer' }, produtoIds: { type: 'array', items: { type: 'integer' }, maxItems: 1000 } } }) }) },
  '/api/NotasFiscais/count': { get: op('Quantas notas o filtro encontra', {}, { type: 'object', properties: { count: { type: 'integer' } } }) },
  '/api/NotasFiscais/{id}': {
    get: op('Uma nota', { parameters: [id] }, nota),
    put: op('Altera um rascunho ou uma nota rejeitada', { parameters: [id], requestBody: json(obj) }, nota),
    delete: op('Exclui um rascunho nunca enviado', { parameters: [id] }),
  },
  '/api/NotasFiscais/{id}/validar': { post: op('Monta, assina e valida contra o XSD oficial (erros por campo)', { parameters: [id] }) },
  '/api/NotasFiscais/{id}/transmitir': { post: op('Numera (série da filial, sem buracos) e guarda a nota assinada como transmitindo; transmite sem transação aberta; autorizada, lança estoque e contas a receber numa segunda transação (uma vez só); rejeitada, o número volta à série (EPEC recusada: a nota fica com o número, para transmitir de novo ou inutilizar)', { parameters: [id] }, resultado) },
  '/api/NotasFiscais/{id}/cancelar': { post: op('Cancela (até 24 h depois da autorização; justificativa de 15 a 255 caracteres) e estorna estoque e financeiro', { parameters: [id], requestBody: json({ type: 'object', required: ['justificativa'], properties: { justificativa: { type: 'string', minLength: 15, maxLength: 255 } } }) }, resultado) },
  '/api/NotasFiscais/{id}/carta-correcao': { post: op('Carta de correção (sequência 1 a 20; texto de 15 a 1000 caracteres)', { parameters: [id], requestBody: json({ type: 'object', required: ['correcao'], properties: { correcao: { type: 'string', minLength: 15, maxLength: 1000 } } }) }) },
  '/api/NotasFiscais/{id}/consultar': { post: op('Consulta a situação na SEFAZ', { parameters: [id] }) },
  '/api/NotasFiscais/{id}/eventos': { get: op('Histórico da nota na SEFAZ', { parameters: [id] }, { type: 'array', items: obj }) },
  '/api/NotasFiscais/{id}/enviar-email': { post: op('Envia XML e DANFE por e-mail ao destinatário (e à cópia da configuração)', { parameters: [id], requestBody: json({ type: 'object', properties: { email: { type: 'string' } } }) }) },
  '/api/NotasFiscais/{id}/xml': { get: { tags, summary: 'XML autorizado (nfeProc)', parameters: [id], responses: { '200': { description: 'XML', content: { 'application/xml': {} } }, ...erros } } },
  '/api/NotasFiscais/{id}/danfe': { get: { tags, summary: 'DANFE em PDF (prévia sem protocolo para um rascunho)', parameters: [id], responses: { '200': { description: 'PDF', content: { 'application/pdf': {} } }, ...erros } } },
  '/api/Inutilizacoes': {
    get: op('Inutilizações da filial', {}, { type: 'array', items: obj }),
    post: op('Inutiliza uma faixa de números de uma série', { requestBody: json({ type: 'object', required: ['serie', 'numeroInicial', 'numeroFinal', 'justificativa'], properties: { serie: { type: 'integer' }, numeroInicial: { type: 'integer' }, numeroFinal: { type: 'integer' }, justificativa: { type: 'string', minLength: 15, maxLength: 255 } } }) }),
  },
  '/api/ConfiguracoesNfe': {
    get: op('Configurações de NF-e da filial (séries, próximos números, ambiente, CSC sem o token)'),
    put: op('Altera as configurações; o próximo número só avança', { requestBody: json(obj) }),
  },
  '/api/NotasFiscais/transmitirPendentes': { post: op('Transmite ao autorizador normal as notas emitidas em contingência (EPEC) que aguardam; para na primeira que encontra a SEFAZ ainda indisponível', {}, { type: 'object', properties: { autorizadas: { type: 'array', items: { type: 'integer' } }, rejeitadas: { type: 'array', items: obj }, pendentes: { type: 'integer' } } }) },
  '/api/AssistenteFiscal': { get: op('Assistente fiscal: situação de cada passo (regime, certificado, séries, CSC, nota de teste) da filial') },
  '/api/AssistenteFiscal/notaTeste': { post: op('Emite a nota de teste do assistente em homologação (um item, sem estoque nem financeiro)', { requestBody: json({ type: 'object', properties: { clienteId: { type: 'integer' }, produtoId: { type: 'integer' } } }) }, resultado) },
  '/api/CertificadosDigitais/atual': { get: op('Certificado A1 ativo da filial: titular, CNPJ, validade (nunca o arquivo ou a senha)') },
  '/api/CertificadosDigitais': { post: op('Envia o certificado A1 (arquivo .pfx em base64 e senha); guardado cifrado', { requestBody: json({ type: 'object', required: ['arquivo', 'senha'], properties: { arquivo: { type: 'string', description: 'base64' }, senha: { type: 'string' } } }) }) },
};
