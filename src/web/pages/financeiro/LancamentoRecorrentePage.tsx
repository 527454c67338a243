import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Drawer, Form, Input, InputNumber, Modal, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL, parseBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { getUser, may } from '../../api/session.ts';
import { choiceDialog, confirmDialog, showError } from '../../dialogs/dialogs.tsx';
import { ListTable, RowsTable } from '../../ui/ListTable.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

type Row = Record<string, any>;
const FREQ = ['Mensal', 'Semanal', 'A cada N dias'];
const STATUS_COR: Record<string, string> = { aberto: 'blue', parcial: 'gold', pago: 'green', atrasado: 'red', cancelado: 'default' };
const periodicidade = (r: Row) => (r.frequencia === 2 ? `A cada ${r.intervalo} dias` : r.intervalo > 1 ? `${FREQ[r.frequencia]} (a cada ${r.intervalo})` : FREQ[r.frequencia]);
const termino = (r: Row) => (r.dataFim ? `até ${formatDate(r.dataFim)}` : r.ocorrencias ? `${r.ocorrencias} vezes` : 'sem término');

/** The schedule form: what is launched, how often, until when. */
function RecorrenciaForm({ inicial, onSalvo, onCancel }: { inicial?: Row; onSalvo: () => void; onCancel: () => void }) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const tipo = Form.useWatch('tipo', form) ?? inicial?.tipo ?? 1;
  const termo = Form.useWatch('termino', form) ?? (inicial?.dataFim ? 'data' : inicial?.ocorrencias ? 'vezes' : 'nunca');
  const cats = useList<Row>('CategoriasFinanceiras', { where: { ativo: true }, fields: ['id', 'descricaoCompleta', 'tipo'], order: 'descricao ASC', limit: 500 });
  const centros = useList<Row>('CentrosCusto', { order: 'descricao ASC', limit: 200 });
  const [salvando, setSalvando] = useState(false);
  const salvar = async (v: Row) => {
    const body: Row = {
      descricao: v.descricao,
      valor: parseBRL(String(v.valor ?? '')) ?? String(v.valor ?? ''),
      categoriaId: v.categoriaId ?? null,
      centroCustoId: v.centroCustoId ?? null,
      documento: v.documento || null,
      diasAntecedencia: v.diasAntecedencia,
      dataFim: v.termino === 'data' && v.dataFim ? v.dataFim.format('YYYY-MM-DD') : null,
      ocorrencias: v.termino === 'vezes' ? v.ocorrencias : null,
    };
    setSalvando(true);
    try {
      if (inicial) {
        const escolha = await choiceDialog({
          title: 'Alterar lançamento recorrente',
          content: 'Aplicar a alteração a quais lançamentos? Os já baixados não mudam.',
          choices: [
            { value: 'todos', label: 'Todos os em aberto' },
            { value: 'seguintes', label: 'Esta e as seguintes', primary: true },
          ],
        });
        if (!escolha) return;
        const proxima = (inicial.lancamentos as Row[]).find((l) => l.status !== 'pago' && l.status !== 'cancelado')?.numero ?? 1;
        const r = (await api.put<Row>(`LancamentosRecorrentes/${inicial.id}`, { ...body, aPartirDe: escolha === 'todos' ? 1 : proxima })).data;
        message.success(`Recorrência alterada: ${r.alteradas} lançamentos atualizados${r.canceladas ? `, ${r.canceladas} cancelados` : ''}.`);
      } else {
        await api.post('LancamentosRecorrentes', { ...body, tipo: v.tipo, frequencia: v.frequencia, intervalo: v.intervalo ?? 1, dataInicio: v.dataInicio.format('YYYY-MM-DD') });
        message.success('Lançamento recorrente salvo.');
      }
      onSalvo();
    } catch (e) {
      showError(e);
    } finally {
      setSalvando(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={salvar}
      initialValues={
        inicial
          ? { ...inicial, valor: formatBRL(inicial.valor).replace('R$ ', ''), dataInicio: dayjs(inicial.dataInicio), dataFim: inicial.dataFim ? dayjs(inicial.dataFim) : undefined, termino: termo }
          : { tipo: 1, frequencia: 0, intervalo: 1, diasAntecedencia: 60, termino: 'nunca', dataInicio: dayjs() }
      }
    >
      <Form.Item name="tipo" label="Tipo">
        <Radio.Group disabled={!!inicial} options={[{ value: 1, label: 'Despesa' }, { value: 0, label: 'Receita' }]} />
      </Form.Item>
      <Form.Item name="descricao" label="Descrição" rules={[{ required: true, message: 'Campo Obrigatório!' }, { min: 2, message: 'Mínimo 2 caracteres!' }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="valor" label="Valor (R$)" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
          <Input style={{ width: 160 }} placeholder="0,00" />
        </Form.Item>
        <Form.Item name="categoriaId" label="Categoria">
          <Select allowClear showSearch optionFilterProp="label" style={{ width: 260 }} options={(cats.data ?? []).filter((c) => c.tipo === tipo).map((c) => ({ value: c.id, label: c.descricaoCompleta }))} />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name="centroCustoId" label="Centro de custo">
          <Select allowClear style={{ width: 200 }} options={(centros.data ?? []).map((c) => ({ value: c.id, label: c.descricao }))} />
        </Form.Item>
        <Form.Item name="documento" label="Documento">
          <Input maxLength={60} style={{ width: 200 }} />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name="frequencia" label="Frequência">
          <Select disabled={!!inicial} style={{ width: 160 }} options={FREQ.map((label, value) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="intervalo" label="A cada">
          <InputNumber disabled={!!inicial} min={1} max={366} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="dataInicio" label="Primeiro vencimento" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
          <DatePicker disabled={!!inicial} format="DD/MM/YYYY" />
        </Form.Item>
      </Space>
      <Space wrap align="end">
        <Form.Item name="termino" label="Término">
          <Select style={{ width: 180 }} options={[{ value: 'nunca', label: 'Sem término' }, { value: 'data', label: 'Até uma data' }, { value: 'vezes', label: 'Número de vezes' }]} />
        </Form.Item>
        {termo === 'data' && (
          <Form.Item name="dataFim" label="Até" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
            <DatePicker format="DD/MM/YYYY" />
          </Form.Item>
        )}
        {termo === 'vezes' && (
          <Form.Item name="ocorrencias" label="Vezes" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
            <InputNumber min={1} max={1000} />
          </Form.Item>
        )}
        <Form.Item name="diasAntecedencia" label="Gerar com antecedência de (dias)">
          <InputNumber min={0} max={730} />
        </Form.Item>
      </Space>
      <Space>
        <Button type="primary" htmlType="submit" loading={salvando}>
          Salvar
        </Button>
        <Button onClick={onCancel}>Cancelar</Button>
      </Space>
    </Form>
  );
}

/** "Só esta": amount and due date of one occurrence. */
function SoEsta({ rec, oc, onDone }: { rec: Row; oc: Row; onDone: () => void }) {
  const [valor, setValor] = useState(formatBRL(oc.valor).replace('R$ ', ''));
  const [venc, setVenc] = useState(dayjs(oc.vencimento));
  const { message } = App.useApp();
  return (
    <Modal
      open
      title={`Alterar só a ocorrência ${oc.numero}`}
      okText="Salvar"
      cancelText="Cancelar"
      onCancel={onDone}
      onOk={async () => {
        try {
          await api.put(`LancamentosRecorrentes/${rec.id}/ocorrencias/${oc.numero}`, { valor: parseBRL(valor) ?? valor, vencimento: venc.format('YYYY-MM-DD') });
          message.success('Ocorrência alterada.');
          onDone();
        } catch (e) {
          showError(e);
        }
      }}
    >
      <Space>
        <Input aria-label="Valor" value={valor} onChange={(e) => setValor(e.target.value)} style={{ width: 160 }} />
        <DatePicker aria-label="Vencimento" format="DD/MM/YYYY" value={venc} allowClear={false} onChange={(d) => d && setVenc(d)} />
      </Space>
    </Modal>
  );
}

/** pages/financeiro/lancamento-recorrente: the schedules, their occurrences and the edits of each kind. */
export default function LancamentoRecorrentePage() {
  const user = getUser();
  const podeAlterar = may(user, 'app.recorrente', 'change');
  const lista = useSWR('lancamentos-recorrentes', async () => (await api.get<Row[]>('LancamentosRecorrentes')).data);
  const [novo, setNovo] = useState(false);
  const [abertoId, setAbertoId] = useState<number | null>(null);
  const [editar, setEditar] = useState(false);
  const [soEsta, setSoEsta] = useState<Row | null>(null);
  // Read again on every opening: an occurrence may have been paid or changed elsewhere since it was last shown
  // (SWR would otherwise reuse an answer up to 2 s old).
  const detalhe = useSWR(abertoId ? ['lancamento-recorrente', abertoId] : null, async () => (await api.get<Row>(`LancamentosRecorrentes/${abertoId}`)).data, { dedupingInterval: 0, revalidateOnMount: true });
  const { message } = App.useApp();
  const rec = detalhe.data;
  const atualizar = () => Promise.all([lista.mutate(), detalhe.mutate()]);
  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <PageTitle>Lançamentos recorrentes</PageTitle>
        {podeAlterar && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setNovo(true)}>
            Cadastrar
          </Button>
        )}
      </Space>
      <ListTable
        list={lista}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        empty="Ops, nada encontrado por aqui."
        onRow={(r) => ({ onClick: () => (setAbertoId(r.id), setEditar(false)), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'descricao', dataIndex: 'descricao', title: 'Descrição' },
          { key: 'tipo', dataIndex: 'tipo', title: 'Tipo', render: (v) => (v === 1 ? <Tag color="red">Despesa</Tag> : <Tag color="green">Receita</Tag>) },
          { key: 'valor', dataIndex: 'valor', title: 'Valor', align: 'right', render: (v) => formatBRL(v) },
          { key: 'freq', title: 'Frequência', render: (_, r) => periodicidade(r) },
          { key: 'inicio', dataIndex: 'dataInicio', title: 'Início', render: (v) => formatDate(v) },
          { key: 'termino', title: 'Término', render: (_, r) => termino(r) },
          { key: 'proximo', dataIndex: 'proximoVencimento', title: 'Próximo vencimento', render: (v) => formatDate(v) },
          { key: 'geradas', dataIndex: 'geradas', title: 'Gerados', align: 'right' },
          { key: 'ativo', dataIndex: 'ativo', title: 'Situação', render: (v) => (v ? <Tag color="blue">Ativo</Tag> : <Tag>Encerrado</Tag>) },
        ]}
      />
      <Modal open={novo} title="Cadastrar lançamento recorrente" footer={null} width={640} destroyOnHidden onCancel={() => setNovo(false)}>
        <RecorrenciaForm onSalvo={() => (setNovo(false), void lista.mutate())} onCancel={() => setNovo(false)} />
      </Modal>
      <Drawer open={!!abertoId} width={720} title={rec?.descricao ?? 'Lançamento recorrente'} onClose={() => setAbertoId(null)} destroyOnHidden>
        {rec && !editar && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>
              {formatBRL(rec.valor)} · {periodicidade(rec)} desde {formatDate(rec.dataInicio)}, {termino(rec)} · gera {rec.diasAntecedencia} dias à frente
            </Typography.Text>
            {podeAlterar && rec.ativo && (
              <Space>
                <Button onClick={() => setEditar(true)}>Alterar</Button>
                <Button
                  danger
                  icon={<StopOutlined />}
                  onClick={async () => {
                    if (!(await confirmDialog({ title: 'Encerrar recorrência', content: 'Os lançamentos ainda não vencidos e sem baixa serão cancelados.', danger: true }))) return;
                    try {
                      const r = (await api.post<Row>(`LancamentosRecorrentes/${rec.id}/encerrar`)).data;
                      message.success(`Recorrência encerrada; ${r.canceladas} lançamentos cancelados.`);
                      await atualizar();
                    } catch (e) {
                      showError(e);
                    }
                  }}
                >
                  Encerrar
                </Button>
              </Space>
            )}
            <RowsTable<Row>
              rowKey="numero"
              dataSource={rec.lancamentos}
              pagination={{ pageSize: 24, showSizeChanger: false }}
              columns={[
                { key: 'numero', dataIndex: 'numero', title: 'Nº' },
                { key: 'vencimento', dataIndex: 'vencimento', title: 'Vencimento', render: (v) => formatDate(v) },
                { key: 'descricao', dataIndex: 'descricao', title: 'Descrição' },
                { key: 'valor', dataIndex: 'valor', title: 'Valor', align: 'right', render: (v) => formatBRL(v) },
                { key: 'status', dataIndex: 'status', title: 'Situação', render: (v) => <Tag color={STATUS_COR[v]}>{v}</Tag> },
                {
                  key: 'acao',
                  title: '',
                  render: (_, oc: Row) =>
                    podeAlterar && (oc.status === 'aberto' || oc.status === 'atrasado') ? (
                      <Button size="small" onClick={() => setSoEsta(oc)}>
                        Só esta
                      </Button>
                    ) : null,
                },
              ]}
            />
          </Space>
        )}
        {rec && editar && <RecorrenciaForm inicial={rec} onSalvo={() => (setEditar(false), void atualizar())} onCancel={() => setEditar(false)} />}
      </Drawer>
      {soEsta && rec && <SoEsta rec={rec} oc={soEsta} onDone={() => (setSoEsta(null), void atualizar())} />}
    </Card>
  );
}
