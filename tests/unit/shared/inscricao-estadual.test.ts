import { describe, expect, it } from 'vitest';
import { normalizarIe, validarInscricaoEstadual } from '../../../src/shared/inscricao-estadual.ts';

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

describe('inscrição estadual by the UF rule', () => {
  it.each(PUBLICADAS)('%s %s is valid, and with its last digit changed it is not', (uf, ie) => {
    expect(validarInscricaoEstadual(ie, uf)).toEqual({ ok: true, valor: normalizarIe(ie) });
    const digits = normalizarIe(ie);
    const changed = digits.slice(0, -1) + String((Number(digits.at(-1)) + 1) % 10);
    const r = validarInscricaoEstadual(changed, uf);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.mensagem).toBe(`Inscrição estadual inválida para ${uf}: confira os números (o dígito verificador não confere com a regra da UF).`);
  });

  it('an IE valid in one UF is not valid in another', () => {
    expect(validarInscricaoEstadual('110042490114', 'SP').ok).toBe(true);
    expect(validarInscricaoEstadual('110042490114', 'RJ').ok).toBe(false);
  });

  it('ISENTO in any UF; letters, or no UF, are explained', () => {
    expect(validarInscricaoEstadual('isento', 'MG')).toEqual({ ok: true, valor: 'ISENTO' });
    expect(validarInscricaoEstadual('12AB', 'SP')).toEqual({ ok: false, mensagem: 'Inscrição estadual: informe só os números ou ISENTO.' });
    expect(validarInscricaoEstadual('110042490114', null)).toEqual({ ok: false, mensagem: 'Inscrição estadual: informe a UF do endereço para conferir a inscrição.' });
  });
});
