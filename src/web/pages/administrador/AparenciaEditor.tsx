import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Input, Menu, Row, Select, Space, Switch, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { applyFieldLabels, applyMenuOverlay, OVERLAY_TITLE_MAX, type FieldLabels, type MenuOverlay } from '../../../shared/brand-overlay.ts';
import type { MenuItemDoc } from '../../../shared/menu-filter.ts';
import { api } from '../../api/client.ts';
import { BRAND_KEY } from '../../brand/brand.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { RESOURCES } from '../../catalog/registry.ts';
import { MENUS } from '../../shell/menus.ts';

type Switches = Record<string, { ocultar: string[]; obrigatorios: string[] }>;

interface Aparencia {
  menus: MenuOverlay;
  rotulos: FieldLabels;
  campos?: Switches;
}

const KEY = 'ConfigWhiteLabels/aparencia';

/** Rows of the main menu for the editor: groups and their entries, with the depth and the siblings' keys. */
function rowsOf(items: readonly MenuItemDoc[], overlay: MenuOverlay, depth = 0): { item: MenuItemDoc; depth: number; siblings: string[] }[] {
  const ordered = applyMenuOverlay(
    items.map((i) => ({ ...i, children: undefined })),
    Object.fromEntries(Object.entries(overlay).map(([k, v]) => [k, { ordem: v.ordem }])),
  ).map((i) => items.find((x) => x.key === i.key)!);
  const siblings = ordered.map((i) => i.key);
  return ordered.flatMap((item) => [{ item, depth, siblings }, ...(item.children ? rowsOf(item.children, overlay, depth + 1) : [])]);
}

const toAntd = (items: MenuItemDoc[]): NonNullable<React.ComponentProps<typeof Menu>['items']> =>
  items.map((i) => (i.children ? { key: i.key, label: i.title, children: toAntd(i.children) } : { key: i.key, label: i.title }));

/**
 * The whitelabel screen's "reshape without code" part (issue 21 item 3): the main menu's entries renamed,
 * hidden and reordered, and the form fields' labels renamed, each with a live preview; saved as data that
 * overlays the shipped documents (PUT ConfigWhiteLabels/aparencia).
 */
export function AparenciaEditor({ configWhiteLabel }: { configWhiteLabel?: number }) {
  const { mutate } = useSWRConfig();
  const key = configWhiteLabel ? `${KEY}?configWhiteLabel=${configWhiteLabel}` : KEY;
  const { data, error } = useSWR(key, async () => (await api.get<Aparencia>(KEY, { params: configWhiteLabel ? { configWhiteLabel } : {} })).data);
  const [menus, setMenus] = useState<MenuOverlay>({});
  const [rotulos, setRotulos] = useState<FieldLabels>({});
  const [campos, setCampos] = useState<Switches>({});
  const [recurso, setRecurso] = useState(RESOURCES[0]?.name);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) {
      setMenus(data.menus ?? {});
      setRotulos(data.rotulos ?? {});
      setCampos(data.campos ?? {});
    }
  }, [data]);

  const setEntry = (k: string, patch: MenuOverlay[string]) => setMenus((m) => ({ ...m, [k]: { ...(m[k] ?? {}), ...patch } }));
  const move = (k: string, siblings: string[], delta: number) => {
    const i = siblings.indexOf(k);
    const j = i + delta;
    if (j < 0 || j >= siblings.length) return;
    const order = [...siblings];
    [order[i], order[j]] = [order[j], order[i]];
    setMenus((m) => {
      const next = { ...m };
      order.forEach((s, n) => (next[s] = { ...(next[s] ?? {}), ordem: n }));
      return next;
    });
  };

  const rows = useMemo(() => rowsOf(MENUS.main, menus), [menus]);
  const preview = useMemo(() => applyMenuOverlay(MENUS.main, menus), [menus]);
  const doc = RESOURCES.find((r) => r.name === recurso);
  const sw = campos[recurso!] ?? { ocultar: [], obrigatorios: [] };
  const toggle = (campo: string, lista: 'ocultar' | 'obrigatorios', on: boolean) =>
    setCampos((c) => {
      const cur = c[recurso!] ?? { ocultar: [], obrigatorios: [] };
      const next = on ? [...new Set([...cur[lista], campo])] : cur[lista].filter((x) => x !== campo);
      return { ...c, [recurso!]: { ...cur, [lista]: next } };
    });
  const labelled = useMemo(() => (doc ? applyFieldLabels(doc as never, rotulos) : null) as typeof doc | null, [doc, rotulos]);
  const tooLong = Object.values(menus).some((o) => (o.titulo ?? '').trim().length > OVERLAY_TITLE_MAX) || Object.values(rotulos).some((r) => Object.values(r).some((t) => t.trim().length > OVERLAY_TITLE_MAX));

  const save = async () => {
    setSaving(true);
    try {
      const clean = Object.fromEntries(Object.entries(menus).map(([k, o]) => [k, { ...o, titulo: o.titulo?.trim() || undefined }]));
      const r = (await api.put<Aparencia>(KEY, { configWhiteLabel, menus: clean, rotulos, campos })).data;
      await mutate(key, r, { revalidate: false });
      await mutate(BRAND_KEY);
      toast('success', 'Menus e rótulos salvos.');
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size="small" title="Menus e campos" style={{ marginBottom: 16 }} className="aparencia-editor">
      {error ? <Alert type="error" showIcon message="Não foi possível carregar os menus e rótulos da marca." /> : null}
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Typography.Title level={5}>Menu principal</Typography.Title>
          <Table
            size="small"
            rowKey={(r) => r.item.key}
            pagination={false}
            scroll={{ y: 420 }}
            dataSource={rows}
            columns={[
              { title: 'Original', render: (_: unknown, r: (typeof rows)[number]) => <span style={{ paddingLeft: r.depth * 16 }}>{r.item.title}</span> },
              {
                title: 'Título na marca',
                render: (_: unknown, r: (typeof rows)[number]) => (
                  <Input size="small" aria-label={`Título: ${r.item.title}`} placeholder={r.item.title} maxLength={OVERLAY_TITLE_MAX} value={menus[r.item.key]?.titulo ?? ''} onChange={(e) => setEntry(r.item.key, { titulo: e.target.value })} />
                ),
              },
              {
                title: 'Ocultar',
                width: 80,
                render: (_: unknown, r: (typeof rows)[number]) => <Switch size="small" aria-label={`Ocultar: ${r.item.title}`} checked={!!menus[r.item.key]?.ocultar} onChange={(v) => setEntry(r.item.key, { ocultar: v })} />,
              },
              {
                title: 'Ordem',
                width: 90,
                render: (_: unknown, r: (typeof rows)[number]) => (
                  <Space size={2}>
                    <Button size="small" aria-label={`Subir: ${r.item.title}`} icon={<ArrowUpOutlined />} disabled={r.siblings[0] === r.item.key} onClick={() => move(r.item.key, r.siblings, -1)} />
                    <Button size="small" aria-label={`Descer: ${r.item.title}`} icon={<ArrowDownOutlined />} disabled={r.siblings.at(-1) === r.item.key} onClick={() => move(r.item.key, r.siblings, 1)} />
                  </Space>
                ),
              },
            ]}
          />
        </Col>
        <Col xs={24} lg={8}>
          <Typography.Title level={5}>Prévia</Typography.Title>
          <Menu className="aparencia-previa" mode="inline" selectable={false} items={toAntd(preview)} style={{ border: '1px solid #f0f0f0', maxHeight: 460, overflowY: 'auto' }} />
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Rótulos dos campos
      </Typography.Title>
      <Space style={{ marginBottom: 8 }}>
        <label htmlFor="aparencia-recurso">Cadastro</label>
        <Select id="aparencia-recurso" style={{ minWidth: 240 }} value={recurso} onChange={setRecurso} options={RESOURCES.map((r) => ({ value: r.name, label: r.title }))} />
      </Space>
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Table
            size="small"
            rowKey="campo"
            pagination={false}
            scroll={{ y: 320 }}
            dataSource={Object.entries(doc?.schema.properties ?? {})
              .filter(([, p]) => !(p as { readOnly?: boolean }).readOnly)
              .map(([campo, p]) => ({ campo, titulo: (p as { title?: string }).title ?? campo }))}
            columns={[
              { title: 'Campo', dataIndex: 'titulo' },
              {
                title: 'Rótulo na marca',
                render: (_: unknown, f: { campo: string; titulo: string }) => (
                  <Input
                    size="small"
                    aria-label={`Rótulo: ${f.titulo}`}
                    placeholder={f.titulo}
                    maxLength={OVERLAY_TITLE_MAX}
                    value={rotulos[recurso!]?.[f.campo] ?? ''}
                    onChange={(e) =>
                      setRotulos((r) => {
                        const own = { ...(r[recurso!] ?? {}), [f.campo]: e.target.value };
                        if (!e.target.value) delete own[f.campo];
                        return { ...r, [recurso!]: own };
                      })
                    }
                  />
                ),
              },
              {
                title: 'Ocultar',
                width: 80,
                render: (_: unknown, f: { campo: string; titulo: string }) =>
                  doc?.brandFields?.hideable?.includes(f.campo) ? <Switch size="small" aria-label={`Ocultar campo: ${f.titulo}`} checked={sw.ocultar.includes(f.campo)} onChange={(v) => toggle(f.campo, 'ocultar', v)} /> : null,
              },
              {
                title: 'Obrigatório',
                width: 100,
                render: (_: unknown, f: { campo: string; titulo: string }) =>
                  doc?.brandFields?.requirable?.includes(f.campo) ? <Switch size="small" aria-label={`Obrigatório: ${f.titulo}`} checked={sw.obrigatorios.includes(f.campo)} onChange={(v) => toggle(f.campo, 'obrigatorios', v)} /> : null,
              },
            ]}
          />
        </Col>
        <Col xs={24} lg={8}>
          <div className="aparencia-previa-campos" style={{ border: '1px solid #f0f0f0', padding: 12, maxHeight: 360, overflowY: 'auto' }}>
            {Object.entries(labelled?.schema.properties ?? {})
              .filter(([campo, p]) => !(p as { readOnly?: boolean }).readOnly && !sw.ocultar.includes(campo))
              .map(([campo, p]) => (
                <div key={campo} style={{ marginBottom: 8 }}>
                  <Typography.Text>
                    {sw.obrigatorios.includes(campo) ? <span style={{ color: '#ff4d4f' }}>* </span> : null}
                    {(p as { title?: string }).title ?? campo}
                  </Typography.Text>
                  <Input size="small" disabled />
                </div>
              ))}
          </div>
        </Col>
      </Row>
      <Button style={{ marginTop: 16 }} type="primary" loading={saving} disabled={!data || tooLong} onClick={save}>
        Salvar menus e rótulos
      </Button>
    </Card>
  );
}
