import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import { calcularNfe, type NfeCalculada, type OpcoesCalculo } from '../../shared/fiscal/nfe-calculo.ts';
import { gerarXmlNfe } from '../../shared/fiscal/nfe-xml.ts';
import { assinarXml, type Assinador } from './assinatura-xml.ts';
import { montarQrCode, urlsNfce, infNFeSupl, type Csc } from './qrcode-nfce.ts';
import { fmt2 } from '../../shared/fiscal/decimal.ts';

export interface NfeMontada {
  chave: string;
  calculo: NfeCalculada;
  /** signed NFe element (with infNFeSupl for the NFC-e) */
  xml: string;
  qrCode?: string;
  urlChave?: string;
  digestValue: string;
}

export interface OpcoesMontagem extends OpcoesCalculo {
  /** CSC of the NFC-e (required for model 65) */
  csc?: Csc;
}

/**
 * Build, sign and (NFC-e) add the QR Code. infNFeSupl sits outside infNFe, so it is added after signing: the
 * offline QR Code needs the signature's DigestValue.
 */
export function montarNfe(doc: NfeDocumento, assinador: Assinador, opcoes: OpcoesMontagem = {}): NfeMontada {
  const calculo = calcularNfe(doc, opcoes);
  const assinado = assinarXml(gerarXmlNfe(calculo), 'infNFe', assinador);
  const digestValue = /<DigestValue>([^<]+)<\/DigestValue>/.exec(assinado)![1];
  if (doc.modelo !== 65) return { chave: calculo.chave, calculo, xml: assinado, digestValue };
  if (!opcoes.csc) throw new Error('A NFC-e exige o CSC (código de segurança do contribuinte) para o QR Code.');
  const urls = urlsNfce(doc.emitente.endereco.uf, doc.ambiente);
  const qrCode = montarQrCode({
    urlBase: urls.qrCode,
    chave: calculo.chave,
    tpAmb: doc.ambiente,
    csc: opcoes.csc,
    offline: calculo.tpEmis === 9 ? { dhEmi: doc.ide.dataEmissao, vNF: fmt2(calculo.totais.vNF), digestValue } : undefined,
  });
  const xml = assinado.replace('</infNFe>', `</infNFe>${infNFeSupl(qrCode, urls.urlChave)}`);
  return { chave: calculo.chave, calculo, xml, qrCode, urlChave: urls.urlChave, digestValue };
}
