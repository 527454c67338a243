import { Button, Card, DatePicker, Select, Space, Spin, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { TIPO_MOVIMENTACAO } from '../../../../generated/lookups.ts';
import { formatDate, formatDateTime } from '../../../shared/dates.ts';
import { formatBRL, formatQuantity } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { loadListPage } from '../../app/page-chunks.ts';
import { useList } from '../../api/hooks.ts';
import { ExportButtons } from '../../reports/ExportButtons.tsx';
import { colunasDoRelatorio, reportDoc } from '../../reports/report-docs.ts';
import { loadNames, nameOf } from '../documentos/related-names.ts';
import { EMPTY_TITLE } from '../../ui/EmptyBlock.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { RelatedSelect } from './RelatedSelect.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

type Row = Record<string, any>;
const TIPOS = TIPO_MOVIMENTACAO.map((t) => ({ value: t.value as number, label: t.label }));
const PAGE = 50;

/**
 * Posição de estoque: balance and value at cost per product × depósito, in keyset pages; the whole report
 * exported to XLSX or PDF through the report queue (the server's PosicaoEstoque report source).
 */
function Posicao() {
  const depositos = useList<Row>('Depositos', { order: 'descricao ASC', limit: 100 });
  const [depositoId, setDepositoId] = useState<number>();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors[cursors.length - 1];
  const page = useSWR(['posicao', depositoId ?? null, after], async () => (await api.get<Row[]>('SaldosEstoque/posicao', { params: { depositoId, depoisDe: after ?? undefined, limit: PAGE } })).data);
  const rows = page.data ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select allowClear placeholder="Todos os depósitos" style={{ width: 240 }} value={depositoId} onChange={(v) => (setDepositoId(v), setCursors([null]))} options={(depositos.data ?? []).map((d) => ({ value: d.id, label: d.descricao }))} />
        <ExportButtons endpoint="PosicaoEstoque" name={reportDoc('PosicaoEstoque').title} filter={{ where: depositoId ? { depositoId } : undefined }} />
      </Space>
      <ListTable<Row> list={page} empty={EMPTY_TITLE} rowKey={(r) => `${r.produtoId}-${r.depositoId}`} columns={colunasDoRelatorio<Row>('PosicaoEstoque')} />
      <Space>
        <Button disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Anterior
        </Button>
        <Button disabled={rows.length < PAGE} onClick={() => setCursors((c) => [...c, `${rows[rows.length - 1].produtoId},${rows[rows.length - 1].depositoId}`])}>
          Próxima
        </Button>
      </Space>
    </Space>
  );
}

/**
 * Movimentação de estoque: the ledger of the branch by period, product and type; exported (XLSX/PDF) through
 * the report queue with the same parameters (the server's MovimentacaoEstoque report source).
 */
function Movimentacao() {
  const [periodo, setPeriodo] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [tipo, setTipo] = useState<number>();
  const [produtoId, setProdutoId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const and: Row[] = [];
  const de = periodo?.[0]?.startOf('day').toISOString();
  const ate = periodo?.[1]?.endOf('day').toISOString();
  if (de) and.push({ createdAt: { gte: de } });
  if (ate) and.push({ createdAt: { lte: ate } });
  if (tipo !== undefined) and.push({ tipo });
  if (produtoId) and.push({ produtoId });
  const parametros: Row = {};
  if (de) parametros.de = de;
  if (ate) parametros.ate = ate;
  if (tipo !== undefined) parametros.tipo = tipo;
  if (produtoId) parametros.produtoId = produtoId;
  const where = and.length ? { and } : undefined;
  const list = useSWR(['movimentacao', JSON.stringify(where), page], async () => {
    const rows = (await api.get<Row[]>('MovimentosEstoque', { params: { filter: { where, order: 'id DESC', limit: PAGE, skip: (page - 1) * PAGE } } })).data;
    await Promise.all([loadNames('produto', rows.map((r) => r.produtoId)), loadNames('deposito', rows.map((r) => r.depositoId)), loadNames('lote', rows.map((r) => r.loteId).filter(Boolean))]);
    return rows;
  });
  const count = useSWR(['movimentacao-count', JSON.stringify(where)], async () => (await api.get<{ count: number }>('MovimentosEstoque/count', { params: { where } })).data.count);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker.RangePicker format="DD/MM/YYYY" value={periodo} onChange={(v) => (setPeriodo(v as [Dayjs | null, Dayjs | null] | null), setPage(1))} />
        <div style={{ width: 280 }}>
          <RelatedSelect id="movimentacao-produto" resource="produto" placeholder="Todos os produtos" value={produtoId} onChange={(v) => (setProdutoId(v), setPage(1))} />
        </div>
        <Select allowClear placeholder="Tipo de movimentação" style={{ width: 260 }} value={tipo} onChange={(v) => (setTipo(v), setPage(1))} options={TIPOS} />
        <ExportButtons endpoint="MovimentacaoEstoque" name={reportDoc('MovimentacaoEstoque').title} filter={{ where: Object.keys(parametros).length ? parametros : undefined }} />
      </Space>
      <ListTable<Row>
        list={list}
        empty={EMPTY_TITLE}
        pagination={{ current: page, pageSize: PAGE, total: count.data ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'createdAt', dataIndex: 'createdAt', title: 'Data', render: (v) => formatDateTime(v) },
          { key: 'produto', dataIndex: 'produtoId', title: 'Produto', render: (v) => nameOf('produto', v) },
          { key: 'deposito', dataIndex: 'depositoId', title: 'Depósito', render: (v) => nameOf('deposito', v) },
          { key: 'lote', dataIndex: 'loteId', title: 'Lote', render: (v) => nameOf('lote', v) },
          { key: 'tipo', dataIndex: 'tipo', title: 'Tipo', render: (v) => TIPOS.find((t) => t.value === v)?.label ?? v },
          { key: 'quantidade', dataIndex: 'quantidade', title: 'Quantidade', align: 'right', render: formatQuantity },
          { key: 'custoUnitario', dataIndex: 'custoUnitario', title: 'Custo', align: 'right', render: (v) => (v ? formatBRL(v) : '') },
        ]}
      />
    </Space>
  );
}

/**
 * Entrada de nota fiscal: the posted entries of the branch by entry date, and the purchases per supplier in the
 * same period; both exported (XLSX/PDF) through the report queue (the server's EntradasNotaFiscal and
 * ComprasPorFornecedor report sources).
 */
function EntradaNotaFiscal() {
  const [periodo, setPeriodo] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const de = periodo?.[0]?.format('YYYY-MM-DD');
  const ate = periodo?.[1]?.format('YYYY-MM-DD');
  const where = { ...(de ? { de } : {}), ...(ate ? { ate } : {}) };
  const and: Row[] = [{ estado: 'efetivada' }];
  if (de) and.push({ dataEmissao: { gte: de } });
  if (ate) and.push({ dataEmissao: { lte: ate } });
  const entradas = useList<Row>('EntradasNota', { where: { and }, order: 'numero DESC', limit: 200 });
  const porFornecedor = useSWR(['compras-por-fornecedor', de ?? null, ate ?? null], async () => (await api.get<Row[]>('EntradasNota/compras-por-fornecedor', { params: where })).data);
  const [nomes, setNomes] = useState(0);
  const ids = (entradas.data ?? []).map((e) => e.fornecedorId as number);
  const chave = ids.join(',');
  useEffect(() => {
    if (ids.length) void loadNames('fornecedor', ids).then(() => setNomes((n) => n + 1));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chave]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="relatorio-entradas" key={nomes}>
      <Space wrap>
        <DatePicker.RangePicker format="DD/MM/YYYY" value={periodo} onChange={(v) => setPeriodo(v as [Dayjs | null, Dayjs | null] | null)} />
        <ExportButtons endpoint="EntradasNotaFiscal" name="Entradas de nota fiscal" filter={{ where }} />
      </Space>
      <ListTable<Row>
        list={entradas}
        empty="Nenhuma entrada de nota fiscal lançada no período."
        // antd's own pages of 10 (the list reads up to 200 entries)
        pagination={{}}
        columns={[
          { key: 'dataEmissao', dataIndex: 'dataEmissao', title: 'Emissão', render: (v) => formatDate(v) },
          { key: 'numero', dataIndex: 'numero', title: 'Entrada nº' },
          { key: 'numeroNota', dataIndex: 'numeroNota', title: 'Nota' },
          { key: 'fornecedorId', dataIndex: 'fornecedorId', title: 'Fornecedor', render: (v) => nameOf('fornecedor', v) },
          { key: 'valorTotal', dataIndex: 'valorTotal', title: 'Valor da nota', align: 'right', render: (v) => (v ? formatBRL(v) : '') },
        ]}
      />
      <Space wrap style={{ marginTop: 16 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {reportDoc('ComprasPorFornecedor').title}
        </Typography.Title>
        <ExportButtons endpoint="ComprasPorFornecedor" name={reportDoc('ComprasPorFornecedor').title} filter={{ where }} />
      </Space>
      <ListTable<Row> list={porFornecedor} empty={reportDoc('ComprasPorFornecedor').vazio} rowKey="cpfCnpj" columns={colunasDoRelatorio<Row>('ComprasPorFornecedor')} />
    </Space>
  );
}

const ResourceListPage = lazy(loadListPage);

/**
 * Produtos alterados: the price history's read-only grid (its own filters, search and XLSX/PDF export through
 * the report queue), the same screen as its route, here among the other stock reports.
 */
function ProdutosAlterados() {
  return (
    <Suspense fallback={<Spin />}>
      <ResourceListPage name="precoHistorico" />
    </Suspense>
  );
}

const TABS = [
  { key: 'posicao', label: 'Posição de estoque', path: '/pages/relatorios/estoque/menu' },
  { key: 'movimentacao', label: 'Movimentação de estoque', path: '/pages/relatorios/estoque/movimentacao-estoque' },
  { key: 'alterados', label: 'Produtos alterados', path: '/pages/relatorios/estoque/produtos-alterados' },
  { key: 'entrada', label: 'Entrada de nota fiscal', path: '/pages/relatorios/estoque/entrada-nota-fiscal' },
];

/** Relatórios > Estoque: posição, movimentação, produtos alterados and entradas de nota fiscal, one tab per route. */
export default function RelatoriosEstoquePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((t) => location.pathname === t.path)?.key ?? 'posicao';
  return (
    <Card>
      <PageTitle>Relatórios de estoque</PageTitle>
      <Tabs
        activeKey={active}
        onChange={(k) => navigate(TABS.find((t) => t.key === k)!.path)}
        items={[
          { key: 'posicao', label: 'Posição de estoque', children: active === 'posicao' ? <Posicao /> : null },
          { key: 'movimentacao', label: 'Movimentação de estoque', children: active === 'movimentacao' ? <Movimentacao /> : null },
          { key: 'alterados', label: 'Produtos alterados', children: active === 'alterados' ? <ProdutosAlterados /> : null },
          { key: 'entrada', label: 'Entrada de nota fiscal', children: active === 'entrada' ? <EntradaNotaFiscal /> : null },
        ]}
      />
    </Card>
  );
}
