import { KeyOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Drawer, Form, Input, InputNumber, Modal, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { confirmDialog } from '../../../dialogs/dialogs.tsx';
import { ListTable } from '../../../ui/ListTable.tsx';
import { PermissionMatrixInput, type PermissionMap } from '../../../renderer/widgets/PermissionMatrix.tsx';
import { CabecalhoIntegracao, podeIntegrar, useAcoesIntegracao } from './integracao-tela.tsx';

type Row = Record<string, any>;
const dataHora = (v: string | null) => (v ? dayjs(v).format('DD/MM/YYYY HH:mm') : '—');
const COR: Record<string, string> = { ativa: 'green', revogada: 'red', expirada: 'default' };

/** pages/configuracoes/apikey: the account's API keys; a new key's secret is shown once, in a modal. */
export default function ChavesApiPage() {
  const lista = useSWR<Row[]>('ChavesApi', async () => (await api.get<Row[]>('ChavesApi')).data);
  const [criando, setCriando] = useState(false);
  const [segredo, setSegredo] = useState<string | null>(null);
  const [escopos, setEscopos] = useState<PermissionMap>({});
  const [form] = Form.useForm();
  const pode = podeIntegrar();
  const { salvando, salvar: enviar, acao } = useAcoesIntegracao(lista.mutate);

  const salvar = (v: Row) =>
    enviar(async () => {
      const r = (await api.post<Row>('ChavesApi', { nome: v.nome, escopos, expiraEm: v.expiraEm ? v.expiraEm.format('YYYY-MM-DD') : null, limitePorMinuto: v.limitePorMinuto ?? null })).data;
      setCriando(false);
      form.resetFields();
      setEscopos({});
      setSegredo(r.token);
      await lista.mutate();
    });
  const revogar = async (r: Row) => {
    if (!(await confirmDialog({ title: 'Revogar chave de API', content: `Revogar a chave "${r.nome}"? Os sistemas que a usam deixam de ter acesso imediatamente.`, okText: 'Revogar', danger: true }))) return;
    await acao(() => api.post(`ChavesApi/${r.id}/revogar`), 'Chave revogada.');
  };

  return (
    <div>
      <CabecalhoIntegracao titulo="Chaves de API" novo="Nova chave" onNovo={() => setCriando(true)} pode={pode}>
        Envie a chave no cabeçalho <Typography.Text code>Authorization: ApiKey &lt;chave&gt;</Typography.Text> de cada requisição. A chave tem no máximo as permissões de quem a criou.
      </CabecalhoIntegracao>
      <ListTable<Row>
        size="large"
        list={lista}
        empty="Nenhuma chave de API criada."
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
