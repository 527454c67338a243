import { useState, type FormEvent, type ReactNode } from 'react';
import { toApiError } from '../api/errors.ts';
import { showError, toast } from '../dialogs/dialogs.tsx';
import { useAuthNavigate } from './auth-nav.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { t } from './messages.ts';
import { LOGIN } from './session-flow.ts';
import { Button } from './ui.tsx';
import { useWarning } from './use-warning.ts';

export interface AuthStepFormProps {
  title: string;
  lead: string;
  submitLabel: string;
  /** The fields hold an error: the button stays off. */
  invalid: boolean;
  send: () => Promise<unknown>;
  /** Toast once the server accepted; then back to the login. */
  done: string;
  /** The answer the screen explains itself (SPEC 8), as a warning instead of the generic error. */
  refused: { status: number; message: string };
  children: ReactNode;
}

/** One request of the auth area that leads back to the login (recovery e-mail, new password): heading, fields, confirm and cancel. */
export function AuthStepForm({ title, lead, submitLabel, invalid, send, done, refused, children }: AuthStepFormProps) {
  const slide = useAuthNavigate();
  const warn = useWarning();
  const [sending, setSending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid || sending) return;
    setSending(true);
    try {
      await send();
      toast('success', done);
      slide(LOGIN, 'back');
    } catch (err) {
      setSending(false);
      if (toApiError(err).status === refused.status) void warn(t('comum.atencao'), refused.message);
      else showError(err);
    }
  };

  return (
    <div>
      <BrandLogo />
      <h3 className="ant-typography auth-title">{title}</h3>
      <div className="ant-typography ant-typography-secondary auth-lead">{lead}</div>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {children}
        <div className="auth-stack">
          <Button kind="primary" type="submit" block disabled={sending || invalid}>
            {sending ? t('comum.carregando') : submitLabel}
          </Button>
          <Button block onClick={() => slide(LOGIN, 'back')}>
            {t('comum.cancelar')}
          </Button>
        </div>
      </form>
    </div>
  );
}
