import { formatDateTime } from '../../../shared/dates.ts';
import { Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { api, openInNewTab } from '../../api/client.ts';
import { listPath } from '../../api/hooks.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

interface NotaServico {
  id: number;
  numero: number | null;
  chave: string | null;
  numeroDps: number;
  situacao: 'transmitindo' | 'autorizada' | 'rejeitada' | 'cancelando' | 'cancelada';
  rejeicao: { codigo: string; descricao: string; complemento?: string }[] | null;
  tomador: string | null;
  codigoTributacaoNacional: string;
  valorServico: string;
  valorIss: string | null;
  issRetido: boolean;
  valorLiquido: string;
  dataEmissao: string;
  pedidoId: number | null;
}

const SITUACAO: Record<NotaServico['situacao'], { texto: string; cor: string }> = {
  transmitindo: { texto: 'Transmitindo', cor: 'blue' },
  autorizada: { texto: 'Autorizada', cor: 'green' },
  rejeitada: { texto: 'Rejeitada', cor: 'orange' },
  cancelando: { texto: 'Cancelando', cor: 'volcano' },
  cancelada: { texto: 'Cancelada', cor: 'red' },
};
const MOTIVOS = [
  { value: 1, label: 'Erro na emissão' },
  { value: 2, label: 'Serviço não prestado' },
  { value: 9, label: 'Outros' },
];
const brl = (v: string | null) => (v === null ? '' : Number(v).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }));
const data = (iso: string) => formatDateTime(iso);

/**
 * pages/vendas/pedido-vendas/servico (menu NFS-e > Notas de serviço): the branch's NFS-e, issued when a service
 * order is faturado, with number, key and situação; per note the XML, the DANFSe and the cancellation (e101101).
 */
export default function NotasServicoPage() {
  const navigate = useNavigate();
  const [situacao, setSituacao] = useState<string | undefined>();
  const [numero, setNumero] = useState('');
  const [tomador, setTomador] = useState('');
  const [cancelando, setCancelando] = useState<NotaServico | null>(null);
  const [motivo, setMotivo] = useState(1);
  const [justificativa, setJustificativa] = useState('');
  const [enviando, setEnviando] = useState(false);
  const where = useMemo(() => {
    const w: Record<string, unknown> = {};
    if (situacao) w.situacao = situacao;
    if (/^\d+$/.test(numero)) w.numero = Number(numero);
    if (tomador.trim()) w.tomador = tomador.trim();
    return w;
  }, [situacao, numero, tomador]);
  const lista = useSWR(listPath('NotasServico', { where: where as never, limit: 200 }), async (u: string) => (await api.get<NotaServico[]>(u)).data);

  const cancelar = async () => {
    if (!cancelando) return;
    setEnviando(true);
    try {
      await api.post(`NotasServico/${cancelando.id}/cancelar`, { motivo, justificativa });
      toast('success', `NFS-e ${cancelando.numero} cancelada.`);
      setCancelando(null);
      await lista.mutate();
    } catch (e) {
      showError(e);
    } finally {
      setEnviando(false);
    }
  };
  const curta = justificativa.trim().length < 15;

  return (
    <div>
      <PageTitle>Notas de serviço</PageTitle>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select aria-label="Situação" allowClear placeholder="Situação" style={{ width: 160 }} value={situacao} onChange={setSituacao} options={Object.entries(SITUACAO).map(([value, s]) => ({ value, label: s.texto }))} />
        <Input aria-label="Número" placeholder="Número" style={{ width: 110 }} value={numero} onChange={(e) => setNumero(e.target.value)} />
        <Input aria-label="Tomador" placeholder="Tomador" style={{ width: 220 }} value={tomador} onChange={(e) => setTomador(e.target.value)} />
        <Button type="primary" onClick={() => navigate('/pages/vendas/pedido-vendas/cadastrar/servico')}>
          Emitir NFS-e
        </Button>
      </Space>
      <Table<NotaServico>
        data-testid="notas-servico"
        rowKey="id"
        size="small"
        loading={!lista.data && !lista.error}
        dataSource={lista.data ?? []}
        pagination={{ pageSize: 50 }}
        columns={[
          {
            title: 'Situação',
            dataIndex: 'situacao',
            render: (s: NotaServico['situacao'], n) => (
              <Tag color={SITUACAO[s].cor} title={n.rejeicao?.map((e) => `${e.codigo} - ${e.descricao}${e.complemento ? ` (${e.complemento})` : ''}`).join('; ')}>
                {SITUACAO[s].texto}
              </Tag>
            ),
          },
          { title: 'Número', dataIndex: 'numero' },
          { title: 'Chave de acesso', dataIndex: 'chave', render: (c: string) => <span style={{ fontFamily: 'monospace', fontSize: 11 }}>{c}</span> },
          { title: 'Tomador', dataIndex: 'tomador' },
          { title: 'Valor do serviço', dataIndex: 'valorServico', align: 'right', render: brl },
          { title: 'ISS', align: 'right', render: (_, n) => `${brl(n.valorIss)}${n.issRetido ? ' (retido)' : ''}` },
          { title: 'Emissão', dataIndex: 'dataEmissao', render: data },
          {
            title: 'Ações',
            render: (_, n) => (
              <Space>
                <Button size="small" disabled={!n.chave} onClick={() => openInNewTab(`/api/NotasServico/${n.id}/xml`)}>
                  XML
                </Button>
                <Button size="small" disabled={!n.chave} onClick={() => openInNewTab(`/api/NotasServico/${n.id}/danfse`)}>
                  DANFSe
                </Button>
                <Button
                  size="small"
                  danger
                  disabled={n.situacao !== 'autorizada'}
                  onClick={() => {
                    setMotivo(1);
                    setJustificativa('');
                    setCancelando(n);
                  }}
                >
                  Cancelar
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={cancelando !== null}
        title={cancelando ? `Cancelar a NFS-e ${cancelando.numero}? O pedido de cancelamento vai ao ADN (Sefin Nacional) e não pode ser desfeito.` : ''}
        okText="Cancelar NFS-e"
        cancelText="Voltar"
        okButtonProps={{ danger: true, disabled: curta, loading: enviando }}
        onOk={cancelar}
        onCancel={() => setCancelando(null)}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <label>
            Motivo
            <Select aria-label="Motivo do cancelamento" style={{ width: '100%' }} value={motivo} onChange={setMotivo} options={MOTIVOS} />
          </label>
          <label>
            Justificativa (15 a 255 caracteres)
            <Input.TextArea aria-label="Justificativa" rows={3} maxLength={255} value={justificativa} onChange={(e) => setJustificativa(e.target.value)} />
          </label>
          {curta && <Typography.Text type="secondary">Escreva ao menos 15 caracteres ({justificativa.trim().length} até agora).</Typography.Text>}
        </Space>
      </Modal>
    </div>
  );
}
