import path from 'node:path';
import { lerCertificadoA1, situacaoCertificado, CertificadoError } from '../../../src/server/fiscal/certificado.ts';
import { assinarXml, assinadorDe, verificarAssinatura } from '../../../src/server/fiscal/assinatura-xml.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { lerQrCode, hashQrCodeConfere } from '../../../src/server/fiscal/qrcode-nfce.ts';
import { CASOS } from '../../fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { xmllintSchema, xmlsecVerify, PL_009 } from '../../fixtures/fiscal/ferramentas.ts';

const CSC = { id: '000001', codigo: '0123456789ABCDEF0123456789ABCDEF' };

describe('A1 certificate', () => {
  const t = gerarCertificadoTeste();
  const cert = lerCertificadoA1(t.pfx, t.senha);

  it('exposes subject, CNPJ (CN suffix and ICP-Brasil otherName) and expiry', () => {
    expect(cert.subject).toContain('CN=LOJA EXEMPLO LTDA:11222333000181');
    expect(cert.titular).toBe('LOJA EXEMPLO LTDA');
    expect(cert.cnpj).toBe('11222333000181');
    expect(cert.validoAte.getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    expect(situacaoCertificado(cert).alertar).toBe(false);
  });

  it('warns before expiry and after it', () => {
    const quase = situacaoCertificado({ titular: 'X', validoAte: new Date(Date.now() + 10 * 86_400_000 + 3_600_000) });
    expect(quase).toMatchObject({ alertar: true, vencido: false, diasParaVencer: 10 });
    expect(quase.mensagem).toMatch(/vence em .* \(10 dias\)/);
    const vencido = situacaoCertificado({ titular: 'X', validoAte: new Date(Date.now() - 86_400_000) });
    expect(vencido).toMatchObject({ alertar: true, vencido: true });
    expect(vencido.mensagem).toMatch(/venceu em/);
  });

  it('wrong password and garbage say so in Portuguese', () => {
    expect(() => lerCertificadoA1(t.pfx, 'errada')).toThrow(new CertificadoError('Senha do certificado digital incorreta.'));
    expect(() => lerCertificadoA1(Buffer.from('não sou um pfx'), 'x')).toThrow(CertificadoError);
  });
});

describe('enveloped XMLDSig checked by xmlsec1 and the XSD', () => {
  const t = gerarCertificadoTeste();
  const assinador = assinadorDe(lerCertificadoA1(t.pfx, t.senha));
  const montadas = CASOS.map((c) => ({ nome: c.nome, m: montarNfe(c.doc, assinador, { csc: CSC }) }));
  const xsd = xmllintSchema(path.join(PL_009, 'nfe_v4.00.xsd'), Object.fromEntries(montadas.map(({ nome, m }) => [nome, m.xml])));

  it.each(montadas.map((m) => m.nome))('%s: xmlsec1 --verify, xmllint --schema, own verifier', (nome) => {
    const { m } = montadas.find((x) => x.nome === nome)!;
    const r = xmlsecVerify(m.xml, t.certPem, 'infNFe');
    expect(r.saida).toContain('OK');
    expect(r.ok).toBe(true);
    expect(xsd[nome]).toBe('');
    expect(verificarAssinatura(m.xml).valida).toBe(true);
    expect(m.xml).toContain(`<Reference URI="#NFe${m.chave}">`);
  });

  it('a tampered document fails xmlsec1 and our verifier (297)', () => {
    const { m } = montadas[0];
    const alterado = m.xml.replace(/<vNF>[^<]+<\/vNF>/, '<vNF>0.01</vNF>');
    expect(xmlsecVerify(alterado, t.certPem, 'infNFe').ok).toBe(false);
    expect(verificarAssinatura(alterado)).toMatchObject({ valida: false, motivo: expect.stringMatching(/Assinatura difere do calculado/) });
  });

  it('a signature by another key does not verify against the trusted certificate', () => {
    const outro = gerarCertificadoTeste({ cnpj: '93623057000128', titular: 'OUTRA' });
    const { m } = montadas[0];
    expect(xmlsecVerify(m.xml, outro.certPem, 'infNFe').ok).toBe(false);
  });

  it('falls back to xml-crypto for XML not written by us, still verifiable by xmlsec1', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<inutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">\n  <infInut Id="ID35251122233300018155001000000010000000020"><tpAmb>2</tpAmb><xServ>INUTILIZAR</xServ><empty/></infInut>\n</inutNFe>`;
    const s = assinarXml(xml, 'infInut', assinador);
    expect(xmlsecVerify(s, t.certPem, 'infInut').ok).toBe(true);
  });

  it('NFC-e QR Code v2: online hash and offline digVal', () => {
    const online = montadas.find((x) => x.nome === 'NFC-e com troco em dinheiro')!.m;
    const q = lerQrCode(online.qrCode!);
    expect(q).toMatchObject({ chave: online.chave, versao: '2', tpAmb: '2', offline: false, idCsc: '1' });
    expect(hashQrCodeConfere(online.qrCode!, CSC)).toBe(true);
    expect(hashQrCodeConfere(online.qrCode!, { ...CSC, codigo: 'OUTRO' })).toBe(false);
    expect(online.qrCode).toMatch(/^https:\/\/www\.homologacao\.nfce\.fazenda\.sp\.gov\.br\/qrcode\?p=/);

    const off = montadas.find((x) => x.nome === 'NFC-e em contingência off-line (tpEmis 9)')!.m;
    const qo = lerQrCode(off.qrCode!);
    expect(qo.offline).toBe(true);
    expect(qo.digestValue).toBe(off.digestValue);
    expect(qo.vNF).toBe('37.50');
    expect(qo.dia).toBe(off.calculo.doc.ide.dataEmissao.slice(8, 10));
    expect(hashQrCodeConfere(off.qrCode!, CSC)).toBe(true);
  });
});
