import { BarcodeOutlined, CheckOutlined, CloudDownloadOutlined, EditOutlined, FilePdfOutlined, HistoryOutlined, MailOutlined, MoreOutlined, PlusOutlined, QrcodeOutlined, SettingOutlined, StopOutlined, SyncOutlined, UploadOutlined } from '@ant-design/icons';
import Form from '@rjsf/antd';
import { Alert, App, Button, Card, DatePicker, Descriptions, Dropdown, Input, InputNumber, Modal, Radio, Select, Space, Table, Tag, Timeline, Tooltip, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { BuscaSelect } from '../nfe/BuscaSelect.tsx';
import { somar } from '../../../shared/parcelamento.ts';
import { planoBoleto } from '../../../shared/boleto-parcelamento.ts';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { formatDate, formatDateTime } from '../../../shared/dates.ts';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { readAsDataUrl } from '../../api/files.ts';
import { useList } from '../../api/hooks.ts';
import { confirmDialog, showError } from '../../dialogs/dialogs.tsx';
import { useOcupado } from '../../dialogs/use-ocupado.ts';
import { salvarArquivo } from '../exportacoes/baixar.ts';
import { EMPTY_TITLE } from '../../ui/EmptyBlock.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { transformErrors, validator } from '../../renderer/validation.ts';

type Row = Record<string, any>;

/** A cell (or header) kept on one line: money, dates, a sortable title. */
const umaLinha = () => ({ style: { whiteSpace: 'nowrap' as const } });

export const STATUS_BOLETO: Record<string, { label: string; color: string }> = {
  pendente: { label: 'Pendente', color: 'gold' },
  registrado: { label: 'Registrado', color: 'blue' },
  pago: { label: 'Pago', color: 'green' },
  cancelado: { label: 'Cancelado', color: 'default' },
  vencido: { label: 'Vencido', color: 'red' },
  rejeitado: { label: 'Rejeitado', color: 'volcano' },
  baixado: { label: 'Baixado pelo banco', color: 'purple' },
};
const ACAO_RETORNO: Record<string, string> = {
  registrar: 'Registrar', pagar: 'Pagar', rejeitar: 'Rejeitar', baixar: 'Baixar', tarifa: 'Só a tarifa', nenhuma: 'Nada a fazer', jaAplicada: 'Já aplicada',
};
const ORIGEM: Record<string, string> = { emissao: 'Emissão', manual: 'Manual', retorno: 'Retorno do banco', remessa: 'Remessa', pix: 'Pix' };

/** A failed blob request carries its JSON error as a Blob: read it so the message shows, never the bytes. */
async function mostrarErro(e: any): Promise<void> {
  const d = e?.response?.data;
  if (d instanceof Blob) {
    try {
      e.response.data = JSON.parse(await d.text());
    } catch {
      /* not JSON: the generic message */
    }
  }
  showError(e);
}
const nomeDoCabecalho = (h: unknown, padrao: string) => /filename="([^"]+)"/.exec(String(h ?? ''))?.[1] ?? padrao;

/** pages/pagamentos/boletos: issue boletos from receivables, print them (carnê), settle, cancel, remessa and retorno. */
export default function BoletosPage() {
  const { message } = App.useApp();
  const [status, setStatus] = useState<string[]>([]);
  const [busca, setBusca] = useState('');
  const [periodo, setPeriodo] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [selecionados, setSelecionados] = useState<number[]>([]);
  const [emitindo, setEmitindo] = useState(false);
  const [avulso, setAvulso] = useState(false);
  const [historico, setHistorico] = useState<Row | null>(null);
  const [baixando, setBaixando] = useState<Row | null>(null);
  const [previa, setPrevia] = useState<{ conteudo: string; nome: string; dados: Row } | null>(null);
  const { ocupado, ocupar } = useOcupado();
  const [automacao, setAutomacao] = useState(false);
  const [alterando, setAlterando] = useState<Row | null>(null);
  const [pix, setPix] = useState<Row | null>(null);
  const [atualizando, setAtualizando] = useState(false);
  const transacoes = useSWR(atualizando ? 'boletos-transacoes' : null, async () => (await api.get<Row>('Boletos/transacoes')).data, {
    refreshInterval: 1000,
    onSuccess: async (t) => {
      const j = t.ultimaAtualizacao;
      if (!j || j.situacao === 'pendente' || j.situacao === 'executando') return;
      setAtualizando(false);
      if (j.situacao === 'falhou' || j.ultimoErro) message.error(`A atualização das transações falhou: ${j.ultimoErro ?? 'erro desconhecido'}`);
      else {
        const arq = t.arquivos?.[0];
        message.success(`Transações atualizadas.${arq ? ` Último retorno do banco: ${arq.resultado}` : ''}`);
      }
      await lista.mutate();
    },
  });
  void transacoes;
  const atualizarTransacoes = async () => {
    try {
      const r = (await api.post<Row>('Boletos/atualizar-transacoes', {})).data;
      message.info(r.mensagem);
      setAtualizando(true);
    } catch (e) {
      showError(e);
    }
  };
  const enviarEmail = async (ids: number[]) => {
    try {
      const r = (await api.post<Row>('Boletos/emitidos/enviar-email', { ids })).data;
      message.success(r.mensagem);
    } catch (e) {
      showError(e);
    }
  };
  const params = {
    ...(status.length ? { status: status.join(',') } : {}),
    ...(busca.trim() ? { busca: busca.trim() } : {}),
    ...(periodo?.[0] ? { vencimentoDe: periodo[0].format('YYYY-MM-DD') } : {}),
    ...(periodo?.[1] ? { vencimentoAte: periodo[1].format('YYYY-MM-DD') } : {}),
  };
  const lista = useSWR(['boletos-emitidos', JSON.stringify(params)], async () => (await api.get<Row[]>('Boletos/emitidos', { params })).data);

  const pdf = async (ids: number[], porPagina: 1 | 3) => {
    try {
      const r = await api.post<Blob>('Boletos/emitidos/pdf', { ids, porPagina }, { responseType: 'blob' });
      salvarArquivo(new Blob([r.data], { type: 'application/pdf' }), nomeDoCabecalho(r.headers['content-disposition'], 'boletos.pdf'));
    } catch (e) {
      await mostrarErro(e);
    }
  };
  const remessa = () =>
    ocupar(async () => {
      const r = await api.post<Blob>('Boletos/remessa/gerar', {}, { responseType: 'blob' });
      salvarArquivo(r.data, nomeDoCabecalho(r.headers['content-disposition'], 'remessa.REM'));
      message.success(`Remessa gerada com ${r.headers['x-titulos'] ?? ''} boleto(s).`);
      await lista.mutate();
    }, mostrarErro);
  const confirmarCancelamento = async (b: Row) => {
    if (await confirmDialog({ title: `Cancelar o boleto nº ${b.numero}?`, okText: 'Sim', cancelText: 'Não', danger: true })) await cancelar(b);
  };
  const cancelar = async (b: Row) => {
    try {
      await api.post(`Boletos/emitidos/${b.id}/cancelar`, {});
      message.success(`Boleto nº ${b.numero} cancelado.`);
      await lista.mutate();
    } catch (e) {
      showError(e);
    }
  };
  const lerRetorno = async (file: File) => {
    await ocupar(async () => {
      const base64 = (await readAsDataUrl(file)).replace(/^data:[^,]*,/, '');
      const conteudo = atob(base64);
      const dados = (await api.post<Row>('Boletos/retorno/previa', { conteudo })).data;
      setPrevia({ conteudo, nome: file.name, dados });
    });
    return false;
  };
  const aplicar = async () => {
    if (!previa) return;
    await ocupar(async () => {
      const r = (await api.post<Row>('Boletos/retorno/aplicar', { conteudo: previa.conteudo, nome: previa.nome })).data;
      if (r.aplicadas) message.success(r.mensagem);
      else message.info(r.mensagem);
      setPrevia(null);
      await lista.mutate();
    });
  };

  return (
    <Card>
      <PageTitle>Boletos</PageTitle>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEmitindo(true)}>Emitir boletos</Button>
        <Button icon={<BarcodeOutlined />} onClick={() => setAvulso(true)}>Boleto avulso</Button>
        <Button icon={<FilePdfOutlined />} disabled={!selecionados.length} onClick={() => pdf(selecionados, 3)}>Imprimir carnê</Button>
        <Button icon={<CloudDownloadOutlined />} loading={ocupado} onClick={remessa}>Gerar remessa</Button>
        <Upload accept=".ret,.RET,.txt,.TXT,.cnab,text/plain" showUploadList={false} beforeUpload={lerRetorno}>
          <Button icon={<UploadOutlined />} loading={ocupado}>Importar retorno</Button>
        </Upload>
        <Button icon={<SyncOutlined spin={atualizando} />} loading={atualizando} onClick={atualizarTransacoes}>Atualizar transações</Button>
        <Button icon={<MailOutlined />} disabled={!selecionados.length} onClick={() => enviarEmail(selecionados)}>Enviar por e-mail</Button>
        <Button icon={<SettingOutlined />} onClick={() => setAutomacao(true)}>Automação</Button>
      </Space>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="Status"
          mode="multiple"
          allowClear
          placeholder="Status"
          style={{ minWidth: 260 }}
          value={status}
          onChange={setStatus}
          options={Object.entries(STATUS_BOLETO).map(([value, s]) => ({ value, label: s.label }))}
        />
        <Input.Search aria-label="Buscar" placeholder="Pagador, nosso número ou documento" allowClear style={{ width: 300 }} onSearch={setBusca} />
        <DatePicker.RangePicker aria-label="Vencimento" format="DD/MM/YYYY" placeholder={['Vencimento de', 'até']} value={periodo} onChange={(v) => setPeriodo(v as any)} />
      </Space>
      {(status.length > 0 || busca || periodo) && (
        <Space wrap style={{ marginBottom: 12 }}>
          {status.map((s) => <Tag key={s} closable onClose={() => setStatus(status.filter((x) => x !== s))}>Status: {STATUS_BOLETO[s]?.label}</Tag>)}
          {busca && <Tag closable onClose={() => setBusca('')}>Busca: {busca}</Tag>}
          {periodo && <Tag closable onClose={() => setPeriodo(null)}>Vencimento: {periodo[0]?.format('DD/MM/YYYY') ?? '...'} a {periodo[1]?.format('DD/MM/YYYY') ?? '...'}</Tag>}
        </Space>
      )}
      <ListTable<Row>
        list={lista}
        empty={EMPTY_TITLE}
        rowSelection={{ selectedRowKeys: selecionados, onChange: (k) => setSelecionados(k as number[]), getCheckboxProps: (b) => ({ disabled: !['pendente', 'registrado', 'vencido', 'pago'].includes(b.status) }) }}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        tableLayout="fixed"
        columns={[
          { title: 'Nº', dataIndex: 'numero', width: 64, onHeaderCell: umaLinha, sorter: (a, b) => a.numero - b.numero },
          { title: 'Status', dataIndex: 'status', width: 136, render: (s: string) => <Tag color={STATUS_BOLETO[s]?.color}>{STATUS_BOLETO[s]?.label ?? s}</Tag> },
          { title: 'Nosso número', dataIndex: 'nossoNumero', width: 116, ellipsis: true },
          {
            // one line: a long name is cut with '…' and shown whole in the tooltip
            title: 'Pagador', dataIndex: 'pagadorNome', ellipsis: { showTitle: false },
            render: (n: string, b) => {
              const texto = `${n}${b.parcela ? ` (${b.parcela})` : ''}`;
              return <Tooltip placement="topLeft" title={texto}><span>{n}{b.parcela ? <Typography.Text type="secondary"> ({b.parcela})</Typography.Text> : null}</span></Tooltip>;
            },
          },
          { title: 'Valor', dataIndex: 'valor', width: 116, align: 'right', onCell: umaLinha, render: (v: string) => formatBRL(v) },
          { title: 'Vencimento', dataIndex: 'vencimento', width: 126, onHeaderCell: umaLinha, onCell: umaLinha, render: (v: string) => formatDate(v), sorter: (a, b) => a.vencimento.localeCompare(b.vencimento) },
          { title: 'Banco', dataIndex: 'nomeBanco', width: 140, ellipsis: true },
          {
            // The row's actions in one menu (as the NF-e grid's "Mais"), not six buttons that wrapped at 1366×768.
            title: 'Ações', key: 'acoes', width: 72, align: 'center',
            render: (_, b) => {
              const aberto = b.estado === 'pendente' || b.estado === 'registrado';
              const imprimivel = b.estado !== 'cancelado' && b.estado !== 'rejeitado' && b.estado !== 'baixado';
              const itens = [
                ...(imprimivel ? [{ key: 'pdf', icon: <FilePdfOutlined />, label: 'PDF do boleto', onClick: () => pdf([b.id], 1) }] : []),
                ...(aberto
                  ? [
                      { key: 'baixar', icon: <CheckOutlined />, label: 'Baixar', onClick: () => setBaixando(b) },
                      { key: 'alterar', icon: <EditOutlined />, label: 'Alterar vencimento ou desconto', onClick: () => setAlterando(b) },
                      { key: 'pix', icon: <QrcodeOutlined />, label: 'Cobrança Pix', onClick: () => setPix(b) },
                    ]
                  : []),
                { key: 'historico', icon: <HistoryOutlined />, label: 'Histórico', onClick: () => setHistorico(b) },
                ...(aberto ? [{ type: 'divider' as const }, { key: 'cancelar', icon: <StopOutlined />, label: 'Cancelar', danger: true, onClick: () => confirmarCancelamento(b) }] : []),
              ];
              return (
                <Dropdown trigger={['click']} placement="bottomRight" menu={{ items: itens }}>
                  <Button size="small" aria-label={`Ações do boleto ${b.numero}`} title="Ações" icon={<MoreOutlined />} />
                </Dropdown>
              );
            },
          },
        ]}
      />
      {emitindo && <EmitirModal onClose={() => setEmitindo(false)} onEmitidos={async (ids) => { setEmitindo(false); setSelecionados(ids); await lista.mutate(); }} />}
      {avulso && <AvulsoModal onClose={() => setAvulso(false)} onEmitidos={async (ids) => { setAvulso(false); setSelecionados(ids); await lista.mutate(); }} />}
      {historico && <HistoricoModal boleto={historico} onClose={() => setHistorico(null)} />}
      {automacao && <AutomacaoModal onClose={() => setAutomacao(false)} />}
      {alterando && <AlterarModal boleto={alterando} onClose={() => setAlterando(null)} onAlterado={async () => { setAlterando(null); await lista.mutate(); }} />}
      {pix && <PixModal boleto={pix} onClose={async () => { setPix(null); await lista.mutate(); }} />}
      {baixando && <BaixaModal boleto={baixando} onClose={() => setBaixando(null)} onBaixado={async () => { setBaixando(null); await lista.mutate(); }} />}
      <Modal
        open={!!previa}
        width={1000}
        title={`Retorno do banco: ${previa?.nome ?? ''}`}
        onCancel={() => setPrevia(null)}
        footer={[
          <Button key="fechar" onClick={() => setPrevia(null)}>Fechar</Button>,
          <Button key="aplicar" type="primary" loading={ocupado} disabled={!!previa?.dados.erros.length} onClick={aplicar}>Aplicar retorno</Button>,
        ]}
      >
        {previa && (
          <>
            {previa.dados.jaAplicado && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={`Este arquivo já foi aplicado em ${previa.dados.jaAplicado.em}; aplicá-lo de novo não altera nada.`} />}
            {previa.dados.erros.length > 0 && <Alert type="error" showIcon style={{ marginBottom: 12 }} message="O arquivo não pode ser aplicado" description={<ul style={{ margin: 0 }}>{previa.dados.erros.map((e: string) => <li key={e}>{e}</li>)}</ul>} />}
            <Descriptions size="small" column={4} style={{ marginBottom: 12 }} items={[
              { key: 'p', label: 'Pagos', children: `${previa.dados.totais.pagos} (${formatBRL(previa.dados.totais.valorPago)})` },
              { key: 'r', label: 'Registrados', children: previa.dados.totais.registrados },
              { key: 'j', label: 'Rejeitados', children: previa.dados.totais.rejeitados },
              { key: 't', label: 'Tarifas', children: formatBRL(previa.dados.totais.tarifas) },
            ]} />
            <Table<Row>
              rowKey={(o) => `${o.linha}`}
              size="small"
              pagination={{ pageSize: 20, showSizeChanger: false }}
              dataSource={previa.dados.ocorrencias}
              columns={[
                { title: 'Linha', dataIndex: 'linha', width: 60 },
                { title: 'Ocorrência', dataIndex: 'descricao', render: (d: string, o) => <>{o.ocorrencia} - {d}{o.motivos.length ? <div><Typography.Text type="secondary">{o.motivos.join('; ')}</Typography.Text></div> : null}</> },
                { title: 'Boleto', dataIndex: 'boletoNumero', render: (n: number | null, o) => (n ? `nº ${n} - ${o.pagador}` : o.nossoNumero) },
                { title: 'Valor pago', dataIndex: 'valorPago', align: 'right', render: (v: string | null, o) => (v ? `${formatBRL(v)}${Number(o.juros) > 0 ? ` (juros ${formatBRL(o.juros)})` : ''}` : '') },
                { title: 'Tarifa', dataIndex: 'tarifa', align: 'right', render: (v: string) => (Number(v) > 0 ? formatBRL(v) : '') },
                { title: 'Data', dataIndex: 'dataOcorrencia', render: (v: string | null, o) => formatDate(o.dataCredito ?? v) },
                { title: 'Ação', dataIndex: 'acao', render: (a: string, o) => (o.erro ? <Typography.Text type="danger">{o.erro}</Typography.Text> : ACAO_RETORNO[a] ?? a) },
              ]}
            />
          </>
        )}
      </Modal>
    </Card>
  );
}

function EmitirModal({ onClose, onEmitidos }: { onClose: () => void; onEmitidos: (ids: number[]) => void }) {
  const { message } = App.useApp();
  const [busca, setBusca] = useState('');
  const [escolhidas, setEscolhidas] = useState<number[]>([]);
  const { ocupado, ocupar } = useOcupado();
  const parcelas = useSWR(['parcelas-para-boleto', busca], async () => (await api.get<Row[]>('Boletos/parcelas-abertas', { params: busca ? { busca } : {} })).data);
  const emitir = () =>
    ocupar(async () => {
      const r = (await api.post<Row>('Boletos/emitir', { parcelaIds: escolhidas })).data;
      message.success(r.mensagem);
      onEmitidos(r.boletos.map((b: Row) => b.id));
    });
  return (
    <Modal open width={900} title="Emitir boletos de contas a receber" onCancel={onClose} okText={`Emitir ${escolhidas.length || ''} boleto(s)`} okButtonProps={{ disabled: !escolhidas.length, loading: ocupado, icon: <BarcodeOutlined /> }} onOk={emitir} cancelText="Fechar">
      <Input.Search aria-label="Buscar parcelas" placeholder="Descrição ou cliente" allowClear onSearch={setBusca} style={{ marginBottom: 12, width: 320 }} />
      <Table<Row>
        rowKey="id"
        size="small"
        loading={parcelas.isLoading}
        dataSource={parcelas.data ?? []}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        rowSelection={{ selectedRowKeys: escolhidas, onChange: (k) => setEscolhidas(k as number[]) }}
        locale={{ emptyText: 'Nenhuma parcela a receber em aberto.' }}
        columns={[
          { title: 'Lançamento', dataIndex: 'descricao' },
          { title: 'Parcela', dataIndex: 'numero', render: (n: number, p) => `${n}/${p.totalParcelas}` },
          { title: 'Cliente', dataIndex: 'pessoa', render: (n: string | null, p) => n ?? <Typography.Text type="warning">sem cliente</Typography.Text> },
          { title: 'Vencimento', dataIndex: 'vencimento', render: (v: string) => formatDate(v) },
          { title: 'Em aberto', dataIndex: 'valor', align: 'right', render: (v: string) => formatBRL(v) },
        ]}
      />
    </Modal>
  );
}

function HistoricoModal({ boleto, onClose }: { boleto: Row; onClose: () => void }) {
  const h = useSWR(['boleto-historico', boleto.id], async () => (await api.get<Row[]>(`Boletos/emitidos/${boleto.id}/historico`)).data);
  return (
    <Modal open title={`Histórico do boleto nº ${boleto.numero}`} onCancel={onClose} footer={null}>
      <Timeline
        items={(h.data ?? []).map((x) => ({
          key: x.id,
          children: (
            <>
              <strong>{x.de ? `${STATUS_BOLETO[x.de]?.label ?? x.de} → ` : ''}{STATUS_BOLETO[x.para]?.label ?? x.para}</strong> ({ORIGEM[x.origem] ?? x.origem})
              <div>{formatDateTime(x.em)}{x.usuario ? ` por ${x.usuario}` : ''}</div>
              {x.detalhe && <Typography.Text type="secondary">{x.detalhe}</Typography.Text>}
            </>
          ),
        }))}
      />
    </Modal>
  );
}

function BaixaModal({ boleto, onClose, onBaixado }: { boleto: Row; onClose: () => void; onBaixado: () => void }) {
  const { message } = App.useApp();
  const contas = useList<Row>('ContasFinanceiras', { where: { ativo: true }, order: 'descricao ASC', limit: 200 });
  const [contaId, setContaId] = useState<number>();
  const [data, setData] = useState<Dayjs | null>(null);
  const { ocupado, ocupar } = useOcupado();
  const baixar = () =>
    ocupar(async () => {
      await api.post(`Boletos/emitidos/${boleto.id}/baixar`, { contaId: contaId ?? null, data: data ? data.format('YYYY-MM-DD') : null });
      message.success(`Boleto nº ${boleto.numero} baixado; a parcela foi quitada no Financeiro.`);
      onBaixado();
    });
  return (
    <Modal open title={`Baixar o boleto nº ${boleto.numero} (${formatBRL(boleto.valor)})`} okText="Baixar" cancelText="Fechar" onCancel={onClose} onOk={baixar} okButtonProps={{ loading: ocupado }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select aria-label="Conta" placeholder="Conta (padrão: a do lançamento)" allowClear style={{ width: '100%' }} value={contaId} onChange={setContaId} options={(contas.data ?? []).map((c) => ({ value: c.id, label: c.descricao }))} />
        <DatePicker aria-label="Data do pagamento" format="DD/MM/YYYY" placeholder="Data do pagamento (padrão: hoje)" style={{ width: '100%' }} value={data} onChange={setData} />
      </Space>
    </Modal>
  );
}

/** A standalone boleto or carnê: the receivable is created with the split (quantity, fixed day or interval), amounts and dates editable. */
function AvulsoModal({ onClose, onEmitidos }: { onClose: () => void; onEmitidos: (ids: number[]) => void }) {
  const { message } = App.useApp();
  const [cliente, setCliente] = useState<number>();
  const [descricao, setDescricao] = useState('');
  const [total, setTotal] = useState<string | null>(null);
  const [quantidade, setQuantidade] = useState(1);
  const [primeiro, setPrimeiro] = useState<Dayjs>(dayjs().add(30, 'day'));
  const [regra, setRegra] = useState<'mensal' | 'diaFixo' | 'intervalo'>('mensal');
  const [diaFixo, setDiaFixo] = useState(10);
  const [intervalo, setIntervalo] = useState(30);
  const [parcelas, setParcelas] = useState<{ vencimento: string; valor: string }[]>([]);
  const { ocupado, ocupar } = useOcupado();
  const gerar = () => {
    if (!total || Number(total) <= 0 || quantidade < 1) return;
    setParcelas(planoBoleto(Number(total).toFixed(2), { quantidade, primeiroVencimento: primeiro.format('YYYY-MM-DD'), diaFixo: regra === 'diaFixo' ? diaFixo : null, intervaloDias: regra === 'intervalo' ? intervalo : null }).map(({ vencimento, valor }) => ({ vencimento, valor })));
  };
  const soma = parcelas.length ? somar(parcelas.map((p) => p.valor || '0')).toFixed(2) : null;
  const emitir = () =>
    ocupar(async () => {
      const r = (await api.post<Row>('Boletos/avulso', { pessoaId: cliente, descricao, valorTotal: total ? Number(total).toFixed(2) : total, parcelas })).data;
      message.success(r.mensagem);
      onEmitidos(r.boletos.map((b: Row) => b.id));
    });
  return (
    <Modal open width={760} title="Boleto avulso" onCancel={onClose} cancelText="Fechar" okText="Emitir" okButtonProps={{ disabled: !parcelas.length || !cliente, loading: ocupado }} onOk={emitir}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <BuscaSelect ariaLabel="Cliente" endpoint="Clientes" campo="nome" rotulo={(c) => `${c.nome}${c.cpfCnpj ? ` (${c.cpfCnpj})` : ''}`} value={cliente} onChange={(v) => setCliente(v ?? undefined)} style={{ width: '100%' }} />
        <Input aria-label="Descrição" placeholder="Descrição" value={descricao} onChange={(e) => setDescricao(e.target.value)} />
        <Space wrap>
          <InputNumber<string> aria-label="Valor total" placeholder="Valor total" min="0.01" step="0.01" precision={2} decimalSeparator="," stringMode value={total} onChange={(v) => setTotal(v)} style={{ width: 160 }} />
          <InputNumber aria-label="Quantidade de parcelas" min={1} max={120} value={quantidade} onChange={(v) => setQuantidade(Number(v) || 1)} addonBefore="Parcelas" style={{ width: 160 }} />
          <DatePicker aria-label="Primeiro vencimento" format="DD/MM/YYYY" allowClear={false} value={primeiro} onChange={(v) => v && setPrimeiro(v)} />
        </Space>
        <Space wrap>
          <Radio.Group value={regra} onChange={(e) => setRegra(e.target.value)} options={[{ value: 'mensal', label: 'Mensal' }, { value: 'diaFixo', label: 'Dia fixo' }, { value: 'intervalo', label: 'Intervalo em dias' }]} />
          {regra === 'diaFixo' && <InputNumber aria-label="Dia fixo" min={1} max={31} value={diaFixo} onChange={(v) => setDiaFixo(Number(v) || 1)} />}
          {regra === 'intervalo' && <InputNumber aria-label="Intervalo em dias" min={1} max={365} value={intervalo} onChange={(v) => setIntervalo(Number(v) || 1)} />}
          <Button onClick={gerar} disabled={!total}>Gerar parcelas</Button>
        </Space>
        {parcelas.length > 0 && (
          <Table
            rowKey={(_, i) => String(i)}
            size="small"
            pagination={false}
            dataSource={parcelas.map((p, i) => ({ ...p, i }))}
            columns={[
              { title: 'Parcela', dataIndex: 'i', width: 80, render: (i: number) => `${i + 1}/${parcelas.length}` },
              { title: 'Vencimento', dataIndex: 'vencimento', render: (v: string, p) => <DatePicker aria-label={`Vencimento da parcela ${p.i + 1}`} format="DD/MM/YYYY" allowClear={false} value={dayjs(v)} onChange={(d) => d && setParcelas(parcelas.map((x, j) => (j === p.i ? { ...x, vencimento: d.format('YYYY-MM-DD') } : x)))} /> },
              { title: 'Valor', dataIndex: 'valor', render: (v: string, p) => <InputNumber<string> aria-label={`Valor da parcela ${p.i + 1}`} min="0.01" step="0.01" precision={2} decimalSeparator="," stringMode value={v} onChange={(n) => setParcelas(parcelas.map((x, j) => (j === p.i ? { ...x, valor: n ? Number(n).toFixed(2) : '' } : x)))} /> },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>Soma das parcelas</Table.Summary.Cell>
                <Table.Summary.Cell index={1}>
                  <Typography.Text type={soma && total && Number(soma) !== Number(total) ? 'danger' : undefined}>{soma ? formatBRL(soma) : ''}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        )}
      </Space>
    </Modal>
  );
}

/** The automation settings (form from the JSON Schema the server checks) and what the automation did lately. */
function AutomacaoModal({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const cfg = useSWR('boletos-automacao', async () => (await api.get<Row>('Boletos/automacao')).data);
  const t = useSWR('boletos-transacoes-lista', async () => (await api.get<Row>('Boletos/transacoes')).data);
  const [dados, setDados] = useState<Row | null>(null);
  const { ocupado, ocupar } = useOcupado();
  const valores = dados ?? cfg.data?.valores;
  const salvar = (formData: Row) =>
    ocupar(async () => {
      const { bancoTokenDefinido: _a, pspClientSecretDefinido: _b, ultimaRemessaAutomatica: _c, ...resto } = formData;
      // fields left empty are cleared (null); the secrets left empty keep what is saved
      const corpo = Object.fromEntries(Object.keys(cfg.data!.schema.properties).map((k) => [k, resto[k] === undefined || resto[k] === '' ? null : resto[k]]).filter(([k, v]) => v !== null || !['bancoToken', 'pspClientSecret'].includes(k as string)));
      for (const k of ['remessaAutomatica', 'lembreteAoEmitir', 'lembreteNoVencimento']) corpo[k] = corpo[k] ?? false;
      if (!corpo.remessaHora) delete corpo.remessaHora;
      const r = (await api.put<Row>('Boletos/automacao', corpo)).data;
      message.success(r.mensagem);
      setDados(null);
      await cfg.mutate();
    });
  // The server's schema; a nullable field shows as its plain type (left empty, the server reads it as null).
  const schema = cfg.data?.schema
    ? { ...cfg.data.schema, properties: Object.fromEntries(Object.entries(cfg.data.schema.properties as Record<string, Row>).map(([k, v]) => [k, { ...v, type: Array.isArray(v.type) ? v.type.find((x: string) => x !== 'null') : v.type }])) }
    : null;
  return (
    <Modal open width={860} title="Automação de boletos" onCancel={onClose} footer={<Button onClick={onClose}>Fechar</Button>}>
      {cfg.error && <Alert type="error" showIcon message={cfg.error?.response?.data?.error?.message ?? 'Não foi possível carregar a automação.'} />}
      {schema && valores && (
        <Form
          schema={schema}
          validator={validator}
          transformErrors={(e) => transformErrors(e, schema)}
          formData={Object.fromEntries(Object.keys(schema.properties).map((k) => [k, valores[k] ?? undefined]))}
          uiSchema={{
            bancoToken: { 'ui:widget': 'password', 'ui:placeholder': valores.bancoTokenDefinido ? 'definido (deixe em branco para manter)' : '' },
            pspClientSecret: { 'ui:widget': 'password', 'ui:placeholder': valores.pspClientSecretDefinido ? 'definido (deixe em branco para manter)' : '' },
            'ui:submitButtonOptions': { submitText: 'Salvar', props: { disabled: ocupado } },
          }}
          onChange={(e) => setDados({ ...valores, ...e.formData })}
          onSubmit={(e) => salvar(e.formData)}
          showErrorList={false}
        />
      )}
      {cfg.data?.pastaRetornos && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          Pasta vigiada de retornos no armazenamento de arquivos: <Typography.Text code copyable>{cfg.data.pastaRetornos}</Typography.Text> — cada arquivo deixado ali é aplicado uma vez em "Atualizar transações" (e a cada 15 minutos) e movido para os processados.
        </Typography.Paragraph>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>Remessas e arquivos do banco</Typography.Title>
      <Table<Row>
        rowKey={(r) => `${r.tipo}-${r.id}`}
        size="small"
        pagination={{ pageSize: 5, showSizeChanger: false }}
        locale={{ emptyText: 'Nenhuma remessa ou retorno ainda.' }}
        dataSource={[...(t.data?.remessas ?? []).map((r: Row) => ({ ...r, tipo: 'remessa', em: r.criadaEm })), ...(t.data?.arquivos ?? []).map((a: Row) => ({ ...a, tipo: 'retorno', em: a.criadoEm }))].sort((a, b) => String(b.em).localeCompare(String(a.em)))}
        columns={[
          { title: 'Quando', dataIndex: 'em', width: 150, render: (v: string) => formatDateTime(v) },
          { title: 'Arquivo', dataIndex: 'nome', render: (n: string, r) => `${r.tipo === 'remessa' ? 'Remessa' : 'Retorno'} ${n}` },
          { title: 'Situação', key: 's', render: (_, r) => (r.tipo === 'remessa' ? `${r.titulos} boleto(s)${r.automatica ? ', automática' : ''}${r.enviadaEm ? `, enviada ao banco em ${formatDateTime(r.enviadaEm)}` : ''}` : <Typography.Text type={r.erro ? 'danger' : undefined}>{r.resultado}</Typography.Text>) },
        ]}
      />
    </Modal>
  );
}

/** A new due date and/or a discount; for a boleto the bank has, it goes in the next remessa. */
function AlterarModal({ boleto, onClose, onAlterado }: { boleto: Row; onClose: () => void; onAlterado: () => void }) {
  const { message } = App.useApp();
  const [venc, setVenc] = useState<Dayjs | null>(null);
  const [desconto, setDesconto] = useState<string | null>(null);
  const [dataDesconto, setDataDesconto] = useState<Dayjs | null>(null);
  const { ocupado, ocupar } = useOcupado();
  const alterar = () =>
    ocupar(async () => {
      await api.post(`Boletos/emitidos/${boleto.id}/alterar`, {
        vencimento: venc ? venc.format('YYYY-MM-DD') : null, desconto: desconto ? Number(desconto).toFixed(2) : null, dataDesconto: dataDesconto ? dataDesconto.format('YYYY-MM-DD') : null,
      });
      message.success(`Boleto nº ${boleto.numero} alterado.`);
      onAlterado();
    });
  return (
    <Modal open title={`Alterar o boleto nº ${boleto.numero} (vence em ${formatDate(boleto.vencimento)})`} okText="Alterar" cancelText="Fechar" onCancel={onClose} onOk={alterar} okButtonProps={{ loading: ocupado }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <DatePicker aria-label="Novo vencimento" format="DD/MM/YYYY" placeholder="Novo vencimento" style={{ width: '100%' }} value={venc} onChange={setVenc} />
        <InputNumber<string> aria-label="Desconto" placeholder="Desconto (R$)" min="0.01" step="0.01" precision={2} decimalSeparator="," stringMode value={desconto} onChange={setDesconto} style={{ width: '100%' }} />
        <DatePicker aria-label="Desconto até" format="DD/MM/YYYY" placeholder="Desconto até (padrão: o vencimento)" style={{ width: '100%' }} value={dataDesconto} onChange={setDataDesconto} />
        {boleto.estado === 'registrado' && <Alert type="info" showIcon message="O boleto já está registrado no banco: a alteração vai na próxima remessa." />}
      </Space>
    </Modal>
  );
}

/** The boleto's dynamic Pix charge: asked of the PSP by a job; its copia e cola shows once active. */
function PixModal({ boleto, onClose }: { boleto: Row; onClose: () => void }) {
  const cobs = useSWR(['boleto-pix', boleto.id], async () => (await api.get<Row[]>(`Boletos/emitidos/${boleto.id}/pix`)).data, {
    refreshInterval: (d) => (d?.[0]?.situacao === 'criando' ? 1000 : 0),
  });
  const { ocupado, ocupar } = useOcupado();
  const gerar = () =>
    ocupar(async () => {
      await api.post(`Boletos/emitidos/${boleto.id}/pix`, {});
      await cobs.mutate();
    });
  const c = cobs.data?.[0];
  const SITUACAO: Record<string, string> = { criando: 'Enviando ao PSP...', ATIVA: 'Ativa', CONCLUIDA: 'Paga', falhou: 'Recusada pelo PSP' };
  return (
    <Modal open title={`Cobrança Pix do boleto nº ${boleto.numero} (${formatBRL(boleto.valor)})`} onCancel={onClose} footer={[
      <Button key="f" onClick={onClose}>Fechar</Button>,
      <Button key="g" type="primary" icon={<QrcodeOutlined />} loading={ocupado} disabled={c?.situacao === 'criando' || c?.situacao === 'ATIVA'} onClick={gerar}>Gerar cobrança Pix</Button>,
    ]}>
      {!c && <Typography.Paragraph>O boleto ainda não tem cobrança Pix dinâmica. Ao gerar, o PSP cria o QR Code com vencimento e o pagamento baixa a parcela sozinho.</Typography.Paragraph>}
      {c && (
        <Descriptions size="small" column={1} items={[
          { key: 's', label: 'Situação', children: SITUACAO[c.situacao] ?? c.situacao },
          { key: 't', label: 'txid', children: c.txid },
          ...(c.pixCopiaECola ? [{ key: 'c', label: 'Pix copia e cola', children: <Typography.Paragraph copyable style={{ wordBreak: 'break-all', marginBottom: 0 }}>{c.pixCopiaECola}</Typography.Paragraph> }] : []),
          ...(c.erro ? [{ key: 'e', label: 'Motivo', children: <Typography.Text type="danger">{c.erro}</Typography.Text> }] : []),
        ]} />
      )}
    </Modal>
  );
}
