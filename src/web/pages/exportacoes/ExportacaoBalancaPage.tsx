import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, InputNumber, Row, Select, Space, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { baixarArquivo, problemasDoErro, type ProblemaExportacao } from './baixar.ts';

interface Modelo {
  modelo: string;
  titulo: string;
  arquivos: string[];
}
interface ProdutoBalanca {
  id: number;
  descricao: string;
  plu: number | null;
  venda: 'peso' | 'unidade';
  precoVenda: string | null;
  validadeDias: number | null;
}
interface ConfigEtiqueta {
  etiquetaPrefixo: string;
  etiquetaConteudo: 'preco' | 'peso';
  etiquetaDigitosCodigo: number;
}

/**
 * pages/exportacoes-fiscais/exportacao-para-balanca: the load of the shop's scales, one ZIP per model, from the
 * products flagged for the scale; what stops it listed with a link to each product. Below, the branch's label
 * layout the sales order reads scale labels back with.
 */
export default function ExportacaoBalancaPage() {
  const [modelos, setModelos] = useState<Modelo[] | null>(null);
  const [modelo, setModelo] = useState('toledo-mgv6');
  const [produtos, setProdutos] = useState<ProdutoBalanca[]>([]);
  const [gerando, setGerando] = useState(false);
  const [erro, setErro] = useState<{ mensagem: string; problemas: ProblemaExportacao[] } | null>(null);
  const [conf, setConf] = useState<ConfigEtiqueta | null>(null);
  useEffect(() => {
    void api.get<Modelo[]>('ExportacaoBalanca/modelos').then((r) => setModelos(r.data), showError);
    void api.get<ProdutoBalanca[]>('ExportacaoBalanca/produtos').then((r) => setProdutos(r.data), showError);
    void api.get<ConfigEtiqueta>('ExportacaoBalanca/configuracao').then((r) => setConf(r.data), showError);
  }, []);
  if (!modelos) return <Spin />;
  const atual = modelos.find((m) => m.modelo === modelo);
  const gerar = async () => {
    setGerando(true);
    setErro(null);
    try {
      await baixarArquivo(`ExportacaoBalanca/${modelo}/carga.zip`, `balanca-${modelo}.zip`);
      toast('success', `Carga da ${atual?.titulo ?? 'balança'} gerada.`);
    } catch (e) {
      setErro(await problemasDoErro(e));
    } finally {
      setGerando(false);
    }
  };
  const salvarConf = async () => {
    try {
      const r = await api.put<ConfigEtiqueta>('ExportacaoBalanca/configuracao', conf);
      setConf(r.data);
      toast('success', 'Etiqueta da balança salva.');
    } catch (e) {
      showError(e);
    }
  };
  return (
    <div>
      <PageTitle>Exportação para balança</PageTitle>
      <Card size="small" title="Carga da balança">
        <Space wrap>
          <Select aria-label="Modelo da balança" style={{ width: 240 }} value={modelo} onChange={(v) => setModelo(v)} options={modelos.map((m) => ({ value: m.modelo, label: m.titulo }))} />
          <Button type="primary" icon={<DownloadOutlined />} loading={gerando} onClick={gerar}>
            Baixar carga (ZIP)
          </Button>
        </Space>
        {atual ? <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>{`Arquivos: ${atual.arquivos.join(', ')}.`}</Typography.Paragraph> : null}
        {erro ? (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            message={erro.problemas.length > 1 ? 'A carga não foi gerada: corrija os produtos abaixo.' : erro.mensagem}
            description={
              erro.problemas.length ? (
                <ul data-testid="problemas-balanca" style={{ margin: 0, paddingLeft: 18 }}>
                  {erro.problemas.map((p, i) => (
                    <li key={i}>
                      {p.mensagem} {p.link ? <Link to={p.link}>Corrigir</Link> : null}
                    </li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        ) : null}
      </Card>
      <Card size="small" title={`Produtos na balança (${produtos.length})`} style={{ marginTop: 12 }}>
        <Table<ProdutoBalanca>
          rowKey="id"
          size="small"
          pagination={{ pageSize: 20, showSizeChanger: false }}
          dataSource={produtos}
          locale={{ emptyText: 'Nenhum produto marcado para a balança. Marque-os no cadastro do produto, aba Balança.' }}
          columns={[
            { key: 'plu', title: 'PLU', render: (_, p) => p.plu ?? 'sem PLU', width: 100 },
            { key: 'descricao', title: 'Produto', render: (_, p) => <Link to={`/pages/estoque/produtos/editar/${p.id}`}>{p.descricao}</Link> },
            { key: 'venda', title: 'Venda', render: (_, p) => (p.venda === 'peso' ? 'Peso' : 'Unidade'), width: 100 },
            { key: 'preco', title: 'Preço', render: (_, p) => (p.precoVenda ? formatBRL(p.precoVenda) : '—'), width: 140 },
            { key: 'validade', title: 'Validade', render: (_, p) => (p.validadeDias ? `${p.validadeDias} dia(s)` : '—'), width: 120 },
          ]}
        />
      </Card>
      {conf ? (
        <Card size="small" title="Etiqueta da balança (lida no pedido de venda)" style={{ marginTop: 12 }}>
          <Row gutter={12}>
            <Col span={6}>
              <div>Prefixo</div>
              <Select aria-label="Prefixo da etiqueta" style={{ width: '100%' }} value={conf.etiquetaPrefixo} onChange={(v) => setConf({ ...conf, etiquetaPrefixo: v })} options={['2', '0', '1', '3', '4', '5', '6', '7', '8', '9'].map((d) => ({ value: d, label: d }))} />
            </Col>
            <Col span={6}>
              <div>A etiqueta traz</div>
              <Select aria-label="A etiqueta traz" style={{ width: '100%' }} value={conf.etiquetaConteudo} onChange={(v) => setConf({ ...conf, etiquetaConteudo: v })} options={[{ value: 'preco', label: 'Preço' }, { value: 'peso', label: 'Peso' }]} />
            </Col>
            <Col span={6}>
              <div>Dígitos do código (PLU)</div>
              <InputNumber aria-label="Dígitos do código" min={4} max={6} value={conf.etiquetaDigitosCodigo} onChange={(v) => setConf({ ...conf, etiquetaDigitosCodigo: v ?? 5 })} />
            </Col>
          </Row>
          <Button style={{ marginTop: 12 }} onClick={salvarConf}>
            Salvar etiqueta
          </Button>
        </Card>
      ) : null}
    </div>
  );
}
