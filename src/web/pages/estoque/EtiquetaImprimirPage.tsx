import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, InputNumber, Radio, Row, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { RelatedSelect } from './RelatedSelect.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

interface Linha {
  chave: string;
  produtoId: number;
  variacaoId: number | null;
  descricao: string;
  preco: string | null;
  quantidade: number;
}

interface Sku {
  id: number;
  descricao: string;
  precoVenda: string | null;
  ativo: boolean;
}

/** Reads a blob error answer (the API's JSON error) so the error dialog shows its Portuguese message. */
async function erroDeBlob(err: any): Promise<unknown> {
  const data = err?.response?.data;
  if (data instanceof Blob) {
    try {
      err.response.data = JSON.parse(await data.text());
    } catch {
      /* keep the original */
    }
  }
  return err;
}

/**
 * pages/estoque/etiqueta/imprimir: pick a label layout, products (or SKUs of a grid) and how many labels of
 * each, then print: a PDF for sheets and thermal printers, or ZPL for Zebra-type printers.
 */
export default function EtiquetaImprimirPage() {
  const layouts = useList<{ id: number; descricao: string; tipo: string }>('Etiquetas', { where: { ativo: true }, order: 'descricao ASC', limit: 200 });
  const [layoutId, setLayoutId] = useState<number | null>(null);
  const [produtoId, setProdutoId] = useState<number | null>(null);
  const [skus, setSkus] = useState<Sku[]>([]);
  const [variacaoId, setVariacaoId] = useState<number | null>(null);
  const [quantidade, setQuantidade] = useState<number>(1);
  const [linhas, setLinhas] = useState<Linha[]>([]);
  const [formato, setFormato] = useState<'pdf' | 'zpl'>('pdf');
  const [imprimindo, setImprimindo] = useState(false);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);

  useEffect(() => {
    if (layoutId === null && layouts.data?.length) setLayoutId(layouts.data[0].id);
  }, [layouts.data, layoutId]);
  useEffect(() => {
    setVariacaoId(null);
    setSkus([]);
    if (!produtoId) return;
    api.get<Sku[]>(`Produtos/${produtoId}/variacoes`).then((r) => setSkus(r.data.filter((s) => s.ativo)), showError);
  }, [produtoId]);
  useEffect(() => () => void (pdfUrl && URL.revokeObjectURL(pdfUrl)), [pdfUrl]);

  const adicionar = async () => {
    if (!produtoId) return;
    try {
      const p = (await api.get<{ descricao: string; precoVenda: string | null }>(`Produtos/${produtoId}`, { params: { filter: { fields: ['id', 'descricao', 'precoVenda'] } } })).data;
      const sku = skus.find((s) => s.id === variacaoId);
      const chave = `${produtoId}-${variacaoId ?? ''}`;
      setLinhas((ls) => {
        const existe = ls.find((l) => l.chave === chave);
        if (existe) return ls.map((l) => (l.chave === chave ? { ...l, quantidade: l.quantidade + quantidade } : l));
        return [...ls, { chave, produtoId, variacaoId: sku?.id ?? null, descricao: sku ? `${p.descricao} ${sku.descricao}` : p.descricao, preco: sku?.precoVenda ?? p.precoVenda, quantidade }];
      });
      setProdutoId(null);
      setQuantidade(1);
    } catch (err) {
      showError(err);
    }
  };

  const imprimir = async () => {
    if (!layoutId) return;
    setImprimindo(true);
    try {
      const r = await api.post<Blob>(`Etiquetas/${layoutId}/imprimir`, { formato, itens: linhas.map((l) => ({ produtoId: l.produtoId, variacaoId: l.variacaoId, quantidade: l.quantidade })) }, { responseType: 'blob' });
      const url = URL.createObjectURL(r.data);
      if (formato === 'pdf') setPdfUrl(url);
      else {
        const a = document.createElement('a');
        a.href = url;
        a.download = 'etiquetas.zpl';
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 10000);
      }
      toast('success', `Etiquetas geradas (${total}).`);
    } catch (err) {
      showError(await erroDeBlob(err));
    } finally {
      setImprimindo(false);
    }
  };

  const total = linhas.reduce((s, l) => s + l.quantidade, 0);
  return (
    <div data-page="etiqueta-imprimir">
      <PageTitle>Imprimir etiquetas</PageTitle>
      <Card size="small">
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item label="Modelo de etiqueta" layout="vertical">
              <Select id="layout" value={layoutId ?? undefined} onChange={setLayoutId} options={(layouts.data ?? []).map((l) => ({ value: l.id, label: l.descricao }))} placeholder="Selecione" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label="Formato" layout="vertical">
              <Radio.Group optionType="button" value={formato} onChange={(e) => setFormato(e.target.value)} options={[{ value: 'pdf', label: 'PDF' }, { value: 'zpl', label: 'ZPL (Zebra)' }]} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16} align="bottom">
          <Col xs={24} md={9}>
            <Form.Item label="Produto" layout="vertical">
              <RelatedSelect id="produto" resource="produto" value={produtoId} onChange={setProdutoId} placeholder="Busque pelo nome, código ou GTIN" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label="Variação" layout="vertical">
              <Select id="variacao" allowClear disabled={!skus.length} value={variacaoId ?? undefined} onChange={(v) => setVariacaoId(v ?? null)} options={skus.map((s) => ({ value: s.id, label: s.descricao }))} placeholder={skus.length ? 'Todas: escolha uma' : 'Sem grade'} />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item label="Quantidade" layout="vertical">
              <InputNumber id="quantidade" min={1} max={5000} precision={0} value={quantidade} onChange={(v) => setQuantidade(Number(v) || 1)} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item>
              <Button onClick={adicionar} disabled={!produtoId}>
                Adicionar
              </Button>
            </Form.Item>
          </Col>
        </Row>
        <Table<Linha>
          size="small"
          rowKey="chave"
          dataSource={linhas}
          pagination={false}
          locale={{ emptyText: 'Adicione os produtos das etiquetas.' }}
          columns={[
            { title: 'Produto', dataIndex: 'descricao' },
            { title: 'Preço', dataIndex: 'preco', align: 'right', render: (v) => formatBRL(v) },
            { title: 'Etiquetas', dataIndex: 'quantidade', align: 'right', width: 140, render: (v, l) => <InputNumber min={1} max={5000} precision={0} value={v} onChange={(n) => setLinhas((ls) => ls.map((x) => (x.chave === l.chave ? { ...x, quantidade: Number(n) || 1 } : x)))} /> },
            { title: '', key: 'x', width: 48, render: (_, l) => <Button type="text" icon={<DeleteOutlined />} aria-label="Remover" onClick={() => setLinhas((ls) => ls.filter((x) => x.chave !== l.chave))} /> },
          ]}
        />
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" onClick={imprimir} loading={imprimindo} disabled={!linhas.length || !layoutId}>
            Imprimir {total ? `(${total})` : ''}
          </Button>
        </Space>
      </Card>
      {pdfUrl && (
        <Card size="small" title="Etiquetas" style={{ marginTop: 16 }} extra={<a href={pdfUrl} target="_blank" rel="noreferrer">Abrir PDF</a>}>
          <iframe title="Etiquetas" src={pdfUrl} style={{ width: '100%', height: 600, border: 0 }} />
        </Card>
      )}
    </div>
  );
}
