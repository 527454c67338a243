import { describe, expect, it } from 'vitest';
import { aplicarPromocao, descontoDaPromocao, promocaoVale, type Promocao } from '../../../src/shared/promocoes.ts';

// 2026-11-25 is a Wednesday (3).
const QUARTA = { data: '2026-11-25', hora: '10:30' };
const base = (p: Partial<Promocao>): Promocao => ({ id: 1, descricao: 'Promo', tipo: 0, produtoId: 10, ...p });
const linha = (quantidade: string, precoUnitario = '10.00', categoriaId: number | null = 5) => ({ produtoId: 10, categoriaId, quantidade, precoUnitario });

describe('promocaoVale: when a promotion applies', () => {
  const casos: [string, Partial<Promocao>, { data: string; hora: string }, string, boolean][] = [
    ['produto certo, sem restrições', {}, QUARTA, '1', true],
    ['outro produto', { produtoId: 11 }, QUARTA, '1', false],
    ['categoria do produto', { produtoId: null, categoriaId: 5 }, QUARTA, '1', true],
    ['outra categoria', { produtoId: null, categoriaId: 6 }, QUARTA, '1', false],
    ['nem produto nem categoria: todos os produtos', { produtoId: null, categoriaId: null }, QUARTA, '1', true],
    ['inativa', { ativo: false }, QUARTA, '1', false],
    ['antes do início', { dataInicio: '2026-11-26' }, QUARTA, '1', false],
    ['no primeiro dia', { dataInicio: '2026-11-25' }, QUARTA, '1', true],
    ['no último dia', { dataFim: '2026-11-25' }, QUARTA, '1', true],
    ['depois do fim', { dataFim: '2026-11-24' }, QUARTA, '1', false],
    ['quarta na lista de dias', { diasSemana: [3, 6] }, QUARTA, '1', true],
    ['só fins de semana', { diasSemana: [0, 6] }, QUARTA, '1', false],
    ['lista de dias vazia = todos', { diasSemana: [] }, QUARTA, '1', true],
    ['dentro do horário', { horaInicio: '10:00', horaFim: '12:00' }, QUARTA, '1', true],
    ['fim do horário é exclusivo', { horaInicio: '08:00', horaFim: '10:30' }, QUARTA, '1', false],
    ['antes do horário', { horaInicio: '11:00', horaFim: '12:00' }, QUARTA, '1', false],
    ['horário que passa da meia-noite, de madrugada', { horaInicio: '22:00', horaFim: '02:00' }, { data: '2026-11-25', hora: '01:15' }, '1', true],
    ['horário que passa da meia-noite, de manhã', { horaInicio: '22:00', horaFim: '02:00' }, QUARTA, '1', false],
    ['abaixo da quantidade mínima', { quantidadeMinima: '3' }, QUARTA, '2', false],
    ['na quantidade mínima', { quantidadeMinima: '3' }, QUARTA, '3', true],
    ['leve 3 pague 2 com 2 unidades', { tipo: 2, leve: 3, pague: 2 }, QUARTA, '2', false],
    ['leve 3 pague 2 com 3 unidades', { tipo: 2, leve: 3, pague: 2 }, QUARTA, '3', true],
    ['leve/pague incoerente (pague ≥ leve)', { tipo: 2, leve: 2, pague: 2 }, QUARTA, '5', false],
  ];
  it.each(casos)('%s', (_n, p, quando, qtd, esperado) => {
    expect(promocaoVale(base(p), linha(qtd), quando)).toBe(esperado);
  });
});

describe('descontoDaPromocao: what it takes off the line', () => {
  const casos: [string, Partial<Promocao>, string, string, string][] = [
    ['preço promocional 8,00 em 3 × 10,00', { tipo: 0, preco: '8.00' }, '3', '10.00', '6.00'],
    ['preço promocional acima da lista não aumenta', { tipo: 0, preco: '12.00' }, '3', '10.00', '0.00'],
    ['10% em 3 × 9,99 (preço arredondado por unidade)', { tipo: 1, percentual: '10' }, '3', '9.99', '3.00'],
    ['100% zera a linha', { tipo: 1, percentual: '100' }, '2', '7.50', '15.00'],
    ['leve 3 pague 2 com 3', { tipo: 2, leve: 3, pague: 2 }, '3', '10.00', '10.00'],
    ['leve 3 pague 2 com 7 (dois grupos)', { tipo: 2, leve: 3, pague: 2 }, '7', '10.00', '20.00'],
    ['leve 4 pague 3 com 8,5 kg', { tipo: 2, leve: 4, pague: 3 }, '8.5', '2.00', '4.00'],
    ['quantidade fracionada com preço', { tipo: 0, preco: '19.90' }, '1.255', '24.90', '6.28'],
  ];
  it.each(casos)('%s', (_n, p, qtd, preco, esperado) => {
    expect(descontoDaPromocao(base(p), linha(qtd, preco)).toFixed(2)).toBe(esperado);
  });
});

describe('aplicarPromocao: the one a line gets', () => {
  const produto = base({ id: 7, descricao: 'Preço de produto', tipo: 0, preco: '9.00' });
  const categoria = base({ id: 3, descricao: '10% na categoria', tipo: 1, produtoId: null, categoriaId: 5, percentual: '10' });
  const levePague = base({ id: 9, descricao: 'Leve 3 pague 2', tipo: 2, leve: 3, pague: 2 });
  const fimDeSemana = base({ id: 2, descricao: 'Sábado', tipo: 1, percentual: '50', diasSemana: [6] });
  const casos: [string, Promocao[], string, string | null, string | null][] = [
    ['nenhuma promoção', [], '1', null, null],
    ['só as que não valem hoje', [fimDeSemana], '1', null, null],
    ['empate: a do produto vence a da categoria', [categoria, produto], '1', 'Preço de produto', '1.00'],
    ['a que desconta mais vence', [produto, levePague], '3', 'Leve 3 pague 2', '10.00'],
    ['abaixo do leve, vale o preço', [produto, levePague], '2', 'Preço de produto', '2.00'],
    ['categoria sozinha', [categoria], '4', '10% na categoria', '4.00'],
    ['empate: a da categoria vence a de todos os produtos', [base({ id: 1, descricao: 'Loja toda 10%', tipo: 1, produtoId: null, categoriaId: null, percentual: '10' }), categoria], '1', '10% na categoria', '1.00'],
  ];
  it.each(casos)('%s', (_n, promocoes, qtd, descricao, desconto) => {
    const r = aplicarPromocao(promocoes, linha(qtd), QUARTA);
    expect(r?.descricao ?? null).toBe(descricao);
    expect(r?.desconto ?? null).toBe(desconto);
  });
  it('empate entre duas do mesmo alcance: a de menor id', () => {
    const a = base({ id: 20, descricao: 'A', preco: '9.00' });
    const b = base({ id: 12, descricao: 'B', tipo: 1, percentual: '10' });
    expect(aplicarPromocao([a, b], linha('1'), QUARTA)?.promocaoId).toBe(12);
  });
});
