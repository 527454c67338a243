import type BwipJs from 'bwip-js/node';
import type QRCodeModule from 'qrcode';
import type { NfeCalculada } from '../../shared/fiscal/nfe-calculo.ts';
import { XNOME_HOMOLOGACAO, XPROD_HOMOLOGACAO_NFCE } from '../../shared/fiscal/nfe-calculo.ts';
import { dec, fmt2, type Dec } from '../../shared/fiscal/decimal.ts';
import { MEIOS_PAGAMENTO } from './meios-pagamento.ts';
import { pdfParaBuffer, novoPdf } from '../pdf-buffer.ts';
import { lazyRequire } from '../lazy-require.ts';
import { formatarCep, formatarCpfCnpj, formatarTelefone, linhasEmitente } from '../../shared/fiscal/emitente-impresso.ts';

const qrcode = lazyRequire<typeof QRCodeModule>('qrcode');

const bwipjs = lazyRequire<typeof BwipJs>('bwip-js/node');

/** What the printed documents need besides the built note: the authorisation, when there is one. */
export interface DadosImpressao {
  calculo: NfeCalculada;
  protocolo?: { nProt: string; dhRecbto: string };
  qrCode?: string;
  urlChave?: string;
  /** company logo for the DANFE header (PNG or JPEG bytes) */
  logo?: Buffer;
  /** NF-e issued under EPEC (tpEmis 4): the registration protocol at the Ambiente Nacional, printed until the authorisation */
  epec?: { nProt: string; dhRegEvento: string };
}

/**
 * The IBS/CBS totals of a note that carries the tax-reform groups (issue 39), as the DANFE and the DANFCE print
 * them: base, IBS UF, IBS municipal, IBS and CBS of IBSCBSTot. Undefined for a note without the groups.
 */
export function totaisIbsCbs(n: NfeCalculada): { vBC: Dec; vIBSUF: Dec; vIBSMun: Dec; vIBS: Dec; vCBS: Dec } | undefined {
  if (!n.doc.reformaTributaria || !n.itens.some((i) => i.ibs)) return undefined;
  const s = n.totais;
  return { vBC: s.vBCIBSCBS, vIBSUF: s.vIBSUF, vIBSMun: s.vIBSMun, vIBS: s.vIBSUF.plus(s.vIBSMun), vCBS: s.vCBS };
}

/** PNG or JPEG, told by the first bytes: the only image formats the DANFE (and PDFKit) take. */
export function formatoLogo(b: Buffer): 'png' | 'jpeg' {
  if (b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  throw new Error('O logotipo da empresa deve ser uma imagem PNG ou JPEG.');
}

const MM = 72 / 25.4;

export const formatarChave = (c: string) => c.replace(/([0-9A-Z]{4})(?=[0-9A-Z])/g, '$1 ');
const brl = (v: Dec) => fmt2(v).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const qtd = (s: string) => dec(s).toDecimalPlaces(4).toString().replace('.', ',');
const peso = (s?: string) => (s === undefined ? '' : dec(s).toDecimalPlaces(3).toFixed(3).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.'));
const aliquota = (s: string) => dec(s).toDecimalPlaces(4).toString().replace('.', ',');
const numeroNota = (n: number) => String(n).padStart(9, '0').replace(/(\d{3})(\d{3})(\d{3})/, '$1.$2.$3');
/** CNPJ (numeric or alphanumeric, 12.ABC.345/01DE-35) or CPF as people read them. */
const doc = (cnpj?: string, cpf?: string) => formatarCpfCnpj(cnpj || cpf || '') || '';
const dataBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const horaBr = (iso: string) => iso.slice(11, 19);

/** Code-128 of the 44-digit key (set C: two digits per symbol), as the MOC asks for the DANFE. */
export function codigoBarrasChave(chave: string): Promise<Buffer> {
  return bwipjs().toBuffer({ bcid: 'code128', text: chave, scale: 2, height: 12, includetext: false, paddingwidth: 0, paddingheight: 0 });
}

/** DANFE in A4 portrait (MOC, Anexo II): stub, header with barcode, parties, taxes, transport, items, notes. */
export async function gerarDanfe(p: DadosImpressao): Promise<Buffer> {
  const { calculo: n } = p;
  const d = n.doc;
  if (p.logo) formatoLogo(p.logo);
  const pdf = novoPdf({ size: 'A4', margin: 8 * MM, bufferPages: true, info: { Title: `DANFE ${n.chave}`, Author: d.emitente.razaoSocial } });
  const barras = await codigoBarrasChave(n.chave);
  const L = 8 * MM;
  const W = pdf.page.width - 16 * MM;
  let y = L;

  const caixa = (x: number, yy: number, w: number, h: number, rotulo: string, valor = '', o: { tam?: number; alinhar?: 'left' | 'right' | 'center' } = {}) => {
    pdf.rect(x, yy, w, h).lineWidth(0.5).stroke();
    pdf.font('Helvetica').fontSize(5.5).text(rotulo, x + 2, yy + 1.5, { width: w - 4, lineBreak: false });
    pdf.font('Helvetica-Bold').fontSize(o.tam ?? 8).text(valor, x + 2, yy + h - (o.tam ?? 8) - 3, { width: w - 4, align: o.alinhar ?? 'left', lineBreak: false, ellipsis: true });
  };
  const titulo = (t: string) => {
    pdf.font('Helvetica-Bold').fontSize(6.5).text(t, L, y + 2);
    y += 10;
  };
  const linha = (cols: [number, string, string, ('left' | 'right')?][], h = 20) => {
    let x = L;
    const total = cols.reduce((a, c) => a + c[0], 0);
    for (const [f, r, v, al] of cols) {
      const w = (f / total) * W;
      caixa(x, y, w, h, r, v, { alinhar: al });
      x += w;
    }
    y += h;
  };

  // Canhoto
  const e = d.emitente;
  caixa(L, y, W * 0.8, 22, `RECEBEMOS DE ${e.razaoSocial.toUpperCase()} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA AO LADO`, '');
  caixa(L + W * 0.8, y, W * 0.2, 44, 'NF-e', `Nº ${numeroNota(d.ide.numero)}\nSÉRIE ${String(d.ide.serie).padStart(3, '0')}`, { tam: 9, alinhar: 'center' });
  caixa(L, y + 22, W * 0.25, 22, 'DATA DE RECEBIMENTO', '');
  caixa(L + W * 0.25, y + 22, W * 0.55, 22, 'IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR', '');
  y += 52;

  // Cabeçalho
  const hCab = 96;
  pdf.rect(L, y, W * 0.4, hCab).stroke();
  // With a logo, it takes the left of the issuer box (fitted, proportions kept) and the text moves right.
  const wLogo = p.logo ? Math.min(W * 0.14, hCab - 8) : 0;
  if (p.logo) pdf.image(p.logo, L + 4, y + 4, { fit: [wLogo, hCab - 8], align: 'center', valign: 'center' });
  const xEmit = L + 4 + (wLogo ? wLogo + 4 : 0);
  const wEmit = W * 0.4 - 8 - (wLogo ? wLogo + 4 : 0);
  const le = linhasEmitente(e);
  pdf.font('Helvetica-Bold').fontSize(10).text(le.nome, xEmit, y + 8, { width: wEmit, height: 30, ellipsis: true });
  pdf.font('Helvetica').fontSize(7).text([le.endereco, le.cidade, le.telefone].filter(Boolean).join('\n'), xEmit, y + 40, { width: wEmit });
  const xm = L + W * 0.4;
  pdf.rect(xm, y, W * 0.17, hCab).stroke();
  pdf.font('Helvetica-Bold').fontSize(13).text('DANFE', xm, y + 4, { width: W * 0.17, align: 'center' });
  pdf.font('Helvetica').fontSize(6.5).text('Documento Auxiliar da Nota Fiscal Eletrônica', xm + 3, y + 20, { width: W * 0.17 - 6, align: 'center' });
  pdf.fontSize(7).text('0 - ENTRADA\n1 - SAÍDA', xm + 6, y + 42);
  pdf.rect(xm + W * 0.17 - 20, y + 42, 12, 14).stroke();
  pdf.font('Helvetica-Bold').fontSize(10).text(String(d.ide.tipoOperacao ?? 1), xm + W * 0.17 - 17, y + 44);
  pdf.fontSize(8).text(`Nº ${numeroNota(d.ide.numero)}\nSÉRIE ${String(d.ide.serie).padStart(3, '0')}`, xm + 4, y + 60, { width: W * 0.17 - 8, align: 'center' });
  const posFolha = { x: xm + 4, y: y + 82, w: W * 0.17 - 8 };
  const xb = xm + W * 0.17;
  const wb = W - W * 0.57;
  pdf.rect(xb, y, wb, 36).stroke();
  pdf.image(barras, xb + 8, y + 4, { width: wb - 16, height: 28 });
  caixa(xb, y + 36, wb, 22, 'CHAVE DE ACESSO', formatarChave(n.chave), { tam: 8, alinhar: 'center' });
  pdf.rect(xb, y + 58, wb, hCab - 58).stroke();
  pdf.font('Helvetica').fontSize(7).text('Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora', xb + 4, y + 64, { width: wb - 8, align: 'center' });
  y += hCab;

  const protocolo = p.protocolo
    ? `${p.protocolo.nProt} - ${dataBr(p.protocolo.dhRecbto)} ${horaBr(p.protocolo.dhRecbto)}`
    : p.epec ? `EPEC ${p.epec.nProt} - ${dataBr(p.epec.dhRegEvento)} ${horaBr(p.epec.dhRegEvento)}` : n.tpEmis === 1 ? 'NÃO AUTORIZADA' : 'EMITIDA EM CONTINGÊNCIA';
  linha([[60, 'NATUREZA DA OPERAÇÃO', d.ide.naturezaOperacao], [40, 'PROTOCOLO DE AUTORIZAÇÃO DE USO', protocolo]]);
  linha([[33, 'INSCRIÇÃO ESTADUAL', e.ie], [33, 'INSC. ESTADUAL DO SUBST. TRIB.', e.iest ?? ''], [34, 'CNPJ / CPF', doc(e.cnpj, e.cpf)]]);

  // Destinatário
  const de = d.destinatario;
  titulo('DESTINATÁRIO / REMETENTE');
  const nomeDest = de ? (d.ambiente === 2 ? XNOME_HOMOLOGACAO : (de.nome ?? '')) : '';
  linha([[60, 'NOME / RAZÃO SOCIAL', nomeDest], [25, 'CNPJ / CPF', doc(de?.cnpj, de?.cpf)], [15, 'DATA DA EMISSÃO', dataBr(d.ide.dataEmissao)]]);
  const ed = de?.endereco;
  linha([[50, 'ENDEREÇO', ed ? `${ed.logradouro}, ${ed.numero}` : ''], [25, 'BAIRRO / DISTRITO', ed?.bairro ?? ''], [10, 'CEP', formatarCep(ed?.cep)], [15, 'DATA DA SAÍDA/ENTRADA', d.ide.dataSaidaEntrada ? dataBr(d.ide.dataSaidaEntrada) : '']]);
  linha([[40, 'MUNICÍPIO', ed?.municipio ?? ''], [20, 'FONE / FAX', formatarTelefone(ed?.telefone)], [5, 'UF', ed?.uf ?? ''], [20, 'INSCRIÇÃO ESTADUAL', de?.ie ?? ''], [15, 'HORA DA SAÍDA', d.ide.dataSaidaEntrada ? horaBr(d.ide.dataSaidaEntrada) : '']]);

  // Fatura
  // Fatura: one small box per duplicata (number, due date, amount), six to a row, as many rows as needed.
  const cob = d.cobranca;
  const dups = cob?.duplicatas ?? [];
  if (dups.length || cob?.numeroFatura) {
    titulo('FATURA / DUPLICATAS');
    if (cob?.numeroFatura) {
      const fat = [`Número: ${cob.numeroFatura}`, cob.valorOriginal && `Valor original: R$ ${brl(dec(cob.valorOriginal))}`, cob.valorDesconto && `Desconto: R$ ${brl(dec(cob.valorDesconto))}`]
        .filter(Boolean).join('   ');
      caixa(L, y, W, 16, 'FATURA', fat, { tam: 7 });
      y += 16;
    }
    const porLinha = 6;
    const wDup = W / porLinha;
    dups.forEach((u, k) => {
      const x = L + (k % porLinha) * wDup;
      pdf.rect(x, y, wDup, 24).lineWidth(0.5).stroke();
      pdf.font('Helvetica').fontSize(6).text(`Núm.  ${u.numero}\nVenc. ${dataBr(u.vencimento)}\nValor R$ ${brl(dec(u.valor))}`, x + 3, y + 2, { width: wDup - 6, lineGap: 0.5 });
      if (k % porLinha === porLinha - 1 || k === dups.length - 1) y += 24;
    });
  }

  // Cálculo do imposto
  const s = n.totais;
  titulo('CÁLCULO DO IMPOSTO');
  linha([[1, 'BASE DE CÁLC. DO ICMS', brl(s.vBC), 'right'], [1, 'VALOR DO ICMS', brl(s.vICMS), 'right'], [1, 'BASE DE CÁLC. ICMS S.T.', brl(s.vBCST), 'right'], [1, 'VALOR DO ICMS SUBST.', brl(s.vST), 'right'], [1, 'V. TOTAL PRODUTOS', brl(s.vProd), 'right']]);
  linha([[1, 'VALOR DO FRETE', brl(s.vFrete), 'right'], [1, 'VALOR DO SEGURO', brl(s.vSeg), 'right'], [1, 'DESCONTO', brl(s.vDesc), 'right'], [1, 'OUTRAS DESPESAS', brl(s.vOutro), 'right'], [1, 'VALOR TOTAL IPI', brl(s.vIPI), 'right'], [1, 'V. TOTAL DA NOTA', brl(s.vNF), 'right']]);
  // IBS/CBS of the tax reform (LC 214/2025; IBSCBSTot), when the note carries the groups.
  const ibs = totaisIbsCbs(n);
  if (ibs) {
    titulo('CÁLCULO DO IBS E DA CBS');
    linha([[1, 'BASE DE CÁLC. IBS/CBS', brl(ibs.vBC), 'right'], [1, 'VALOR DO IBS UF', brl(ibs.vIBSUF), 'right'], [1, 'VALOR DO IBS MUNICIPAL', brl(ibs.vIBSMun), 'right'], [1, 'VALOR TOTAL DO IBS', brl(ibs.vIBS), 'right'], [1, 'VALOR DA CBS', brl(ibs.vCBS), 'right']]);
  }

  // Transportador
  const tr = d.transporte;
  titulo('TRANSPORTADOR / VOLUMES TRANSPORTADOS');
  const mod: Record<number, string> = { 0: '0-Remetente', 1: '1-Destinatário', 2: '2-Terceiros', 3: '3-Próprio Rem.', 4: '4-Próprio Dest.', 9: '9-Sem Frete' };
  linha([[35, 'NOME / RAZÃO SOCIAL', tr?.transportadora?.nome ?? ''], [15, 'FRETE POR CONTA', mod[tr?.modalidadeFrete ?? 9]], [12, 'PLACA DO VEÍCULO', tr?.veiculo?.placa ?? ''], [5, 'UF', tr?.veiculo?.uf ?? ''], [18, 'CNPJ / CPF', doc(tr?.transportadora?.cnpj, tr?.transportadora?.cpf)], [15, 'INSCRIÇÃO ESTADUAL', tr?.transportadora?.ie ?? '']]);
  // Every volume (vol) gets its own row; without volumes, one empty row as the layout shows.
  const fimPaginaVolumes = pdf.page.height - 8 * MM - 90;
  const volumes = tr?.volumes?.length ? tr.volumes : [undefined];
  for (const vol of volumes) {
    if (y + 20 > fimPaginaVolumes) {
      pdf.addPage();
      y = L;
      titulo('TRANSPORTADOR / VOLUMES TRANSPORTADOS (continuação)');
    }
    linha([[12, 'QUANTIDADE', vol?.quantidade !== undefined ? String(vol.quantidade) : ''], [20, 'ESPÉCIE', vol?.especie ?? ''], [18, 'MARCA', vol?.marca ?? ''], [18, 'NUMERAÇÃO', vol?.numeracao ?? ''], [16, 'PESO BRUTO', peso(vol?.pesoBruto), 'right'], [16, 'PESO LÍQUIDO', peso(vol?.pesoLiquido), 'right']]);
  }

  // Itens
  titulo('DADOS DOS PRODUTOS / SERVIÇOS');
  const cols: [string, number, 'left' | 'right'][] = [
    ['CÓDIGO', 8, 'left'], ['DESCRIÇÃO DO PRODUTO / SERVIÇO', 22, 'left'], ['NCM/SH', 7, 'left'], ['O/CST', 5, 'left'], ['CFOP', 5, 'left'], ['UN', 4, 'left'],
    ['QUANT.', 7, 'right'], ['VALOR UNIT.', 8, 'right'], ['VALOR TOTAL', 8, 'right'], ['B.CÁLC ICMS', 8, 'right'], ['VALOR ICMS', 7, 'right'], ['VALOR IPI', 6, 'right'], ['ALÍQ. ICMS', 5, 'right'], ['ALÍQ. IPI', 5, 'right'],
  ];
  const totalF = cols.reduce((a, c) => a + c[1], 0);
  const larguras = cols.map((c) => (c[1] / totalF) * W);
  const cabecalhoItens = () => {
    let x = L;
    pdf.rect(L, y, W, 12).stroke();
    pdf.font('Helvetica-Bold').fontSize(5.5);
    cols.forEach((c, i) => {
      pdf.text(c[0], x + 1, y + 3, { width: larguras[i] - 2, align: 'center', lineBreak: false });
      x += larguras[i];
    });
    y += 12;
  };
  cabecalhoItens();
  // Room kept at the bottom of the last page: dados adicionais, and the ISSQN block of a conjugated NF-e.
  const temIssqn = n.totais.temServico;
  const fimPagina = pdf.page.height - 8 * MM - 70 - (temIssqn ? 34 : 0);
  for (const it of n.itens) {
    const i = it.item;
    const desc = d.ambiente === 2 && d.modelo === 65 && it.nItem === 1 ? XPROD_HOMOLOGACAO_NFCE : i.descricao;
    const hItem = Math.max(11, Math.ceil(pdf.font('Helvetica').fontSize(6.5).heightOfString(desc, { width: larguras[1] - 2 })) + 4);
    if (y + hItem > fimPagina) {
      pdf.addPage();
      y = L;
      cabecalhoItens();
    }
    const aliq = i.icms?.pICMS && it.somaBC ? aliquota(i.icms.pICMS) : '';
    // The IPI rate only where the item is taxed by IPI (IPITrib: CST 00, 49, 50, 99).
    const aliqIpi = i.ipi?.pIPI !== undefined && ['00', '49', '50', '99'].includes(i.ipi.CST) ? aliquota(i.ipi.pIPI) : '';
    const valores = [
      i.codigo, desc, i.ncm, i.icms ? `${i.icms.orig}${i.icms.CST ?? i.icms.CSOSN}` : '', i.cfop, i.unidade, qtd(i.quantidade), brl(dec(i.valorUnitario)), brl(it.vProd),
      brl(it.vBC), brl(it.vICMS), brl(it.vIPI), aliq, aliqIpi,
    ];
    let x = L;
    pdf.font('Helvetica').fontSize(6.5);
    valores.forEach((v, k) => {
      pdf.text(v, x + 1, y + 2, { width: larguras[k] - 2, align: cols[k][2], lineBreak: k === 1 });
      x += larguras[k];
    });
    y += hItem;
    pdf.moveTo(L, y).lineTo(L + W, y).lineWidth(0.2).stroke().lineWidth(0.5);
  }

  y = Math.max(y + 4, fimPagina);
  // Cálculo do ISSQN (NF-e conjugada: services taxed by the municipality)
  if (temIssqn) {
    titulo('CÁLCULO DO ISSQN');
    linha([[25, 'INSCRIÇÃO MUNICIPAL', e.im ?? ''], [25, 'VALOR TOTAL DOS SERVIÇOS', brl(n.totais.vServ), 'right'], [25, 'BASE DE CÁLCULO DO ISSQN', brl(n.totais.vBCISS), 'right'], [25, 'VALOR DO ISSQN', brl(n.totais.vISS), 'right']]);
    y += 4;
  }
  // Dados adicionais
  pdf.font('Helvetica-Bold').fontSize(6.5).text('DADOS ADICIONAIS', L, y);
  y += 9;
  const compl = [
    d.informacoesAdicionais?.contribuinte,
    s.vTotTrib ? `Valor aproximado dos tributos: R$ ${brl(s.vTotTrib)} (Lei 12.741/2012)` : undefined,
    // MOC: the DANFE of an EPEC says so; the FS-DA one (tpEmis 5) is printed on the security form.
    n.tpEmis === 4 && !p.protocolo ? 'DANFE impresso em contingência - EPEC regularmente recebido pela Receita Federal do Brasil' : undefined,
    n.tpEmis === 5 && !p.protocolo ? 'DANFE em contingência - impresso em decorrência de problemas técnicos (FS-DA)' : undefined,
    n.tpEmis !== 1 && d.ide.contingencia ? `EMITIDA EM CONTINGÊNCIA em ${dataBr(d.ide.contingencia.dataHora)} ${horaBr(d.ide.contingencia.dataHora)}: ${d.ide.contingencia.justificativa}` : undefined,
  ].filter(Boolean).join(' | ');
  caixa(L, y, W * 0.65, 56, 'INFORMAÇÕES COMPLEMENTARES', '');
  pdf.font('Helvetica').fontSize(6.5).text(compl, L + 2, y + 9, { width: W * 0.65 - 4, height: 45 });
  caixa(L + W * 0.65, y, W * 0.35, 56, 'RESERVADO AO FISCO', '');
  pdf.font('Helvetica').fontSize(6.5).text(d.informacoesAdicionais?.fisco ?? '', L + W * 0.65 + 2, y + 9, { width: W * 0.35 - 4, height: 45 });

  // Page numbers and the homologation watermark on every page
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const folha = `FOLHA ${i - range.start + 1}/${range.count}`;
    if (i === range.start) pdf.font('Helvetica-Bold').fontSize(8).text(folha, posFolha.x, posFolha.y, { width: posFolha.w, align: 'center', lineBreak: false });
    else pdf.font('Helvetica').fontSize(6.5).text(`DANFE - NF-e Nº ${numeroNota(d.ide.numero)} SÉRIE ${String(d.ide.serie).padStart(3, '0')} - ${folha}`, L, pdf.page.height - 8 * MM - 8, { width: W, align: 'right', lineBreak: false });
    if (d.ambiente === 2) {
      pdf.save().rotate(-35, { origin: [pdf.page.width / 2, pdf.page.height / 2] }).font('Helvetica-Bold').fontSize(40).fillColor('#bbbbbb', 0.5)
        .text('SEM VALOR FISCAL', 0, pdf.page.height / 2 - 20, { width: pdf.page.width, align: 'center' }).restore().fillColor('black', 1);
    }
  }
  return pdfParaBuffer(pdf);
}

/** DANFCE on 80 mm paper (72 mm printable), height grown to fit the items. */
export async function gerarDanfce(p: DadosImpressao): Promise<Buffer> {
  const { calculo: n } = p;
  const d = n.doc;
  if (!p.qrCode || !p.urlChave) throw new Error('O DANFCE exige o QR Code e a URL de consulta da NFC-e.');
  const largura = 80 * MM;
  const margem = 4 * MM;
  const W = largura - 2 * margem;
  const ibs = totaisIbsCbs(n);
  const altura = 330 + n.itens.length * 22 + d.pagamentos.length * 10 + (ibs ? 50 : 0);
  const pdf = novoPdf({ size: [largura, altura], margin: margem, info: { Title: `DANFCE ${n.chave}` } });
  const qr = await qrcode().toBuffer(p.qrCode, { errorCorrectionLevel: 'M', margin: 0, width: 300 });
  const centro = (t: string, tam = 7, negrito = false) => pdf.font(negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(tam).text(t, margem, pdf.y, { width: W, align: 'center' });
  const par = (a: string, b: string, negrito = false) => {
    const y = pdf.y;
    pdf.font(negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(7).text(a, margem, y, { width: W * 0.65 });
    pdf.text(b, margem + W * 0.65, y, { width: W * 0.35, align: 'right' });
  };
  const traco = () => {
    pdf.moveDown(0.3);
    pdf.moveTo(margem, pdf.y).lineTo(margem + W, pdf.y).dash(1, { space: 1 }).lineWidth(0.5).stroke().undash();
    pdf.moveDown(0.3);
  };

  const e = d.emitente;
  pdf.y = margem;
  const le = linhasEmitente(e);
  centro(le.nome, 8, true);
  centro(le.documento);
  for (const l of [le.endereco, [le.cidade, le.telefone].filter(Boolean).join(' - ')]) if (l) centro(l);
  traco();
  centro('Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica', 7, true);
  if (d.ambiente === 2) centro('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL', 7, true);
  traco();
  // items: code, description, quantity, unit, unit price, total
  pdf.font('Helvetica-Bold').fontSize(6.5).text('CÓDIGO  DESCRIÇÃO  QTDE  UN  VL UNIT  VL TOTAL', margem, pdf.y, { width: W });
  for (const it of n.itens) {
    const i = it.item;
    const desc = d.ambiente === 2 && it.nItem === 1 ? XPROD_HOMOLOGACAO_NFCE : i.descricao;
    pdf.font('Helvetica').fontSize(6.5).text(`${i.codigo}  ${desc}`, margem, pdf.y, { width: W });
    par(`${qtd(i.quantidade)} ${i.unidade} x ${brl(dec(i.valorUnitario))}`, brl(it.vProd));
  }
  traco();
  const s = n.totais;
  par('Qtde. total de itens', String(n.itens.length));
  par('Valor total R$', brl(s.vProd));
  if (!s.vDesc.isZero()) par('Desconto R$', brl(s.vDesc));
  if (!s.vOutro.isZero() || !s.vFrete.isZero()) par('Acréscimos R$', brl(s.vOutro.plus(s.vFrete).plus(s.vSeg)));
  par('Valor a Pagar R$', brl(s.vNF), true);
  par('FORMA PAGAMENTO', 'VALOR PAGO R$', true);
  for (const pg of d.pagamentos) par(pg.descricao ?? MEIOS_PAGAMENTO[pg.tPag] ?? pg.tPag, brl(dec(pg.valor)));
  if (!n.vTroco.isZero()) par('Troco R$', brl(n.vTroco));
  if (ibs) {
    // IBS/CBS of the tax reform (LC 214/2025; IBSCBSTot), when the note carries the groups.
    traco();
    centro('IBS E CBS (LC 214/2025)', 6.5, true);
    par('Base de cálculo IBS/CBS R$', brl(ibs.vBC));
    par(`IBS R$ (UF ${brl(ibs.vIBSUF)} + Mun. ${brl(ibs.vIBSMun)})`, brl(ibs.vIBS));
    par('CBS R$', brl(ibs.vCBS));
  }
  traco();
  centro('Consulte pela Chave de Acesso em', 6.5, true);
  centro(p.urlChave, 6.5);
  centro(formatarChave(n.chave), 6.5);
  traco();
  const de = d.destinatario;
  centro(de?.cpf || de?.cnpj ? `CONSUMIDOR ${de.cpf ? 'CPF' : 'CNPJ'}: ${doc(de.cnpj, de.cpf)}${de.nome ? ` - ${de.nome}` : ''}` : 'CONSUMIDOR NÃO IDENTIFICADO', 6.5, true);
  traco();
  centro(`NFC-e nº ${numeroNota(d.ide.numero)} Série ${String(d.ide.serie).padStart(3, '0')} ${dataBr(d.ide.dataEmissao)} ${horaBr(d.ide.dataEmissao)}`, 6.5, true);
  if (n.tpEmis === 9) {
    centro('EMITIDA EM CONTINGÊNCIA', 7, true);
    centro('Pendente de autorização', 6.5);
  } else if (p.protocolo) {
    centro(`Protocolo de autorização: ${p.protocolo.nProt}`, 6.5);
    centro(`Data de autorização: ${dataBr(p.protocolo.dhRecbto)} ${horaBr(p.protocolo.dhRecbto)}`, 6.5);
  }
  pdf.moveDown(0.5);
  const lado = 30 * MM;
  pdf.image(qr, margem + (W - lado) / 2, pdf.y, { width: lado, height: lado });
  pdf.y += lado + 4;
  if (s.vTotTrib) centro(`Tributos Totais Incidentes (Lei Federal 12.741/2012): R$ ${brl(s.vTotTrib)}`, 6);
  if (d.informacoesAdicionais?.contribuinte) centro(d.informacoesAdicionais.contribuinte, 6);
  return pdfParaBuffer(pdf);
}
