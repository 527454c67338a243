import { barrasDe, geometria, precoTexto, type ConteudoEtiqueta, type LayoutEtiqueta } from './layout.ts';

/** Zebra printers at 203 dpi: 8 dots per millimetre. */
const DOTS = 8;

/** Field data with ^FH: the characters ZPL reads as commands are written as hex escapes. */
const campo = (t: string) => `^FH\\^FD${t.replace(/[\\^~]/g, (ch) => '\\' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'))}^FS`;

/**
 * ZPL II for Zebra-type printers: one format (^XA … ^XZ) per row of labels across the roll or sheet, in UTF-8
 * (^CI28). EAN-13 goes as ^BE with its 12 data digits (the printer adds the check digit); Code-128 as ^BC.
 */
export function etiquetasZpl(layout: LayoutEtiqueta, etiquetas: ConteudoEtiqueta[]): string {
  const g = geometria(layout);
  const d = (mm: number) => Math.round(mm * DOTS);
  const fonte = Math.max(12, Math.round((layout.tamanhoFonte * 25.4) / 72 * DOTS));
  const out: string[] = [];
  const porLinha = layout.colunas;
  for (let inicio = 0; inicio < etiquetas.length; inicio += porLinha) {
    const linha = etiquetas.slice(inicio, inicio + porLinha);
    const fmt = ['^XA', '^CI28', `^PW${d(g.paginaLargura)}`, `^LL${d(g.altura + Number(layout.espacoVertical))}`, '^LH0,0'];
    linha.forEach((c, col) => {
      const x = d(Number(layout.margemEsquerda) + col * (g.largura + Number(layout.espacoHorizontal)) + 1.5);
      let y = d(1.5);
      if (layout.mostrarDescricao) {
        fmt.push(`^FO${x},${y}^A0N,${fonte},${fonte}^FB${d(g.largura - 3)},2,0,L,0${campo(c.descricao)}`);
        y += fonte * 2 + 4;
      }
      if (layout.mostrarCodigo && c.codigo) {
        fmt.push(`^FO${x},${y}^A0N,${fonte},${fonte}${campo(`Cód. ${c.codigo}`)}`);
        y += fonte + 4;
      }
      if (layout.mostrarPreco && c.preco !== null) {
        const tam = Math.round(fonte * 1.6);
        fmt.push(`^FO${x},${y}^A0N,${tam},${tam}${campo(precoTexto(c))}`);
        y += tam + 6;
      }
      const barras = barrasDe(layout, c);
      const altura = d(g.altura - 1.5) - y - 24;
      if (barras && altura > d(5)) {
        if (barras.tipo === 'ean13') fmt.push(`^FO${x},${y}^BY2^BEN,${altura},Y,N^FD${barras.texto.slice(0, 12)}^FS`);
        else fmt.push(`^FO${x},${y}^BY2^BCN,${altura},Y,N,N${campo(barras.texto)}`);
      }
    });
    fmt.push('^PQ1', '^XZ');
    out.push(fmt.join('\n'));
  }
  return out.join('\n') + '\n';
}
