import { Alert, Button, Card, Checkbox, DatePicker, Descriptions, Progress, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { useSocketEvent } from '../../api/realtime.ts';
import { openReport, waitForReport, type Relatorio } from '../../reports/export-flow.ts';
import { reportToast } from '../../reports/report-toasts.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { ListaProblemas, type Problema } from './Pendencias.tsx';

interface Previa {
  nfe: number;
  nfce: number;
  entradas: number;
  eventos: number;
  inutilizacoes: number;
  documentos: number;
  pendencias: Problema[];
}

const NOME = 'XML de NF-e';

/**
 * Exportar XML de NF-e (issue 36 item 1; the accountant's landing page, SPEC 2.9): the branch's period as a ZIP of
 * the authorised NF-e/NFC-e, their events, the inutilizações and the entry notes, with resumo.xlsx; built by the
 * export queue (listed in Relatórios exportados) with realtime progress, downloaded when ready.
 */
export default function ExportarXmlNfePage() {
  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs()]);
  const [danfe, setDanfe] = useState(false);
  const [gerando, setGerando] = useState<Relatorio | null>(null);
  const [progresso, setProgresso] = useState<number | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const inicio = periodo[0].format('YYYY-MM-DD');
  const fim = periodo[1].format('YYYY-MM-DD');
  const previa = useSWR(['exportacoes-xml-previa', inicio, fim], async () => (await api.get<Previa>('Exportacoes/xml/previa', { params: { inicio, fim } })).data);
  useSocketEvent<{ data?: { id?: number; feitos: number; total: number } }>(`${gerando?.evento ?? 'exportar-exportacaoXmlNfe'}-zip-progresso`, (m) => {
    if (gerando && m?.data?.id === gerando.id && m.data.total) setProgresso(Math.round((100 * m.data.feitos) / m.data.total));
  });

  const gerar = async () => {
    setErro(null);
    let job: Relatorio;
    try {
      job = (await api.post<Relatorio>('Exportacoes/xml', { inicio, fim, danfe })).data;
    } catch (e) {
      setErro(toApiError(e).message);
      return;
    }
    setGerando(job);
    setProgresso(0);
    reportToast('info', `Gerando ${NOME} ZIP...`);
    const r = await waitForReport(job, { pollMs: 2000 });
    setGerando(null);
    setProgresso(null);
    if (!r.ok) {
      reportToast('error', `Erro ao gerar ${NOME} ZIP`, r.message);
      return;
    }
    reportToast('success', `${NOME} ZIP gerado com sucesso.`);
    await openReport({ ...r.report, descricao: job.descricao }, NOME);
  };

  const p = previa.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <PageTitle>Exportar XML de NF-e</PageTitle>
      <Card>
        <Space wrap align="center">
          <DatePicker.RangePicker
            data-testid="xml-periodo"
            format="DD/MM/YYYY"
            allowClear={false}
            value={periodo}
            onChange={(v) => v?.[0] && v[1] && setPeriodo([v[0], v[1]])}
          />
          <Checkbox checked={danfe} onChange={(e) => setDanfe(e.target.checked)}>
            Incluir o DANFE (PDF) das NF-e
          </Checkbox>
          <Button type="primary" data-testid="xml-gerar" loading={!!gerando} disabled={!p || p.documentos === 0} onClick={() => void gerar()}>
            Gerar arquivo ZIP
          </Button>
        </Space>
        {progresso !== null && <Progress data-testid="xml-progresso" percent={progresso} style={{ marginTop: 16 }} />}
      </Card>
      {erro && <Alert type="error" showIcon title={erro} data-testid="xml-erro" />}
      {previa.error && <Alert type="error" showIcon title={toApiError(previa.error).message} />}
      {!p && !previa.error && <Spin />}
      {p && (
        <Card title="Documentos do período" data-testid="xml-previa">
          {p.documentos === 0 ? (
            <Alert type="info" showIcon title="Nenhum documento fiscal encontrado nesta filial no período: não há arquivo a gerar." />
          ) : (
            <Descriptions size="small" column={5}>
              <Descriptions.Item label="NF-e emitidas">{p.nfe}</Descriptions.Item>
              <Descriptions.Item label="NFC-e">{p.nfce}</Descriptions.Item>
              <Descriptions.Item label="Notas de entrada">{p.entradas}</Descriptions.Item>
              <Descriptions.Item label="Eventos">{p.eventos}</Descriptions.Item>
              <Descriptions.Item label="Inutilizações">{p.inutilizacoes}</Descriptions.Item>
            </Descriptions>
          )}
        </Card>
      )}
      {p && <ListaProblemas titulo="Pendências (estes arquivos ficam fora do ZIP)" tipo="warning" itens={p.pendencias} testId="xml-pendencias" />}
    </Space>
  );
}
