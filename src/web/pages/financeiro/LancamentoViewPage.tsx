import { CheckOutlined, DeleteOutlined, DownloadOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Spin, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { keyOf } from '../../api/params.ts';
import { toApiError } from '../../api/errors.ts';
import { getUser, may } from '../../api/session.ts';
import { useSomenteLeitura } from '../../assinatura/assinatura.ts';
import { confirmDialog, showError, toast } from '../../dialogs/dialogs.tsx';
import { lookupLabel } from '../../catalog/registry.ts';
import { useLookups } from '../../renderer/use-lookups.ts';
import { BaixaModal } from './BaixaModal.tsx';
import { reloadFinanceiro, TIPO_TEXTO, useSaldos, type ParcelaRow } from './financeiro-api.ts';
import { readAsDataUrl } from '../../api/files.ts';
import { coluna } from '../../ui/colunas.ts';
import { RowsTable } from '../../ui/ListTable.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

interface Parcela {
  id: number;
  numero: number;
  vencimento: string;
  valor: string;
  valorBaixado: string;
  valorAberto: string;
  status: string;
}
interface Baixa {
  id: number;
  parcelaId: number;
  contaId: number;
  data: string;
  valor: string;
  principal: string;
  juros: string;
  multa: string;
  desconto: string;
  estornoDe: number | null;
}
interface Lancamento {
  id: number;
  tipo: 0 | 1;
  descricao: string;
  documento: string | null;
  dataEmissao: string;
  competencia: string;
  valorTotal: string;
  cancelado: boolean;
  contaId: number | null;
  parcelas: Parcela[];
  baixas: Baixa[];
}
interface Anexo {
  id: number;
  nome: string;
  tamanho: number;
}

const STATUS_COR: Record<string, string> = { pago: 'green', atrasado: 'red', parcial: 'gold', aberto: 'blue', cancelado: 'default' };

/** pages/financeiro/lancamentos/visualizar/:id: a lançamento, its parcelas, its baixas (and estornos) and its attachments. */
export default function LancamentoViewPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  useLookups(['statusParcela']);
  const user = useSomenteLeitura() ? null : getUser();
  const pode = may(user, 'app.lancamento', 'change');
  const podeEstornar = may(user, 'app.lancamento', 'full');
  const l = useSWR<Lancamento>(keyOf('financeiro', 'Lancamentos', id), async () => (await api.get<Lancamento>(`Lancamentos/${id}`)).data);
  const anexos = useSWR<Anexo[]>(keyOf('financeiro', 'anexos', id), async () => (await api.get<Anexo[]>(`Lancamentos/${id}/anexos`)).data);
  const { data: contas } = useSaldos();
  const [baixar, setBaixar] = useState<ParcelaRow[] | null>(null);
  const nomeConta = (cid: number | null) => contas?.find((c) => c.contaId === cid)?.descricao ?? (cid ? `#${cid}` : '');

  if (l.error) return <Typography.Text type="danger">{toApiError(l.error).message}</Typography.Text>;
  if (!l.data) return <Spin />;
  const lanc = l.data;
  const texto = TIPO_TEXTO[lanc.tipo];
  const estornadas = new Set(lanc.baixas.filter((b) => b.estornoDe).map((b) => b.estornoDe));
  const comoLinha = (p: Parcela): ParcelaRow => ({ ...p, lancamentoId: lanc.id, tipo: lanc.tipo, descricao: lanc.descricao, quantidadeParcelas: lanc.parcelas.length, contaId: lanc.contaId });

  const estornar = async (b: Baixa) => {
    if (!(await confirmDialog({ title: 'Estornar baixa?', content: `A baixa de ${formatBRL(b.valor)} em ${formatDate(b.data)} será desfeita por um lançamento inverso.`, danger: true }))) return;
    try {
      await api.post(`Baixas/${b.id}/estornar`, {});
      toast('success', 'Baixa estornada.');
      await reloadFinanceiro();
    } catch (err) {
      showError(err);
    }
  };
  const cancelar = async () => {
    if (!(await confirmDialog({ title: `Cancelar ${texto.singular.toLowerCase()}?`, content: 'As parcelas deixam de ser cobradas. Estorne as baixas antes.', danger: true }))) return;
    try {
      await api.post(`Lancamentos/${lanc.id}/cancelar`, {});
      toast('success', 'Lançamento cancelado.');
      await reloadFinanceiro();
    } catch (err) {
      showError(err);
    }
  };
  const baixarAnexo = async (a: Anexo) => {
    try {
      const r = await api.get(`Lancamentos/${lanc.id}/anexos/${a.id}`, { responseType: 'blob' });
      const url = URL.createObjectURL(r.data as Blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = a.nome;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
    } catch (err) {
      showError(err);
    }
  };
  const removerAnexo = async (a: Anexo) => {
    if (!(await confirmDialog({ title: 'Excluir anexo?', content: `Deseja realmente excluir '${a.nome}'?`, danger: true }))) return;
    try {
      await api.delete(`Lancamentos/${lanc.id}/anexos/${a.id}`);
      await anexos.mutate();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <div data-lancamento={lanc.id}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <PageTitle>{texto.singular}: {lanc.descricao} {lanc.cancelado ? <Tag>Cancelado</Tag> : null}</PageTitle>
        <Space>
          <Button onClick={() => navigate(`/${texto.rota}`)}>Voltar</Button>
          {podeEstornar && !lanc.cancelado ? (
            <Button danger icon={<StopOutlined />} onClick={cancelar}>
              Cancelar lançamento
            </Button>
          ) : null}
        </Space>
      </Space>
      <Descriptions size="small" bordered column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Valor total">{formatBRL(lanc.valorTotal)}</Descriptions.Item>
        <Descriptions.Item label="Emissão">{formatDate(lanc.dataEmissao)}</Descriptions.Item>
        <Descriptions.Item label="Competência">{lanc.competencia.split('-').reverse().join('/')}</Descriptions.Item>
        <Descriptions.Item label="Documento">{lanc.documento ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Conta prevista">{nomeConta(lanc.contaId)}</Descriptions.Item>
      </Descriptions>
      <Card size="small" title="Parcelas" style={{ marginBottom: 16 }}>
        <RowsTable<Parcela>
          dataSource={lanc.parcelas}
          columns={[
            { key: 'numero', title: 'Parcela', render: (_, p) => `${p.numero}/${lanc.parcelas.length}` },
            coluna('date', 'vencimento', 'Vencimento'),
            coluna('money', 'valor', 'Valor'),
            coluna('money', 'valorBaixado', 'Baixado'),
            coluna('money', 'valorAberto', 'Em aberto'),
            { key: 'status', title: 'Situação', render: (_, p) => <Tag color={STATUS_COR[p.status]}>{lookupLabel('statusParcela', p.status)}</Tag> },
            {
              key: 'acoes',
              title: 'Ações',
              render: (_, p) =>
                pode && ['aberto', 'parcial', 'atrasado'].includes(p.status) ? (
                  <Button size="small" type="link" icon={<CheckOutlined />} onClick={() => setBaixar([comoLinha(p)])}>
                    Baixar
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      <Card size="small" title="Baixas" style={{ marginBottom: 16 }}>
        <RowsTable<Baixa>
          dataSource={lanc.baixas}
          locale={{ emptyText: 'Nenhuma baixa.' }}
          columns={[
            coluna('date', 'data', 'Data'),
            { key: 'parcela', title: 'Parcela', render: (_, b) => lanc.parcelas.find((p) => p.id === b.parcelaId)?.numero },
            { key: 'conta', title: 'Conta', render: (_, b) => nomeConta(b.contaId) },
            coluna('money', 'valor', 'Valor'),
            coluna('money', 'juros', 'Juros'),
            coluna('money', 'multa', 'Multa'),
            coluna('money', 'desconto', 'Desconto'),
            {
              key: 'acoes',
              title: 'Ações',
              render: (_, b) =>
                b.estornoDe ? (
                  <Tag>Estorno</Tag>
                ) : estornadas.has(b.id) ? (
                  <Tag>Estornada</Tag>
                ) : podeEstornar ? (
                  <Button size="small" type="link" danger icon={<RollbackOutlined />} onClick={() => estornar(b)}>
                    Estornar
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      <Card size="small" title="Anexos">
        <Space direction="vertical" style={{ width: '100%' }}>
          {(anexos.data ?? []).map((a) => (
            <Space key={a.id}>
              <Button type="link" icon={<DownloadOutlined />} onClick={() => baixarAnexo(a)}>
                {a.nome}
              </Button>
              <Typography.Text type="secondary">{(a.tamanho / 1024).toFixed(1).replace('.', ',')} KB</Typography.Text>
              {pode ? <Button size="small" type="text" danger aria-label="Excluir anexo" icon={<DeleteOutlined />} onClick={() => removerAnexo(a)} /> : null}
            </Space>
          ))}
          {pode ? (
            <Upload
              showUploadList={false}
              beforeUpload={async (f) => {
                try {
                  await api.post(`Lancamentos/${lanc.id}/anexos`, { nome: f.name, arquivo: await readAsDataUrl(f) });
                  toast('success', 'Arquivo anexado.');
                  await anexos.mutate();
                } catch (err) {
                  showError(err);
                }
                return false;
              }}
            >
              <Button>Anexar arquivo</Button>
            </Upload>
          ) : null}
        </Space>
      </Card>
      <BaixaModal parcelas={baixar} onClose={() => setBaixar(null)} />
    </div>
  );
}
