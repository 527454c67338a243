import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Card, Col, Row, Tabs } from 'antd';
import type { ReactElement } from 'react';
import { formContextOf } from './widgets/form-context.ts';

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
      return { title: s.title, tab: s.tab, rows };
    })
    .filter((s) => s.rows.length);
  const rest = [...byName.entries()].filter(([n]) => !used.has(n));
  if (rest.length)
    sections.push({
      title: 'Outros',
      tab: undefined,
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
  const card = (s: { title: string; rows: ReactElement[] }) => (
    <Card key={s.title} title={s.title} size="small" style={{ marginBottom: 16 }}>
      {s.rows}
    </Card>
  );
  const tabbed = sections.filter((s) => s.tab);
  if (!tabbed.length) return <div>{sections.map(card)}</div>;
  const tabs = [...new Set(sections.map((s) => s.tab ?? 'Geral'))];
  return <Tabs items={tabs.map((t) => ({ key: t, label: t, children: sections.filter((s) => (s.tab ?? 'Geral') === t).map(card) }))} />;
}
