import type { DocumentRegistry } from '../documents/registry.ts';
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
