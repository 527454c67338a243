import { IndiceCatalogo, resolverEntrada, comPromocao, fechamento, validarDesconto, validarCpfCnpj, totalLinha, type Linha } from '../../../src/web/pages/pdv/venda.ts';
import { ean13, montarCodigoBalanca } from '../../../src/web/pages/pdv/codigo-barras.ts';
import type { ProdutoPdv, FormaPagamentoPdv } from '../../../src/web/pages/pdv/tipos.ts';

const prod = (id: number, codigo: string, preco: string, gtin: string | null = null, pesavel = false): ProdutoPdv => ({ id, codigo, descricao: `Produto ${codigo}`, gtin, unidade: pesavel ? 'KG' : 'UN', precoVenda: preco, pesavel, ativo: true });
const GTIN = ean13('789100031550');
const indice = new IndiceCatalogo([prod(1, 'CAFE', '12.90', GTIN), prod(2, '123', '39.90', null, true), prod(3, '77', '5.00')]);
const dinheiro: FormaPagamentoPdv = { id: 1, descricao: 'Dinheiro', tPag: '01', tef: false, permiteTroco: true };
const cartao: FormaPagamentoPdv = { id: 2, descricao: 'Cartão de débito', tPag: '04', tef: false, permiteTroco: false };
const linha = (r: ReturnType<typeof resolverEntrada>): Linha => {
  if (!r.ok) throw new Error(r.mensagem);
  return { seq: 1, produto: r.produto, quantidade: r.quantidade, precoUnitario: r.precoUnitario, descontoManual: '0', promocao: null };
};

describe('what a scan adds', () => {
  it('GTIN, internal code, multiplier (typed or pending) and nothing for an unknown code', () => {
    expect(resolverEntrada(GTIN, indice, null)).toMatchObject({ ok: true, quantidade: '1', precoUnitario: '12.90' });
    expect(resolverEntrada('5*' + GTIN, indice, null)).toMatchObject({ ok: true, quantidade: '5' });
    expect(resolverEntrada(GTIN, indice, null, '3')).toMatchObject({ ok: true, quantidade: '3' });
    expect(resolverEntrada('077', indice, null)).toMatchObject({ ok: true, produto: { id: 3 } });
    expect(resolverEntrada('7890000000000', indice, null)).toEqual({ ok: false, mensagem: 'Código 7890000000000 não encontrado.' });
  });
  it('scale barcodes: weight, or the price divided by the unit price', () => {
    const peso = montarCodigoBalanca('123', '0.500', { tipo: 'peso' });
    expect(resolverEntrada(peso, indice, { tipo: 'peso' })).toMatchObject({ ok: true, produto: { id: 2 }, quantidade: '0.5' });
    const preco = montarCodigoBalanca('123', '19.95', { tipo: 'preco' });
    const l = linha(resolverEntrada(preco, indice, { tipo: 'preco' }));
    expect(l.quantidade).toBe('0.5');
    expect(totalLinha(l).toFixed(2)).toBe('19.95');
    expect(resolverEntrada(montarCodigoBalanca('999', '1.00', { tipo: 'preco' }), indice, { tipo: 'preco' })).toEqual({ ok: false, mensagem: 'Produto de balança 999 não cadastrado.' });
  });
  it('a scale label finds its product by the PLU the scale was loaded with before the internal code', () => {
    // PLU 77 is product 4's at the scale, while product 3's internal code is '77'.
    const comPlu = new IndiceCatalogo([prod(3, '77', '5.00'), { ...prod(4, 'P004', '24.90', null, true), plu: 77 }]);
    const l = linha(resolverEntrada(montarCodigoBalanca('77', '12.45', { tipo: 'preco' }), comPlu, { tipo: 'preco' }));
    expect(l.produto.id).toBe(4);
    expect(l.quantidade).toBe('0.5');
    // Without a PLU at the scale, the internal code still answers (stations loaded by code).
    expect(resolverEntrada(montarCodigoBalanca('77', '1.000', { tipo: 'peso' }), indice, { tipo: 'peso' })).toMatchObject({ ok: true, produto: { id: 3 }, quantidade: '1' });
  });
});

describe('promotions, discount limit, split payment, CPF', () => {
  it('applies the shared promotion live', () => {
    const l = comPromocao(linha(resolverEntrada('3*' + GTIN, indice, null)), [{ id: 9, descricao: 'Leve 3 pague 2', tipo: 2, produtoId: 1, leve: 3, pague: 2 }], { data: '2026-11-26', hora: '10:00' });
    expect(l.promocao).toMatchObject({ promocaoId: 9, desconto: '12.90' });
    expect(totalLinha(l).toFixed(2)).toBe('25.80');
  });
  it('refuses a discount above the group maximum', () => {
    const l = linha(resolverEntrada(GTIN, indice, null));
    expect(validarDesconto(l, '1.29', '10')).toBeNull();
    expect(validarDesconto(l, '1.30', '10')).toMatch(/Desconto acima do permitido ao operador \(10,00%: no máximo R\$ 1,29\)/);
  });
  it('split cash + card, change only from cash, payment below the total refused', () => {
    const ls = [linha(resolverEntrada('2*' + GTIN, indice, null))]; // 25.80
    expect(fechamento(ls, [{ forma: cartao, valor: '20.00' }]).erro).toBe('Pagamento abaixo do total da venda: faltam R$ 5,80.');
    const f = fechamento(ls, [{ forma: cartao, valor: '20.00' }, { forma: dinheiro, valor: '10.00' }]);
    expect(f.erro).toBeNull();
    expect(f.troco.toFixed(2)).toBe('4.20');
    expect(fechamento(ls, [{ forma: cartao, valor: '30.00' }]).erro).toMatch(/Só o dinheiro dá troco/);
  });
  it('validates CPF and CNPJ', () => {
    expect(validarCpfCnpj('529.982.247-25')).toEqual({ ok: true, valor: '52998224725' });
    expect(validarCpfCnpj('529.982.247-24')).toEqual({ ok: false, mensagem: 'CPF inválido.' });
    expect(validarCpfCnpj('11.222.333/0001-81')).toEqual({ ok: true, valor: '11222333000181' });
    expect(validarCpfCnpj('11.222.333/0001-82')).toEqual({ ok: false, mensagem: 'CNPJ inválido.' });
  });
});
