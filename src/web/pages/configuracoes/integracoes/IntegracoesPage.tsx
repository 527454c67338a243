import { EditOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Form, Input, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import useSWR, { mutate as mutateGlobal } from 'swr';
import { api } from '../../../api/client.ts';
import { getUser, may } from '../../../api/session.ts';
import { showError } from '../../../dialogs/dialogs.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { USER_INFO_KEY } from '../../../shell/user-info.ts';

type Row = Record<string, any>;
const paraTexto = (c: Record<string, string>) => Object.entries(c ?? {}).map(([k, v]) => `${k}=${v}`).join('\n');
const deTexto = (t: string) => Object.fromEntries((t ?? '').split('\n').map((l) => l.trim()).filter(Boolean).map((l) => [l.split('=')[0].trim(), l.slice(l.indexOf('=') + 1).trim()]));

/** pages/configuracoes/integracoes: the external systems of SPEC 3.2, switched on and configured per branch. */
export default function IntegracoesPage() {
  const { message } = App.useApp();
  const { data, mutate, isLoading } = useSWR<Row[]>('Integracoes', async () => (await api.get<Row[]>('Integracoes')).data);
  const [editando, setEditando] = useState<Row | null>(null);
  const [form] = Form.useForm();
  const pode = may(getUser(), 'app.integracao', 'change');

  const salvar = async (v: Row) => {
    try {
      await api.put(`Integracoes/${editando!.sistema}`, { ativo: !!v.ativo, identificador: v.identificador, configuracao: deTexto(v.configuracao) });
      message.success('Integração salva.');
      setEditando(null);
      await mutate();
      await mutateGlobal(USER_INFO_KEY);
    } catch (e) {
      showError(e);
    }
  };

  return (
    <div>
      <PageTitle>Integrações</PageTitle>
      <Typography.Paragraph type="secondary">Sistemas externos ligados à filial selecionada.</Typography.Paragraph>
      <Table<Row>
        rowKey="sistema"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { key: 'nome', title: 'Sistema', render: (_, r) => <span>{r.nome} <Typography.Text type="secondary">— {r.descricao}</Typography.Text></span> },
          { key: 'identificador', title: 'Identificador', render: (_, r) => r.identificador ?? '—' },
          { key: 'ativo', title: 'Situação', render: (_, r) => (r.ativo ? <Tag color="green">Ativa</Tag> : <Tag>Inativa</Tag>) },
          {
            key: 'acoes',
            title: 'Ações',
            render: (_, r) =>
              pode ? (
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => {
                    setEditando(r);
                    form.setFieldsValue({ ativo: r.ativo, identificador: r.identificador, configuracao: paraTexto(r.configuracao) });
                  }}
                >
                  Configurar
                </Button>
              ) : null,
          },
        ]}
      />
      <Drawer title={editando ? `Integração: ${editando.nome}` : ''} open={!!editando} width={520} onClose={() => setEditando(null)} forceRender>
        <Form form={form} layout="vertical" onFinish={salvar}>
          <Form.Item name="ativo" label="Ativa" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="identificador" label="Identificador da conta no sistema" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="configuracao" label="Configurações (uma por linha, nome=valor)">
            <Input.TextArea rows={5} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            Salvar
          </Button>
        </Form>
      </Drawer>
    </div>
  );
}
