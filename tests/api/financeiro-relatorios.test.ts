import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

// Relatórios > Financeiro: fluxo de caixa (realised + projected), contas a pagar/receber, extrato por conta and
// the DRE by competence agree with the ledger and the balances; the dashboard cards; exports through the queue.
describe.each(BACKENDS)('relatórios financeiros on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let x: number;
  let y: number;
  let saldoEmpresaAntes: number;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const get = async (url: string, token = admin) => {
    const r = await call(token, 'GET', url);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const saldos = async (token = admin) => (await call(token, 'GET', '/api/ContasFinanceiras/saldos')).json() as { contaId: number; saldo: string }[];
  const ok = async (method: string, url: string, body: unknown) => {
    const r = await call(admin, method, url, body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    x = (await ok('POST', '/api/ContasFinanceiras', { descricao: 'Conta X', tipo: 1, saldoInicial: '1000.00' })).id;
    y = (await ok('POST', '/api/ContasFinanceiras', { descricao: 'Conta Y', tipo: 0 })).id;
    saldoEmpresaAntes = (await saldos()).reduce((s, c) => s + Number(c.saldo), 0);
    const servicos = (await ok('POST', '/api/CategoriasFinanceiras', { descricao: 'Serviços', tipo: 0 })).id;
    const consultoria = (await ok('POST', '/api/CategoriasFinanceiras', { descricao: 'Consultoria', tipo: 0, categoriaPaiId: servicos })).id;
    const rec = await ok('POST', '/api/Lancamentos', { tipo: 0, descricao: 'Consultoria janeiro', dataEmissao: '2031-01-05', valorTotal: '1000.00', primeiroVencimento: '2031-01-10', categoriaId: consultoria });
    await ok('POST', `/api/Parcelas/${rec.parcelas[0].id}/baixar`, { contaId: x, data: '2031-01-12' });
    const desp = await ok('POST', '/api/Lancamentos', { tipo: 1, descricao: 'Equipamento em 3x', dataEmissao: '2031-01-02', valorTotal: '300.00', numeroParcelas: 3, primeiroVencimento: '2031-01-15' });
    await ok('POST', `/api/Parcelas/${desp.parcelas[0].id}/baixar`, { contaId: x, data: '2031-01-15' });
    await ok('POST', '/api/Lancamentos', { tipo: 0, descricao: 'Consultoria fevereiro', dataEmissao: '2031-02-01', valorTotal: '500.00', primeiroVencimento: '2031-02-20', categoriaId: consultoria });
    await ok('POST', '/api/TransferenciasFinanceiras', { contaOrigemId: x, contaDestinoId: y, data: '2031-01-20', valor: '200.00' });
  });
  afterAll(async () => srv?.close());

  it('fluxo de caixa by month: realised in January, projected after, the running balance from the balance before', async () => {
    const f = await get('/api/RelatoriosFinanceiros/fluxo-caixa?de=2031-01-01&ate=2031-03-31&agrupamento=mes');
    expect(Number(f.saldoInicial)).toBeCloseTo(saldoEmpresaAntes, 2);
    expect(f.linhas.map((l: any) => [l.periodo, l.entradasRealizadas, l.saidasRealizadas, l.entradasPrevistas, l.saidasPrevistas])).toEqual([
      ['2031-01', '1000.00', '100.00', '0.00', '0.00'],
      ['2031-02', '0.00', '0.00', '500.00', '100.00'],
      ['2031-03', '0.00', '0.00', '0.00', '100.00'],
    ]);
    expect(Number(f.saldoFinal)).toBeCloseTo(saldoEmpresaAntes + 1000 - 100 + 500 - 200, 2);
    // the transfer only moved money between the company's own contas
    expect(f.totais).toEqual({ entradasRealizadas: '1000.00', saidasRealizadas: '100.00', entradasPrevistas: '500.00', saidasPrevistas: '200.00' });
  });

  it('fluxo de caixa by day, and for one conta it agrees with that conta\'s balance', async () => {
    const f = await get('/api/RelatoriosFinanceiros/fluxo-caixa?de=2031-01-01&ate=2031-01-31&agrupamento=dia');
    expect(f.linhas).toHaveLength(31);
    expect(f.linhas.find((l: any) => l.periodo === '2031-01-12')).toMatchObject({ entradasRealizadas: '1000.00' });
    const c = await get(`/api/RelatoriosFinanceiros/fluxo-caixa?de=2031-01-01&ate=2031-12-31&contaId=${x}`);
    const saldoX = (await saldos()).find((s) => s.contaId === x)!.saldo;
    expect(c.saldoInicial).toBe('1000.00');
    expect(c.saldoFinal).toBe(saldoX);
    expect(c.totais).toMatchObject({ entradasRealizadas: '1000.00', saidasRealizadas: '300.00', entradasPrevistas: '0.00' });
  });

  it('contas a pagar and a receber by due date', async () => {
    const pagar = await get('/api/RelatoriosFinanceiros/contas-pagar?de=2031-01-01&ate=2031-12-31');
    expect(pagar.linhas.map((l: any) => [l.vencimento, l.parcela, l.valorAberto, l.status])).toEqual([
      ['2031-02-15', '2/3', '100.00', 'aberto'],
      ['2031-03-15', '3/3', '100.00', 'aberto'],
    ]);
    expect(pagar.totais).toEqual({ valor: '200.00', aberto: '200.00', atrasado: '0.00' });
    const todas = await get('/api/RelatoriosFinanceiros/contas-pagar?de=2031-01-01&ate=2031-12-31&situacao=todas');
    expect(todas.linhas).toHaveLength(3);
    const receber = await get('/api/RelatoriosFinanceiros/contas-receber?de=2031-01-01&ate=2031-12-31');
    expect(receber.linhas.map((l: any) => [l.descricao, l.categoria, l.valorAberto])).toEqual([['Consultoria fevereiro', 'Consultoria', '500.00']]);
  });

  it('extrato por conta: saldo anterior, each movement with its running balance, the conta\'s balance at the end', async () => {
    const e = await get(`/api/RelatoriosFinanceiros/extrato?contaId=${x}&de=2031-01-01&ate=2031-01-31`);
    expect(e.saldoAnterior).toBe('1000.00');
    expect(e.linhas.map((l: any) => [l.data, l.entrada, l.saida, l.saldo])).toEqual([
      ['2031-01-12', '1000.00', null, '2000.00'],
      ['2031-01-15', null, '100.00', '1900.00'],
      ['2031-01-20', null, '200.00', '1700.00'],
    ]);
    expect(e.saldoFinal).toBe((await saldos()).find((s) => s.contaId === x)!.saldo);
  });

  it('DRE gerencial by competence, each parent adding up its children', async () => {
    const d = await get('/api/RelatoriosFinanceiros/dre?de=2031-01&ate=2031-03');
    expect(d.meses).toEqual(['2031-01', '2031-02', '2031-03']);
    expect(d.receitas.find((r: any) => r.categoria === 'Serviços')).toMatchObject({ nivel: 0, valores: { '2031-01': '1000.00', '2031-02': '500.00', '2031-03': '0.00' }, total: '1500.00' });
    expect(d.receitas.find((r: any) => r.categoria === 'Serviços - Consultoria')).toMatchObject({ nivel: 1, total: '1500.00' });
    expect(d.despesas.find((r: any) => r.descricao === 'Sem categoria')).toMatchObject({ valores: { '2031-01': '-300.00' }, total: '-300.00' });
    expect(d.totais.resultado).toEqual({ valores: { '2031-01': '700.00', '2031-02': '500.00', '2031-03': '0.00' }, total: '1200.00' });
  });

  it('dashboard cards: a pagar hoje, a receber hoje, atrasados, saldo por conta', async () => {
    const antes = await get('/api/RelatoriosFinanceiros/painel');
    const hoje = antes.hoje as string;
    await ok('POST', '/api/Lancamentos', { tipo: 1, descricao: 'Boleto de hoje', dataEmissao: hoje, valorTotal: '77.70' });
    await ok('POST', '/api/Lancamentos', { tipo: 0, descricao: 'Recebimento de hoje', dataEmissao: hoje, valorTotal: '12.34' });
    const depois = await get('/api/RelatoriosFinanceiros/painel');
    expect(Number(depois.pagarHoje.valor) - Number(antes.pagarHoje.valor)).toBeCloseTo(77.7, 2);
    expect(depois.pagarHoje.quantidade - antes.pagarHoje.quantidade).toBe(1);
    expect(Number(depois.receberHoje.valor) - Number(antes.receberHoje.valor)).toBeCloseTo(12.34, 2);
    // the demo has overdue parcelas on both sides
    expect(Number(depois.atrasados.pagar.valor)).toBeGreaterThan(0);
    expect(depois.saldos.find((s: any) => s.contaId === x).saldo).toBe((await saldos()).find((s) => s.contaId === x)!.saldo);
  });

  it('exports the DRE as XLSX and the fluxo de caixa as PDF through the report queue', async () => {
    const r = await ok('POST', '/api/RelatoriosFinanceiros/dre/exportar', { tipo: 'xlsx', params: { de: '2031-01', ate: '2031-03' } });
    expect(r).toMatchObject({ descricao: 'DRE gerencial', tipo: 'xlsx', status: 0 });
    const p = await ok('POST', '/api/RelatoriosFinanceiros/fluxo-caixa/exportar', { tipo: 'pdf', params: { de: '2031-01-01', ate: '2031-03-31', agrupamento: 'mes' } });
    const done = async (id: number) => {
      for (;;) {
        const rows = (await call(admin, 'GET', '/api/Relatorios')).json() as any[];
        const row = rows.find((z) => z.id === id);
        if (row.status !== 0) return row;
        await new Promise((res) => setImmediate(res));
      }
    };
    const xr = await done(r.id);
    expect(xr.status, JSON.stringify(xr.erro)).toBe(1);
    const file = await call(admin, 'GET', xr.url);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    const ws = wb.worksheets[0];
    const linhas = ws.getSheetValues().filter(Boolean).map((v: any) => v.slice(1));
    expect(linhas[0]).toEqual(['Categoria', '01/2031', '02/2031', '03/2031', 'Total']);
    expect(linhas.find((l: any[]) => l[0] === 'RESULTADO')).toEqual(['RESULTADO', 700, 500, 0, 1200]);
    const pr = await done(p.id);
    expect(pr.status, JSON.stringify(pr.erro)).toBe(1);
    const pdf = await call(admin, 'GET', pr.url);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it.each([
    ['/api/RelatoriosFinanceiros/fluxo-caixa?de=2031-03-01&ate=2031-01-01', 'Período: a data final é anterior à inicial.'],
    ['/api/RelatoriosFinanceiros/fluxo-caixa?de=2031-02-30&ate=2031-03-01', 'Data inicial: informe uma data válida.'],
    ['/api/RelatoriosFinanceiros/fluxo-caixa?de=2029-01-01&ate=2031-03-01&agrupamento=dia', 'Período: no máximo 400 dias por dia; agrupe por mês.'],
    ['/api/RelatoriosFinanceiros/dre?de=2031-1&ate=2031-03', 'Competência inicial: informe o mês no formato AAAA-MM.'],
    ['/api/RelatoriosFinanceiros/extrato?de=2031-01-01&ate=2031-01-31', 'Conta: campo obrigatório.'],
    ['/api/RelatoriosFinanceiros/contas-pagar?de=1990-01-01&ate=2031-01-31', 'Data inicial: a data deve estar entre 01/01/2000 e 31/12/2100.'],
    ['/api/RelatoriosFinanceiros/balancete?de=2031-01-01&ate=2031-01-31', 'Relatório desconhecido: balancete.'],
  ])('refuses %s', async (url, message) => {
    const r = await call(admin, 'GET', url);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(message);
  });

  it('keeps accounts apart', async () => {
    const e = await call(vizinha, 'GET', `/api/RelatoriosFinanceiros/extrato?contaId=${x}&de=2031-01-01&ate=2031-01-31`);
    expect(e.statusCode).toBe(404);
    const f = await get('/api/RelatoriosFinanceiros/fluxo-caixa?de=2031-01-01&ate=2031-03-31', vizinha);
    expect(f.totais).toEqual({ entradasRealizadas: '0.00', saidasRealizadas: '0.00', entradasPrevistas: '0.00', saidasPrevistas: '0.00' });
    const d = await get('/api/RelatoriosFinanceiros/dre?de=2031-01&ate=2031-03', vizinha);
    expect(d.totais.resultado.total).toBe('0.00');
    const p = await get('/api/RelatoriosFinanceiros/painel', vizinha);
    expect(p.saldos.find((s: any) => s.contaId === x)).toBeUndefined();
  });
});
