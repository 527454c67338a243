import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { lerNotaFiscalCompleta, lerRapido } from '../../../src/server/exportacoes/nfe-fiscal.ts';

// The exports' fast reader of a stored NF-e gives exactly what the full XML parser gives, on the published NF-e and
// NFC-e samples of ../shared/fiscal/samples, copied in tests/fixtures/referencia (procNFe and bare NFe, model 55 and 65, the 2026 tax-reform one).
import { SAMPLES } from '../../fixtures/referencia.ts';
const arquivos = readdirSync(SAMPLES).filter((f) => f.endsWith('.xml') && /<infNFe/.test(readFileSync(path.join(SAMPLES, f), 'utf8')) && !/enviNFe/.test(readFileSync(path.join(SAMPLES, f), 'utf8')));

describe('leitura rápida do XML da NF-e', () => {
  it('has published samples to compare', () => {
    expect(arquivos.length).toBeGreaterThanOrEqual(4);
  });
  it.each(arquivos)('%s: the same as the full parser', (f) => {
    const xml = readFileSync(path.join(SAMPLES, f), 'utf8');
    const rapido = lerRapido(xml);
    expect(rapido).not.toBeNull();
    expect(rapido).toEqual(lerNotaFiscalCompleta(xml));
    expect(rapido!.itens.length).toBeGreaterThan(0);
  });
  it('an XML with a namespace prefix goes to the full parser', () => {
    expect(lerRapido('<nfe:NFe xmlns:nfe="http://www.portalfiscal.inf.br/nfe"><nfe:infNFe Id="NFe1"/></nfe:NFe>')).toBeNull();
  });
});
