import Decimal from 'decimal.js';
import type { Item, NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import { gerarCodigoNumerico } from '../../shared/fiscal/chave.ts';
import { calcularNfe } from '../../shared/fiscal/nfe-calculo.ts';
import { assinadorDe, criarClienteSefaz, destinoConfigurado, lerCertificadoA1, montarNfe, type CertificadoA1 } from '../fiscal/index.ts';
import { gerarCertificadoDemonstracao } from './certificado-a1.ts';

/**
 * NF-e issued by another company (a supplier of the demo, or of a test) against a CNPJ, transmitted to the local
 * SEFAZ of homologação with that company's own demonstration certificate, through the real NFeAutorizacao4: the
 * Ambiente Nacional then distributes it to the recipient (resNFe, then procNFe after the ciência). Only with
 * SEFAZ_DESTINO=local: nothing here ever reaches a real authoriser.
 */
export interface ParteTerceiro {
  cnpj: string;
  nome: string;
  uf: string;
  codigoMunicipio: string;
  municipio: string;
  cep?: string;
  ie?: string;
}

const certificados = new Map<string, CertificadoA1>();

function certificadoDe(p: ParteTerceiro): CertificadoA1 {
  let c = certificados.get(p.cnpj);
  if (!c) {
    const { pfx, senha } = gerarCertificadoDemonstracao(p.cnpj, p.nome.toUpperCase().normalize('NFD').replace(/[^\x20-\x7e]/g, '').slice(0, 50));
    c = lerCertificadoA1(pfx, senha);
    certificados.set(p.cnpj, c);
  }
  return c;
}

const comFuso = (d: Date) => new Date(d.getTime() - 3 * 3600_000).toISOString().slice(0, 19) + '-03:00';

export async function emitirNotaDeTerceiro(o: {
  emitente: ParteTerceiro;
  destinatario: ParteTerceiro;
  numero: number;
  itens: Item[];
  duplicatas?: number;
  agora?: Date;
}): Promise<{ chave: string; nfeProc: string; cStat: string; xMotivo: string }> {
  if (destinoConfigurado() !== 'local') throw new Error('Notas de terceiros de demonstração só vão para a SEFAZ local (SEFAZ_DESTINO=local).');
  const agora = o.agora ?? new Date();
  const e = o.emitente;
  const d = o.destinatario;
  const doc: NfeDocumento = {
    modelo: 55,
    ambiente: 2,
    ide: { serie: 1, numero: o.numero, codigoNumerico: gerarCodigoNumerico(o.numero), naturezaOperacao: 'Venda de mercadoria', dataEmissao: comFuso(new Date(agora.getTime() - 60_000)), codigoMunicipioFatoGerador: e.codigoMunicipio },
    emitente: { cnpj: e.cnpj, razaoSocial: e.nome.slice(0, 60), endereco: { logradouro: 'Avenida Industrial', numero: '100', bairro: 'Distrito Industrial', codigoMunicipio: e.codigoMunicipio, municipio: e.municipio, uf: e.uf as 'SP', cep: e.cep ?? '01001000' }, ie: e.ie ?? '111111111119', crt: 3 },
    destinatario: { cnpj: d.cnpj, nome: d.nome.slice(0, 60), endereco: { logradouro: 'Rua das Flores', numero: '10', bairro: 'Centro', codigoMunicipio: d.codigoMunicipio, municipio: d.municipio, uf: d.uf as 'SP', cep: d.cep ?? '01001000' }, indicadorIE: 9 },
    itens: o.itens as NfeDocumento['itens'],
    pagamentos: [{ tPag: '15', valor: '0.00' }],
    transporte: { modalidadeFrete: 0 },
  };
  const vNF = calcularNfe({ ...doc, pagamentos: [{ tPag: '90', valor: '0.00' }] }).totais.vNF as Decimal;
  doc.pagamentos = [{ tPag: '15', valor: vNF.toFixed(2) }];
  const n = Math.max(1, o.duplicatas ?? 1);
  const parte = vNF.div(n).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const dia = (k: number) => new Date(agora.getTime() + k * 86_400_000).toISOString().slice(0, 10);
  doc.cobranca = { numeroFatura: String(o.numero), duplicatas: Array.from({ length: n }, (_, i) => ({ numero: String(i + 1).padStart(3, '0'), vencimento: dia(30 * (i + 1)), valor: (i === n - 1 ? vNF.minus(parte.times(n - 1)) : parte).toFixed(2) })) };
  const cert = certificadoDe(e);
  const m = montarNfe(doc, assinadorDe(cert));
  // The local SEFAZ checks the schema itself (215/225): no second validation here.
  const cliente = await criarClienteSefaz({ certificado: cert, uf: e.uf, modelo: 55, tpAmb: 2, validarAntes: false });
  try {
    const r = await cliente.autorizar(m.xml);
    if (!r.nfeProc) throw new Error(`A SEFAZ local recusou a nota de ${e.nome}: ${r.cStat} - ${r.xMotivo}`);
    return { chave: m.chave, nfeProc: r.nfeProc, cStat: r.cStat, xMotivo: r.xMotivo };
  } finally {
    cliente.fechar();
  }
}
