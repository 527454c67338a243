import { SYSTEM_HEADER, SYSTEM_ID, serializeParams } from './params.ts';
import { clearSession, getToken } from './session.ts';

/**
 * The small API client of the screens drawn before a session exists (sign-in, recovery, reset, sign-up, the
 * brand configuration): the same requests, headers, 401 rule and error shape as the app's axios client
 * (client.ts), over the browser's fetch, so the sign-in page does not carry axios.
 */

export interface RequestConfig {
  method: string;
  /** Relative to baseURL, as with the axios client ('Usuarios/login'). */
  url: string;
  baseURL: string;
  params?: Record<string, unknown>;
  /** The JSON body, already a string. */
  data?: string;
  headers: Record<string, string>;
  timeout?: number;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
}

/** Thrown for an answer of 400 and above: `response` where toApiError (errors.ts) reads it, as on an axios error. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly response?: { status: number; data: unknown },
  ) {
    super(message);
  }
}

/** Where every call goes (SPEC 7): /api/ until the brand names its own API endpoint (brand.ts). */
let base = '/api/';
const baseListeners = new Set<(b: string) => void>();
export const apiBase = (): string => base;
export function setApiBase(next: string): void {
  base = next;
  for (const l of baseListeners) l(next);
}
/** The axios client follows the same base (client.ts). */
export function onApiBase(listener: (b: string) => void): void {
  baseListeners.add(listener);
}

/** SPEC 7.4: a 401 ends the session and, outside the auth area, goes to the login. */
export function onUnauthorized(): void {
  clearSession();
  if (!window.location.hash.startsWith('#/auth')) window.location.hash = '#/auth/login';
}

/** baseURL and url joined as axios does (an absolute url stands alone). */
export function fullUrl(config: Pick<RequestConfig, 'baseURL' | 'url' | 'params'>): string {
  const path = /^([a-z][a-z\d+.-]*:)?\/\//i.test(config.url) ? config.url : `${config.baseURL.replace(/\/+$/, '')}/${config.url.replace(/^\/+/, '')}`;
  const qs = serializeParams(config.params);
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** The answer's body: JSON when it parses, else the text (as axios does). */
function parseBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function fetchAdapter(config: RequestConfig): Promise<HttpResponse> {
  let r: Response;
  try {
    r = await fetch(fullUrl(config), {
      method: config.method.toUpperCase(),
      headers: config.headers,
      body: config.data,
      signal: config.timeout ? AbortSignal.timeout(config.timeout) : undefined,
    });
  } catch (err) {
    // axios' own texts, so the error dialog reads the same.
    throw new HttpError((err as Error)?.name === 'TimeoutError' ? `timeout of ${config.timeout}ms exceeded` : 'Network Error');
  }
  return { status: r.status, data: parseBody(await r.text()) };
}

/** `adapter` answers every request (the web tests put an in-memory one here, tests/web/support/mock-api.ts). */
export const http = {
  adapter: fetchAdapter as (config: RequestConfig) => Promise<HttpResponse>,

  async request<T>(method: string, url: string, body?: unknown, opts: { params?: Record<string, unknown>; headers?: Record<string, string>; baseURL?: string; timeout?: number } = {}): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', [SYSTEM_HEADER]: SYSTEM_ID };
    const token = getToken();
    if (token) headers.Authorization = token;
    Object.assign(headers, opts.headers);
    const config: RequestConfig = { method, url, baseURL: opts.baseURL ?? base, params: opts.params, data: body === undefined || body === null ? undefined : JSON.stringify(body), headers, timeout: opts.timeout };
    try {
      const r = await http.adapter(config);
      if (r.status >= 400) throw new HttpError(`Request failed with status code ${r.status}`, { status: r.status, data: r.data });
      return r as HttpResponse<T>;
    } catch (err) {
      if ((err as HttpError)?.response?.status === 401 && !url.includes('Usuarios/login')) onUnauthorized();
      throw err;
    }
  },
  get<T>(url: string, opts?: { params?: Record<string, unknown>; headers?: Record<string, string>; baseURL?: string; timeout?: number }) {
    return http.request<T>('get', url, undefined, opts);
  },
  post<T>(url: string, body?: unknown, opts?: { params?: Record<string, unknown>; headers?: Record<string, string>; baseURL?: string; timeout?: number }) {
    return http.request<T>('post', url, body, opts);
  },
};
