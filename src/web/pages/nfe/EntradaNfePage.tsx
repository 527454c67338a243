import { Button, Space, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { formatDateTime } from '../../../shared/dates.ts';
import { formatBRL } from '../../../shared/money.ts';
import { STATUS_NOTA } from '../../../shared/fiscal/nota-fiscal.ts';
import { api, openInNewTab } from '../../api/client.ts';
import { listPath } from '../../api/hooks.ts';

interface Nota {
  id: number;
  serie: number | null;
  numero: number | null;
  status: keyof typeof STATUS_NOTA;
  chave: string | null;
  destinatarioNome: string | null;
  total: string;
  dataEmissao: string | null;
  createdAt: string;
}
const COR: Record<string, string> = { autorizada: 'green', cancelada: 'red', rejeitada: 'orange', rascunho: 'default', denegada: 'magenta' };

/**
 * pages/nfe/entrada: the NF-e of entry the shop issues itself (tpNF 0: a customer's return with finalidade 4 and the
 * referenced key, goods bought from a rural producer, an own import), issued on the emitir-nfe screen with a
 * natureza of entry; authorised, the goods enter stock by the natureza's movement type.
 */
export default function EntradaNfePage() {
  const navigate = useNavigate();
  const lista = useSWR(listPath('NotasFiscais', { where: { tipoNf: 0 } as never, limit: 200 }), async (u: string) => (await api.get<Nota[]>(u)).data);
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        NF-e de entrada
      </Typography.Title>
      <Typography.Paragraph type="secondary">Notas de entrada emitidas pela própria empresa: devolução de cliente (finalidade 4, com a chave da nota de venda referenciada), compra de produtor rural e importação própria.</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => navigate('/pages/nfe/emitir-nfe?entrada=1')}>
          Emitir NF-e de entrada
        </Button>
      </Space>
      <Table<Nota>
        rowKey="id"
        size="small"
        loading={!lista.data && !lista.error}
        dataSource={lista.data ?? []}
        pagination={{ pageSize: 50 }}
        locale={{ emptyText: 'Nenhuma NF-e de entrada emitida.' }}
        columns={[
          { title: 'Situação', dataIndex: 'status', render: (s: string) => <Tag color={COR[s]}>{STATUS_NOTA[s as keyof typeof STATUS_NOTA] ?? s}</Tag> },
          { title: 'Número', dataIndex: 'numero' },
          { title: 'Série', dataIndex: 'serie' },
          { title: 'Remetente', dataIndex: 'destinatarioNome' },
          { title: 'Total', dataIndex: 'total', align: 'right', render: (v: string) => formatBRL(v) },
          { title: 'Data', render: (_, n) => formatDateTime(n.dataEmissao ?? n.createdAt) },
          { title: 'Chave', dataIndex: 'chave', render: (c: string | null) => <span style={{ fontFamily: 'monospace', fontSize: 11 }}>{c}</span> },
          {
            title: 'Ações',
            render: (_, n) =>
              n.status === 'rascunho' || n.status === 'rejeitada' ? (
                <Button size="small" onClick={() => navigate(`/pages/nfe/emitir-nfe/editar/${n.id}`)}>
                  Editar
                </Button>
              ) : (
                <Space>
                  <Button size="small" onClick={() => openInNewTab(`/api/NotasFiscais/${n.id}/xml`)}>
                    XML
                  </Button>
                  <Button size="small" onClick={() => openInNewTab(`/api/NotasFiscais/${n.id}/danfe`)}>
                    DANFE
                  </Button>
                </Space>
              ),
          },
        ]}
      />
    </div>
  );
}
