import { Card, DatePicker, Space, Table, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL, formatDecimal } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { ExportButtons } from '../../reports/ExportButtons.tsx';

type Row = Record<string, any>;
type Col = { field: string; title: string; kind?: 'money' | 'qtd' | 'pct' | 'date' };
const qtd = (v: unknown) => (v === null || v === undefined ? '' : formatDecimal(String(v), 4).replace(/,?0+$/, '') || '0');
const fmt = (c: Col) => (v: unknown) => (v === null || v === undefined ? '' : c.kind === 'money' ? formatBRL(String(v)) : c.kind === 'qtd' ? qtd(v) : c.kind === 'pct' ? `${formatDecimal(String(v), 2)}%` : c.kind === 'date' ? formatDate(String(v)) : String(v));

/** The reports of Relatórios > Vendas: the server's report sources, on screen and exported (XLSX/PDF). */
const RELATORIOS: { key: string; label: string; fonte: string; cols: Col[] }[] = [
  { key: 'periodo', label: 'Vendas por período', fonte: 'VendasPorPeriodo', cols: [{ field: 'data', title: 'Data', kind: 'date' }, { field: 'pedidos', title: 'Pedidos' }, { field: 'quantidade', title: 'Itens', kind: 'qtd' }, { field: 'valor', title: 'Valor', kind: 'money' }, { field: 'ticketMedio', title: 'Ticket médio', kind: 'money' }] },
  { key: 'cliente', label: 'Por cliente', fonte: 'VendasPorCliente', cols: [{ field: 'cliente', title: 'Cliente' }, { field: 'documento', title: 'CPF/CNPJ' }, { field: 'pedidos', title: 'Pedidos' }, { field: 'valor', title: 'Valor', kind: 'money' }] },
  { key: 'produto', label: 'Por produto', fonte: 'VendasPorProduto', cols: [{ field: 'codigo', title: 'Código' }, { field: 'produto', title: 'Produto' }, { field: 'quantidade', title: 'Quantidade', kind: 'qtd' }, { field: 'valor', title: 'Valor', kind: 'money' }, { field: 'custo', title: 'Custo', kind: 'money' }, { field: 'margem', title: 'Margem', kind: 'money' }] },
  { key: 'vendedor', label: 'Por vendedor', fonte: 'VendasPorVendedor', cols: [{ field: 'vendedor', title: 'Vendedor' }, { field: 'pedidos', title: 'Pedidos' }, { field: 'valor', title: 'Valor', kind: 'money' }, { field: 'ticketMedio', title: 'Ticket médio', kind: 'money' }, { field: 'comissao', title: 'Comissão', kind: 'money' }] },
  { key: 'abc', label: 'Curva ABC de produtos', fonte: 'CurvaAbcProdutos', cols: [{ field: 'posicao', title: '#' }, { field: 'produto', title: 'Produto' }, { field: 'quantidade', title: 'Quantidade', kind: 'qtd' }, { field: 'valor', title: 'Valor', kind: 'money' }, { field: 'percentual', title: '% do total', kind: 'pct' }, { field: 'acumulado', title: '% acumulado', kind: 'pct' }, { field: 'classe', title: 'Classe' }] },
  { key: 'ticket', label: 'Ticket médio', fonte: 'TicketMedio', cols: [{ field: 'mes', title: 'Mês' }, { field: 'pedidos', title: 'Pedidos' }, { field: 'valor', title: 'Valor', kind: 'money' }, { field: 'ticketMedio', title: 'Ticket médio', kind: 'money' }] },
  { key: 'comissoes', label: 'Comissões', fonte: 'ComissoesVendedores', cols: [{ field: 'vendedor', title: 'Vendedor' }, { field: 'pedido', title: 'Pedido' }, { field: 'data', title: 'Data', kind: 'date' }, { field: 'produto', title: 'Produto' }, { field: 'valor', title: 'Valor', kind: 'money' }, { field: 'percentual', title: '%', kind: 'pct' }, { field: 'comissao', title: 'Comissão', kind: 'money' }] },
];

function Relatorio({ r, de, ate }: { r: (typeof RELATORIOS)[number]; de: string; ate: string }) {
  const { data, isLoading } = useSWR(['vendas-relatorio', r.fonte, de, ate], async () => (await api.get<Row[]>(`Vendas/relatorios/${r.fonte}`, { params: { de, ate } })).data);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ExportButtons endpoint={r.fonte} name={r.label} filter={{ where: { de, ate } }} />
      <Table
        rowKey={(_row, i) => String(i)}
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        locale={{ emptyText: 'Nenhuma venda faturada no período.' }}
        columns={r.cols.map((c) => ({ key: c.field, dataIndex: c.field, title: c.title, align: c.kind === 'money' || c.kind === 'qtd' || c.kind === 'pct' ? ('right' as const) : undefined, render: fmt(c) }))}
      />
    </Space>
  );
}

/** Relatórios > Vendas (pages/relatorios/vendas and /menu): the period, then one tab per report. */
export default function RelatoriosVendasPage() {
  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs()]);
  const [ativo, setAtivo] = useState('periodo');
  const de = periodo[0].format('YYYY-MM-DD');
  const ate = periodo[1].format('YYYY-MM-DD');
  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Relatórios de vendas
        </Typography.Title>
        <DatePicker.RangePicker aria-label="Período" format="DD/MM/YYYY" allowClear={false} value={periodo} onChange={(v) => v?.[0] && v[1] && setPeriodo([v[0], v[1]])} />
      </Space>
      <Tabs activeKey={ativo} onChange={setAtivo} items={RELATORIOS.map((r) => ({ key: r.key, label: r.label, children: ativo === r.key ? <Relatorio r={r} de={de} ate={ate} /> : null }))} />
    </Card>
  );
}
