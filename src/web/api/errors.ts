/** SPEC 8: the text of an error, taken from wherever the server put it. */
export const DUPLICATE_MARK = 'Registro duplicado';
export const DUPLICATE_TEXT = 'Registro duplicado, verifique os dados e tente novamente';
export const EXISTS_MARK = 'Já existe';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** From a response body: message, error.message, error.error.message, error.error.data.message or data.fields. */
export function extractErrorText(body: unknown): string | undefined {
  const text = rawErrorText(body);
  if (!text) return undefined;
  return text.includes(DUPLICATE_MARK) ? DUPLICATE_TEXT : text;
}

function rawErrorText(body: unknown): string | undefined {
  if (typeof body === 'string') return str(body);
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, any>;
  const fields = b.data?.fields;
  return (
    str(b.message) ??
    str(b.error?.message) ??
    str(b.error?.error?.message) ??
    str(b.error?.error?.data?.message) ??
    (fields ? (typeof fields === 'string' ? fields : Array.isArray(fields) ? fields.join(', ') : JSON.stringify(fields)) : undefined)
  );
}

export interface ApiErrorInfo {
  status?: number;
  message: string;
  details: { path?: string; campo?: string; mensagem: string }[];
}

/** An axios error (or anything thrown) into status, text and field details. */
export function toApiError(err: unknown): ApiErrorInfo {
  const e = err as { response?: { status?: number; data?: any }; message?: string };
  const data = e?.response?.data;
  const message = extractErrorText(data) ?? extractErrorText(e?.message) ?? 'Erro desconhecido';
  const details = Array.isArray(data?.error?.details) ? data.error.details : [];
  return { status: e?.response?.status, message, details };
}

/** The generic dialog shows the server message alone, with an info icon, for 'Já existe' and 409. */
export function isInfoError(info: Pick<ApiErrorInfo, 'status' | 'message'>): boolean {
  return info.status === 409 || info.message.includes(EXISTS_MARK);
}

/** The server's field messages by field name, as SchemaForm shows them under each field; undefined when none. */
export function fieldMessages(info: Pick<ApiErrorInfo, 'details'>): Record<string, string> | undefined {
  const withField = info.details.filter((d) => d.campo);
  return withField.length ? Object.fromEntries(withField.map((d) => [d.campo!, d.mensagem])) : undefined;
}
