import { Card, Table, Tabs, Tag } from 'antd';
import { podeVerCusto } from '../../api/session.ts';
import useSWR from 'swr';
import { TIPO_MOVIMENTACAO } from '../../../../generated/lookups.ts';
import { formatDateTime } from '../../../shared/dates.ts';
import { formatBRL, formatQuantity } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';

type Row = Record<string, any>;
const qtd = formatQuantity;
const TIPOS = new Map<number, string>(TIPO_MOVIMENTACAO.map((t) => [t.value, t.label]));

/** A product's stock, read-only: balance per depósito of the branch, and its ledger with the running balance. */
export default function ProdutoEstoque({ id }: { id: number }) {
  const saldos = useSWR(`estoque:saldos:${id}`, async () => (await api.get<Row[]>('SaldosEstoque/porDeposito', { params: { produtoIds: id } })).data);
  const extrato = useSWR(`estoque:extrato:${id}`, async () => (await api.get<Row[]>('MovimentosEstoque/extrato', { params: { produtoId: id } })).data);
  return (
    <Card size="small" style={{ marginTop: 24 }}>
      <Tabs
        items={[
          {
            key: 'saldos',
            label: 'Estoque por depósito',
            children: (
              <Table
                data-testid="saldos-deposito"
                rowKey="depositoId"
                size="small"
                pagination={false}
                loading={saldos.isLoading}
                dataSource={saldos.data ?? []}
                locale={{ emptyText: 'Sem estoque nesta filial.' }}
                columns={[
                  { key: 'deposito', dataIndex: 'deposito', title: 'Depósito' },
                  { key: 'quantidade', dataIndex: 'quantidade', title: 'Saldo', align: 'right', render: qtd },
                  ...(podeVerCusto() ? [{ key: 'custoMedio', dataIndex: 'custoMedio', title: 'Custo médio', align: 'right' as const, render: (v: string | null) => (v ? formatBRL(v) : '') }] : []),
                  // what confirmed sales orders hold (estoque/reservas.ts) and what is left to sell
                  { key: 'reservado', dataIndex: 'reservado', title: 'Reservado', align: 'right', render: qtd },
                  { key: 'disponivel', dataIndex: 'disponivel', title: 'Disponível', align: 'right', render: qtd },
                ]}
              />
            ),
          },
          {
            key: 'movimentacoes',
            label: 'Movimentações',
            children: (
              <Table
                data-testid="movimentacoes"
                rowKey="id"
                size="small"
                loading={extrato.isLoading}
                dataSource={[...(extrato.data ?? [])].reverse()}
                pagination={{ pageSize: 20, showSizeChanger: false }}
                locale={{ emptyText: 'Nenhuma movimentação.' }}
                columns={[
                  { key: 'createdAt', dataIndex: 'createdAt', title: 'Data', render: (v) => formatDateTime(v) },
                  { key: 'tipo', dataIndex: 'tipo', title: 'Tipo', render: (v, r) => <>{TIPOS.get(v) ?? v}{r.estornoDe ? <Tag style={{ marginLeft: 6 }}>estorno</Tag> : null}</> },
                  { key: 'deposito', dataIndex: 'deposito', title: 'Depósito' },
                  { key: 'lote', dataIndex: 'lote', title: 'Lote' },
                  { key: 'origem', title: 'Documento', render: (_, r) => (r.origemNumero ? `${r.origemRotulo ?? r.origemTipo} nº ${r.origemNumero}` : '') },
                  { key: 'quantidade', dataIndex: 'quantidade', title: 'Quantidade', align: 'right', render: qtd },
                  { key: 'custoUnitario', dataIndex: 'custoUnitario', title: 'Custo', align: 'right', render: (v) => (v ? formatBRL(v) : '') },
                  { key: 'saldoDeposito', dataIndex: 'saldoDeposito', title: 'Saldo no depósito', align: 'right', render: qtd },
                  { key: 'saldo', dataIndex: 'saldo', title: 'Saldo total', align: 'right', render: qtd },
                  { key: 'usuario', dataIndex: 'usuario', title: 'Usuário' },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
