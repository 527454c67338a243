import { Table, Tag } from 'antd';
import { formatDateTime } from '../../../shared/dates.ts';
import { formatBRL } from '../../../shared/money.ts';
import { useList } from '../../api/hooks.ts';
import { lookupItems } from '../../catalog/registry.ts';

interface Linha {
  id: number;
  dataAlteracao: string;
  variacaoId: number | null;
  produtoDescricao: string;
  precoAnterior: string | null;
  precoNovo: string | null;
  diferencaPercentual: string | null;
  origem: string;
  alteracao: string | null;
  motivo: string | null;
  usuario: string | null;
}

const ORIGENS: Record<string, string> = { inclusao: 'Inclusão do produto', cadastro: 'Cadastro do produto', 'alteracao-preco': 'Alteração de preço em massa', grade: 'Grade do produto' };

/** A product's price history (append-only, newest first): every change of its price or of a SKU's own price. */
export default function ProdutoHistoricoPrecos({ id }: { id: number }) {
  const lista = useList<Linha>('PrecosHistorico', { where: { produtoId: id }, order: 'dataAlteracao DESC', limit: 200 }, { revalidateOnMount: true });
  const origem = (v: string) => (lookupItems('origemPreco') ?? []).find((i) => i.value === v)?.label ?? ORIGENS[v] ?? v;
  return (
    <Table<Linha>
      data-testid="historico-precos"
      size="small"
      rowKey="id"
      loading={lista.isLoading}
      dataSource={lista.data ?? []}
      pagination={{ pageSize: 20, showSizeChanger: false }}
      locale={{ emptyText: 'Nenhuma alteração de preço.' }}
      columns={[
        { title: 'Data', dataIndex: 'dataAlteracao', render: (v) => formatDateTime(v) },
        { title: 'Item', dataIndex: 'produtoDescricao', render: (v, l) => (l.variacaoId ? v : 'Produto') },
        { title: 'Preço anterior', dataIndex: 'precoAnterior', align: 'right', render: (v) => formatBRL(v) },
        { title: 'Preço novo', dataIndex: 'precoNovo', align: 'right', render: (v) => formatBRL(v) },
        { title: 'Variação', dataIndex: 'diferencaPercentual', align: 'right', render: (v) => (v === null ? '' : `${String(v).replace('.', ',')}%`) },
        { title: 'Origem', dataIndex: 'origem', render: (v, l) => <Tag>{l.alteracao ? `${origem(v)}: ${l.alteracao}` : origem(v)}</Tag> },
        { title: 'Motivo', dataIndex: 'motivo' },
        { title: 'Usuário', dataIndex: 'usuario' },
      ]}
    />
  );
}
