import path from 'node:path';
import { calcularNfe } from '../../../src/shared/fiscal/nfe-calculo.ts';
import { gerarXmlNfe } from '../../../src/shared/fiscal/nfe-xml.ts';
import { validarChave } from '../../../src/shared/fiscal/chave.ts';
import { CASOS, nfeBase, item } from '../../fixtures/fiscal/documentos.ts';
import { xmllintSchema, xmlsecVerify, comAssinaturaVazia, PL_009, PL_010 } from '../../fixtures/fiscal/ferramentas.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';


describe('XML 4.00 against the official XSD (xmllint)', () => {
  const gerados = Object.fromEntries(CASOS.map((c) => [c.nome, gerarXmlNfe(calcularNfe(c.doc))]));
  const resultado = xmllintSchema(path.join(PL_009, 'nfe_v4.00.xsd'), Object.fromEntries(Object.entries(gerados).map(([k, v]) => [k, comAssinaturaVazia(v)])));

  it.each(CASOS.map((c) => c.nome))('%s', (nome) => {
    expect(resultado[nome]).toBe('');
    const chave = /Id="NFe(\d{44})"/.exec(gerados[nome])![1];
    expect(validarChave(chave).valida).toBe(true);
  });

  it('writes the group each CST/CSOSN belongs to', () => {
    const grupo = (nome: string) => /<ICMS><(ICMS[A-Z0-9]+)>/.exec(gerados[nome])![1];
    expect(grupo('CST 41 não tributada')).toBe('ICMS40');
    expect(grupo('CST 50 suspensão')).toBe('ICMS40');
    expect(grupo('CSOSN 103')).toBe('ICMSSN102');
    expect(grupo('CSOSN 400')).toBe('ICMSSN102');
    expect(grupo('CSOSN 203')).toBe('ICMSSN202');
    expect(grupo('CST 70')).toBe('ICMS70');
  });

  it('a broken document fails the same check (the test can fail)', () => {
    const xml = comAssinaturaVazia(gerados['CST 00 com FCP'].replace(/<vProd>([\d.]+)<\/vProd>/, '<vProd>1,00</vProd>'));
    expect(xmllintSchema(path.join(PL_009, 'nfe_v4.00.xsd'), { x: xml }).x).toMatch(/vProd/);
  });

  it('reform switch: IBS/CBS groups validate against PL_010 and are absent otherwise', () => {
    const doc = nfeBase({ reformaTributaria: true, itens: [item({ orig: 0, CST: '00', pICMS: '18' }, { ibsCbs: { CST: '000', cClassTrib: '000001', pIBSUF: '0.1', pIBSMun: '0', pCBS: '0.9' } })] });
    const xml = gerarXmlNfe(calcularNfe(doc));
    expect(xml).toContain('<IBSCBS><CST>000</CST>');
    expect(xml).toContain('<vCBS>0.34</vCBS>');
    // signed for real with the test A1: valid against PL_010 and verified by xmlsec1
    const t = gerarCertificadoTeste();
    const assinado = montarNfe(doc, assinadorDe(lerCertificadoA1(t.pfx, t.senha))).xml;
    expect(xmllintSchema(path.join(PL_010, 'nfe_v4.00.xsd'), { r: assinado }).r).toBe('');
    expect(xmlsecVerify(assinado, t.certPem, 'infNFe').ok).toBe(true);
    const semSwitch = gerarXmlNfe(calcularNfe({ ...doc, reformaTributaria: false }));
    expect(semSwitch).not.toContain('IBSCBS');
  });
});
