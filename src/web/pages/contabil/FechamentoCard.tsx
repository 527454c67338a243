import { Alert, Button, Card, DatePicker, Form, Input, Modal, Select, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { formatDateTime } from '../../../shared/dates.ts';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';

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

/** "Fechar mês" per branch of the current account (issue 37 item 3); reopening is the accountant's, with a reason. */
export function FechamentoCard({ contador }: { contador: boolean }) {
  const periodos = useSWR('contabil/periodos', async () => (await api.get<Periodo[]>('contabil/periodos')).data);
  const filiais = useSWR('Usuarios/filiais', async () => (await api.get<{ id: number; nome: string; apelido: string | null }[]>('Usuarios/filiais')).data);
  const [filialId, setFilialId] = useState<number | undefined>();
  const [mes, setMes] = useState<Dayjs | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [reabrindo, setReabrindo] = useState<Periodo | null>(null);
  const [motivo, setMotivo] = useState('');

  const fechar = async () => {
    setErro(null);
    try {
      const r = (await api.post<{ competencia: string }>('contabil/periodos/fechar', { filialId: filialId ?? filiais.data?.[0]?.id, competencia: mes ? mes.format('MM/YYYY') : '' })).data;
      toast('success', `Mês ${r.competencia} fechado.`);
      await periodos.mutate();
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
          <Button data-testid="fechamento-fechar" type="primary" onClick={fechar}>
            Fechar mês
          </Button>
        </Form.Item>
      </Form>
      <Table<Periodo>
        data-testid="fechamento-tabela"
        rowKey="id"
        size="small"
        dataSource={periodos.data ?? []}
        pagination={false}
        locale={{ emptyText: 'Nenhum mês fechado.' }}
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
