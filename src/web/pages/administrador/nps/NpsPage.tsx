import { Alert, Button, Card, Col, Form, Input, InputNumber, List, Row, Space, Statistic, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { formatDateTime } from '../../../../shared/dates.ts';
import { api } from '../../../api/client.ts';
import { fieldMessages, toApiError } from '../../../api/errors.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

interface Pesquisa {
  id: number;
  pergunta: string;
  periodoDias: number;
  ativa: boolean;
  criadaEm: string;
}

interface Resultados {
  nps: number | null;
  promotores: number;
  neutros: number;
  detratores: number;
  respostas: number;
  porMes: { mes: string; respostas: number; nps: number | null }[];
  comentarios: { nota: number; comentario: string; conta: string; data: string }[];
}

/**
 * administrador/configuracoes/nps (SPEC 2.8): the brand's surveys (question, period between two asks of the same
 * user, active) and the results: the NPS score overall and per month, with the latest comments.
 */
export default function NpsPage() {
  const pesquisas = useSWR('Nps/pesquisas', async () => (await api.get<Pesquisa[]>('Nps/pesquisas')).data);
  const [selecionada, setSelecionada] = useState<number | null>(null);
  const resultados = useSWR(['Nps/resultados', selecionada], async () => (await api.get<Resultados>('Nps/resultados', { params: selecionada ? { pesquisaId: selecionada } : {} })).data);
  const [form] = Form.useForm();
  const [erros, setErros] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const criar = async (values: { pergunta: string; periodoDias: number }) => {
    setSaving(true);
    setErros({});
    try {
      await api.post('Nps/pesquisas', { ...values, ativa: true });
      form.resetFields();
      toast('success', 'Pesquisa criada.');
      await pesquisas.mutate();
    } catch (err) {
      const f = fieldMessages(toApiError(err));
      if (f) setErros(f);
      else showError(err);
    } finally {
      setSaving(false);
    }
  };

  const alternar = async (p: Pesquisa, ativa: boolean) => {
    try {
      await api.put(`Nps/pesquisas/${p.id}`, { pergunta: p.pergunta, periodoDias: p.periodoDias, ativa });
      await pesquisas.mutate();
    } catch (err) {
      showError(err);
    }
  };

  const r = resultados.data;
  const max = Math.max(1, ...(r?.porMes ?? []).map((m) => m.respostas));
  return (
    <div className="nps-page">
      <PageTitle>NPS</PageTitle>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title="Nova pesquisa">
          <Form form={form} layout="vertical" onFinish={criar} initialValues={{ periodoDias: 90 }} style={{ maxWidth: 640 }}>
            <Form.Item name="pergunta" label="Pergunta" rules={[{ required: true, message: 'Campo Obrigatório!' }, { min: 10, message: 'Mínimo 10 caracteres!' }]} validateStatus={erros.pergunta ? 'error' : undefined} help={erros.pergunta}>
              <Input.TextArea rows={2} maxLength={300} placeholder="De 0 a 10, quanto você recomendaria o sistema a um amigo?" />
            </Form.Item>
            <Form.Item name="periodoDias" label="Perguntar de novo ao mesmo usuário após (dias)" rules={[{ required: true, message: 'Campo Obrigatório!' }]} validateStatus={erros.periodoDias ? 'error' : undefined} help={erros.periodoDias}>
              <InputNumber min={1} max={730} precision={0} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving}>
              Criar pesquisa
            </Button>
          </Form>
        </Card>
        <Card title="Pesquisas">
          <Table<Pesquisa>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={pesquisas.data ?? []}
            loading={pesquisas.isLoading}
            rowSelection={{ type: 'radio', selectedRowKeys: selecionada ? [selecionada] : [], onChange: (keys) => setSelecionada((keys[0] as number) ?? null) }}
            locale={{ emptyText: 'Nenhuma pesquisa criada.' }}
            columns={[
              { title: 'Pergunta', dataIndex: 'pergunta' },
              { title: 'Período (dias)', dataIndex: 'periodoDias', width: 130 },
              { title: 'Criada em', dataIndex: 'criadaEm', width: 160, render: (v: string) => formatDateTime(v) },
              { title: 'Ativa', width: 90, render: (_: unknown, p: Pesquisa) => <Switch aria-label={`Ativa: ${p.pergunta}`} checked={p.ativa} onChange={(v) => alternar(p, v)} /> },
            ]}
          />
          {selecionada ? (
            <Button type="link" onClick={() => setSelecionada(null)}>
              Ver todas as pesquisas
            </Button>
          ) : null}
        </Card>
        <Card title="Resultados">
          {resultados.error ? <Alert type="error" showIcon message="Não foi possível carregar os resultados." /> : null}
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Statistic title="NPS" value={r?.nps ?? '-'} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Promotores (9-10)" value={r?.promotores ?? 0} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Neutros (7-8)" value={r?.neutros ?? 0} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Detratores (0-6)" value={r?.detratores ?? 0} />
            </Col>
          </Row>
          <Typography.Title level={5}>NPS por mês</Typography.Title>
          <Table
            rowKey="mes"
            size="small"
            pagination={false}
            dataSource={r?.porMes ?? []}
            columns={[
              { title: 'Mês', dataIndex: 'mes', width: 100 },
              { title: 'NPS', dataIndex: 'nps', width: 80, render: (v: number | null) => (v === null ? '-' : v) },
              { title: 'Respostas', dataIndex: 'respostas', width: 100 },
              { title: '', render: (_: unknown, m: { respostas: number }) => <div style={{ height: 10, width: `${(m.respostas / max) * 100}%`, background: '#1677ff', borderRadius: 2 }} /> },
            ]}
          />
          <Typography.Title level={5}>Comentários</Typography.Title>
          <List
            size="small"
            dataSource={r?.comentarios ?? []}
            locale={{ emptyText: 'Nenhum comentário.' }}
            renderItem={(c) => (
              <List.Item>
                <Typography.Text strong>{c.nota}</Typography.Text>&nbsp;{c.comentario}&nbsp;<Typography.Text type="secondary">({c.conta}, {c.data})</Typography.Text>
              </List.Item>
            )}
          />
        </Card>
      </Space>
    </div>
  );
}
