import { Alert, Button, Input, Space, Spin, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { parseBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

interface ModuloConfig {
  id: string;
  titulo: string;
  menus: string[];
  ativo: boolean;
  valorAdicional: string | null;
  planos: number[];
}

type Linha = ModuloConfig & { texto: string };

interface ModulosView {
  modulos: ModuloConfig[];
  planos: { id: number; nome: string; ativo: boolean }[];
}

const KEY = 'ConfigWhiteLabels/modulos';
const toText = (v: string | null) => (v ? v.replace('.', ',') : '');

/**
 * administrador/configuracoes/modulo-config (SPEC 2.8): the brand's modules (id, ativo, menus) with the monthly
 * price of each as an add-on, and which plan includes which (edited in plano-config). Switching a module off
 * hides its menus and closes its API for every account of the brand.
 */
export default function ModuloConfigPage() {
  const { data, error, isLoading, mutate } = useSWR(KEY, async () => (await api.get<ModulosView>(KEY)).data);
  const [rows, setRows] = useState<Linha[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) setRows(data.modulos.map((m) => ({ ...m, texto: toText(m.valorAdicional) })));
  }, [data]);

  const set = (id: string, patch: Partial<Linha>) => setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const invalid = rows.filter((r) => r.texto.trim() !== '' && (parseBRL(r.texto) === null || r.texto.trim().startsWith('-')));

  const save = async () => {
    if (invalid.length) return;
    setSaving(true);
    try {
      const body = { modulos: rows.map((r) => ({ id: r.id, ativo: r.ativo, valorAdicional: r.texto.trim() ? parseBRL(r.texto) : null })) };
      await mutate((await api.put<ModulosView>(KEY, body)).data, { revalidate: false });
      toast('success', 'Módulos salvos.');
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  const planName = new Map((data?.planos ?? []).map((p) => [p.id, p.nome]));
  return (
    <div className="modulo-config-page">
      <PageTitle>Módulos</PageTitle>
      <Typography.Paragraph type="secondary">
        Um módulo desativado some dos menus e deixa de responder na API para todas as contas da marca. O valor adicional permite contratar o módulo em Assinatura &gt; Módulos adicionais.
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon message="Não foi possível carregar os módulos." /> : null}
      <Spin spinning={isLoading}>
        <Table<Linha>
          rowKey="id"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: 'Módulo', dataIndex: 'titulo' },
            { title: 'Menus', render: (_: unknown, m: ModuloConfig) => m.menus.length },
            {
              title: 'Ativo',
              render: (_: unknown, m: ModuloConfig) => <Switch aria-label={`Ativo: ${m.titulo}`} checked={m.ativo} onChange={(v) => set(m.id, { ativo: v })} />,
            },
            {
              title: 'Valor adicional (R$)',
              render: (_: unknown, m: Linha) => (
                <Input
                  aria-label={`Valor adicional: ${m.titulo}`}
                  value={m.texto}
                  status={invalid.includes(m) ? 'error' : undefined}
                  placeholder="não vendido à parte"
                  onChange={(e) => set(m.id, { texto: e.target.value })}
                  style={{ maxWidth: 160 }}
                />
              ),
            },
            {
              title: 'Incluído nos planos',
              render: (_: unknown, m: ModuloConfig) => (
                <Space wrap>
                  {m.planos.map((id) => (
                    <Tag key={id}>{planName.get(id)}</Tag>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      </Spin>
      {invalid.length ? <Alert style={{ marginTop: 12 }} type="error" showIcon message={`Valor adicional inválido: ${invalid.map((m) => m.titulo).join(', ')}. Informe um valor a partir de 0.`} /> : null}
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={saving} disabled={!data || invalid.length > 0} onClick={save}>
          Salvar
        </Button>
        <Link to="/administrador/configuracoes/plano-config">Editar os módulos de cada plano</Link>
      </Space>
    </div>
  );
}
