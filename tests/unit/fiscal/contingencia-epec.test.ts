import path from 'node:path';
import { SefazLocal } from '../../../src/server/stand-ins/sefaz-local.ts';
import { SefazCliente } from '../../../src/server/fiscal/sefaz-cliente.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe, verificarAssinatura } from '../../../src/server/fiscal/assinatura-xml.ts';
import { EmissorNfe } from '../../../src/server/fiscal/contingencia.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { montarEventoEpec, envelopeEventos, MensagemError } from '../../../src/server/fiscal/mensagens.ts';
import { partesDaChave } from '../../../src/shared/fiscal/chave.ts';
import { elemento } from '../../../src/server/fiscal/soap.ts';
import type { NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import { nfeBase, pagamentoExato, agoraComFuso, item } from '../../fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { xmllintSchema, xmlsecVerify, pdftotext, PL_009 } from '../../fixtures/fiscal/ferramentas.ts';
import { gerarDanfe } from '../../../src/server/fiscal/danfe.ts';
import { validarXmlFiscal } from '../../../src/server/fiscal/validar-xml.ts';

const t = gerarCertificadoTeste();
const cert = lerCertificadoA1(t.pfx, t.senha);
const assinador = assinadorDe(cert);
let numero = 9500;
const doc = (over: Partial<NfeDocumento> = {}): NfeDocumento => pagamentoExato(nfeBase({ ide: { ...nfeBase().ide, numero: ++numero }, ...over }));
const contingencia = { dataHora: agoraComFuso(-1), justificativa: 'Autorizador normal e SVC indisponiveis' };
const xsd = (arquivo: string, xml: string) => xmllintSchema(path.join(PL_009, arquivo), { x: xml }).x;

let an: SefazLocal;
let normal: SefazLocal;
let svc: SefazLocal;
const clientes: SefazCliente[] = [];
const cliente = (s: SefazLocal) => {
  const c = new SefazCliente({ certificado: cert, uf: 'SP', modelo: 55, tpAmb: 2, destino: { tipo: 'local', baseUrl: s.url, ca: s.tls.cert }, timeoutMs: 5_000 });
  clientes.push(c);
  return c;
};

beforeAll(async () => {
  an = new SefazLocal();
  normal = new SefazLocal({ ambienteNacional: an });
  svc = new SefazLocal({ svc: 'SVC-AN' });
  await Promise.all([an.iniciar(), normal.iniciar(), svc.iniciar()]);
});
afterEach(() => {
  normal.indisponivel = false;
  svc.indisponivel = false;
  an.indisponivel = false;
});
afterAll(async () => {
  for (const c of clientes) c.fechar();
  await Promise.all([an.parar(), normal.parar(), svc.parar()]);
});

describe('EPEC (evento 110140, tpEmis 4) when the SVC is down too', { timeout: 60_000 }, () => {
  it('builds an event valid against envEPEC_v1.00 and refuses what the EPEC cannot carry', () => {
    const m = montarNfe(doc({ ide: { ...nfeBase().ide, numero: ++numero, tipoEmissao: 4, contingencia } }), assinador);
    const ev = montarEventoEpec(m.calculo, agoraComFuso(), assinador);
    expect(xsd('envEPEC_v1.00.xsd', envelopeEventos(1, [ev]))).toBe('');
    expect(ev).toMatch(/<cOrgao>91<\/cOrgao>.*<tpEvento>110140<\/tpEvento>.*<descEvento>EPEC<\/descEvento><cOrgaoAutor>35<\/cOrgaoAutor><tpAutor>1<\/tpAutor>/);
    expect(ev).toContain(`<dest><UF>SP</UF><CNPJ>58716523000119</CNPJ><IE>112006603110</IE><vNF>${m.calculo.totais.vNF.toFixed(2)}</vNF>`);
    const normalTp = montarNfe(doc(), assinador);
    expect(() => montarEventoEpec(normalTp.calculo, agoraComFuso(), assinador)).toThrow(new MensagemError('tpEmis', 'O EPEC é da NF-e emitida em contingência EPEC (tpEmis 4).'));
    const semDest = montarNfe(doc({ destinatario: undefined, ide: { ...nfeBase().ide, numero: ++numero, tipoEmissao: 4, contingencia } }), assinador);
    expect(() => montarEventoEpec(semDest.calculo, agoraComFuso(), assinador)).toThrow(/exige o destinatário/);
  });

  it('normal and SVC down: EPEC registered at the AN (136, signed answer), then the NF-e authorised by the normal authoriser when it is back', async () => {
    normal.indisponivel = true;
    svc.indisponivel = true;
    const emissor = new EmissorNfe({ normal: cliente(normal), svc: cliente(svc), epec: cliente(an), assinador, uf: 'SP' });
    const venda = doc();
    const r = await emissor.emitir(venda);
    expect(r.situacao).toBe('epec');
    if (r.situacao !== 'epec') return;
    expect(partesDaChave(r.montada.chave).tpEmis).toBe('4');
    expect(r.montada.xml).toMatch(/<tpEmis>4<\/tpEmis>.*<dhCont>[^<]+<\/dhCont><xJust>[^<]+<\/xJust>/);
    expect(r.montada.xml).toContain(`<nNF>${venda.ide.numero}</nNF>`);
    expect(r.protocolo).toMatch(/^\d{15}$/);
    expect(r.motivo).toMatch(/HTTP 503.*SVC-AN.*HTTP 503/);
    expect(xsd('procEPEC_v1.00.xsd', r.procEventoNFe)).toBe('');
    expect(r.procEventoNFe).toContain('<cStat>136</cStat><xMotivo>Evento registrado, mas não vinculado a NF-e</xMotivo>');
    // the AN's answer is signed by the AN (xmlsec1 with the AN's certificate as the only trusted key)
    const retEvento = elemento(r.procEventoNFe, 'retEvento')!;
    expect(verificarAssinatura(retEvento).valida).toBe(true);
    expect(xmlsecVerify(retEvento, an.tls.cert, 'infEvento').ok).toBe(true);
    expect(xmlsecVerify(retEvento.replace('<cStat>136</cStat>', '<cStat>135</cStat>'), an.tls.cert, 'infEvento').ok).toBe(false);
    expect(emissor.pendentesDeEpec).toEqual([r.montada.chave]);
    // the validation service takes the EPEC event and its proc (envEPEC / procEPEC)
    expect(await validarXmlFiscal(r.procEventoNFe)).toMatchObject({ valido: true, chave: r.montada.chave, tipo: 'procEventoNFe', erros: [] });
    const ev = elemento(r.procEventoNFe, 'evento')!;
    expect(await validarXmlFiscal(envelopeEventos(1, [ev.replace('<evento versao', `<evento xmlns="http://www.portalfiscal.inf.br/nfe" versao`)]))).toMatchObject({ valido: true, erros: [] });
    // the DANFE printed now carries the EPEC protocol and the MOC's sentence
    const dhReg = /<dhRegEvento>([^<]+)<\/dhRegEvento>/.exec(retEvento)![1];
    const texto = pdftotext(await gerarDanfe({ calculo: r.montada.calculo, epec: { nProt: r.protocolo, dhRegEvento: dhReg } }), false).replace(/\s+/g, ' ');
    expect(texto).toContain(`EPEC ${r.protocolo}`);
    expect(texto).toContain('DANFE impresso em contingência - EPEC regularmente recebido pela Receita Federal do Brasil');

    // still down: nothing sent, still pending
    expect((await emissor.transmitirEpec()).pendentes).toBe(1);
    normal.indisponivel = false;
    const tr = await emissor.transmitirEpec();
    expect(tr.autorizadas.map((a) => a.chave)).toEqual([r.montada.chave]);
    expect(xsd('procNFe_v4.00.xsd', tr.autorizadas[0].nfeProc)).toBe('');
    expect(emissor.pendentesDeEpec).toEqual([]);
  });

  it('the AN down as well: nothing authorised, every reason given', async () => {
    normal.indisponivel = true;
    svc.indisponivel = true;
    an.indisponivel = true;
    const r = await new EmissorNfe({ normal: cliente(normal), svc: cliente(svc), epec: cliente(an), assinador, uf: 'SP' }).emitir(doc());
    expect(r).toEqual({ situacao: 'indisponivel', motivo: expect.stringMatching(/SVC-AN: .*HTTP 503.*EPEC: .*HTTP 503/) });
  });

  it('FS-DA (tpEmis 5) as the last resort: DANFE marked for the security form, NF-e sent when the authoriser is back', async () => {
    normal.indisponivel = true;
    svc.indisponivel = true;
    an.indisponivel = true;
    const emissor = new EmissorNfe({ normal: cliente(normal), svc: cliente(svc), epec: cliente(an), fsda: true, assinador, uf: 'SP' });
    const r = await emissor.emitir(doc());
    expect(r.situacao).toBe('fs-da');
    if (r.situacao !== 'fs-da') return;
    expect(r.motivo).toMatch(/SVC-AN: .*EPEC: /);
    expect(partesDaChave(r.montada.chave).tpEmis).toBe('5');
    expect(r.montada.xml).toMatch(/<tpEmis>5<\/tpEmis>.*<dhCont>[^<]+<\/dhCont><xJust>/);
    expect(xsd('nfe_v4.00.xsd', r.montada.xml)).toBe('');
    const texto = pdftotext(await gerarDanfe({ calculo: r.montada.calculo }), false).replace(/\s+/g, ' ');
    expect(texto).toContain('DANFE em contingência - impresso em decorrência de problemas técnicos (FS-DA)');
    expect(texto).toContain('EMITIDA EM CONTINGÊNCIA');
    normal.indisponivel = false;
    const tr = await emissor.transmitirEpec();
    expect(tr.autorizadas.map((a) => a.chave)).toEqual([r.montada.chave]);
    // without fsda nothing is issued
    normal.indisponivel = true;
    const sem = await new EmissorNfe({ normal: cliente(normal), svc: cliente(svc), epec: cliente(an), assinador, uf: 'SP' }).emitir(doc());
    expect(sem.situacao).toBe('indisponivel');
  });

  it('the normal authoriser checks the NF-e against its EPEC: 468 without one, 467 when the data differ', async () => {
    const semEpec = montarNfe(doc({ ide: { ...nfeBase().ide, numero: ++numero, tipoEmissao: 4, contingencia } }), assinador);
    expect(await cliente(normal).autorizar(semEpec.xml)).toMatchObject({ cStat: '468', xMotivo: 'Rejeição: NF-e com Tipo Emissão = 4, sem EPEC correspondente' });

    const base = doc({ ide: { ...nfeBase().ide, numero: ++numero, tipoEmissao: 4, contingencia } });
    const registrada = montarNfe(base, assinador, { cNF: '31415926' });
    const env = await cliente(an).enviarEventos(envelopeEventos(7, [montarEventoEpec(registrada.calculo, agoraComFuso(), assinador)]));
    expect(env.eventos[0].cStat).toBe('136');
    // same key (same cNF and number), another quantity: vNF differs from the EPEC
    const outra = montarNfe({ ...base, itens: [item({ orig: 0, CST: '00', pICMS: '18' }, { quantidade: '4' })], pagamentos: [{ tPag: '90', valor: '0' }] }, assinador, { cNF: '31415926' });
    expect(outra.chave).toBe(registrada.chave);
    expect(await cliente(normal).autorizar(outra.xml)).toMatchObject({ cStat: '467', xMotivo: 'Rejeição: Dados da NF-e divergentes do EPEC' });
    expect((await cliente(normal).autorizar(registrada.xml)).cStat).toBe('100');
    // a second EPEC for the same key is a duplicate
    const dup = await cliente(an).enviarEventos(envelopeEventos(8, [montarEventoEpec(registrada.calculo, agoraComFuso(), assinador)]));
    expect(dup.eventos[0].cStat).toBe('573');
  });
});
