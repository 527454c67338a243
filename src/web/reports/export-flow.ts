import type { Filter } from '../../shared/filter.ts';
import { api, withAccessToken } from '../api/client.ts';
import { toApiError } from '../api/errors.ts';
import { getSocket } from '../api/realtime.ts';
import { reportToast } from './report-toasts.tsx';

export type ReportFormat = 'pdf' | 'xlsx' | 'zip' | 'txt';

export interface Relatorio {
  id: number;
  descricao: string;
  tipo: ReportFormat;
  status: 0 | 1 | 2;
  dataInclusao: string;
  url?: string | null;
  erro?: { message?: string } | null;
  chave?: string;
  evento?: string;
}

/** Processing state (SPEC 3.2): PROCESSANDO 0, FINALIZADO 1, ERRO 2. */
export const STATUS = { PROCESSANDO: 0, FINALIZADO: 1, ERRO: 2 } as const;
/** SPEC 9: without a realtime event, the file is polled every 10000 ms. */
export const POLL_MS = 10_000;

export const REPORT_TEXTS = {
  gerando: (name: string, tipo: ReportFormat) => `Gerando ${name} ${formatLabel(tipo)}...`,
  erro: (name: string, tipo: ReportFormat) => `Erro ao gerar ${name} ${formatLabel(tipo)}`,
  sucesso: (name: string, tipo: ReportFormat) => `${name} ${formatLabel(tipo)} gerado com sucesso.`,
  processando: 'Relatório já está sendo processado.',
  popup: 'Habilite as janelas pop-up no navegador para concluir a impressão do relatório.',
  existente: 'Este relatório já foi exportado recentemente. Deseja abri-lo ou fazer uma nova exportação?',
  abrir: 'Abrir relatório',
  nova: 'Nova exportação',
} as const;

export const formatLabel = (tipo: ReportFormat) => tipo.toUpperCase();

/** The server's report key: sha1 of [endpoint, where, order, tipo] (same JSON as the request body). */
export async function reportKey(endpoint: string, filter: Pick<Filter, 'where' | 'order'>, tipo: ReportFormat): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const text = JSON.stringify([endpoint, JSON.parse(JSON.stringify(filter.where ?? null)), filter.order ?? null, tipo]);
  const digest = await subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function listReports(where: Record<string, unknown> = {}): Promise<Relatorio[]> {
  return (await api.get<Relatorio[]>('Relatorios', { params: { filter: { order: 'dataInclusao DESC', where } } })).data;
}

/** The file of a finished report, fetched with the session's header (a blob, or null on failure). */
/** Where a finished report's file is served. */
export const fileAddress = (r: Pick<Relatorio, 'id' | 'url'>): string => r.url ?? `/api/Relatorios/${r.id}/arquivo`;

export async function fetchReportFile(r: Pick<Relatorio, 'id' | 'url'>): Promise<Blob | null> {
  try {
    const url = fileAddress(r).replace(/^\/api\//, '');
    return (await api.get<Blob>(url, { responseType: 'blob' })).data;
  } catch {
    return null;
  }
}

/** The report file's address with the session's access token (SPEC 7), for a new tab or a plain link. */
export function fileUrl(r: Pick<Relatorio, 'id' | 'url'>): string {
  return withAccessToken(fileAddress(r));
}

const fileName = (r: Pick<Relatorio, 'descricao' | 'tipo'>) =>
  `${r.descricao.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9-]+/g, '-').toLowerCase()}.${r.tipo}`;

/** Success opens the file: a PDF is printed in a new window (pop-up warning when blocked), an XLSX downloaded. */
export async function openReport(r: Pick<Relatorio, 'id' | 'url' | 'tipo' | 'descricao'>, name = r.descricao): Promise<void> {
  const blob = await fetchReportFile(r);
  if (!blob) {
    reportToast('error', REPORT_TEXTS.erro(name, r.tipo));
    return;
  }
  const href = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: r.tipo === 'pdf' ? 'application/pdf' : 'application/octet-stream' }));
  if (r.tipo === 'pdf') {
    const w = window.open(href, '_blank');
    if (!w) {
      reportToast('warning', REPORT_TEXTS.popup);
      return;
    }
    w.addEventListener?.('load', () => setTimeout(() => w.print(), 300));
    return;
  }
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName(r);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Resolves with the finished (or failed) job: the realtime '{evento}-{tipo}' event, or polling every 10 s. */
export function waitForReport(job: Relatorio, opts: { pollMs?: number } = {}): Promise<{ ok: true; report: Relatorio } | { ok: false; message?: string }> {
  return new Promise((resolve) => {
    const socket = getSocket();
    const event = `${job.evento}-${job.tipo}`;
    let done = false;
    const finish = (v: { ok: true; report: Relatorio } | { ok: false; message?: string }) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      socket?.off(event, onEvent);
      resolve(v);
    };
    const onEvent = (msg: { status: 'success' | 'error'; data?: { id?: number; url?: string; file?: string; message?: string } }) => {
      if (msg?.data?.id !== undefined && msg.data.id !== job.id) return;
      if (msg.status === 'success') finish({ ok: true, report: { ...job, status: STATUS.FINALIZADO, url: msg.data?.url ?? job.url } });
      else finish({ ok: false, message: msg?.data?.message });
    };
    socket?.on(event, onEvent);
    const timer = setInterval(async () => {
      try {
        const found = (await listReports(job.chave ? { chave: job.chave } : {})).find((r) => r.id === job.id);
        if (!found) return;
        if (found.status === STATUS.FINALIZADO) finish({ ok: true, report: found });
        else if (found.status === STATUS.ERRO) finish({ ok: false, message: found.erro?.message });
      } catch {
        /* the next tick tries again */
      }
    }, opts.pollMs ?? POLL_MS);
  });
}

export interface ExportRequest {
  endpoint: string;
  name: string;
  /** How the export is listed (the filter in force); the name when absent. */
  descricao?: string;
  filter: Pick<Filter, 'where' | 'order'>;
  tipo: ReportFormat;
  /** Asked when a finished export of the same report exists: true opens it, false exports anew, null does nothing. */
  askOpenExisting?: (existing: Relatorio) => Promise<boolean | null>;
  /** Called once nothing more is waiting on the user's click (a question is shown, or the job is queued or refused). */
  onSettled?: () => void;
}

/** The client flow of SPEC 4 and 8 for one export. */
export async function exportReport(req: ExportRequest): Promise<'opened' | 'done' | 'busy' | 'failed' | 'cancelled'> {
  const { endpoint, name, tipo } = req;
  const filter = { where: req.filter.where, order: req.filter.order };
  const chave = await reportKey(endpoint, filter, tipo).catch(() => null);
  if (chave && req.askOpenExisting) {
    const finished = await listReports({ chave, status: STATUS.FINALIZADO }).catch(() => []);
    if (finished.length) {
      req.onSettled?.();
      const open = await req.askOpenExisting(finished[0]);
      if (open === null) return 'cancelled';
      if (open) {
        await openReport(finished[0], name);
        return 'opened';
      }
    }
  }
  let job: Relatorio;
  try {
    job = (await api.post<Relatorio>('Relatorios/exportar', { recurso: endpoint, filter, tipo, descricao: req.descricao ?? name })).data;
  } catch (err) {
    req.onSettled?.();
    const info = toApiError(err);
    if (info.status === 406) {
      reportToast('warning', info.message && info.message !== 'Erro desconhecido' ? info.message : REPORT_TEXTS.processando);
      return 'busy';
    }
    reportToast('error', REPORT_TEXTS.erro(name, tipo));
    return 'failed';
  }
  req.onSettled?.();
  return followExport(job, name, tipo);
}

/** A queued export followed to its end, as every export: 'Gerando…', the wait, then the file opened or the failure told. */
async function followExport(job: Relatorio, name: string, tipo: ReportFormat): Promise<'done' | 'failed'> {
  reportToast('info', REPORT_TEXTS.gerando(name, tipo));
  const result = await waitForReport(job);
  if (!result.ok) {
    reportToast('error', REPORT_TEXTS.erro(name, tipo), result.message);
    return 'failed';
  }
  reportToast('success', REPORT_TEXTS.sucesso(name, tipo));
  await openReport({ ...result.report, descricao: job.descricao }, name);
  return 'done';
}

/**
 * The export of a module's own report (not a grid's filter: e.g. `RelatoriosFinanceiros/<nome>/exportar` with the
 * screen's parameters): queued by a POST of `body` to `address`, then followed through the same report queue. A
 * report already being made (406) is a warning; any other refusal is the error toast with the server's text.
 */
export async function exportModuleReport(address: string, body: unknown, name: string, tipo: ReportFormat): Promise<'done' | 'busy' | 'failed'> {
  let job: Relatorio;
  try {
    job = (await api.post<Relatorio>(address, body)).data;
  } catch (err) {
    const info = toApiError(err);
    if (info.status === 406) {
      reportToast('warning', REPORT_TEXTS.processando);
      return 'busy';
    }
    reportToast('error', REPORT_TEXTS.erro(name, tipo), info.message);
    return 'failed';
  }
  return followExport(job, name, tipo);
}
