import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { TIPO_MOVIMENTACAO, TipoMovimentacao } from '../../generated/lookups.ts';
import { formatBRL } from '../../src/shared/money.ts';
import { formatQuantity } from '../../src/shared/money.ts';
import { estornar, movimentar } from '../../src/server/estoque/movimentos.ts';
import { ORIGENS_ENTRADA_NOTA } from '../../src/server/estoque/relatorios.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

// Relatórios > Estoque through the report queue (SPEC 2.10, 4): posição and movimentação de estoque are report
// sources of the stock module, exported to XLSX/PDF by the same worker as the grids, with their parameters
// checked when queued, the user's permission, and only the account's and branch's rows.
describe.each(BACKENDS)('stock reports through the report queue on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
  });
  afterAll(async () => srv?.close());

  /** Queues an export and waits (polling the file, as the screen does without realtime) until it is served. */
  async function exportar(token: string, recurso: string, tipo: 'xlsx' | 'pdf', where?: Row) {
    const queued = await call(token, 'POST', '/api/Relatorios/exportar', { recurso, tipo, filter: { where } });
    expect(queued.statusCode, queued.body).toBe(200);
    const job = queued.json();
    let file = await call(token, 'GET', `/api/Relatorios/${job.id}/arquivo`);
    for (let i = 0; i < 600 && file.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      file = await call(token, 'GET', `/api/Relatorios/${job.id}/arquivo`);
    }
    expect(file.statusCode).toBe(200);
    return { job, file };
  }
  async function planilha(payload: Buffer): Promise<unknown[][]> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(payload as any);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    return rows;
  }

  it('posição de estoque in XLSX carries every product × depósito the screen pages through, values at cost', async () => {
    const tela = (await call(admin, 'GET', '/api/SaldosEstoque/posicao?limit=1000')).json() as Row[];
    // The demo has stock in both of the Matriz's depósitos (the opening count and the transfer to the shop floor).
    expect(new Set(tela.map((l) => l.deposito))).toEqual(new Set(['Depósito principal', 'Área de vendas']));
    const { job, file } = await exportar(admin, 'PosicaoEstoque', 'xlsx');
    expect(job).toMatchObject({ descricao: 'Posição de estoque', tipo: 'xlsx', evento: 'exportar-posicaoEstoque' });
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    const rows = await planilha(file.rawPayload);
    expect(rows[0]).toEqual(['Código', 'Produto', 'Depósito', 'Quantidade', 'Custo médio', 'Valor em estoque']);
    // Money cells keep the column's R$ format (every cell of a column shares its style).
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    const ultima = wb.worksheets[0].getRow(rows.length);
    expect([ultima.getCell(5).numFmt, ultima.getCell(6).numFmt]).toEqual(['"R$ "#,##0.00;-"R$ "#,##0.00', '"R$ "#,##0.00;-"R$ "#,##0.00']);
    expect(rows.slice(1)).toEqual(tela.map((l) => [l.codigo ?? undefined, l.descricao, l.deposito, Number(l.quantidade), l.custoMedio === null ? undefined : Number(l.custoMedio), Number(l.valor)]));
  });

  it('posição of one depósito, and in PDF', async () => {
    const depositos = (await call(admin, 'GET', `/api/Depositos?filter=${q({ where: { descricao: 'Área de vendas' } })}`)).json() as Row[];
    const area = depositos[0].id;
    const tela = (await call(admin, 'GET', `/api/SaldosEstoque/posicao?limit=1000&depositoId=${area}`)).json() as Row[];
    expect(tela.length).toBeGreaterThan(0);
    const rows = await planilha((await exportar(admin, 'PosicaoEstoque', 'xlsx', { depositoId: area })).file.rawPayload);
    expect(rows.slice(1).map((r) => r[2])).toEqual(tela.map(() => 'Área de vendas'));
    const pdf = (await exportar(admin, 'PosicaoEstoque', 'pdf', { depositoId: area })).file;
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('movimentação de estoque by type and product: the ledger rows the API lists, with their document', async () => {
    const where = { tipo: TipoMovimentacao.TRANSFERENCIA };
    const ledger = (await call(admin, 'GET', `/api/MovimentosEstoque?filter=${q({ where, order: 'id DESC', limit: 1000 })}`)).json() as Row[];
    // The demo's transfer: each line out of the storeroom and into the shop floor.
    expect(ledger.length).toBeGreaterThanOrEqual(10);
    const rows = await planilha((await exportar(admin, 'MovimentacaoEstoque', 'xlsx', where)).file.rawPayload);
    expect(rows[0]).toEqual(['Data', 'Código', 'Produto', 'Depósito', 'Lote', 'Tipo', 'Quantidade', 'Custo unitário', 'Documento', 'Usuário']);
    const label = TIPO_MOVIMENTACAO.find((t) => t.value === TipoMovimentacao.TRANSFERENCIA)!.label;
    expect(rows.slice(1).map((r) => [r[5], r[6]])).toEqual(ledger.map((m) => [label, Number(m.quantidade)]));
    expect(new Set(rows.slice(1).map((r) => r[8]))).toEqual(new Set(['Transferência de estoque nº 1']));
    // One product: only its movements.
    const produtoId = ledger[0].produtoId;
    const deProduto = (await call(admin, 'GET', `/api/MovimentosEstoque/count?where=${q({ produtoId })}`)).json().count;
    const soProduto = await planilha((await exportar(admin, 'MovimentacaoEstoque', 'xlsx', { produtoId })).file.rawPayload);
    expect(soProduto.length - 1).toBe(deProduto);
    expect(new Set(soProduto.slice(1).map((r) => r[2])).size).toBe(1);
  });

  it('a period with nothing in it gives an empty report; quantities and money as the screens write them', async () => {
    const rows = await planilha((await exportar(admin, 'MovimentacaoEstoque', 'xlsx', { de: '2001-01-01T00:00:00.000Z', ate: '2001-01-31T23:59:59.999Z' })).file.rawPayload);
    expect(rows).toHaveLength(1);
    expect(formatQuantity('6.5000')).toBe('6,5');
    expect(formatQuantity('12.0000')).toBe('12');
    expect(formatBRL('3.5')).toBe('R$ 3,50');
  });

  it("the dashboard's stock summary: value at cost, products below their minimum, lotes about to expire (and expired)", async () => {
    const resumo = async (token = admin) => {
      const r = await call(token, 'GET', '/api/SaldosEstoque/resumo');
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const antes = await resumo();
    // Recomputed from what the other endpoints answer.
    const posicao = (await call(admin, 'GET', '/api/SaldosEstoque/posicao?limit=1000')).json() as Row[];
    const valor = posicao.reduce((s, l) => s + Math.round(Number(l.valor) * 100), 0);
    expect(Math.round(Number(antes.valorEmEstoque) * 100)).toBe(valor);
    const porProduto = new Map<number, number>();
    for (const l of posicao) porProduto.set(l.produtoId, (porProduto.get(l.produtoId) ?? 0) + Number(l.quantidade));
    expect(antes.produtosComSaldo).toBe([...porProduto.values()].filter((v) => v > 0).length);
    const produtos = (await call(admin, 'GET', `/api/Produtos?filter=${q({ where: { ativo: true }, fields: ['id', 'estoqueMinimo'], limit: 1000 })}`)).json() as Row[];
    const abaixo = produtos.filter((p) => Number(p.estoqueMinimo ?? 0) > 0 && (porProduto.get(p.id) ?? 0) < Number(p.estoqueMinimo)).length;
    expect(antes.abaixoDoMinimo).toBe(abaixo);
    expect(abaixo).toBeGreaterThan(0);
    // The demo's milk (20 days) and yoghurt (6 days) lotes expire within 30 days; the other milk lote in 110.
    expect(antes).toMatchObject({ lotesVencendo: 2, lotesVencidos: 0, diasVencimento: 30 });
    // A lote that expired yesterday, counted into stock: one expired; without balance it would not count.
    const produto = produtos.find((p) => Number(p.estoqueMinimo ?? 0) > 0)!;
    const ontem = new Date(Date.now() - 86400000).toISOString().slice(0, 10);
    const lote = await call(admin, 'POST', '/api/Lotes', { produtoId: produto.id, numero: 'VENCIDO-1', validade: ontem });
    expect(lote.statusCode, lote.body).toBe(200);
    expect((await resumo()).lotesVencidos).toBe(0);
    const principal = (await call(admin, 'GET', `/api/Depositos?filter=${q({ where: { padrao: true } })}`)).json()[0].id;
    const acerto = await call(admin, 'POST', '/api/AcertosEstoque', { depositoId: principal, motivo: 'Lote vencido achado', itens: [{ produtoId: produto.id, loteId: lote.json().id, quantidade: '3' }] });
    expect(acerto.statusCode, acerto.body).toBe(200);
    expect((await call(admin, 'POST', `/api/AcertosEstoque/${acerto.json().id}/efetivar`)).statusCode).toBe(200);
    expect(await resumo()).toMatchObject({ lotesVencidos: 1, lotesVencendo: 2 });
    // Another account sees only its own (no stock); a user without product or depósito access is refused.
    expect(await resumo(await login(app, 'admin@vizinha.com.br'))).toEqual({ valorEmEstoque: '0.00', produtosComSaldo: 0, abaixoDoMinimo: expect.any(Number), lotesVencendo: 0, lotesVencidos: 0, diasVencimento: 30 });
    expect((await call(await login(app, 'contador@demo.com.br'), 'GET', '/api/SaldosEstoque/resumo')).statusCode).toBe(403);
  });

  it('entrada de nota fiscal lists what goods-entry documents posted (and their reversals), nothing else, through the queue', async () => {
    const u = (await srv.db.query<Row>(`SELECT tenant_id, id, filial_selecionada_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
    const scope = { tenantId: u.tenant_id, userId: u.id, branchId: u.filial_selecionada_id };
    const deposito = (await call(admin, 'GET', `/api/Depositos?filter=${q({ where: { padrao: true } })}`)).json()[0].id;
    const produto = (await call(admin, 'POST', '/api/Produtos', { descricao: 'Café torrado 500 g da nota', codigo: 'NF-CAFE', tipoProduto: 0 })).json();
    const outro = (await call(admin, 'POST', '/api/Produtos', { descricao: 'Açúcar cristal 1 kg fora da nota', codigo: 'NF-ACUC', tipoProduto: 0 })).json();
    const vazio = await planilha((await exportar(admin, 'EntradaNotaFiscal', 'xlsx')).file.rawPayload);
    expect(vazio[0]).toEqual(['Data', 'Nota', 'Código', 'Produto', 'Depósito', 'Lote', 'Quantidade', 'Custo unitário', 'Valor']);
    const entradas = vazio.length - 1;
    // A goods entry posts its lines under the purchasing document's origin; a bonus and a count post under others.
    await srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: produto.id, depositoId: deposito, quantidade: '24', custoUnitario: '12.50', tipo: TipoMovimentacao.COMPRA, origemLinha: 1 }], { tipo: ORIGENS_ENTRADA_NOTA[0], id: 9001 }));
    await srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: outro.id, depositoId: deposito, quantidade: '10', custoUnitario: '4.00', tipo: TipoMovimentacao.BONIFICACAO }], { tipo: 'acertoEstoque', id: 9002 }));
    const linhas = await planilha((await exportar(admin, 'EntradaNotaFiscal', 'xlsx', { produtoId: produto.id })).file.rawPayload);
    expect(linhas).toHaveLength(2);
    expect(linhas[1].slice(2)).toEqual(['NF-CAFE', 'Café torrado 500 g da nota', 'Depósito principal', undefined, 24, 12.5, 300]);
    expect(String(linhas[1][1])).toMatch(/entradaNota|Entrada de nota fiscal/);
    // The entry cancelled: its reversal is listed too, as an estorno with the quantity out.
    await srv.db.tenant(scope, (tx) => estornar(tx, scope, { tipo: ORIGENS_ENTRADA_NOTA[0], id: 9001 }));
    const todas = await planilha((await exportar(admin, 'EntradaNotaFiscal', 'xlsx')).file.rawPayload);
    expect(todas).toHaveLength(entradas + 3);
    expect(todas.some((l) => String(l[3]).includes('fora da nota'))).toBe(false);
    expect(todas[1].slice(3, 9)).toEqual(['Café torrado 500 g da nota', 'Depósito principal', undefined, -24, 12.5, -300]);
    expect(String(todas[1][1])).toMatch(/^Estorno: /);
    const pdf = (await exportar(admin, 'EntradaNotaFiscal', 'pdf', { depositoId: deposito })).file;
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another account's export is its own (empty); a bad parameter is refused when queued.
    const vizinha = await login(app, 'admin@vizinha.com.br');
    expect(await planilha((await exportar(vizinha, 'EntradaNotaFiscal', 'xlsx')).file.rawPayload)).toHaveLength(1);
    const ruim = await call(admin, 'POST', '/api/Relatorios/exportar', { recurso: 'EntradaNotaFiscal', tipo: 'xlsx', filter: { where: { produtoId: 'café' } } });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().error.message).toBe('Produto inválido: café.');
  });

  it('bad parameters are a 400 in Portuguese when queued, and nothing is queued', async () => {
    const antes = (await call(admin, 'GET', '/api/Relatorios/count')).json().count;
    const cases: [string, Row, RegExp][] = [
      ['PosicaoEstoque', { depositoId: 'abc' }, /^Depósito inválido: abc\.$/],
      ['MovimentacaoEstoque', { tipo: 99 }, /^Tipo de movimentação inválido: 99\.$/],
      ['MovimentacaoEstoque', { de: 'ontem' }, /^Data inicial inválida: ontem\.$/],
      ['MovimentacaoEstoque', { de: '2026-02-01T00:00:00Z', ate: '2026-01-01T00:00:00Z' }, /^A data inicial deve ser anterior à data final\.$/],
    ];
    for (const [recurso, where, msg] of cases) {
      const res = await call(admin, 'POST', '/api/Relatorios/exportar', { recurso, tipo: 'xlsx', filter: { where } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(msg);
    }
    expect((await call(admin, 'POST', '/api/Relatorios/exportar', { recurso: 'PosicaoDeNada', tipo: 'xlsx' })).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/Relatorios/count')).json().count).toBe(antes);
  });

  it('needs the stock reports permission; another account exports only its own (empty) stock', async () => {
    const vendedor = await login(app, 'vendedor@demo.com.br');
    const negado = await call(vendedor, 'POST', '/api/Relatorios/exportar', { recurso: 'PosicaoEstoque', tipo: 'xlsx' });
    expect(negado.statusCode).toBe(403);
    expect(negado.json().error.message).toBe('Você não tem permissão para consultar a posição de estoque.');
    const vizinha = await login(app, 'admin@vizinha.com.br');
    expect(await planilha((await exportar(vizinha, 'PosicaoEstoque', 'xlsx')).file.rawPayload)).toHaveLength(1);
    expect(await planilha((await exportar(vizinha, 'MovimentacaoEstoque', 'xlsx')).file.rawPayload)).toHaveLength(1);
    // And the demo's report is not reachable from the other account.
    const nosso = (await exportar(admin, 'PosicaoEstoque', 'pdf')).job;
    expect((await call(vizinha, 'GET', `/api/Relatorios/${nosso.id}/arquivo`)).statusCode).toBe(404);
  });
});
