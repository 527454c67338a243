import type QRCodeModule from 'qrcode';
import Decimal from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import { pdfParaBuffer, novoPdf } from '../pdf-buffer.ts';
import { formatBRL } from '../../shared/money.ts';
import { maskCpfCnpj } from '../../shared/cpf-cnpj.ts';
import { lazyRequire } from '../lazy-require.ts';

const qrcode = lazyRequire<typeof QRCodeModule>('qrcode');


/** Public query page of the national portal: the QR code of the DANFSe points here with the access key. */
export const URL_CONSULTA_PUBLICA = 'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=';

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
type Obj = Record<string, any>;
const MM = 72 / 25.4;

const documento = (d?: string) => (d ? maskCpfCnpj(d) : '');
const dataHora = (iso?: string) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}` : '');
const data = (iso?: string) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
const reais = (v?: string) => (v === undefined ? '-' : formatBRL(v));
const pct = (v?: string) => (v === undefined ? '-' : `${v.replace('.', ',')}%`);
const RETENCAO: Record<string, string> = { '1': 'Não retido', '2': 'Retido pelo tomador', '3': 'Retido pelo intermediário' };
const SIMPLES: Record<string, string> = { '1': 'Não optante', '2': 'Optante - MEI', '3': 'Optante - ME/EPP' };

/**
 * DANFSe (Documento Auxiliar da NFS-e) in A4 from the authorised NFS-e XML, in the national layout's order:
 * header with number, key and QR code of the public query, emitente, tomador, service, taxes and values.
 * Homologação and cancelled notes say so across the page.
 */
export async function gerarDanfse(nfseXml: string, o: { cancelada?: boolean } = {}): Promise<Buffer> {
  const nfse = (parser.parse(nfseXml) as Obj).NFSe as Obj;
  const inf = nfse.infNFSe as Obj;
  const chave = String(inf['@_Id']).replace(/^NFS/, '');
  const dps = (inf.DPS as Obj).infDPS as Obj;
  const emit = inf.emit as Obj;
  const toma = (dps.toma ?? null) as Obj | null;
  const vals = inf.valores as Obj;
  const dv = dps.valores as Obj;
  const tribMun = dv.trib.tribMun as Obj;
  const homologacao = String(dps.tpAmb) === '2';

  const pdf = novoPdf({ size: 'A4', margin: 10 * MM, bufferPages: true, info: { Title: `DANFSe ${chave}`, Author: String(emit.xNome) } });
  const L = 10 * MM;
  const W = pdf.page.width - 20 * MM;
  let y = L;
  const caixa = (x: number, yy: number, w: number, h: number, rotulo: string, valor: string, tam = 8) => {
    pdf.rect(x, yy, w, h).lineWidth(0.5).stroke();
    pdf.font('Helvetica').fontSize(6).text(rotulo, x + 3, yy + 2, { width: w - 6, lineBreak: false });
    pdf.font('Helvetica-Bold').fontSize(tam).text(valor, x + 3, yy + 10, { width: w - 6, height: h - 11, ellipsis: true });
  };
  const titulo = (t: string) => {
    pdf.rect(L, y, W, 13).fillAndStroke('#e8e8e8', '#000000').fillColor('#000000');
    pdf.font('Helvetica-Bold').fontSize(8).text(t, L + 4, y + 3);
    y += 13;
  };

  // header
  const qr = await qrcode().toBuffer(URL_CONSULTA_PUBLICA + chave, { errorCorrectionLevel: 'M', margin: 0, width: 240 });
  pdf.rect(L, y, W, 80).lineWidth(0.5).stroke();
  pdf.font('Helvetica-Bold').fontSize(13).text('DANFSe', L + 6, y + 6);
  pdf.font('Helvetica').fontSize(8).text('Documento Auxiliar da Nota Fiscal de Serviço Eletrônica', L + 6, y + 22);
  pdf.font('Helvetica-Bold').fontSize(10).text(`NFS-e nº ${inf.nNFSe}`, L + 6, y + 36);
  pdf.font('Helvetica').fontSize(7).text(`Emissão da DPS: ${dataHora(String(dps.dhEmi))}   Autorização: ${dataHora(String(inf.dhProc))}   Competência: ${data(String(dps.dCompet))}`, L + 6, y + 50);
  pdf.text(`DPS série ${dps.serie} nº ${dps.nDPS}   Município emissor: ${inf.xLocEmi}   `, L + 6, y + 60, { continued: true });
  pdf.font('Helvetica-Bold').fillColor(o.cancelada ? '#c00000' : '#000000').text(`Situação: ${o.cancelada ? 'NFS-e CANCELADA' : 'Autorizada'}`).fillColor('#000000');
  pdf.font('Helvetica').fontSize(6).text('CHAVE DE ACESSO DA NFS-e', L + 6, y + 69);
  pdf.font('Courier-Bold').fontSize(7.5).text(chave, L + 95, y + 68);
  pdf.image(qr, L + W - 74, y + 4, { width: 70 });
  y += 84;

  titulo('EMITENTE / PRESTADOR DO SERVIÇO');
  const h = 24;
  caixa(L, y, W * 0.6, h, 'NOME / RAZÃO SOCIAL', String(emit.xNome));
  caixa(L + W * 0.6, y, W * 0.4, h, 'CNPJ / CPF', documento(String(emit.CNPJ ?? emit.CPF ?? '')));
  y += h;
  const e = emit.enderNac as Obj;
  caixa(L, y, W * 0.6, h, 'ENDEREÇO', `${e.xLgr}, ${e.nro} - ${e.xBairro}`);
  caixa(L + W * 0.2 * 3, y, W * 0.2, h, 'MUNICÍPIO / UF', `${inf.xLocEmi}`);
  caixa(L + W * 0.8, y, W * 0.2, h, 'INSCRIÇÃO MUNICIPAL', String(emit.IM ?? '-'));
  y += h;
  const reg = dps.prest.regTrib as Obj;
  caixa(L, y, W / 2, h, 'SIMPLES NACIONAL', SIMPLES[String(reg.opSimpNac)] ?? String(reg.opSimpNac));
  caixa(L + W / 2, y, W / 2, h, 'CEP', String(e.CEP).replace(/(\d{5})(\d{3})/, '$1-$2'));
  y += h + 4;

  titulo('TOMADOR DO SERVIÇO');
  if (toma) {
    caixa(L, y, W * 0.6, h, 'NOME / RAZÃO SOCIAL', String(toma.xNome));
    caixa(L + W * 0.6, y, W * 0.4, h, 'CNPJ / CPF', documento(String(toma.CNPJ ?? toma.CPF ?? '')) || 'Não informado');
    y += h;
    const te = toma.end as Obj | undefined;
    caixa(L, y, W * 0.6, h, 'ENDEREÇO', te ? `${te.xLgr}, ${te.nro} - ${te.xBairro}` : '-');
    caixa(L + W * 0.6, y, W * 0.4, h, 'E-MAIL', String(toma.email ?? '-'));
    y += h + 4;
  } else {
    caixa(L, y, W, h, 'TOMADOR', 'Tomador não identificado');
    y += h + 4;
  }

  titulo('SERVIÇO PRESTADO');
  const cServ = dps.serv.cServ as Obj;
  const cod = String(cServ.cTribNac);
  caixa(L, y, W, h, 'CÓDIGO DE TRIBUTAÇÃO NACIONAL', `${cod.slice(0, 2)}.${cod.slice(2, 4)}.${cod.slice(4, 6)} - ${inf.xTribNac}`, 7);
  y += h;
  caixa(L, y, W * 0.5, h, 'LOCAL DA PRESTAÇÃO', String(inf.xLocPrestacao));
  caixa(L + W * 0.5, y, W * 0.5, h, 'MUNICÍPIO DE INCIDÊNCIA DO ISSQN', String(inf.xLocIncid ?? '-'));
  y += h;
  const altura = Math.max(40, Math.min(220, pdf.font('Helvetica').fontSize(8).heightOfString(String(cServ.xDescServ), { width: W - 8 }) + 16));
  pdf.rect(L, y, W, altura).stroke();
  pdf.font('Helvetica').fontSize(6).text('DESCRIÇÃO DO SERVIÇO', L + 3, y + 2);
  pdf.font('Helvetica').fontSize(8).text(String(cServ.xDescServ), L + 4, y + 11, { width: W - 8, height: altura - 12 });
  y += altura + 4;

  titulo('TRIBUTAÇÃO MUNICIPAL E VALORES');
  const q = W / 4;
  caixa(L, y, q, h, 'VALOR DO SERVIÇO', reais(String(dv.vServPrest.vServ)));
  caixa(L + q, y, q, h, 'DESCONTO INCONDICIONADO', reais(dv.vDescCondIncond?.vDescIncond !== undefined ? String(dv.vDescCondIncond.vDescIncond) : '0'));
  caixa(L + 2 * q, y, q, h, 'BASE DE CÁLCULO DO ISSQN', reais(vals.vBC !== undefined ? String(vals.vBC) : undefined));
  caixa(L + 3 * q, y, q, h, 'ALÍQUOTA APLICADA', pct(vals.pAliqAplic !== undefined ? String(vals.pAliqAplic) : undefined));
  y += h;
  caixa(L, y, q, h, 'ISSQN APURADO', reais(vals.vISSQN !== undefined ? String(vals.vISSQN) : undefined));
  caixa(L + q, y, q, h, 'RETENÇÃO DO ISSQN', RETENCAO[String(tribMun.tpRetISSQN)] ?? String(tribMun.tpRetISSQN));
  caixa(L + 2 * q, y, q, h, 'TOTAL DE RETENÇÕES', reais(String(vals.vTotalRet ?? '0')));
  caixa(L + 3 * q, y, q, h, 'VALOR LÍQUIDO DA NFS-e', reais(String(vals.vLiq)), 10);
  y += h + 4;

  // IBS/CBS (layout 1.01): what the issuer declared in the DPS (CST, cClassTrib, cIndOp) and what the national
  // system computed in the NFS-e (localidade de incidência, base, effective rates, values and the note's total).
  const rtc = dps.IBSCBS as Obj | undefined;
  if (rtc) {
    const ger = inf.IBSCBS as Obj | undefined;
    const gi = (rtc.valores?.trib?.gIBSCBS ?? {}) as Obj;
    titulo('IBS E CBS (LC 214/2025)');
    const s3 = W / 3;
    caixa(L, y, s3, h, 'CST DO IBS/CBS', String(gi.CST ?? '-'));
    caixa(L + s3, y, s3, h, 'CLASSIFICAÇÃO TRIBUTÁRIA (cClassTrib)', String(gi.cClassTrib ?? '-'));
    caixa(L + 2 * s3, y, s3, h, 'INDICADOR DA OPERAÇÃO (cIndOp)', String(rtc.cIndOp ?? '-'));
    y += h;
    if (ger) {
      const v = ger.valores as Obj;
      const tot = ger.totCIBS as Obj;
      const t4 = W / 4;
      caixa(L, y, t4 * 2, h, 'LOCALIDADE DE INCIDÊNCIA DO IBS/CBS', `${ger.xLocalidadeIncid} (${ger.cLocalidadeIncid})`);
      caixa(L + 2 * t4, y, t4, h, 'BASE DE CÁLCULO DO IBS/CBS', reais(String(v.vBC)));
      caixa(L + 3 * t4, y, t4, h, 'VALOR TOTAL DA NFS-e (vTotNF)', reais(String(tot.vTotNF)));
      y += h;
      const c5 = W / 5;
      caixa(L, y, c5, h, `IBS UF (${pct(String(v.uf.pAliqEfetUF))})`, reais(String(tot.gIBS.gIBSUFTot.vIBSUF)));
      caixa(L + c5, y, c5, h, `IBS MUNICIPAL (${pct(String(v.mun.pAliqEfetMun))})`, reais(String(tot.gIBS.gIBSMunTot.vIBSMun)));
      caixa(L + 2 * c5, y, c5, h, 'IBS TOTAL', reais(String(tot.gIBS.vIBSTot)));
      caixa(L + 3 * c5, y, c5, h, `CBS (${pct(String(v.fed.pAliqEfetCBS))})`, reais(String(tot.gCBS.vCBS)));
      caixa(L + 4 * c5, y, c5, h, 'IBS + CBS', reais(new Decimal(String(tot.gIBS.vIBSTot)).plus(String(tot.gCBS.vCBS)).toFixed(2)));
      y += h;
    } else {
      caixa(L, y, W, h, 'VALORES DO IBS/CBS', 'Calculados pelo sistema nacional: não constam desta NFS-e');
      y += h;
    }
  }
  y += 4;
  pdf.font('Helvetica').fontSize(7).text(`Consulte a autenticidade em ${URL_CONSULTA_PUBLICA.replace(/\?.*$/, '')} com a chave de acesso acima.`, L, y, { width: W });

  const marca = (texto: string, cor: string) => {
    pdf.save();
    pdf.rotate(-35, { origin: [pdf.page.width / 2, pdf.page.height / 2] });
    pdf.font('Helvetica-Bold').fontSize(46).fillColor(cor).opacity(0.25).text(texto, 0, pdf.page.height / 2 - 30, { width: pdf.page.width, align: 'center' });
    pdf.restore();
    pdf.opacity(1).fillColor('#000000');
  };
  if (o.cancelada) marca('NFS-e CANCELADA', '#c00000');
  else if (homologacao) marca('SEM VALIDADE JURÍDICA', '#808080');
  if (homologacao) pdf.font('Helvetica-Bold').fontSize(8).fillColor('#000000').text('NFS-e EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO (PRODUÇÃO RESTRITA) - SEM VALIDADE JURÍDICA', L, pdf.page.height - 18 * MM, { width: W, align: 'center' });
  return pdfParaBuffer(pdf);
}
