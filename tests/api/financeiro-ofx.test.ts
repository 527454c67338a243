import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

const fixture = (nome: string) => readFileSync(join(import.meta.dirname, '../fixtures/ofx', nome));
const b64 = (b: Uint8Array | string) => Buffer.from(b).toString('base64');

// Conciliação OFX: a bank statement is imported once per conta (FITID), its lines are matched with open
// parcelas and posted movements, and each is reconciled through the finance service; bad files write nothing.
describe.each(BACKENDS)('conciliação OFX on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let itau: number;
  let caixa: number;
  let contaVizinha: number;
  let aluguelParcela: number;
  let restauranteParcela: number;
  let tarifas: number;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const contagens = async () => {
    const out: Record<string, number> = {};
    for (const t of ['extratos_ofx', 'transacoes_ofx', 'lancamentos', 'baixas', 'movimentos_financeiros']) out[t] = Number((await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n);
    return out;
  };
  const importar = (token: string, contaId: number, bytes: Uint8Array | string, nome = 'extrato.ofx') => call(token, 'POST', `/api/ContasFinanceiras/${contaId}/ofx`, { conteudo: b64(bytes), nome });
  const linhas = async (contaId: number, where: Record<string, unknown> = {}) => (await call(admin, 'GET', `/api/TransacoesOfx?filter=${q({ where: { contaId, ...where }, limit: 100 })}`)).json() as any[];
  const saldo = async (contaId: number) => ((await call(admin, 'GET', '/api/ContasFinanceiras/saldos')).json() as any[]).find((s) => s.contaId === contaId).saldo as string;

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    const conta = async (token: string, descricao: string, numero: string) => {
      const r = await call(token, 'POST', '/api/ContasFinanceiras', { descricao, tipo: 1, banco: '341 - Itaú Unibanco', agencia: '0987', conta: numero, saldoInicial: '1000.00', dataSaldoInicial: '2025-09-30' });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().id as number;
    };
    itau = await conta(admin, 'Itaú do teste', '12345-6');
    caixa = await conta(admin, 'Caixa do teste OFX', '');
    contaVizinha = await conta(vizinha, 'Itaú da vizinha', '12345-6');
    const tenant = (await srv.db.query<{ tenant_id: number }>(`SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].tenant_id;
    const restaurante = (await srv.db.query<{ id: number }>(`INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj) VALUES ($1, 0, 'Restaurante Sabor da Serra Ltda', '11222333000181') RETURNING id`, [tenant])).rows[0].id;
    const lanc = async (body: Record<string, unknown>) => {
      const r = await call(admin, 'POST', '/api/Lancamentos', body);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    aluguelParcela = (await lanc({ tipo: 1, descricao: 'Aluguel de outubro', dataEmissao: '2025-09-25', valorTotal: '3200.00', primeiroVencimento: '2025-10-05', documento: 'Contrato 12/2024' })).parcelas[0].id;
    // a decoy: same amount, due far from the line's date
    await lanc({ tipo: 1, descricao: 'Aluguel de dezembro', dataEmissao: '2025-11-25', valorTotal: '3200.00', primeiroVencimento: '2025-12-28' });
    restauranteParcela = (await lanc({ tipo: 0, descricao: 'Venda a prazo - restaurante', dataEmissao: '2025-09-20', valorTotal: '2760.90', primeiroVencimento: '2025-10-09', pessoaId: restaurante })).parcelas[0].id;
    // already settled into the conta: the line must meet this movement, not settle anything again
    const cantina = await lanc({ tipo: 0, descricao: 'Venda cantina', dataEmissao: '2025-10-01', valorTotal: '1500.00', primeiroVencimento: '2025-10-10' });
    expect((await call(admin, 'POST', `/api/Parcelas/${cantina.parcelas[0].id}/baixar`, { contaId: itau, data: '2025-10-09' })).statusCode).toBe(200);
    expect((await call(admin, 'POST', '/api/TransferenciasFinanceiras', { contaOrigemId: caixa, contaDestinoId: itau, data: '2025-10-15', valor: '3000.00' })).statusCode).toBe(200);
    tarifas = (await call(admin, 'POST', '/api/CategoriasFinanceiras', { descricao: 'Tarifas bancárias', tipo: 1 })).json().id;
  });
  afterAll(async () => srv?.close());

  it('the demo has an imported Banco do Brasil statement, some lines reconciled and some pending', async () => {
    const contas = (await call(admin, 'GET', '/api/ContasFinanceiras/saldos')).json() as any[];
    const bb = contas.find((c) => c.descricao === 'Banco do Brasil').contaId;
    const extratos = (await call(admin, 'GET', `/api/ContasFinanceiras/${bb}/ofx`)).json();
    expect(extratos).toHaveLength(1);
    const ls = await linhas(bb);
    expect(ls.filter((l) => l.status === 'conciliada')).toHaveLength(3);
    const pend = ls.filter((l) => l.status === 'pendente');
    expect(pend.length).toBeGreaterThanOrEqual(3);
    expect(pend.some((l) => l.sugestoes[0]?.tipo === 'parcela')).toBe(true);
    expect(pend.some((l) => !l.sugestoes.length)).toBe(true);
  });

  it('imports an Itaú statement (SGML, latin-1) and suggests the parcela, the settled movement and the transfer', async () => {
    const r = await importar(admin, itau, fixture('itau-sgml-latin1.ofx'), 'itau-outubro.ofx');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ transacoes: 6, novas: 6, repetidas: 0, dataInicio: '2025-10-01', dataFim: '2025-10-31', saldo: '8150.34', comSugestao: 4 });
    const ls = await linhas(itau);
    expect(ls.map((l) => [l.data, l.valor, l.status])).toEqual([
      ['2025-10-05', '-3200.00', 'pendente'],
      ['2025-10-08', '2760.90', 'pendente'],
      ['2025-10-10', '1500.00', 'pendente'],
      ['2025-10-15', '3000.00', 'pendente'],
      ['2025-10-20', '-45.90', 'pendente'],
      ['2025-10-25', '-119.90', 'pendente'],
    ]);
    expect(ls[4].descricao).toBe('TARIFA MANUTENÇÃO CONTA');
    const [aluguel, restaurante, cantina, deposito, tarifa] = ls;
    expect(aluguel.sugestoes[0]).toMatchObject({ tipo: 'parcela', id: aluguelParcela, valor: '3200.00' });
    expect(aluguel.sugestoes[0].motivos).toContain('documento');
    expect(aluguel.sugestoes.map((s: any) => s.id)).toHaveLength(1); // December's is out of the window
    expect(restaurante.sugestoes[0]).toMatchObject({ tipo: 'parcela', id: restauranteParcela, pessoa: 'Restaurante Sabor da Serra Ltda' });
    expect(restaurante.sugestoes[0].motivos).toContain('pessoa');
    expect(cantina.sugestoes[0]).toMatchObject({ tipo: 'movimento', valor: '1500.00', data: '2025-10-09' });
    expect(deposito.sugestoes[0]).toMatchObject({ tipo: 'movimento', valor: '3000.00', data: '2025-10-15' });
    expect(tarifa.sugestoes).toEqual([]);
  });

  it('the same file twice imports nothing new and says so', async () => {
    const antes = await contagens();
    const r = await importar(admin, itau, fixture('itau-sgml-latin1.ofx'));
    expect(r.statusCode).toBe(409);
    expect(r.json().error.message).toMatch(/^Este extrato já foi importado em \d{2}\/\d{2}\/\d{4}: as 6 transações já estão na conta "Itaú do teste"\. Nenhuma transação nova; nada foi gravado\.$/);
    expect(await contagens()).toEqual(antes);
  });

  it('an overlapping statement brings only its new lines', async () => {
    const s = new TextDecoder('windows-1252').decode(fixture('itau-sgml-latin1.ofx'));
    const extra = '<STMTTRN>\r\n<TRNTYPE>DEBIT\r\n<DTPOSTED>20251030\r\n<TRNAMT>-10.00\r\n<FITID>20251030007\r\n<MEMO>TARIFA PIX\r\n</STMTTRN>\r\n</BANKTRANLIST>';
    const bytes = Buffer.from(s.replace('</BANKTRANLIST>', extra), 'latin1');
    const r = await importar(admin, itau, bytes);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ transacoes: 7, novas: 1, repetidas: 6, mensagem: '1 transações novas importadas; 6 já tinham sido importadas antes e foram ignoradas.' });
  });

  it('reconciles: settles the parcela, meets the movements, creates a new entry with its category, ignores a line', async () => {
    const saldoAntes = await saldo(itau);
    const ls = await linhas(itau, { status: 'pendente' });
    const [aluguel, restaurante, cantina, deposito, tarifa, internet] = ls;
    const r = await call(admin, 'POST', '/api/TransacoesOfx/conciliar', {
      itens: [
        { transacaoId: aluguel.id, parcelaId: aluguel.sugestoes[0].id },
        { transacaoId: restaurante.id, parcelaId: restaurante.sugestoes[0].id },
        { transacaoId: cantina.id, movimentoId: cantina.sugestoes[0].id },
        { transacaoId: deposito.id, movimentoId: deposito.sugestoes[0].id },
        { transacaoId: tarifa.id, novo: { categoriaId: tarifas } },
        { transacaoId: internet.id, ignorar: true },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().itens.map((i: any) => [i.status, i.conciliacao])).toEqual([
      ['conciliada', 'parcela'],
      ['conciliada', 'parcela'],
      ['conciliada', 'movimento'],
      ['conciliada', 'movimento'],
      ['conciliada', 'novo'],
      ['ignorada', null],
    ]);
    // the balance moved by the lines that were not in the ledger yet: -3200 + 2760.90 - 45.90
    expect(Number(await saldo(itau)) - Number(saldoAntes)).toBeCloseTo(-485, 2);
    const p = (await call(admin, 'GET', `/api/Parcelas?filter=${q({ where: { lancamentoId: (await call(admin, 'GET', `/api/Lancamentos/${r.json().itens[0].lancamentoId}`)).json().id } })}`)).json();
    expect(p[0]).toMatchObject({ id: aluguelParcela, status: 'pago', valorBaixado: '3200.00' });
    const novo = (await call(admin, 'GET', `/api/Lancamentos/${r.json().itens[4].lancamentoId}`)).json();
    expect(novo).toMatchObject({ tipo: 1, descricao: 'TARIFA MANUTENÇÃO CONTA', categoriaId: tarifas, valorTotal: '45.90', dataEmissao: '2025-10-20', origemTipo: 'extratoOfx' });
    expect(novo.parcelas[0].status).toBe('pago');
    // the extrato's line and the ledger's movement agree
    const conc = await linhas(itau, { status: 'conciliada' });
    const movs = (await call(admin, 'GET', `/api/MovimentosFinanceiros?filter=${q({ where: { contaId: itau }, limit: 1000 })}`)).json() as any[];
    for (const l of conc) expect(movs.find((m) => m.id === l.movimentoId)).toMatchObject({ valor: l.valor });
  });

  it('a line whose baixa was undone says so, and can be reconciled again after undoing it', async () => {
    const aluguel = (await linhas(itau, { status: 'conciliada' })).find((l) => l.valor === '-3200.00');
    expect(aluguel.estornada).toBe(false);
    const baixa = (await call(admin, 'GET', `/api/Lancamentos/${aluguel.lancamentoId}`)).json().baixas[0];
    expect((await call(admin, 'POST', `/api/Baixas/${baixa.id}/estornar`, { data: '2025-10-06' })).statusCode).toBe(200);
    expect((await linhas(itau, { status: 'conciliada' })).find((l) => l.id === aluguel.id).estornada).toBe(true);
    expect((await call(admin, 'POST', `/api/TransacoesOfx/${aluguel.id}/desfazer`)).statusCode).toBe(200);
    const again = (await linhas(itau, { status: 'pendente' })).find((l) => l.id === aluguel.id);
    // the estornado movement is not offered; the parcela is open again
    expect(again.sugestoes[0]).toMatchObject({ tipo: 'parcela', id: aluguelParcela });
    const r = await call(admin, 'POST', `/api/TransacoesOfx/${aluguel.id}/conciliar`, { parcelaId: aluguelParcela });
    expect(r.statusCode, r.body).toBe(200);
  });

  it('a reconciled line cannot be reconciled again, and a movement answers for one line only', async () => {
    const [l] = await linhas(itau, { status: 'conciliada' });
    const again = await call(admin, 'POST', `/api/TransacoesOfx/${l.id}/conciliar`, { ignorar: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/já está conciliada/);
    // the last pending line (TARIFA PIX -10.00) may not take a movement of another amount
    const [pend] = await linhas(itau, { status: 'pendente' });
    const movOutro = (await call(admin, 'GET', `/api/MovimentosFinanceiros?filter=${q({ where: { contaId: itau }, limit: 1 })}`)).json()[0];
    const wrong = await call(admin, 'POST', `/api/TransacoesOfx/${pend.id}/conciliar`, { movimentoId: movOutro.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/diferente do extrato/);
    const semCategoria = await call(admin, 'POST', `/api/TransacoesOfx/${pend.id}/conciliar`, { novo: {} });
    expect(semCategoria.statusCode).toBe(400);
    expect(semCategoria.json().error.message).toMatch(/escolha a categoria/);
  });

  it('undoing puts the line back to pendente and the ledger stays as it is', async () => {
    const antes = await contagens();
    const ign = (await linhas(itau, { status: 'ignorada' }))[0];
    const r = await call(admin, 'POST', `/api/TransacoesOfx/${ign.id}/desfazer`);
    expect(r.statusCode, r.body).toBe(200);
    expect(await contagens()).toEqual(antes);
    // pendente takes no desfazer: refused, nothing changed
    const deNovo = await call(admin, 'POST', `/api/TransacoesOfx/${ign.id}/desfazer`);
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json().error.message).toBe('Esta transação já está pendente.');
    expect(await contagens()).toEqual(antes);
    expect((await linhas(itau, { status: 'pendente' })).map((l) => l.id)).toContain(ign.id);
  });

  it.each([
    ['BB (SGML, ISO-8859-1, repeated FITIDs)', 'bb-sgml-latin1.ofx', '56789-0', 3],
    ['Bradesco (SGML, time zones)', 'bradesco-sgml-latin1.ofx', '0054321-7', 3],
    ['Nubank (UTF-8, closed leaves)', 'nubank-utf8.ofx', '98765432-1', 3],
    ['Inter (OFX 2, XML)', 'inter-xml.ofx', '11223344-5', 2],
  ])('imports %s', async (_n, arquivo, numero, n) => {
    const c = await call(admin, 'POST', '/api/ContasFinanceiras', { descricao: `Conta ${arquivo}`, tipo: 1, conta: numero });
    const r = await importar(admin, c.json().id, fixture(arquivo));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().novas).toBe(n);
    expect((await importar(admin, c.json().id, fixture(arquivo))).statusCode).toBe(409);
  });

  it.each([
    ['truncated', (b: Buffer) => b.subarray(0, Math.floor(b.length / 2)), /^Arquivo OFX incompleto/],
    ['a spreadsheet', () => Buffer.from('Data;Valor\n01/10/2026;10,00'), /não é um extrato OFX/],
    ['a broken amount', (b: Buffer) => Buffer.from(b.toString('latin1').replace('-45.90', '-45,9O'), 'latin1'), /valor "-45,9O"/],
    ['empty', () => Buffer.alloc(0), /Envie o arquivo OFX|vazio/],
  ])('refuses a file that is %s, in Portuguese, writing nothing', async (_n, mudar, msg) => {
    const c = (await call(admin, 'POST', '/api/ContasFinanceiras', { descricao: `Conta vazia ${_n}`, tipo: 1 })).json().id;
    const antes = await contagens();
    const r = await importar(admin, c, mudar(fixture('itau-sgml-latin1.ofx')));
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toMatch(msg);
    expect(await contagens()).toEqual(antes);
  });

  it('two imports of the same file at once: one imports, the other is refused, nothing doubled', async () => {
    const c = (await call(admin, 'POST', '/api/ContasFinanceiras', { descricao: 'Conta concorrida', tipo: 1, conta: '98765432-1' })).json().id;
    const rs = await Promise.all([importar(admin, c, fixture('nubank-utf8.ofx')), importar(admin, c, fixture('nubank-utf8.ofx'))]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await linhas(c)).length).toBe(3);
    expect(Number((await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM extratos_ofx WHERE conta_id = $1`, [c])).rows[0].n)).toBe(1);
  });

  it('refuses a statement of another bank account', async () => {
    const antes = await contagens();
    const r = await importar(admin, itau, fixture('inter-xml.ofx'));
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('Este extrato é da conta 11223344-5, agência 0001, e não da conta "Itaú do teste" (12345-6). Nada foi importado.');
    expect(await contagens()).toEqual(antes);
  });

  it('refuses a malformed or truncated file whole, in Portuguese, and writes nothing', async () => {
    const conta = (await call(admin, 'POST', '/api/ContasFinanceiras', { descricao: 'Bradesco do teste', tipo: 1, conta: '0054321-7' })).json().id;
    const s = new TextDecoder('windows-1252').decode(fixture('bradesco-sgml-latin1.ofx'));
    const latin1 = (t: string) => Buffer.from(t, 'latin1');
    const cases: [string, Uint8Array | string, RegExp][] = [
      ['truncated in the middle', latin1(s.slice(0, Math.floor(s.length * 0.6))), /incompleto/],
      ['without </OFX>', latin1(s.replace('</OFX>', '')), /incompleto/],
      ['a wrong end tag', latin1(s.replace('</STMTTRN>', '</STMTRS>')), /inesperado/],
      ['a CSV, not an OFX', 'Data;Valor\n01/10/2025;10,00\n', /não é um extrato OFX|<OFX>/],
      ['an empty file', '', /arquivo|vazio|OFX/i],
    ];
    const antes = await contagens();
    for (const [nome, bytes, msg] of cases) {
      const r = await importar(admin, conta, bytes);
      expect(r.statusCode, nome).toBe(400);
      expect(r.json().error.message, nome).toMatch(msg);
      expect(r.json().error.message, nome).not.toMatch(/Error|undefined|null|TypeError/);
    }
    // not base64 at all, and no file
    expect((await call(admin, 'POST', `/api/ContasFinanceiras/${conta}/ofx`, { conteudo: '%%%' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', `/api/ContasFinanceiras/${conta}/ofx`, {})).statusCode).toBe(400);
    expect(await contagens()).toEqual(antes);
    expect(await linhas(conta)).toEqual([]);
    // the whole file then imports
    const ok = await importar(admin, conta, fixture('bradesco-sgml-latin1.ofx'));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().novas).toBe(3);
  });

  it('is described in the OpenAPI document', async () => {
    const spec = (await call(admin, 'GET', '/api/openapi.json')).json();
    for (const p of ['/api/ContasFinanceiras/{id}/ofx', '/api/TransacoesOfx/conciliar', '/api/LancamentosRecorrentes/{id}', '/api/RelatoriosFinanceiros/fluxo-caixa']) expect(spec.paths[p], p).toBeDefined();
  });

  it('keeps accounts apart: another tenant neither imports into nor reads nor reconciles this one', async () => {
    const antes = await contagens();
    const r = await importar(vizinha, itau, fixture('itau-sgml-latin1.ofx'));
    expect(r.statusCode).toBe(404);
    expect(await contagens()).toEqual(antes);
    expect((await call(vizinha, 'GET', `/api/TransacoesOfx?filter=${q({ where: { contaId: itau } })}`)).json()).toEqual([]);
    const [l] = await linhas(itau, { status: 'pendente' });
    const c = await call(vizinha, 'POST', `/api/TransacoesOfx/${l.id}/conciliar`, { ignorar: true });
    expect(c.statusCode).toBe(404);
    // the neighbour imports the same file into her own conta: FITIDs are per conta
    const own = await importar(vizinha, contaVizinha, fixture('itau-sgml-latin1.ofx'));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().novas).toBe(6);
    // and her lines cannot settle this account's parcelas
    const [dela] = (await call(vizinha, 'GET', `/api/TransacoesOfx?filter=${q({ where: { contaId: contaVizinha }, limit: 1 })}`)).json();
    expect(dela.sugestoes).toEqual([]);
    const cross = await call(vizinha, 'POST', `/api/TransacoesOfx/${dela.id}/conciliar`, { parcelaId: aluguelParcela });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.message).toMatch(/parcela não encontrada/);
  });
});
