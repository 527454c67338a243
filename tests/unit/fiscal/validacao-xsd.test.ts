import { readFileSync } from 'node:fs';
import path from 'node:path';
import { schemasCompilados, validarXsd, validarXsdSync, validarMensagem } from '../../../src/server/fiscal/validacao-xsd.ts';
import { poolCompartilhado } from '../../../src/server/fiscal/validacao-pool.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { CASOS, item, nfeBase } from '../../fixtures/fiscal/documentos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import { PL_009, SAMPLES, xmllintSchema } from '../../fixtures/fiscal/ferramentas.ts';
import type { Item } from '../../../generated/fiscal/nfe-documento.ts';
import { carregarLibxml } from '../../../src/server/fiscal/libxml.ts';

// validarXsdSync runs libxml2 in this thread, which loads it on first use (libxml.ts).
beforeAll(() => carregarLibxml());

const t = gerarCertificadoTeste();
const assinador = assinadorDe(lerCertificadoA1(t.pfx, t.senha));
const nfe = montarNfe(CASOS[0].doc, assinador).xml;

/** Broken copies of a valid NF-e, each with the path and the words its error must carry. */
const QUEBRADOS: { nome: string; xml: string; caminho: string; texto: RegExp }[] = [
  { nome: 'sem cProd', xml: nfe.replace(/<cProd>[^<]*<\/cProd>/, ''), caminho: 'NFe/infNFe/det[1]/prod/cEAN', texto: /^cEAN \(.*\) não é permitido nesta posição\. Esperado: cProd\.$/ },
  { nome: 'CFOP de 3 dígitos', xml: nfe.replace(/<CFOP>\d+<\/CFOP>/, '<CFOP>510</CFOP>'), caminho: 'NFe/infNFe/det[1]/prod/CFOP', texto: /^Valor '510' inválido em CFOP \(/ },
  { nome: 'xNome longo', xml: nfe.replace(/<xNome>[^<]*<\/xNome>/, `<xNome>${'A'.repeat(61)}</xNome>`), caminho: 'NFe/infNFe/emit/xNome', texto: /^xNome \(.*\) tem 61 caracteres; o máximo é 60\.$/ },
  { nome: 'tpAmb 3', xml: nfe.replace(/<tpAmb>\d<\/tpAmb>/, '<tpAmb>3</tpAmb>'), caminho: 'NFe/infNFe/ide/tpAmb', texto: /^Valor '3' não permitido em tpAmb \(.*Valores aceitos: 1, 2\.$/ },
];

describe('XSD validation with the schema compiled once', { timeout: 60_000 }, () => {
  it('agrees with Debian xmllint on valid and broken documents', async () => {
    const docs: Record<string, string> = { valido: nfe };
    for (const q of QUEBRADOS) docs[q.nome] = q.xml;
    const esperado = xmllintSchema(path.join(PL_009, 'nfe_v4.00.xsd'), docs);
    for (const [nome, xml] of Object.entries(docs)) {
      const r = await validarXsd(xml, 'nfe_v4.00.xsd');
      expect({ nome, valido: r.valido }).toEqual({ nome, valido: esperado[nome] === '' });
    }
  });

  it('reports each error in Portuguese with the XML path and the layout field name', async () => {
    for (const q of QUEBRADOS) {
      const r = await validarXsd(q.xml, 'nfe_v4.00.xsd');
      expect(r.erros, q.nome).toContainEqual({ caminho: q.caminho, mensagem: expect.stringMatching(q.texto) });
    }
  });

  it('validates the official samples of both packages (nfeProc, reform PL_010)', async () => {
    const amostra = (f: string) => readFileSync(path.join(SAMPLES, f), 'utf8');
    expect((await validarMensagem(amostra('nfe_layout4.xml'))).valido).toBe(true);
    expect((await validarMensagem(amostra('nfce_com_qrcode.xml'))).valido).toBe(true);
    const reforma = await validarMensagem(amostra('nfe_reforma_tributaria.xml'), 'PL_010');
    expect(reforma).toMatchObject({ valido: true, schema: 'PL_010/procNFe_v4.00.xsd' });
    // The same reform document is not valid in the package without the reform groups.
    expect((await validarMensagem(amostra('nfe_reforma_tributaria.xml'), 'PL_009')).valido).toBe(false);
  });

  it('malformed XML is an error, not a crash', async () => {
    const r = await validarXsd('<NFe><infNFe></NFe>', 'nfe_v4.00.xsd');
    expect(r.valido).toBe(false);
    expect(r.erros[0].mensagem).toMatch(/^XML malformado \(linha \d+\)/);
  });

  it('does not follow a document’s own references to files on the disk', async () => {
    const xxe = nfe.replace('<?xml version="1.0" encoding="UTF-8"?>', '').replace(/^/, '<!DOCTYPE NFe [<!ENTITY x SYSTEM "file:///etc/hostname">]>').replace(/<xNome>[^<]*<\/xNome>/, '<xNome>&x;</xNome>');
    const r = await validarXsd(xxe, 'nfe_v4.00.xsd');
    expect(r).toMatchObject({ valido: false, erros: [{ caminho: '', mensagem: expect.stringMatching(/não pode conter declaração DOCTYPE/) }] });
  });

  it('compiles each schema once and reuses it for every later document (speed is measured in bench:fiscal)', async () => {
    const itens = Array.from({ length: 30 }, (_, j) => item({ orig: 0, CST: '00', pICMS: '18' }, { codigo: `P${j}`, descricao: `Produto ${j}` })) as [Item, ...Item[]];
    const xml = montarNfe(nfeBase({ itens, pagamentos: [{ tPag: '90', valor: '0.00' }] }), assinador).xml;
    // main thread (validarXsdSync)
    validarXsdSync(xml, 'nfe_v4.00.xsd');
    const antes = schemasCompilados();
    for (let k = 0; k < 5; k++) expect(validarXsdSync(xml, 'nfe_v4.00.xsd').erros).toEqual([]);
    expect(schemasCompilados()).toBe(antes);
    // and inside each worker of the pool that validarXsd uses
    const pool = poolCompartilhado()!;
    await Promise.all(Array.from({ length: pool.tamanho * 2 }, () => validarXsd(xml, 'nfe_v4.00.xsd')));
    const antesWorkers = await pool.compilados();
    expect(antesWorkers.every((n) => n >= 1)).toBe(true);
    for (let k = 0; k < 5; k++) expect((await validarXsd(xml, 'nfe_v4.00.xsd')).erros).toEqual([]);
    expect(await pool.compilados()).toEqual(antesWorkers);
  });
});
