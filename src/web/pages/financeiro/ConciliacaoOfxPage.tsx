import { CheckOutlined, StopOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Empty, Row, Segmented, Select, Space, Statistic, Tag, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { showError } from '../../dialogs/dialogs.tsx';
import { readAsDataUrl } from '../../api/files.ts';
import type { Sugestao } from '../../../shared/conciliacao.ts';
import { EMPTY_TITLE } from '../../ui/EmptyBlock.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

type Row = Record<string, any>;
interface Transacao {
  id: number;
  data: string;
  valor: string;
  descricao: string | null;
  documento: string | null;
  status: 'pendente' | 'conciliada' | 'ignorada';
  conciliacao: string | null;
  estornada?: boolean;
  sugestoes: Sugestao[];
}

const STATUS_OPCOES = [
  { value: 'pendente', label: 'Pendentes' },
  { value: 'conciliada', label: 'Conciliadas' },
  { value: 'ignorada', label: 'Ignoradas' },
];
const COMO: Record<string, string> = { movimento: 'Movimento já lançado', parcela: 'Baixa de parcela', novo: 'Novo lançamento' };
const sugestaoTexto = (s: Sugestao) =>
  s.tipo === 'movimento' ? `Movimento de ${formatDate(s.data)}: ${s.descricao}` : `${s.descricao} (venc. ${formatDate(s.data)}${s.pessoa ? `, ${s.pessoa}` : ''})`;
const chave = (s: Sugestao) => `${s.tipo}:${s.id}`;

/** The file's bytes in base64 (the data: URL without its header). */
const lerBase64 = async (file: File) => (await readAsDataUrl(file)).replace(/^data:[^,]*,/, '');

/** pages/financeiro/conciliacao-ofx: import a bank statement into a conta and reconcile its lines. */
export default function ConciliacaoOfxPage() {
  const { message } = App.useApp();
  const contas = useList<Row>('ContasFinanceiras', { where: { ativo: true }, order: 'descricao ASC', limit: 200 });
  const [contaId, setContaId] = useState<number>();
  const [status, setStatus] = useState<'pendente' | 'conciliada' | 'ignorada'>('pendente');
  const [escolha, setEscolha] = useState<Record<number, string>>({});
  const [categoria, setCategoria] = useState<Record<number, number>>({});
  const [selecionadas, setSelecionadas] = useState<number[]>([]);
  const [ocupado, setOcupado] = useState(false);
  const cats = useList<Row>('CategoriasFinanceiras', { where: { ativo: true }, fields: ['id', 'descricaoCompleta', 'tipo'], order: 'descricao ASC', limit: 500 });
  const linhas = useSWR(contaId ? ['transacoes-ofx', contaId, status] : null, async () => (await api.get<Transacao[]>('TransacoesOfx', { params: { filter: { where: { contaId, status }, limit: 1000 } } })).data);
  const extratos = useSWR(contaId ? ['extratos-ofx', contaId] : null, async () => (await api.get<Row[]>(`ContasFinanceiras/${contaId}/ofx`)).data);
  const saldos = useSWR(contaId ? ['saldos-contas', contaId] : null, async () => (await api.get<Row[]>('ContasFinanceiras/saldos')).data);
  const saldoConta = saldos.data?.find((s) => s.contaId === contaId)?.saldo;
  const recarregar = () => Promise.all([linhas.mutate(), extratos.mutate(), saldos.mutate()]);

  const importar = async (file: File) => {
    if (!contaId) return false;
    setOcupado(true);
    try {
      const conteudo = await lerBase64(file);
      const r = (await api.post<Row>(`ContasFinanceiras/${contaId}/ofx`, { conteudo, nome: file.name })).data;
      message.success(`${r.mensagem} ${r.comSugestao ? `${r.comSugestao} com sugestão de conciliação.` : ''}`.trim());
      setStatus('pendente');
      await recarregar();
    } catch (e) {
      showError(e);
    } finally {
      setOcupado(false);
    }
    return false;
  };

  const acaoDe = (t: Transacao): Row | null => {
    const esc = escolha[t.id] ?? (t.sugestoes[0] ? chave(t.sugestoes[0]) : undefined);
    if (esc === 'novo') return categoria[t.id] ? { transacaoId: t.id, novo: { categoriaId: categoria[t.id] } } : null;
    if (!esc) return null;
    const [tipo, id] = esc.split(':');
    return tipo === 'movimento' ? { transacaoId: t.id, movimentoId: Number(id) } : { transacaoId: t.id, parcelaId: Number(id) };
  };

  const conciliar = async (itens: Row[]) => {
    if (!itens.length) return;
    setOcupado(true);
    try {
      await api.post('TransacoesOfx/conciliar', { itens });
      message.success(itens.length === 1 ? 'Transação conciliada.' : `${itens.length} transações conciliadas.`);
      setSelecionadas([]);
      await recarregar();
    } catch (e) {
      showError(e);
    } finally {
      setOcupado(false);
    }
  };
  const desfazer = async (t: Transacao) => {
    try {
      await api.post(`TransacoesOfx/${t.id}/desfazer`);
      message.success('A transação voltou a pendente.');
      await recarregar();
    } catch (e) {
      showError(e);
    }
  };

  const dados = linhas.data ?? [];
  const prontas = dados.filter((t) => selecionadas.includes(t.id)).map(acaoDe).filter(Boolean) as Row[];
  const ultimo = extratos.data?.[0];

  return (
    <Card>
      <PageTitle>Conciliação OFX</PageTitle>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="Conta"
          placeholder="Escolha a conta"
          style={{ width: 280 }}
          value={contaId}
          onChange={(v) => (setContaId(v), setSelecionadas([]), setEscolha({}))}
          options={(contas.data ?? []).map((c) => ({ value: c.id, label: c.descricao }))}
        />
        <Upload accept=".ofx,.OFX" showUploadList={false} beforeUpload={importar} disabled={!contaId || ocupado}>
          <Button icon={<UploadOutlined />} type="primary" disabled={!contaId} loading={ocupado}>
            Importar extrato OFX
          </Button>
        </Upload>
      </Space>
      {!contaId ? (
        <Empty description="Escolha a conta e importe o extrato OFX exportado pelo banco (OFX 1.x ou 2.x)." />
      ) : (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col xs={12} md={6}>
              <Statistic title="Saldo da conta no sistema" value={saldoConta ? formatBRL(saldoConta) : '-'} data-testid="saldo-conta" />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Saldo no último extrato" value={ultimo?.saldo != null ? formatBRL(ultimo.saldo) : '-'} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Extratos importados" value={extratos.data?.length ?? 0} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Transações pendentes" value={(extratos.data ?? []).reduce((s, e) => s + e.pendentes, 0)} />
            </Col>
          </Row>
          <Space wrap style={{ marginBottom: 12 }}>
            <Segmented options={STATUS_OPCOES} value={status} onChange={(v) => (setStatus(v as typeof status), setSelecionadas([]))} />
            {status === 'pendente' && (
              <Button icon={<CheckOutlined />} disabled={!prontas.length} loading={ocupado} onClick={() => conciliar(prontas)}>
                Conciliar selecionadas ({prontas.length})
              </Button>
            )}
          </Space>
          <ListTable<Transacao>
            list={linhas}
            empty={EMPTY_TITLE}
            pagination={{ pageSize: 50, showSizeChanger: false }}
            rowSelection={status === 'pendente' ? { selectedRowKeys: selecionadas, onChange: (k) => setSelecionadas(k as number[]) } : undefined}
            columns={[
              { key: 'data', dataIndex: 'data', title: 'Data', width: 100, render: (v) => formatDate(v) },
              { key: 'descricao', dataIndex: 'descricao', title: 'Descrição', render: (v, t) => (<>{v}{t.documento ? <Typography.Text type="secondary"> · {t.documento}</Typography.Text> : null}</>) },
              {
                key: 'valor',
                dataIndex: 'valor',
                title: 'Valor',
                align: 'right',
                width: 130,
                render: (v: string) => <Typography.Text type={v.startsWith('-') ? 'danger' : 'success'}>{formatBRL(v)}</Typography.Text>,
              },
              status === 'pendente'
                ? {
                    key: 'acao',
                    title: 'Conciliar com',
                    width: 520,
                    render: (_: unknown, t: Transacao) => {
                      const esc = escolha[t.id] ?? (t.sugestoes[0] ? chave(t.sugestoes[0]) : undefined);
                      const tipo = t.valor.startsWith('-') ? 1 : 0;
                      return (
                        <Space wrap data-transacao={t.id}>
                          <Select
                            aria-label="Conciliar com"
                            style={{ width: 300 }}
                            placeholder="Sem sugestão: escolha"
                            value={esc}
                            onChange={(v) => setEscolha((e) => ({ ...e, [t.id]: v }))}
                            options={[
                              ...t.sugestoes.map((s) => ({ value: chave(s), label: sugestaoTexto(s) })),
                              { value: 'novo', label: 'Novo lançamento com a categoria…' },
                            ]}
                          />
                          {esc === 'novo' && (
                            <Select
                              aria-label="Categoria"
                              showSearch
                              optionFilterProp="label"
                              style={{ width: 200 }}
                              placeholder="Categoria"
                              value={categoria[t.id]}
                              onChange={(v) => setCategoria((c) => ({ ...c, [t.id]: v }))}
                              options={(cats.data ?? []).filter((c) => c.tipo === tipo).map((c) => ({ value: c.id, label: c.descricaoCompleta }))}
                            />
                          )}
                          <Tooltip title="Confirmar">
                            <Button aria-label="Confirmar" icon={<CheckOutlined />} type="primary" disabled={!acaoDe(t)} onClick={() => conciliar([acaoDe(t)!])} />
                          </Tooltip>
                          <Tooltip title="Ignorar">
                            <Button aria-label="Ignorar" icon={<StopOutlined />} onClick={() => conciliar([{ transacaoId: t.id, ignorar: true }])} />
                          </Tooltip>
                        </Space>
                      );
                    },
                  }
                : {
                    key: 'como',
                    title: 'Conciliação',
                    render: (_: unknown, t: Transacao) => (
                      <Space>
                        {t.status === 'ignorada' ? <Tag>Ignorada</Tag> : <Tag color="green">{COMO[t.conciliacao ?? ''] ?? 'Conciliada'}</Tag>}
                        {t.estornada && (
                          <Tooltip title="A baixa desta conciliação foi estornada: desfaça e concilie de novo.">
                            <Tag color="red">Baixa estornada</Tag>
                          </Tooltip>
                        )}
                        <Button size="small" icon={<UndoOutlined />} onClick={() => desfazer(t)}>
                          Desfazer
                        </Button>
                      </Space>
                    ),
                  },
            ]}
          />
        </>
      )}
    </Card>
  );
}
