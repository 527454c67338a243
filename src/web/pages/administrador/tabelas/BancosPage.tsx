import { Button, Card, Form, Input, Switch, Table } from 'antd';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

interface Banco {
  codigo: string;
  nome: string;
  ispb: string;
  ativo: boolean;
}

/** administrador/configuracoes/bancos (SPEC 2.8): the bank list (FEBRABAN code, name, ISPB); isAvanco edits. */
export default function BancosPage() {
  const { data, isLoading, mutate } = useSWR('Bancos', async () => (await api.get<Banco[]>('Bancos')).data);
  const [form] = Form.useForm<Banco>();
  const save = async (b: Banco) => {
    try {
      await api.put(`Bancos/${encodeURIComponent(b.codigo)}`, { nome: b.nome, ispb: b.ispb, ativo: b.ativo !== false });
      toast('success', `Banco ${b.codigo} salvo.`);
      form.resetFields();
      await mutate();
    } catch (err) {
      showError(err);
    }
  };
  return (
    <div className="bancos-page">
      <PageTitle>Bancos</PageTitle>
      <Card size="small" title="Incluir ou alterar banco" style={{ marginBottom: 16 }}>
        <Form form={form} layout="inline" onFinish={save} initialValues={{ ativo: true }}>
          <Form.Item name="codigo" label="Código FEBRABAN" rules={[{ required: true, message: 'Campo Obrigatório!' }, { pattern: /^\d{3}$/, message: 'Formato inválido!' }]}>
            <Input maxLength={3} style={{ width: 80 }} />
          </Form.Item>
          <Form.Item name="nome" label="Nome" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
            <Input maxLength={120} style={{ width: 280 }} />
          </Form.Item>
          <Form.Item name="ispb" label="ISPB" rules={[{ required: true, message: 'Campo Obrigatório!' }, { pattern: /^\d{8}$/, message: 'Formato inválido!' }]}>
            <Input maxLength={8} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="ativo" label="Ativo" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            Salvar
          </Button>
        </Form>
      </Card>
      <Table<Banco>
        rowKey="codigo"
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        onRow={(b) => ({ onClick: () => form.setFieldsValue(b) })}
        columns={[
          { title: 'Código', dataIndex: 'codigo', width: 90 },
          { title: 'Nome', dataIndex: 'nome' },
          { title: 'ISPB', dataIndex: 'ispb', width: 120 },
          { title: 'Ativo', dataIndex: 'ativo', width: 80, render: (v: boolean) => (v ? 'Sim' : 'Não') },
        ]}
      />
    </div>
  );
}
