import { formatDateTime } from '../../../shared/dates.ts';
import type { DocumentoEmTransmissao as Documento } from '../../../shared/transmissoes.ts';
import { Alert, Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../api/client.ts';
import { useEnvio } from '../../api/envio.ts';
import { toast } from '../../dialogs/dialogs.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

const SITUACAO: Record<string, { texto: string; cor: string }> = {
  transmitindo: { texto: 'Transmitindo', cor: 'processing' },
  contingencia: { texto: 'Contingência', cor: 'warning' },
  cancelando: { texto: 'Cancelando', cor: 'processing' },
  rejeitado: { texto: 'Rejeitado', cor: 'error' },
};

/** How long a document has waited, in words ("há 3 min", "há 2 h"). */
function idade(desde: string, agora = Date.now()): string {
  const min = Math.max(0, Math.floor((agora - Date.parse(desde)) / 60_000));
  if (min < 1) return 'menos de 1 min';
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  return h < 48 ? `${h} h` : `${Math.floor(h / 24)} dias`;
}

/**
 * pages/nfe/documentos-transmissao: every fiscal document or event SEFAZ/ADN has not settled (issue 34), with its
 * age and last error. "Consultar na SEFAZ" settles one by its key (the recovery the jobs run); "Transmitir de novo"
 * sends a contingency note again with the same key. The list refreshes itself after each action.
 */
export default function DocumentosTransmissaoPage() {
  const lista = useSWR('DocumentosTransmissao', async (u: string) => (await api.get<Documento[]>(u)).data);
  const { erro, enviar } = useEnvio();
  const [ocupado, setOcupado] = useState<string | null>(null);
  const agir = (d: Documento, acao: 'consultar' | 'transmitir') =>
    enviar(async () => {
      setOcupado(`${d.tipo}-${d.id}-${acao}`);
      try {
        const r = await api.post<{ resolvido: boolean; mensagem: string }>(`DocumentosTransmissao/${d.tipo}/${d.id}/${acao}`);
        toast(r.data.resolvido ? 'success' : 'warning', r.data.mensagem);
      } finally {
        setOcupado(null);
        await lista.mutate();
      }
    });
  return (
    <div>
      <PageTitle>Documentos em transmissão</PageTitle>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="Notas e eventos enviados à SEFAZ (ou ao ADN) sem resposta registrada. A recuperação automática consulta cada um pela chave a cada 2 minutos; aqui você consulta um agora."
      />
      {erro ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={erro} /> : null}
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => void lista.mutate()}>Atualizar</Button>
      </Space>
      <Table<Documento>
        rowKey={(d) => `${d.tipo}-${d.id}`}
        size="small"
        loading={!lista.data && !lista.error}
        dataSource={lista.data ?? []}
        locale={{ emptyText: 'Nenhum documento aguardando a SEFAZ.' }}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: 'Documento', dataIndex: 'documento' },
          { title: 'Número', dataIndex: 'numero', render: (n: string | null) => n ?? '—' },
          { title: 'Situação', dataIndex: 'situacao', render: (s: string) => <Tag color={SITUACAO[s]?.cor}>{SITUACAO[s]?.texto ?? s}</Tag> },
          { title: 'Desde', dataIndex: 'desde', render: (d: string) => formatDateTime(d) },
          { title: 'Há', dataIndex: 'desde', render: (d: string) => idade(d) },
          { title: 'Último erro', dataIndex: 'ultimoErro', render: (e: string | null) => e ?? '—' },
          {
            title: 'Ações',
            render: (_, d) => (
              <Space>
                {d.acoes.includes('consultar') ? (
                  <Button size="small" aria-label={`Consultar na SEFAZ ${d.documento} ${d.numero ?? ''}`.trim()} loading={ocupado === `${d.tipo}-${d.id}-consultar`} onClick={() => void agir(d, 'consultar')}>
                    Consultar na SEFAZ
                  </Button>
                ) : null}
                {d.acoes.includes('transmitir') ? (
                  <Button size="small" aria-label={`Transmitir de novo ${d.documento} ${d.numero ?? ''}`.trim()} loading={ocupado === `${d.tipo}-${d.id}-transmitir`} onClick={() => void agir(d, 'transmitir')}>
                    Transmitir de novo
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
