import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

const dia = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

// Lançamentos recorrentes: a schedule generates its lançamentos ahead (numbered, so never twice), "esta e as
// seguintes" changes the schedule and the open occurrences from one on, "só esta" changes one occurrence.
describe.each(BACKENDS)('lançamentos recorrentes on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let aluguelCat: number;
  let banco: number;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const ok = async (method: string, url: string, body?: unknown, token = admin) => {
    const r = await call(token, method, url, body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const contagem = async () => Number((await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM lancamentos`)).rows[0].n);

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    aluguelCat = (await ok('POST', '/api/CategoriasFinanceiras', { descricao: 'Aluguel do teste', tipo: 1 })).id;
    banco = (await ok('POST', '/api/ContasFinanceiras', { descricao: 'Banco recorrente', tipo: 1 })).id;
  });
  afterAll(async () => srv?.close());

  it('monthly from the 31st: each occurrence counted from the start, clamped to the month', async () => {
    const r = await ok('POST', '/api/LancamentosRecorrentes', { tipo: 1, descricao: 'Aluguel da sala', valor: '2500.00', frequencia: 0, dataInicio: '2026-01-31', ocorrencias: 4, categoriaId: aluguelCat, diasAntecedencia: 730 });
    expect(r.lancamentos.map((l: any) => [l.numero, l.vencimento, l.valor])).toEqual([
      [1, '2026-01-31', '2500.00'],
      [2, '2026-02-28', '2500.00'],
      [3, '2026-03-31', '2500.00'],
      [4, '2026-04-30', '2500.00'],
    ]);
    const l = (await ok('GET', `/api/Lancamentos/${r.lancamentos[0].lancamentoId}`));
    expect(l).toMatchObject({ tipo: 1, descricao: 'Aluguel da sala', categoriaId: aluguelCat, valorTotal: '2500.00', origemTipo: 'lancamentoRecorrente', origemId: r.id });
  });

  it('weekly, generated only as far ahead as asked, and generating again creates nothing', async () => {
    const r = await ok('POST', '/api/LancamentosRecorrentes', { tipo: 1, descricao: 'Diarista', valor: '180.00', frequencia: 1, dataInicio: dia(10), diasAntecedencia: 30 });
    expect(r.lancamentos.map((l: any) => l.vencimento)).toEqual([dia(10), dia(17), dia(24)]);
    const antes = await contagem();
    expect((await ok('POST', '/api/LancamentosRecorrentes/gerar')).geradas).toBe(0);
    expect(await contagem()).toBe(antes);
    // every 3 days until a date
    const d = await ok('POST', '/api/LancamentosRecorrentes', { tipo: 0, descricao: 'Aluguel de vaga', valor: '15.00', frequencia: 2, intervalo: 3, dataInicio: '2026-03-01', dataFim: '2026-03-10', diasAntecedencia: 0 });
    expect(d.lancamentos.map((l: any) => l.vencimento)).toEqual(['2026-03-01', '2026-03-04', '2026-03-07', '2026-03-10']);
  });

  it('"só esta" changes one occurrence; "esta e as seguintes" the open ones from there on, never a settled one', async () => {
    const r = await ok('POST', '/api/LancamentosRecorrentes', { tipo: 1, descricao: 'Internet', valor: '119.90', frequencia: 0, dataInicio: '2027-01-10', ocorrencias: 5, diasAntecedencia: 730 });
    const so = await ok('PUT', `/api/LancamentosRecorrentes/${r.id}/ocorrencias/2`, { valor: '59.95', vencimento: '2027-02-15' });
    expect(so.lancamentos.map((l: any) => [l.numero, l.vencimento, l.valor])).toEqual([
      [1, '2027-01-10', '119.90'],
      [2, '2027-02-15', '59.95'],
      [3, '2027-03-10', '119.90'],
      [4, '2027-04-10', '119.90'],
      [5, '2027-05-10', '119.90'],
    ]);
    // occurrence 3 paid: it keeps its amount when the plan changes from 3 on
    await ok('POST', `/api/Parcelas/${so.lancamentos[2].parcelaId}/baixar`, { contaId: banco, data: '2027-03-10' });
    const seg = await ok('PUT', `/api/LancamentosRecorrentes/${r.id}`, { aPartirDe: 3, valor: '149.90', descricao: 'Internet 500 mega' });
    expect(seg).toMatchObject({ valor: '149.90', descricao: 'Internet 500 mega', alteradas: 2, canceladas: 0 });
    expect(seg.lancamentos.map((l: any) => [l.numero, l.valor, l.descricao, l.status])).toEqual([
      [1, '119.90', 'Internet', 'aberto'],
      [2, '59.95', 'Internet', 'aberto'],
      [3, '119.90', 'Internet', 'pago'],
      [4, '149.90', 'Internet 500 mega', 'aberto'],
      [5, '149.90', 'Internet 500 mega', 'aberto'],
    ]);
    // ending it earlier cancels the open occurrences beyond the new end
    const fim = await ok('PUT', `/api/LancamentosRecorrentes/${r.id}`, { aPartirDe: 4, ocorrencias: 4 });
    expect(fim.canceladas).toBe(1);
    expect(fim.lancamentos.map((l: any) => l.status)).toEqual(['aberto', 'aberto', 'pago', 'aberto', 'cancelado']);
    // a paid occurrence cannot be changed alone
    const pago = await call(admin, 'PUT', `/api/LancamentosRecorrentes/${r.id}/ocorrencias/3`, { valor: '1.00' });
    expect(pago.statusCode).toBe(409);
    expect(pago.json().error.message).toBe('Esta ocorrência já tem baixa: estorne a baixa antes de alterá-la.');
  });

  it('encerrar cancels what is not yet due and settled, and generates no more', async () => {
    const r = await ok('POST', '/api/LancamentosRecorrentes', { tipo: 1, descricao: 'Assinatura do software', valor: '89.00', frequencia: 0, dataInicio: dia(-40), diasAntecedencia: 90 });
    const n = r.lancamentos.length;
    const e = await ok('POST', `/api/LancamentosRecorrentes/${r.id}/encerrar`);
    const depois = await ok('GET', `/api/LancamentosRecorrentes/${r.id}`);
    expect(depois.ativo).toBe(false);
    expect(e.canceladas).toBe(depois.lancamentos.filter((l: any) => l.vencimento >= dia(0)).length);
    expect(depois.lancamentos.filter((l: any) => l.vencimento < dia(0)).every((l: any) => l.status !== 'cancelado')).toBe(true);
    await ok('POST', '/api/LancamentosRecorrentes/gerar');
    expect((await ok('GET', `/api/LancamentosRecorrentes/${r.id}`)).lancamentos).toHaveLength(n);
  });

  it.each([
    [{ tipo: 1, descricao: 'X', valor: '10.00', frequencia: 0, dataInicio: '2026-01-01' }, 'descricao', 'Descrição: informe de 2 a 200 caracteres.'],
    [{ tipo: 1, descricao: 'Luz', valor: '0', frequencia: 0, dataInicio: '2026-01-01' }, 'valor', 'Valor: o valor deve ser maior que zero.'],
    [{ tipo: 1, descricao: 'Luz', valor: '10.005', frequencia: 0, dataInicio: '2026-01-01' }, 'valor', 'Valor: informe um valor válido.'],
    [{ tipo: 1, descricao: 'Luz', valor: '10.00', frequencia: 5, dataInicio: '2026-01-01' }, 'frequencia', 'Frequência: use mensal (0), semanal (1) ou a cada N dias (2).'],
    [{ tipo: 1, descricao: 'Luz', valor: '10.00', frequencia: 0, dataInicio: '2026-13-01' }, 'dataInicio', 'Início: informe uma data válida.'],
    [{ tipo: 1, descricao: 'Luz', valor: '10.00', frequencia: 0, dataInicio: '2026-05-01', dataFim: '2026-04-01' }, 'dataFim', 'Término: a data deve ser igual ou posterior ao início.'],
    [{ tipo: 1, descricao: 'Luz', valor: '10.00', frequencia: 0, dataInicio: '2026-05-01', dataFim: '2026-09-01', ocorrencias: 3 }, 'ocorrencias', 'Término: informe uma data final ou um número de vezes, não os dois.'],
    [{ tipo: 0, descricao: 'Luz', valor: '10.00', frequencia: 0, dataInicio: '2026-05-01', categoriaId: -1 }, 'categoriaId', 'categoriaId: informe um cadastro válido.'],
  ])('refuses %o writing nothing', async (body, campo, message) => {
    const antes = await contagem();
    const r = await call(admin, 'POST', '/api/LancamentosRecorrentes', body);
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ message, details: [{ campo }] });
    expect(await contagem()).toBe(antes);
  });

  it('a category of the other kind is refused, and the frequency does not change on edit', async () => {
    const r = await call(admin, 'POST', '/api/LancamentosRecorrentes', { tipo: 0, descricao: 'Receita', valor: '10.00', frequencia: 0, dataInicio: '2026-05-01', categoriaId: aluguelCat });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('Categoria: "Aluguel do teste" é de despesa.');
    const s = await ok('POST', '/api/LancamentosRecorrentes', { tipo: 1, descricao: 'Contador', valor: '450.00', frequencia: 0, dataInicio: '2026-05-05', ocorrencias: 2, diasAntecedencia: 0 });
    const e = await call(admin, 'PUT', `/api/LancamentosRecorrentes/${s.id}`, { frequencia: 1 });
    expect(e.statusCode).toBe(400);
    expect(e.json().error.message).toBe('Tipo, frequência, intervalo e início não mudam: encerre esta recorrência e crie outra.');
  });

  it('keeps accounts apart', async () => {
    const s = await ok('POST', '/api/LancamentosRecorrentes', { tipo: 1, descricao: 'Só da demo', valor: '10.00', frequencia: 0, dataInicio: '2026-05-05', ocorrencias: 1 });
    expect((await call(vizinha, 'GET', `/api/LancamentosRecorrentes/${s.id}`)).statusCode).toBe(404);
    expect((await call(vizinha, 'PUT', `/api/LancamentosRecorrentes/${s.id}`, { valor: '1.00' })).statusCode).toBe(404);
    expect((await call(vizinha, 'POST', `/api/LancamentosRecorrentes/${s.id}/encerrar`)).statusCode).toBe(404);
    expect(((await ok('GET', '/api/LancamentosRecorrentes', undefined, vizinha)) as any[]).find((r) => r.id === s.id)).toBeUndefined();
    const cat = await call(vizinha, 'POST', '/api/LancamentosRecorrentes', { tipo: 1, descricao: 'Com categoria alheia', valor: '10.00', frequencia: 0, dataInicio: '2026-05-05', categoriaId: aluguelCat });
    expect(cat.statusCode).toBe(400);
    expect(cat.json().error.message).toBe('Categoria: cadastro não encontrado.');
  });
});
