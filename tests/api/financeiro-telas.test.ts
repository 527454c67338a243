import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { criarLancamento } from '../../src/server/financeiro/lancamentos.ts';

// What the Financeiro screens read and write: the parcelas, baixas and transferências as LoopBack lists (read-only
// resource documents over views), the totals of a filtered grid, the lançamento form's schema on the server,
// the conta prevista, attachments in the file storage; every one of them stays inside its account.
describe.each(BACKENDS)('financeiro screens API on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let banco: number;
  let contaVizinha: number;
  let despesa: { id: number; parcelas: { id: number; valor: string }[] };
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const get = async (token: string, url: string) => {
    const r = await call(token, 'GET', url);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const contagem = async (tabela: string) => Number((await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tabela}`)).rows[0].n);

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    banco = (await call(admin, 'POST', '/api/ContasFinanceiras', { descricao: 'Banco das telas', tipo: 1 })).json().id;
    contaVizinha = (await call(vizinha, 'POST', '/api/ContasFinanceiras', { descricao: 'Conta da vizinha', tipo: 1 })).json().id;
    const r = await call(admin, 'POST', '/api/Lancamentos', { tipo: 1, descricao: 'Material de limpeza', documento: 'NF 5521', dataEmissao: '2026-03-02', competencia: '2026-03', valorTotal: '250.00', numeroParcelas: 2, primeiroVencimento: '2099-03-10', contaId: banco });
    expect(r.statusCode, r.body).toBe(200);
    despesa = r.json();
  });
  afterAll(async () => srv?.close());

  it('the parcelas are a LoopBack list: where, order, count, include of the categoria chain', async () => {
    const ps = await get(admin, `/api/Parcelas?filter=${q({ where: { lancamentoId: despesa.id }, order: 'numero DESC' })}`);
    expect(ps.map((p: any) => [p.numero, p.quantidadeParcelas, p.valor, p.status, p.contaId, p.documento])).toEqual([
      [2, 2, '125.00', 'aberto', banco, 'NF 5521'],
      [1, 2, '125.00', 'aberto', banco, 'NF 5521'],
    ]);
    expect(await get(admin, `/api/Parcelas/count?where=${q({ lancamentoId: despesa.id, status: 'aberto' })}`)).toEqual({ count: 2 });
    const comCategoria = await get(admin, `/api/Parcelas?filter=${q({ where: { tipo: 1, categoriaId: { neq: null } }, limit: 1, include: [{ relation: 'categoria' }] })}`);
    expect(comCategoria[0].categoria.descricaoCompleta).toMatch(/ - |^[^-]+$/);
    const atrasadas = await get(admin, `/api/Parcelas?filter=${q({ where: { status: 'atrasado' }, limit: 1000 })}`);
    expect(atrasadas.length).toBeGreaterThan(0);
    expect(atrasadas.every((p: any) => p.vencimento < new Date().toISOString().slice(0, 10) && new Decimal(p.valorAberto).gt(0))).toBe(true);
  });

  it('the totals follow the same where as the grid: open, overdue, paid', async () => {
    const where = { lancamentoId: despesa.id };
    expect(await get(admin, `/api/Parcelas/totais?where=${q(where)}`)).toEqual({ quantidade: 2, total: '250.00', aberto: '250.00', atrasado: '0.00', pago: '0.00' });
    const b = await call(admin, 'POST', `/api/Parcelas/${despesa.parcelas[0].id}/baixar`, { contaId: banco, data: '2026-03-10', valor: '105.00', juros: '5.00' });
    expect(b.statusCode, b.body).toBe(200);
    expect(await get(admin, `/api/Parcelas/totais?where=${q(where)}`)).toEqual({ quantidade: 2, total: '250.00', aberto: '150.00', atrasado: '0.00', pago: '100.00' });
    // the whole account's despesas add up the same way the rows do
    const rows = await get(admin, `/api/Parcelas?filter=${q({ where: { tipo: 1 }, limit: 1000, fields: ['valor', 'valorAberto', 'valorBaixado', 'status'] })}`);
    const soma = (f: (p: any) => boolean, campo: string) => rows.filter(f).reduce((s: Decimal, p: any) => s.plus(p[campo]), new Decimal(0)).toFixed(2);
    const t = await get(admin, `/api/Parcelas/totais?where=${q({ tipo: 1 })}`);
    expect(t).toEqual({
      quantidade: rows.length,
      total: soma((p) => p.status !== 'cancelado', 'valor'),
      aberto: soma((p) => p.status === 'aberto' || p.status === 'parcial', 'valorAberto'),
      atrasado: soma((p) => p.status === 'atrasado', 'valorAberto'),
      pago: soma((p) => p.status !== 'cancelado', 'valorBaixado'),
    });
    const bad = await call(admin, 'GET', `/api/Parcelas/totais?where=${q({ naoExiste: 1 })}`);
    expect(bad.statusCode).toBe(400);
  });

  it('baixas and transferências are lists too; the generic writes answer 405 and the posting keeps its route', async () => {
    const bs = await get(admin, `/api/Baixas?filter=${q({ where: { lancamentoId: despesa.id } })}`);
    expect(bs).toHaveLength(1);
    expect(bs[0]).toMatchObject({ descricao: 'Material de limpeza', numero: 1, valor: '105.00', principal: '100.00', juros: '5.00', estornada: false, contaId: banco });
    const e = await call(admin, 'POST', `/api/Baixas/${bs[0].id}/estornar`, { data: '2026-03-11' });
    expect(e.statusCode, e.body).toBe(200);
    const depois = await get(admin, `/api/Baixas?filter=${q({ where: { lancamentoId: despesa.id }, order: 'id ASC' })}`);
    expect(depois.map((b: any) => [b.valor, b.estornada, b.estornoDe])).toEqual([
      ['105.00', true, null],
      ['-105.00', false, bs[0].id],
    ]);
    expect((await call(admin, 'POST', '/api/Parcelas', { valor: '1.00' })).statusCode).toBe(405);
    expect((await call(admin, 'PUT', `/api/Parcelas/${despesa.parcelas[0].id}`, { valor: '1.00' })).statusCode).toBe(405);
    expect((await call(admin, 'DELETE', `/api/Baixas/${bs[0].id}`)).statusCode).toBe(405);
    expect((await call(admin, 'DELETE', `/api/TransferenciasFinanceiras/1`)).statusCode).toBe(405);
    const t = await call(admin, 'POST', '/api/TransferenciasFinanceiras', { contaOrigemId: banco, contaDestinoId: (await get(admin, '/api/ContasFinanceiras/saldos')).find((c: any) => c.descricao === 'Caixa da loja').contaId, data: '2026-03-12', valor: '12.34', descricao: 'Troco' });
    expect(t.statusCode, t.body).toBe(200);
    const lidas = await get(admin, `/api/TransferenciasFinanceiras?filter=${q({ where: { descricao: 'Troco' }, include: [{ relation: 'contaOrigem' }] })}`);
    expect(lidas[0]).toMatchObject({ valor: '12.34', contaOrigem: { descricao: 'Banco das telas' } });
  });

  it.each([
    [{ contaDestinoId: 1, data: '2026-03-12', valor: '1.00' }, 'Dados inválidos: Conta de origem: Campo Obrigatório!'],
    [{ contaOrigemId: 1, contaDestinoId: 2, data: '12/03/2026', valor: '1.00' }, 'Dados inválidos: Data: Campo inválido!'],
    [{ contaOrigemId: 1, contaDestinoId: 2, data: '2026-03-12', valor: '1,00' }, 'Dados inválidos: Valor: Campo inválido!'],
  ])('a transfer is checked by the same document as its form: %o', async (body, message) => {
    const antes = await contagem('transferencias_financeiras');
    const r = await call(admin, 'POST', '/api/TransferenciasFinanceiras', body);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(message);
    expect(await contagem('transferencias_financeiras')).toBe(antes);
  });

  it("another account sees none of it: lists, totals, counts, and its conta can't be the conta prevista", async () => {
    expect(await get(vizinha, `/api/Parcelas?filter=${q({ where: { lancamentoId: despesa.id } })}`)).toEqual([]);
    expect(await get(vizinha, `/api/Parcelas/count`)).toEqual({ count: 0 });
    expect(await get(vizinha, `/api/Parcelas/totais`)).toEqual({ quantidade: 0, total: '0.00', aberto: '0.00', atrasado: '0.00', pago: '0.00' });
    expect(await get(vizinha, `/api/Baixas`)).toEqual([]);
    expect(await get(vizinha, `/api/TransferenciasFinanceiras`)).toEqual([]);
    expect((await call(vizinha, 'GET', `/api/Parcelas/${despesa.parcelas[0].id}`)).statusCode).toBe(404);
    const antes = await contagem('lancamentos');
    const r = await call(admin, 'POST', '/api/Lancamentos', { tipo: 1, descricao: 'Conta alheia', dataEmissao: '2026-03-02', valorTotal: '10.00', contaId: contaVizinha });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ message: 'Conta prevista: conta não encontrada.', details: [{ campo: 'contaId' }] });
    expect(await contagem('lancamentos')).toBe(antes);
  });

  it('attachments go to the file storage; another account can neither list nor download them', async () => {
    const conteudo = Buffer.from('%PDF-1.4 boleto de teste\n');
    const up = await call(admin, 'POST', `/api/Lancamentos/${despesa.id}/anexos`, { nome: 'boleto março.pdf', arquivo: `data:application/pdf;base64,${conteudo.toString('base64')}` });
    expect(up.statusCode, up.body).toBe(200);
    const anexo = up.json();
    expect(anexo).toMatchObject({ nome: 'boleto março.pdf', tipoConteudo: 'application/pdf', tamanho: conteudo.length });
    expect((await get(admin, `/api/Lancamentos/${despesa.id}/anexos`)).map((a: any) => a.nome)).toEqual(['boleto março.pdf']);
    const down = await call(admin, 'GET', `/api/Lancamentos/${despesa.id}/anexos/${anexo.id}`);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.rawPayload.equals(conteudo)).toBe(true);

    expect((await call(vizinha, 'GET', `/api/Lancamentos/${despesa.id}/anexos`)).statusCode).toBe(404);
    expect((await call(vizinha, 'GET', `/api/Lancamentos/${despesa.id}/anexos/${anexo.id}`)).statusCode).toBe(404);
    expect((await call(vizinha, 'DELETE', `/api/Lancamentos/${despesa.id}/anexos/${anexo.id}`)).statusCode).toBe(404);
    const alheio = await call(vizinha, 'POST', `/api/Lancamentos/${despesa.id}/anexos`, { nome: 'x.txt', arquivo: 'data:text/plain;base64,eA==' });
    expect(alheio.statusCode).toBe(404);

    const antes = await contagem('lancamentos_anexos');
    for (const [body, msg] of [
      [{ nome: '', arquivo: 'data:text/plain;base64,eA==' }, 'Anexo: informe o nome do arquivo (até 120 caracteres).'],
      [{ nome: 'a.txt', arquivo: 'eA==' }, 'Anexo: envie o arquivo como data URL em base64.'],
      [{ nome: 'a.txt', arquivo: 'data:text/plain;base64,' }, 'Anexo: o arquivo está vazio.'],
      [{ nome: 'grande.bin', arquivo: `data:application/octet-stream;base64,${Buffer.alloc(5 * 1024 * 1024 + 1).toString('base64')}` }, 'Anexo: o arquivo passa de 5 MB.'],
    ] as const) {
      const r = await call(admin, 'POST', `/api/Lancamentos/${despesa.id}/anexos`, body);
      expect(r.statusCode, msg).toBe(400);
      expect(r.json().error.message).toBe(msg);
    }
    expect(await contagem('lancamentos_anexos')).toBe(antes);

    expect((await call(admin, 'DELETE', `/api/Lancamentos/${despesa.id}/anexos/${anexo.id}`)).statusCode).toBe(200);
    expect(await get(admin, `/api/Lancamentos/${despesa.id}/anexos`)).toEqual([]);
    expect((await call(admin, 'GET', `/api/Lancamentos/${despesa.id}/anexos/${anexo.id}`)).statusCode).toBe(404);
  });

  it('the parcelas the service writes add up to the total in the database, over hundreds of random totals and counts (the split itself: thousands, in the unit test)', async () => {
    const tenantId = Number((await srv.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id);
    let seed = 15;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const ids: number[] = [];
    await srv.db.tenant({ tenantId }, async (q) => {
      for (let i = 0; i < 300; i++) {
        const n = 1 + Math.floor(rnd() * 36);
        const total = new Decimal(n + Math.floor(rnd() * 5_000_000_00)).dividedBy(100).toFixed(2);
        ids.push((await criarLancamento(q, { tenantId, userId: 0 }, { tipo: i % 2, descricao: `Aleatório ${i}`, dataEmissao: '2026-05-31', valorTotal: total, numeroParcelas: n })).id);
      }
    });
    const r = await srv.db.query<{ id: number; total: string; soma: string; n: number; maior: string; menor: string }>(
      `SELECT l.id, l.valor_total::text AS total, sum(p.valor)::text AS soma, count(*)::int AS n, max(p.valor)::text AS maior, min(p.valor)::text AS menor
         FROM lancamentos l JOIN parcelas p ON p.tenant_id = l.tenant_id AND p.lancamento_id = l.id WHERE l.id = ANY($1::int[]) GROUP BY l.tenant_id, l.id`,
      [ids],
    );
    expect(r.rows).toHaveLength(300);
    const erradas = r.rows.filter((x) => !new Decimal(x.soma).eq(x.total) || new Decimal(x.maior).minus(x.menor).times(100).gte(x.n));
    expect(erradas).toEqual([]);
  }, 180_000);

  it('the demo spans three months back to two ahead: paid, overdue, partly paid and open, on every side', async () => {
    const ps = await get(admin, `/api/Parcelas?filter=${q({ where: { descricao: { nlike: 'Aleatório%' } }, limit: 1000, fields: ['vencimento', 'status', 'tipo'] })}`);
    const meses = new Set(ps.map((p: any) => p.vencimento.slice(0, 7)));
    expect(meses.size).toBeGreaterThanOrEqual(6);
    for (const tipo of [0, 1]) {
      const st = new Set(ps.filter((p: any) => p.tipo === tipo).map((p: any) => p.status));
      for (const s of ['pago', 'atrasado', 'aberto']) expect(st.has(s), `${tipo} ${s}`).toBe(true);
    }
    expect(ps.some((p: any) => p.status === 'parcial')).toBe(true);
  });
});
