import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { addRetaguardaKeywords } from '../../../src/shared/formats.ts';
import { fieldErrors } from '../../../src/shared/messages.ts';
import { ieConfere, normalizarIe, validarInscricaoEstadual } from '../../../src/shared/inscricao-estadual.ts';

// The examples published on the SINTEGRA pages of each UF (http://www.sintegra.gov.br/insc_est.html).
const PUBLICADAS: [string, string][] = [
  ['AC', '01.004.823/001-12'],
  ['BA', '123456-63'],
  ['BA', '1000003-06'],
  ['CE', '06000001-5'],
  ['DF', '07300001001-09'],
  ['GO', '10.987.654-7'],
  ['MG', '062.307.904/0081'],
  ['PE', '0321418-40'],
  ['PR', '123.45678-50'],
  ['RJ', '99.999.99-3'],
  ['RS', '224/3658792'],
  ['SC', '251.040.852'],
  ['SP', '110.042.490.114'],
];

// Valid and invalid IEs of every UF, from the public test table of erpbrasil.base
// (github.com/erpbrasil/erpbrasil.base, tests/test_fiscal_ie_validar.py), written independently of our code.
const VETORES: Record<string, { validas: string[]; invalidas: string[] }> = {
  AC: { validas: ['0102190200165', '0101296300289', '0100258700145'], invalidas: ['0102190200161', '01006620001310'] },
  AL: { validas: ['241065550', '248501410', '240916425'], invalidas: ['241065551', '2460143410'] },
  AM: { validas: ['042933684', '041330188'], invalidas: ['042933681', '0422016210'] },
  AP: { validas: ['030380340', '030317541', '030273455'], invalidas: ['030380341', '030273465'] },
  BA: { validas: ['41902653', '77893325', '51153771'], invalidas: ['41902652', '098746250'] },
  CE: { validas: ['063873770', '061876640'], invalidas: ['063873771', '0691085910'] },
  DF: { validas: ['0732709900174', '0730562700176', '0824761500136'], invalidas: ['0732709900171', '0824761500137'] },
  ES: { validas: ['082376123', '082106029'], invalidas: ['082376121', '0825885710'] },
  GO: { validas: ['103450599', '104197633'], invalidas: ['103450591', '1045552710'] },
  MA: { validas: ['121498298', '122045041'], invalidas: ['121498291', '1215300610'] },
  MG: { validas: ['2615950220092', '7000547460067', '0620297160299'], invalidas: ['2615950220091', '06202971602910'] },
  MS: { validas: ['283370645', '283238933'], invalidas: ['283370641', '2833521210'] },
  MT: { validas: ['00133337413', '00133110028', '00131235460'], invalidas: ['00133337411', '001324657110'] },
  PA: { validas: ['151925941', '152336265', '751234567'], invalidas: ['151925940', '801234565'] },
  PB: { validas: ['161435947', '161462715'], invalidas: ['161435941', '1605063210'] },
  PR: { validas: ['4100161414', '9020581252'], invalidas: ['4100161411', '90535271710'] },
  PE: { validas: ['027693368', '029748003', '18171203059328', '18171001920081'], invalidas: ['027693361', '18171203059321'] },
  PI: { validas: ['169609154', '194549992'], invalidas: ['169609151', '1940104010'] },
  RJ: { validas: ['78890169', '78724994'], invalidas: ['78890161', '788736510'] },
  RN: { validas: ['200887890', '200395149', '2074337760'], invalidas: ['200887891', '2074337761'] },
  RS: { validas: ['0240130111', '0963376217'], invalidas: ['0240130110', '09620036710'] },
  RO: { validas: ['00000001656554', '00000001499394'], invalidas: ['00000001656551', '000000017659301'] },
  RR: { validas: ['240151303', '240042104'], invalidas: ['240151301', '2400039110'] },
  SC: { validas: ['255830696', '253952662'], invalidas: ['255830691', '2511304810'] },
  SP: { validas: ['692015742119', '645169551117', 'P045274182118'], invalidas: ['692015742111', 'P0450983521110'] },
  SE: { validas: ['271126973', '271233648'], invalidas: ['271126971', '2713079810'] },
  TO: { validas: ['290021014', '293799490'], invalidas: ['290921014', '990655293'] },
};

describe('inscrição estadual by the UF rule (SINTEGRA)', () => {
  it('has vectors for all 27 UFs: at least 2 valid and 1 invalid each', () => {
    expect(Object.keys(VETORES)).toHaveLength(27);
    for (const v of Object.values(VETORES)) {
      expect(v.validas.length).toBeGreaterThanOrEqual(2);
      expect(v.invalidas.length).toBeGreaterThanOrEqual(1);
    }
  });

  describe.each(Object.entries(VETORES))('%s', (uf, { validas, invalidas }) => {
    it.each(validas)('%s is valid', (ie) => expect(ieConfere(ie, uf)).toBe(true));
    it.each(invalidas)('%s is refused with the UF in the message', (ie) => {
      expect(ieConfere(ie, uf)).toBe(false);
      const mensagem = /^P?\d{2,14}$/.test(ie) ? `Inscrição estadual inválida para a UF ${uf}.` : 'Inscrição estadual: informe só os números ou ISENTO.';
      expect(validarInscricaoEstadual(ie, uf)).toEqual({ ok: false, mensagem });
    });
  });

  it.each(PUBLICADAS)('%s %s (published example) is valid, and with its last digit changed it is not', (uf, ie) => {
    expect(validarInscricaoEstadual(ie, uf)).toEqual({ ok: true, valor: normalizarIe(ie) });
    const digits = normalizarIe(ie);
    const changed = digits.slice(0, -1) + String((Number(digits.at(-1)) + 1) % 10);
    expect(validarInscricaoEstadual(changed, uf)).toEqual({ ok: false, mensagem: `Inscrição estadual inválida para a UF ${uf}.` });
  });

  it('an IE valid in one UF is not valid in another', () => {
    expect(validarInscricaoEstadual('110042490114', 'SP').ok).toBe(true);
    expect(validarInscricaoEstadual('110042490114', 'RJ')).toEqual({ ok: false, mensagem: 'Inscrição estadual inválida para a UF RJ.' });
  });

  it('ISENTO in any UF; letters, or no UF, are explained', () => {
    expect(validarInscricaoEstadual('isento', 'MG')).toEqual({ ok: true, valor: 'ISENTO' });
    expect(validarInscricaoEstadual('12AB', 'SP')).toEqual({ ok: false, mensagem: 'Inscrição estadual: informe só os números ou ISENTO.' });
    expect(validarInscricaoEstadual('110042490114', null)).toEqual({ ok: false, mensagem: 'Inscrição estadual: informe a UF do endereço para conferir a inscrição.' });
  });

  it('the JSON Schema keyword (server and form) refuses the same records with the same text', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addRetaguardaKeywords(ajv as any);
    const v = ajv.compile({ type: 'object', allOf: [{ inscricaoEstadualDaUf: 'uf' }] });
    expect(v({ inscricaoEstadual: '110042490114', uf: 'SP' })).toBe(true);
    expect(v({ inscricaoEstadual: 'ISENTO', uf: 'RJ' })).toBe(true);
    expect(v({ inscricaoEstadual: null, uf: 'RJ' })).toBe(true);
    expect(v({ inscricaoEstadual: '110042490114', uf: 'RJ' })).toBe(false);
    expect(fieldErrors(v.errors)).toEqual([{ path: '/inscricaoEstadual', campo: 'inscricaoEstadual', mensagem: 'Inscrição estadual inválida para a UF RJ.' }]);
  });
});
