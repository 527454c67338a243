import axios, { type AxiosInstance } from 'axios';
import { getToken } from './session.ts';
import { apiBase, onApiBase, onUnauthorized } from './request.ts';

import { SYSTEM_HEADER, SYSTEM_ID, serializeParams } from './params.ts';

export { normalise, serializeParams, SYSTEM_HEADER, SYSTEM_ID } from './params.ts';

export function createApiClient(baseURL = apiBase()): AxiosInstance {
  const client = axios.create({ baseURL, headers: { 'Content-Type': 'application/json', [SYSTEM_HEADER]: SYSTEM_ID }, paramsSerializer: { serialize: serializeParams } });
  client.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set('Authorization', token);
    return config;
  });
  client.interceptors.response.use(
    (r) => r,
    (error) => {
      const url: string = error?.config?.url ?? '';
      if (error?.response?.status === 401 && !url.includes('Usuarios/login')) onUnauthorized();
      return Promise.reject(error);
    },
  );
  return client;
}

/** The one client of the app (the screens before a session use request.ts); it follows the brand's API endpoint. */
export const api = createApiClient();
onApiBase((b) => {
  api.defaults.baseURL = b;
});

/** SPEC 7: opening a record or file in a new tab appends the access-token query parameter. */
export function withAccessToken(url: string, token = getToken()): string {
  if (!token) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  return `${base}${base.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}${hash}`;
}

export function openInNewTab(url: string): Window | null {
  return window.open(withAccessToken(url), '_blank', 'noopener');
}
