import type { DocumentRegistry } from '../documentos/registry.ts';
import type { ResourceRegistry } from '../resources/registry.ts';
import { catalogoEventos, EVENTO_TESTE, EVENTOS_DOMINIO } from './webhooks.ts';

const CABECALHOS = [
  { name: 'webhook-id', in: 'header', required: true, description: 'Identificador único do evento (o mesmo em cada nova tentativa e no reenvio): use-o para não processar duas vezes.', schema: { type: 'string' } },
  { name: 'webhook-timestamp', in: 'header', required: true, description: 'Momento do envio, em segundos desde 1970 (UTC).', schema: { type: 'string' } },
  { name: 'webhook-signature', in: 'header', required: true, description: 'Assinaturas v1 (HMAC-SHA256 de "id.timestamp.corpo" com o segredo whsec_), separadas por espaço, conforme o padrão Standard Webhooks.', schema: { type: 'string' } },
];

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event of the catalogue, each the POST the receiver gets
 * ({ type, timestamp, data }) with the Standard Webhooks headers; answering 2xx confirms, 410 disables.
 */
export function webhooksOpenApi(resources: ResourceRegistry, documents?: DocumentRegistry): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const e of [...catalogoEventos(resources, documents), { tipo: EVENTO_TESTE, descricao: 'Evento de teste enviado pela tela de webhooks' }]) {
    const [nome, acao] = e.tipo.split('.');
    const dominio = EVENTOS_DOMINIO.find((d) => d.tipo === e.tipo);
    const data = dominio ? { type: 'object', description: dominio.dados } : acao === 'excluido' ? { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } : { type: 'object', description: nome === 'webhook' ? 'Mensagem de teste' : `O registro de ${nome} como a API o devolve` };
    out[e.tipo] = {
      post: {
        summary: e.descricao,
        tags: ['Webhooks'],
        parameters: CABECALHOS,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', required: ['type', 'timestamp', 'data'], properties: { type: { const: e.tipo }, timestamp: { type: 'string', format: 'date-time' }, data } } } },
        },
        responses: { '2XX': { description: 'Recebido' }, '410': { description: 'O endereço não existe mais: o webhook é desativado' }, default: { description: 'Falha: nova tentativa com espera crescente (até cerca de 3 dias)' } },
      },
    };
  }
  return out;
}

const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const erros = { '400': { description: 'Dados inválidos (mensagem em português)' }, '401': { description: 'Sem sessão' }, '403': { description: 'Sem permissão' }, '404': { description: 'Não encontrado' } };
const idPath = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const TIPOS_IMPORTACAO = ['clientes', 'fornecedores', 'transportadores', 'produtos'];
const mapeamento = { type: 'object', description: 'campo → índice da coluna (0 = primeira)', additionalProperties: { type: 'integer' } };

/** OpenAPI paths of the integrations' own calls beyond the key and webhook screens: the data import and secret rotation. */
export const INTEGRACOES_PATHS: Record<string, unknown> = {
  '/api/Importacoes': {
    get: { tags: ['Importação de dados'], summary: 'As últimas 100 importações da conta', responses: { '200': { description: 'Importações' }, ...erros } },
    post: {
      tags: ['Importação de dados'],
      summary: 'Envia um CSV (UTF-8 ou Latin-1; ; , ou tab) ou XLSX de até 20 MB: devolve colunas, amostra e o mapeamento sugerido (o último confirmado para o mesmo cabeçalho, ou adivinhado pelos nomes do Bling, Tiny e Omie)',
      requestBody: { required: true, ...json({ type: 'object', required: ['tipo', 'conteudo'], properties: { tipo: { enum: TIPOS_IMPORTACAO }, nomeArquivo: { type: 'string' }, formato: { enum: ['csv', 'txt', 'xlsx'] }, conteudo: { type: 'string', contentEncoding: 'base64' } } }) },
      responses: { '200': { description: 'Arquivo lido' }, '413': { description: 'Arquivo maior que 20 MB ou com mais de 100.000 linhas' }, ...erros },
    },
  },
  '/api/Importacoes/modelo/{tipo}': {
    get: { tags: ['Importação de dados'], summary: 'Planilha modelo (XLSX) do cadastro', parameters: [{ name: 'tipo', in: 'path', required: true, schema: { enum: TIPOS_IMPORTACAO } }], responses: { '200': { description: 'XLSX' }, ...erros } },
  },
  '/api/Importacoes/{id}': {
    get: { tags: ['Importação de dados'], summary: 'Situação, progresso (enquanto importa) e relatório (criados, ignorados, erros por linha)', parameters: [idPath], responses: { '200': { description: 'Importação' }, ...erros } },
  },
  '/api/Importacoes/{id}/previa': {
    post: {
      tags: ['Importação de dados'],
      summary: 'Confere cada linha com o esquema do cadastro (as mesmas regras da API e dos formulários); nada é gravado além do mapeamento',
      parameters: [idPath],
      requestBody: { required: true, ...json({ type: 'object', required: ['mapeamento'], properties: { mapeamento } }) },
      responses: { '200': { description: 'Contagens e linhas com seus erros' }, ...erros },
    },
  },
  '/api/Importacoes/{id}/importar': {
    post: {
      tags: ['Importação de dados'],
      summary: 'Importa numa transação, por um job da fila: tudo ou nada, ou só as linhas válidas; cadastros já existentes (mesmo CPF/CNPJ ou código) são ignorados',
      parameters: [idPath],
      requestBody: { ...json({ type: 'object', properties: { modo: { enum: ['tudo', 'validas'] }, mapeamento } }) },
      responses: { '200': { description: 'Importação iniciada (situacao importando)' }, ...erros },
    },
  },
  '/api/Importacoes/{id}/desfazer': {
    post: { tags: ['Importação de dados'], summary: 'Exclui os cadastros criados pela importação, se nenhum estiver em uso', parameters: [idPath], responses: { '200': { description: 'Importação desfeita' }, '409': { description: 'Algum cadastro já está em uso (nada foi excluído)' }, ...erros } },
  },
  '/api/Webhooks/{id}/rotacionar-segredo': {
    post: {
      tags: ['Webhooks'],
      summary: 'Gera um novo segredo whsec_; o anterior continua assinando ao lado dele (duas assinaturas v1) por `horas` (padrão 24, até 168)',
      parameters: [idPath],
      requestBody: { ...json({ type: 'object', properties: { horas: { type: 'integer', minimum: 0, maximum: 168 } } }) },
      responses: { '200': { description: 'Webhook com o novo segredo e segredoAnteriorAte' }, ...erros },
    },
  },
};
