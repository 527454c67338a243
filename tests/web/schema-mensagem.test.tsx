import { describe, expect, it } from 'vitest';
import { buildFormShape } from '../../src/web/renderer/form-schema.ts';
import { transformErrors, validator } from '../../src/web/renderer/validation.ts';
import { resourceByName } from '../../src/web/catalog/registry.ts';

// The SPED rules of Configurações > Fiscal live in the documents' JSON Schema (if/then with a "mensagem"): the form
// shows the same Portuguese text the API answers (tests/api/fiscal-sped.test.ts).
describe('conditional rules with their own message, in the form', () => {
  const mensagens = (nome: string, dados: Record<string, unknown>) => {
    const doc = resourceByName(nome)!;
    const shape = buildFormShape(doc, dados);
    const { errors } = validator.validateFormData(dados, shape.schema);
    return Object.fromEntries(transformErrors(errors, shape.schema).map((e) => [String(e.property).replace(/^\./, ''), e.message]));
  };

  it('participante: the município of another UF; a foreign participant with a CNPJ', () => {
    const base = { codigo: 'F1', nome: 'Atacadista', codigoPais: 1058, cpfCnpj: '11222333000181', logradouro: 'Rua A', uf: 'SP', codigoMunicipio: 3304557 };
    expect(mensagens('participanteSped', base).codigoMunicipio).toBe('O município não é da UF SP.');
    expect(mensagens('participanteSped', { ...base, codigoMunicipio: 3509502 }).codigoMunicipio).toBeUndefined();
    const fora = mensagens('participanteSped', { ...base, codigoPais: 2496, uf: null, codigoMunicipio: null });
    expect(fora.cpfCnpj).toBe('Participante do exterior (país diferente do Brasil) não tem CPF/CNPJ.');
  });

  it('conta contábil: above level 1 the superior account is required', () => {
    const base = { codigo: '1.1', nome: 'Ativo circulante', natureza: '01', tipo: 'S', nivel: 2, dataAlteracao: '2026-01-05' };
    expect(mensagens('contaContabilSped', base).contaSuperiorId).toBe('Uma conta de nível maior que 1 precisa da conta superior.');
    expect(mensagens('contaContabilSped', { ...base, nivel: 1 }).contaSuperiorId).toBeUndefined();
  });
});
