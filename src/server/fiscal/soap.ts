/** SOAP 1.2 envelopes of the NF-e 4.00 web services. */

export const NS_SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
export const NS_WSDL = 'http://www.portalfiscal.inf.br/nfe/wsdl';

export type Servico =
  | 'NFeAutorizacao4'
  | 'NFeRetAutorizacao4'
  | 'NFeConsultaProtocolo4'
  | 'NFeStatusServico4'
  | 'NFeInutilizacao4'
  | 'NFeRecepcaoEvento4'
  | 'NFeDistribuicaoDFe';

export const METODOS: Record<Servico, string> = {
  NFeAutorizacao4: 'nfeAutorizacaoLote',
  NFeRetAutorizacao4: 'nfeRetAutorizacaoLote',
  NFeConsultaProtocolo4: 'nfeConsultaNF',
  NFeStatusServico4: 'nfeStatusServicoNF',
  NFeInutilizacao4: 'nfeInutilizacaoNF',
  NFeRecepcaoEvento4: 'nfeRecepcaoEvento',
  NFeDistribuicaoDFe: 'nfeDistDFeInteresse',
};

export const soapAction = (s: Servico) => `${NS_WSDL}/${s}/${METODOS[s]}`;

const semDeclaracao = (xml: string) => xml.replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, '');

export function envelopar(servico: Servico, xml: string): string {
  const corpo =
    servico === 'NFeDistribuicaoDFe'
      ? `<nfeDistDFeInteresse xmlns="${NS_WSDL}/${servico}"><nfeDadosMsg>${semDeclaracao(xml)}</nfeDadosMsg></nfeDistDFeInteresse>`
      : `<nfeDadosMsg xmlns="${NS_WSDL}/${servico}">${semDeclaracao(xml)}</nfeDadosMsg>`;
  return `<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="${NS_SOAP12}"><soap12:Body>${corpo}</soap12:Body></soap12:Envelope>`;
}

export function envelopeResposta(servico: Servico, xml: string): string {
  const corpo =
    servico === 'NFeDistribuicaoDFe'
      ? `<nfeDistDFeInteresseResponse xmlns="${NS_WSDL}/${servico}"><nfeDistDFeInteresseResult>${xml}</nfeDistDFeInteresseResult></nfeDistDFeInteresseResponse>`
      : `<nfeResultMsg xmlns="${NS_WSDL}/${servico}">${xml}</nfeResultMsg>`;
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${NS_SOAP12}"><soap:Body>${corpo}</soap:Body></soap:Envelope>`;
}

/** The message inside nfeDadosMsg / nfeResultMsg / nfeDistDFeInteresseResult, bytes unchanged (signatures stay valid). */
export function desenvelopar(soap: string): string {
  for (const tag of ['nfeDadosMsg', 'nfeResultMsg', 'nfeDistDFeInteresseResult']) {
    const ab = new RegExp(`<(?:[\\w.-]+:)?${tag}\\b[^>]*>`).exec(soap);
    if (!ab) continue;
    const ini = ab.index + ab[0].length;
    const fim = soap.search(new RegExp(`</(?:[\\w.-]+:)?${tag}>`));
    if (fim > ini) return soap.slice(ini, fim).trim();
  }
  const falha = /<(?:\w+:)?Text[^>]*>([^<]*)</.exec(soap)?.[1] ?? /<(?:\w+:)?Reason[^>]*>([\s\S]*?)<\/(?:\w+:)?Reason>/.exec(soap)?.[1];
  throw new Error(falha ? `SOAP Fault da SEFAZ: ${falha.replace(/<[^>]+>/g, '').trim()}` : 'Resposta da SEFAZ sem corpo SOAP reconhecível.');
}

/** The text of the first element with this local name. */
export function campo(xml: string, nome: string): string | undefined {
  return new RegExp(`<(?:[\\w.-]+:)?${nome}(?:\\s[^>]*)?>([^<]*)</(?:[\\w.-]+:)?${nome}>`).exec(xml)?.[1];
}

/** The whole first element with this local name (bytes unchanged). */
export function elemento(xml: string, nome: string, desde = 0): string | undefined {
  const re = new RegExp(`<(?:[\\w.-]+:)?${nome}[\\s>]`, 'g');
  re.lastIndex = desde;
  const m = re.exec(xml);
  if (!m) return undefined;
  const fim = new RegExp(`</(?:[\\w.-]+:)?${nome}>`, 'g');
  fim.lastIndex = m.index;
  const f = fim.exec(xml);
  return f ? xml.slice(m.index, f.index + f[0].length) : undefined;
}

export function elementos(xml: string, nome: string): string[] {
  const out: string[] = [];
  let desde = 0;
  for (;;) {
    const e = elemento(xml, nome, desde);
    if (!e) return out;
    out.push(e);
    desde = xml.indexOf(e, desde) + e.length;
  }
}
