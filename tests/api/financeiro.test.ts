import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { baixarParcelas, baixarParcelasEmLote, criarLancamento } from '../../src/server/financeiro/lancamentos.ts';

// Lançamentos with parcelas, baixas and estornos, transferências: every posting goes through the ledger
// movimentos_financeiros and the balances per conta, which a test recomputes; bad input writes nothing.
describe.each(BACKENDS)('financeiro on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  let caixa: number;
  let banco: number;
  let contaVizinha: number;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const saldo = async (contaId: number, token = admin) => ((await call(token, 'GET', '/api/ContasFinanceiras/saldos')).json() as { contaId: number; saldo: string }[]).find((s) => s.contaId === contaId)?.saldo;
  /** Row counts of every financeiro table, as the database owner sees them (all tenants). */
  const contagens = async () => {
    const out: Record<string, number> = {};
    for (const t of ['lancamentos', 'parcelas', 'baixas', 'movimentos_financeiros', 'transferencias_financeiras', 'saldos_contas']) {
      out[t] = Number((await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n);
    }
    out.baixado = Number((await srv.db.query<{ s: string }>(`SELECT coalesce(sum(valor_baixado), 0)::text AS s FROM parcelas`)).rows[0].s);
    return out;
  };
  const novaConta = async (token: string, descricao: string, saldoInicial = '0.00') => {
    const r = await call(token, 'POST', '/api/ContasFinanceiras', { descricao, tipo: 1, banco: 'Banco do Brasil', agencia: '1234', conta: '56789-0', saldoInicial, dataSaldoInicial: '2026-01-01' });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().id as number;
  };

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
    caixa = await novaConta(admin, 'Caixa do teste', '100.00');
    banco = await novaConta(admin, 'Banco do teste');
    contaVizinha = await novaConta(vizinha, 'Conta da vizinha');
  });
  afterAll(async () => srv?.close());

  it('the demo account has a month of receitas and despesas: paid, partly paid, overdue and ahead', async () => {
    const parcelas = (await call(admin, 'GET', `/api/Parcelas?filter=${q({ limit: 1000 })}`)).json() as { status: string }[];
    const status = new Set(parcelas.map((p) => p.status));
    for (const s of ['pago', 'parcial', 'atrasado', 'aberto']) expect(status.has(s), s).toBe(true);
    const saldos = (await call(admin, 'GET', '/api/ContasFinanceiras/saldos')).json() as { descricao: string; saldo: string }[];
    expect(saldos.map((s) => s.descricao)).toEqual(expect.arrayContaining(['Banco do Brasil', 'Caixa da loja', 'Aplicação CDB']));
    const cats = (await call(admin, 'GET', `/api/CategoriasFinanceiras?filter=${q({ fields: ['descricaoCompleta'], limit: 100 })}`)).json().map((c: any) => c.descricaoCompleta);
    expect(cats).toEqual(expect.arrayContaining(['Vendas - Balcão', 'Despesas fixas - Aluguel']));
    // the other account has none of it
    expect((await call(vizinha, 'GET', `/api/Parcelas?filter=${q({ limit: 1000 })}`)).json()).toEqual([]);
  });

  it('a despesa in 3 equal parcelas puts the rounding cents on the last one', async () => {
    const r = await call(admin, 'POST', '/api/Lancamentos', { tipo: 1, descricao: 'Aluguel trimestral', dataEmissao: '2026-01-31', valorTotal: '1000.00', numeroParcelas: 3 });
    expect(r.statusCode, r.body).toBe(200);
    const l = r.json();
    expect(l).toMatchObject({ tipo: 1, descricao: 'Aluguel trimestral', valorTotal: '1000.00', competencia: '2026-01', cancelado: false });
    expect(l.parcelas.map((p: any) => [p.numero, p.vencimento, p.valor])).toEqual([
      [1, '2026-01-31', '333.33'],
      [2, '2026-02-28', '333.33'],
      [3, '2026-03-31', '333.34'],
    ]);
    // due dates in the past: atrasado
    expect(l.parcelas.every((p: any) => p.status === 'atrasado')).toBe(true);
  });

  it('parcelas of one own must add up to the total: otherwise a Portuguese message and nothing written', async () => {
    const antes = await contagens();
    const r = await call(admin, 'POST', '/api/Lancamentos', {
      tipo: 0,
      descricao: 'Venda a prazo',
      dataEmissao: '2026-02-10',
      valorTotal: '300.00',
      parcelas: [
        { vencimento: '2026-03-10', valor: '150.00' },
        { vencimento: '2026-04-10', valor: '149.99' },
      ],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('Parcelas: a soma das parcelas (R$ 299,99) difere do valor total (R$ 300,00).');
    expect(r.json().error.details[0].campo).toBe('parcelas');
    expect(await contagens()).toEqual(antes);

    const ok = await call(admin, 'POST', '/api/Lancamentos', {
      tipo: 0,
      descricao: 'Venda a prazo',
      dataEmissao: '2026-02-10',
      competencia: '2026-02',
      valorTotal: '300.00',
      parcelas: [
        { vencimento: '2099-03-10', valor: '100.00' },
        { vencimento: '2099-04-10', valor: '200.00' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().parcelas.map((p: any) => [p.valor, p.status])).toEqual([
      ['100.00', 'aberto'],
      ['200.00', 'aberto'],
    ]);
  });

  // The form's JSON Schema answers first (the same messages as the screen), then the service's own rules.
  it.each([
    [{ tipo: 1, descricao: 'X', dataEmissao: '2026-01-01', valorTotal: '10.00' }, 'descricao', 'Dados inválidos: Descrição: Mínimo 2 caracteres!'],
    [{ tipo: 1, descricao: 'Conta de luz', dataEmissao: '1899-01-01', valorTotal: '10.00' }, 'dataEmissao', 'Data de emissão: a data deve estar entre 01/01/2000 e 31/12/2100.'],
    [{ tipo: 1, descricao: 'Conta de luz', dataEmissao: '2026-02-30', valorTotal: '10.00' }, 'dataEmissao', 'Dados inválidos: Data de emissão: Campo inválido!'],
    [{ tipo: 1, descricao: 'Conta de luz', dataEmissao: '2026-02-01', valorTotal: '10.001' }, 'valorTotal', 'Dados inválidos: Valor total: Campo inválido!'],
    [{ tipo: 1, descricao: 'Conta de luz', dataEmissao: '2026-02-01', valorTotal: '0' }, 'valorTotal', 'Valor total: o valor deve ser maior que zero.'],
    [{ tipo: 3, descricao: 'Conta de luz', dataEmissao: '2026-02-01', valorTotal: '10' }, 'tipo', 'Dados inválidos: Tipo: Campo inválido!'],
    [{ tipo: 1, descricao: 'Conta de luz', dataEmissao: '2026-02-01', valorTotal: '0.02', numeroParcelas: 3 }, 'numeroParcelas', 'Número de parcelas: cada parcela precisa de ao menos R$ 0,01.'],
  ])('refuses %o', async (body, campo, message) => {
    const antes = await contagens();
    const r = await call(admin, 'POST', '/api/Lancamentos', body);
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ message, details: [{ campo }] });
    expect(await contagens()).toEqual(antes);
  });

  it('a categoria of the other tipo or of another account is refused', async () => {
    const receita = await call(admin, 'POST', '/api/CategoriasFinanceiras', { descricao: 'Vendas do teste', tipo: 0 });
    expect(receita.statusCode, receita.body).toBe(200);
    const daVizinha = await call(vizinha, 'POST', '/api/CategoriasFinanceiras', { descricao: 'Despesa da vizinha', tipo: 1 });
    const base = { tipo: 1, descricao: 'Conta de água', dataEmissao: '2026-02-01', valorTotal: '80.00' };
    const a = await call(admin, 'POST', '/api/Lancamentos', { ...base, categoriaId: receita.json().id });
    expect(a.statusCode).toBe(400);
    expect(a.json().error.message).toBe('Categoria: "Vendas do teste" é de receita.');
    const b = await call(admin, 'POST', '/api/Lancamentos', { ...base, categoriaId: daVizinha.json().id });
    expect(b.statusCode).toBe(400);
    expect(b.json().error.message).toBe('Categoria: cadastro não encontrado.');
    // and the tree never mixes them
    const sub = await call(admin, 'POST', '/api/CategoriasFinanceiras', { descricao: 'Sub de despesa', tipo: 1, categoriaPaiId: receita.json().id });
    expect(sub.statusCode).toBe(400);
    const filha = await call(admin, 'POST', '/api/CategoriasFinanceiras', { descricao: 'Balcão', tipo: 0, categoriaPaiId: receita.json().id });
    expect(filha.statusCode, filha.body).toBe(200);
    const lida = await call(admin, 'GET', `/api/CategoriasFinanceiras/${filha.json().id}`);
    expect(lida.json().descricaoCompleta).toBe('Vendas do teste - Balcão');
  });

  it('partial baixa with juros, the rest later, then estorno: status, balance and ledger follow', async () => {
    const l = (await call(admin, 'POST', '/api/Lancamentos', { tipo: 0, descricao: 'Serviço prestado', dataEmissao: '2026-03-01', valorTotal: '500.00', numeroParcelas: 1, primeiroVencimento: '2099-03-01' })).json();
    const parcela = l.parcelas[0].id;
    const antes = new Decimal((await saldo(banco))!);

    const b1 = await call(admin, 'POST', `/api/Parcelas/${parcela}/baixar`, { contaId: banco, data: '2026-03-05', valor: '210.00', juros: '10.00' });
    expect(b1.statusCode, b1.body).toBe(200);
    expect(b1.json().baixas[0]).toMatchObject({ valor: '210.00', principal: '200.00' });
    let p = (await call(admin, 'GET', `/api/Parcelas?filter=${q({ where: { lancamentoId: l.id } })}`)).json()[0];
    expect(p).toMatchObject({ valorBaixado: '200.00', valorAberto: '300.00', status: 'parcial' });
    expect(await saldo(banco)).toBe(antes.plus(210).toFixed(2));

    // above the open amount without declaring juros/multa: refused, nothing written
    const cont = await contagens();
    const demais = await call(admin, 'POST', `/api/Parcelas/${parcela}/baixar`, { contaId: banco, data: '2026-03-06', valor: '300.01' });
    expect(demais.statusCode).toBe(400);
    expect(demais.json().error.message).toBe('Parcela 1 de "Serviço prestado": o valor baixado (R$ 300,01) passa do valor em aberto (R$ 300,00); informe a diferença como juros ou multa.');
    expect(await contagens()).toEqual(cont);
    // the same excess declared as multa is fine
    const b2 = await call(admin, 'POST', `/api/Parcelas/${parcela}/baixar`, { contaId: banco, data: '2026-03-06', valor: '300.01', multa: '0.01' });
    expect(b2.statusCode, b2.body).toBe(200);
    p = (await call(admin, 'GET', `/api/Parcelas?filter=${q({ where: { lancamentoId: l.id } })}`)).json()[0];
    expect(p).toMatchObject({ valorAberto: '0.00', status: 'pago' });
    expect(await saldo(banco)).toBe(antes.plus('510.01').toFixed(2));

    const paga = await call(admin, 'POST', `/api/Parcelas/${parcela}/baixar`, { contaId: banco, data: '2026-03-07' });
    expect(paga.statusCode).toBe(400);
    expect(paga.json().error.message).toBe('Parcela 1 de "Serviço prestado": já está paga.');

    const e = await call(admin, 'POST', `/api/Baixas/${b1.json().baixas[0].id}/estornar`, { data: '2026-03-10' });
    expect(e.statusCode, e.body).toBe(200);
    p = (await call(admin, 'GET', `/api/Parcelas?filter=${q({ where: { lancamentoId: l.id } })}`)).json()[0];
    expect(p).toMatchObject({ valorBaixado: '300.00', status: 'parcial' });
    expect(await saldo(banco)).toBe(antes.plus('300.01').toFixed(2));
    const again = await call(admin, 'POST', `/api/Baixas/${b1.json().baixas[0].id}/estornar`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Esta baixa já foi estornada.');
    const ofEstorno = await call(admin, 'POST', `/api/Baixas/${e.json().id}/estornar`, {});
    expect(ofEstorno.statusCode).toBe(400);
    // the lançamento shows the baixa, its estorno and the second baixa: nothing was edited away
    const full = (await call(admin, 'GET', `/api/Lancamentos/${l.id}`)).json();
    expect(full.baixas.map((b: any) => [b.valor, b.estornoDe])).toEqual([
      ['210.00', null],
      ['300.01', null],
      ['-210.00', b1.json().baixas[0].id],
    ]);
  });

  it('several parcelas settled at once, a despesa takes money out; cancelling needs the baixas undone first', async () => {
    const l = (await call(admin, 'POST', '/api/Lancamentos', { tipo: 1, descricao: 'Fornecedor de bebidas', dataEmissao: '2026-04-01', valorTotal: '90.00', numeroParcelas: 3, primeiroVencimento: '2099-04-10' })).json();
    const antes = new Decimal((await saldo(caixa))!);
    const r = await call(admin, 'POST', '/api/Parcelas/baixar', {
      contaId: caixa,
      data: '2026-04-10',
      itens: [{ parcelaId: l.parcelas[0].id }, { parcelaId: l.parcelas[1].id, desconto: '5.00' }],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().baixas.map((b: any) => [b.valor, b.principal])).toEqual([
      ['30.00', '30.00'],
      ['25.00', '30.00'],
    ]);
    expect(await saldo(caixa)).toBe(antes.minus(55).toFixed(2));
    const pagas = (await call(admin, 'GET', `/api/Lancamentos?filter=${q({ where: { tipo: 1, status: 'pago' } })}`)).json();
    expect(pagas.some((x: any) => x.id === l.id)).toBe(true);

    const c = await call(admin, 'POST', `/api/Lancamentos/${l.id}/cancelar`, {});
    expect(c.statusCode).toBe(400);
    for (const b of r.json().baixas) expect((await call(admin, 'POST', `/api/Baixas/${b.id}/estornar`, {})).statusCode).toBe(200);
    expect(await saldo(caixa)).toBe(antes.toFixed(2));
    expect((await call(admin, 'POST', `/api/Lancamentos/${l.id}/cancelar`, {})).statusCode).toBe(200);
    const lido = (await call(admin, 'GET', `/api/Lancamentos/${l.id}`)).json();
    expect(lido.parcelas.map((p: any) => p.status)).toEqual(['cancelado', 'cancelado', 'cancelado']);
    const cancelada = await call(admin, 'POST', `/api/Parcelas/${l.parcelas[2].id}/baixar`, { contaId: caixa, data: '2026-04-10' });
    expect(cancelada.statusCode).toBe(400);
  });

  it('a transferência writes two movements in one transaction', async () => {
    const [c0, b0] = [new Decimal((await saldo(caixa))!), new Decimal((await saldo(banco))!)];
    const t = await call(admin, 'POST', '/api/TransferenciasFinanceiras', { contaOrigemId: caixa, contaDestinoId: banco, data: '2026-04-15', valor: '40.50', descricao: 'Depósito do caixa' });
    expect(t.statusCode, t.body).toBe(200);
    expect(await saldo(caixa)).toBe(c0.minus('40.50').toFixed(2));
    expect(await saldo(banco)).toBe(b0.plus('40.50').toFixed(2));
    const movs = (await call(admin, 'GET', `/api/MovimentosFinanceiros?filter=${q({ limit: 1000 })}`)).json().filter((m: any) => m.transferenciaId === t.json().id);
    expect(movs.map((m: any) => [m.contaId, m.valor]).sort()).toEqual([[banco, '40.50'], [caixa, '-40.50']].sort());
    const mesma = await call(admin, 'POST', '/api/TransferenciasFinanceiras', { contaOrigemId: caixa, contaDestinoId: caixa, data: '2026-04-15', valor: '1.00' });
    expect(mesma.statusCode).toBe(400);
    expect(mesma.json().error.message).toBe('Conta de destino: escolha uma conta diferente da origem.');
  });

  it("another account's conta and parcela are not found, and nothing is written", async () => {
    const antes = await contagens();
    const t = await call(admin, 'POST', '/api/TransferenciasFinanceiras', { contaOrigemId: caixa, contaDestinoId: contaVizinha, data: '2026-04-15', valor: '10.00' });
    expect(t.statusCode).toBe(400);
    expect(t.json().error.message).toBe('Conta de destino: conta não encontrada.');
    const l = (await call(admin, 'POST', '/api/Lancamentos', { tipo: 0, descricao: 'Receita da demo', dataEmissao: '2026-04-01', valorTotal: '10.00' })).json();
    const depois = await contagens();
    const alheia = await call(admin, 'POST', `/api/Parcelas/${l.parcelas[0].id}/baixar`, { contaId: contaVizinha, data: '2026-04-15' });
    expect(alheia.statusCode).toBe(400);
    expect(alheia.json().error.message).toBe('Conta: conta não encontrada.');
    const pelaVizinha = await call(vizinha, 'POST', `/api/Parcelas/${l.parcelas[0].id}/baixar`, { contaId: contaVizinha, data: '2026-04-15' });
    expect(pelaVizinha.statusCode).toBe(400);
    expect(pelaVizinha.json().error.message).toBe('Parcela 1: parcela não encontrada.');
    expect((await call(vizinha, 'GET', `/api/Lancamentos/${l.id}`)).statusCode).toBe(404);
    expect((await call(vizinha, 'GET', '/api/Lancamentos')).json().some((x: any) => x.id === l.id)).toBe(false);
    expect(await contagens()).toEqual({ ...depois });
    expect(depois.lancamentos).toBe(antes.lancamentos + 1);
  });

  it('a date outside any sane range is refused on every posting, in Portuguese, and nothing is written', async () => {
    const l = (await call(admin, 'POST', '/api/Lancamentos', { tipo: 1, descricao: 'Conta de água', dataEmissao: '2026-04-01', valorTotal: '80.00', primeiroVencimento: '2099-04-10' })).json();
    const b = (await call(admin, 'POST', `/api/Parcelas/${l.parcelas[0].id}/baixar`, { contaId: banco, data: '2026-04-10', valor: '10.00' })).json().baixas[0];
    const antes = await contagens();
    const cases: [string, string, unknown, string][] = [
      ['baixa em 1900', `/api/Parcelas/${l.parcelas[0].id}/baixar`, { contaId: banco, data: '1900-04-10' }, 'Data da baixa: a data deve estar entre 01/01/2000 e 31/12/2100.'],
      ['baixa em 9999', '/api/Parcelas/baixar', { contaId: banco, data: '9999-12-31', itens: [{ parcelaId: l.parcelas[0].id }] }, 'Data da baixa: a data deve estar entre 01/01/2000 e 31/12/2100.'],
      ['transferência em 2101', '/api/TransferenciasFinanceiras', { contaOrigemId: caixa, contaDestinoId: banco, data: '2101-01-01', valor: '1.00' }, 'Data: a data deve estar entre 01/01/2000 e 31/12/2100.'],
      ['estorno em 1999', `/api/Baixas/${b.id}/estornar`, { data: '1999-12-31' }, 'Data do estorno: a data deve estar entre 01/01/2000 e 31/12/2100.'],
      ['parcela própria em 2200', '/api/Lancamentos', { tipo: 1, descricao: 'Conta de gás', dataEmissao: '2026-04-01', valorTotal: '10.00', parcelas: [{ vencimento: '2200-01-01', valor: '10.00' }] }, 'Parcela 1, vencimento: a data deve estar entre 01/01/2000 e 31/12/2100.'],
      ['360 parcelas a partir de 2090', '/api/Lancamentos', { tipo: 1, descricao: 'Financiamento', dataEmissao: '2026-04-01', valorTotal: '3600.00', numeroParcelas: 360, primeiroVencimento: '2090-01-01' }, 'Número de parcelas: o último vencimento passa de 31/12/2100.'],
    ];
    for (const [nome, url, body, message] of cases) {
      const r = await call(admin, 'POST', url, body);
      expect(r.statusCode, nome).toBe(400);
      expect(r.json().error.message, nome).toBe(message);
    }
    expect(await contagens()).toEqual(antes);
  });

  it('OpenAPI describes every call the finance and stock modules write by hand', async () => {
    const spec = (await call(admin, 'GET', '/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '../../src/server');
    const faltam: string[] = [];
    let vistas = 0;
    for (const dir of ['financeiro', 'financeiro/ofx', 'estoque']) {
      for (const f of readdirSync(join(root, dir)).filter((n) => n.endsWith('.ts'))) {
        for (const m of readFileSync(join(root, dir, f), 'utf8').matchAll(/app\.(get|post|put|patch|delete)\(\s*'(\/api\/[^']+)'/g)) {
          vistas++;
          const rota = m[2].replace(/:(\w+)/g, '{$1}');
          // A route with a name in its path (/RelatoriosFinanceiros/:nome) is described once per name.
          const padrao = new RegExp(`^${rota.replace(/\{\w+\}/g, '[^/]+')}$`);
          const descrita = spec.paths[rota]?.[m[1]] || Object.entries(spec.paths).some(([p, item]) => padrao.test(p) && item[m[1]]);
          if (!descrita) faltam.push(`${m[1].toUpperCase()} ${rota} (${dir}/${f})`);
        }
      }
    }
    expect(vistas).toBeGreaterThan(40);
    expect(faltam).toEqual([]);
    expect(spec.paths['/api/TransferenciasFinanceiras']).toHaveProperty('get');
    expect(spec.paths['/api/TransferenciasFinanceiras']).toHaveProperty('post');
    expect((spec.paths['/api/Lancamentos'].post as any).requestBody.content['application/json'].schema.properties).toHaveProperty('parcelas');
  });

  it('a profile without app.lancamento cannot read or post', async () => {
    expect((await call(vendedor, 'GET', '/api/Lancamentos')).statusCode).toBe(403);
    expect((await call(vendedor, 'POST', '/api/Lancamentos', { tipo: 1, descricao: 'Nada', dataEmissao: '2026-01-01', valorTotal: '1.00' })).statusCode).toBe(403);
  });

  it('concurrent baixas of one parcela never settle more than it is worth', async () => {
    const l = (await call(admin, 'POST', '/api/Lancamentos', { tipo: 0, descricao: 'Disputada', dataEmissao: '2026-05-01', valorTotal: '100.00', primeiroVencimento: '2099-05-01' })).json();
    const rs = await Promise.all(Array.from({ length: 6 }, () => call(admin, 'POST', `/api/Parcelas/${l.parcelas[0].id}/baixar`, { contaId: banco, data: '2026-05-02', valor: '40.00' })));
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(rs.filter((r) => r.statusCode === 400)).toHaveLength(4);
    const p = (await call(admin, 'GET', `/api/Parcelas?filter=${q({ where: { lancamentoId: l.id } })}`)).json()[0];
    expect(p.valorBaixado).toBe('80.00');
  });

  it("other modules post receivables inside their own transaction: the caller's rollback takes them back", async () => {
    const tenantId = Number((await srv.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id);
    const ctx = { tenantId, userId: 0 };
    const antes = await contagens();
    await expect(
      srv.db.tenant({ tenantId }, async (q) => {
        const l = await criarLancamento(q, ctx, { tipo: 0, descricao: 'Pedido 900 faturado', dataEmissao: '2026-05-01', valorTotal: '99.90', numeroParcelas: 2, origemTipo: 'pedidoVenda', origemId: 900 });
        await baixarParcelas(q, ctx, { contaId: caixa, data: '2026-05-01', itens: [{ parcelaId: l.parcelas[0].id }] });
        throw new Error('a nota fiscal foi rejeitada');
      }),
    ).rejects.toThrow('a nota fiscal foi rejeitada');
    expect(await contagens()).toEqual(antes);
    const ok = await srv.db.tenant({ tenantId }, (q) => criarLancamento(q, ctx, { tipo: 0, descricao: 'Pedido 901 faturado', dataEmissao: '2026-05-01', valorTotal: '99.90', numeroParcelas: 2, origemTipo: 'pedidoVenda', origemId: 901 }));
    const lido = (await call(admin, 'GET', `/api/Lancamentos/${ok.id}`)).json();
    expect(lido).toMatchObject({ origemTipo: 'pedidoVenda', origemId: 901, valorTotal: '99.90' });
    expect(lido.parcelas.map((p: any) => p.valor)).toEqual(['49.95', '49.95']);
  });

  it('the batched baixa writes the same rows as one baixa per parcela, with conta and date per item, and refuses a bad batch whole', async () => {
    const tenantId = Number((await srv.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id);
    const ctx = { tenantId, userId: 0 };
    const nova = (descricao: string, tipo = 0) => srv.db.tenant({ tenantId }, (tx) => criarLancamento(tx, ctx, { tipo, descricao, dataEmissao: '2026-06-01', valorTotal: '90.00', numeroParcelas: 3 }));
    const [a, b, c] = [await nova('Lote A'), await nova('Lote B'), await nova('Lote C', 1)];
    const saldos = { caixa: await saldo(caixa), banco: await saldo(banco) };
    // the single baixa as the reference: a's first parcela with juros
    const um = await srv.db.tenant({ tenantId }, (tx) => baixarParcelas(tx, ctx, { contaId: caixa, data: '2026-06-05', itens: [{ parcelaId: a.parcelas[0].id, valor: '31.50', juros: '1.50' }] }));
    const lote = await srv.db.tenant({ tenantId }, (tx) => baixarParcelasEmLote(tx, ctx, [
      { parcelaId: b.parcelas[0].id, contaId: caixa, data: '2026-06-05', valor: '31.50', juros: '1.50' },
      { parcelaId: b.parcelas[1].id, contaId: banco, data: '2026-06-06', valor: '10.00' },
      { parcelaId: c.parcelas[0].id, contaId: banco, data: '2026-06-06', desconto: '5.00' },
    ]));
    expect(lote.baixas.map((x) => [x.valor, x.principal])).toEqual([['31.50', '30.00'], ['10.00', '10.00'], ['25.00', '30.00']]);
    const linha = async (baixaId: number) => (await srv.db.query(
      `SELECT b.conta_id, b.data::text AS data, b.valor::text, b.principal::text, b.juros::text, b.multa::text, b.desconto::text, m.valor::text AS movimento, m.descricao, p.valor_baixado::text AS baixado
         FROM baixas b JOIN movimentos_financeiros m ON m.tenant_id = b.tenant_id AND m.baixa_id = b.id JOIN parcelas p ON p.tenant_id = b.tenant_id AND p.id = b.parcela_id WHERE b.id = $1`, [baixaId])).rows;
    const [ref] = await linha(um.baixas[0].id);
    const [igual] = await linha(lote.baixas[0].id);
    expect({ ...igual, descricao: igual.descricao.replace('Lote B', 'Lote A') }).toEqual(ref);
    expect((await linha(lote.baixas[2].id))[0]).toMatchObject({ movimento: '-25.00', descricao: 'Baixa: Parcela 1 de "Lote C"', baixado: '30.00', data: '2026-06-06' });
    expect(await saldo(caixa)).toBe(new Decimal(saldos.caixa!).plus('63.00').toFixed(2));
    expect(await saldo(banco)).toBe(new Decimal(saldos.banco!).plus('10.00').minus('25.00').toFixed(2));

    const antes = await contagens();
    const ruins: [Parameters<typeof baixarParcelasEmLote>[2], RegExp][] = [
      [[{ parcelaId: a.parcelas[1].id, contaId: caixa, data: '2026-06-05' }, { parcelaId: b.parcelas[0].id, contaId: caixa, data: '2026-06-05' }], /Parcela 1 de "Lote B": já está paga\./],
      [[{ parcelaId: a.parcelas[1].id, contaId: caixa, data: '2026-06-05' }, { parcelaId: a.parcelas[1].id, contaId: banco, data: '2026-06-05' }], /a mesma parcela aparece mais de uma vez/],
      [[{ parcelaId: a.parcelas[1].id, contaId: caixa, data: '2026-06-05' }, { parcelaId: a.parcelas[2].id, contaId: contaVizinha, data: '2026-06-05' }], /Conta: conta não encontrada\./],
      [[{ parcelaId: a.parcelas[1].id, contaId: caixa, data: '2026-02-30' }], /Data da baixa: informe uma data válida\./],
      [[{ parcelaId: a.parcelas[1].id, contaId: caixa, data: '2026-06-05', valor: '45.00' }], /passa do valor em aberto/],
    ];
    for (const [itens, msg] of ruins) await expect(srv.db.tenant({ tenantId }, (tx) => baixarParcelasEmLote(tx, ctx, itens))).rejects.toThrow(msg);
    expect(await contagens()).toEqual(antes);
  });

  it('a parcela paid by hand while a batched baixa runs is paid once: the batch waits for the lock and is refused', async () => {
    const tenantId = Number((await srv.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id);
    const ctx = { tenantId, userId: 0 };
    const l = await srv.db.tenant({ tenantId }, (tx) => criarLancamento(tx, ctx, { tipo: 0, descricao: 'Disputada em lote', dataEmissao: '2026-06-01', valorTotal: '40.00', numeroParcelas: 2 }));
    const [p1, p2] = l.parcelas.map((p) => p.id);
    const antes = await contagens();
    const lote = () => srv.db.tenant({ tenantId }, (tx) => baixarParcelasEmLote(tx, ctx, [{ parcelaId: p1, contaId: banco, data: '2026-06-10' }, { parcelaId: p2, contaId: banco, data: '2026-06-10' }]));
    let emLote!: Promise<unknown>;
    await srv.db.tenant({ tenantId }, async (tx) => {
      await baixarParcelas(tx, ctx, { contaId: caixa, data: '2026-06-09', itens: [{ parcelaId: p2 }] });
      emLote = lote();
      emLote.catch(() => {});
      // PostgreSQL: the batch is running on its own connection and waits for this transaction's row lock
      if (backend === 'postgres') {
        await vi.waitFor(async () => {
          const w = await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
          expect(w.rows[0].n).toBe(1);
        }, { timeout: 30_000, interval: 50 });
      }
    });
    await expect(emLote).rejects.toThrow(/Parcela 2 de "Disputada em lote": já está paga\./);
    const depois = await contagens();
    expect(depois.baixas - antes.baixas).toBe(1);
    expect(depois.baixado - antes.baixado).toBe(20);
    const p = await srv.db.query<{ v: string }>(`SELECT valor_baixado::text AS v FROM parcelas WHERE id = ANY($1::int[]) ORDER BY id`, [[p1, p2]]);
    expect(p.rows.map((x) => x.v)).toEqual(['0.00', '20.00']);
  });

  it('every balance equals saldo inicial plus the sum of its ledger movements', async () => {
    const r = await srv.db.query<{ tenant_id: number; conta_id: number; kept: string; ledger: string }>(
      `SELECT c.tenant_id, c.id AS conta_id, coalesce(s.saldo, 0)::text AS kept, coalesce((SELECT sum(m.valor) FROM movimentos_financeiros m WHERE m.tenant_id = c.tenant_id AND m.conta_id = c.id), 0)::text AS ledger
         FROM contas_financeiras c LEFT JOIN saldos_contas s ON s.tenant_id = c.tenant_id AND s.conta_id = c.id`,
    );
    expect(r.rows.length).toBeGreaterThan(2);
    for (const x of r.rows) expect(new Decimal(x.kept).toFixed(2), `conta ${x.conta_id}`).toBe(new Decimal(x.ledger).toFixed(2));
    // and each baixa's parcela: valor_baixado = sum of principal of its baixas (estornos are negative)
    const p = await srv.db.query<{ id: number; kept: string; ledger: string }>(
      `SELECT p.id, p.valor_baixado::text AS kept, coalesce((SELECT sum(b.principal) FROM baixas b WHERE b.tenant_id = p.tenant_id AND b.parcela_id = p.id), 0)::text AS ledger FROM parcelas p`,
    );
    for (const x of p.rows) expect(new Decimal(x.kept).toFixed(2), `parcela ${x.id}`).toBe(new Decimal(x.ledger).toFixed(2));
    const api = (await call(admin, 'GET', '/api/ContasFinanceiras/saldos')).json().find((s: any) => s.contaId === caixa);
    expect(new Decimal(api.saldo).minus(api.saldoInicial).toFixed(2)).toBe(api.movimentado);
  });
});
