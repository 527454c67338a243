import { api } from '../../api/client.ts';

export interface ProblemaExportacao {
  mensagem: string;
  link?: string;
}

/** What went wrong with a file download: the server's message and its listed problems (the body is a Blob). */
export async function problemasDoErro(err: unknown): Promise<{ mensagem: string; problemas: ProblemaExportacao[] }> {
  const data = (err as { response?: { data?: unknown } })?.response?.data;
  try {
    const corpo = data instanceof Blob ? JSON.parse(await data.text()) : data;
    const e = (corpo as { error?: { message?: string; details?: ProblemaExportacao[] } })?.error;
    if (e?.message) return { mensagem: e.message, problemas: Array.isArray(e.details) ? e.details.filter((d) => d?.mensagem) : [] };
  } catch {
    // not JSON: the generic text below
  }
  return { mensagem: 'Não foi possível gerar o arquivo. Tente novamente.', problemas: [] };
}

/** Downloads a file the API answers (ZIP, TXT) under the given name. */
export async function baixarArquivo(url: string, nome: string): Promise<void> {
  const r = await api.get<Blob>(url, { responseType: 'blob' });
  salvarArquivo(r.data, nome);
}

/** Saves a blob under a name (an <a download>, so the browser's download starts). */
export function salvarArquivo(blob: Blob, nome: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = nome;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
