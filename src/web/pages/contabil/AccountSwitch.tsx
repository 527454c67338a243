import { Modal, Radio, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { showError } from '../../dialogs/dialogs.tsx';
import { trocarConta } from './trocar-conta.ts';

interface Conta {
  contaId: number;
  nome: string;
  atual: boolean;
}

/**
 * User menu 'Trocar de conta' (issue 37): the accountant's client accounts; the chosen one becomes the session's
 * account (the branch switch of SPEC 2.7 extended to accounts), the page reloading inside it on the same screen.
 */
export function AccountSwitch({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [contas, setContas] = useState<Conta[] | null>(null);
  const [escolha, setEscolha] = useState<number | undefined>();
  const [trocando, setTrocando] = useState(false);
  useEffect(() => {
    if (!open) return;
    setContas(null);
    api
      .get<Conta[]>('contabil/clientes')
      .then((r) => {
        setContas(r.data);
        setEscolha(r.data.find((c) => c.atual)?.contaId);
      })
      .catch((err) => {
        showError(err);
        onClose();
      });
  }, [open]);
  const ok = async () => {
    const atual = contas?.find((c) => c.atual)?.contaId;
    if (!escolha || escolha === atual) return onClose();
    setTrocando(true);
    try {
      await trocarConta(escolha, window.location.hash.replace(/^#/, '') || undefined);
    } catch (err) {
      showError(err);
      setTrocando(false);
    }
  };
  return (
    <Modal open={open} title="Trocar de conta" okText="Entrar" cancelText="Cancelar" onOk={ok} onCancel={onClose} confirmLoading={trocando} destroyOnHidden>
      {contas === null ? (
        <Spin />
      ) : (
        <Radio.Group data-testid="trocar-conta-lista" value={escolha} onChange={(e) => setEscolha(e.target.value)}>
          <Space direction="vertical">
            {contas.map((c) => (
              <Radio key={c.contaId} value={c.contaId}>
                {`${c.nome}${c.atual ? ' (atual)' : ''}`}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
      {contas?.length === 1 ? <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>Você atende uma conta.</Typography.Paragraph> : null}
    </Modal>
  );
}
