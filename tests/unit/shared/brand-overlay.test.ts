import { describe, expect, it } from 'vitest';
import { applyFieldLabels, applyMenuOverlay } from '../../../src/shared/brand-overlay.ts';
import type { MenuItemDoc } from '../../../src/shared/menu-filter.ts';

const menu: MenuItemDoc[] = [
  { key: 'A', title: 'Alfa', icon: 'x' },
  { key: 'B', title: 'Beta', icon: 'x', children: [{ key: 'B1', title: 'Um', icon: 'x' }, { key: 'B2', title: 'Dois', icon: 'x' }, { key: 'B3', title: 'Três', icon: 'x' }] },
  { key: 'C', title: 'Gama', icon: 'x' },
];

describe('brand overlay of the shipped documents', () => {
  it('renames, hides and reorders menu entries at every level, leaving the document untouched', () => {
    const out = applyMenuOverlay(menu, { C: { ordem: 0, titulo: 'Primeiro' }, A: { ocultar: true }, B3: { ordem: 0 }, B1: { titulo: 'Uno' } });
    expect(out.map((i) => i.title)).toEqual(['Primeiro', 'Beta']);
    expect(out[1].children!.map((i) => i.title)).toEqual(['Três', 'Uno', 'Dois']);
    expect(menu[2].title).toBe('Gama');
    expect(menu[1].children!.map((i) => i.key)).toEqual(['B1', 'B2', 'B3']);
  });

  it('no overlay gives the document as it is', () => {
    expect(applyMenuOverlay(menu, undefined)).toBe(menu);
    expect(applyMenuOverlay(menu, {})).toBe(menu);
  });

  it("renames only the brand's fields of its own resource; unknown fields and blank labels are ignored", () => {
    const doc = { name: 'cliente', schema: { type: 'object', properties: { nome: { type: 'string', title: 'Nome' }, email: { type: 'string', title: 'E-mail' } } } };
    const out = applyFieldLabels(doc, { cliente: { nome: 'Razão social', naoExiste: 'X', email: '  ' }, produto: { nome: 'Outro' } });
    expect(out.schema.properties.nome.title).toBe('Razão social');
    expect(out.schema.properties.email.title).toBe('E-mail');
    expect('naoExiste' in out.schema.properties).toBe(false);
    expect(doc.schema.properties.nome.title).toBe('Nome');
    expect(applyFieldLabels(doc, { produto: { nome: 'Outro' } })).toBe(doc);
  });
});
