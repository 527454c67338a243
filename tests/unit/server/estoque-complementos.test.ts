import Decimal from 'decimal.js';
import { arredondar, descreverAlteracao, lerPedido, margens, novoPreco } from '../../../src/server/estoque/alteracao-preco.ts';
import { barrasDe, geometria, type LayoutEtiqueta } from '../../../src/server/estoque/etiquetas/layout.ts';
import { etiquetasZpl } from '../../../src/server/estoque/etiquetas/zpl.ts';
import { chaveDe, codigoSku, combinar } from '../../../src/server/estoque/variacoes.ts';
import { decodificarModulos } from '../../support/ean13.ts';

const A4: LayoutEtiqueta = {
  descricao: 'A4', tipo: 'folha', larguraPagina: '210', alturaPagina: '297', largura: '63.5', altura: '38.1', colunas: 3, linhas: 7,
  margemSuperior: '15.1', margemEsquerda: '7.2', espacoHorizontal: '2.5', espacoVertical: '0',
  mostrarDescricao: true, mostrarPreco: true, mostrarCodigo: false, codigoBarras: 'ean13', tamanhoFonte: 8,
};

describe('alteração de preço: rounding and new prices', () => {
  it.each([
    ['12.34', 'nenhum', '12.34'],
    ['12.345', 'nenhum', '12.35'],
    ['12.32', 'multiplo-0.05', '12.30'],
    ['12.33', 'multiplo-0.05', '12.35'],
    ['12.74', 'multiplo-0.50', '12.50'],
    ['12.75', 'multiplo-0.50', '13.00'],
    ['12.30', 'final-0.90', '11.90'],
    ['12.40', 'final-0.90', '12.90'], // a tie goes up
    ['12.45', 'final-0.90', '12.90'],
    ['12.95', 'final-0.90', '12.90'],
    ['0.30', 'final-0.99', '0.99'],
    ['19.50', 'final-0.99', '19.99'],
  ] as const)('%s rounded %s is %s', (preco, modo, esperado) => {
    expect(arredondar(new Decimal(preco), modo).toFixed(2)).toBe(esperado);
  });

  it('computes by percentage, value and target margin; says why a line has no new price', () => {
    const p = (b: object) => lerPedido(b);
    expect(novoPreco(p({ modo: 'percentual', valor: '10' }), '4.20', null)).toEqual({ preco: '4.62', ignorado: null });
    expect(novoPreco(p({ modo: 'percentual', valor: '-12,5' }), '8.00', null)).toEqual({ preco: '7.00', ignorado: null });
    expect(novoPreco(p({ modo: 'valor', valor: '1.5' }), '2.00', null)).toEqual({ preco: '3.50', ignorado: null });
    expect(novoPreco(p({ modo: 'margem', valor: '25' }), '1.00', '6.00')).toEqual({ preco: '8.00', ignorado: null });
    expect(novoPreco(p({ modo: 'margem', valor: '25' }), '1.00', null).ignorado).toBe('Sem preço de custo');
    expect(novoPreco(p({ modo: 'percentual', valor: '5' }), null, '1.00').ignorado).toBe('Sem preço de venda');
    expect(novoPreco(p({ modo: 'valor', valor: '-5' }), '4.99', null).ignorado).toBe('O novo preço ficaria zero ou negativo');
    expect(descreverAlteracao(p({ modo: 'valor', valor: '-1', arredondamento: 'final-0.99' }))).toBe('-R$ 1,00 (arred. final 0,99)');
    expect(margens('10.00', '6.00')).toEqual({ margem: '40.00', markup: '66.67' });
    expect(margens('10.00', null)).toEqual({ margem: null, markup: null });
  });
});

describe('grade: combinations', () => {
  it('crosses the chosen values and keys a combination independently of the template order', () => {
    const cor = [{ variacaoId: 2, variacao: 'Cor', valor: 'Azul' }, { variacaoId: 2, variacao: 'Cor', valor: 'Preto' }];
    const tam = [{ variacaoId: 1, variacao: 'Tamanho', valor: 'P' }, { variacaoId: 1, variacao: 'Tamanho', valor: 'M' }, { variacaoId: 1, variacao: 'Tamanho', valor: 'G' }];
    const c = combinar([cor, tam]);
    expect(c.map((x) => x.map((v) => v.valor).join('/'))).toEqual(['Azul/P', 'Azul/M', 'Azul/G', 'Preto/P', 'Preto/M', 'Preto/G']);
    expect(chaveDe(c[0])).toBe(chaveDe([...c[0]].reverse()));
    expect(codigoSku('P027', [{ variacaoId: 1, variacao: 'Cor', valor: 'Cinza-claro' }, { variacaoId: 2, variacao: 'T', valor: 'GG' }])).toBe('P027-CINZACLARO-GG');
  });
});

describe('etiquetas: layout, barcode choice and ZPL', () => {
  it('places labels row by row and page by page, and refuses what does not fit', () => {
    const g = geometria(A4);
    expect(g.porPagina).toBe(21);
    expect(g.posicao(0)).toEqual({ pagina: 0, x: 7.2, y: 15.1 });
    expect(g.posicao(4)).toMatchObject({ pagina: 0, x: 7.2 + 66, y: 15.1 + 38.1 });
    expect(g.posicao(21)).toMatchObject({ pagina: 1, x: 7.2, y: 15.1 });
    expect(() => geometria({ ...A4, linhas: 8 })).toThrow(/não cabem na altura da página: 319,9 mm de 297,0 mm/);
    // A roll page grows to the label: one row per 'page'.
    expect(geometria({ ...A4, tipo: 'rolo', larguraPagina: '40', alturaPagina: '10', largura: '40', altura: '25', colunas: 1, margemSuperior: '0', margemEsquerda: '0' }).paginaAltura).toBe(25);
  });

  it('uses EAN-13 only for a valid 13-digit GTIN, else Code-128 of the code', () => {
    expect(barrasDe(A4, { descricao: 'x', codigo: 'P1', gtin: '7891000315507', preco: null })).toEqual({ tipo: 'ean13', texto: '7891000315507' });
    expect(barrasDe(A4, { descricao: 'x', codigo: 'P1', gtin: '7891000315508', preco: null })).toEqual({ tipo: 'code128', texto: 'P1' });
    expect(barrasDe(A4, { descricao: 'x', codigo: null, gtin: '96385074', preco: null })).toEqual({ tipo: 'code128', texto: '96385074' });
    expect(barrasDe({ codigoBarras: 'nenhum' }, { descricao: 'x', codigo: 'P1', gtin: null, preco: null })).toBeNull();
  });

  it('writes one ZPL format per row of labels and escapes command characters', () => {
    const z = etiquetasZpl(A4, Array.from({ length: 4 }, () => ({ descricao: 'Leite ^FS~', codigo: 'P9', gtin: '7891000315507', preco: '4.62' })));
    expect(z.match(/\^XA/g)).toHaveLength(2);
    expect(z).toContain('^FDLeite \\5EFS\\7E^FS');
    expect(z).toContain('^FDR$ 4,62^FS');
    expect(z).toContain('^FD789100031550^FS');
    expect(z).toContain(`^PW${Math.round(210 * 8)}`);
  });

  it('the test decoder reads the GS1 example 4006381333931 from its modules and refuses a wrong check digit', () => {
    // Published EAN-13 tables: first digit 4 = parity LGLLGG; left 0 0 6 3 8 1, right 3 3 3 9 3 1.
    const esquerda = ['0001101', '0100111', '0101111', '0111101', '0001001', '0110011'];
    const direita = ['1000010', '1000010', '1000010', '1110100', '1000010', '1100110'];
    const modulos = '101' + esquerda.join('') + '01010' + direita.join('') + '101';
    expect(decodificarModulos(modulos)).toBe('4006381333931');
    const errado = '101' + esquerda.join('') + '01010' + [...direita.slice(0, 5), '1001110'].join('') + '101';
    expect(decodificarModulos(errado)).toBeNull();
  });
});
