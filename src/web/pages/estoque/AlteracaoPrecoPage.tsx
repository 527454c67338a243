import { Alert, Button, Card, Checkbox, Col, Form, Input, Radio, Row, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { ARREDONDAMENTOS_ALTERACAO, MODOS_ALTERACAO, type ItemPrevia as Item } from '../../../shared/alteracao-preco.ts';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { confirmDialog, showError, toast } from '../../dialogs/dialogs.tsx';
import { RelatedSelect } from './RelatedSelect.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

const diferenca = (a: string | null, b: string | null) => (a && b && Number(a) > 0 ? `${(((Number(b) - Number(a)) / Number(a)) * 100).toFixed(2).replace('.', ',')}%` : '');

/**
 * pages/estoque/alteracao-preco (menu Vendas): change sale prices in bulk by category, brand or supplier, by a
 * percentage, a value or a target margin, with rounding. "Visualizar" shows every line old → new; "Aplicar"
 * writes them all in one transaction, and each product's price history records the change.
 */
export default function AlteracaoPrecoPage() {
  const [categoriaId, setCategoriaId] = useState<number | null>(null);
  const [marcaId, setMarcaId] = useState<number | null>(null);
  const [fornecedorId, setFornecedorId] = useState<number | null>(null);
  const [modo, setModo] = useState('percentual');
  const [valor, setValor] = useState('');
  const [arredondamento, setArredondamento] = useState('nenhum');
  const [motivo, setMotivo] = useState('');
  const [incluirVariacoes, setIncluirVariacoes] = useState(true);
  const [itens, setItens] = useState<Item[] | null>(null);
  const [alteracao, setAlteracao] = useState('');
  const [carregando, setCarregando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);

  const pedido = () => ({ filtro: { categoriaId, marcaId, fornecedorId }, modo, valor: valor.replace(',', '.'), arredondamento, motivo, incluirVariacoes });
  const mudou = () => setItens(null);

  const visualizar = async () => {
    setCarregando(true);
    setErro(null);
    try {
      const r = await api.post<{ alteracao: string; itens: Item[] }>('AlteracoesPreco/previa', pedido());
      setItens(r.data.itens);
      setAlteracao(r.data.alteracao);
    } catch (err) {
      setItens(null);
      showError(err);
    } finally {
      setCarregando(false);
    }
  };

  const aplicar = async () => {
    const n = itens?.filter((i) => i.precoNovo && i.precoNovo !== i.precoAnterior).length ?? 0;
    if (!(await confirmDialog({ title: 'Aplicar alteração de preço?', content: `${n} preço(s) serão alterados (${alteracao}).` }))) return;
    setCarregando(true);
    try {
      const r = await api.post<{ alterados: number; ignorados: number }>('AlteracoesPreco/aplicar', pedido());
      toast('success', `Preços alterados: ${r.data.alterados}.`);
      setItens(null);
    } catch (err) {
      showError(err);
    } finally {
      setCarregando(false);
    }
  };

  const validos = itens?.filter((i) => i.precoNovo && i.precoNovo !== i.precoAnterior).length ?? 0;
  return (
    <div data-page="alteracao-preco">
      <PageTitle>Alteração de preço</PageTitle>
      <Card size="small" title="Produtos">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label="Categoria" layout="vertical">
              <RelatedSelect id="filtro-categoria" resource="categoriaProduto" value={categoriaId} onChange={(v) => (setCategoriaId(v), mudou())} placeholder="Todas" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Marca" layout="vertical">
              <RelatedSelect id="filtro-marca" resource="marca" value={marcaId} onChange={(v) => (setMarcaId(v), mudou())} placeholder="Todas" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Fornecedor" layout="vertical">
              <RelatedSelect id="filtro-fornecedor" resource="fornecedor" value={fornecedorId} onChange={(v) => (setFornecedorId(v), mudou())} placeholder="Todos" />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title="Alteração" style={{ marginTop: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label="Alterar por" layout="vertical">
              <Radio.Group id="modo" optionType="button" options={[...MODOS_ALTERACAO]} value={modo} onChange={(e) => (setModo(e.target.value), mudou())} />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item label={modo === 'valor' ? 'Valor (R$, negativo reduz)' : modo === 'margem' ? 'Margem (%)' : 'Percentual (negativo reduz)'} layout="vertical">
              <Input id="valor" value={valor} inputMode="decimal" onChange={(e) => (setValor(e.target.value), mudou())} placeholder={modo === 'valor' ? '1,00' : '10'} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label="Arredondamento" layout="vertical">
              <Select id="arredondamento" value={arredondamento} options={[...ARREDONDAMENTOS_ALTERACAO]} onChange={(v) => (setArredondamento(v), mudou())} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label="Motivo" layout="vertical">
              <Input id="motivo" value={motivo} maxLength={200} onChange={(e) => setMotivo(e.target.value)} placeholder="Ex.: reajuste do fornecedor" />
            </Form.Item>
          </Col>
        </Row>
        <Space wrap>
          <Checkbox checked={incluirVariacoes} onChange={(e) => (setIncluirVariacoes(e.target.checked), mudou())}>
            Incluir variações (grade) com preço próprio
          </Checkbox>
          <Button onClick={visualizar} loading={carregando} disabled={!valor.trim()}>
            Visualizar
          </Button>
          <Button type="primary" onClick={aplicar} loading={carregando} disabled={!itens || validos === 0}>
            Aplicar alteração
          </Button>
        </Space>
      </Card>
      {erro && <Alert type="error" message={erro} style={{ marginTop: 16 }} />}
      {itens && (
        <Card size="small" style={{ marginTop: 16 }} title={`Prévia: ${alteracao} — ${validos} de ${itens.length} preço(s) mudam`}>
          <Table<Item>
            data-testid="previa"
            size="small"
            rowKey={(i) => `${i.produtoId}-${i.variacaoId ?? ''}`}
            dataSource={itens}
            pagination={{ pageSize: 50, showSizeChanger: false }}
            columns={[
              { title: 'Código', dataIndex: 'codigo', width: 120 },
              { title: 'Produto', dataIndex: 'descricao' },
              { title: 'Custo', dataIndex: 'precoCusto', align: 'right', render: (v) => formatBRL(v) },
              { title: 'Preço atual', dataIndex: 'precoAnterior', align: 'right', render: (v) => formatBRL(v) },
              { title: 'Novo preço', dataIndex: 'precoNovo', align: 'right', render: (v, i) => (i.ignorado ? <Tag color="warning">{i.ignorado}</Tag> : <strong>{formatBRL(v)}</strong>) },
              { title: 'Variação', key: 'dif', align: 'right', render: (_, i) => diferenca(i.precoAnterior, i.precoNovo) },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
