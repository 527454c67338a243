import { Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../api/client.ts';
import { ExportButtons } from '../../reports/ExportButtons.tsx';
import { reportDoc } from '../../reports/report-docs.ts';
import { ReportTable } from '../../reports/ReportTable.tsx';
import { useLookups } from '../../renderer/use-lookups.ts';
import { lookupItems } from '../../catalog/registry.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';

type Row = Record<string, any>;
type Filtros = Record<string, string>;
type Tipo = 'cadastro' | 'periodo' | 'dias' | 'nenhum';

/** The reports of Relatórios > Pessoas (SPEC 2.6): a tab each; title, columns and empty text from schemas/reports. */
const RELATORIOS: { key: string; fonte: string; tipo: Tipo }[] = [
  { key: 'clientes', fonte: 'RelacaoClientes', tipo: 'cadastro' },
  { key: 'fornecedores', fonte: 'RelacaoFornecedores', tipo: 'cadastro' },
  { key: 'aniversariantes', fonte: 'AniversariantesPeriodo', tipo: 'periodo' },
  { key: 'sem-compra', fonte: 'ClientesSemCompra', tipo: 'dias' },
  { key: 'ranking', fonte: 'RankingClientes', tipo: 'periodo' },
  { key: 'atraso', fonte: 'ClientesEmAtraso', tipo: 'nenhum' },
];
const ROTULO: Record<string, string> = {
  RelacaoClientes: 'Clientes',
  RelacaoFornecedores: 'Fornecedores',
  AniversariantesPeriodo: 'Aniversariantes',
  ClientesSemCompra: 'Sem compra',
  RankingClientes: 'Ranking de clientes',
  ClientesEmAtraso: 'Títulos em atraso',
};

const mesAtual = (): Filtros => ({ de: dayjs().startOf('month').format('YYYY-MM-DD'), ate: dayjs().endOf('month').format('YYYY-MM-DD') });
const inicial = (tipo: Tipo): Filtros => (tipo === 'cadastro' ? { situacao: 'ativos' } : tipo === 'periodo' ? mesAtual() : tipo === 'dias' ? { dias: '90' } : {});

/** The filters of one report: 'Consultar' applies them (the table and both exports use the applied ones). */
function FiltrosDoRelatorio({ tipo, valor, onChange }: { tipo: Tipo; valor: Filtros; onChange: (f: Filtros) => void }) {
  const [form] = Form.useForm();
  useLookups(tipo === 'cadastro' ? ['uf'] : []);
  if (tipo === 'nenhum') return null;
  const initialValues =
    tipo === 'periodo' ? { periodo: [dayjs(valor.de), dayjs(valor.ate)] } : tipo === 'dias' ? { dias: Number(valor.dias) } : { cidade: valor.cidade, uf: valor.uf, grupo: valor.grupo, situacao: valor.situacao };
  const aplicar = (v: Row) => {
    if (tipo === 'periodo') {
      const [de, ate] = v.periodo as [Dayjs, Dayjs];
      onChange({ de: de.format('YYYY-MM-DD'), ate: ate.format('YYYY-MM-DD') });
    } else if (tipo === 'dias') onChange({ dias: String(v.dias ?? 90) });
    else onChange(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null && x !== '')) as Filtros);
  };
  return (
    <Form form={form} layout="inline" initialValues={initialValues} onFinish={aplicar} style={{ rowGap: 8 }}>
      {tipo === 'periodo' && (
        <Form.Item name="periodo" label="Período" rules={[{ required: true, message: 'Informe o período.' }]}>
          <DatePicker.RangePicker format="DD/MM/YYYY" allowClear={false} />
        </Form.Item>
      )}
      {tipo === 'dias' && (
        <Form.Item name="dias" label="Sem compra há (dias)" rules={[{ required: true, message: 'Informe os dias.' }]}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: 110 }} />
        </Form.Item>
      )}
      {tipo === 'cadastro' && (
        <>
          <Form.Item name="cidade" label="Cidade">
            <Input allowClear maxLength={80} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="uf" label="UF">
            <Select allowClear showSearch style={{ width: 90 }} options={(lookupItems('uf') ?? []).map((u) => ({ value: String(u.value), label: String(u.value) }))} />
          </Form.Item>
          <Form.Item name="grupo" label="Grupo">
            <Input allowClear maxLength={60} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="situacao" label="Situação">
            <Select
              style={{ width: 120 }}
              options={[
                { value: 'ativos', label: 'Ativos' },
                { value: 'inativos', label: 'Inativos' },
                { value: 'todos', label: 'Todos' },
              ]}
            />
          </Form.Item>
        </>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit">
          Consultar
        </Button>
      </Form.Item>
    </Form>
  );
}

function Relatorio({ r }: { r: (typeof RELATORIOS)[number] }) {
  const [filtros, setFiltros] = useState<Filtros>(() => inicial(r.tipo));
  const lista = useSWR(['pessoas-relatorio', r.fonte, JSON.stringify(filtros)], async () => (await api.get<Row[]>(`Pessoas/relatorios/${r.fonte}`, { params: filtros })).data);
  const doc = reportDoc(r.fonte);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-relatorio={r.fonte}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <FiltrosDoRelatorio tipo={r.tipo} valor={filtros} onChange={setFiltros} />
        <ExportButtons endpoint={r.fonte} name={doc.title} filter={{ where: filtros }} />
      </Space>
      {lista.error ? <Typography.Text type="danger">{(lista.error as { message?: string }).message ?? 'Não foi possível consultar o relatório.'}</Typography.Text> : null}
      <ReportTable fonte={r.fonte} list={lista} scroll={{ x: 'max-content' }} />
    </Space>
  );
}

/** Relatórios > Pessoas (pages/relatorios/pessoas and /menu): one tab per report, each with its own filters. */
export default function RelatoriosPessoasPage() {
  const [ativo, setAtivo] = useState('clientes');
  return (
    <Card>
      <PageTitle>Relatórios de pessoas</PageTitle>
      <Tabs activeKey={ativo} onChange={setAtivo} items={RELATORIOS.map((r) => ({ key: r.key, label: ROTULO[r.fonte], children: ativo === r.key ? <Relatorio r={r} /> : null }))} />
    </Card>
  );
}
