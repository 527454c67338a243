import { Card, DatePicker, Select, Space, Statistic, Tabs, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { useList } from '../../api/hooks.ts';
import { ModuleExportButtons } from '../../reports/ExportButtons.tsx';
import { RowsTable } from '../../ui/ListTable.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

type Row = Record<string, any>;
const brl = (v: unknown) => (v == null ? '' : formatBRL(v as string));
const mesBR = (m: string) => `${m.slice(5)}/${m.slice(0, 4)}`;
const STATUS_COR: Record<string, string> = { aberto: 'blue', parcial: 'gold', pago: 'green', atrasado: 'red', cancelado: 'default' };

/** PDF/XLSX of what the screen shows, through the report queue (toasts and opening as every export). */
function Exportar({ nome, titulo, params, disabled }: { nome: string; titulo: string; params: Row; disabled?: boolean }) {
  return <ModuleExportButtons address={`RelatoriosFinanceiros/${nome}/exportar`} name={titulo} body={(tipo) => ({ tipo, params })} disabled={disabled} />;
}

function usePeriodo(de: Dayjs, ate: Dayjs) {
  const [p, setP] = useState<[Dayjs, Dayjs]>([de, ate]);
  const picker = <DatePicker.RangePicker aria-label="Período" format="DD/MM/YYYY" allowClear={false} value={p} onChange={(v) => v?.[0] && v[1] && setP([v[0], v[1]])} />;
  return { de: p[0].format('YYYY-MM-DD'), ate: p[1].format('YYYY-MM-DD'), picker };
}
const useRelatorio = (nome: string, params: Row) => useSWR(['relatorio-financeiro', nome, JSON.stringify(params)], async () => (await api.get<Row>(`RelatoriosFinanceiros/${nome}`, { params })).data);

function FluxoCaixa() {
  const { de, ate, picker } = usePeriodo(dayjs().startOf('month').subtract(2, 'month'), dayjs().endOf('month').add(9, 'month'));
  const [agrupamento, setAgrupamento] = useState<'mes' | 'dia'>('mes');
  const contas = useList<Row>('ContasFinanceiras', { order: 'descricao ASC', limit: 200 });
  const [contaId, setContaId] = useState<number>();
  const params = { de, ate, agrupamento, ...(contaId ? { contaId } : {}) };
  const r = useRelatorio('fluxo-caixa', params);
  const d = r.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {picker}
        <Select aria-label="Agrupamento" style={{ width: 130 }} value={agrupamento} onChange={setAgrupamento} options={[{ value: 'mes', label: 'Por mês' }, { value: 'dia', label: 'Por dia' }]} />
        <Select aria-label="Conta" allowClear placeholder="Todas as contas" style={{ width: 220 }} value={contaId} onChange={setContaId} options={(contas.data ?? []).map((c) => ({ value: c.id, label: c.descricao }))} />
        <Exportar nome="fluxo-caixa" titulo={`Fluxo de caixa ${agrupamento === 'dia' ? 'diário' : 'mensal'}`} params={params} />
      </Space>
      {r.error && <Typography.Text type="danger">{toApiError(r.error).message}</Typography.Text>}
      <Space size="large" wrap>
        <Statistic title="Saldo inicial" value={brl(d?.saldoInicial)} />
        <Statistic title="Entradas realizadas" value={brl(d?.totais.entradasRealizadas)} />
        <Statistic title="Saídas realizadas" value={brl(d?.totais.saidasRealizadas)} />
        <Statistic title="Entradas previstas" value={brl(d?.totais.entradasPrevistas)} />
        <Statistic title="Saídas previstas" value={brl(d?.totais.saidasPrevistas)} />
        <Statistic title="Saldo final" value={brl(d?.saldoFinal)} data-testid="fluxo-saldo-final" />
      </Space>
      <RowsTable
        rowKey="periodo"
        loading={r.isLoading}
        dataSource={d?.linhas ?? []}
        scroll={{ y: 480 }}
        columns={[
          { key: 'periodo', dataIndex: 'periodo', title: agrupamento === 'dia' ? 'Dia' : 'Mês', render: (v: string) => (v.length === 7 ? mesBR(v) : formatDate(v)) },
          { key: 'er', dataIndex: 'entradasRealizadas', title: 'Entradas realizadas', align: 'right', render: brl },
          { key: 'sr', dataIndex: 'saidasRealizadas', title: 'Saídas realizadas', align: 'right', render: brl },
          { key: 'ep', dataIndex: 'entradasPrevistas', title: 'Entradas previstas', align: 'right', render: brl },
          { key: 'sp', dataIndex: 'saidasPrevistas', title: 'Saídas previstas', align: 'right', render: brl },
          { key: 'resultado', dataIndex: 'resultado', title: 'Resultado', align: 'right', render: brl },
          { key: 'saldo', dataIndex: 'saldo', title: 'Saldo', align: 'right', render: (v: string) => <Typography.Text type={v.startsWith('-') ? 'danger' : undefined}>{brl(v)}</Typography.Text> },
        ]}
      />
    </Space>
  );
}

function Contas({ tipo }: { tipo: 0 | 1 }) {
  const { de, ate, picker } = usePeriodo(dayjs().startOf('month').subtract(1, 'month'), dayjs().endOf('month').add(2, 'month'));
  const [situacao, setSituacao] = useState<'abertas' | 'todas'>('abertas');
  const nome = tipo === 1 ? 'contas-pagar' : 'contas-receber';
  const params = { de, ate, situacao };
  const r = useRelatorio(nome, params);
  const d = r.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {picker}
        <Select aria-label="Situação" style={{ width: 160 }} value={situacao} onChange={setSituacao} options={[{ value: 'abertas', label: 'Em aberto' }, { value: 'todas', label: 'Todas' }]} />
        <Exportar nome={nome} titulo={tipo === 1 ? 'Contas a pagar' : 'Contas a receber'} params={params} />
      </Space>
      <Space size="large">
        <Statistic title="Total" value={brl(d?.totais.valor)} />
        <Statistic title="Em aberto" value={brl(d?.totais.aberto)} />
        <Statistic title="Atrasado" value={brl(d?.totais.atrasado)} valueStyle={{ color: '#cf1322' }} />
      </Space>
      <RowsTable
        rowKey="parcelaId"
        loading={r.isLoading}
        dataSource={d?.linhas ?? []}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        locale={{ emptyText: 'Ops, nada encontrado por aqui.' }}
        columns={[
          { key: 'vencimento', dataIndex: 'vencimento', title: 'Vencimento', render: (v) => formatDate(v) },
          { key: 'descricao', dataIndex: 'descricao', title: 'Descrição' },
          { key: 'parcela', dataIndex: 'parcela', title: 'Parcela' },
          { key: 'pessoa', dataIndex: 'pessoa', title: tipo === 1 ? 'Fornecedor' : 'Cliente' },
          { key: 'categoria', dataIndex: 'categoria', title: 'Categoria' },
          { key: 'valor', dataIndex: 'valor', title: 'Valor', align: 'right', render: brl },
          { key: 'valorAberto', dataIndex: 'valorAberto', title: 'Em aberto', align: 'right', render: brl },
          { key: 'status', dataIndex: 'status', title: 'Situação', render: (v: string, l: Row) => <Tag color={STATUS_COR[v]}>{v}{l.diasAtraso ? ` (${l.diasAtraso} d)` : ''}</Tag> },
        ]}
      />
    </Space>
  );
}

function Extrato() {
  const { de, ate, picker } = usePeriodo(dayjs().startOf('month').subtract(1, 'month'), dayjs().endOf('month'));
  const contas = useList<Row>('ContasFinanceiras', { order: 'descricao ASC', limit: 200 });
  const [contaId, setContaId] = useState<number>();
  const conta = contaId ?? contas.data?.[0]?.id;
  const params = { de, ate, contaId: conta };
  const r = useSWR(conta ? ['relatorio-financeiro', 'extrato', JSON.stringify(params)] : null, async () => (await api.get<Row>('RelatoriosFinanceiros/extrato', { params })).data);
  const d = r.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select aria-label="Conta" style={{ width: 240 }} value={conta} onChange={setContaId} options={(contas.data ?? []).map((c) => ({ value: c.id, label: c.descricao }))} />
        {picker}
        <Exportar nome="extrato" titulo="Extrato por conta" params={params} disabled={!conta} />
      </Space>
      <Space size="large">
        <Statistic title="Saldo anterior" value={brl(d?.saldoAnterior)} />
        <Statistic title="Entradas" value={brl(d?.entradas)} />
        <Statistic title="Saídas" value={brl(d?.saidas)} />
        <Statistic title="Saldo final" value={brl(d?.saldoFinal)} />
      </Space>
      <RowsTable
        rowKey="movimentoId"
        loading={r.isLoading}
        dataSource={d?.linhas ?? []}
        pagination={{ pageSize: 100, showSizeChanger: false }}
        locale={{ emptyText: 'Nenhum movimento no período.' }}
        columns={[
          { key: 'data', dataIndex: 'data', title: 'Data', render: (v) => formatDate(v) },
          { key: 'descricao', dataIndex: 'descricao', title: 'Histórico', render: (v, l: Row) => (<>{v}{l.conciliado ? <Tag color="green" style={{ marginLeft: 8 }}>conciliado</Tag> : null}</>) },
          { key: 'pessoa', dataIndex: 'pessoa', title: 'Pessoa' },
          { key: 'entrada', dataIndex: 'entrada', title: 'Entrada', align: 'right', render: brl },
          { key: 'saida', dataIndex: 'saida', title: 'Saída', align: 'right', render: brl },
          { key: 'saldo', dataIndex: 'saldo', title: 'Saldo', align: 'right', render: brl },
        ]}
      />
    </Space>
  );
}

function Dre() {
  const [p, setP] = useState<[Dayjs, Dayjs]>([dayjs().startOf('year'), dayjs().startOf('month')]);
  const params = { de: p[0].format('YYYY-MM'), ate: p[1].format('YYYY-MM') };
  const r = useRelatorio('dre', params);
  const d = r.data;
  const linhas: Row[] = d
    ? [
        { key: 'R', categoria: 'Receitas', ...d.totais.receitas.valores, total: d.totais.receitas.total, forte: true },
        ...d.receitas.map((c: Row) => ({ key: `r${c.categoriaId}`, categoria: c.descricao, nivel: c.nivel, ...c.valores, total: c.total })),
        { key: 'D', categoria: 'Despesas', ...d.totais.despesas.valores, total: d.totais.despesas.total, forte: true },
        ...d.despesas.map((c: Row) => ({ key: `d${c.categoriaId}`, categoria: c.descricao, nivel: c.nivel, ...c.valores, total: c.total })),
        { key: 'T', categoria: 'Resultado', ...d.totais.resultado.valores, total: d.totais.resultado.total, forte: true },
      ]
    : [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker.RangePicker aria-label="Competência" picker="month" format="MM/YYYY" allowClear={false} value={p} onChange={(v) => v?.[0] && v[1] && setP([v[0], v[1]])} />
        <Exportar nome="dre" titulo="DRE gerencial" params={params} />
      </Space>
      <RowsTable
        rowKey="key"
        loading={r.isLoading}
        dataSource={linhas}
        scroll={{ x: true }}
        columns={[
          { key: 'categoria', dataIndex: 'categoria', title: 'Categoria', fixed: 'left', render: (v, l: Row) => (l.forte ? <strong>{v}</strong> : <span style={{ paddingLeft: 16 * (1 + (l.nivel ?? 0)) }}>{v}</span>) },
          ...(d?.meses ?? []).map((m: string) => ({ key: m, dataIndex: m, title: mesBR(m), align: 'right' as const, render: brl })),
          { key: 'total', dataIndex: 'total', title: 'Total', align: 'right', render: (v: string, l: Row) => (l.forte ? <strong>{brl(v)}</strong> : brl(v)) },
        ]}
      />
    </Space>
  );
}

const TABS = [
  { key: 'fluxo', label: 'Fluxo de caixa', render: () => <FluxoCaixa /> },
  { key: 'pagar', label: 'Contas a pagar', render: () => <Contas tipo={1} /> },
  { key: 'receber', label: 'Contas a receber', render: () => <Contas tipo={0} /> },
  { key: 'extrato', label: 'Extrato por conta', render: () => <Extrato /> },
  { key: 'dre', label: 'DRE gerencial', render: () => <Dre /> },
];

/** Relatórios > Financeiro (pages/relatorios/financeiro/menu): one tab per report, the tab in the query string. */
export default function RelatoriosFinanceirosPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const atual = new URLSearchParams(location.search).get('relatorio') ?? 'fluxo';
  return (
    <Card>
      <PageTitle>Relatórios financeiros</PageTitle>
      <Tabs activeKey={atual} onChange={(k) => navigate(`${location.pathname}?relatorio=${k}`)} items={TABS.map((t) => ({ key: t.key, label: t.label, children: t.key === atual ? t.render() : null }))} />
    </Card>
  );
}
