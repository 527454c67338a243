import { Alert, Button, Card, DatePicker, Form, Input, List, Modal, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { formatDateTime } from '../../../shared/dates.ts';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { baixarArquivo } from '../exportacoes/baixar.ts';

interface Periodo {
  id: number;
  filialId: number;
  filial: string;
  competencia: string;
  situacao: 'fechado' | 'reaberto';
  fechadoEm: string;
  fechadoPor: string | null;
  reabertoEm: string | null;
  reabertoPor: string | null;
  motivo: string | null;
}

interface ItemChecklist {
  chave: string;
  titulo: string;
  ok: boolean;
  bloqueia: boolean;
  detalhe: string;
  rota: string | null;
}
interface Checklist {
  competencia: string;
  filial: string;
  itens: ItemChecklist[];
  podeFechar: boolean;
}
interface ArquivoFechamento {
  id: number;
  tipo: string;
  nome: string;
  situacao: 'gerado' | 'enfileirado' | 'vazio' | 'erro';
  relatorioId: number | null;
  detalhe: string | null;
}

const SITUACAO_ARQUIVO: Record<ArquivoFechamento['situacao'], [string, string]> = { gerado: ['Gerado', 'green'], enfileirado: ['Em geração', 'blue'], vazio: ['Sem documentos', 'default'], erro: ['Não gerado', 'red'] };

/** The files attached to a closing: the XML ZIP through the export queue's download, the SPED kept by the closing. */
function ArquivosDoFechamento({ periodoId }: { periodoId: number }) {
  const arquivos = useSWR(`contabil/periodos/${periodoId}/arquivos`, async (url: string) => (await api.get<ArquivoFechamento[]>(url)).data, {
    refreshInterval: (d) => (d?.some((a) => a.situacao === 'enfileirado') ? 2000 : 0),
  });
  const baixar = async (a: ArquivoFechamento) => {
    try {
      if (a.relatorioId) await baixarArquivo(`Relatorios/${a.relatorioId}/arquivo`, `xml-${periodoId}.zip`);
      else await baixarArquivo(`contabil/periodos/${periodoId}/arquivos/${a.id}`, a.nome);
    } catch (err) {
      showError(err);
    }
  };
  return (
    <List
      data-testid={`fechamento-arquivos-${periodoId}`}
      size="small"
      dataSource={arquivos.data ?? []}
      locale={{ emptyText: 'Nenhum arquivo gerado neste fechamento.' }}
      renderItem={(a) => (
        <List.Item
          data-testid={`fechamento-arquivo-${a.tipo}`}
          actions={a.situacao === 'gerado' ? [<Button key="baixar" size="small" onClick={() => baixar(a)}>Baixar</Button>] : []}
        >
          <Space>
            <span>{a.nome}</span>
            <Tag color={SITUACAO_ARQUIVO[a.situacao][1]}>{SITUACAO_ARQUIVO[a.situacao][0]}</Tag>
            {a.detalhe && a.situacao !== 'gerado' ? <span style={{ color: '#888' }}>{a.detalhe}</span> : null}
          </Space>
        </List.Item>
      )}
    />
  );
}

/** "Fechar mês" per branch of the current account (issue 37 item 3); reopening is the accountant's, with a reason. */
export function FechamentoCard({ contador }: { contador: boolean }) {
  const periodos = useSWR('contabil/periodos', async () => (await api.get<Periodo[]>('contabil/periodos')).data);
  const filiais = useSWR('Usuarios/filiais', async () => (await api.get<{ id: number; nome: string; apelido: string | null }[]>('Usuarios/filiais')).data);
  const [filialId, setFilialId] = useState<number | undefined>();
  const [mes, setMes] = useState<Dayjs | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [reabrindo, setReabrindo] = useState<Periodo | null>(null);
  const [motivo, setMotivo] = useState('');
  const filialEscolhida = filialId ?? filiais.data?.[0]?.id;
  const checklistUrl = mes && filialEscolhida ? `contabil/periodos/checklist?filialId=${filialEscolhida}&competencia=${mes.format('MM/YYYY')}` : null;
  const checklist = useSWR(checklistUrl, async (url: string) => (await api.get<Checklist>(url)).data, { revalidateOnFocus: false });

  const fechar = async () => {
    setErro(null);
    try {
      const r = (await api.post<{ competencia: string }>('contabil/periodos/fechar', { filialId: filialId ?? filiais.data?.[0]?.id, competencia: mes ? mes.format('MM/YYYY') : '' })).data;
      toast('success', `Mês ${r.competencia} fechado.`);
      await periodos.mutate();
      await checklist.mutate();
    } catch (err) {
      const e = toApiError(err);
      if (e.status === 400 || e.status === 404) setErro(e.message);
      else showError(err);
    }
  };
  const reabrir = async () => {
    if (!reabrindo) return;
    try {
      await api.post(`contabil/periodos/${reabrindo.id}/reabrir`, { motivo });
      toast('success', `Mês ${reabrindo.competencia} reaberto.`);
      setReabrindo(null);
      setMotivo('');
      await periodos.mutate();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Card title="Fechamento do mês" style={{ marginTop: 16 }}>
      {erro ? <Alert data-testid="fechamento-erro" type="error" showIcon message={erro} style={{ marginBottom: 12 }} /> : null}
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label="Filial">
          <Select
            data-testid="fechamento-filial"
            style={{ width: 200 }}
            value={filialId ?? filiais.data?.[0]?.id}
            onChange={setFilialId}
            options={(filiais.data ?? []).map((f) => ({ value: f.id, label: f.apelido || f.nome }))}
          />
        </Form.Item>
        <Form.Item label="Mês">
          <DatePicker data-testid="fechamento-mes" picker="month" format="MM/YYYY" value={mes} onChange={setMes} />
        </Form.Item>
        <Form.Item>
          <Button data-testid="fechamento-fechar" type="primary" onClick={fechar} disabled={!checklist.data?.podeFechar}>
            Fechar mês
          </Button>
        </Form.Item>
      </Form>
      {checklist.error ? <Alert type="error" showIcon message={toApiError(checklist.error).message} style={{ marginBottom: 12 }} /> : null}
      {checklistUrl ? (
        <List
          data-testid="fechamento-checklist"
          header={<strong>{checklist.data ? `Checklist de ${checklist.data.competencia} — ${checklist.data.filial}` : 'Conferindo o mês…'}</strong>}
          loading={checklist.isLoading}
          size="small"
          bordered
          style={{ marginBottom: 12 }}
          dataSource={checklist.data?.itens ?? []}
          renderItem={(i) => (
            <List.Item data-testid={`checklist-${i.chave}`} data-ok={i.ok ? 'sim' : 'nao'} extra={!i.ok && i.rota ? <Link to={`/${i.rota}`}>Corrigir</Link> : null}>
              <Space align="start">
                <Tag color={i.ok ? 'green' : i.bloqueia ? 'red' : 'gold'}>{i.ok ? 'OK' : i.bloqueia ? 'Pendente' : 'Atenção'}</Tag>
                <span>
                  <strong>{i.titulo}</strong>
                  <br />
                  {i.detalhe}
                </span>
              </Space>
            </List.Item>
          )}
        />
      ) : (
        <Alert type="info" showIcon message="Escolha a filial e o mês para conferir o checklist do fechamento." style={{ marginBottom: 12 }} />
      )}
      <Table<Periodo>
        data-testid="fechamento-tabela"
        rowKey="id"
        size="small"
        dataSource={periodos.data ?? []}
        pagination={false}
        locale={{ emptyText: 'Nenhum mês fechado.' }}
        expandable={{ expandedRowRender: (p) => <ArquivosDoFechamento periodoId={p.id} />, expandRowByClick: true }}
        columns={[
          { title: 'Mês', dataIndex: 'competencia' },
          { title: 'Filial', dataIndex: 'filial' },
          { title: 'Situação', render: (_, p) => (p.situacao === 'fechado' ? <Tag color="red">Fechado</Tag> : <Tag>Reaberto</Tag>) },
          { title: 'Fechado', render: (_, p) => `${formatDateTime(p.fechadoEm)}${p.fechadoPor ? ` por ${p.fechadoPor}` : ''}` },
          { title: 'Reaberto', render: (_, p) => (p.reabertoEm ? `${formatDateTime(p.reabertoEm)} por ${p.reabertoPor ?? ''}: ${p.motivo ?? ''}` : '') },
          {
            title: 'Ações',
            render: (_, p) =>
              contador && p.situacao === 'fechado' ? (
                <Button size="small" onClick={() => setReabrindo(p)}>
                  Reabrir
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal open={!!reabrindo} title={`Reabrir ${reabrindo?.competencia ?? ''}`} okText="Reabrir" cancelText="Cancelar" onOk={reabrir} onCancel={() => setReabrindo(null)} destroyOnHidden>
        <Input.TextArea data-testid="reabrir-motivo" placeholder="Motivo da reabertura" value={motivo} onChange={(e) => setMotivo(e.target.value)} maxLength={500} />
      </Modal>
    </Card>
  );
}
