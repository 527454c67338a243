import { DeleteOutlined, KeyOutlined, RedoOutlined, SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Form, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { confirmDialog } from '../../../dialogs/dialogs.tsx';
import { ListTable } from '../../../ui/ListTable.tsx';
import { CabecalhoIntegracao, podeIntegrar, useAcoesIntegracao } from './integracao-tela.tsx';

type Row = Record<string, any>;
const dataHora = (v: string | null) => (v ? dayjs(v).format('DD/MM/YYYY HH:mm:ss') : '—');
const STATUS: Record<string, { cor: string; texto: string }> = {
  pendente: { cor: 'gold', texto: 'Pendente' },
  entregue: { cor: 'green', texto: 'Entregue' },
  falhou: { cor: 'red', texto: 'Falhou' },
  cancelada: { cor: 'default', texto: 'Cancelada' },
};

/** One endpoint's delivery log: each event, its status and attempts; replay; the attempts' requests and answers. */
function LogEntregas({ endpoint, pode }: { endpoint: Row; pode: boolean }) {
  const entregas = useSWR<Row[]>(`Webhooks/${endpoint.id}/entregas`, async (u: string) => (await api.get<Row[]>(u)).data, { refreshInterval: 2000 });
  const { acao } = useAcoesIntegracao(entregas.mutate);
  const [tentativas, setTentativas] = useState<Row[] | null>(null);
  return (
    <>
      <ListTable<Row>
        list={entregas}
        empty="Nenhuma entrega ainda."
        columns={[
          { key: 'criadaEm', title: 'Data', render: (_, r) => dataHora(r.criadaEm) },
          { key: 'tipo', title: 'Evento', dataIndex: 'tipo' },
          { key: 'status', title: 'Situação', render: (_, r) => <Tag color={STATUS[r.status]?.cor}>{STATUS[r.status]?.texto ?? r.status}</Tag> },
          { key: 'http', title: 'HTTP', render: (_, r) => r.ultimoStatus ?? (r.erro ? 'erro' : '—') },
          { key: 'tentativas', title: 'Tentativas', dataIndex: 'tentativas' },
          { key: 'duracao', title: 'Tempo', render: (_, r) => (r.duracaoMs != null ? `${r.duracaoMs} ms` : '—') },
          {
            key: 'acoes',
            title: 'Ações',
            render: (_, r) => (
              <Space>
                <Button size="small" icon={<UnorderedListOutlined />} onClick={async () => setTentativas((await api.get<Row[]>(`WebhookEntregas/${r.id}/tentativas`)).data)}>
                  Detalhes
                </Button>
                {pode && (
                  <Button
                    size="small"
                    icon={<RedoOutlined />}
                    onClick={() => acao(() => api.post(`WebhookEntregas/${r.id}/reenviar`), 'Entrega reenviada para a fila.')}
                  >
                    Reenviar
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drawer title="Tentativas de entrega" open={!!tentativas} width={720} onClose={() => setTentativas(null)}>
        {(tentativas ?? []).map((t) => (
          <Descriptions key={t.numero} bordered size="small" column={1} style={{ marginBottom: 16 }} title={`Tentativa ${t.numero} — ${dataHora(t.em)}`}>
            <Descriptions.Item label="URL">{t.url}</Descriptions.Item>
            <Descriptions.Item label="Resposta HTTP">{t.status ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Tempo">{t.duracaoMs} ms</Descriptions.Item>
            {t.erro && <Descriptions.Item label="Erro">{t.erro}</Descriptions.Item>}
            <Descriptions.Item label="Cabeçalhos enviados">
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{Object.entries(t.cabecalhos).map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
            </Descriptions.Item>
            <Descriptions.Item label="Corpo enviado">
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap', maxHeight: 200, overflow: 'auto' }}>{t.corpo}</pre>
            </Descriptions.Item>
            <Descriptions.Item label="Resposta">
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{t.resposta ?? ''}</pre>
            </Descriptions.Item>
          </Descriptions>
        ))}
      </Drawer>
    </>
  );
}

/** pages/configuracoes/webhook: endpoints (Standard Webhooks), their events, test event and delivery log. */
export default function WebhooksPage() {
  const lista = useSWR<Row[]>('Webhooks', async () => (await api.get<Row[]>('Webhooks')).data);
  const { data: catalogo } = useSWR<{ tipo: string; descricao: string }[]>('Webhooks/eventos', async () => (await api.get('Webhooks/eventos')).data);
  const [novo, setNovo] = useState(false);
  const [form] = Form.useForm();
  const pode = podeIntegrar();
  const { message, salvando, salvar: enviar, acao } = useAcoesIntegracao(lista.mutate);

  const salvar = (v: Row) =>
    enviar(async () => {
      await api.post('Webhooks', { url: v.url, descricao: v.descricao || null, eventos: v.eventos });
      message.success('Webhook cadastrado.');
      setNovo(false);
      form.resetFields();
      await lista.mutate();
    });

  return (
    <div>
      <CabecalhoIntegracao titulo="Webhooks" novo="Novo webhook" onNovo={() => setNovo(true)} pode={pode}>
        Cada evento é enviado por POST em JSON, assinado conforme o padrão Standard Webhooks (cabeçalhos webhook-id, webhook-timestamp e webhook-signature). Falhas são reenviadas por até cerca de 3 dias; uma resposta 410 desativa o webhook.
      </CabecalhoIntegracao>
      <ListTable<Row>
        size="large"
        list={lista}
        empty="Nenhum webhook cadastrado."
        expandable={{ expandedRowRender: (r) => <LogEntregas endpoint={r} pode={pode} />, expandRowByClick: false }}
        columns={[
          { key: 'url', title: 'URL', render: (_, r) => <span>{r.url}{r.descricao ? <Typography.Text type="secondary"> — {r.descricao}</Typography.Text> : null}</span> },
          { key: 'eventos', title: 'Eventos', render: (_, r) => r.eventos.join(', ') },
          {
            key: 'segredo',
            title: 'Segredo de assinatura',
            render: (_, r) =>
              r.segredo ? (
                <Space direction="vertical" size={0}>
                  <Typography.Text copyable={{ text: r.segredo }} code>{`${r.segredo.slice(0, 12)}…`}</Typography.Text>
                  {r.segredoAnteriorAte && <Typography.Text type="secondary">O segredo anterior também assina até {dataHora(r.segredoAnteriorAte)}.</Typography.Text>}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            key: 'ativo',
            title: 'Ativo',
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Switch size="small" aria-label={`Ativo ${r.url}`} checked={r.ativo} disabled={!pode} onChange={(on) => acao(() => api.patch(`Webhooks/${r.id}`, { ativo: on }), on ? 'Webhook ativado.' : 'Webhook desativado.')} />
                {!r.ativo && r.desativadoMotivo && <Typography.Text type="danger">{r.desativadoMotivo}</Typography.Text>}
              </Space>
            ),
          },
          {
            key: 'acoes',
            title: 'Ações',
            render: (_, r) =>
              pode ? (
                <Space>
                  <Button size="small" icon={<SendOutlined />} onClick={() => acao(() => api.post(`Webhooks/${r.id}/testar`), 'Evento de teste enviado para a fila.')}>
                    Enviar evento de teste
                  </Button>
                  <Button
                    size="small"
                    icon={<KeyOutlined />}
                    onClick={async () => {
                      if (await confirmDialog({ title: 'Trocar o segredo', content: `Gerar um novo segredo para ${r.url}? O segredo atual continua assinando ao lado do novo por 24 horas, para o seu sistema passar a usar o novo sem perder entregas.`, okText: 'Trocar o segredo' }))
                        await acao(() => api.post(`Webhooks/${r.id}/rotacionar-segredo`, { horas: 24 }), 'Novo segredo gerado: o anterior vale por mais 24 horas.');
                    }}
                  >
                    Trocar o segredo
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Excluir ${r.url}`}
                    onClick={async () => {
                      if (await confirmDialog({ title: 'Excluir webhook', content: `Excluir o webhook ${r.url} e o seu histórico de entregas?`, okText: 'Excluir', danger: true })) await acao(() => api.delete(`Webhooks/${r.id}`), 'Webhook excluído.');
                    }}
                  />
                </Space>
              ) : null,
          },
        ]}
      />
      <Drawer title="Novo webhook" open={novo} width={640} onClose={() => setNovo(false)} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={salvar}>
          <Form.Item name="url" label="URL" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="descricao" label="Descrição">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="eventos" label="Eventos" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
            <Select
              mode="multiple"
              showSearch
              placeholder="Escolha os eventos"
              optionFilterProp="label"
              options={[{ value: '*', label: 'Todos os eventos' }, ...(catalogo ?? []).map((e) => ({ value: e.tipo, label: `${e.tipo} — ${e.descricao}` }))]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={salvando}>
            Salvar
          </Button>
        </Form>
      </Drawer>
    </div>
  );
}
