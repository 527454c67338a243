import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { TIPO_MOVIMENTACAO, TipoMovimentacao } from '../../generated/lookups.ts';
import { DIRECAO_MOVIMENTO, estornar, movimentar } from '../../src/server/estoque/movimentos.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

// The stock core on a real database: documents (acerto, transferência) through their lifecycle, the ledger
// and balances they post, the service other modules call, its concurrency, and every bad input refused.
describe.each(BACKENDS)('estoque on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  let scope: { tenantId: number; userId: number; branchId: number };
  let principal: number;
  let loja: number;
  let produtos: Row[];
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const ok = async (token: string, method: string, url: string, payload?: unknown) => {
    const r = await call(token, method, url, payload);
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
    return r.json();
  };
  const saldo = async (produtoId: number, depositoId: number, loteId: number | null = null): Promise<string> => {
    const rows = await ok(admin, 'GET', `/api/SaldosEstoque?filter=${q({ where: { produtoId, depositoId, loteId } })}`);
    return rows.length ? new Decimal(rows[0].quantidade).toFixed(4) : '0.0000';
  };
  const ledgerCount = async () => Number((await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM movimentos_estoque')).rows[0].n);
  const documentosCount = async () => Number((await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM documentos')).rows[0].n);

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
    const u = (await srv.db.query<Row>(`SELECT tenant_id, id, filial_selecionada_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0];
    scope = { tenantId: u.tenant_id, userId: u.id, branchId: u.filial_selecionada_id };
    principal = (await ok(admin, 'GET', `/api/Depositos?filter=${q({ where: { padrao: true } })}`))[0].id;
    loja = (await ok(admin, 'POST', '/api/Depositos', { descricao: 'Depósito da loja' })).id;
    // Products of its own, so the demo account's stock does not change what these tests expect.
    produtos = [];
    for (let i = 0; i < 10; i++) produtos.push(await ok(admin, 'POST', '/api/Produtos', { descricao: `Produto do teste de estoque ${i + 1}`, codigo: `TE${i + 1}`, tipoProduto: 0, precoCusto: '2.00' }));
  });
  afterAll(async () => srv?.close());

  it('an acerto is numbered, edited as a draft, and its efetivar writes AJUSTE movements for the differences', async () => {
    const [arroz, feijao] = produtos;
    const created = await ok(admin, 'POST', '/api/AcertosEstoque', { depositoId: principal, motivo: 'Contagem inicial', itens: [{ produtoId: arroz.id, quantidade: '10' }, { produtoId: feijao.id, quantidade: 4.5 }] });
    expect(created).toMatchObject({ estado: 'rascunho', depositoId: principal, motivo: 'Contagem inicial', transicoes: ['efetivar', 'cancelar'] });
    expect(created.numero).toBeGreaterThan(0);
    expect(created.itens.map((i: Row) => [i.linha, i.produtoId, i.quantidade])).toEqual([[1, arroz.id, '10'], [2, feijao.id, '4.5']]);
    // A draft may change; the number stays.
    const edited = await ok(admin, 'PUT', `/api/AcertosEstoque/${created.id}`, { depositoId: principal, motivo: 'Contagem inicial da loja', itens: [{ produtoId: arroz.id, quantidade: '12' }, { produtoId: feijao.id, quantidade: '4.5' }] });
    expect(edited).toMatchObject({ numero: created.numero, motivo: 'Contagem inicial da loja' });
    const posted = await ok(admin, 'POST', `/api/AcertosEstoque/${created.id}/efetivar`);
    expect(posted).toMatchObject({ estado: 'efetivado', transicoes: ['cancelar'] });
    expect(posted.eventos.map((e: Row) => [e.transicao, e.de, e.para])).toEqual([['criar', null, 'rascunho'], ['efetivar', 'rascunho', 'efetivado']]);
    expect(await saldo(arroz.id, principal)).toBe('12.0000');
    expect(await saldo(feijao.id, principal)).toBe('4.5000');
    const movs = await ok(admin, 'GET', `/api/MovimentosEstoque?filter=${q({ where: { origemTipo: 'acertoEstoque', origemId: created.id }, order: 'id ASC' })}`);
    expect(movs.map((m: Row) => [m.produtoId, new Decimal(m.quantidade).toFixed(4), m.tipo, m.origemLinha])).toEqual([[arroz.id, '12.0000', TipoMovimentacao.AJUSTE, 1], [feijao.id, '4.5000', TipoMovimentacao.AJUSTE, 2]]);

    // A second count writes only the differences (and nothing for a line that matches).
    const second = await ok(admin, 'POST', '/api/AcertosEstoque', { depositoId: principal, motivo: 'Recontagem', itens: [{ produtoId: arroz.id, quantidade: '9.25' }, { produtoId: feijao.id, quantidade: '4.5' }] });
    await ok(admin, 'POST', `/api/AcertosEstoque/${second.id}/efetivar`);
    expect(second.numero).toBe(created.numero + 1);
    const diffs = await ok(admin, 'GET', `/api/MovimentosEstoque?filter=${q({ where: { origemTipo: 'acertoEstoque', origemId: second.id } })}`);
    expect(diffs.map((m: Row) => new Decimal(m.quantidade).toFixed(4))).toEqual(['-2.7500']);
    expect(await saldo(arroz.id, principal)).toBe('9.2500');

    // Cancelling the second count reverses its adjustment; the document stays, cancelled.
    const cancelled = await ok(admin, 'POST', `/api/AcertosEstoque/${second.id}/cancelar`);
    expect(cancelled.estado).toBe('cancelado');
    expect(await saldo(arroz.id, principal)).toBe('12.0000');
    const list = await ok(admin, 'GET', `/api/AcertosEstoque?filter=${q({ where: { estado: 'cancelado' } })}`);
    expect(list.map((d: Row) => d.id)).toEqual([second.id]);
    expect((await ok(admin, 'GET', `/api/AcertosEstoque/count?where=${q({ motivo: { ilike: '%contagem%' } })}`)).count).toBe(2);
  });

  it('a posted document is immutable: posting twice, cancelling twice and editing are 409; there is no DELETE', async () => {
    const [arroz] = produtos;
    const doc = await ok(admin, 'POST', '/api/AcertosEstoque', { depositoId: principal, motivo: 'Teste de estados', itens: [{ produtoId: arroz.id, quantidade: '12' }] });
    await ok(admin, 'POST', `/api/AcertosEstoque/${doc.id}/efetivar`);
    const again = await call(admin, 'POST', `/api/AcertosEstoque/${doc.id}/efetivar`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/Não é possível efetivar: acerto de estoque \d+ já está efetivado/);
    const put = await call(admin, 'PUT', `/api/AcertosEstoque/${doc.id}`, { depositoId: principal, motivo: 'Mudando', itens: [{ produtoId: arroz.id, quantidade: '1' }] });
    expect(put.statusCode).toBe(409);
    expect(put.json().error.message).toMatch(/efetivado e não pode ser alterado/);
    expect((await call(admin, 'DELETE', `/api/AcertosEstoque/${doc.id}`)).statusCode).toBe(404);
    await ok(admin, 'POST', `/api/AcertosEstoque/${doc.id}/cancelar`);
    const twice = await call(admin, 'POST', `/api/AcertosEstoque/${doc.id}/cancelar`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/já está cancelado/);
    expect((await call(admin, 'POST', `/api/AcertosEstoque/${doc.id}/apagar`)).statusCode).toBe(404);
  });

  it('a transfer moves stock out of one depósito and into another at the same cost; cancelling moves it back', async () => {
    const [arroz] = produtos;
    const before = await saldo(arroz.id, principal);
    const doc = await ok(admin, 'POST', '/api/TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: loja, itens: [{ produtoId: arroz.id, quantidade: '2.5' }] });
    const posted = await ok(admin, 'POST', `/api/TransferenciasEstoque/${doc.id}/efetivar`);
    expect(posted.estado).toBe('efetivada');
    expect(await saldo(arroz.id, principal)).toBe(new Decimal(before).minus('2.5').toFixed(4));
    expect(await saldo(arroz.id, loja)).toBe('2.5000');
    const movs = await ok(admin, 'GET', `/api/MovimentosEstoque?filter=${q({ where: { origemTipo: 'transferenciaEstoque', origemId: doc.id }, order: 'id ASC' })}`);
    expect(movs.map((m: Row) => [m.depositoId, new Decimal(m.quantidade).toFixed(4), m.tipo])).toEqual([[principal, '-2.5000', TipoMovimentacao.TRANSFERENCIA], [loja, '2.5000', TipoMovimentacao.TRANSFERENCIA]]);
    expect(movs[0].custoUnitario).toBe(movs[1].custoUnitario);
    await ok(admin, 'POST', `/api/TransferenciasEstoque/${doc.id}/cancelar`);
    expect(await saldo(arroz.id, principal)).toBe(before);
    expect(await saldo(arroz.id, loja)).toBe('0.0000');
  });

  it('an outgoing movement beyond the balance is a 400 naming the product and balance, and nothing is written, unless the account allows negative stock', async () => {
    const [arroz] = produtos;
    const before = await saldo(arroz.id, principal);
    const doc = await ok(admin, 'POST', '/api/TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: loja, itens: [{ produtoId: arroz.id, quantidade: '1000' }] });
    const movs = await ledgerCount();
    const r = await call(admin, 'POST', `/api/TransferenciasEstoque/${doc.id}/efetivar`);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(`Estoque insuficiente: ${arroz.descricao} tem saldo 12 e a saída pede 1.000.`);
    expect(await ledgerCount()).toBe(movs);
    expect((await ok(admin, 'GET', `/api/TransferenciasEstoque/${doc.id}`)).estado).toBe('rascunho');
    expect(await saldo(arroz.id, principal)).toBe(before);

    expect(await ok(admin, 'GET', '/api/ConfiguracoesEstoque')).toEqual({ permitirEstoqueNegativo: false });
    expect((await call(vendedor, 'PUT', '/api/ConfiguracoesEstoque', { permitirEstoqueNegativo: true })).statusCode).toBe(403);
    await ok(admin, 'PUT', '/api/ConfiguracoesEstoque', { permitirEstoqueNegativo: true });
    await ok(admin, 'POST', `/api/TransferenciasEstoque/${doc.id}/efetivar`);
    expect(await saldo(arroz.id, principal)).toBe(new Decimal(before).minus(1000).toFixed(4));
    await ok(admin, 'POST', `/api/TransferenciasEstoque/${doc.id}/cancelar`);
    await ok(admin, 'PUT', '/api/ConfiguracoesEstoque', { permitirEstoqueNegativo: false });
    expect(await saldo(arroz.id, principal)).toBe(before);
  });

  it('bad input is a 400/409 in Portuguese naming the field or line, and nothing is written', async () => {
    const [arroz, feijao] = produtos;
    const docs = await documentosCount();
    const movs = await ledgerCount();
    const servico = (await ok(admin, 'POST', '/api/Servicos', { descricao: 'Instalação', tipoServico: 1 }).catch(() => null)) as Row | null;
    const vizDeposito = (await ok(vizinha, 'GET', '/api/Depositos'))[0].id;
    // The demo account's other branch (Filial Centro) has a depósito of its own.
    const outraFilial = (await srv.db.query<{ id: number }>('SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id <> $2 ORDER BY id LIMIT 1', [scope.tenantId, scope.branchId])).rows[0].id;
    const cases: [string, string, Row, RegExp][] = [
      ['unknown product', 'AcertosEstoque', { depositoId: principal, motivo: 'x'.repeat(5), itens: [{ produtoId: 999999, quantidade: '1' }] }, /Linha 1, Produto 999999 não encontrado/],
      ['unknown depósito', 'AcertosEstoque', { depositoId: 999999, motivo: 'Motivo', itens: [{ produtoId: arroz.id, quantidade: '1' }] }, /Depósito 999999 não encontrado nesta filial/],
      ['another account\'s depósito', 'AcertosEstoque', { depositoId: vizDeposito, motivo: 'Motivo', itens: [{ produtoId: arroz.id, quantidade: '1' }] }, /Depósito \d+ não encontrado nesta filial/],
      ['another branch\'s depósito', 'AcertosEstoque', { depositoId: outraFilial, motivo: 'Motivo', itens: [{ produtoId: arroz.id, quantidade: '1' }] }, new RegExp(`Depósito ${outraFilial} não encontrado nesta filial`)],
      ['transfer into another branch', 'TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: outraFilial, itens: [{ produtoId: arroz.id, quantidade: '1' }] }, new RegExp(`Depósito de destino ${outraFilial} não encontrado nesta filial`)],
      ['transfer from another account', 'TransferenciasEstoque', { depositoOrigemId: vizDeposito, depositoDestinoId: loja, itens: [{ produtoId: arroz.id, quantidade: '1' }] }, /Depósito de origem \d+ não encontrado nesta filial/],
      ['unknown product in a transfer', 'TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: loja, itens: [{ produtoId: 999999, quantidade: '1' }] }, /Linha 1, Produto 999999 não encontrado/],
      ['negative transfer', 'TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: loja, itens: [{ produtoId: arroz.id, quantidade: '-2' }] }, /Linha 1, Quantidade: deve ser maior que zero/],
      ['non-numeric transfer', 'TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: loja, itens: [{ produtoId: arroz.id, quantidade: '1,5' }] }, /Linha 1, Quantidade: informe um número com até 4 casas decimais/],
      ['transfer with 5 decimals', 'TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: loja, itens: [{ produtoId: arroz.id, quantidade: '0.00001' }] }, /Linha 1, Quantidade: informe um número com até 4 casas decimais/],
      ['negative count', 'AcertosEstoque', { depositoId: principal, motivo: 'Motivo', itens: [{ produtoId: arroz.id, quantidade: '-1' }] }, /Linha 1, Quantidade contada: não pode ser negativa/],
      ['non-numeric quantity', 'AcertosEstoque', { depositoId: principal, motivo: 'Motivo', itens: [{ produtoId: arroz.id, quantidade: 'dez' }] }, /Linha 1, Quantidade contada: informe um número com até 4 casas decimais/],
      ['more than 4 decimals', 'AcertosEstoque', { depositoId: principal, motivo: 'Motivo', itens: [{ produtoId: feijao.id, quantidade: '1.23456' }] }, /Linha 1, Quantidade contada: informe um número com até 4 casas decimais/],
      ['missing motivo', 'AcertosEstoque', { depositoId: principal, itens: [{ produtoId: arroz.id, quantidade: '1' }] }, /Motivo: Campo Obrigatório!/],
      ['no items', 'AcertosEstoque', { depositoId: principal, motivo: 'Motivo', itens: [] }, /Itens: informe ao menos 1 item/],
      ['repeated product', 'AcertosEstoque', { depositoId: principal, motivo: 'Motivo', itens: [{ produtoId: arroz.id, quantidade: '1' }, { produtoId: arroz.id, quantidade: '2' }] }, /Linha 2: produto e lote repetidos \(já contados na linha 1\)/],
      ['same depósito', 'TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: principal, itens: [{ produtoId: arroz.id, quantidade: '1' }] }, /destino deve ser diferente do depósito de origem/],
      ['zero transfer', 'TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: loja, itens: [{ produtoId: arroz.id, quantidade: '0' }] }, /Linha 1, Quantidade: deve ser maior que zero/],
      ['unknown field', 'TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: loja, filialId: 99, extra: 1, itens: [{ produtoId: arroz.id, quantidade: '1' }] }, /Dados inválidos/],
    ];
    if (servico?.id) cases.push(['a service', 'AcertosEstoque', { depositoId: principal, motivo: 'Motivo', itens: [{ produtoId: servico.id, quantidade: '1' }] }, /Linha 1, Produto \d+ não encontrado/]);
    for (const [name, endpoint, body, message] of cases) {
      const r = await call(admin, 'POST', `/api/${endpoint}`, body);
      expect(r.statusCode, name).toBe(400);
      expect(r.json().error.message, name).toMatch(message);
      expect(r.json().error.details.length, name).toBeGreaterThan(0);
    }
    expect(await documentosCount()).toBe(docs);
    expect(await ledgerCount()).toBe(movs);
    // Filters are checked like the generic API's.
    expect((await call(admin, 'GET', `/api/SaldosEstoque?filter=${q({ where: { nada: 1 } })}`)).statusCode).toBe(400);
    expect((await call(admin, 'GET', `/api/AcertosEstoque?filter=${q({ where: { numero: 'x' } })}`)).statusCode).toBe(400);
  });

  it('accounts and permissions are walls: another account sees none of it, a profile without the key is refused', async () => {
    const mine = await ok(admin, 'GET', '/api/AcertosEstoque');
    expect(mine.length).toBeGreaterThan(0);
    expect(await ok(vizinha, 'GET', '/api/AcertosEstoque')).toEqual([]);
    expect((await call(vizinha, 'GET', `/api/AcertosEstoque/${mine[0].id}`)).statusCode).toBe(404);
    expect((await call(vizinha, 'POST', `/api/AcertosEstoque/${mine[0].id}/cancelar`)).statusCode).toBe(404);
    expect(await ok(vizinha, 'GET', '/api/SaldosEstoque')).toEqual([]);
    expect(await ok(vizinha, 'GET', '/api/MovimentosEstoque')).toEqual([]);
    expect((await call(vendedor, 'GET', '/api/AcertosEstoque')).statusCode).toBe(403);
    expect((await call(vendedor, 'POST', '/api/TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: loja, itens: [] })).statusCode).toBe(403);
    // The seller sees products, so reads their balances.
    expect((await call(vendedor, 'GET', '/api/SaldosEstoque')).statusCode).toBe(200);
    const spec = (await call(admin, 'GET', '/api/openapi.json')).json();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/AcertosEstoque', '/api/AcertosEstoque/{id}/efetivar', '/api/TransferenciasEstoque/{id}/cancelar', '/api/MovimentosEstoque', '/api/MovimentosEstoque/count', '/api/MovimentosEstoque/extrato', '/api/SaldosEstoque', '/api/SaldosEstoque/posicao', '/api/SaldosEstoque/resumo', '/api/Lotes/fefo', '/api/ConfiguracoesEstoque']));
    expect(Object.keys(spec.paths['/api/SaldosEstoque'].get.responses['200'].content['application/json'].schema.items.properties)).toEqual(expect.arrayContaining(['produtoId', 'variacaoId', 'depositoId', 'loteId', 'quantidade', 'custoMedio']));
  });

  it('every movement type of SPEC 3.2 posts through the service in its direction; entries update the average cost', async () => {
    const p = produtos[3];
    const tipos = Object.entries(TipoMovimentacao);
    expect(tipos.length).toBe(15);
    expect(tipos.map(([, v]) => v)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    await srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: p.id, depositoId: loja, quantidade: '10', custoUnitario: '2.00', tipo: TipoMovimentacao.COMPRA }], { tipo: 'teste', id: 1 }));
    await srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: p.id, depositoId: loja, quantidade: '10', custoUnitario: '4.00', tipo: TipoMovimentacao.BONIFICACAO }]));
    const s = (await ok(admin, 'GET', `/api/SaldosEstoque?filter=${q({ where: { produtoId: p.id, depositoId: loja } })}`))[0];
    expect([new Decimal(s.quantidade).toFixed(4), new Decimal(s.custoMedio).toFixed(4)]).toEqual(['20.0000', '3.0000']);
    // The direction of each type: these only enter, these only leave, the rest go either way.
    const entradas = ['COMPRA', 'BONIFICACAO', 'DEVOLUCAO_CLIENTE', 'ENTRADA_PRODUTOR_RURAL'];
    const saidas = ['VENDA', 'DEVOLUCAO_FORNECEDOR', 'PERDAS', 'VENDA_A_PARTIR_DE_CUPOM', 'SAIDA_EFETIVA_MERCADORIA'];
    expect(Object.fromEntries(tipos.map(([k, v]) => [k, DIRECAO_MOVIMENTO[v]]))).toEqual(
      Object.fromEntries(tipos.map(([k]) => [k, entradas.includes(k) ? 'entrada' : saidas.includes(k) ? 'saida' : 'ambas'])),
    );
    const mover = (tipo: number, quantidade: string) => srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: p.id, depositoId: loja, quantidade, tipo }], { tipo: 'teste', id: 100 + tipo }));
    const rotulo = (v: number) => TIPO_MOVIMENTACAO.find((t) => t.value === v)!.label;
    let esperado = new Decimal(20);
    for (const [key, tipo] of tipos) {
      const sinais = entradas.includes(key) ? [''] : saidas.includes(key) ? ['-'] : ['', '-'];
      for (const sign of sinais) {
        const [m] = await mover(tipo, `${sign}0.5`);
        esperado = esperado.plus(`${sign}0.5`);
        // A movement without its own cost is recorded at the balance's average cost.
        expect(m.custoUnitario && new Decimal(m.custoUnitario).toFixed(4), `${key} ${sign}`).toBe('3.0000');
        expect(new Decimal(m.saldo).toFixed(4), `${key} ${sign}`).toBe(esperado.toFixed(4));
      }
      // The wrong direction is a 400 naming the type, and nothing is written.
      if (sinais.length === 1) {
        const n = await ledgerCount();
        const errado = sinais[0] === '-' ? '0.5' : '-0.5';
        await expect(mover(tipo, errado), key).rejects.toThrow(`uma movimentação do tipo ${rotulo(tipo)} só ${sinais[0] === '-' ? 'sai do estoque (quantidade negativa)' : 'entra no estoque (quantidade positiva)'}; a quantidade informada foi ${errado}.`);
        expect(await ledgerCount(), key).toBe(n);
      }
    }
    expect(await saldo(p.id, loja)).toBe(esperado.toFixed(4));
    const movs = await ok(admin, 'GET', `/api/MovimentosEstoque?filter=${q({ where: { produtoId: p.id, depositoId: loja }, limit: 100 })}`);
    expect(new Set(movs.map((m: Row) => m.tipo))).toEqual(new Set(Object.values(TipoMovimentacao)));
    for (const m of movs.filter((x: Row) => x.origemTipo === 'teste' && x.origemId >= 100)) {
      const key = tipos.find(([, v]) => v === m.tipo)![0];
      if (entradas.includes(key)) expect(new Decimal(m.quantidade).isPositive(), key).toBe(true);
      if (saidas.includes(key)) expect(new Decimal(m.quantidade).isNegative(), key).toBe(true);
    }
    // Reversing an origin runs each movement against its type's direction: the purchase leaves, the sale comes back.
    const antes = await saldo(p.id, loja);
    expect(await srv.db.tenant(scope, (tx) => estornar(tx, scope, { tipo: 'teste', id: 100 + TipoMovimentacao.COMPRA }))).toBe(1);
    expect(await srv.db.tenant(scope, (tx) => estornar(tx, scope, { tipo: 'teste', id: 100 + TipoMovimentacao.VENDA }))).toBe(1);
    expect(await saldo(p.id, loja)).toBe(new Decimal(antes).toFixed(4));
    // A reversal line in its type's own direction is refused (it would not undo anything).
    const compra = movs.find((m: Row) => m.tipo === TipoMovimentacao.COMPRA && m.origemId === 100);
    await expect(srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: p.id, depositoId: loja, quantidade: '0.5', tipo: TipoMovimentacao.COMPRA, estornoDe: compra.id }]))).rejects.toThrow(/e o seu estorno no sentido contrário/);
    // A bad line to the service: refused in Portuguese, nothing written.
    const n = await ledgerCount();
    await expect(srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: p.id, depositoId: loja, quantidade: '1', tipo: 99 }]))).rejects.toThrow(/tipo de movimentação desconhecido/);
    await expect(srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: p.id, depositoId: loja, quantidade: '1' }, { produtoId: p.id, depositoId: loja, quantidade: '-1000', tipo: 1 }].map((l) => ({ tipo: 0, ...l }))))).rejects.toThrow(/Estoque insuficiente/);
    for (const quantidade of ['0', '-0', 'abc', '1.23456', '1e3', '']) {
      await expect(srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: p.id, depositoId: loja, quantidade, tipo: TipoMovimentacao.AJUSTE }])), quantidade).rejects.toThrow(/quantidade inválida/);
    }
    expect(await ledgerCount()).toBe(n);
  });

  it('the extrato shows a product\'s ledger with the running balance', async () => {
    const [arroz] = produtos;
    const rows = await ok(admin, 'GET', `/api/MovimentosEstoque/extrato?produtoId=${arroz.id}`);
    expect(rows.length).toBeGreaterThan(3);
    let running = new Decimal(0);
    for (const r of rows) {
      running = running.plus(r.quantidade);
      expect(new Decimal(r.saldo).toFixed(4)).toBe(running.toFixed(4));
    }
    expect(running.toFixed(4)).toBe(new Decimal(await saldo(arroz.id, principal)).plus(await saldo(arroz.id, loja)).toFixed(4));
    const porDeposito = await ok(admin, 'GET', `/api/SaldosEstoque/porDeposito?produtoIds=${arroz.id}`);
    expect(porDeposito.find((d: Row) => d.depositoId === principal).deposito).toBe('Depósito principal');
  });

  it('lotes: balances per lote and the FEFO suggestion takes the lote that expires first', async () => {
    const leite = produtos[8];
    const l1 = await ok(admin, 'POST', '/api/Lotes', { produtoId: leite.id, numero: 'L-TARDE', fabricacao: '2026-01-10', validade: '2027-03-01' });
    const l2 = await ok(admin, 'POST', '/api/Lotes', { produtoId: leite.id, numero: 'L-CEDO', fabricacao: '2026-01-05', validade: '2026-12-20' });
    const badDates = await call(admin, 'POST', '/api/Lotes', { produtoId: leite.id, numero: 'L-RUIM', fabricacao: '2026-05-01', validade: '2026-01-01' });
    expect(badDates.statusCode).toBe(400);
    const acerto = await ok(admin, 'POST', '/api/AcertosEstoque', { depositoId: principal, motivo: 'Leite por lote', itens: [{ produtoId: leite.id, loteId: l1.id, quantidade: '30' }, { produtoId: leite.id, loteId: l2.id, quantidade: '12' }] });
    await ok(admin, 'POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);
    expect(await saldo(leite.id, principal, l1.id)).toBe('30.0000');
    expect(await saldo(leite.id, principal, l2.id)).toBe('12.0000');
    const fefo = await ok(admin, 'GET', `/api/Lotes/fefo?produtoId=${leite.id}&depositoId=${principal}&quantidade=20`);
    expect(fefo.map((f: Row) => [f.numero, new Decimal(f.sugerido).toFixed(4)])).toEqual([['L-CEDO', '12.0000'], ['L-TARDE', '8.0000']]);
    // A lote of another product is refused.
    const other = await call(admin, 'POST', '/api/TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: loja, itens: [{ produtoId: produtos[0].id, loteId: l1.id, quantidade: '1' }] });
    const t = await ok(admin, 'POST', '/api/TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: loja, itens: [{ produtoId: leite.id, loteId: l2.id, quantidade: '2' }] });
    await ok(admin, 'POST', `/api/TransferenciasEstoque/${t.id}/efetivar`);
    expect(await saldo(leite.id, loja, l2.id)).toBe('2.0000');
    if (other.statusCode === 200) {
      const r = await call(admin, 'POST', `/api/TransferenciasEstoque/${other.json().id}/efetivar`);
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toMatch(/Lote \d+ não encontrado para o produto/);
    } else expect(other.statusCode).toBe(400);
  });

  it('numbers are gap-free per branch under concurrent creation', async () => {
    const [arroz] = produtos;
    const made = await Promise.all(Array.from({ length: 20 }, () => ok(admin, 'POST', '/api/AcertosEstoque', { depositoId: loja, motivo: 'Concorrência', itens: [{ produtoId: arroz.id, quantidade: '1' }] })));
    const nums = made.map((d) => d.numero).sort((a, b) => a - b);
    expect(new Set(nums).size).toBe(20);
    expect(nums[19] - nums[0]).toBe(19);
    const all = (await ok(admin, 'GET', `/api/AcertosEstoque?filter=${q({ order: 'numero ASC', limit: 1000, fields: ['numero'] })}`)).map((d: Row) => d.numero);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('1,000 simultaneous outgoing movements on one product end exact, with no error surfaced', async () => {
    const p = produtos[5];
    await srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: p.id, depositoId: principal, quantidade: '1000', custoUnitario: '3.60', tipo: TipoMovimentacao.COMPRA }]));
    const results = await Promise.allSettled(Array.from({ length: 1000 }, () => srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: p.id, depositoId: principal, quantidade: '-1', tipo: TipoMovimentacao.VENDA }]))));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(await saldo(p.id, principal)).toBe('0.0000');
    // One more is refused: the balance is exactly zero.
    await expect(srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: p.id, depositoId: principal, quantidade: '-1', tipo: TipoMovimentacao.VENDA }]))).rejects.toThrow(/tem saldo 0/);
    // And concurrent transfers in opposite directions on the same product queue instead of deadlocking.
    await ok(admin, 'PUT', '/api/ConfiguracoesEstoque', { permitirEstoqueNegativo: true });
    const docs = await Promise.all(Array.from({ length: 10 }, (_, i) => ok(admin, 'POST', '/api/TransferenciasEstoque', { depositoOrigemId: i % 2 ? principal : loja, depositoDestinoId: i % 2 ? loja : principal, itens: [{ produtoId: p.id, quantidade: '1' }, { produtoId: produtos[6].id, quantidade: '1' }] })));
    await Promise.all(docs.map((d) => ok(admin, 'POST', `/api/TransferenciasEstoque/${d.id}/efetivar`)));
    await ok(admin, 'PUT', '/api/ConfiguracoesEstoque', { permitirEstoqueNegativo: false });
    expect(await saldo(p.id, principal)).toBe('0.0000');
  });

  it('concurrent acertos over the same products (lines in different orders) and sales queue: the last posted count wins whole', async () => {
    const itens = produtos.slice(0, 8);
    // Each count lists the products in its own order; all post at once, with sales on the same products in between.
    const counts = await Promise.all(
      Array.from({ length: 6 }, (_, k) => {
        const ordem = k % 2 ? [...itens].reverse() : [...itens.slice(k % 8), ...itens.slice(0, k % 8)];
        return ok(admin, 'POST', '/api/AcertosEstoque', { depositoId: loja, motivo: `Contagem simultânea ${k + 1}`, itens: ordem.map((p) => ({ produtoId: p.id, quantidade: String(100 + k * 10) })) });
      }),
    );
    const vendas = itens.map((p) => srv.db.tenant(scope, (tx) => movimentar(tx, scope, [{ produtoId: p.id, depositoId: loja, quantidade: '-1', tipo: TipoMovimentacao.VENDA }])));
    const postings = counts.map((d) => call(admin, 'POST', `/api/AcertosEstoque/${d.id}/efetivar`));
    const [res, sold] = await Promise.all([Promise.all(postings), Promise.allSettled(vendas)]);
    expect(res.map((r) => r.statusCode)).toEqual(counts.map(() => 200));
    // A sale before any count may find no stock (refused, nothing written); none fails for any other reason.
    expect(sold.filter((r) => r.status === 'rejected' && !/Estoque insuficiente/.test(String(r.reason)))).toEqual([]);
    // The count posted last (its AJUSTE movements carry the highest ids) sets every product; a sale that came
    // after it is the only thing on top of it.
    const ultimo = (await srv.db.query<{ origem_id: number }>(`SELECT origem_id FROM movimentos_estoque WHERE origem_tipo = 'acertoEstoque' AND origem_id = ANY($1::integer[]) ORDER BY id DESC LIMIT 1`, [counts.map((d) => d.id)])).rows[0].origem_id;
    const contado = new Decimal(counts.find((d) => d.id === ultimo)!.itens[0].quantidade);
    for (const p of itens) {
      const depois = await srv.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM movimentos_estoque WHERE produto_id = $1 AND deposito_id = $2 AND tipo = $3 AND id > (SELECT max(id) FROM movimentos_estoque WHERE origem_tipo = 'acertoEstoque' AND origem_id = $4)`,
        [p.id, loja, TipoMovimentacao.VENDA, ultimo],
      );
      expect(await saldo(p.id, loja)).toBe(contado.minus(depois.rows[0].n).toFixed(4));
    }
  });

  it('every balance equals the sum of its ledger', async () => {
    const r = await srv.db.query<Row>(
      `SELECT s.tenant_id, s.produto_id, s.deposito_id, s.lote_id, s.quantidade, coalesce(m.soma, 0) AS soma
         FROM saldos_estoque s
         LEFT JOIN (SELECT tenant_id, produto_id, variacao_id, deposito_id, lote_id, sum(quantidade) AS soma FROM movimentos_estoque GROUP BY 1, 2, 3, 4, 5) m
           ON m.tenant_id = s.tenant_id AND m.produto_id = s.produto_id AND m.variacao_id IS NOT DISTINCT FROM s.variacao_id AND m.deposito_id = s.deposito_id AND m.lote_id IS NOT DISTINCT FROM s.lote_id`,
    );
    expect(r.rows.length).toBeGreaterThan(5);
    expect(r.rows.filter((x) => !new Decimal(x.quantidade).eq(x.soma))).toEqual([]);
    const orphans = await srv.db.query<Row>(
      `SELECT 1 FROM movimentos_estoque m WHERE NOT EXISTS (SELECT 1 FROM saldos_estoque s WHERE s.tenant_id = m.tenant_id AND s.produto_id = m.produto_id AND s.variacao_id IS NOT DISTINCT FROM m.variacao_id AND s.deposito_id = m.deposito_id AND s.lote_id IS NOT DISTINCT FROM m.lote_id)`,
    );
    expect(orphans.rows).toEqual([]);
  });
});

describe.each(BACKENDS)('importar arquivo do coletor on %s', (backend) => {
  let srv: TestServer;
  let admin: string;
  let vendedor: string;
  let deposito: number;
  let produtos: Row[];
  const call = (token: string, url: string, payload: unknown) => srv.app.inject({ method: 'POST', url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

  beforeAll(async () => {
    srv = await startTestServer(backend);
    admin = await login(srv.app, 'admin@demo.com.br');
    vendedor = await login(srv.app, 'vendedor@demo.com.br');
    const get = async (url: string) => (await srv.app.inject({ method: 'GET', url, headers: { authorization: admin } })).json();
    deposito = (await get(`/api/Depositos?filter=${q({ where: { padrao: true } })}`))[0].id;
    produtos = await get(`/api/Produtos?filter=${q({ where: { gtin: { neq: null } }, order: 'id ASC', limit: 3 })}`);
  });
  afterAll(async () => srv?.close());

  it('previews each line with balance and difference, then posts the file as one acerto', async () => {
    const [a, b] = produtos;
    const csv = `codigo;quantidade\n${a.codigo};7\n${b.gtin};2,5\n${a.codigo};3\n`;
    const preview = await call(admin, '/api/AcertosEstoque/importar', { depositoId: deposito, formato: 'csv', conteudo: csv });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().erros).toBe(0);
    expect(preview.json().linhas.map((l: Row) => [l.linha, l.produtoId, l.quantidade])).toEqual([[2, a.id, '7.0000'], [3, b.id, '2.5000'], [4, a.id, '3.0000']]);
    const posted = await call(admin, '/api/AcertosEstoque/importar', { depositoId: deposito, formato: 'txt', conteudo: csv, efetivar: true, motivo: 'Coletor da loja' });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ estado: 'efetivado', motivo: 'Coletor da loja' });
    expect(posted.json().itens.map((i: Row) => [i.produtoId, i.quantidade])).toEqual([[a.id, '10'], [b.id, '2.5']]);
    const saldos = (await srv.app.inject({ method: 'GET', url: `/api/SaldosEstoque?filter=${q({ where: { depositoId: deposito, produtoId: { inq: [a.id, b.id] }, loteId: null } })}`, headers: { authorization: admin } })).json();
    expect(Object.fromEntries(saldos.map((s: Row) => [s.produtoId, new Decimal(s.quantidade).toFixed(4)]))).toEqual({ [a.id]: '10.0000', [b.id]: '2.5000' });
  });

  it('reads XLSX (columns A and B) too', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Contagem');
    ws.addRow(['Código', 'Quantidade']);
    ws.addRow([produtos[2].codigo, 4]);
    const conteudo = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const r = await call(admin, '/api/AcertosEstoque/importar', { depositoId: deposito, formato: 'xlsx', conteudo });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().linhas).toMatchObject([{ linha: 2, produtoId: produtos[2].id, quantidade: '4.0000', erro: null }]);
  });

  it('a file with a broken line is refused whole, each bad line named in Portuguese', async () => {
    const before = (await srv.db.query<Row>('SELECT count(*)::int AS n FROM movimentos_estoque')).rows[0].n;
    const csv = `${produtos[0].codigo};5\nNAOEXISTE;1\n${produtos[1].codigo};abc\n${produtos[1].codigo};-2\n${produtos[2].codigo};1,23456\n;3\n`;
    const preview = (await call(admin, '/api/AcertosEstoque/importar', { depositoId: deposito, conteudo: csv })).json();
    expect(preview.erros).toBe(5);
    expect(preview.linhas.map((l: Row) => l.erro)).toEqual([
      null,
      'Linha 2: produto com código NAOEXISTE não encontrado.',
      'Linha 3: quantidade inválida (abc); use um número com até 4 casas decimais.',
      'Linha 4: quantidade não pode ser negativa (-2).',
      'Linha 5: quantidade inválida (1,23456); use um número com até 4 casas decimais.',
      'Linha 6: código do produto em branco.',
    ]);
    const r = await call(admin, '/api/AcertosEstoque/importar', { depositoId: deposito, conteudo: csv, efetivar: true });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toMatch(/^O arquivo tem 5 linha\(s\) com erro; nada foi importado\. Linha 2: produto com código NAOEXISTE/);
    expect(r.json().error.details.map((d: Row) => d.linha)).toEqual([2, 3, 4, 5, 6]);
    expect((await srv.db.query<Row>('SELECT count(*)::int AS n FROM movimentos_estoque')).rows[0].n).toBe(before);
    expect((await call(admin, '/api/AcertosEstoque/importar', { depositoId: 999999, conteudo: csv })).statusCode).toBe(400);
    expect((await call(admin, '/api/AcertosEstoque/importar', { depositoId: deposito, formato: 'pdf', conteudo: csv })).statusCode).toBe(400);
    expect((await call(vendedor, '/api/AcertosEstoque/importar', { depositoId: deposito, conteudo: csv })).statusCode).toBe(403);
  });
});
