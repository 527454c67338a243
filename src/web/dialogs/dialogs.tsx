import { App, Button, Input, Modal, Space, notification as staticNotification } from 'antd';
import type { ModalFuncProps } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { isInfoError, toApiError, type ApiErrorInfo } from '../api/errors.ts';

/** SPEC 9: dialogs open after 200 ms (so a closing one finishes first); toasts last 4000 ms at the bottom end. */
export const DIALOG_DELAY_MS = 200;
export const TOAST_MS = 4000;
export const TOAST_PLACEMENT = 'bottomRight' as const;

export const CONFIRM_TEXT = 'Confirmar';
export const CANCEL_TEXT = 'Cancelar';
export const SAVE_TEXT = 'Salvar';
export const ERROR_TITLE = 'Atenção!';
export const ERROR_TEXT = 'Não foi possível realizar esta ação.';

type AppApi = ReturnType<typeof App.useApp>;
let host: AppApi | null = null;
/** Dialogs of our own (the text-input dialog) are drawn by the host too, so they get the brand's theme and locale. */
let outlet: { add: (key: number, node: ReactNode) => void; remove: (key: number) => void } | null = null;
let nextKey = 1;

/** Put once inside antd's <App>: lets the helpers below use the themed, localised context. */
export function DialogHost() {
  const api = App.useApp();
  const [extra, setExtra] = useState<[number, ReactNode][]>([]);
  useEffect(() => {
    host = api;
    const mine = {
      add: (key: number, node: ReactNode) => setExtra((l) => [...l, [key, node]]),
      remove: (key: number) => setExtra((l) => l.filter(([k]) => k !== key)),
    };
    outlet = mine;
    return () => {
      if (host === api) host = null;
      if (outlet === mine) outlet = null;
    };
  }, [api]);
  return <>{extra.map(([k, node]) => <span key={k}>{node}</span>)}</>;
}

const modal = () => host?.modal ?? Modal;
const notify = () => host?.notification ?? staticNotification;
const later = (fn: () => void) => setTimeout(fn, DIALOG_DELAY_MS);

/** The confirm dialog: resolves true on 'Confirmar', false on 'Cancelar' or close. */
export function confirmDialog(opts: { title: string; content?: React.ReactNode; okText?: string; cancelText?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    later(() => {
      modal().confirm({
        title: opts.title,
        content: opts.content,
        okText: opts.okText ?? CONFIRM_TEXT,
        cancelText: opts.cancelText ?? CANCEL_TEXT,
        okButtonProps: { danger: opts.danger },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  });
}

/**
 * A question with several answers (e.g. 'Abrir relatório' / 'Nova exportação'): resolves with the chosen
 * value, or null when the person dismisses it (Esc, the close button): dismissing never picks an answer.
 */
export function choiceDialog<T extends string>(opts: { title: string; content?: React.ReactNode; choices: { value: T; label: string; primary?: boolean }[] }): Promise<T | null> {
  return new Promise((resolve) => {
    later(() => {
      let settled = false;
      const settle = (v: T | null) => {
        if (settled) return;
        settled = true;
        resolve(v);
      };
      const instance = modal().confirm({
        title: opts.title,
        content: opts.content,
        closable: true,
        keyboard: true,
        onCancel: () => settle(null),
        footer: () => (
          <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
            {opts.choices.map((c) => (
              <Button
                key={c.value}
                type={c.primary ? 'primary' : 'default'}
                onClick={() => {
                  settle(c.value);
                  instance.destroy();
                }}
              >
                {c.label}
              </Button>
            ))}
          </Space>
        ),
      });
    });
  });
}

/** SPEC 5.6: the text-input dialog's own messages. */
export const textDialogMessages = {
  min: (n: number) => `Informe no mínimo ${n} caracteres!`,
  max: (n: number) => `Informe no máximo ${n} caracteres!`,
};

export function textDialogError(value: string, min?: number, max?: number): string | null {
  const len = value.trim().length;
  if (min !== undefined && len < min) return textDialogMessages.min(min);
  if (max !== undefined && len > max) return textDialogMessages.max(max);
  return null;
}

interface TextDialogProps {
  title: string;
  label?: string;
  initial?: string;
  min?: number;
  max?: number;
  onDone: (value: string | null) => void;
}

/** The text-input dialog as a component (rendered by textInputDialog, and usable inline). */
export function TextInputDialog({ title, label, initial = '', min, max, onDone }: TextDialogProps) {
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(false);
  const finish = (v: string | null) => {
    if (done.current) return;
    done.current = true;
    setOpen(false);
    onDone(v);
  };
  const submit = () => {
    const e = textDialogError(value, min, max);
    setError(e);
    if (!e) finish(value);
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={SAVE_TEXT}
      cancelText={CANCEL_TEXT}
      onOk={submit}
      onCancel={() => finish(null)}
      destroyOnHidden
    >
      {label ? <label htmlFor="dialogo-texto">{label}</label> : null}
      <Input id="dialogo-texto" autoFocus value={value} status={error ? 'error' : undefined} onChange={(e) => setValue(e.target.value)} onPressEnter={submit} />
      {error ? (
        <div role="alert" style={{ color: '#ff4d4f', marginTop: 4 }}>
          {error}
        </div>
      ) : null}
    </Modal>
  );
}

/** Opens the text-input dialog; resolves the text on 'Salvar', null on 'Cancelar'. */
export function textInputDialog(opts: Omit<TextDialogProps, 'onDone'>): Promise<string | null> {
  return new Promise((resolve) => {
    later(() => {
      const here = outlet;
      if (here) {
        const key = nextKey++;
        here.add(
          key,
          <TextInputDialog
            {...opts}
            onDone={(v) => {
              resolve(v);
              // Removed once the closing animation is over.
              setTimeout(() => here.remove(key), 500);
            }}
          />,
        );
        return;
      }
      // No host mounted (a page outside the app frame): a root of its own.
      const el = document.createElement('div');
      document.body.appendChild(el);
      const root = createRoot(el);
      root.render(
        <TextInputDialog
          {...opts}
          onDone={(v) => {
            resolve(v);
            // Unmounted once the closing animation is over.
            setTimeout(() => {
              root.unmount();
              el.remove();
            }, 500);
          }}
        />,
      );
    });
  });
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
  later(() => (kind === 'info' ? modal().info(props) : modal().warning(props)));
  return info;
}

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

/** Generic toast (SPEC 9: 4000 ms, bottom end). */
export function toast(kind: ToastKind, text: string, description?: string): void {
  notify()[kind]({ title: text, description, duration: TOAST_MS / 1000, placement: TOAST_PLACEMENT });
}
