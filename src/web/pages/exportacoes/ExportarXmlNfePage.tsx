import { Alert, Button, Card, Checkbox, DatePicker, Descriptions, Input, Progress, Space, Spin, Table, Tag } from 'antd';
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

interface Envio {
  id: number;
  email: string;
  inicio: string;
  fim: string;
  situacao: 'pendente' | 'enviado' | 'falhou';
  modo: 'anexo' | 'link' | null;
  tentativas: number;
  ultimoErro: string | null;
  arquivos: string[] | null;
}
const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const SITUACAO_ENVIO = { pendente: ['Na fila', 'processing'], enviado: ['Enviado', 'success'], falhou: ['Falhou', 'error'] } as const;

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
  // The last ZIP built on this screen: it can be e-mailed to the accountant (with the month's SPED/Sintegra).
  const [pronto, setPronto] = useState<Relatorio | null>(null);
  const [email, setEmail] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [avisoEnvio, setAvisoEnvio] = useState<{ tipo: 'success' | 'error'; texto: string } | null>(null);
  const contador = useSWR('exportacoes-contador', async () => (await api.get<{ email?: string; nome?: string | null }>('Exportacoes/contador')).data);
  const envios = useSWR('exportacoes-envios', async () => (await api.get<Envio[]>('Exportacoes/envios')).data, { refreshInterval: (l) => (l?.some((e) => e.situacao === 'pendente') ? 3000 : 0) });
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
    setPronto({ ...r.report, descricao: job.descricao });
    await openReport({ ...r.report, descricao: job.descricao }, NOME);
  };

  const enviar = async () => {
    if (!pronto) return;
    setAvisoEnvio(null);
    setEnviando(true);
    try {
      const r = (await api.post<{ email: string; arquivos: string[] }>('Exportacoes/email', { relatorioId: pronto.id, email: email.trim() || undefined })).data;
      setAvisoEnvio({ tipo: 'success', texto: `Envio para ${r.email} na fila: ${r.arquivos.join(', ')}.` });
      await envios.mutate();
    } catch (e) {
      setAvisoEnvio({ tipo: 'error', texto: toApiError(e).message });
    } finally {
      setEnviando(false);
    }
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
      <Card title="Enviar ao contador por e-mail" data-testid="xml-envio">
        <Space wrap align="center">
          <Input
            data-testid="xml-envio-email"
            style={{ width: 320 }}
            maxLength={120}
            value={email}
            placeholder={contador.data?.email ?? 'e-mail do contador'}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button data-testid="xml-enviar" disabled={!pronto} loading={enviando} onClick={() => void enviar()}>
            Enviar ao contador
          </Button>
        </Space>
        <div style={{ marginTop: 8, color: 'rgba(0,0,0,0.55)' }}>
          {pronto
            ? `Envia o ZIP gerado (${pronto.descricao}) e os arquivos SPED e Sintegra já baixados dos meses do período; arquivos grandes seguem como link de download.`
            : 'Gere o arquivo ZIP do período para enviá-lo; o e-mail sugerido é o do contador cadastrado em Contábil.'}
        </div>
        {avisoEnvio && <Alert style={{ marginTop: 8 }} type={avisoEnvio.tipo} showIcon title={avisoEnvio.texto} data-testid="xml-envio-aviso" />}
        {!!envios.data?.length && (
          <Table<Envio>
            style={{ marginTop: 8 }}
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={envios.data}
            data-testid="xml-envios"
            columns={[
              { title: 'E-mail', dataIndex: 'email' },
              { title: 'Período', render: (_, e) => `${br(e.inicio)} a ${br(e.fim)}` },
              { title: 'Arquivos', render: (_, e) => (e.arquivos ?? []).join(', ') },
              { title: 'Situação', render: (_, e) => <Tag color={SITUACAO_ENVIO[e.situacao][1]}>{SITUACAO_ENVIO[e.situacao][0]}{e.modo === 'link' ? ' (link)' : ''}</Tag> },
              { title: 'Último erro', dataIndex: 'ultimoErro' },
            ]}
          />
        )}
      </Card>
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
