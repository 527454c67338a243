import { Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../api/client.ts';
import { showError, toast } from '../dialogs/dialogs.tsx';

interface Pendente {
  pesquisa: { id: number; pergunta: string } | null;
}

const NOTAS = Array.from({ length: 11 }, (_, i) => i);

/**
 * The brand's NPS survey (SPEC 2.8 nps), shown inside the app at most once per period: answering or closing
 * it is recorded, and the server does not offer it again to this user until the period ends.
 */
export function NpsModal({ enabled = true }: { enabled?: boolean }) {
  const { data, mutate } = useSWR<Pendente>(enabled ? 'Nps/pendente' : null, async () => (await api.get<Pendente>('Nps/pendente')).data, { revalidateOnFocus: false });
  const [nota, setNota] = useState<number | null>(null);
  const [comentario, setComentario] = useState('');
  const [busy, setBusy] = useState(false);
  const pesquisa = data?.pesquisa;
  if (!enabled || !pesquisa) return null;

  const send = async (body: Record<string, unknown>, done?: string) => {
    setBusy(true);
    try {
      await api.post('Nps/respostas', { pesquisaId: pesquisa.id, ...body });
      if (done) toast('success', done);
    } catch (err) {
      if (done) showError(err);
    } finally {
      setBusy(false);
      await mutate({ pesquisa: null }, { revalidate: false });
    }
  };

  return (
    <Modal
      open
      title="Sua opinião"
      className="nps-modal"
      maskClosable={false}
      onCancel={() => send({ dispensada: true })}
      footer={[
        <Button key="depois" onClick={() => send({ dispensada: true })} disabled={busy}>
          Agora não
        </Button>,
        <Button key="enviar" type="primary" disabled={nota === null} loading={busy} onClick={() => send({ nota, comentario: comentario.trim() || undefined }, 'Obrigado pela sua resposta!')}>
          Enviar
        </Button>,
      ]}
    >
      <Typography.Paragraph>{pesquisa.pergunta}</Typography.Paragraph>
      <Space wrap size={4} role="radiogroup" aria-label="Nota de 0 a 10">
        {NOTAS.map((n) => (
          <Button key={n} role="radio" aria-checked={nota === n} type={nota === n ? 'primary' : 'default'} onClick={() => setNota(n)} style={{ minWidth: 40 }}>
            {n}
          </Button>
        ))}
      </Space>
      <div style={{ display: 'flex', justifyContent: 'space-between', margin: '4px 0 12px' }}>
        <Typography.Text type="secondary">Nada provável</Typography.Text>
        <Typography.Text type="secondary">Muito provável</Typography.Text>
      </div>
      <label htmlFor="nps-comentario">Comentário (opcional)</label>
      <Input.TextArea id="nps-comentario" rows={3} maxLength={1000} value={comentario} onChange={(e) => setComentario(e.target.value)} />
    </Modal>
  );
}
