import { Alert, Button, DatePicker, Dropdown, Input, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { api, openInNewTab } from '../../api/client.ts';
import { listPath } from '../../api/hooks.ts';
import { showError, textInputDialog, toast, confirmDialog } from '../../dialogs/dialogs.tsx';
import { STATUS_NOTA } from '../../../shared/fiscal/nota-fiscal.ts';
import { ArquivosNota, colunasNota, GradeNotas, SituacaoNota, type NotaLista } from './notas-colunas.tsx';
import { RejeicaoSefaz, type Rejeicao } from './RejeicaoSefaz.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

interface Nota extends NotaLista {
  sequenciaCce: number;
  tipoEmissao?: number;
  contingencia?: { autorizador: string; pendente: boolean } | null;
  pedidoId: number | null;
  rejeicao?: (Rejeicao & { epec?: { motivo: string; serie: number; numero: number } }) | null;
  /** the EPEC was refused: the note keeps its number until it is sent again or the number is inutilised */
  numeroMantido?: boolean;
}

/** Why a denied note has neither cancel nor transmit again (the tooltip of its disabled actions and its row's text). */
export const MOTIVO_DENEGADA = 'Uso denegado pela SEFAZ: a nota não pode ser cancelada nem transmitida de novo, e o número foi consumido.';

/** A rejected note's SEFAZ answer under its row; a refused EPEC says the note is not valid and what to do; a denied one why. */
function RejeicaoDaNota({ n, reenviar, inutilizar }: { n: Nota; reenviar: (n: Nota) => void; inutilizar: (n: Nota) => void }) {
  if (!n.rejeicao) return null;
  if (n.status === 'denegada')
    return (
      <div>
        <Alert data-testid={`denegada-${n.id}`} type="warning" showIcon style={{ marginBottom: 8 }} title={`NF-e ${n.numero} série ${n.serie}: ${MOTIVO_DENEGADA}`} />
        <RejeicaoSefaz rejeicao={n.rejeicao} testId={`rejeicao-nota-${n.id}`} rotulo="Denegação" />
      </div>
    );
  const epec = n.numeroMantido && n.rejeicao.epec;
  return (
    <div>
      {epec ? (
        <Alert
          data-testid={`epec-recusada-${n.id}`}
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={`EPEC recusada: a NF-e ${n.numero} série ${n.serie} não vale como documento fiscal e o DANFE não pode ser impresso.`}
          description={
            <Space direction="vertical">
              <span>A SEFAZ estava indisponível e o Ambiente Nacional recusou o registro da EPEC. O número {n.numero} continua reservado para esta nota: transmita de novo quando a SEFAZ voltar (o mesmo número é usado), ou inutilize o número e emita a nota depois com outro.</span>
              <Space>
                <Button size="small" type="primary" onClick={() => reenviar(n)}>
                  Transmitir de novo
                </Button>
                <Button size="small" danger onClick={() => inutilizar(n)}>
                  Inutilizar número {n.numero}
                </Button>
              </Space>
            </Space>
          }
        />
      ) : null}
      <RejeicaoSefaz rejeicao={n.rejeicao} testId={`rejeicao-nota-${n.id}`} />
    </div>
  );
}

/**
 * pages/nfe/notas-processadas: the branch's notes with filters (status, number, recipient, period); per note XML and
 * DANFE, e-mail, carta de correção, cancel and consult at SEFAZ.
 */
export default function NotasProcessadasPage({ vendas = false }: { vendas?: boolean }) {
  const navigate = useNavigate();
  // Vendas > Nota fiscal: the same grid over the notes of sales orders (a note of an order is cancelled with the order).
  const c = colunasNota<Nota>('Destinatário');
  const base = vendas ? '/pages/vendas/nota-fiscal' : '/pages/nfe/emitir-nfe';
  const [status, setStatus] = useState<string | undefined>();
  const [numero, setNumero] = useState('');
  const [nome, setNome] = useState('');
  const [periodo, setPeriodo] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const where = useMemo(() => {
    const w: Record<string, unknown> = {};
    if (vendas) w.origem = 'vendas';
    if (status) w.status = status;
    if (/^\d+$/.test(numero)) w.numero = Number(numero);
    if (nome.trim()) w.destinatarioNome = nome.trim();
    if (periodo?.[0] || periodo?.[1]) w.dataEmissao = { ...(periodo?.[0] ? { gte: periodo[0].startOf('day').toISOString() } : {}), ...(periodo?.[1] ? { lte: periodo[1].endOf('day').toISOString() } : {}) };
    return w;
  }, [vendas, status, numero, nome, periodo]);
  const chave = listPath('NotasFiscais', { where: where as never, limit: 200 });
  // Always asked again on opening: a note transmitted a moment ago (emitir-nfe navigates here on authorisation) must be
  // listed even within SWR's 2-second deduping of the same key, which showed the list cached before the transmission.
  const lista = useSWR(chave, async (u: string) => (await api.get<Nota[]>(u)).data, { dedupingInterval: 0 });

  const executar = async (fn: () => Promise<void>) => {
    try {
      await fn();
      await lista.mutate();
    } catch (e) {
      showError(e);
    }
  };
  const cancelar = (n: Nota) =>
    executar(async () => {
      const j = await textInputDialog({ title: `Cancelar a NF-e ${n.numero}? O cancelamento é enviado à SEFAZ e não pode ser desfeito.`, label: 'Justificativa (15 a 255 caracteres)', min: 15, max: 255 });
      if (!j) return;
      await api.post(`NotasFiscais/${n.id}/cancelar`, { justificativa: j });
      toast('success', `NF-e ${n.numero} cancelada.`);
    });
  const cce = (n: Nota) =>
    executar(async () => {
      const t = await textInputDialog({ title: `Carta de correção da NF-e ${n.numero} (nº ${n.sequenciaCce + 1}): enviada à SEFAZ, não pode ser desfeita.`, label: 'Correção (15 a 1000 caracteres)', min: 15, max: 1000 });
      if (!t) return;
      const r = await api.post<{ sequencia: number }>(`NotasFiscais/${n.id}/carta-correcao`, { correcao: t });
      toast('success', `Carta de correção nº ${r.data.sequencia} registrada.`);
    });
  const email = (n: Nota) =>
    executar(async () => {
      const para = await textInputDialog({ title: `Enviar a NF-e ${n.numero} por e-mail`, label: 'E-mail (vazio: o do cadastro do cliente)', min: 0, max: 200 });
      if (para === null) return;
      const r = await api.post<{ enviados: string[] }>(`NotasFiscais/${n.id}/enviar-email`, para ? { email: para } : {});
      toast('success', `XML e DANFE enviados para ${r.data.enviados.join(', ')}.`);
    });
  const consultar = (n: Nota) =>
    executar(async () => {
      const r = await api.post<{ cStat: string; xMotivo: string }>(`NotasFiscais/${n.id}/consultar`);
      toast('info', `SEFAZ: ${r.data.cStat} - ${r.data.xMotivo}`);
    });
  const transmitirPendentes = () =>
    executar(async () => {
      const r = (await api.post<{ autorizadas: number[]; rejeitadas: { cStat: string; xMotivo: string }[]; pendentes: number }>('NotasFiscais/transmitirPendentes')).data;
      const partes = [`${r.autorizadas.length} autorizada(s)`, ...(r.rejeitadas.length ? [`${r.rejeitadas.length} rejeitada(s)`] : []), ...(r.pendentes ? [`${r.pendentes} ainda pendente(s): a SEFAZ continua indisponível`] : [])];
      toast(r.pendentes || r.rejeitadas.length ? 'warning' : 'success', `Notas em contingência: ${partes.join(', ')}.`);
    });
  const reenviar = (n: Nota) =>
    executar(async () => {
      const r = (await api.post<{ autorizada: boolean; nota: { numero: number; status: string }; rejeicao?: Rejeicao }>(`NotasFiscais/${n.id}/transmitir`)).data;
      if (r.autorizada) toast('success', r.nota.status === 'contingencia' ? `NF-e ${r.nota.numero} emitida em contingência.` : `NF-e ${r.nota.numero} autorizada.`);
      else toast('error', `A SEFAZ rejeitou a NF-e: ${r.rejeicao?.cStat} - ${r.rejeicao?.xMotivo}`);
    });
  const inutilizarNumero = (n: Nota) =>
    executar(async () => {
      const j = await textInputDialog({ title: `Inutilizar o número ${n.numero} da série ${n.serie}? A inutilização é enviada à SEFAZ e não pode ser desfeita.`, label: 'Justificativa (15 a 255 caracteres)', min: 15, max: 255 });
      if (!j) return;
      await api.post('Inutilizacoes', { serie: n.serie, numeroInicial: n.numero, numeroFinal: n.numero, justificativa: j });
      toast('success', `Número ${n.numero} inutilizado; a nota pode ser transmitida de novo com outro número.`);
    });
  const [abertas, setAbertas] = useState<number[]>([]);
  const expandidas = useMemo(() => [...new Set([...(lista.data ?? []).filter((n) => n.status === 'rejeitada' && n.numeroMantido).map((n) => n.id), ...abertas])], [lista.data, abertas]);
  const excluir = (n: Nota) =>
    executar(async () => {
      if (!(await confirmDialog({ title: 'Excluir este rascunho?', danger: true }))) return;
      await api.delete(`NotasFiscais/${n.id}`);
    });

  return (
    <div>
      <PageTitle>{vendas ? 'Nota fiscal' : 'Notas processadas'}</PageTitle>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select aria-label="Situação" allowClear placeholder="Situação" style={{ width: 160 }} value={status} onChange={setStatus} options={Object.entries(STATUS_NOTA).map(([value, label]) => ({ value, label }))} />
        <Input aria-label="Número" placeholder="Número" style={{ width: 110 }} value={numero} onChange={(e) => setNumero(e.target.value)} />
        <Input aria-label="Destinatário" placeholder="Destinatário" style={{ width: 220 }} value={nome} onChange={(e) => setNome(e.target.value)} />
        <DatePicker.RangePicker aria-label="Período" format="DD/MM/YYYY" value={periodo} onChange={(v) => setPeriodo(v as [Dayjs | null, Dayjs | null] | null)} />
        <Button type="primary" onClick={() => navigate(vendas ? `${base}/cadastrar` : base)}>
          Emitir NF-e
        </Button>
        {lista.data?.some((n) => n.status === 'contingencia') ? (
          <Button onClick={transmitirPendentes}>Transmitir pendentes</Button>
        ) : null}
      </Space>
      <GradeNotas<Nota>
        lista={lista}
        expandable={{
          // No expand column (the grid's columns stay where they were): 'Ver rejeição' in Ações opens the row.
          showExpandColumn: false,
          rowExpandable: (n) => (n.status === 'rejeitada' || n.status === 'denegada') && !!n.rejeicao,
          expandedRowKeys: expandidas,
          expandedRowRender: (n) => <RejeicaoDaNota n={n} reenviar={reenviar} inutilizar={inutilizarNumero} />,
        }}
        columns={[
          {
            title: 'Situação',
            dataIndex: 'status',
            render: (s: string, n) => (
              <>
                <SituacaoNota status={s} />
                {n.tipoEmissao && n.tipoEmissao !== 1 ? <Tag color="gold" title={n.contingencia?.autorizador}>Emitida em contingência</Tag> : null}
              </>
            ),
          },
          c.numero,
          c.serie,
          c.chave,
          c.pessoa,
          ...(vendas ? [{ title: 'Pedido', dataIndex: 'pedidoId', render: (p: number | null) => (p ? <a onClick={() => navigate(`/pages/vendas/pedido-vendas/editar/${p}`)}>Abrir pedido</a> : null) }] : []),
          c.total,
          c.data,
          {
            title: 'Ações',
            render: (_, n) =>
              n.status === 'transmitindo' ? (
                <Typography.Text type="secondary">Aguardando a SEFAZ</Typography.Text>
              ) : n.status === 'denegada' ? (
                // Denied: SEFAZ spent the number; nothing to cancel, correct or send again (the server refuses them too).
                <Space>
                  <Button size="small" onClick={() => openInNewTab(`/api/NotasFiscais/${n.id}/xml`)}>
                    XML
                  </Button>
                  {n.rejeicao ? (
                    <Button size="small" onClick={() => setAbertas((a) => (a.includes(n.id) ? a.filter((x) => x !== n.id) : [...a, n.id]))}>
                      {abertas.includes(n.id) ? 'Ocultar motivo' : 'Ver motivo'}
                    </Button>
                  ) : null}
                  <Dropdown
                    menu={{
                      items: [
                        { key: 'cancelar', label: 'Cancelar: indisponível (uso denegado)', title: MOTIVO_DENEGADA, danger: true, disabled: true },
                        { key: 'transmitir', label: 'Transmitir de novo: indisponível (uso denegado)', title: MOTIVO_DENEGADA, disabled: true },
                        { key: 'consultar', label: 'Consultar na SEFAZ', onClick: () => consultar(n) },
                      ],
                    }}
                  >
                    <Button size="small" aria-label={`Mais ações da NF-e ${n.numero}`} title={MOTIVO_DENEGADA}>
                      Mais
                    </Button>
                  </Dropdown>
                </Space>
              ) : n.status === 'rascunho' || n.status === 'rejeitada' ? (
                <Space>
                  <Button size="small" onClick={() => navigate(`${base}/editar/${n.id}`)}>
                    Editar
                  </Button>
                  {n.status === 'rejeitada' && n.rejeicao && !n.numeroMantido ? (
                    <Button size="small" onClick={() => setAbertas((a) => (a.includes(n.id) ? a.filter((x) => x !== n.id) : [...a, n.id]))}>
                      {abertas.includes(n.id) ? 'Ocultar rejeição' : 'Ver rejeição'}
                    </Button>
                  ) : null}
                  {n.numeroMantido ? null : (
                    <Button size="small" danger onClick={() => excluir(n)}>
                      Excluir
                    </Button>
                  )}
                </Space>
              ) : (
                <Space>
                  <ArquivosNota id={n.id} />
                  <Dropdown
                    menu={{
                      items: [
                        { key: 'email', label: 'Enviar por e-mail', onClick: () => email(n) },
                        { key: 'cce', label: 'Carta de correção', disabled: n.status !== 'autorizada', onClick: () => cce(n) },
                        ...(n.pedidoId ? [] : [{ key: 'cancelar', label: 'Cancelar', danger: true, disabled: n.status !== 'autorizada', onClick: () => cancelar(n) }]),
                        { key: 'consultar', label: 'Consultar na SEFAZ', onClick: () => consultar(n) },
                      ],
                    }}
                  >
                    <Button size="small" aria-label={`Mais ações da NF-e ${n.numero}`}>
                      Mais
                    </Button>
                  </Dropdown>
                </Space>
              ),
          },
        ]}
      />
    </div>
  );
}
