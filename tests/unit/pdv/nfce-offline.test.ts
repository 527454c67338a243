import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinarXml, assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { urlsNfce, lerQrCode, hashQrCodeConfere } from '../../../src/server/fiscal/qrcode-nfce.ts';
import { montarNfceOffline, digestInfNFe } from '../../../src/shared/fiscal/nfce-offline.ts';
import { nfceBase, agoraComFuso } from '../../fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { xmlsecVerify } from '../../fixtures/fiscal/ferramentas.ts';

const CSC = { id: '000001', codigo: '0123456789ABCDEF0123456789ABCDEF' };

describe('offline NFC-e built in the browser (tpEmis 9)', () => {
  const t = gerarCertificadoTeste();
  const assinador = assinadorDe(lerCertificadoA1(t.pfx, t.senha));
  const doc = nfceBase({
    ide: { ...nfceBase().ide, numero: 901, tipoEmissao: 9, dataEmissao: agoraComFuso(), contingencia: { dataHora: agoraComFuso(), justificativa: 'Sem comunicação com a SEFAZ no momento da venda' } },
  });

  it('the digest the browser prints in the QR Code is the one the server signs, unchanged', () => {
    const urls = urlsNfce(doc.emitente.endereco.uf, doc.ambiente);
    const off = montarNfceOffline(doc, CSC, urls);
    const assinado = assinarXml(off.xml, 'infNFe', assinador);
    expect(/<DigestValue>([^<]+)<\/DigestValue>/.exec(assinado)![1]).toBe(off.digestValue);
    expect(xmlsecVerify(assinado, t.certPem, 'infNFe').ok).toBe(true);
    // The same as the server's own build of that document (same chave: cNF comes from the document).
    const servidor = montarNfe({ ...doc, ide: { ...doc.ide, codigoNumerico: off.calculo.chave.slice(35, 43) } }, assinador, { csc: CSC });
    expect(servidor.chave).toBe(off.chave);
    expect(servidor.digestValue).toBe(off.digestValue);
    expect(servidor.qrCode).toBe(off.qrCode);
    const lido = lerQrCode(off.qrCode);
    expect(lido).toMatchObject({ chave: off.chave, offline: true, digestValue: off.digestValue });
    expect(hashQrCodeConfere(off.qrCode, CSC)).toBe(true);
  });

  it('refuses an online document and a non-canonical infNFe', () => {
    expect(() => montarNfceOffline({ ...doc, ide: { ...doc.ide, tipoEmissao: 1 } }, CSC, { qrCode: 'x', urlChave: 'y' })).toThrow(/tpEmis 9/);
    expect(() => digestInfNFe('<NFe><infNFe Id="NFe1"><a/></infNFe></NFe>')).toThrow(/canônica/);
  });
});
