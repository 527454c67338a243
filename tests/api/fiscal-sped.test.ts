import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { cnpjWithDigits } from '../../src/shared/cpf-cnpj.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

// The SPED registers of the Fiscal settings (issue 17): participantes (0150), plano de contas (0500) and the
// inventory (H005/H010) are resource documents; the API refuses inconsistent input in Portuguese with the same
// JSON Schema as the form (and writes nothing), computes the item's value, and keeps each account to its own.
describe.each(BACKENDS)('SPED registers on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const count = async (token: string, endpoint: string) => (await call(token, 'GET', `/api/${endpoint}/count`)).json().count as number;
  const one = async (endpoint: string, where: unknown) => (await call(admin, 'GET', `/api/${endpoint}?filter=${q({ where })}`)).json()[0];
  const refused = async (endpoint: string, body: unknown, message: RegExp, campo: string) => {
    const before = await count(admin, endpoint);
    const r = await call(admin, 'POST', `/api/${endpoint}`, body);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().error.message).toMatch(message);
    expect(r.json().error.details.map((d: any) => d.campo)).toContain(campo);
    expect(await count(admin, endpoint)).toBe(before);
  };

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
  });
  afterAll(async () => srv?.close());

  it('the demo has participantes, a plano de contas and the Matriz inventory; the other account sees none', async () => {
    expect(await count(admin, 'ParticipantesSped')).toBe(3);
    // The demo's chart: Contábil's default plano de contas (its data file) plus the 2 accounts of the SPED demo of its own.
    const padrao = JSON.parse(readFileSync('src/server/contabil/dados/plano-padrao.json', 'utf8')).contas.length;
    expect(await count(admin, 'ContasContabeisSped')).toBe(padrao + 2);
    const itens = (await call(admin, 'GET', `/api/InventariosSped?filter=${q({ order: 'id ASC' })}`)).json();
    expect(itens).toHaveLength(3);
    // 240 × R$ 5,90 at cost.
    expect(itens[0]).toMatchObject({ dataInventario: '2025-12-31', motivo: '01', unidade: 'UN', propriedade: '0', valorItem: '1416.00' });
    const consignado = itens.find((i: any) => i.propriedade === '2');
    expect(consignado.participanteSpedId).toBe((await one('ParticipantesSped', { codigo: 'F0001' })).id);
    for (const endpoint of ['ParticipantesSped', 'ContasContabeisSped', 'InventariosSped']) {
      expect(await count(vizinha, endpoint)).toBe(0);
      const outro = (await call(admin, 'GET', `/api/${endpoint}?filter=${q({ limit: 1 })}`)).json()[0];
      expect((await call(vizinha, 'GET', `/api/${endpoint}/${outro.id}`)).statusCode).toBe(404);
    }
    // The sales profile holds no SPED permission.
    expect((await call(vendedor, 'GET', '/api/ParticipantesSped')).statusCode).toBe(403);
  });

  it('participante: Portuguese 400s that write nothing, then one saved', async () => {
    const base = { codigo: 'F0100', nome: 'Atacadista Campineiro Ltda', codigoPais: 1058, cpfCnpj: cnpjWithDigits('556667770001'), logradouro: 'Rua Barão de Jaguara', numero: '900', uf: 'SP', codigoMunicipio: 3509502 };
    await refused('ParticipantesSped', { ...base, cpfCnpj: '11222333000100' }, /CPF\/CNPJ/, 'cpfCnpj');
    await refused('ParticipantesSped', { ...base, cpfCnpj: null }, /CPF\/CNPJ: Campo Obrigatório!/, 'cpfCnpj');
    await refused('ParticipantesSped', { ...base, inscricaoEstadual: '110.042.490.115' }, /Inscrição estadual inválida para a UF SP\./, 'inscricaoEstadual');
    await refused('ParticipantesSped', { ...base, uf: null, codigoMunicipio: null }, /UF: Campo Obrigatório!/, 'uf');
    // The rules of the document's JSON Schema (if/then), the same the form runs: the município is of the UF …
    await refused('ParticipantesSped', { ...base, codigoMunicipio: 3304557 }, /Município: O município não é da UF SP\./, 'codigoMunicipio');
    // … a participant abroad has no CPF/CNPJ, IE, UF or município, and needs the country's code.
    const exterior = { codigo: 'F0200', nome: 'Olive Trading Co.', codigoPais: 2496, logradouro: '5th Avenue 100' };
    await refused('ParticipantesSped', { ...exterior, cpfCnpj: base.cpfCnpj }, /CPF\/CNPJ: Participante do exterior \(país diferente do Brasil\) não tem CPF\/CNPJ\./, 'cpfCnpj');
    await refused('ParticipantesSped', { ...exterior, uf: 'SP', codigoMunicipio: 3509502 }, /Participante do exterior não tem município; informe só o código do país\./, 'codigoMunicipio');
    await refused('ParticipantesSped', { ...exterior, inscricaoEstadual: '110.042.490.102' }, /Participante do exterior não tem inscrição estadual\./, 'inscricaoEstadual');
    await refused('ParticipantesSped', { ...exterior, codigoPais: 0 }, /Código do país \(BACEN\): Informe o código do país/, 'codigoPais');
    const fora = await call(admin, 'POST', '/api/ParticipantesSped', exterior);
    expect(fora.statusCode, fora.body).toBe(200);
    expect(fora.json()).toMatchObject({ codigoPais: 2496, cpfCnpj: null, uf: null, codigoMunicipio: null });
    const dup = await call(admin, 'POST', '/api/ParticipantesSped', { ...base, codigo: 'F0001' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toMatch(/^Registro duplicado/);
    const r = await call(admin, 'POST', '/api/ParticipantesSped', { ...base, inscricaoEstadual: '110.042.490.102' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ codigo: 'F0100', inscricaoEstadual: '110042490102', ativo: true });
  });

  it('conta contábil: the superior is a sintética of the level above with the same natureza', async () => {
    const estoques = await one('ContasContabeisSped', { codigo: '1.1.3' });
    const mercadorias = await one('ContasContabeisSped', { codigo: '1.1.3.01' });
    const base = { codigo: '1.1.3.02', nome: 'Embalagens', natureza: '01', tipo: 'A', nivel: 4, contaSuperiorId: estoques.id, dataAlteracao: '2026-01-05' };
    await refused('ContasContabeisSped', { ...base, natureza: '07' }, /Natureza da conta/, 'natureza');
    await refused('ContasContabeisSped', { ...base, nome: undefined }, /Nome da conta: Campo Obrigatório!/, 'nome');
    await refused('ContasContabeisSped', { ...base, contaSuperiorId: mercadorias.id, nivel: 5 }, /A conta superior 1\.1\.3\.01 é analítica/, 'contaSuperiorId');
    await refused('ContasContabeisSped', { ...base, nivel: 3 }, /esta conta deve ser de nível 4/, 'nivel');
    await refused('ContasContabeisSped', { ...base, natureza: '04' }, /A natureza deve ser a da conta superior 1\.1\.3\./, 'natureza');
    await refused('ContasContabeisSped', { ...base, nivel: 1 }, /Uma conta de nível 1 não tem conta superior\./, 'contaSuperiorId');
    // the document's schema: above level 1 the superior account is required (form and API alike)
    await refused('ContasContabeisSped', { ...base, contaSuperiorId: null }, /Conta superior: Uma conta de nível maior que 1 precisa da conta superior\./, 'contaSuperiorId');
    await refused('ContasContabeisSped', { ...base, contaSuperiorId: undefined }, /Conta superior: Uma conta de nível maior que 1 precisa da conta superior\./, 'contaSuperiorId');
    const r = await call(admin, 'POST', '/api/ContasContabeisSped', base);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ codigo: '1.1.3.02', nivel: 4, dataAlteracao: '2026-01-05' });
    // A sintética with accounts below it stays sintética.
    const put = await call(admin, 'PUT', `/api/ContasContabeisSped/${estoques.id}`, { ...estoques, tipo: 'A' });
    expect(put.statusCode).toBe(400);
    expect(put.json().error.message).toMatch(/Esta conta tem contas abaixo dela e continua sintética\./);
  });

  it('inventário: quantities, owner and account are checked, and the value is quantity × unit value', async () => {
    const matriz = (await call(admin, 'GET', `/api/Empresas?filter=${q({ where: { apelido: 'Matriz' } })}`)).json()[0];
    const produto = await one('Produtos', { descricao: 'Néctar de laranja 1 L' });
    const estoques = await one('ContasContabeisSped', { codigo: '1.1.3' });
    const mercadorias = await one('ContasContabeisSped', { codigo: '1.1.3.01' });
    const base = { filialId: matriz.id, dataInventario: '2025-12-31', motivo: '01', produtoId: produto.id, unidade: 'UN', quantidade: '12.5', valorUnitario: '4.51', propriedade: '0', contaContabilSpedId: mercadorias.id };
    await refused('InventariosSped', { ...base, quantidade: '0' }, /Informe uma quantidade maior que zero\./, 'quantidade');
    await refused('InventariosSped', { ...base, quantidade: 'doze' }, /Quantidade/, 'quantidade');
    await refused('InventariosSped', { ...base, motivo: '09' }, /Motivo do inventário/, 'motivo');
    await refused('InventariosSped', { ...base, propriedade: '1' }, /Participante \(proprietário ou possuidor\): Campo Obrigatório!/, 'participanteSpedId');
    await refused('InventariosSped', { ...base, contaContabilSpedId: estoques.id }, /A conta 1\.1\.3 é sintética: escolha uma conta analítica\./, 'contaContabilSpedId');
    await refused('InventariosSped', { ...base, valorItem: '1.00', dataInventario: '31/12/2025' }, /Data do inventário/, 'dataInventario');
    const r = await call(admin, 'POST', '/api/InventariosSped', { ...base, valorItem: '999.99' });
    expect(r.statusCode, r.body).toBe(200);
    // 12,5 × R$ 4,51 = R$ 56,375 → R$ 56,38; a valorItem sent is ignored.
    expect(r.json()).toMatchObject({ quantidade: '12.5000', valorUnitario: '4.51', valorItem: '56.38' });
    const dup = await call(admin, 'POST', '/api/InventariosSped', base);
    expect(dup.statusCode).toBe(409);
    // Without a filial (the form offers none) the item is the branch in use's, and an edit keeps it.
    const outro = await one('Produtos', { descricao: 'Detergente líquido 500 ml' });
    const semFilial = await call(admin, 'POST', '/api/InventariosSped', { ...base, filialId: undefined, produtoId: outro.id, propriedade: '2', participanteSpedId: (await one('ParticipantesSped', { codigo: 'F0001' })).id });
    expect(semFilial.statusCode, semFilial.body).toBe(200);
    expect(semFilial.json()).toMatchObject({ filialId: matriz.id, propriedade: '2' });
    const { id, valorItem: _v, createdAt: _c, updatedAt: _u, ...resto } = semFilial.json();
    const edit = await call(admin, 'PUT', `/api/InventariosSped/${id}`, { ...resto, filialId: undefined, propriedade: '0', quantidade: '2' });
    expect(edit.statusCode, edit.body).toBe(200);
    // Propriedade 0 names no owner.
    expect(edit.json()).toMatchObject({ filialId: matriz.id, participanteSpedId: null, valorItem: '9.02' });
  });
});
