import type BwipJs from 'bwip-js/node';
import { lazyRequire } from '../../lazy-require.ts';
import { barrasDe, geometria, precoTexto, type ConteudoEtiqueta, type LayoutEtiqueta } from './layout.ts';
import { pdfParaBuffer, novoPdf } from '../../pdf-buffer.ts';

const bwipjs = lazyRequire<typeof BwipJs>('bwip-js/node');

/** PDF points per millimetre. */
const PT = 72 / 25.4;

/**
 * The labels as a PDF: a page per sheet (A4 label sheets) or per row of a thermal roll, each label with the
 * fields its layout shows and the barcode drawn by bwip-js (EAN-13 with its digits below, or Code-128).
 */
export async function etiquetasPdf(layout: LayoutEtiqueta, etiquetas: ConteudoEtiqueta[]): Promise<Buffer> {
  const g = geometria(layout);
  const pdf = novoPdf({ size: [g.paginaLargura * PT, g.paginaAltura * PT], margin: 0, autoFirstPage: false, info: { Title: `Etiquetas - ${layout.descricao}`, Author: 'Retaguarda' } });
  const imagens = new Map<string, Buffer>();
  const imagem = async (tipo: string, texto: string) => {
    const chave = `${tipo}:${texto}`;
    if (!imagens.has(chave)) imagens.set(chave, await bwipjs().toBuffer({ bcid: tipo, text: texto, scale: 3, height: 10, includetext: tipo === 'ean13', textxalign: 'center', paddingwidth: tipo === 'ean13' ? 8 : 2, paddingheight: 1 }));
    return imagens.get(chave)!;
  };
  const fonte = layout.tamanhoFonte;
  let pagina = -1;
  for (let i = 0; i < etiquetas.length; i++) {
    const c = etiquetas[i];
    const p = g.posicao(i);
    if (p.pagina !== pagina) {
      pdf.addPage({ size: [g.paginaLargura * PT, g.paginaAltura * PT], margin: 0 });
      pagina = p.pagina;
    }
    const pad = 1.5 * PT;
    const x = p.x * PT + pad;
    const w = g.largura * PT - 2 * pad;
    const base = p.y * PT + pad;
    const fim = (p.y + g.altura) * PT - pad;
    let y = base;
    if (layout.mostrarDescricao) {
      pdf.font('Helvetica').fontSize(fonte);
      const h = Math.min(pdf.heightOfString(c.descricao, { width: w }), fonte * 2.4);
      pdf.text(c.descricao, x, y, { width: w, height: h, ellipsis: true });
      y += h + 1;
    }
    if (layout.mostrarCodigo && c.codigo) {
      pdf.font('Helvetica').fontSize(Math.max(5, fonte - 1)).text(`Cód. ${c.codigo}`, x, y, { width: w, lineBreak: false });
      y += fonte + 1;
    }
    if (layout.mostrarPreco && c.preco !== null) {
      const tam = fonte * 1.6;
      pdf.font('Helvetica-Bold').fontSize(tam).text(precoTexto(c), x, y, { width: w, lineBreak: false });
      y += tam + 2;
    }
    const barras = barrasDe(layout, c);
    if (barras && fim - y > 6 * PT) {
      const png = await imagem(barras.tipo, barras.texto);
      pdf.image(png, x, y, { fit: [w, fim - y], align: 'center', valign: 'bottom' });
    }
  }
  if (pagina < 0) pdf.addPage({ size: [g.paginaLargura * PT, g.paginaAltura * PT], margin: 0 });
  return pdfParaBuffer(pdf);
}
