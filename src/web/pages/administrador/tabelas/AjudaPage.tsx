import { Button, Card, Form, Input, Popconfirm, Select, Table } from 'antd';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { ROUTE_DOCS } from '../../../shell/menus.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';

interface Artigo {
  id: number;
  rota: string;
  titulo: string;
  conteudo: string;
  data?: string;
}

const TELAS = ROUTE_DOCS.filter((r) => !r.path.includes(':') && !r.path.startsWith('administrador') && !r.path.startsWith('auth')).map((r) => ({ value: r.path, label: `${(r as { title?: string }).title ?? r.path} (${r.path})` }));

/** administrador/configuracoes/ajuda (SPEC 2.8): one help article per screen; the '?' of the page header opens it. */
export default function AjudaPage() {
  const { data, isLoading, mutate } = useSWR('Ajuda', async () => (await api.get<Artigo[]>('Ajuda')).data);
  const [form] = Form.useForm<Artigo>();
  const salvar = async (a: Artigo) => {
    try {
      await api.put('Ajuda', a);
      toast('success', 'Artigo salvo.');
      form.resetFields();
      await mutate();
    } catch (err) {
      showError(err);
    }
  };
  const excluir = async (a: Artigo) => {
    try {
      await api.delete(`Ajuda/${a.id}`);
      await mutate();
    } catch (err) {
      showError(err);
    }
  };
  return (
    <div className="ajuda-page">
      <PageTitle>Ajuda</PageTitle>
      <Card size="small" title="Artigo de uma tela" style={{ marginBottom: 16 }}>
        <Form form={form} layout="vertical" onFinish={salvar} style={{ maxWidth: 720 }}>
          <Form.Item name="rota" label="Tela" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
            <Select showSearch optionFilterProp="label" options={TELAS} />
          </Form.Item>
          <Form.Item name="titulo" label="Título" rules={[{ required: true, message: 'Campo Obrigatório!' }, { min: 3, message: 'Mínimo 3 caracteres!' }]}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="conteudo" label="Texto" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
            <Input.TextArea rows={6} maxLength={20000} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            Salvar artigo
          </Button>
        </Form>
      </Card>
      <Table<Artigo>
        rowKey="id"
        size="small"
        loading={isLoading}
        pagination={false}
        dataSource={data ?? []}
        locale={{ emptyText: 'Nenhum artigo escrito.' }}
        onRow={(a) => ({ onClick: () => form.setFieldsValue(a) })}
        columns={[
          { title: 'Tela', dataIndex: 'rota' },
          { title: 'Título', dataIndex: 'titulo' },
          { title: 'Atualizado em', dataIndex: 'data', width: 130 },
          {
            title: '',
            width: 90,
            render: (_: unknown, a: Artigo) => (
              <Popconfirm title="Excluir este artigo?" okText="Confirmar" cancelText="Cancelar" onConfirm={() => excluir(a)}>
                <Button size="small" danger onClick={(e) => e.stopPropagation()}>
                  Excluir
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </div>
  );
}
