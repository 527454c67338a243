import { App, Button, Input, Modal, Space, notification as staticNotification } from 'antd';
import type { ModalFuncProps } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { CANCEL_TEXT, CONFIRM_TEXT, SAVE_TEXT, TOAST_MS, TOAST_PLACEMENT, textDialogError, type ToastKind } from './dialog-texts.ts';

// The dialogs' and toasts' code (antd's Modal, notification and App): loaded by dialogs.tsx on the first
// dialog or toast, so the sign-in page does not carry it.

type AppApi = ReturnType<typeof App.useApp>;
let host: AppApi | null = null;
/** Dialogs of our own (the text-input dialog) are drawn by the host too, so they get the brand's theme and locale. */
let outlet: { add: (key: number, node: ReactNode) => void; remove: (key: number) => void } | null = null;
let nextKey = 1;
let hostWaiters: (() => void)[] = [];

function Bridge() {
  const api = App.useApp();
  const [extra, setExtra] = useState<[number, ReactNode][]>([]);
  useEffect(() => {
    host = api;
    const mine = {
      add: (key: number, node: ReactNode) => setExtra((l) => [...l, [key, node]]),
      remove: (key: number) => setExtra((l) => l.filter(([k]) => k !== key)),
    };
    outlet = mine;
    for (const w of hostWaiters.splice(0)) w();
    return () => {
      if (host === api) host = null;
      if (outlet === mine) outlet = null;
    };
  }, [api]);
  return <>{extra.map(([k, node]) => <span key={k}>{node}</span>)}</>;
}

/** Drawn by DialogHost (inside the app's ConfigProvider) once the first dialog or toast is asked for. */
export function Host() {
  return (
    <App component={false} notification={{ placement: TOAST_PLACEMENT }}>
      <Bridge />
    </App>
  );
}

/** Resolves once the host is mounted (at once when it already is). */
export function hostReady(): Promise<void> {
  return host ? Promise.resolve() : new Promise((resolve) => hostWaiters.push(resolve));
}

export const modal = () => host?.modal ?? Modal;
const notify = () => host?.notification ?? staticNotification;

export function openConfirm(opts: { title: string; content?: React.ReactNode; okText?: string; cancelText?: string; danger?: boolean }, resolve: (ok: boolean) => void) {
  modal().confirm({
    title: opts.title,
    content: opts.content,
    okText: opts.okText ?? CONFIRM_TEXT,
    cancelText: opts.cancelText ?? CANCEL_TEXT,
    okButtonProps: { danger: opts.danger },
    onOk: () => resolve(true),
    onCancel: () => resolve(false),
  });
}

export function openChoice<T extends string>(opts: { title: string; content?: React.ReactNode; choices: { value: T; label: string; primary?: boolean }[] }, resolve: (v: T | null) => void) {
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
}

export interface TextDialogProps {
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

export function openTextInput(opts: Omit<TextDialogProps, 'onDone'>, resolve: (v: string | null) => void) {
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
}

export function openModal(kind: 'info' | 'warning', props: ModalFuncProps) {
  return kind === 'info' ? modal().info(props) : modal().warning(props);
}

export function showToast(kind: ToastKind, text: string, description?: string) {
  notify()[kind]({ title: text, description, duration: TOAST_MS / 1000, placement: TOAST_PLACEMENT });
}
