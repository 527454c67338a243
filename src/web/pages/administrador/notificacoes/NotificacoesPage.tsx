import { SendOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../../api/client.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { FIELD_MESSAGES } from '../../../../shared/messages.ts';

export interface NotificacaoGeral {
  tipo: 'info' | 'success' | 'warning';
  texto: string;
  link?: string;
  permiteExcluir: boolean;
}

/** SPEC 3 'Alert': the three tipos, with the labels the notifications dropdown uses. */
export const TIPOS = [
  { value: 'info', label: 'Informação' },
  { value: 'success', label: 'Sucesso' },
  { value: 'warning', label: 'Aviso' },
] as const;

export const TEXTO_MAX = 500;

/**
 * administrador/configuracoes/notificacoes: a 'geral' alert to every active user of the brand (POST
 * Alerta/geral, SPEC 7.4); it reaches open pages at once through the realtime 'alerta' event.
 */
export default function NotificacoesPage() {
  const [form] = Form.useForm<NotificacaoGeral>();
  const [sending, setSending] = useState(false);
  const send = async (v: NotificacaoGeral) => {
    setSending(true);
    try {
      const body = { tipo: v.tipo, texto: v.texto.trim(), link: v.link?.trim() || null, permiteExcluir: !!v.permiteExcluir };
      const r = await api.post<{ count: number }>('Alerta/geral', body);
      const n = r.data.count;
      toast('success', n === 1 ? 'Notificação enviada para 1 usuário.' : `Notificação enviada para ${n} usuários.`);
      form.resetFields();
    } catch (err) {
      showError(err);
    } finally {
      setSending(false);
    }
  };
  return (
    <div>
      <Typography.Title level={3}>Notificações</Typography.Title>
      <Card title="Enviar notificação para todos os usuários da marca" style={{ maxWidth: 720 }}>
        <Form<NotificacaoGeral> form={form} layout="vertical" initialValues={{ tipo: 'info', permiteExcluir: true }} onFinish={send} requiredMark>
          <Form.Item name="tipo" label="Tipo" rules={[{ required: true, message: FIELD_MESSAGES.required }]}>
            <Select options={TIPOS.map((t) => ({ ...t }))} />
          </Form.Item>
          <Form.Item name="texto" label="Texto" rules={[{ required: true, whitespace: true, message: FIELD_MESSAGES.required }, { max: TEXTO_MAX, message: FIELD_MESSAGES.maxLength(TEXTO_MAX) }]}>
            <Input.TextArea rows={4} showCount maxLength={TEXTO_MAX} />
          </Form.Item>
          <Form.Item name="link" label="Link (opcional)" extra="Rota do sistema aberta ao clicar, por exemplo pages/vendas/clientes.">
            <Input />
          </Form.Item>
          <Form.Item name="permiteExcluir" valuePropName="checked">
            <Checkbox>O usuário pode excluir a notificação</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending}>
            Enviar
          </Button>
        </Form>
      </Card>
    </div>
  );
}
