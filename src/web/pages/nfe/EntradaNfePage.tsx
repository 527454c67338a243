import { Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { api } from '../../api/client.ts';
import { listPath } from '../../api/hooks.ts';
import { ArquivosNota, colunasNota, GradeNotas, SituacaoNota, type NotaLista } from './notas-colunas.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

type Nota = NotaLista;

/**
 * pages/nfe/entrada: the NF-e of entry the shop issues itself (tpNF 0: a customer's return with finalidade 4 and the
 * referenced key, goods bought from a rural producer, an own import), issued on the emitir-nfe screen with a
 * natureza of entry; authorised, the goods enter stock by the natureza's movement type.
 */
export default function EntradaNfePage() {
  const navigate = useNavigate();
  const c = colunasNota<Nota>('Remetente');
  const lista = useSWR(listPath('NotasFiscais', { where: { tipoNf: 0 } as never, limit: 200 }), async (u: string) => (await api.get<Nota[]>(u)).data);
  return (
    <div>
      <PageTitle>NF-e de entrada</PageTitle>
      <Typography.Paragraph type="secondary">Notas de entrada emitidas pela própria empresa: devolução de cliente (finalidade 4, com a chave da nota de venda referenciada), compra de produtor rural e importação própria.</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => navigate('/pages/nfe/emitir-nfe?entrada=1')}>
          Emitir NF-e de entrada
        </Button>
      </Space>
      <GradeNotas<Nota>
        lista={lista}
        locale={{ emptyText: 'Nenhuma NF-e de entrada emitida.' }}
        columns={[
          { title: 'Situação', dataIndex: 'status', render: (st: string) => <SituacaoNota status={st} /> },
          c.numero,
          c.serie,
          c.pessoa,
          c.total,
          c.data,
          c.chave,
          {
            title: 'Ações',
            render: (_, n) =>
              n.status === 'rascunho' || n.status === 'rejeitada' ? (
                <Button size="small" onClick={() => navigate(`/pages/nfe/emitir-nfe/editar/${n.id}`)}>
                  Editar
                </Button>
              ) : (
                <Space>
                  <ArquivosNota id={n.id} />
                </Space>
              ),
          },
        ]}
      />
    </div>
  );
}
