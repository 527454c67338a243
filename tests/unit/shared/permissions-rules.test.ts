import { hasPermission, levelForAction, levelForBoolean } from '../../../src/shared/permissions.ts';
import { evaluateRules } from '../../../src/shared/rules.ts';
import { fieldErrors } from '../../../src/shared/messages.ts';
import { createAjv } from '../../../src/server/resources/registry.ts';

describe('permission check (SPEC 6)', () => {
  const user = { permissoes: { 'app.cliente': 1, 'app.produto': 3, 'app.conta': 4, 'app.lote': 0 } };
  it('passes when the held level is not none and at least the asked one', () => {
    expect(hasPermission(user, 'app.cliente', 'view')).toBe(true);
    expect(hasPermission(user, 'app.cliente', 'change')).toBe(false);
    expect(hasPermission(user, 'app.produto', 'change')).toBe(true);
    expect(hasPermission(user, 'app.produto', 'full')).toBe(false);
    expect(hasPermission(user, 'app.lote', 'none')).toBe(false);
    expect(hasPermission(user, 'app.inexistente', 'view')).toBe(false);
  });
  it('without a level only full passes', () => {
    expect(hasPermission(user, 'app.conta')).toBe(true);
    expect(hasPermission(user, 'app.produto')).toBe(false);
  });
  it('administrator profile, white-label support and accountant always pass; no user denies', () => {
    for (const flag of ['perfilAdmin', 'suporteWhiteLabel', 'isContador']) expect(hasPermission({ [flag]: true }, 'app.x', 'full')).toBe(true);
    expect(hasPermission(null, 'app.cliente', 'view')).toBe(false);
  });
  it('form level mapping', () => {
    expect(levelForAction('delete')).toBe('full');
    expect(levelForAction('register')).toBe('change');
    expect(levelForAction('view')).toBe('view');
    expect(levelForAction('other')).toBe('none');
    expect(levelForBoolean(true)).toBe(4);
    expect(levelForBoolean(false)).toBe(0);
  });
});

describe('declarative rules', () => {
  const rules = [
    { when: { field: 'tipo', eq: 'J' }, require: ['cnpj'], hide: ['cpf'] },
    { when: { any: [{ field: 'uf', empty: true }, { field: 'uf', eq: 'EX' }] }, readOnly: ['municipio'] },
    { when: { all: [{ field: 'ativo', eq: false }, { field: 'motivo', filled: false }] }, require: ['motivo'] },
  ];
  it('hides, requires and locks by the data', () => {
    const a = evaluateRules(rules, { tipo: 'J', uf: 'SP', ativo: true });
    expect([...a.required]).toEqual(['cnpj']);
    expect([...a.hidden]).toEqual(['cpf']);
    expect(a.readOnly.size).toBe(0);
    const b = evaluateRules(rules, { tipo: 'F', uf: '', ativo: false });
    expect([...b.readOnly]).toEqual(['municipio']);
    expect([...b.required]).toEqual(['motivo']);
    expect(evaluateRules(rules, { tipo: 'F', uf: 'EX', ativo: false, motivo: 'x' }).required.size).toBe(0);
  });
});

describe('SPEC 5.5 messages from ajv errors', () => {
  const ajv = createAjv();
  const validate = ajv.compile({
    type: 'object',
    required: ['nome'],
    properties: {
      nome: { type: 'string', minLength: 3, maxLength: 5 },
      email: { type: 'string', format: 'email' },
      doc: { type: 'string', format: 'cpfCnpj' },
      cep: { type: 'string', format: 'cep' },
      idade: { type: 'integer', minimum: 18, maximum: 120 },
      sigla: { type: 'string', pattern: '^[A-Z]+$' },
    },
  });
  const msgs = (data: unknown) => {
    validate(data);
    return Object.fromEntries(fieldErrors(validate.errors).map((e) => [e.campo, e.mensagem]));
  };
  it('names each field with the texts of the SPEC', () => {
    expect(msgs({})).toEqual({ nome: 'Campo Obrigatório!' });
    expect(msgs({ nome: 'ab', email: 'x', doc: '12345678900', cep: '1', idade: 10, sigla: 'a1' })).toEqual({
      nome: 'Mínimo 3 caracteres!',
      email: 'E-mail inválido!',
      doc: 'Documento inválido',
      cep: 'Campo inválido!',
      idade: 'Valor mínimo: 18',
      sigla: 'Formato inválido!',
    });
    expect(msgs({ nome: 'abcdef', idade: 121 })).toEqual({ nome: 'Máximo 5 caracteres!', idade: 'Valor máximo: 120' });
  });
});
