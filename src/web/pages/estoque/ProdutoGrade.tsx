import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Col, Input, Row, Select, Space, Switch, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { parseBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { confirmDialog, showError, toast } from '../../dialogs/dialogs.tsx';

interface Sku {
  id: number;
  descricao: string;
  codigo: string | null;
  gtin: string | null;
  precoVenda: string | null;
  ativo: boolean;
}

interface Template {
  id: number;
  descricao: string;
  valores: string[];
}

type Escolha = { variacaoId: number | null; valores: string[] };

const precoTexto = (v: string | null) => (v === null ? '' : v.replace('.', ','));

/**
 * The product's grid (Estoque > Variações): choose up to three variation templates and their values, generate
 * one SKU per combination, then give each SKU its own code, GTIN and price (empty price = the product's).
 */
export default function ProdutoGrade({ id }: { id: number }) {
  const templates = useList<Template>('Variacoes', { where: { ativo: true }, order: 'descricao ASC', limit: 200 });
  const [skus, setSkus] = useState<Sku[] | null>(null);
  const [edicao, setEdicao] = useState<Record<number, { codigo: string; gtin: string; preco: string; ativo: boolean }>>({});
  const [escolhas, setEscolhas] = useState<Escolha[]>([{ variacaoId: null, valores: [] }]);
  const [gerando, setGerando] = useState(false);

  const carregar = useCallback(async () => {
    try {
      const r = await api.get<Sku[]>(`Produtos/${id}/variacoes`);
      setSkus(r.data);
      setEdicao(Object.fromEntries(r.data.map((s) => [s.id, { codigo: s.codigo ?? '', gtin: s.gtin ?? '', preco: precoTexto(s.precoVenda), ativo: s.ativo }])));
    } catch (err) {
      showError(err);
    }
  }, [id]);
  useEffect(() => void carregar(), [carregar]);

  const gerar = async () => {
    setGerando(true);
    try {
      const r = await api.post<{ criados: number }>(`Produtos/${id}/variacoes/gerar`, { variacoes: escolhas.filter((e) => e.variacaoId) });
      toast('success', `Grade gerada: ${r.data.criados} variação(ões) nova(s).`);
      await carregar();
    } catch (err) {
      showError(err);
    } finally {
      setGerando(false);
    }
  };

  const salvar = async (s: Sku) => {
    const e = edicao[s.id];
    const preco = e.preco.trim() ? parseBRL(e.preco) ?? e.preco : null;
    try {
      await api.put(`ProdutoVariacoes/${s.id}`, { codigo: e.codigo, gtin: e.gtin, precoVenda: preco, ativo: e.ativo });
      toast('success', `Variação ${s.descricao} salva com sucesso.`);
      await carregar();
    } catch (err) {
      showError(err);
    }
  };

  const excluir = async (s: Sku) => {
    if (!(await confirmDialog({ title: 'Excluir variação?', content: s.descricao, danger: true }))) return;
    try {
      await api.delete(`ProdutoVariacoes/${s.id}`);
      await carregar();
    } catch (err) {
      showError(err);
    }
  };

  const set = (sid: number, patch: Partial<(typeof edicao)[number]>) => setEdicao((ed) => ({ ...ed, [sid]: { ...ed[sid], ...patch } }));
  const usadas = new Set(escolhas.map((e) => e.variacaoId));
  return (
    <div data-testid="grade">
      <Typography.Paragraph type="secondary">Escolha até três variações e os valores de cada uma; cada combinação vira um item (SKU) com código, GTIN, preço e estoque próprios.</Typography.Paragraph>
      {escolhas.map((e, i) => {
        const t = templates.data?.find((x) => x.id === e.variacaoId);
        return (
          <Row gutter={8} key={i} style={{ marginBottom: 8 }}>
            <Col xs={24} md={7}>
              <Select
                aria-label={`Variação ${i + 1}`}
                data-testid={`grade-variacao-${i}`}
                style={{ width: '100%' }}
                placeholder="Variação (ex.: Cor)"
                value={e.variacaoId ?? undefined}
                options={(templates.data ?? []).filter((x) => x.id === e.variacaoId || !usadas.has(x.id)).map((x) => ({ value: x.id, label: x.descricao }))}
                onChange={(v) => setEscolhas((es) => es.map((x, j) => (j === i ? { variacaoId: v, valores: [] } : x)))}
              />
            </Col>
            <Col xs={24} md={15}>
              <Select
                aria-label={`Valores ${i + 1}`}
                data-testid={`grade-valores-${i}`}
                mode="multiple"
                style={{ width: '100%' }}
                placeholder="Valores"
                disabled={!t}
                value={e.valores}
                options={(t?.valores ?? []).map((v) => ({ value: v, label: v }))}
                onChange={(v: string[]) => setEscolhas((es) => es.map((x, j) => (j === i ? { ...x, valores: v } : x)))}
              />
            </Col>
            <Col xs={24} md={2}>
              {escolhas.length > 1 && <Button type="text" icon={<DeleteOutlined />} aria-label="Remover variação" onClick={() => setEscolhas((es) => es.filter((_, j) => j !== i))} />}
            </Col>
          </Row>
        );
      })}
      <Space style={{ marginBottom: 16 }}>
        <Button icon={<PlusOutlined />} disabled={escolhas.length >= 3} onClick={() => setEscolhas((es) => [...es, { variacaoId: null, valores: [] }])}>
          Adicionar variação
        </Button>
        <Button type="primary" loading={gerando} disabled={!escolhas.some((e) => e.variacaoId && e.valores.length)} onClick={gerar}>
          Gerar grade
        </Button>
      </Space>
      <Table<Sku>
        size="small"
        rowKey="id"
        loading={skus === null}
        dataSource={skus ?? []}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        locale={{ emptyText: 'Este produto ainda não tem grade.' }}
        columns={[
          { title: 'Variação', dataIndex: 'descricao' },
          { title: 'Código', key: 'codigo', render: (_, s) => <Input aria-label={`Código ${s.descricao}`} value={edicao[s.id]?.codigo} maxLength={60} onChange={(ev) => set(s.id, { codigo: ev.target.value })} /> },
          { title: 'GTIN/EAN', key: 'gtin', render: (_, s) => <Input aria-label={`GTIN ${s.descricao}`} value={edicao[s.id]?.gtin} maxLength={14} inputMode="numeric" onChange={(ev) => set(s.id, { gtin: ev.target.value.replace(/\D/g, '') })} /> },
          { title: 'Preço de venda', key: 'preco', render: (_, s) => <Input aria-label={`Preço ${s.descricao}`} value={edicao[s.id]?.preco} prefix="R$" placeholder="do produto" inputMode="decimal" onChange={(ev) => set(s.id, { preco: ev.target.value })} /> },
          { title: 'Ativo', key: 'ativo', width: 70, render: (_, s) => <Switch size="small" checked={edicao[s.id]?.ativo} onChange={(v) => set(s.id, { ativo: v })} /> },
          {
            title: '',
            key: 'acoes',
            width: 90,
            render: (_, s) => (
              <Space>
                <Button size="small" icon={<SaveOutlined />} aria-label={`Salvar ${s.descricao}`} onClick={() => salvar(s)} />
                <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={`Excluir ${s.descricao}`} onClick={() => excluir(s)} />
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
