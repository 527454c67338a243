import type { ReactNode } from 'react';
import { warningDialog } from '../dialogs/dialogs.tsx';

/** A themed warning dialog (SPEC 8), opened after the usual dialog delay; resolves when closed. */
export function useWarning() {
  return (title: string, content: ReactNode) => warningDialog(title, content);
}
