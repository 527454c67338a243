import type { WidgetProps } from '@rjsf/utils';
import { Collapse, Radio, Switch, Typography } from 'antd';
import permissionsDoc from '../../../../schemas/permissions/permissions.json';
import { levelForBoolean, LEVEL, permissionKeys, type PermissionKeyDoc } from '../../../shared/permissions.ts';
import { DOCUMENTS } from '../../pages/documentos/document-docs.ts';
import { RowsTable } from '../../ui/ListTable.tsx';

const LEVELS = permissionsDoc.levels as { key: string; value: number; label: string }[];
const MODULES = permissionsDoc.modules as { id: string; title: string }[];
// permissions.json's keys and those business documents declare.
const KEYS = permissionKeys(permissionsDoc.keys as PermissionKeyDoc[], DOCUMENTS);

/** The permission keys grouped by module, in the order of permissions.json (document-declared keys last). */
export const PERMISSION_GROUPS = MODULES.map((m) => ({ ...m, keys: KEYS.filter((k) => k.module === m.id) })).filter((g) => g.keys.length);

export type PermissionMap = Record<string, number>;

/**
 * An access profile's permissions (SPEC 6): keys grouped by module × levels NENHUMA…TOTAL; a boolean key is
 * a switch (TOTAL or NENHUMA). Keys left at NENHUMA are dropped from the map.
 */
export function PermissionMatrixInput({ value, onChange, disabled, id = 'permissoes' }: { value: PermissionMap | undefined; onChange: (v: PermissionMap) => void; disabled?: boolean; id?: string }) {
  const map = value ?? {};
  const set = (key: string, level: number) => {
    const next = { ...map };
    if (level > LEVEL.NENHUMA) next[key] = level;
    else delete next[key];
    onChange(next);
  };
  return (
    <div id={id} className="permission-matrix">
    <Collapse
      size="small"
      defaultActiveKey={PERMISSION_GROUPS.map((g) => g.id)}
      items={PERMISSION_GROUPS.map((g) => ({
        key: g.id,
        label: (
          <span>
            {g.title} <Typography.Text type="secondary">({g.keys.filter((k) => (map[k.key] ?? 0) > 0).length}/{g.keys.length})</Typography.Text>
          </span>
        ),
        children: (
          <RowsTable<PermissionKeyDoc>
            rowKey="key"
            dataSource={g.keys}
            columns={[
              { key: 'title', title: 'Permissão', dataIndex: 'title', width: 260 },
              ...LEVELS.map((l) => ({
                key: l.key,
                title: l.label,
                align: 'center' as const,
                render: (_: unknown, k: PermissionKeyDoc) =>
                  k.type === 'boolean' ? (
                    l.value === LEVEL.NENHUMA ? (
                      <Switch
                        size="small"
                        aria-label={k.title}
                        data-permission={k.key}
                        disabled={disabled}
                        checked={(map[k.key] ?? 0) >= LEVEL.TOTAL}
                        onChange={(on) => set(k.key, levelForBoolean(on))}
                      />
                    ) : null
                  ) : (
                    <Radio
                      aria-label={`${k.title}: ${l.label}`}
                      data-permission={k.key}
                      data-level={l.value}
                      disabled={disabled}
                      checked={(map[k.key] ?? 0) === l.value}
                      onChange={() => set(k.key, l.value)}
                    />
                  ),
              })),
            ]}
          />
        ),
      }))}
    />
    </div>
  );
}

/** The RJSF widget registered as 'permissionMatrix'. */
export function PermissionMatrixWidget(props: WidgetProps) {
  return <PermissionMatrixInput id={props.id} value={props.value as PermissionMap | undefined} onChange={(v) => props.onChange(v)} disabled={props.disabled || props.readonly} />;
}
