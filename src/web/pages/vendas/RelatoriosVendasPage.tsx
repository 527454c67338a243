import { Card, DatePicker, Space, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../api/client.ts';
import { ExportButtons } from '../../reports/ExportButtons.tsx';
import { ReportTable } from '../../reports/ReportTable.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

type Row = Record<string, any>;

/** The reports of Relatórios > Vendas: a tab each; title, columns and empty text from schemas/reports (as exported). */
const RELATORIOS: { key: string; label: string; fonte: string }[] = [
  { key: 'periodo', label: 'Vendas por período', fonte: 'VendasPorPeriodo' },
  { key: 'cliente', label: 'Por cliente', fonte: 'VendasPorCliente' },
  { key: 'produto', label: 'Por produto', fonte: 'VendasPorProduto' },
  { key: 'vendedor', label: 'Por vendedor', fonte: 'VendasPorVendedor' },
  { key: 'abc', label: 'Curva ABC de produtos', fonte: 'CurvaAbcProdutos' },
  { key: 'ticket', label: 'Ticket médio', fonte: 'TicketMedio' },
  { key: 'comissoes', label: 'Comissões', fonte: 'ComissoesVendedores' },
];

function Relatorio({ r, de, ate }: { r: (typeof RELATORIOS)[number]; de: string; ate: string }) {
  const lista = useSWR(['vendas-relatorio', r.fonte, de, ate], async () => (await api.get<Row[]>(`Vendas/relatorios/${r.fonte}`, { params: { de, ate } })).data);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ExportButtons endpoint={r.fonte} name={r.label} filter={{ where: { de, ate } }} />
      <ReportTable fonte={r.fonte} list={lista} />
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
        <PageTitle>Relatórios de vendas</PageTitle>
        <DatePicker.RangePicker aria-label="Período" format="DD/MM/YYYY" allowClear={false} value={periodo} onChange={(v) => v?.[0] && v[1] && setPeriodo([v[0], v[1]])} />
      </Space>
      <Tabs activeKey={ativo} onChange={setAtivo} items={RELATORIOS.map((r) => ({ key: r.key, label: r.label, children: ativo === r.key ? <Relatorio r={r} de={de} ate={ate} /> : null }))} />
    </Card>
  );
}
