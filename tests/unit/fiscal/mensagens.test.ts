import path from 'node:path';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import {
  montarEvento, envelopeEventos, montarInutilizacao, montarConsStatServ, montarConsSitNFe, montarDistDFeInt, montarEnviNFe, MensagemError, TIPOS_EVENTO, type TipoEvento,
} from '../../../src/server/fiscal/mensagens.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { xmllintSchema, xmlsecVerify, PL_009 } from '../../fixtures/fiscal/ferramentas.ts';
import { agoraComFuso, CNPJ_EMITENTE, CNPJ_DESTINATARIO } from '../../fixtures/fiscal/documentos.ts';

const t = gerarCertificadoTeste();
const assinador = assinadorDe(lerCertificadoA1(t.pfx, t.senha));
const CHAVE = '35251111222333000181550010000010011226181380';
const chave = CHAVE.slice(0, 43) + (() => { let s = 0, p = 2; for (let i = 42; i >= 0; i--) { s += Number(CHAVE[i]) * p; p = p === 9 ? 2 : p + 1; } const r = s % 11; return r < 2 ? 0 : 11 - r; })();

const evento = (tipo: TipoEvento, extra: object = {}) =>
  montarEvento({ tipo, chNFe: chave, tpAmb: 2, cnpj: tipo.startsWith('2102') ? CNPJ_DESTINATARIO : CNPJ_EMITENTE, dataHora: agoraComFuso(), ...extra }, assinador);

const casos: { nome: string; xsd: string; xml: string; assinado?: string }[] = [
  { nome: 'cancelamento 110111', xsd: 'envEventoCancNFe_v1.00.xsd', xml: envelopeEventos(1, [evento('110111', { protocolo: '135250000000001', justificativa: 'Cliente desistiu da compra' })]), assinado: 'infEvento' },
  { nome: 'carta de correção 110110', xsd: 'envCCe_v1.00.xsd', xml: envelopeEventos(2, [evento('110110', { correcao: 'Endereço de entrega: Rua das Flores, 100 & fundos', sequencia: 2 })]), assinado: 'infEvento' },
  ...(['210200', '210210', '210220'] as TipoEvento[]).map((tp) => ({ nome: `manifestação ${tp}`, xsd: 'envConfRecebto_v1.00.xsd', xml: envelopeEventos(3, [evento(tp)]), assinado: 'infEvento' })),
  { nome: 'manifestação 210240', xsd: 'envConfRecebto_v1.00.xsd', xml: envelopeEventos(4, [evento('210240', { justificativa: 'Mercadoria não foi entregue' })]), assinado: 'infEvento' },
  { nome: 'inutilização', xsd: 'inutNFe_v4.00.xsd', xml: montarInutilizacao({ tpAmb: 2, cUF: '35', ano: '25', cnpj: CNPJ_EMITENTE, modelo: 55, serie: 1, inicio: 10, fim: 20, justificativa: 'Falha no sistema pulou a numeração' }, assinador), assinado: 'infInut' },
  { nome: 'consStatServ', xsd: 'consStatServ_v4.00.xsd', xml: montarConsStatServ(2, '35') },
  { nome: 'consSitNFe', xsd: 'consSitNFe_v4.00.xsd', xml: montarConsSitNFe(2, chave) },
  { nome: 'distDFeInt por ultNSU', xsd: 'distDFeInt_v1.01.xsd', xml: montarDistDFeInt(2, '35', { cnpj: CNPJ_EMITENTE }, { ultNSU: '0' }) },
  { nome: 'distDFeInt por NSU', xsd: 'distDFeInt_v1.01.xsd', xml: montarDistDFeInt(2, '35', { cnpj: CNPJ_EMITENTE }, { nsu: '123' }) },
  { nome: 'distDFeInt por chave', xsd: 'distDFeInt_v1.01.xsd', xml: montarDistDFeInt(2, '35', { cpf: '52998224725' }, { chNFe: chave }) },
];

describe('events and web-service messages', () => {
  const porXsd = new Map<string, Record<string, string>>();
  for (const c of casos) {
    if (!porXsd.has(c.xsd)) porXsd.set(c.xsd, {});
    porXsd.get(c.xsd)![c.nome] = c.xml;
  }
  const resultado: Record<string, string> = {};
  for (const [xsd, arquivos] of porXsd) Object.assign(resultado, xmllintSchema(path.join(PL_009, xsd), arquivos));

  it.each(casos.map((c) => c.nome))('%s passes xmllint --schema (and xmlsec1 when signed)', (nome) => {
    const c = casos.find((x) => x.nome === nome)!;
    expect(resultado[nome]).toBe('');
    if (c.assinado) {
      const r = xmlsecVerify(c.xml, t.certPem, c.assinado);
      expect(r.ok, r.saida).toBe(true);
    }
  });

  it('event Id is ID + tpEvento + chave + nSeqEvento (rule 572) and manifestação goes to cOrgao 91', () => {
    const x = evento('210200');
    expect(x).toContain(`Id="ID210200${chave}01"`);
    expect(x).toContain('<cOrgao>91</cOrgao>');
    expect(evento('110110', { correcao: 'Correção do endereço de entrega', sequencia: 3 })).toContain(`Id="ID110110${chave}03"`);
  });

  it('refuses what SEFAZ would reject, saying which field', () => {
    expect(() => evento('110111', { protocolo: '1', justificativa: 'Cliente desistiu da compra' })).toThrow(MensagemError);
    expect(() => evento('110111', { protocolo: '135250000000001', justificativa: 'curta' })).toThrow(/xJust deve ter entre 15 e 255/);
    expect(() => evento('110110', { correcao: 'curta' })).toThrow(/xCorrecao/);
    expect(() => montarEvento({ tipo: TIPOS_EVENTO.CIENCIA, chNFe: chave.slice(0, 43) + ((Number(chave[43]) + 1) % 10), tpAmb: 2, cnpj: CNPJ_EMITENTE, dataHora: agoraComFuso() }, assinador)).toThrow(/Dígito verificador/);
    expect(() => montarInutilizacao({ tpAmb: 2, cUF: '35', ano: '25', cnpj: CNPJ_EMITENTE, modelo: 55, serie: 1, inicio: 20, fim: 10, justificativa: 'Falha no sistema pulou a numeração' }, assinador)).toThrow(/faixa inicial é maior/);
  });

  it('enviNFe wraps signed documents for synchronous authorisation', () => {
    expect(montarEnviNFe(7, ['<NFe/>'])).toMatch(/^<enviNFe xmlns="http:\/\/www.portalfiscal.inf.br\/nfe" versao="4.00"><idLote>7<\/idLote><indSinc>1<\/indSinc><NFe\/><\/enviNFe>$/);
  });
});
