import path from 'node:path';
import https from 'node:https';
import { SefazLocal } from '../../../src/server/stand-ins/sefaz-local.ts';
import { SefazCliente, ConsumoIndevidoError, SefazIndisponivelError, limparBloqueiosConsumo } from '../../../src/server/fiscal/sefaz-cliente.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe, assinarXml } from '../../../src/server/fiscal/assinatura-xml.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { calcularNfe } from '../../../src/shared/fiscal/nfe-calculo.ts';
import { gerarXmlNfe } from '../../../src/shared/fiscal/nfe-xml.ts';
import { montarEvento, envelopeEventos, montarInutilizacao, montarDistDFeInt } from '../../../src/server/fiscal/mensagens.ts';
import { FilaContingencia, ArmazemArquivos, emitirNfce } from '../../../src/server/fiscal/contingencia.ts';
import { ajudaRejeicao } from '../../../src/server/fiscal/rejeicoes.ts';
import { montarChave } from '../../../src/shared/fiscal/chave.ts';
import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import { nfeBase, nfceBase, pagamentoExato, agoraComFuso, CNPJ_EMITENTE, CNPJ_DESTINATARIO } from '../../fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { xmllintSchema, xmlsecVerify, PL_009, PL_010, tmp } from '../../fixtures/fiscal/ferramentas.ts';
import { CASOS_REFORMA } from '../../fixtures/fiscal/grupos.ts';
import { elemento } from '../../../src/server/fiscal/soap.ts';
import { pacoteDoDocumento } from '../../../src/server/fiscal/validacao-xsd.ts';
import { formatarCpfCnpj } from '../../../src/shared/fiscal/emitente-impresso.ts';
import { cnpjWithDigits } from '../../../src/shared/cpf-cnpj.ts';

const CSC = { id: '2', codigo: 'CSC-LOCAL-0002' };
const tEmit = gerarCertificadoTeste();
const tDest = gerarCertificadoTeste({ cnpj: CNPJ_DESTINATARIO, titular: 'CLIENTE ATACADO SA' });
const certEmit = lerCertificadoA1(tEmit.pfx, tEmit.senha);
const certDest = lerCertificadoA1(tDest.pfx, tDest.senha);
const assinador = assinadorDe(certEmit);

let sefaz: SefazLocal;
let cliente: SefazCliente;
let clienteNfce: SefazCliente;
let numero = 2000;
const doc = (over: Partial<NfeDocumento> = {}) => pagamentoExato(nfeBase({ ide: { ...nfeBase().ide, numero: ++numero }, ...over }));
const xsdOk = (xsd: string, xml: string) => xmllintSchema(path.join(PL_009, xsd), { x: xml }).x;

beforeAll(async () => {
  sefaz = new SefazLocal();
  const url = await sefaz.iniciar();
  const destino = { tipo: 'local' as const, baseUrl: url, ca: sefaz.tls.cert };
  cliente = new SefazCliente({ certificado: certEmit, uf: 'SP', modelo: 55, tpAmb: 2, destino, timeoutMs: 10_000 });
  clienteNfce = new SefazCliente({ certificado: certEmit, uf: 'SP', modelo: 65, tpAmb: 2, destino, timeoutMs: 10_000 });
});
afterAll(async () => {
  cliente.fechar();
  clienteNfce.fechar();
  await sefaz.parar();
});

describe('local SEFAZ round trips over mutual TLS', { timeout: 60_000 }, () => {
  it('status do serviço', async () => {
    const r = await cliente.statusServico();
    expect(r).toMatchObject({ cStat: '107', xMotivo: 'Serviço em Operação' });
    expect(xsdOk('retConsStatServ_v4.00.xsd', r.xml)).toBe('');
  });

  it('refuses a connection without a client certificate', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      https.request(`${sefaz.url}/ws/NFeStatusServico4`, { method: 'POST', ca: sefaz.tls.cert }, (res) => { res.resume(); resolve(res.statusCode!); }).on('error', reject).end('<x/>');
    });
    expect(status).toBe(403);
  });

  it('authorise, duplicate (204/539), consult, CC-e, cancel and what follows', async () => {
    const d = doc();
    const m = montarNfe(d, assinador);
    const r = await cliente.autorizar(m.xml);
    expect(r).toMatchObject({ cStat: '100', xMotivo: 'Autorizado o uso da NF-e', chave: m.chave });
    expect(r.protocolo).toMatch(/^\d{15}$/);
    expect(r.ajuda).toBeUndefined();
    expect(xsdOk('procNFe_v4.00.xsd', r.nfeProc!)).toBe('');
    expect(r.protNFe).toContain(`<digVal>${m.digestValue}</digVal>`);

    const dup = await cliente.autorizar(m.xml);
    expect(dup.cStat).toBe('204');
    const outraChave = montarNfe(d, assinador, { cNF: m.calculo.cNF === '11111112' ? '11111113' : '11111112' });
    const r539 = await cliente.autorizar(outraChave.xml);
    expect(r539.cStat).toBe('539');
    expect(r539.xMotivo).toContain(`[chNFe: ${m.chave}]`);
    expect(r539.ajuda).toEqual(ajudaRejeicao('539'));
    expect(r539.ajuda!.comoCorrigir).toMatch(/próximo número/);

    const c = await cliente.consultar(m.chave);
    expect(c.cStat).toBe('100');
    expect(xsdOk('retConsSitNFe_v4.00.xsd', c.xml)).toBe('');

    const cce = await cliente.enviarEventos(envelopeEventos(1, [montarEvento({ tipo: '110110', chNFe: m.chave, tpAmb: 2, cnpj: CNPJ_EMITENTE, dataHora: agoraComFuso(), correcao: 'Corrige o complemento do endereço do destinatário' }, assinador)]));
    expect(cce.cStat).toBe('128');
    expect(cce.eventos[0]).toMatchObject({ cStat: '135', xMotivo: 'Evento registrado e vinculado a NF-e' });
    expect(xsdOk('procCCeNFe_v1.00.xsd', cce.eventos[0].procEventoNFe!)).toBe('');
    expect(xsdOk('retEnvCCe_v1.00.xsd', cce.xml)).toBe('');

    const cancelar = (protocolo: string, seq = 1) => cliente.enviarEventos(envelopeEventos(2, [montarEvento({ tipo: '110111', chNFe: m.chave, tpAmb: 2, cnpj: CNPJ_EMITENTE, dataHora: agoraComFuso(), protocolo, justificativa: 'Cliente desistiu da compra', sequencia: seq }, assinador)]));
    const errado = await cancelar('135000000000000');
    expect(errado.eventos[0].cStat).toBe('222');
    expect(errado.eventos[0].ajuda!.explicacao).toMatch(/protocolo/);
    const ok = await cancelar(r.protocolo!);
    expect(ok.eventos[0].cStat).toBe('135');
    expect(xsdOk('procEventoCancNFe_v1.00.xsd', ok.eventos[0].procEventoNFe!)).toBe('');
    expect((await cancelar(r.protocolo!)).eventos[0].cStat).toBe('573');
    expect((await cliente.consultar(m.chave)).cStat).toBe('101');
    const cceDepois = await cliente.enviarEventos(envelopeEventos(3, [montarEvento({ tipo: '110110', chNFe: m.chave, tpAmb: 2, cnpj: CNPJ_EMITENTE, dataHora: agoraComFuso(), correcao: 'Outra correção qualquer do texto', sequencia: 2 }, assinador)]));
    expect(cceDepois.eventos[0].cStat).toBe('580');
    expect((await cliente.consultar(montarChave({ cUF: 35, dataEmissao: '2501', documento: CNPJ_EMITENTE, modelo: 55, serie: 9, numero: 1, tpEmis: 1, cNF: '12345678' }))).cStat).toBe('217');
  });

  it('protNFe and retInutNFe are signed by the local SEFAZ with its own certificate (xmlsec1), as a real SEFAZ signs infProt/infInut', async () => {
    const m = montarNfe(doc(), assinador);
    const r = await cliente.autorizar(m.xml);
    expect(r.cStat).toBe('100');
    expect(r.protNFe).toMatch(new RegExp(`<infProt Id="ID${r.protocolo}">`));
    const prot = xmlsecVerify(r.protNFe!, sefaz.tls.cert, 'infProt');
    expect(prot.saida).toContain('OK');
    expect(prot.ok).toBe(true);
    // not by the issuer: the issuer's certificate does not verify it
    expect(xmlsecVerify(r.protNFe!, tEmit.certPem, 'infProt').ok).toBe(false);
    // inside the nfeProc the two signatures still verify: the NF-e's (issuer) and the protocol's (SEFAZ)
    expect(xmlsecVerify(r.nfeProc!, tEmit.certPem, 'infNFe').ok).toBe(true);
    expect(xmlsecVerify(elemento(r.nfeProc!, 'protNFe')!, sefaz.tls.cert, 'infProt').ok).toBe(true);
    expect(xsdOk('procNFe_v4.00.xsd', r.nfeProc!)).toBe('');
    // the consultation returns the same signed protocol
    const c = await cliente.consultar(m.chave);
    expect(xmlsecVerify(c.protNFe!, sefaz.tls.cert, 'infProt').ok).toBe(true);
    expect(xsdOk('retConsSitNFe_v4.00.xsd', c.xml)).toBe('');
    // a tampered protocol fails
    expect(xmlsecVerify(r.protNFe!.replace(/<cStat>100</, '<cStat>101<'), sefaz.tls.cert, 'infProt').ok).toBe(false);
    // a rejection has no protocol number and is not signed
    const rej = await cliente.autorizar(m.xml);
    expect(rej.cStat).toBe('204');
    expect(rej.protNFe).not.toContain('<Signature');

    const inut = await cliente.inutilizar(montarInutilizacao({ tpAmb: 2, cUF: '35', ano: '25', cnpj: CNPJ_EMITENTE, modelo: 55, serie: 7, inicio: 10, fim: 12, justificativa: 'Numeração pulada por falha do sistema' }, assinador));
    expect(inut.cStat).toBe('102');
    const retInut = elemento(inut.xml, 'retInutNFe')!;
    expect(retInut).toMatch(/<infInut Id="ID\d{15}">/);
    const v = xmlsecVerify(retInut, sefaz.tls.cert, 'infInut');
    expect(v.saida).toContain('OK');
    expect(v.ok).toBe(true);
    expect(xsdOk('retInutNFe_v4.00.xsd', retInut)).toBe('');
    expect(xsdOk('procInutNFe_v4.00.xsd', inut.procInutNFe!)).toBe('');
    // the pedido inside ProcInutNFe keeps the issuer's signature
    expect(xmlsecVerify(elemento(inut.procInutNFe!, 'inutNFe')!, tEmit.certPem, 'infInut').ok).toBe(true);
  });

  it('tax-reform (IBS/CBS, PL_010) documents are authorised: the local SEFAZ validates them against PL_010, as the client does', async () => {
    const semValidar = new SefazCliente({ certificado: certEmit, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: sefaz.url, ca: sefaz.tls.cert }, validarAntes: false });
    try {
      for (const caso of CASOS_REFORMA) {
        const m = montarNfe({ ...caso.doc, ide: { ...caso.doc.ide, numero: ++numero } }, assinador);
        expect(m.xml).toContain('<IBSCBS>');
        // sent as is (the client's own PL_010 check would stop nothing here): the SEFAZ's check is what is tested
        const r = await semValidar.autorizar(m.xml);
        expect({ caso: caso.nome, cStat: r.cStat, xMotivo: r.xMotivo }).toEqual({ caso: caso.nome, cStat: '100', xMotivo: 'Autorizado o uso da NF-e' });
        expect(xmllintSchema(path.join(PL_010, 'procNFe_v4.00.xsd'), { x: r.nfeProc! }).x, caso.nome).toBe('');
      }
      // through the normal client (validating before sending) too, and consulted afterwards
      const m = montarNfe({ ...CASOS_REFORMA[0].doc, ide: { ...CASOS_REFORMA[0].doc.ide, numero: ++numero } }, assinador);
      expect((await cliente.autorizar(m.xml)).cStat).toBe('100');
      expect((await cliente.consultar(m.chave)).cStat).toBe('100');
      // a reform document broken against PL_010 is still refused with 225, naming the field
      const quebrado = montarNfe({ ...CASOS_REFORMA[0].doc, ide: { ...CASOS_REFORMA[0].doc.ide, numero: ++numero } }, assinador).xml.replace(/<cClassTrib>\d+<\/cClassTrib>/, '<cClassTrib>12</cClassTrib>');
      const r225 = await semValidar.autorizar(quebrado);
      expect(r225.cStat).toBe('225');
      expect(r225.xMotivo).toMatch(/cClassTrib/);
    } finally {
      semValidar.fechar();
    }
  });

  it('IBS/CBS rules of NT 2025.002-RTC v1.51 (values within 0,01, CST × cClassTrib, model, rates of the year, totals): a wrong group gets the real cStat and xMotivo', async () => {
    const semValidar = new SefazCliente({ certificado: certEmit, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: sefaz.url, ca: sefaz.tls.cert }, validarAntes: false });
    const base = CASOS_REFORMA.find((c) => c.nome === 'regular com redução (gRed)')!.doc;
    const comIbs = (r: Record<string, unknown>) => ({ ...base, ide: { ...base.ide, numero: ++numero }, itens: base.itens.map((it) => ({ ...it, ibsCbs: { ...it.ibsCbs!, ...r } })) }) as NfeDocumento;
    /** The signed XML edited (the signature taken off and made again): what an issuer's own engine could send. */
    const editado = (d: NfeDocumento, troca: (x: string) => string) =>
      assinarXml(troca(montarNfe(d, assinador).xml.replace(/<Signature[\s\S]*<\/Signature>/, '')), 'infNFe', assinador);
    const envia = async (xml: string) => { const r = await semValidar.autorizar(xml); return [r.cStat, r.xMotivo]; };
    try {
      expect(await envia(montarNfe(comIbs({}), assinador).xml)).toEqual(['100', 'Autorizado o uso da NF-e']);
      expect(await envia(montarNfe(comIbs({ CST: '000', cClassTrib: '200032' }), assinador).xml)).toEqual(['1024', 'Rejeição: Classificação Tributária do IBS e da CBS incompatível com o CST informado [nItem: 1]']);
      expect(await envia(montarNfe(comIbs({ cClassTrib: '200001' }), assinador).xml)).toEqual(['1025', 'Rejeição: cClassTrib do IBS/CBS não permitido neste modelo de DFe [nItem: 1]']);
      expect(await envia(montarNfe(comIbs({ cClassTrib: '200999' }), assinador).xml)).toEqual(['1023', 'Rejeição: Classificação Tributária do IBS/CBS informada inexistente [nItem: 1]']);
      // 2026: IBS UF 0,1 %, municipal 0 %, CBS 0,9 % (LC 214/2025 arts. 343 and 346)
      expect(await envia(montarNfe(comIbs({ pIBSUF: '0.05' }), assinador).xml)).toEqual(['1026', 'Rejeição: Alíquota do IBS da UF inválida [nItem: 1]']);
      expect(await envia(montarNfe(comIbs({ pIBSMun: '0.05' }), assinador).xml)).toEqual(['1036', 'Rejeição: Alíquota do IBS do Município inválida [nItem: 1]']);
      expect(await envia(montarNfe(comIbs({ pCBS: '8.8' }), assinador).xml)).toEqual(['1037', 'Rejeição: Alíquota da CBS inválida [nItem: 1]']);
      // values: one cent off is tolerated (rule's Observação 1), two are not
      const vCbs = /<gCBS>[\s\S]*?<vCBS>([\d.]+)<\/vCBS>/.exec(montarNfe(comIbs({}), assinador).xml)![1];
      const mais = (v: string, c: number) => (Number(v) + c / 100).toFixed(2);
      const cbsTrocada = (c: number) => (x: string) => x.replace(/(<gCBS>[\s\S]*?<vCBS>)[\d.]+(<\/vCBS>)/, `$1${mais(vCbs, c)}$2`).replace(/(<IBSCBSTot>[\s\S]*?<gCBS>[\s\S]*?<vCBS>)[\d.]+(<\/vCBS>)/, `$1${mais(vCbs, c)}$2`);
      const r1 = await envia(editado(comIbs({}), cbsTrocada(1)));
      expect(r1[0]).not.toBe('1069');
      expect(await envia(editado(comIbs({}), cbsTrocada(2)))).toEqual(['1069', 'Rejeição: Valor da CBS difere do calculado [nItem: 1]']);
      const vIbsUf = /<gIBSUF>[\s\S]*?<vIBSUF>([\d.]+)<\/vIBSUF>/.exec(montarNfe(comIbs({}), assinador).xml)![1];
      expect(await envia(editado(comIbs({}), (x) => x.replace(/(<gIBSUF>[\s\S]*?<vIBSUF>)[\d.]+/, `$1${mais(vIbsUf, 5)}`)))).toEqual(['1041', 'Rejeição: Valor do IBS da UF difere do calculado [nItem: 1]']);
      // totals: IBSCBSTot must add up the items
      expect(await envia(editado(comIbs({}), (x) => x.replace(/(<IBSCBSTot>[\s\S]*?<gCBS>[\s\S]*?<vCBS>)[\d.]+/, `$1${mais(vCbs, 1)}`)))).toEqual(['1091', 'Rejeição: Total de CBS difere da soma dos itens']);
      expect(await envia(editado(comIbs({}), (x) => x.replace(/<IBSCBSTot>[\s\S]*?<\/IBSCBSTot>/, '')))).toEqual(['1119', 'Rejeição: Total de IBS e CBS não informado']);
    } finally {
      semValidar.fechar();
    }
  });

  it('alphanumeric CNPJ (NT Conjunta 2025.001): an issuer 12ABC34501DE35 selling to another alphanumeric CNPJ — key, XML (PL_010 only), DANFE text, authorised; a wrong check digit is 207/208', async () => {
    const CNPJ_ALFA = '12ABC34501DE35';
    const DEST_ALFA = cnpjWithDigits('A1B2C3D40001');
    const tAlfa = gerarCertificadoTeste({ cnpj: CNPJ_ALFA, titular: 'LOJA ALFA LTDA' });
    const certAlfa = lerCertificadoA1(tAlfa.pfx, tAlfa.senha);
    expect(certAlfa.cnpj).toBe(CNPJ_ALFA);
    const assinadorAlfa = assinadorDe(certAlfa);
    const clienteAlfa = new SefazCliente({ certificado: certAlfa, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: sefaz.url, ca: sefaz.tls.cert }, timeoutMs: 10_000 });
    try {
      const d0 = doc();
      const d = { ...d0, emitente: { ...d0.emitente, cnpj: CNPJ_ALFA }, destinatario: { ...d0.destinatario!, cnpj: DEST_ALFA }, responsavelTecnico: { ...d0.responsavelTecnico!, cnpj: CNPJ_ALFA } } as NfeDocumento;
      const m = montarNfe(d, assinadorAlfa);
      expect(m.chave.slice(6, 20)).toBe(CNPJ_ALFA);
      expect(m.xml).toContain(`Id="NFe${m.chave}"`);
      expect(m.xml).toContain(`<CNPJ>${CNPJ_ALFA}</CNPJ>`);
      expect(pacoteDoDocumento(m.xml)).toBe('PL_010');
      expect(xmllintSchema(path.join(PL_010, 'nfe_v4.00.xsd'), { x: m.xml }).x).toBe('');
      expect(xsdOk('nfe_v4.00.xsd', m.xml)).not.toBe(''); // PL_009 takes digits only
      expect(formatarCpfCnpj(CNPJ_ALFA)).toBe('12.ABC.345/01DE-35');
      const r = await clienteAlfa.autorizar(m.xml);
      expect([r.cStat, r.xMotivo]).toEqual(['100', 'Autorizado o uso da NF-e']);
      expect(r.chave).toBe(m.chave);
      expect(xmllintSchema(path.join(PL_010, 'procNFe_v4.00.xsd'), { x: r.nfeProc! }).x).toBe('');
      expect((await clienteAlfa.consultar(m.chave)).cStat).toBe('100');
      // a recipient whose alphanumeric CNPJ has a wrong check digit: 208, as for a numeric one
      const errado = DEST_ALFA.slice(0, 13) + String((Number(DEST_ALFA[13]) + 1) % 10);
      const r208 = await clienteAlfa.autorizar(montarNfe({ ...d, ide: { ...d.ide, numero: ++numero }, destinatario: { ...d.destinatario!, cnpj: errado } }, assinadorAlfa).xml);
      expect([r208.cStat, r208.xMotivo]).toEqual(['208', 'Rejeição: CNPJ do destinatário inválido']);
    } finally {
      clienteAlfa.fechar();
    }
  });

  it('inutilização: 102, then 256 for the same range, 241 when a number was used', async () => {
    const inut = (ini: number, fim: number) => cliente.inutilizar(montarInutilizacao({ tpAmb: 2, cUF: '35', ano: '25', cnpj: CNPJ_EMITENTE, modelo: 55, serie: 1, inicio: ini, fim, justificativa: 'Numeração pulada por falha do sistema' }, assinador));
    const r = await inut(50, 55);
    expect(r.cStat).toBe('102');
    expect(xsdOk('procInutNFe_v4.00.xsd', r.procInutNFe!), r.procInutNFe).toBe('');
    expect((await inut(54, 56)).cStat).toBe('256');
    const usada = montarNfe(doc(), assinador);
    expect((await cliente.autorizar(usada.xml)).cStat).toBe('100');
    expect((await inut(usada.calculo.doc.ide.numero, usada.calculo.doc.ide.numero + 1)).cStat).toBe('241');
    const inutilizada = montarNfe(pagamentoExato(nfeBase({ ide: { ...nfeBase().ide, numero: 52 } })), assinador);
    expect((await cliente.autorizar(inutilizada.xml)).cStat).toBe('206');
  });

  const assinarAlterado = (d: NfeDocumento, alterar: (xml: string) => string) => assinarXml(alterar(gerarXmlNfe(calcularNfe(d))), 'infNFe', assinador);

  it.each([
    ['610', 'total da nota que não fecha', () => assinarAlterado(doc(), (x) => x.replace(/<vNF>([\d.]+)<\/vNF>/, '<vNF>9999.99</vNF>'))],
    ['564', 'total dos produtos que não fecha', () => assinarAlterado(doc(), (x) => x.replace(/(<ICMSTot>.*?<vProd>)([\d.]+)(<\/vProd>)/, '$11.00$3'))],
    ['532', 'ICMS total que não fecha', () => assinarAlterado(doc(), (x) => x.replace(/(<ICMSTot><vBC>[\d.]+<\/vBC><vICMS>)([\d.]+)/, '$10.01'))],
    ['297', 'conteúdo alterado depois de assinar', () => montarNfe(doc(), assinador).xml.replace(/<xFant>[^<]*<\/xFant>/, '<xFant>Outra</xFant>')],
    ['253', 'dígito verificador errado', () => assinarAlterado(doc(), (x) => { const id = /Id="NFe(\d{44})"/.exec(x)![1]; const dv = String((Number(id[43]) + 1) % 10); return x.replace(id, id.slice(0, 43) + dv).replace(/<cDV>\d<\/cDV>/, `<cDV>${dv}</cDV>`); })],
    ['703', 'data de emissão no futuro', () => montarNfe(doc({ ide: { ...nfeBase().ide, numero: ++numero, dataEmissao: agoraComFuso(120) } }), assinador).xml],
    ['228', 'data de emissão muito atrasada', () => montarNfe(doc({ ide: { ...nfeBase().ide, numero: ++numero, dataEmissao: agoraComFuso(-60 * 24 * 40) } }), assinador).xml],
    ['237', 'CPF do destinatário inválido', () => montarNfe(doc({ destinatario: { cpf: '12345678900', nome: 'Fulano', indicadorIE: 9 } }), assinador).xml],
    ['208', 'CNPJ do destinatário inválido', () => montarNfe(doc({ destinatario: { ...nfeBase().destinatario!, cnpj: '11222333000182' } }), assinador).xml],
  ])('rejects %s (%s) with the real text and the help', async (cStat, _nome, xml) => {
    const r = await cliente.autorizar(xml());
    expect(r.cStat).toBe(cStat);
    expect(r.xMotivo).toMatch(/^Rejeição: /);
    expect(r.nfeProc).toBeUndefined();
    expect(r.ajuda).toMatchObject({ cStat, explicacao: expect.any(String), comoCorrigir: expect.any(String) });
    expect(r.ajuda!.explicacao).not.toMatch(/^A SEFAZ recusou o documento com o código/);
  });

  it('schema errors are stopped before sending, with path and field', async () => {
    const xml = montarNfe(doc(), assinador).xml.replace(/<natOp>[^<]*<\/natOp>/, '<natOp></natOp>');
    const antes = sefaz.chamadas.get('NFeAutorizacao4');
    const r = await cliente.autorizar(xml);
    expect(sefaz.chamadas.get('NFeAutorizacao4')).toBe(antes);
    expect(r.cStat).toBe('215');
    expect(r.erros).toContainEqual({ caminho: 'NFe/infNFe/ide/natOp', mensagem: expect.stringMatching(/natOp \(Descrição da Natureza da Operação\)/) });
    expect(r.ajuda!.comoCorrigir).toMatch(/caminho de cada campo/);
  });

  it('schema failure of the lot at SEFAZ is 225 and names the field', async () => {
    const xml = montarNfe(doc(), assinador).xml.replace(/<natOp>[^<]*<\/natOp>/, '<natOp></natOp>');
    const semValidar = new SefazCliente({ certificado: certEmit, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: sefaz.url, ca: sefaz.tls.cert }, validarAntes: false });
    const r = await semValidar.autorizar(xml);
    semValidar.fechar();
    expect(r.cStat).toBe('225');
    expect(r.xMotivo).toMatch(/natOp/);
    expect(r.ajuda!.texto).toBe('Falha no Schema XML do lote de NFe');
  });

  it('manifestação: recipient registers 210210, the issuer cannot (575)', async () => {
    const m = montarNfe(doc(), assinador);
    expect((await cliente.autorizar(m.xml)).cStat).toBe('100');
    const destAss = assinadorDe(certDest);
    const clienteDest = new SefazCliente({ certificado: certDest, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: sefaz.url, ca: sefaz.tls.cert } });
    const ev = (cnpj: string, a = destAss) => envelopeEventos(9, [montarEvento({ tipo: '210210', chNFe: m.chave, tpAmb: 2, cnpj, dataHora: agoraComFuso() }, a)]);
    expect((await clienteDest.enviarEventos(ev(CNPJ_DESTINATARIO))).eventos[0].cStat).toBe('135');
    const r = await cliente.enviarEventos(envelopeEventos(9, [montarEvento({ tipo: '210200', chNFe: m.chave, tpAmb: 2, cnpj: CNPJ_EMITENTE, dataHora: agoraComFuso() }, assinador)]));
    expect(r.eventos[0].cStat).toBe('575');
    clienteDest.fechar();
  });

  it('distribuição DF-e by NSU, then consumo indevido (656) makes the client back off per CNPJ', async () => {
    limparBloqueiosConsumo();
    const clienteDest = new SefazCliente({ certificado: certDest, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: sefaz.url, ca: sefaz.tls.cert } });
    const consulta = (ult: string) => clienteDest.distribuicao(montarDistDFeInt(2, '35', { cnpj: CNPJ_DESTINATARIO }, { ultNSU: ult }));
    const r = await consulta('0');
    expect(r.cStat).toBe('138');
    expect(r.documentos.length).toBeGreaterThan(0);
    // The recipient gets the summary (resNFe) until it manifests; the full procNFe comes after the ciência.
    expect(r.documentos[0].schema).toBe('resNFe_v1.01.xsd');
    expect(xsdOk('resNFe_v1.01.xsd', r.documentos[0].xml)).toBe('');
    expect(r.documentos.some((d) => d.schema === 'procNFe_v4.00.xsd')).toBe(true);
    expect(xsdOk('procNFe_v4.00.xsd', r.documentos.find((d) => d.schema === 'procNFe_v4.00.xsd')!.xml)).toBe('');
    expect(xsdOk('retDistDFeInt_v1.01.xsd', r.xml)).toBe('');
    expect((await consulta(r.ultNSU!)).cStat).toBe('137');
    const bloqueio = await consulta(r.ultNSU!);
    expect(bloqueio.cStat).toBe('656');
    expect(bloqueio.ajuda!.comoCorrigir).toMatch(/uma hora/);
    const antes = sefaz.chamadas.get('NFeDistribuicaoDFe');
    await expect(consulta(r.ultNSU!)).rejects.toBeInstanceOf(ConsumoIndevidoError);
    expect(sefaz.chamadas.get('NFeDistribuicaoDFe')).toBe(antes);
    // other CNPJs are not affected
    expect((await cliente.statusServico()).cStat).toBe('107');
    clienteDest.fechar();
    limparBloqueiosConsumo();
  });

  it('NFC-e offline contingency: SEFAZ down -> tpEmis 9 queued and printed; back up -> transmitted and authorised', async () => {
    const fila = new FilaContingencia(new ArmazemArquivos(tmp('fila-')));
    const venda = nfceBase({ ide: { ...nfceBase().ide, numero: ++numero } });
    const online = await emitirNfce(venda, { cliente: clienteNfce, assinador, csc: CSC, fila });
    expect(online.situacao).toBe('autorizada');

    sefaz.indisponivel = true;
    const off = await emitirNfce(nfceBase({ ide: { ...nfceBase().ide, numero: ++numero } }), { cliente: clienteNfce, assinador, csc: CSC, fila });
    expect(off.situacao).toBe('contingencia');
    expect(off.montada.chave[34]).toBe('9');
    expect(off.montada.xml).toContain('<tpEmis>9</tpEmis>');
    expect(off.montada.qrCode!.split('|')).toHaveLength(8);
    expect(await fila.listar()).toHaveLength(1);
    await expect(clienteNfce.statusServico()).rejects.toBeInstanceOf(SefazIndisponivelError);
    expect(await fila.transmitir(clienteNfce)).toMatchObject({ autorizadas: [], pendentes: 1 });

    sefaz.indisponivel = false;
    const t = await fila.transmitir(clienteNfce);
    expect(t.autorizadas.map((a) => a.chave)).toEqual([off.montada.chave]);
    expect(xsdOk('procNFe_v4.00.xsd', t.autorizadas[0].nfeProc)).toBe('');
    expect(await fila.listar()).toHaveLength(0);
    expect((await clienteNfce.consultar(off.montada.chave)).cStat).toBe('100');
  });
});
