import { Button, Card, Checkbox, Form, Input, Table } from 'antd';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

interface Versao {
  id: number;
  versao: string;
  url: string;
  notas: string | null;
  obrigatoria: boolean;
  data: string;
}

/** administrador/configuracoes/pdv-versao (SPEC 2.8): the POS versions published (isAvanco), newest first. */
export default function PdvVersaoPage() {
  const { data, isLoading, mutate } = useSWR('PdvVersoes', async () => (await api.get<Versao[]>('PdvVersoes')).data);
  const [form] = Form.useForm();
  const publicar = async (v: Record<string, unknown>) => {
    try {
      await api.post('PdvVersoes', v);
      toast('success', `Versão ${String(v.versao)} publicada.`);
      form.resetFields();
      await mutate();
    } catch (err) {
      showError(err);
    }
  };
  return (
    <div className="pdv-versao-page">
      <PageTitle>Versões do PDV</PageTitle>
      <Card size="small" title="Publicar versão" style={{ marginBottom: 16 }}>
        <Form form={form} layout="vertical" onFinish={publicar} style={{ maxWidth: 560 }}>
          <Form.Item name="versao" label="Versão" rules={[{ required: true, message: 'Campo Obrigatório!' }, { pattern: /^\d{1,4}\.\d{1,4}\.\d{1,4}$/, message: 'Formato inválido!' }]}>
            <Input placeholder="1.2.3" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="url" label="Endereço do instalador" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="notas" label="Notas da versão">
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
          <Form.Item name="obrigatoria" valuePropName="checked">
            <Checkbox>Atualização obrigatória</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit">
            Publicar
          </Button>
        </Form>
      </Card>
      <Table<Versao>
        rowKey="id"
        size="small"
        loading={isLoading}
        pagination={false}
        dataSource={data ?? []}
        columns={[
          { title: 'Versão', dataIndex: 'versao', width: 100 },
          { title: 'Publicada em', dataIndex: 'data', width: 120 },
          { title: 'Obrigatória', dataIndex: 'obrigatoria', width: 110, render: (v: boolean) => (v ? 'Sim' : 'Não') },
          { title: 'Notas', dataIndex: 'notas' },
          { title: 'Instalador', dataIndex: 'url', render: (u: string) => <a href={u} target="_blank" rel="noopener noreferrer">{u}</a> },
        ]}
      />
    </div>
  );
}
