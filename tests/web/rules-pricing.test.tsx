import { describe, expect, it } from 'vitest';
import { parseBRL, priceFromMargin, priceFromMarkup } from '../../src/shared/money.ts';
import { brandSwitches } from '../../src/web/brand/brand.ts';
import { buildFormShape, copyOf, payloadOf } from '../../src/web/renderer/form-schema.ts';
import { applyDerived, derivedOf, type LastTyped } from '../../src/web/renderer/derived.ts';
import { FORMULAS } from '../../src/shared/formulas.ts';
import meta from '../../schemas/meta/resource.schema.json';
import { resourceByName } from '../../src/web/catalog/registry.ts';

const produto = resourceByName('produto')!;
const cliente = resourceByName('cliente')!;
const servico = resourceByName('servico')!;

describe('SPEC 5.8 price formulas with pt-BR inputs', () => {
  it.each([
    ['10,00', '50', '20.00'],
    ['1.234,56', '30', '1763.66'],
    ['7,99', '33,33', '11.98'],
    ['0,00', '40', '0.00'],
  ])('cost %s with margin %s%% gives %s', (cost, margin, price) => {
    expect(priceFromMargin(parseBRL(cost)!, parseBRL(margin)!)).toBe(price);
  });

  it('a margin of 100% or more leaves no price', () => {
    expect(priceFromMargin(parseBRL('10,00')!, parseBRL('100')!)).toBeNull();
  });

  it.each([
    ['10,00', '50', '15.00'],
    ['1.234,56', '35,5', '1672.83'],
    ['100', '0', '100.00'],
  ])('cost %s with markup %s%% gives %s', (cost, pct, price) => {
    expect(priceFromMarkup(parseBRL(cost)!, parseBRL(pct)!)).toBe(price);
  });
});

describe('price recomputed as the person types (the document\'s "derived" rule)', () => {
  const rules = derivedOf(produto);
  const applyPricing = (prev: Record<string, unknown>, next: Record<string, unknown>, last: LastTyped = {}) => applyDerived(rules, prev, next, last);

  it('applies to documents that declare it, with formulas the meta schema names', () => {
    expect(rules).toEqual([{ field: 'precoVenda', from: 'precoCusto', by: { margemLucro: 'priceFromMargin', markup: 'priceFromMarkup' } }]);
    expect(derivedOf(servico)).toEqual([{ field: 'precoVenda', from: 'precoCusto', by: { margemLucro: 'priceFromMargin' } }]);
    expect(derivedOf(cliente)).toEqual([]);
    expect(Object.keys(FORMULAS).sort()).toEqual([...meta.properties.derived.items.properties.by.additionalProperties.enum].sort());
  });

  it('margin typed: price by margin; markup typed: price by markup; cost typed: the last percentage decides', () => {
    const base = { precoCusto: '10.00', margemLucro: null, markup: null, precoVenda: null };
    let r = applyPricing(base, { ...base, margemLucro: '50.00' });
    // The markup follows the price the margin gave (both ways, issue 43).
    expect(r).toEqual({ data: { ...base, margemLucro: '50.00', markup: '100.00', precoVenda: '20.00' }, last: { precoVenda: 'margemLucro' } });
    r = applyPricing(r.data, { ...r.data, markup: '50.00' }, r.last);
    expect(r.data.precoVenda).toBe('15.00');
    expect(r.data.margemLucro).toBe('33.33');
    expect(r.last.precoVenda).toBe('markup');
    r = applyPricing(r.data, { ...r.data, precoCusto: '1234.56' }, r.last);
    expect(r.data.precoVenda).toBe('1851.84');
    r = applyPricing(r.data, { ...r.data, margemLucro: '30.00' }, r.last);
    expect(r.data.precoVenda).toBe('1763.66');
  });

  it('a price typed by hand stays and gives its margin and markup (SPEC 5.8 backwards); a cost changed keeps that price', () => {
    const base = { precoCusto: '10.00', margemLucro: '50.00', precoVenda: '20.00' };
    const r = applyPricing(base, { ...base, precoVenda: '22.00' }, { precoVenda: 'margemLucro' });
    expect(r.data).toEqual({ precoCusto: '10.00', precoVenda: '22.00', margemLucro: '54.55', markup: '120.00' });
    expect(r.last.precoVenda).toBe('precoVenda');
    // Cost 3,20 and price 5,49 (the example): margin 41,71%, markup 71,56%.
    const typed = applyPricing({ precoCusto: '3.20' }, { precoCusto: '3.20', precoVenda: '5.49' });
    expect(typed.data).toMatchObject({ margemLucro: '41.71', markup: '71.56' });
    // The price typed last stays when the cost changes; the percentages follow.
    const none = { precoCusto: '10.00', precoVenda: '12.00' };
    const c = applyPricing(none, { ...none, precoCusto: '11.00' });
    expect(c.data).toMatchObject({ precoVenda: '12.00', margemLucro: '8.33', markup: '9.09' });
    // No price yet: a cost alone changes nothing.
    expect(applyPricing({ precoCusto: '1.00' }, { precoCusto: '2.00' }).data).toEqual({ precoCusto: '2.00' });
  });
});

describe('declarative rules in the form (the shared evaluateRules)', () => {
  it('cliente: município is read-only while the UF is empty', () => {
    expect(buildFormShape(cliente, {}).uiSchema.codigoMunicipio).toMatchObject({ 'ui:readonly': true });
    expect(buildFormShape(cliente, { uf: 'SP' }).uiSchema.codigoMunicipio?.['ui:readonly']).toBeUndefined();
  });

  it('produto: a CEST makes the NCM required; without cost, margin and markup are read-only', () => {
    expect(buildFormShape(produto, { descricao: 'x' }).schema.required).not.toContain('ncm');
    expect(buildFormShape(produto, { cest: '1234567' }).schema.required).toContain('ncm');
    expect(buildFormShape(produto, {}).readOnly).toEqual(new Set(['margemLucro', 'markup']));
    expect(buildFormShape(produto, { precoCusto: '1.00' }).readOnly.size).toBe(0);
  });

  it('a hide rule removes the field from the form and from what is sent', () => {
    const doc = { ...produto, rules: [{ when: { field: 'tipoProduto', eq: 8 }, hide: ['gtin'] }] };
    const shape = buildFormShape(doc, { tipoProduto: 8 });
    expect(shape.schema.properties?.gtin).toBeUndefined();
    expect(payloadOf(doc, { descricao: 'Mesa', tipoProduto: 8, gtin: '123' }, shape.hidden)).toEqual({ descricao: 'Mesa', tipoProduto: 8 });
  });

  it('picks widgets by format and annotation, never by resource', () => {
    const ui = buildFormShape(cliente, {}).uiSchema;
    expect(ui.cpfCnpj['ui:widget']).toBe('cpfCnpj');
    expect(ui.cep['ui:widget']).toBe('cep');
    expect(ui.telefone['ui:widget']).toBe('phone');
    expect(ui.limiteCredito['ui:widget']).toBe('money');
    expect(ui.dataNascimento['ui:widget']).toBe('brDate');
    expect(ui.uf['ui:widget']).toBe('lookup');
    expect(ui.codigoMunicipio['ui:widget']).toBe('municipio');
    expect(ui.observacao['ui:widget']).toBe('textarea');
    const up = buildFormShape(produto, { precoCusto: '1' }).uiSchema;
    expect(up.categoriaId['ui:widget']).toBe('relation');
    expect(up.ncm['ui:widget']).toBe('ncm');
    expect(up.gtin['ui:widget']).toBe('gtin');
    expect(up.margemLucro['ui:widget']).toBe('percent');
    expect(up.estoqueMinimo['ui:widget']).toBe('quantity');
  });

  it('a copy leaves out the id, system dates and unique fields', () => {
    expect(copyOf(produto, { id: 3, createdAt: 'x', codigo: 'A1', descricao: 'Arroz', precoVenda: '2.00' })).toEqual({ descricao: 'Arroz', precoVenda: '2.00' });
  });
});

describe('brand switches follow the document whitelist', () => {
  it('only hideable/requirable fields are switched', () => {
    const brand = { id: 1, idConfig: 'x', tema: 'azul', title: 'x', campos: { cliente: { ocultar: ['fantasia', 'nome'], obrigatorios: ['email', 'nome', 'bairro'] } } };
    const s = brandSwitches(brand, cliente);
    expect([...s.hidden]).toEqual(['fantasia']);
    expect([...s.required]).toEqual(['email']);
    const shape = buildFormShape(cliente, {}, s);
    expect(shape.schema.properties?.fantasia).toBeUndefined();
    expect(shape.schema.required).toEqual(expect.arrayContaining(['nome', 'email']));
  });
});
