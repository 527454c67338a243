import type { ErrorSchema, ObjectFieldTemplateProps } from '@rjsf/utils';
import { Card, Col, Row, Tabs, Typography } from 'antd';
import { useEffect, useState, type ReactElement } from 'react';
import { formContextOf } from './widgets/form-context.ts';

interface Section {
  title: string;
  tab: string | undefined;
  rows: ReactElement[];
  fields: string[];
}

const DEFAULT_TAB = 'Geral';
/** Marks the label of a tab holding a field with an error (its text stays the tab's name). */
export const TAB_ERROR_CLASS = 'aba-com-erro';

/** Whether a field's error schema (or anything nested in it) holds a message. */
const hasError = (e: unknown): boolean => {
  if (!e || typeof e !== 'object') return false;
  const o = e as Record<string, unknown>;
  if (Array.isArray(o.__errors) && o.__errors.length) return true;
  return Object.entries(o).some(([k, v]) => k !== '__errors' && hasError(v));
};

/**
 * Lays the form out as the document says: sections (cards, or tabs when a section names one) of rows of up
 * to four fields. Fields no section names go in a last block, so nothing is ever lost.
 */
export function SectionsTemplate(props: ObjectFieldTemplateProps) {
  const ctx = formContextOf(props.registry);
  const byName = new Map(props.properties.filter((p) => !p.hidden).map((p) => [p.name, p.content]));
  if (!ctx) return <div>{[...byName.values()]}</div>;
  const used = new Set<string>();
  const sections = ctx.doc.form.sections
    .map((s) => {
      const rows = s.rows
        .map((row) => row.filter((f) => byName.has(f)))
        .filter((row) => row.length)
        .map((row, i) => (
          <Row gutter={16} key={i}>
            {row.map((f) => {
              used.add(f);
              return (
                <Col key={f} xs={24} md={Math.floor(24 / row.length)}>
                  {byName.get(f)}
                </Col>
              );
            })}
          </Row>
        ));
      return { title: s.title, tab: s.tab, rows, fields: s.rows.flat().filter((f) => byName.has(f)) } as Section;
    })
    .filter((s) => s.rows.length);
  const rest = [...byName.entries()].filter(([n]) => !used.has(n));
  if (rest.length)
    sections.push({
      title: 'Outros',
      tab: undefined,
      fields: rest.map(([n]) => n),
      rows: [
        <Row gutter={16} key="rest">
          {rest.map(([n, c]) => (
            <Col key={n} xs={24} md={12}>
              {c}
            </Col>
          ))}
        </Row>,
      ],
    });
  if (!sections.some((s) => s.tab)) return <div>{sections.map(card)}</div>;
  return <SectionTabs sections={sections} errors={props.errorSchema} />;
}

const card = (s: { title: string; rows: ReactElement[] }) => (
  <Card key={s.title} title={s.title} size="small" style={{ marginBottom: 16 }}>
    {s.rows}
  </Card>
);

/**
 * Sections in tabs. A field with an error may sit on a tab not shown: its tab's label turns red, and when
 * errors appear (a save tried) while the open tab has none, the first tab with an error opens.
 */
function SectionTabs({ sections, errors }: { sections: Section[]; errors: ErrorSchema | undefined }) {
  const tabs = [...new Set(sections.map((s) => s.tab ?? DEFAULT_TAB))];
  const withErrors = tabs.filter((t) => sections.some((s) => (s.tab ?? DEFAULT_TAB) === t && s.fields.some((f) => hasError((errors as Record<string, unknown> | undefined)?.[f]))));
  const [active, setActive] = useState(tabs[0]);
  const errorKey = withErrors.join('|');
  useEffect(() => {
    if (withErrors.length && !withErrors.includes(active)) setActive(withErrors[0]);
    // Only when the set of tabs with errors changes, not when the person opens another tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorKey]);
  return (
    // Keys without spaces: antd builds the tab's aria-controls from the key, and a space there names two ids.
    <Tabs
      activeKey={`aba-${Math.max(0, tabs.indexOf(active))}`}
      onChange={(k) => setActive(tabs[Number(k.slice(4))] ?? tabs[0])}
      items={tabs.map((t, i) => ({
        key: `aba-${i}`,
        label: withErrors.includes(t) ? (
          <Typography.Text type="danger" className={TAB_ERROR_CLASS}>
            {t}
          </Typography.Text>
        ) : (
          t
        ),
        children: sections.filter((s) => (s.tab ?? DEFAULT_TAB) === t).map(card),
      }))}
    />
  );
}
