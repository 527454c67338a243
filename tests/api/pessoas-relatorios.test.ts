import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { agoraLocal } from '../../src/server/vendas/pedido-venda.ts';
import { reportDocs } from '../../src/server/relatorios/documentos.ts';
import { textoDoValor } from '../../src/shared/report-format.ts';

type Row = Record<string, any>;

// Relatórios > Pessoas (issue 42): clientes/fornecedores with filters, aniversariantes, clientes sem compra,
// ranking by revenue (the sales source), clientes with overdue titles; on screen and exported to XLSX with the
// same rows; bad filters are a 400; app.pessoa decides; the other account sees none of it.
describe.each(BACKENDS)('relatórios de pessoas on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  let a: Row;
  let c: Row;
  let valorPedido: string;
  const hoje = agoraLocal().data;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const ok = async (method: string, url: string, payload?: unknown, token = admin) => {
    const r = await call(token, method, url, payload);
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
    return r.json();
  };
  const tela = (fonte: string, params: Row = {}, token = admin) => ok('GET', `/api/Pessoas/relatorios/${fonte}?${new URLSearchParams(params)}`, undefined, token);
  const exportar = async (recurso: string, where: Row = {}) => {
    const queued = await call(admin, 'POST', '/api/Relatorios/exportar', { recurso, tipo: 'xlsx', filter: { where } });
    expect(queued.statusCode, queued.body).toBe(200);
    let file = await call(admin, 'GET', `/api/Relatorios/${queued.json().id}/arquivo`);
    for (let i = 0; i < 600 && file.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      file = await call(admin, 'GET', `/api/Relatorios/${queued.json().id}/arquivo`);
    }
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const titulos = reportDocs().get(recurso)!.columns.map((col) => col.title);
    const i = rows.findIndex((r) => JSON.stringify(r) === JSON.stringify(titulos));
    expect(i, `cabeçalho de ${recurso}`).toBeGreaterThanOrEqual(0);
    return rows.slice(i + 1);
  };
  /** The screen's rows as the XLSX holds them: numbers as numbers, the rest as the screen's text. */
  const comoPlanilha = (recurso: string, rows: Row[]) =>
    rows.map((r) =>
      reportDocs()
        .get(recurso)!
        .columns.map((col) => {
          const v = r[col.field];
          if (v === null || v === undefined || v === '') return undefined;
          if (['money', 'integer', 'percent', 'decimal', 'quantity'].includes(col.kind)) return Number(v);
          // Dates are date cells (midnight, no zone), as the sheet's own dd/mm/yyyy format shows them.
          if (col.kind === 'date') {
            const [y, m, d] = String(v).slice(0, 10).split('-').map(Number);
            return new Date(Date.UTC(y, m - 1, d));
          }
          return textoDoValor(col.kind as any, v);
        }),
    );
  /** Empty cells as null, trailing ones dropped (a spreadsheet row ends at its last filled cell). */
  const semVazios = (rows: unknown[][]) =>
    rows.map((r) => {
      const x = Array.from(r, (v) => (v === undefined || v === '' ? null : v));
      while (x.length && x.at(-1) === null) x.pop();
      return x;
    });

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
    a = await ok('POST', '/api/Clientes', { nome: 'Pessoas Teste Ana', cpfCnpj: '39053344705', telefone: '11987654321', grupo: 'Atacado Teste', uf: 'SP', codigoMunicipio: 3550308, dataNascimento: '1990-12-25' });
    await ok('POST', '/api/Clientes', { nome: 'Pessoas Teste Bruno', grupo: 'Atacado Teste', uf: 'RJ', codigoMunicipio: 3304557, ativo: false, dataNascimento: '1980-12-28' });
    c = await ok('POST', '/api/Clientes', { nome: 'Pessoas Teste Carla', email: 'carla@exemplo.com.br', dataNascimento: '1985-01-05' });
    await ok('POST', '/api/Fornecedores', { nome: 'Pessoas Teste Fornecedor', grupo: 'Matéria-prima Teste', uf: 'MG' });
    // Ana buys today (a faturado order); Carla owes a title due in 2020.
    const deposito = (await ok('GET', `/api/Depositos?filter=${encodeURIComponent(JSON.stringify({ where: { padrao: true } }))}`))[0].id;
    const produto = await ok('POST', '/api/Produtos', { descricao: 'Pessoas teste produto', codigo: 'PTP1', tipoProduto: 0, precoCusto: '5.00', precoVenda: '12.50' });
    const acerto = await ok('POST', '/api/AcertosEstoque', { depositoId: deposito, motivo: 'Estoque do teste de pessoas', itens: [{ produtoId: produto.id, quantidade: '10' }] });
    await ok('POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);
    const forma = (await ok('GET', `/api/FormasPagamentoFinanceiro?filter=${encodeURIComponent(JSON.stringify({ limit: 1 }))}`))[0];
    const pedido = await ok('POST', '/api/PedidosVenda', { clienteId: a.id, depositoId: deposito, formaPagamentoId: forma.id, itens: [{ produtoId: produto.id, quantidade: '4' }] });
    await ok('POST', `/api/PedidosVenda/${pedido.id}/confirmar`);
    valorPedido = (await ok('POST', `/api/PedidosVenda/${pedido.id}/faturar`)).valorTotal;
    await ok('POST', '/api/Lancamentos', { tipo: 0, descricao: 'Título atrasado de teste', dataEmissao: '2020-01-02', valorTotal: '150.00', numeroParcelas: 2, primeiroVencimento: '2020-01-10', pessoaId: c.id });
  });
  afterAll(async () => srv?.close());

  it('clientes and fornecedores by grupo, UF, cidade and situação', async () => {
    const ativos = await tela('RelacaoClientes', { grupo: 'atacado teste' });
    expect(ativos).toEqual([{ nome: 'Pessoas Teste Ana', documento: '390.533.447-05', cidade: 'São Paulo', uf: 'SP', grupo: 'Atacado Teste', telefone: '(11) 9 8765-4321', email: null, situacao: 'Ativo' }]);
    expect((await tela('RelacaoClientes', { grupo: 'Atacado Teste', situacao: 'todos' })).map((r: Row) => r.nome)).toEqual(['Pessoas Teste Ana', 'Pessoas Teste Bruno']);
    expect((await tela('RelacaoClientes', { grupo: 'Atacado Teste', situacao: 'inativos', uf: 'rj' })).map((r: Row) => [r.nome, r.cidade, r.situacao])).toEqual([['Pessoas Teste Bruno', 'Rio de Janeiro', 'Inativo']]);
    expect((await tela('RelacaoClientes', { cidade: 'sao paulo' })).some((r: Row) => r.nome === 'Pessoas Teste Ana')).toBe(true);
    expect((await tela('RelacaoClientes', { cidade: 'sao paulo' })).every((r: Row) => r.cidade === 'São Paulo')).toBe(true);
    expect((await tela('RelacaoFornecedores', { grupo: 'Matéria-prima Teste' })).map((r: Row) => [r.nome, r.uf])).toEqual([['Pessoas Teste Fornecedor', 'MG']]);
    const uf = await call(admin, 'GET', '/api/Pessoas/relatorios/RelacaoClientes?uf=XYZ');
    expect(uf.statusCode).toBe(400);
    expect(uf.json().error.message).toBe('Filtro uf inválido.');
    const sit = await call(admin, 'GET', '/api/Pessoas/relatorios/RelacaoClientes?situacao=bloqueados');
    expect(sit.statusCode).toBe(400);
    expect(sit.json().error.message).toBe('Situação inválida: bloqueados (use ativos, inativos ou todos).');
  });

  it('aniversariantes of a period across the new year, in calendar order, inactive clientes left out', async () => {
    const rows = await tela('AniversariantesPeriodo', { de: '2031-12-20', ate: '2032-01-10' });
    const meus = rows.filter((r: Row) => String(r.nome).startsWith('Pessoas Teste'));
    expect(meus).toEqual([
      { aniversario: '25/12', nome: 'Pessoas Teste Ana', dataNascimento: '1990-12-25', idade: 41, telefone: '(11) 9 8765-4321', email: null },
      { aniversario: '05/01', nome: 'Pessoas Teste Carla', dataNascimento: '1985-01-05', idade: 47, telefone: null, email: 'carla@exemplo.com.br' },
    ]);
    expect((await tela('AniversariantesPeriodo', { de: '2031-02-01', ate: '2031-02-28' })).some((r: Row) => String(r.nome).startsWith('Pessoas Teste'))).toBe(false);
    const bad = await call(admin, 'GET', '/api/Pessoas/relatorios/AniversariantesPeriodo?de=2031-02-01&ate=2031-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('A data inicial deve ser anterior à data final.');
  });

  it('clientes sem compra há N dias: the one who bought today is left out, the one who never bought comes first', async () => {
    const rows = await tela('ClientesSemCompra', { dias: '30' });
    const nomes = rows.map((r: Row) => r.nome);
    expect(nomes).toContain('Pessoas Teste Carla');
    expect(nomes).not.toContain('Pessoas Teste Ana');
    expect(rows.find((r: Row) => r.nome === 'Pessoas Teste Carla')).toMatchObject({ ultimaCompra: null, diasSemCompra: null, totalComprado: '0' });
    const bad = await call(admin, 'GET', '/api/Pessoas/relatorios/ClientesSemCompra?dias=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Parâmetro inválido na consulta: dias: Valor mínimo: 1.');
  });

  it('ranking de clientes by revenue agrees with the sales report by cliente', async () => {
    const ranking = await tela('RankingClientes', { de: hoje, ate: hoje });
    const vendas = await ok('GET', `/api/Vendas/relatorios/VendasPorCliente?de=${hoje}&ate=${hoje}`);
    expect(ranking.map((r: Row) => [r.cliente, r.valor])).toEqual(vendas.map((r: Row) => [r.cliente, r.valor]));
    const ana = ranking.find((r: Row) => r.cliente === 'Pessoas Teste Ana');
    expect(ana).toMatchObject({ documento: '390.533.447-05', pedidos: 1, valor: valorPedido, ticketMedio: valorPedido });
    expect(ranking.map((r: Row) => r.posicao)).toEqual(ranking.map((_r: Row, i: number) => i + 1));
    const soma = ranking.reduce((s: number, r: Row) => s + Number(r.percentual), 0);
    expect(Math.abs(soma - 100)).toBeLessThan(0.05 * ranking.length);
  });

  it('clientes com títulos em atraso: count, oldest due date and the open amount', async () => {
    const rows = await tela('ClientesEmAtraso');
    const carla = rows.find((r: Row) => r.nome === 'Pessoas Teste Carla');
    expect(carla).toMatchObject({ titulos: 2, vencimentoMaisAntigo: '2020-01-10', valorEmAberto: '150.00' });
    const painel = await ok('GET', '/api/RelatoriosFinanceiros/painel');
    const totalAtraso = rows.reduce((s: number, r: Row) => s + Math.round(Number(r.valorEmAberto) * 100), 0);
    // Every overdue receivable with a person; the dashboard's total also holds those without one.
    expect(totalAtraso).toBeLessThanOrEqual(Math.round(Number(painel.atrasados.receber.valor) * 100));
  });

  it('each report exports to XLSX with the rows of the screen', async () => {
    const casos: [string, Row][] = [
      ['RelacaoClientes', { grupo: 'Atacado Teste', situacao: 'todos' }],
      ['RelacaoFornecedores', { grupo: 'Matéria-prima Teste' }],
      ['AniversariantesPeriodo', { de: '2031-12-20', ate: '2032-01-10' }],
      ['ClientesSemCompra', { dias: '30' }],
      ['RankingClientes', { de: hoje, ate: hoje }],
      ['ClientesEmAtraso', {}],
    ];
    for (const [recurso, where] of casos) {
      const screen = await tela(recurso, where);
      expect(screen.length, recurso).toBeGreaterThan(0);
      expect(semVazios(await exportar(recurso, where)), recurso).toEqual(semVazios(comoPlanilha(recurso, screen)));
    }
    const bad = await call(admin, 'POST', '/api/Relatorios/exportar', { recurso: 'ClientesSemCompra', tipo: 'pdf', filter: { where: { dias: 'muitos' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Dias sem compra inválido: muitos (de 1 a 3650).');
  });

  it('app.pessoa decides who runs them; the other account sees none of this one', async () => {
    const negado = await call(vendedor, 'GET', '/api/Pessoas/relatorios/RelacaoClientes');
    expect(negado.statusCode).toBe(403);
    expect(negado.json().error.message).toBe('Você não tem permissão para consultar os relatórios de pessoas.');
    expect((await call(vendedor, 'POST', '/api/Relatorios/exportar', { recurso: 'ClientesEmAtraso', tipo: 'xlsx' })).statusCode).toBe(403);
    expect(await tela('RelacaoClientes', { grupo: 'Atacado Teste', situacao: 'todos' }, vizinha)).toEqual([]);
    expect((await tela('ClientesEmAtraso', {}, vizinha)).some((r: Row) => String(r.nome).startsWith('Pessoas Teste'))).toBe(false);
    expect((await call(admin, 'GET', '/api/Pessoas/relatorios/Outro')).statusCode).toBe(404);
  });
});
