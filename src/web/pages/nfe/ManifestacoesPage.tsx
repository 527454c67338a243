import { Alert, Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { formatDate } from '../../../shared/dates.ts';
import { maskCpfCnpj } from '../../../shared/cpf-cnpj.ts';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { confirmDialog, showError, textInputDialog, toast } from '../../dialogs/dialogs.tsx';
import { ChaveAcesso } from './notas-colunas.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

interface NotaDfe {
  id: number;
  chave: string;
  emitenteCnpj: string;
  emitenteNome: string;
  valor: string;
  dataEmissao: string | null;
  situacaoNfe: 'autorizada' | 'denegada' | 'cancelada';
  manifestacao: 'pendente' | 'ciencia' | 'confirmada' | 'desconhecida' | 'nao_realizada';
  xmlCompleto: boolean;
  entradaId: number | null;
  entradaNumero: number | null;
}

/** The question before each manifestação: what is sent to the SEFAZ, and that the shop cannot undo it. */
const PERGUNTA: Record<'ciencia' | 'confirmacao' | 'desconhecimento', (n: NotaDfe) => { title: string; content: string; okText: string }> = {
  ciencia: (n) => ({ title: 'Enviar a ciência da operação?', content: `A SEFAZ registra que a loja tomou ciência da NF-e de ${n.emitenteNome} e libera o XML completo. O evento não pode ser desfeito; depois ainda cabe confirmar, desconhecer ou informar operação não realizada.`, okText: 'Enviar ciência' }),
  confirmacao: (n) => ({ title: 'Enviar a confirmação da operação?', content: `A SEFAZ registra que a loja recebeu a mercadoria da NF-e de ${n.emitenteNome}. A confirmação não pode ser desfeita pela loja.`, okText: 'Enviar confirmação' }),
  desconhecimento: (n) => ({ title: 'Enviar o desconhecimento da operação?', content: `A SEFAZ registra que a loja não reconhece a NF-e de ${n.emitenteNome}. O evento não pode ser desfeito pela loja.`, okText: 'Enviar desconhecimento' }),
};

export const MANIFESTACAO_ROTULO: Record<NotaDfe['manifestacao'], { label: string; color: string }> = {
  pendente: { label: 'Sem manifestação', color: 'gold' },
  ciencia: { label: 'Ciência da operação', color: 'blue' },
  confirmada: { label: 'Operação confirmada', color: 'green' },
  desconhecida: { label: 'Operação desconhecida', color: 'red' },
  nao_realizada: { label: 'Operação não realizada', color: 'volcano' },
};
const SITUACAO: Record<string, { label: string; color: string }> = { autorizada: { label: 'Autorizada', color: 'green' }, cancelada: { label: 'Cancelada', color: 'red' }, denegada: { label: 'Denegada', color: 'magenta' } };

async function baixarXml(n: NotaDfe): Promise<void> {
  const r = await api.get<Blob>(`Manifestacoes/${n.id}/xml`, { responseType: 'blob' });
  const href = URL.createObjectURL(new Blob([r.data], { type: 'application/xml' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = `${n.chave}-procNFe.xml`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * pages/nfe/manifestacoes: the NF-e issued against the branch's CNPJ, pulled from SEFAZ's distribution DF-e by NSU
 * ("Consultar SEFAZ", within SEFAZ's rate rule: when it asks to wait, the screen says until when), with the
 * manifestação of each (ciência, confirmação, desconhecimento, operação não realizada), the full XML after the
 * ciência, and "Lançar entrada" into purchasing's XML import.
 */
export default function ManifestacoesPage() {
  const navigate = useNavigate();
  const [manifestacao, setManifestacao] = useState<string | undefined>();
  const [emitente, setEmitente] = useState('');
  const [ocupado, setOcupado] = useState<string | null>(null);
  const [aviso, setAviso] = useState<{ tipo: 'success' | 'info' | 'warning'; texto: string } | null>(null);
  const params = new URLSearchParams();
  if (manifestacao) params.set('manifestacao', manifestacao);
  if (emitente.trim()) params.set('emitente', emitente.trim());
  // Asked again on every opening: an entry posted a moment ago from "Lançar entrada" must show its link even within
  // SWR's 2-second deduping of the same key (the e2e came back within it and found the cached list).
  const lista = useSWR(`Manifestacoes?${params}`, async (u: string) => (await api.get<NotaDfe[]>(u)).data, { dedupingInterval: 0 });

  const consultar = async () => {
    setOcupado('consultar');
    setAviso(null);
    try {
      const r = await api.post<{ mensagem: string; novas: number; cStat: string }>('Manifestacoes/consultar-sefaz');
      setAviso({ tipo: r.data.cStat === '656' ? 'warning' : r.data.novas ? 'success' : 'info', texto: r.data.mensagem });
      await lista.mutate();
    } catch (e) {
      const err = toApiError(e);
      if (err.status === 429) setAviso({ tipo: 'warning', texto: err.message });
      else showError(e);
    } finally {
      setOcupado(null);
    }
  };

  const manifestar = async (n: NotaDfe, tipo: 'ciencia' | 'confirmacao' | 'desconhecimento' | 'naoRealizada') => {
    let justificativa: string | undefined;
    // Every manifestação is an event sent to the SEFAZ that the shop cannot take back: asked first, naming it.
    if (tipo !== 'naoRealizada' && !(await confirmDialog(PERGUNTA[tipo](n)))) return;
    if (tipo === 'naoRealizada') {
      const j = await textInputDialog({ title: `Enviar à SEFAZ "operação não realizada" da NF-e de ${n.emitenteNome}? Não pode ser desfeito.`, label: 'Justificativa (15 a 255 caracteres)', min: 15, max: 255 });
      if (!j) return;
      justificativa = j;
    }
    setOcupado(`${tipo}-${n.id}`);
    try {
      const r = await api.post<{ cStat: string; xMotivo: string; protocolo: string; pendente?: boolean; mensagem?: string }>(`Manifestacoes/${n.id}/manifestar`, { tipo, ...(justificativa ? { justificativa } : {}) });
      // No answer in time: the event stays in transmission and the recovery confirms it by the note's key.
      if (r.data.pendente) toast('warning', r.data.mensagem ?? 'A manifestação segue em transmissão à SEFAZ.');
      else toast('success', `Manifestação registrada na SEFAZ: ${r.data.cStat} - ${r.data.xMotivo} (protocolo ${r.data.protocolo}).`);
      await lista.mutate();
    } catch (e) {
      showError(e);
    } finally {
      setOcupado(null);
    }
  };

  const acoes = (n: NotaDfe) => {
    const temXml = n.manifestacao === 'ciencia' || n.manifestacao === 'confirmada';
    return (
      <Space wrap>
        {n.manifestacao === 'pendente' ? (
          <Button size="small" type="primary" loading={ocupado === `ciencia-${n.id}`} onClick={() => void manifestar(n, 'ciencia')}>
            Ciência
          </Button>
        ) : null}
        {!conclusive(n) ? (
          <>
            <Button size="small" loading={ocupado === `confirmacao-${n.id}`} onClick={() => void manifestar(n, 'confirmacao')}>
              Confirmar
            </Button>
            <Button size="small" loading={ocupado === `desconhecimento-${n.id}`} onClick={() => void manifestar(n, 'desconhecimento')}>
              Desconhecer
            </Button>
            <Button size="small" loading={ocupado === `naoRealizada-${n.id}`} onClick={() => void manifestar(n, 'naoRealizada')}>
              Não realizada
            </Button>
          </>
        ) : null}
        {temXml ? (
          <Button size="small" onClick={() => void baixarXml(n).catch(showError)}>
            Baixar XML
          </Button>
        ) : null}
        {temXml && !n.entradaId && n.situacaoNfe === 'autorizada' ? (
          <Button size="small" onClick={() => navigate(`/pages/compras/entrada-nota-fiscal/importar-xml?dfe=${n.id}`)}>
            Lançar entrada
          </Button>
        ) : null}
        {n.entradaId ? (
          <Button size="small" type="link" onClick={() => navigate(`/pages/compras/entrada-nota-fiscal/editar/${n.entradaId}`)}>
            Entrada nº {n.entradaNumero}
          </Button>
        ) : null}
      </Space>
    );
  };

  return (
    <div>
      <PageTitle>Manifestações</PageTitle>
      <Typography.Paragraph type="secondary">Notas fiscais eletrônicas emitidas contra a empresa (CNPJ da filial selecionada), trazidas da SEFAZ pela distribuição DF-e.</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" loading={ocupado === 'consultar'} onClick={() => void consultar()}>
          Consultar SEFAZ
        </Button>
        <Select aria-label="Manifestação" allowClear placeholder="Manifestação" style={{ width: 220 }} value={manifestacao} onChange={setManifestacao} options={Object.entries(MANIFESTACAO_ROTULO).map(([value, v]) => ({ value, label: v.label }))} />
        <Input aria-label="Emitente" placeholder="Emitente (nome ou CNPJ)" style={{ width: 240 }} value={emitente} onChange={(e) => setEmitente(e.target.value)} />
      </Space>
      {aviso ? <Alert style={{ marginBottom: 12 }} type={aviso.tipo} showIcon message={aviso.texto} closable onClose={() => setAviso(null)} /> : null}
      <Table<NotaDfe>
        rowKey="id"
        size="small"
        loading={!lista.data && !lista.error}
        dataSource={lista.data ?? []}
        pagination={{ pageSize: 50 }}
        locale={{ emptyText: 'Nenhuma nota emitida contra a empresa. Clique em "Consultar SEFAZ".' }}
        columns={[
          { title: 'Emitente', dataIndex: 'emitenteNome' },
          { title: 'CNPJ', dataIndex: 'emitenteCnpj', render: (c: string) => maskCpfCnpj(c) },
          { title: 'Valor', dataIndex: 'valor', align: 'right', render: (v: string) => formatBRL(v) },
          { title: 'Data', dataIndex: 'dataEmissao', render: (d: string | null) => (d ? formatDate(d) : '') },
          { title: 'Situação da NF-e', dataIndex: 'situacaoNfe', render: (s: string) => <Tag color={SITUACAO[s]?.color}>{SITUACAO[s]?.label ?? s}</Tag> },
          { title: 'Manifestação', dataIndex: 'manifestacao', render: (m: NotaDfe['manifestacao']) => <Tag color={MANIFESTACAO_ROTULO[m].color}>{MANIFESTACAO_ROTULO[m].label}</Tag> },
          {
            title: 'Chave',
            dataIndex: 'chave',
            width: 150,
            render: (c: string) => <ChaveAcesso chave={c} />,
          },
          { title: 'Ações', width: 220, render: (_, n) => acoes(n) },
        ]}
      />
    </div>
  );
}

function conclusive(n: NotaDfe): boolean {
  return n.manifestacao !== 'pendente' && n.manifestacao !== 'ciencia';
}
