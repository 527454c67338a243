import { Button, Form, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { toApiError } from '../api/errors.ts';
import { showError, toast } from '../dialogs/dialogs.tsx';
import { useAuthNavigate } from './auth-nav.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { t } from './messages.ts';
import { LOGIN } from './session-flow.ts';
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

  const onSubmit = async () => {
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
      <Typography.Title level={3} className="auth-title">
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 24 }}>
        {lead}
      </Typography.Paragraph>
      <Form layout="vertical" requiredMark={false} onFinish={onSubmit} noValidate>
        {children}
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Button type="primary" htmlType="submit" size="large" block disabled={sending || invalid}>
            {sending ? t('comum.carregando') : submitLabel}
          </Button>
          <Button size="large" block onClick={() => slide(LOGIN, 'back')}>
            {t('comum.cancelar')}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
