import { readFileSync } from 'node:fs';
import { carregarBancos } from '../../../src/server/boletos/bancos.ts';
import { montarBoleto } from '../../../src/server/boletos/boleto.ts';
import { dadosDaConfiguracao, obrigatoriosDosBancos, regrasDosBancos, SEMPRE_OBRIGATORIOS } from '../../../src/server/boletos/configuracao.ts';
import { ResourceRegistry } from '../../../src/server/resources/registry.ts';

const ler = (p: string) => JSON.parse(readFileSync(new URL(`../../../${p}`, import.meta.url), 'utf8'));
const doc = ler('schemas/resources/configuracaoBoleto.json');
const bancos = carregarBancos();

describe('the boleto configuration document follows the bank documents', () => {
  // When a bank document changes, regenerate schema.allOf / rules from regrasDosBancos() / obrigatoriosDosBancos().
  it('schema.allOf holds the sizes of every bank', () => expect(doc.schema.allOf).toEqual(regrasDosBancos()));
  it('rules require what each bank requires', () => expect(doc.rules.filter((r: any) => r.when.field === 'banco')).toEqual(obrigatoriosDosBancos()));
  it('schema.required is what every bank needs', () => expect(doc.schema.required).toEqual(SEMPRE_OBRIGATORIOS));
  it('the bank list is the bank documents', () => {
    expect(ler('schemas/lookups/bancoBoleto.json').items).toEqual([...bancos.values()].map((b) => ({ value: b.codigo, label: `${b.codigo} - ${b.nomeCurto}` })));
  });
  it('BB picks the nosso número size by the convênio length', () => {
    const bb = regrasDosBancos().find((r: any) => r.if.properties.banco.const === '001') as any;
    expect(bb.then.properties.convenio).toEqual({ pattern: '^(\\d{4}|\\d{6}|\\d{7}|\\d{8})$' });
    expect(bb.then.allOf.map((a: any) => [a.if.properties.convenio.pattern, a.then.properties.proximoNossoNumero.maxLength])).toEqual([
      ['^\\d{4}$', 7], ['^\\d{6}$', 5], ['^\\d{7}$', 10], ['^\\d{8}$', 9],
    ]);
  });
});

describe('what the schema accepts, the engine builds', () => {
  const def = ResourceRegistry.load().get('configuracaoBoleto');
  const casos = [
    { banco: '001', agencia: '4042', conta: '61900', carteira: '18', convenio: '1234', proximoNossoNumero: '1234567', layoutCnab: 400 },
    { banco: '001', agencia: '4042', conta: '61900', carteira: '18', convenio: '123456', proximoNossoNumero: '12345', layoutCnab: 240 },
    { banco: '237', agencia: '1172', conta: '0403005', carteira: '09', proximoNossoNumero: '99999999999', layoutCnab: 400 },
    { banco: '341', agencia: '0810', conta: '53678', carteira: '109', proximoNossoNumero: '12345678', layoutCnab: 400 },
    { banco: '104', agencia: '1234', carteira: 'RG', convenio: '1234567', proximoNossoNumero: '123456789012345', layoutCnab: 240 },
    { banco: '033', agencia: '0001', carteira: '101', convenio: '1899775', proximoNossoNumero: '123456789012', layoutCnab: 400 },
    { banco: '756', agencia: '3069', carteira: '1', convenio: '0225541', proximoNossoNumero: '1234567', layoutCnab: 240 },
  ];
  it.each(casos.map((c) => [`${c.banco} ${c.convenio ?? ''}`, c] as const))('%s', (_, c) => {
    expect(def.validate({ ...c }), JSON.stringify(def.validate.errors)).toBe(true);
    const b = montarBoleto(dadosDaConfiguracao(c, { valor: '1.00', vencimento: '2026-12-01' }));
    expect(b.codigoBarras).toMatch(/^\d{44}$/);
  });
  it('one digit more than the bank takes is refused by the schema, as the engine would', () => {
    for (const c of casos) {
      const longo = { ...c, proximoNossoNumero: c.proximoNossoNumero + '1' };
      expect(def.validate(longo), c.banco).toBe(false);
      expect(() => montarBoleto(dadosDaConfiguracao(longo, { valor: '1.00', vencimento: '2026-12-01' }))).toThrow(/Nosso número/);
    }
  });
});
