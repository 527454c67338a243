import type { ModalFuncProps } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { isInfoError, toApiError, type ApiErrorInfo } from '../api/errors.ts';
import { DIALOG_DELAY_MS, ERROR_TEXT, ERROR_TITLE, type ToastKind } from './dialog-texts.ts';
import type { TextDialogProps } from './dialog-impl.tsx';

export * from './dialog-texts.ts';

// The helpers every screen calls. Their code (antd's Modal, notification and App) is its own chunk
// (dialog-impl.tsx), loaded on the first dialog or toast: the sign-in page draws none until it needs one.

type Impl = typeof import('./dialog-impl.tsx');
let impl: Promise<Impl> | null = null;
const loadImpl = () => (impl ??= import('./dialog-impl.tsx'));
const HostChunk = lazy(() => loadImpl().then((m) => ({ default: m.Host })));
// Outside antd's ConfigProvider (the small auth app): the host brings its own, with the brand's colour.
const ThemedHostChunk = lazy(() => import('./themed-host.tsx'));
/** Set while a DialogHost is mounted: draws the themed host on first use. */
let wakeHost: (() => void) | null = null;

/**
 * Put once inside antd's ConfigProvider: dialogs and toasts then use its theme and locale. Where there is none
 * (the small auth app), `primary` is the brand's colour and the host brings antd's provider itself.
 */
export function DialogHost({ primary }: { primary?: string } = {}) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const mine = () => setOn(true);
    wakeHost = mine;
    // Fetched at the person's first key press or touch (a dialog answers an action), not with the first screen:
    // by the time one opens its code is in, as fast as before.
    const warm = () => void loadImpl();
    const opts = { once: true, capture: true, passive: true };
    window.addEventListener('pointerdown', warm, opts);
    window.addEventListener('keydown', warm, opts);
    return () => {
      if (wakeHost === mine) wakeHost = null;
      window.removeEventListener('pointerdown', warm, opts);
      window.removeEventListener('keydown', warm, opts);
    };
  }, []);
  return on ? (
    <Suspense fallback={null}>{primary ? <ThemedHostChunk primary={primary} /> : <HostChunk />}</Suspense>
  ) : null;
}

/** The dialogs' code, and the host drawn when there is one (without, antd's static functions serve). */
function ready(): Promise<Impl> {
  const wake = wakeHost;
  wake?.();
  return loadImpl().then((m) => (wake ? m.hostReady().then(() => m) : m));
}

/** Opens after the dialog delay, once the dialogs' code is in (it loads meanwhile). */
function later(open: (m: Impl) => void) {
  const code = ready();
  setTimeout(() => void code.then(open), DIALOG_DELAY_MS);
}

/** The confirm dialog: resolves true on 'Confirmar', false on 'Cancelar' or close. */
export function confirmDialog(opts: { title: string; content?: React.ReactNode; okText?: string; cancelText?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => later((m) => m.openConfirm(opts, resolve)));
}

/**
 * A question with several answers (e.g. 'Abrir relatório' / 'Nova exportação'): resolves with the chosen
 * value, or null when the person dismisses it (Esc, the close button): dismissing never picks an answer.
 */
export function choiceDialog<T extends string>(opts: { title: string; content?: React.ReactNode; choices: { value: T; label: string; primary?: boolean }[] }): Promise<T | null> {
  return new Promise((resolve) => later((m) => m.openChoice(opts, resolve)));
}

/** Opens the text-input dialog; resolves the text on 'Salvar', null on 'Cancelar'. */
export function textInputDialog(opts: Omit<TextDialogProps, 'onDone'>): Promise<string | null> {
  return new Promise((resolve) => later((m) => m.openTextInput(opts, resolve)));
}

/** A themed warning dialog (SPEC 8) with 'OK'; resolves when closed. */
export function warningDialog(title: string, content: ReactNode): Promise<void> {
  return new Promise((resolve) => later((m) => void m.openModal('warning', { title, content, okText: 'OK', onOk: () => resolve(), onCancel: () => resolve() })));
}

/** SPEC 8 generic error dialog: 'Atenção!', the fixed text and 'Detalhe: …'; info icon for 'Já existe' and 409. */
export function errorDialogProps(info: Pick<ApiErrorInfo, 'status' | 'message'>): { kind: 'info' | 'warning'; props: ModalFuncProps } {
  if (isInfoError(info)) return { kind: 'info', props: { title: ERROR_TITLE, content: info.message, okText: 'OK' } };
  return {
    kind: 'warning',
    props: {
      title: ERROR_TITLE,
      content: (
        <div>
          <p>{ERROR_TEXT}</p>
          <p>Detalhe: {info.message}</p>
        </div>
      ),
      okText: 'OK',
    },
  };
}

export function showError(err: unknown): ApiErrorInfo {
  const info = toApiError(err);
  const { kind, props } = errorDialogProps(info);
  later((m) => void m.openModal(kind, props));
  return info;
}

/** Generic toast (SPEC 9: 4000 ms, bottom end). */
export function toast(kind: ToastKind, text: string, description?: string): void {
  void ready().then((m) => m.showToast(kind, text, description));
}
