import { KeyOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, App, Button, DatePicker, Drawer, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { getUser, may } from '../../../api/session.ts';
import { confirmDialog, showError } from '../../../dialogs/dialogs.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { PermissionMatrixInput, type PermissionMap } from '../../../renderer/widgets/PermissionMatrix.tsx';

type Row = Record<string, any>;
const dataHora = (v: string | null) => (v ? dayjs(v).format('DD/MM/YYYY HH:mm') : '—');
const COR: Record<string, string> = { ativa: 'green', revogada: 'red', expirada: 'default' };

/** pages/configuracoes/apikey: the account's API keys; a new key's secret is shown once, in a modal. */
export default function ChavesApiPage() {
  const { message } = App.useApp();
  const { data, mutate, isLoading } = useSWR<Row[]>('ChavesApi', async () => (await api.get<Row[]>('ChavesApi')).data);
  const [criando, setCriando] = useState(false);
  const [segredo, setSegredo] = useState<string | null>(null);
  const [salvando, setSalvando] = useState(false);
  const [escopos, setEscopos] = useState<PermissionMap>({});
  const [form] = Form.useForm();
  const pode = may(getUser(), 'app.integracao', 'change');

  const salvar = async (v: Row) => {
    setSalvando(true);
    try {
      const r = (await api.post<Row>('ChavesApi', { nome: v.nome, escopos, expiraEm: v.expiraEm ? v.expiraEm.format('YYYY-MM-DD') : null, limitePorMinuto: v.limitePorMinuto ?? null })).data;
      setCriando(false);
      form.resetFields();
      setEscopos({});
      setSegredo(r.token);
      await mutate();
    } catch (e) {
      showError(e);
    } finally {
      setSalvando(false);
    }
  };
  const revogar = async (r: Row) => {
    if (!(await confirmDialog({ title: 'Revogar chave de API', content: `Revogar a chave "${r.nome}"? Os sistemas que a usam deixam de ter acesso imediatamente.`, okText: 'Revogar', danger: true }))) return;
    try {
      await api.post(`ChavesApi/${r.id}/revogar`);
      message.success('Chave revogada.');
      await mutate();
    } catch (e) {
      showError(e);
    }
  };

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <PageTitle>Chaves de API</PageTitle>
        {pode && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCriando(true)}>
            Nova chave
          </Button>
        )}
      </Space>
      <Typography.Paragraph type="secondary">
        Envie a chave no cabeçalho <Typography.Text code>Authorization: ApiKey &lt;chave&gt;</Typography.Text> de cada requisição. A chave tem no máximo as permissões de quem a criou.
      </Typography.Paragraph>
      <Table<Row>
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: 'Nenhuma chave de API criada.' }}
        columns={[
          { key: 'nome', title: 'Nome', dataIndex: 'nome' },
          { key: 'prefixo', title: 'Início da chave', dataIndex: 'prefixo', render: (p: string) => <Typography.Text code>{p}…</Typography.Text> },
          { key: 'escopos', title: 'Permissões', render: (_, r) => Object.keys(r.escopos ?? {}).length },
          { key: 'expiraEm', title: 'Expira em', render: (_, r) => (r.expiraEm ? dayjs(r.expiraEm).format('DD/MM/YYYY') : 'Não expira') },
          { key: 'uso', title: 'Último uso', render: (_, r) => (r.ultimoUsoEm ? `${dataHora(r.ultimoUsoEm)} (${r.ultimoUsoIp})` : 'Nunca usada') },
          { key: 'situacao', title: 'Situação', render: (_, r) => <Tag color={COR[r.situacao]}>{r.situacao === 'ativa' ? 'Ativa' : r.situacao === 'revogada' ? 'Revogada' : 'Expirada'}</Tag> },
          {
            key: 'acoes',
            title: 'Ações',
            render: (_, r) =>
              pode && r.situacao === 'ativa' ? (
                <Button size="small" danger icon={<StopOutlined />} onClick={() => revogar(r)}>
                  Revogar
                </Button>
              ) : null,
          },
        ]}
      />
      <Drawer title="Nova chave de API" open={criando} width={760} onClose={() => setCriando(false)} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={salvar} initialValues={{ limitePorMinuto: 120 }}>
          <Form.Item name="nome" label="Nome" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
            <Input maxLength={80} placeholder="Ex.: Loja virtual" />
          </Form.Item>
          <Space>
            <Form.Item name="expiraEm" label="Expira em">
              <DatePicker format="DD/MM/YYYY" disabledDate={(d) => d.isBefore(dayjs().add(1, 'day').startOf('day'))} />
            </Form.Item>
            <Form.Item name="limitePorMinuto" label="Limite de requisições por minuto">
              <InputNumber min={1} max={6000} />
            </Form.Item>
          </Space>
          <Form.Item label="Permissões da chave" required>
            <PermissionMatrixInput id="escopos" value={escopos} onChange={setEscopos} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={salvando} icon={<KeyOutlined />}>
            Criar chave
          </Button>
        </Form>
      </Drawer>
      <Modal title="Chave de API criada" open={!!segredo} onCancel={() => setSegredo(null)} footer={<Button type="primary" onClick={() => setSegredo(null)}>Já copiei a chave</Button>}>
        <Alert type="warning" showIcon message="Copie a chave agora: ela não será exibida novamente." style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: segredo ?? '' }}>
          <Typography.Text code data-testid="segredo-chave">
            {segredo}
          </Typography.Text>
        </Typography.Paragraph>
      </Modal>
    </div>
  );
}
