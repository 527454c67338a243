import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { columnSize, fitColumns, TEXT_MIN } from '../../src/web/renderer/column-fit.ts';
import { calcularLinha, parcelasDoPedido, precoDaLinha, totaisDoPedido } from '../../src/shared/pedido-calculo.ts';
import { marginFromPrice, markupFromPrice, priceFromMargin, priceFromMarkup } from '../../src/shared/money.ts';

describe('column widths from the field kind (issue 43)', () => {
  const col = (field: string, kind: Parameters<typeof columnSize>[0]['kind'], extra: Partial<Parameters<typeof columnSize>[0]> = {}) => ({ field, size: columnSize({ field, kind, prop: extra.prop, ...extra }) });

  it('money and status are essential and sized to their content; text gets a minimum and grows', () => {
    expect(col('precoVenda', 'money').size).toEqual({ min: 120, grow: 0, priority: 1 });
    expect(col('situacao', 'lookup').size.priority).toBe(1);
    expect(col('descricao', 'text').size).toMatchObject({ min: TEXT_MIN, priority: 2 });
    expect(col('descricao', 'text').size.grow).toBeGreaterThan(0);
    expect(col('codigo', 'text', { prop: { maxLength: 60 } }).size.min).toBeLessThan(TEXT_MIN);
    expect(col('gtin', 'gtin', { priority: 3 }).size.priority).toBe(3);
  });

  it('drops the least important columns (rightmost first) until the minimums fit, never an essential one', () => {
    const cols = [col('codigo', 'text'), col('descricao', 'text', { display: true }), col('gtin', 'gtin', { priority: 3 }), col('ncm', 'ncm', { priority: 3 }), col('categoriaId', 'relation'), col('precoVenda', 'money')];
    const wide = fitColumns(cols, 2000, 120);
    expect(wide.dropped).toEqual([]);
    expect([...wide.widths.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2000 - 120);
    const narrow = fitColumns(cols, 800, 120);
    expect(narrow.dropped).toEqual(['gtin', 'ncm']);
    for (const c of cols) if (narrow.widths.has(c.field)) expect(narrow.widths.get(c.field)!).toBeGreaterThanOrEqual(c.size.min);
    const tiny = fitColumns(cols, 300, 120);
    expect(tiny.widths.has('descricao') && tiny.widths.has('precoVenda')).toBe(true);
    expect(tiny.dropped).toEqual(['codigo', 'gtin', 'ncm', 'categoriaId']);
  });
});

describe('the sales order arithmetic the screen and the server share', () => {
  const refri = { id: 1, precoVenda: '9.00', categoriaId: null, servico: false };
  const leve3 = { id: 7, descricao: 'Leve 3 pague 2', tipo: 2, produtoId: 1, categoriaId: null, preco: null, percentual: null, leve: 3, pague: 2, quantidadeMinima: null, dataInicio: null, dataFim: null, diasSemana: null, horaInicio: null, horaFim: null };
  const agora = { data: '2026-11-29', hora: '10:00' };

  it('prices a line: typed price, else the product; the promotion; the discount in %', () => {
    expect(precoDaLinha(null, null, refri)!.toFixed(2)).toBe('9.00');
    expect(precoDaLinha(new Decimal('8'), null, refri)!.toFixed(2)).toBe('8.00');
    expect(precoDaLinha(null, null, { precoVenda: '0' })).toBeNull();
    const l = calcularLinha({ produto: refri, quantidade: new Decimal(3), preco: new Decimal('9'), promocoes: [leve3], agora, descontoPercentual: new Decimal(10), descontoValor: null });
    expect(l).toMatchObject({ precoUnitario: '9.00', valorTotal: '16.20' });
    expect(l.promocao?.descricao).toBe('Leve 3 pague 2');
  });

  it('totals: discount on the total, freight and other costs; the instalments to the cent', () => {
    const t = totaisDoPedido(new Decimal('79.25'), { descontoValor: '4.25', frete: '10', outrasDespesas: null });
    expect(t).toMatchObject({ totalProdutos: '79.25', totalDesconto: '4.25', valorTotal: '85.00' });
    expect(parcelasDoPedido(new Decimal('79.25'), 3, null, '2026-11-29').map((p) => p.valor)).toEqual(['26.41', '26.41', '26.43']);
    // A date half typed counts from today; a count out of range as one instalment.
    expect(parcelasDoPedido(new Decimal('10'), 2, '10/1', '2026-11-29')[0].vencimento).toBe('2026-11-29');
    expect(parcelasDoPedido(new Decimal('10'), 2, '2026-13-45', '2026-11-29')[0].vencimento).toBe('2026-11-29');
    expect(parcelasDoPedido(new Decimal('10'), 'x', null, '2026-11-29')).toHaveLength(1);
  });

  it('SPEC 5.8 both ways: the margin and markup a price gives come back to the same price', () => {
    expect(marginFromPrice('3.20', '5.49')).toBe('41.71');
    expect(markupFromPrice('3.20', '5.49')).toBe('71.56');
    expect(priceFromMargin('3.20', '41.71')).toBe('5.49');
    expect(priceFromMarkup('3.20', '71.56')).toBe('5.49');
    expect(marginFromPrice('3.20', '0')).toBeNull();
    expect(markupFromPrice('0', '5')).toBeNull();
  });
});
