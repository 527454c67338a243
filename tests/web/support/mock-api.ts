import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../../../src/web/api/client.ts';
import { http, type RequestConfig } from '../../../src/web/api/request.ts';

export interface MockReply {
  status?: number;
  data: unknown;
}
export type MockHandler = (req: { method: string; url: string; params: Record<string, unknown>; body: unknown; headers: AxiosHeaders }) => MockReply | undefined;

/** Answers the app's axios client in memory; records every request it saw (after the interceptors). */
export function mockApi(handler: MockHandler) {
  const calls: { method: string; url: string; params: Record<string, unknown>; body: unknown; headers: AxiosHeaders }[] = [];
  const adapter = async (config: InternalAxiosRequestConfig) => {
    const req = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: (config.params ?? {}) as Record<string, unknown>,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: AxiosHeaders.from(config.headers as any),
    };
    calls.push(req);
    const reply = handler(req) ?? { status: 404, data: { error: { statusCode: 404, name: 'NotFoundError', message: 'Registro não encontrado.', details: [] } } };
    const response = { data: reply.data, status: reply.status ?? 200, statusText: '', headers: {}, config };
    if (response.status >= 400) throw new AxiosError(`Request failed with status code ${response.status}`, 'ERR_BAD_REQUEST', config, null, response as any);
    return response;
  };
  api.defaults.adapter = adapter;
  // The screens before a session (sign-in, recovery, sign-up, the brand) use the small fetch client: same answers.
  http.adapter = (config: RequestConfig) => adapter(config as unknown as InternalAxiosRequestConfig);
  return calls;
}
