import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

// Depósitos belong to a branch: the API shows and writes only the selected branch's, getUserInfo counts the
// active ones (the shell's stock transfer menu needs 2), and other accounts never see them.
describe.each(BACKENDS)('depósitos on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const info = async (token: string) => (await call(token, 'GET', '/api/Usuarios/getUserInfo?sistema=novoerp')).json();
  const list = async (token: string) => (await call(token, 'GET', `/api/Depositos?filter=${q({ order: 'id ASC' })}`)).json() as { id: number; descricao: string; padrao: boolean; ativo: boolean }[];

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
  });
  afterAll(async () => srv?.close());

  it('getUserInfo counts the active depósitos of the selected branch', async () => {
    // Whatever the demo has, the count is the branch's active depósitos, and the seeded default stays the default.
    const before = await list(admin);
    const ativos = before.filter((d) => d.ativo).length;
    expect(ativos).toBeGreaterThan(0);
    expect((await info(admin)).filialSelecionadaObj.quantidadeDepositos).toBe(ativos);
    expect(before.filter((d) => d.padrao).map((d) => d.descricao)).toEqual(['Depósito principal']);
    const created = await call(admin, 'POST', '/api/Depositos', { descricao: 'Depósito de teste', ativo: true });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ descricao: 'Depósito de teste', padrao: false, ativo: true });
    expect((await info(admin)).filialSelecionadaObj.quantidadeDepositos).toBe(ativos + 1);
    // An inactive one does not count; activating it again does.
    const id = created.json().id;
    expect((await call(admin, 'PATCH', `/api/Depositos/${id}`, { ativo: false })).statusCode).toBe(200);
    expect((await info(admin)).filialSelecionadaObj.quantidadeDepositos).toBe(ativos);
    expect((await call(admin, 'PATCH', `/api/Depositos/${id}`, { ativo: true })).statusCode).toBe(200);
    expect((await info(admin)).filialSelecionadaObj.quantidadeDepositos).toBe(ativos + 1);
    expect((await call(admin, 'DELETE', `/api/Depositos/${id}`)).statusCode).toBe(200);
    expect((await info(admin)).filialSelecionadaObj.quantidadeDepositos).toBe(ativos);
    expect(await list(admin)).toEqual(before);
  });

  it('marking a depósito as default takes the flag from the previous one; an inactive one cannot be the default', async () => {
    const before = await list(admin);
    const created = await call(admin, 'POST', '/api/Depositos', { descricao: 'Depósito novo padrão', padrao: true });
    expect(created.statusCode, created.body).toBe(200);
    const after = await list(admin);
    expect(after.filter((d) => d.padrao).map((d) => d.descricao)).toEqual(['Depósito novo padrão']);
    expect(after.length).toBe(before.length + 1);
    const bad = await call(admin, 'PATCH', `/api/Depositos/${created.json().id}`, { ativo: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/regras do cadastro/);
    expect((await list(admin)).find((d) => d.id === created.json().id)).toMatchObject({ padrao: true, ativo: true });
    // Give the flag back to the seeded one, so later tests start from the demo state.
    const seeded = before.find((d) => d.padrao)!;
    expect((await call(admin, 'PATCH', `/api/Depositos/${seeded.id}`, { padrao: true })).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/Depositos/${created.json().id}`)).statusCode).toBe(200);
    const shape = (ds: typeof before) => ds.map((d) => [d.id, d.descricao, d.padrao, d.ativo]);
    expect(shape(await list(admin))).toEqual(shape(before));
  });

  it('bad input is refused in Portuguese and changes nothing; a repeated description is a conflict', async () => {
    const before = await list(admin);
    const empty = await call(admin, 'POST', '/api/Depositos', { descricao: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/^Dados inválidos: Descrição:/);
    const extra = await call(admin, 'POST', '/api/Depositos', { descricao: 'Outro', filialId: 999 });
    expect(extra.statusCode).toBe(400);
    const dup = await call(admin, 'POST', '/api/Depositos', { descricao: 'depósito PRINCIPAL' });
    expect(dup.statusCode).toBe(409);
    expect(await list(admin)).toEqual(before);
  });

  it('each branch has its own depósitos: switching branch switches the list and the count', async () => {
    const token = await login(app, 'admin@demo.com.br');
    const branches = (await call(token, 'GET', '/api/Usuarios/filiais')).json() as { id: number; apelido: string }[];
    const matriz = branches.find((b) => b.apelido === 'Matriz')!;
    const centro = branches.find((b) => b.apelido === 'Filial Centro')!;
    const mine = await call(token, 'POST', '/api/Depositos', { descricao: 'Depósito só da Matriz' });
    expect(mine.statusCode).toBe(200);
    expect((await call(token, 'POST', '/api/Usuarios/trocarFilial', { filialId: centro.id })).statusCode).toBe(200);
    expect((await list(token)).map((d) => d.descricao)).toEqual(['Depósito principal']);
    expect((await call(token, 'GET', `/api/Depositos/${mine.json().id}`)).statusCode).toBe(404);
    expect((await call(token, 'PATCH', `/api/Depositos/${mine.json().id}`, { descricao: 'Tomado' })).statusCode).toBe(404);
    expect((await info(token)).filialSelecionadaObj.quantidadeDepositos).toBe(1);
    // The same description may exist in another branch; records land in the selected one.
    const there = await call(token, 'POST', '/api/Depositos', { descricao: 'Depósito só da Matriz' });
    expect(there.statusCode, there.body).toBe(200);
    expect((await info(token)).filialSelecionadaObj.quantidadeDepositos).toBe(2);
    const rows = (await srv.db.query<{ id: number; filial_id: number }>('SELECT id, filial_id FROM depositos WHERE id IN ($1, $2) ORDER BY id', [mine.json().id, there.json().id])).rows;
    expect(rows.map((r) => r.filial_id)).toEqual([matriz.id, centro.id]);
    expect((await call(token, 'DELETE', `/api/Depositos/${there.json().id}`)).statusCode).toBe(200);
    expect((await call(token, 'POST', '/api/Usuarios/trocarFilial', { filialId: matriz.id })).statusCode).toBe(200);
    expect((await call(token, 'DELETE', `/api/Depositos/${mine.json().id}`)).statusCode).toBe(200);
  });

  it('another account never sees, changes or deletes them', async () => {
    const ours = await list(admin);
    const theirs = await list(vizinha);
    expect(theirs.map((d) => d.descricao)).toEqual(['Depósito principal']);
    expect(theirs.some((d) => ours.some((o) => o.id === d.id))).toBe(false);
    const target = ours[0].id;
    expect((await call(vizinha, 'GET', `/api/Depositos/${target}`)).statusCode).toBe(404);
    expect((await call(vizinha, 'PUT', `/api/Depositos/${target}`, { descricao: 'Invadido' })).statusCode).toBe(404);
    expect((await call(vizinha, 'DELETE', `/api/Depositos/${target}`)).statusCode).toBe(404);
    expect((await call(vizinha, 'GET', `/api/Depositos/count?where=${q({ id: target })}`)).json()).toEqual({ count: 0 });
    expect(await list(admin)).toEqual(ours);
    // Row-level security holds even for a query that forgets the tenant: in vizinha's transaction only its rows exist.
    const vizTenant = (await srv.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Loja Vizinha'`)).rows[0].id;
    const seen = await srv.db.tenant({ tenantId: vizTenant, branchId: null }, (qq) => qq.query<{ n: number }>('SELECT count(*)::int AS n FROM depositos'));
    expect(seen.rows[0].n).toBe(0);
  });

  it("an exported depósitos grid carries only the selected branch's rows (the job keeps the branch)", async () => {
    const token = await login(app, 'admin@demo.com.br');
    const branches = (await call(token, 'GET', '/api/Usuarios/filiais')).json() as { id: number; apelido: string }[];
    const centro = branches.find((b) => b.apelido === 'Filial Centro')!;
    const matriz = branches.find((b) => b.apelido === 'Matriz')!;
    expect((await call(token, 'POST', '/api/Usuarios/trocarFilial', { filialId: centro.id })).statusCode).toBe(200);
    const own = await call(token, 'POST', '/api/Depositos', { descricao: 'Depósito do Centro' });
    expect(own.statusCode).toBe(200);
    const queued = await call(token, 'POST', '/api/Relatorios/exportar', { recurso: 'Depositos', tipo: 'xlsx', filter: { order: 'descricao ASC' } });
    expect(queued.statusCode, queued.body).toBe(200);
    // Back to the Matriz before the job runs: the export still reads the branch it was asked from.
    expect((await call(token, 'POST', '/api/Usuarios/trocarFilial', { filialId: matriz.id })).statusCode).toBe(200);
    // The server's own worker takes the job.
    let file = await call(token, 'GET', `/api/Relatorios/${queued.json().id}/arquivo`);
    for (let i = 0; i < 200 && file.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      file = await call(token, 'GET', `/api/Relatorios/${queued.json().id}/arquivo`);
    }
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows).toEqual([['Descrição', 'Padrão', 'Ativo'], ['Depósito do Centro', 'Não', 'Sim'], ['Depósito principal', 'Sim', 'Sim']]);
    expect((await call(token, 'POST', '/api/Usuarios/trocarFilial', { filialId: centro.id })).statusCode).toBe(200);
    expect((await call(token, 'DELETE', `/api/Depositos/${own.json().id}`)).statusCode).toBe(200);
    expect((await call(token, 'POST', '/api/Usuarios/trocarFilial', { filialId: matriz.id })).statusCode).toBe(200);
  });

  it('the vendedor profile without app.estoque gets a 403', async () => {
    const vendedor = await login(app, 'vendedor@demo.com.br');
    const r = await call(vendedor, 'GET', '/api/Depositos');
    expect(r.statusCode).toBe(403);
    expect(r.json().error.message).toBe('Você não tem permissão para consultar depósitos.');
  });
});
