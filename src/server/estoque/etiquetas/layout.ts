import Decimal from 'decimal.js';
import { isGtin, onlyDigits } from '../../../shared/cpf-cnpj.ts';
import { formatBRL } from '../../../shared/money.ts';
import { badRequest } from '../../http/errors.ts';
import type { Etiqueta } from '../../../../generated/resources/etiqueta.ts';

/** A label layout as stored (schemas/resources/etiqueta.json), its defaults filled in: sizes in millimetres as decimal strings. */
export type LayoutEtiqueta = Required<Omit<Etiqueta, 'id' | 'createdAt' | 'updatedAt' | 'ativo'>>;

/** What one label shows: a product, or one SKU of its grid. */
export interface ConteudoEtiqueta {
  descricao: string;
  codigo: string | null;
  gtin: string | null;
  preco: string | null;
}

export interface Posicao {
  pagina: number;
  /** Top-left corner and size, in millimetres from the page's top-left corner. */
  x: number;
  y: number;
}

export interface Geometria {
  paginaLargura: number;
  paginaAltura: number;
  largura: number;
  altura: number;
  porPagina: number;
  posicao(indice: number): Posicao;
}

const mm = (v: string | number) => new Decimal(v);

/**
 * Where each label goes: labels fill a page row by row (colunas × linhas per page, A4 sheets), or one row
 * of colunas per roll 'page' on a thermal printer. A layout that does not fit its page is a 400 naming
 * the measure, so a sheet is never printed shifted.
 */
export function geometria(l: LayoutEtiqueta): Geometria {
  const largura = mm(l.largura);
  const altura = mm(l.altura);
  const linhas = l.tipo === 'rolo' ? 1 : l.linhas;
  const ocupadaL = mm(l.margemEsquerda).plus(largura.times(l.colunas)).plus(mm(l.espacoHorizontal).times(l.colunas - 1));
  const ocupadaA = mm(l.margemSuperior).plus(altura.times(linhas)).plus(mm(l.espacoVertical).times(linhas - 1));
  const paginaLargura = mm(l.larguraPagina);
  const paginaAltura = l.tipo === 'rolo' ? Decimal.max(mm(l.alturaPagina), ocupadaA) : mm(l.alturaPagina);
  if (ocupadaL.gt(paginaLargura)) {
    throw badRequest(`As etiquetas não cabem na largura da página: ${ocupadaL.toFixed(1).replace('.', ',')} mm de ${paginaLargura.toFixed(1).replace('.', ',')} mm.`, [
      { path: '/colunas', campo: 'colunas', mensagem: 'As colunas não cabem na largura da página.' },
    ]);
  }
  if (ocupadaA.gt(paginaAltura)) {
    throw badRequest(`As etiquetas não cabem na altura da página: ${ocupadaA.toFixed(1).replace('.', ',')} mm de ${paginaAltura.toFixed(1).replace('.', ',')} mm.`, [
      { path: '/linhas', campo: 'linhas', mensagem: 'As linhas não cabem na altura da página.' },
    ]);
  }
  const porPagina = l.colunas * linhas;
  const passoX = largura.plus(mm(l.espacoHorizontal)).toNumber();
  const passoY = altura.plus(mm(l.espacoVertical)).toNumber();
  return {
    paginaLargura: paginaLargura.toNumber(),
    paginaAltura: paginaAltura.toNumber(),
    largura: largura.toNumber(),
    altura: altura.toNumber(),
    porPagina,
    posicao(i) {
      const naPagina = i % porPagina;
      return { pagina: Math.floor(i / porPagina), x: Number(l.margemEsquerda) + (naPagina % l.colunas) * passoX, y: Number(l.margemSuperior) + Math.floor(naPagina / l.colunas) * passoY };
    },
  };
}

export interface Barras {
  tipo: 'ean13' | 'code128';
  texto: string;
}

/**
 * The barcode a label carries: EAN-13 needs a valid 13-digit GTIN (an 8-, 12- or 14-digit GTIN, or none,
 * falls back to Code-128 of the internal code); Code-128 carries the code, or the GTIN when there is none.
 */
export function barrasDe(l: Pick<LayoutEtiqueta, 'codigoBarras'>, c: ConteudoEtiqueta): Barras | null {
  if (l.codigoBarras === 'nenhum') return null;
  const gtin = c.gtin ? onlyDigits(c.gtin) : '';
  if (l.codigoBarras === 'ean13' && gtin.length === 13 && isGtin(gtin)) return { tipo: 'ean13', texto: gtin };
  const codigo = (c.codigo ?? '').trim() || gtin;
  return codigo ? { tipo: 'code128', texto: codigo } : null;
}

export const precoTexto = (c: ConteudoEtiqueta) => (c.preco === null || c.preco === undefined ? '' : formatBRL(c.preco));

/** Each item repeated by its quantity, in the order given: the sequence of labels to print. */
export function expandir<T extends { quantidade: number }>(itens: T[]): T[] {
  return itens.flatMap((i) => Array.from({ length: i.quantidade }, () => i));
}
