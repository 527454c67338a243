/** SPEC 9: dialogs open after 200 ms (so a closing one finishes first); toasts last 4000 ms at the bottom end. */
export const DIALOG_DELAY_MS = 200;
export const TOAST_MS = 4000;
export const TOAST_PLACEMENT = 'bottomRight' as const;

export const CONFIRM_TEXT = 'Confirmar';
export const CANCEL_TEXT = 'Cancelar';
export const SAVE_TEXT = 'Salvar';
export const ERROR_TITLE = 'Atenção!';
export const ERROR_TEXT = 'Não foi possível realizar esta ação.';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

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
