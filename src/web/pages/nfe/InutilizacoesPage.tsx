import { formatDateTime } from '../../../shared/dates.ts';
import { Alert, Button, Card, Input, InputNumber, Space, Table } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { api } from '../../api/client.ts';
import { useEnvio } from '../../api/envio.ts';
import { toast } from '../../dialogs/dialogs.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

interface Inutilizacao {
  id: number;
  serie: number;
  numeroInicial: number;
  numeroFinal: number;
  justificativa: string;
  cStat: string;
  xMotivo: string;
  protocolo: string | null;
  createdAt: string;
}

/** pages/nfe/inutilizacoes: the ranges of numbers inutilised at SEFAZ. */
export function InutilizacoesPage() {
  const navigate = useNavigate();
  const lista = useSWR('Inutilizacoes', async (u: string) => (await api.get<Inutilizacao[]>(u)).data);
  return (
    <div>
      <PageTitle>Inutilizações</PageTitle>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => navigate('/pages/nfe/inutilizacoes/cadastrar')}>
        Inutilizar números
      </Button>
      <Table<Inutilizacao>
        rowKey="id"
        size="small"
        loading={!lista.data && !lista.error}
        dataSource={lista.data ?? []}
        columns={[
          { title: 'Data', dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
          { title: 'Série', dataIndex: 'serie' },
          { title: 'Faixa', render: (_, i) => (i.numeroInicial === i.numeroFinal ? i.numeroInicial : `${i.numeroInicial} a ${i.numeroFinal}`) },
          { title: 'Justificativa', dataIndex: 'justificativa' },
          { title: 'Protocolo', dataIndex: 'protocolo' },
          { title: 'SEFAZ', render: (_, i) => `${i.cStat} - ${i.xMotivo}` },
        ]}
      />
    </div>
  );
}

/** pages/nfe/inutilizacoes/cadastrar: series, range and justification (15 to 255 characters), sent to SEFAZ. */
export function InutilizacaoFormPage() {
  const navigate = useNavigate();
  const [serie, setSerie] = useState<number | null>(1);
  const [inicio, setInicio] = useState<number | null>(null);
  const [fim, setFim] = useState<number | null>(null);
  const [justificativa, setJustificativa] = useState('');
  const { erro, enviando, enviar: envio } = useEnvio();
  const enviar = () =>
    envio(async () => {
      const r = await api.post<Inutilizacao>('Inutilizacoes', { serie, numeroInicial: inicio, numeroFinal: fim ?? inicio, justificativa });
      toast('success', `Números ${r.data.numeroInicial} a ${r.data.numeroFinal} inutilizados (protocolo ${r.data.protocolo}).`);
      navigate('/pages/nfe/inutilizacoes');
    });
  return (
    <div>
      <PageTitle>Cadastrar inutilização</PageTitle>
      <Card size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <span>Série</span>
            <InputNumber aria-label="Série" min={0} max={999} value={serie} onChange={setSerie} />
            <span>Número inicial</span>
            <InputNumber aria-label="Número inicial" min={1} value={inicio} onChange={setInicio} />
            <span>Número final</span>
            <InputNumber aria-label="Número final" min={1} value={fim} onChange={setFim} />
          </Space>
          <Input.TextArea aria-label="Justificativa" placeholder="Justificativa (15 a 255 caracteres)" rows={3} maxLength={255} value={justificativa} onChange={(e) => setJustificativa(e.target.value)} />
          {erro ? <Alert type="error" showIcon title={erro} /> : null}
          <Space>
            <Button type="primary" onClick={enviar} loading={enviando}>
              Inutilizar
            </Button>
            <Button onClick={() => navigate('/pages/nfe/inutilizacoes')}>Voltar</Button>
          </Space>
        </Space>
      </Card>
    </div>
  );
}
export default InutilizacoesPage;
