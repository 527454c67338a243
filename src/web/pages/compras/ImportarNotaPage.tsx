import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Input, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../shared/dates.ts';
import { maskCpfCnpj } from '../../../shared/cpf-cnpj.ts';
import { formatBRL, formatQuantity } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';

type Row = Record<string, any>;
const qtd = formatQuantity;

const ORIGEM: Record<string, { label: string; color: string }> = {
  codigo: { label: 'Código do fornecedor', color: 'green' },
  gtin: { label: 'GTIN', color: 'green' },
  variacao: { label: 'GTIN da variação', color: 'green' },
  embalagem: { label: 'GTIN da embalagem', color: 'cyan' },
  busca: { label: 'Busca: confirme', color: 'gold' },
};
const NOVO = -1;

/** A product chosen for a line: the match, the search candidates, any product by its description, or a new one. */
function ProdutoDaLinha({ linha, value, onChange }: { linha: Row; value: number; onChange: (v: number) => void }) {
  const inicial = [
    { value: NOVO, label: `Criar produto novo: ${linha.descricao}` },
    ...(linha.produtoId ? [{ value: linha.produtoId, label: linha.produtoDescricao ?? `Produto ${linha.produtoId}` }] : []),
    ...(linha.candidatos as Row[]).filter((c) => c.produtoId !== linha.produtoId).map((c) => ({ value: c.produtoId, label: `${c.descricao} (${Math.round(c.similaridade * 100)}%)` })),
  ];
  const [options, setOptions] = useState(inicial);
  const buscar = async (texto: string) => {
    if (texto.trim().length < 2) return setOptions(inicial);
    const r = await api.get<Row[]>('Produtos', { params: { filter: { where: { descricao: { ilike: `%${texto.trim()}%` }, servico: false, ativo: true }, fields: ['id', 'descricao'], limit: 20, order: 'descricao ASC' } } });
    setOptions([inicial[0], ...r.data.map((p) => ({ value: p.id as number, label: p.descricao as string }))]);
  };
  return <Select aria-label={`Produto da linha ${linha.linha}`} data-testid={`produto-linha-${linha.linha}`} showSearch={{ filterOption: false, onSearch: (t: string) => void buscar(t) }} value={value} onChange={onChange} options={options} style={{ width: '100%', minWidth: 280 }} />;
}

/**
 * pages/compras/entrada-nota-fiscal/importar-xml: the supplier's NF-e XML read by the server into a proposal
 * (supplier found or to be created, each line matched by the supplier's code, a GTIN or a search, the packaging
 * factor, the entry cost); the person confirms or changes each product, and the entry is written as a draft or
 * posted at once. After posting, the stock and average cost of each product and the payables are shown.
 */
export default function ImportarNotaPage() {
  const navigate = useNavigate();
  const [xml, setXml] = useState<{ nome: string; texto: string } | null>(null);
  const [proposta, setProposta] = useState<Row | null>(null);
  const [escolhas, setEscolhas] = useState<Record<number, { produtoId: number; fator: string }>>({});
  const [pedidoId, setPedidoId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [resultado, setResultado] = useState<{ entrada: Row; saldos: Row[]; parcelas: Row[] } | null>(null);

  const ler = async (file: { name: string; text: () => Promise<string> }) => {
    const texto = await file.text();
    setXml({ nome: file.name, texto });
    setProposta(null);
    setResultado(null);
    setErro(null);
    setBusy(true);
    try {
      const r = await api.post<Row>('EntradasNota/importar-xml', texto, { headers: { 'Content-Type': 'application/xml' } });
      setProposta(r.data);
      setEscolhas(Object.fromEntries((r.data.itens as Row[]).map((l) => [l.linha, { produtoId: l.acao === 'criar' ? NOVO : l.produtoId, fator: l.fator ?? '' }])));
      setPedidoId(null);
    } catch (err) {
      setErro(showError(err).message);
    } finally {
      setBusy(false);
    }
  };

  // From the DF-e list (pages/nfe/manifestacoes, "Lançar entrada"): the full XML SEFAZ delivered after the ciência.
  const [params] = useSearchParams();
  const dfe = params.get('dfe');
  useEffect(() => {
    if (!dfe || !/^\d+$/.test(dfe)) return;
    void (async () => {
      try {
        const r = await api.get<string>(`Manifestacoes/${dfe}/xml`, { responseType: 'text', transformResponse: (x) => x });
        const nome = /filename="([^"]+)"/.exec(String(r.headers['content-disposition'] ?? ''))?.[1] ?? `nfe-${dfe}.xml`;
        await ler({ name: `${nome} (DF-e)`, text: async () => r.data });
      } catch (err) {
        setErro(showError(err).message);
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dfe]);

  const gravar = async (efetivar: boolean) => {
    if (!xml || !proposta) return;
    setBusy(true);
    try {
      const itens = (proposta.itens as Row[]).map((l) => {
        const e = escolhas[l.linha];
        return e.produtoId === NOVO ? { linha: l.linha, criarProduto: true } : { linha: l.linha, produtoId: e.produtoId, fator: e.fator ? e.fator.replace(',', '.') : null };
      });
      const r = await api.post<Row>('EntradasNota/importar-xml/confirmar', { xml: xml.texto, itens, pedidoCompraId: pedidoId });
      if (!efetivar) {
        toast('success', `Entrada de nota fiscal ${r.data.numero} gravada em rascunho.`);
        navigate(`/pages/compras/entrada-nota-fiscal/editar/${r.data.id}`);
        return;
      }
      const e = await api.post<Row>(`EntradasNota/${r.data.id}/efetivar`);
      const ids = [...new Set((e.data.itens as Row[]).map((i) => i.produtoId))];
      const [saldos, produtos, parcelas] = await Promise.all([
        api.get<Row[]>('SaldosEstoque', { params: { filter: { where: { produtoId: { inq: ids }, depositoId: e.data.depositoId } } } }),
        api.get<Row[]>('Produtos', { params: { filter: { where: { id: { inq: ids } }, fields: ['id', 'descricao'] } } }),
        api.get<Row[]>('Parcelas', { params: { filter: { where: { documento: `NF ${e.data.numeroNota}`, pessoaId: e.data.fornecedorId }, order: 'numero ASC' } } }),
      ]);
      const nomes = new Map(produtos.data.map((p) => [p.id, p.descricao]));
      setResultado({ entrada: e.data, saldos: saldos.data.map((s) => ({ ...s, descricao: nomes.get(s.produtoId) })), parcelas: parcelas.data });
      setProposta(null);
      toast('success', `Entrada de nota fiscal ${e.data.numero} efetivada: estoque e contas a pagar lançados.`);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  const set = (linha: number, patch: Partial<{ produtoId: number; fator: string }>) => setEscolhas((s) => ({ ...s, [linha]: { ...s[linha], ...patch } }));

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Importar XML da NF-e
        </Typography.Title>
        <Button onClick={() => navigate('/pages/compras/entrada-nota-fiscal')}>Voltar</Button>
      </Space>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">
          Envie o XML da nota que o fornecedor mandou (NF-e 4.00 ou nfeProc, até 1 MB). O leiaute e a assinatura são conferidos, e cada item é casado com um produto pelo código que o fornecedor usou em entradas anteriores, pelo GTIN (uma caixa com GTIN próprio entra em unidades) ou por uma busca que você confirma.
        </Typography.Paragraph>
        <Upload accept=".xml,application/xml,text/xml" maxCount={1} showUploadList={false} beforeUpload={(f) => (void ler(f), false)}>
          <Button icon={<UploadOutlined />} loading={busy && !proposta}>
            Escolher arquivo XML
          </Button>
        </Upload>
        {xml ? <Typography.Text style={{ marginLeft: 12 }}>{xml.nome}</Typography.Text> : null}
      </Card>
      {erro ? <Alert type="error" showIcon message={erro} data-testid="erro-importacao" style={{ marginBottom: 16 }} /> : null}
      {proposta ? (
        <>
          <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }} data-testid="proposta">
            <Descriptions.Item label="Nota">{`${proposta.numeroNota}/${proposta.serie} de ${formatDate(proposta.dataEmissao)}`}</Descriptions.Item>
            <Descriptions.Item label="Chave de acesso">{proposta.chave}</Descriptions.Item>
            <Descriptions.Item label="Fornecedor">
              {proposta.fornecedor.nome} ({maskCpfCnpj(proposta.fornecedor.cpfCnpj)}) {proposta.fornecedor.novo ? <Tag color="blue">será cadastrado</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label="Transportador">{proposta.transportador ? `${proposta.transportador.nome}${proposta.transportador.novo ? ' (será cadastrado)' : ''}` : '—'}</Descriptions.Item>
            <Descriptions.Item label="Valor da nota">{formatBRL(proposta.valorTotal)}</Descriptions.Item>
            <Descriptions.Item label="Duplicatas">{(proposta.parcelas as Row[]).length ? (proposta.parcelas as Row[]).map((d) => `${formatDate(d.vencimento)} ${formatBRL(d.valor)}`).join('; ') : 'sem duplicatas: uma parcela na data de entrada'}</Descriptions.Item>
            <Descriptions.Item label="Pedido de compra">
              <Select allowClear aria-label="Pedido de compra" placeholder={(proposta.pedidosAbertos as Row[]).length ? 'Vincular a um pedido em aberto' : 'Nenhum pedido em aberto deste fornecedor'} value={pedidoId ?? undefined} onChange={(v) => setPedidoId(v ?? null)} options={(proposta.pedidosAbertos as Row[]).map((p) => ({ value: p.id, label: `Pedido nº ${p.numero}${p.dataPrevista ? ` (entrega ${formatDate(p.dataPrevista)})` : ''}` }))} style={{ minWidth: 260 }} />
            </Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="linha"
            size="small"
            pagination={false}
            dataSource={proposta.itens as Row[]}
            scroll={{ x: 1200 }}
            columns={[
              { key: 'linha', dataIndex: 'linha', title: '#', width: 40 },
              { key: 'descricao', title: 'Item da nota', render: (_, l) => <span>{l.descricao}<br /><Typography.Text type="secondary">{`cód. ${l.codigo}${l.gtin ? ` · GTIN ${l.gtin}` : ''} · CFOP ${l.cfop} → ${l.cfopEntrada ?? '?'}`}</Typography.Text></span> },
              { key: 'qtd', title: 'Qtde', width: 90, align: 'right', render: (_, l) => `${qtd(l.quantidade)} ${l.unidade}` },
              { key: 'origem', title: 'Casamento', width: 150, render: (_, l) => (escolhas[l.linha]?.produtoId === NOVO ? <Tag color="blue">Novo produto</Tag> : l.origem && escolhas[l.linha]?.produtoId === l.produtoId ? <Tag color={ORIGEM[l.origem].color}>{ORIGEM[l.origem].label}</Tag> : <Tag>Escolhido</Tag>) },
              { key: 'produto', title: 'Produto', width: 320, render: (_, l) => <ProdutoDaLinha linha={l} value={escolhas[l.linha]?.produtoId ?? NOVO} onChange={(v) => set(l.linha, { produtoId: v, fator: v === l.produtoId ? (l.fator ?? '') : '' })} /> },
              { key: 'fator', title: 'Fator', width: 90, render: (_, l) => (escolhas[l.linha]?.produtoId === NOVO ? '1' : <Input aria-label={`Fator da linha ${l.linha}`} value={escolhas[l.linha]?.fator ?? ''} placeholder="?" onChange={(e) => set(l.linha, { fator: e.target.value })} />) },
              { key: 'custo', title: 'Custo unitário', width: 120, align: 'right', render: (_, l) => (l.custoUnitario ? formatBRL(l.custoUnitario) : '') },
              { key: 'total', title: 'Valor', width: 110, align: 'right', render: (_, l) => formatBRL(l.valorTotal) },
            ]}
          />
          <Space style={{ marginTop: 16 }}>
            <Button onClick={() => void gravar(false)} loading={busy}>
              Gravar rascunho
            </Button>
            <Button type="primary" onClick={() => void gravar(true)} loading={busy}>
              Confirmar e efetivar
            </Button>
          </Space>
        </>
      ) : null}
      {resultado ? (
        <Card title={`Entrada nº ${resultado.entrada.numero} efetivada`} size="small" data-testid="resultado-entrada">
          <Table
            rowKey={(r) => `${r.produtoId}-${r.depositoId}`}
            size="small"
            pagination={false}
            dataSource={resultado.saldos}
            columns={[
              { key: 'descricao', dataIndex: 'descricao', title: 'Produto' },
              { key: 'quantidade', dataIndex: 'quantidade', title: 'Estoque atual', align: 'right', render: qtd },
              { key: 'custoMedio', dataIndex: 'custoMedio', title: 'Custo médio', align: 'right', render: (v) => (v ? formatBRL(v) : '') },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Contas a pagar
          </Typography.Title>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={resultado.parcelas}
            columns={[
              { key: 'numero', title: 'Parcela', render: (_, p) => `${p.numero}/${p.quantidadeParcelas}` },
              { key: 'vencimento', dataIndex: 'vencimento', title: 'Vencimento', render: (v) => formatDate(v) },
              { key: 'valor', dataIndex: 'valor', title: 'Valor', align: 'right', render: (v) => formatBRL(v) },
              { key: 'status', dataIndex: 'status', title: 'Situação' },
            ]}
          />
          <Space style={{ marginTop: 16 }}>
            <Button onClick={() => navigate(`/pages/compras/entrada-nota-fiscal/editar/${resultado.entrada.id}`)}>Abrir a entrada</Button>
          </Space>
        </Card>
      ) : null}
    </div>
  );
}
