import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verificarAssinaturaNfe } from '../../../src/server/compras/assinatura-nfe.ts';
import { verificarAssinatura } from '../../../src/server/fiscal/assinatura-xml.ts';
import { comProtocolo, FORNECEDORES, notaDeFornecedor } from '../../fixtures/compras/notas-fornecedor.ts';

import { SAMPLES } from '../../fixtures/referencia.ts';

// The fast NF-e signature check (libxml2 C14N) answers what the engine's xml-crypto check answers.
describe('verificarAssinaturaNfe', () => {
  const n = notaDeFornecedor({ fornecedor: FORNECEDORES.higiene, numero: 42, duplicatas: 2, transportadora: true, linhas: [
    { codigo: 'A', descricao: 'XAMPU 350 ML & CONDICIONADOR <KIT>', gtin: '7891000100103', quantidade: '3', valorUnitario: '8.90', st: true },
    { codigo: 'B', descricao: 'SABONETE "NEUTRO" 85G', quantidade: '12', valorUnitario: '1.10', ipi: '5', frete: '1.00' },
  ] });
  const casos: [string, string][] = [
    ['NFe assinada pelo motor', n.xml],
    ['a mesma dentro de um nfeProc', comProtocolo(n.xml, n.chave)],
    ['conteúdo alterado depois de assinar', n.xml.replace('<qCom>3.0000</qCom>', '<qCom>30.0000</qCom>')],
    ['valor da assinatura trocado', n.xml.replace(/<SignatureValue>(.)/, (_m, c) => `<SignatureValue>${c === 'A' ? 'B' : 'A'}`)],
    ['amostra pública nfeProc', readFileSync(join(SAMPLES, '35180834128745000152550010000474281920007498-nfe.xml'), 'utf8')],
    ['amostra pública NFe', readFileSync(join(SAMPLES, 'nfe_layout4.xml'), 'utf8')],
    // the fast canonicalization (infNFe re-parsed on its own with the namespaces it inherits) must agree here too
    ['nfeProc com xmlns:xsi herdado pela infNFe', comProtocolo(n.xml, n.chave).replace(/<nfeProc\b/, '<nfeProc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"')],
    ['comentário dentro da infNFe', n.xml.replace('<det ', '<!-- linha 1 --><det ')],
    ['uma infNFe forjada num comentário antes da verdadeira', n.xml.replace('<qCom>3.0000</qCom>', '<qCom>30.0000</qCom>').replace(/<infNFe\b/, (m) => `<!-- ${/<infNFe[\s\S]*<\/infNFe>/.exec(n.xml)![0].replace(/--/g, '')} -->${m}`)],
  ];
  it.each(casos)('%s', async (_nome, xml) => {
    const rapido = await verificarAssinaturaNfe(xml);
    const motor = verificarAssinatura(xml);
    expect(rapido.valida).toBe(motor.valida);
    if (!motor.valida) expect(rapido.motivo).toMatch(/alterado depois de assinado|certificado/);
  });
  it('accepts the engine note and refuses the tampered one', async () => {
    expect((await verificarAssinaturaNfe(n.xml)).valida).toBe(true);
    expect((await verificarAssinaturaNfe(casos[2][1])).valida).toBe(false);
  });
});
