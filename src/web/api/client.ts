import axios, { type AxiosInstance } from 'axios';
import { clearSession, getToken } from '../app/session.ts';

/** SPEC 7: the fixed system header identifying this ERP. */
export const SYSTEM_HEADER = 'X-Sistema';
export const SYSTEM_ID = 'novoerp';

/** Query parameters the API reads as JSON strings (SPEC 7). */
const JSON_PARAMS = new Set(['filter', 'where', 'params']);

/** Drops undefined values so the JSON sent is stable (same filter, same SWR key, same URL). */
export function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = normalise(v);
    return out;
  }
  return value;
}

export function serializeParams(params: Record<string, unknown> | undefined): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null) continue;
    sp.append(k, JSON_PARAMS.has(k) || typeof v === 'object' ? JSON.stringify(normalise(v)) : String(v));
  }
  return sp.toString();
}

function onUnauthorized(): void {
  clearSession();
  if (!window.location.hash.startsWith('#/auth')) window.location.hash = '#/auth/login';
}

export function createApiClient(baseURL = '/api/'): AxiosInstance {
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

/** The one client of the app. */
export const api = createApiClient();

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
