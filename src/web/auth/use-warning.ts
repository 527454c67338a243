import { App } from 'antd';
import type { ReactNode } from 'react';
import { DIALOG_DELAY_MS } from '../dialogs/dialogs.tsx';

/** A themed warning dialog (SPEC 8), opened after the usual dialog delay; resolves when closed. */
export function useWarning() {
  const { modal } = App.useApp();
  return (title: string, content: ReactNode) =>
    new Promise<void>((resolve) => {
      setTimeout(() => {
        modal.warning({ title, content, okText: 'OK', onOk: () => resolve(), onCancel: () => resolve() });
      }, DIALOG_DELAY_MS);
    });
}
