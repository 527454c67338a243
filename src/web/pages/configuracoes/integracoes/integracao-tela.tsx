import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { getUser, may } from '../../../api/session.ts';
import { showError } from '../../../dialogs/dialogs.tsx';
import { useOcupado } from '../../../dialogs/use-ocupado.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';

/** Who may change the account's integrations (API keys, webhooks). */
export const podeIntegrar = () => may(getUser(), 'app.integracao', 'change');

/**
 * The sends of an integration screen: `salvar` marks the form busy while it runs, `acao` tells `ok` and reads the
 * list again when it worked; a failure is shown in the error dialog either way.
 */
export function useAcoesIntegracao(mutate: () => Promise<unknown>) {
  const { message } = App.useApp();
  const { ocupado: salvando, ocupar: salvar } = useOcupado();
  const acao = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      message.success(ok);
      await mutate();
    } catch (e) {
      showError(e);
    }
  };
  return { message, salvando, salvar, acao };
}

/** The head of an integration screen: its title, the "new" button for who may change it, and what it is for. */
export function CabecalhoIntegracao({ titulo, novo, onNovo, pode, children }: { titulo: string; novo: string; onNovo: () => void; pode: boolean; children: ReactNode }) {
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <PageTitle>{titulo}</PageTitle>
        {pode && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onNovo}>
            {novo}
          </Button>
        )}
      </Space>
      <Typography.Paragraph type="secondary">{children}</Typography.Paragraph>
    </>
  );
}
