import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { agoraLocal } from '../../src/server/vendas/pedido-venda.ts';
import { CARGO } from '../../generated/lookups.ts';

type Row = Record<string, any>;

// Sales orders on a real database: quote → confirmed (stock reserved) → faturado (stock out, receivables in)
// → cancelled (all reversed), the bad inputs that change nothing, exactly one faturamento under concurrency,
// promotions, commissions, contacts with follow-up alerts, reports, and the other account kept out.
describe.each(BACKENDS)('vendas on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  let outbox: string;
  let principal: number;
  let cliente: Row;
  let vend: Row;
  let forma: Row;
  let categoria: Row;
  let p: Row[];
  let lote: Row;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const ok = async (token: string, method: string, url: string, payload?: unknown) => {
    const r = await call(token, method, url, payload);
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
    return r.json();
  };
  const disp = async (produtoId: number, depositoId = principal) => {
    const rows = await ok(admin, 'GET', `/api/PedidosVenda/disponibilidade?produtoIds=${produtoId}`);
    const r = rows.find((x: Row) => x.depositoId === depositoId);
    return { saldo: new Decimal(r?.quantidade ?? 0).toFixed(4), reservado: new Decimal(r?.reservado ?? 0).toFixed(4), disponivel: new Decimal(r?.disponivel ?? 0).toFixed(4) };
  };
  const contagem = async () => {
    const one = async (sql: string) => Number((await srv.db.query<{ n: number }>(sql)).rows[0].n);
    return {
      movimentos: await one('SELECT count(*)::int AS n FROM movimentos_estoque'),
      lancamentos: await one('SELECT count(*)::int AS n FROM lancamentos'),
      reservas: await one('SELECT count(*)::int AS n FROM reservas_estoque'),
      vendas: await one('SELECT count(*)::int AS n FROM vendas_itens'),
      documentos: await one('SELECT count(*)::int AS n FROM documentos'),
    };
  };
  const pedido = (extra: Row = {}, itens?: Row[]) => ({
    clienteId: cliente.id,
    vendedorId: vend.id,
    depositoId: principal,
    formaPagamentoId: forma.id,
    numeroParcelas: 3,
    primeiroVencimento: '2030-01-10',
    ...extra,
    itens: itens ?? [
      { produtoId: p[0].id, quantidade: '3' },
      { produtoId: p[1].id, loteId: lote.id, quantidade: '2', descontoPercentual: '10' },
      { produtoId: p[2].id, quantidade: '1.5', precoUnitario: '4.00' },
    ],
  });

  beforeAll(async () => {
    outbox = mkdtempSync(join(tmpdir(), 'vendas-'));
    srv = await startTestServer(backend, { dataDir: outbox });
    app = srv.app;
    // The "Vendedor" profile sells too, with at most 5% discount.
    await srv.db.query(
      `UPDATE access_profiles SET desconto_maximo = 5, permissoes = permissoes || '{"app.pedidoVenda": 3}'::jsonb
        WHERE id = (SELECT perfil_id FROM users WHERE email = 'vendedor@demo.com.br') AND tenant_id = (SELECT tenant_id FROM users WHERE email = 'vendedor@demo.com.br')`,
    );
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
    principal = (await ok(admin, 'GET', `/api/Depositos?filter=${q({ where: { padrao: true } })}`))[0].id;
    cliente = await ok(admin, 'POST', '/api/Clientes', { nome: 'Cliente do Teste de Vendas', cpfCnpj: '52998224725', email: 'cliente.vendas@exemplo.com.br' });
    categoria = await ok(admin, 'POST', '/api/CategoriasProduto', { descricao: 'Categoria com comissão de teste', comissao: '10' });
    vend = await ok(admin, 'POST', '/api/Vendedores', { nome: 'Vendedora de Teste', comissao: '2' });
    forma = (await ok(admin, 'GET', `/api/FormasPagamentoFinanceiro?filter=${q({ limit: 1 })}`))[0];
    p = [];
    p.push(await ok(admin, 'POST', '/api/Produtos', { descricao: 'Vendas teste A (promo)', codigo: 'VTA', tipoProduto: 0, precoCusto: '5.00', precoVenda: '10.00' }));
    p.push(await ok(admin, 'POST', '/api/Produtos', { descricao: 'Vendas teste B (lote)', codigo: 'VTB', tipoProduto: 0, precoCusto: '10.00', precoVenda: '20.00', categoriaId: categoria.id }));
    p.push(await ok(admin, 'POST', '/api/Produtos', { descricao: 'Vendas teste C (sem preço)', codigo: 'VTC', tipoProduto: 0, precoCusto: '1.00' }));
    lote = await ok(admin, 'POST', '/api/Lotes', { produtoId: p[1].id, numero: 'L-VENDAS-1', validade: '2031-12-31' });
    const acerto = await ok(admin, 'POST', '/api/AcertosEstoque', {
      depositoId: principal,
      motivo: 'Estoque do teste de vendas',
      itens: [{ produtoId: p[0].id, quantidade: '50' }, { produtoId: p[1].id, loteId: lote.id, quantidade: '10' }, { produtoId: p[2].id, quantidade: '20' }],
    });
    await ok(admin, 'POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);
    // Leve 3 pague 2 on product A, every day.
    await ok(admin, 'POST', '/api/Promocoes', { descricao: 'Leve 3 pague 2 teste A', tipo: 2, produtoId: p[0].id, leve: 3, pague: 2 });
  });
  afterAll(async () => srv?.close());

  it('prices, promotion, discounts and instalments are computed on save; the order starts Digitando (5)', async () => {
    const o = await ok(admin, 'POST', '/api/PedidosVenda', pedido());
    expect(o).toMatchObject({ estado: 'digitando', status: 5, totalProdutos: '62.00', valorTotal: '62.00', transicoes: ['confirmar', 'gerar-pedido', 'cancelar'] });
    // A: 3 × 10,00 with leve 3 pague 2 = 20,00; B: 2 × 20,00 − 10% = 36,00; C: 1,5 × 4,00 = 6,00
    expect(o.itens.map((i: Row) => [i.precoUnitario, i.promocao, i.descontoPromocao, i.valorTotal])).toEqual([
      ['10.00', 'Leve 3 pague 2 teste A', '10.00', '20.00'],
      ['20.00', null, null, '36.00'],
      ['4.00', null, null, '6.00'],
    ]);
    expect(o.planoParcelas).toEqual([
      { numero: 1, vencimento: '2030-01-10', valor: '20.66' },
      { numero: 2, vencimento: '2030-02-10', valor: '20.66' },
      { numero: 3, vencimento: '2030-03-10', valor: '20.68' },
    ]);
  });

  it('confirmar reserves (available drops, balance not); faturar posts stock, receivables in 3 instalments and commission; cancelar reverses all', async () => {
    const antesA = await disp(p[0].id);
    const antesB = await disp(p[1].id);
    const o = await ok(admin, 'POST', '/api/PedidosVenda', pedido());
    const c = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
    expect(c).toMatchObject({ estado: 'aguardando', status: 0 });
    const depoisA = await disp(p[0].id);
    expect(depoisA.saldo).toBe(antesA.saldo);
    expect(new Decimal(antesA.disponivel).minus(depoisA.disponivel).toFixed(4)).toBe('3.0000');
    expect(new Decimal(depoisA.reservado).minus(antesA.reservado).toFixed(4)).toBe('3.0000');
    // A confirmed order is not edited by PUT.
    expect((await call(admin, 'PUT', `/api/PedidosVenda/${o.id}`, pedido())).statusCode).toBe(409);
    expect(await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/liberar`)).toMatchObject({ estado: 'aguardando_faturamento', status: 2 });

    const f = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    expect(f).toMatchObject({ estado: 'faturado', status: 3, dataFaturamento: agoraLocal().data, transicoes: ['cancelar'] });
    const aposA = await disp(p[0].id);
    expect(aposA.reservado).toBe(antesA.reservado);
    expect(new Decimal(antesA.saldo).minus(aposA.saldo).toFixed(4)).toBe('3.0000');
    const aposB = await disp(p[1].id);
    expect(new Decimal(antesB.saldo).minus(aposB.saldo).toFixed(4)).toBe('2.0000');
    const movs = await ok(admin, 'GET', `/api/MovimentosEstoque?filter=${q({ where: { origemTipo: 'pedidoVenda', origemId: o.id }, order: 'id ASC' })}`);
    expect(movs.map((m: Row) => [m.produtoId, m.loteId ?? null, new Decimal(m.quantidade).toFixed(4), m.tipo])).toEqual([
      [p[0].id, null, '-3.0000', 1],
      [p[1].id, lote.id, '-2.0000', 1],
      [p[2].id, null, '-1.5000', 1],
    ]);
    const parcelas = await ok(admin, 'GET', `/api/Parcelas?filter=${q({ where: { documento: `PV ${o.numero}` }, order: 'vencimento ASC' })}`);
    expect(parcelas.map((x: Row) => [x.vencimento.slice(0, 10), x.valor, x.pessoaId ?? x.clienteId ?? cliente.id])).toEqual([
      ['2030-01-10', '20.66', cliente.id],
      ['2030-02-10', '20.66', cliente.id],
      ['2030-03-10', '20.68', cliente.id],
    ]);
    // Commission: product B's category pays 10%, the others the salesperson's 2%.
    const com = await ok(admin, 'GET', `/api/Vendas/comissoes?de=${agoraLocal().data}&ate=${agoraLocal().data}`);
    const meus = com.filter((x: Row) => x.pedido === o.numero);
    expect(meus.map((x: Row) => [x.produto, x.valor, x.percentual, x.comissao])).toEqual([
      ['Vendas teste A (promo)', '20.00', '2.00', '0.40'],
      ['Vendas teste B (lote)', '36.00', '10.00', '3.60'],
      ['Vendas teste C (sem preço)', '6.00', '2.00', '0.12'],
    ]);
    const resumo = await ok(admin, 'GET', '/api/Vendas/resumo');
    expect(new Decimal(resumo.vendasHoje).gte(62)).toBe(true);
    expect(resumo.topProdutos.length).toBeGreaterThan(0);

    // A second faturar: 409, nothing more posted.
    const antes = await contagem();
    const de2 = await call(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    expect(de2.statusCode).toBe(409);
    expect(de2.json().error.message).toBe('Não é possível faturar: pedido de venda ' + o.numero + ' já está faturado.');
    expect(await contagem()).toEqual(antes);

    const x = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/cancelar`);
    expect(x).toMatchObject({ estado: 'cancelado', status: 4 });
    expect(await disp(p[0].id)).toEqual(antesA);
    expect(await disp(p[1].id)).toEqual(antesB);
    const estornos = await ok(admin, 'GET', `/api/MovimentosEstoque?filter=${q({ where: { origemTipo: 'pedidoVenda', origemId: o.id }, order: 'id ASC' })}`);
    expect(estornos).toHaveLength(6);
    const canceladas = await ok(admin, 'GET', `/api/Parcelas?filter=${q({ where: { documento: `PV ${o.numero}` } })}`);
    expect(canceladas.every((x: Row) => x.status === 'cancelado')).toBe(true);
    expect((await ok(admin, 'GET', `/api/Vendas/comissoes`)).filter((x: Row) => x.pedido === o.numero)).toEqual([]);
  });

  it('cancelling an order before faturar gives the reservation back; reabrir too', async () => {
    const antes = await disp(p[0].id);
    const o = await ok(admin, 'POST', '/api/PedidosVenda', pedido());
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/reabrir`);
    expect(await disp(p[0].id)).toEqual(antes);
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
    expect((await disp(p[0].id)).disponivel).not.toBe(antes.disponivel);
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/cancelar`);
    expect(await disp(p[0].id)).toEqual(antes);
  });

  it('what confirmed orders reserve is kept from acertos and transfers (negative stock off): clear refusal, nothing moved; within the available, both go through', async () => {
    const d = await ok(admin, 'POST', '/api/Produtos', { descricao: 'Vendas teste D (reservado)', codigo: 'VTD', tipoProduto: 0, precoCusto: '2.00', precoVenda: '4.00' });
    const outro = await ok(admin, 'POST', '/api/Depositos', { descricao: 'Depósito do teste de reservas', ativo: true });
    const acertar = async (contado: string) => ok(admin, 'POST', '/api/AcertosEstoque', { depositoId: principal, motivo: 'Contagem do teste de reservas', itens: [{ produtoId: d.id, quantidade: contado }] });
    const transferir = async (qt: string) => ok(admin, 'POST', '/api/TransferenciasEstoque', { depositoOrigemId: principal, depositoDestinoId: outro.id, itens: [{ produtoId: d.id, quantidade: qt }] });
    await ok(admin, 'POST', `/api/AcertosEstoque/${(await acertar('10')).id}/efetivar`);
    const o = await ok(admin, 'POST', '/api/PedidosVenda', pedido({ numeroParcelas: 1 }, [{ produtoId: d.id, quantidade: '7' }]));
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
    expect(await disp(d.id)).toEqual({ saldo: '10.0000', reservado: '7.0000', disponivel: '3.0000' });

    // A count of 5 would take 2 of the 7 reserved: refused, the acerto stays a draft, nothing moved.
    const antes = await contagem();
    const baixo = await acertar('5');
    const r1 = await call(admin, 'POST', `/api/AcertosEstoque/${baixo.id}/efetivar`);
    expect(r1.statusCode).toBe(400);
    expect(r1.json().error.message).toBe('Estoque reservado: Vendas teste D (reservado) tem saldo 10, dos quais 7 reservados para pedidos de venda confirmados; disponível 3, e a saída pede 5. Fature ou cancele os pedidos antes, ou permita estoque negativo.');
    expect(r1.json().error.details[0]).toMatchObject({ produtoId: d.id, reservado: '7.0000', disponivel: '3.0000', mensagem: 'Quantidade reservada para pedidos' });
    expect((await ok(admin, 'GET', `/api/AcertosEstoque/${baixo.id}`)).estado).toBe('rascunho');
    // A transfer of 4 out of the 3 available: refused the same way.
    const t1 = await transferir('4');
    const r2 = await call(admin, 'POST', `/api/TransferenciasEstoque/${t1.id}/efetivar`);
    expect(r2.statusCode).toBe(400);
    expect(r2.json().error.message).toMatch(/^Estoque reservado: Vendas teste D \(reservado\) tem saldo 10, dos quais 7 reservados .* disponível 3, e a saída pede 4\./);
    const depois = await contagem();
    expect(depois.movimentos).toBe(antes.movimentos);
    expect(await disp(d.id)).toEqual({ saldo: '10.0000', reservado: '7.0000', disponivel: '3.0000' });

    // Within the available: a count of 8 and a transfer of 1 go through, down to nothing available.
    await ok(admin, 'POST', `/api/AcertosEstoque/${(await acertar('8')).id}/efetivar`);
    await ok(admin, 'POST', `/api/TransferenciasEstoque/${(await transferir('1')).id}/efetivar`);
    expect(await disp(d.id)).toEqual({ saldo: '7.0000', reservado: '7.0000', disponivel: '0.0000' });
    expect(await disp(d.id, outro.id)).toEqual({ saldo: '1.0000', reservado: '0.0000', disponivel: '1.0000' });
    // The order cancelled gives the reservation back: the refused count now goes through.
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/cancelar`);
    await ok(admin, 'POST', `/api/AcertosEstoque/${baixo.id}/efetivar`);
    expect(await disp(d.id)).toEqual({ saldo: '5.0000', reservado: '0.0000', disponivel: '5.0000' });
  });

  it('a product sold in a grid: the line names its variation (picked from the SKUs), and the reservation and the VENDA movement carry it', async () => {
    const camiseta = (await ok(admin, 'GET', `/api/Produtos?filter=${q({ where: { codigo: 'CAM01' } })}`))[0];
    // The salesperson (no key to products) lists the SKUs for the picker.
    const skus = await ok(vendedor, 'GET', `/api/PedidosVenda/variacoes?produtoId=${camiseta.id}`);
    expect(skus.map((v: Row) => v.descricao)).toContain('Azul / M');
    expect(await ok(vendedor, 'GET', `/api/PedidosVenda/variacoes?produtoId=${p[0].id}`)).toEqual([]);
    const azulM = skus.find((v: Row) => v.descricao === 'Azul / M');
    const pretoGG = skus.find((v: Row) => v.descricao === 'Preto / GG');
    const acerto = await ok(admin, 'POST', '/api/AcertosEstoque', { depositoId: principal, motivo: 'Camisetas do teste de vendas', itens: [{ produtoId: camiseta.id, variacaoId: azulM.id, quantidade: '5' }, { produtoId: camiseta.id, variacaoId: pretoGG.id, quantidade: '2' }] });
    await ok(admin, 'POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);

    const sem = await call(admin, 'POST', '/api/PedidosVenda', pedido({ numeroParcelas: 1 }, [{ produtoId: camiseta.id, quantidade: '1' }]));
    expect(sem.statusCode).toBe(400);
    expect(sem.json().error.message).toContain('Linha 1: escolha a variação de Camiseta Mercadinho algodão (o estoque é controlado por variação)');
    expect(sem.json().error.details[0]).toMatchObject({ path: '/itens/0/variacaoId', mensagem: 'Escolha a variação' });

    const o = await ok(admin, 'POST', '/api/PedidosVenda', pedido({ numeroParcelas: 1 }, [{ produtoId: camiseta.id, variacaoId: azulM.id, quantidade: '3' }, { produtoId: camiseta.id, variacaoId: pretoGG.id, quantidade: '1' }]));
    // The GG SKU has its own price.
    expect(o.itens.map((i: Row) => i.precoUnitario)).toEqual(['30.00', '34.00']);
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
    const reservas = (await srv.db.query<Row>(`SELECT variacao_id, quantidade::numeric(15,4)::text AS q FROM reservas_estoque WHERE origem_tipo = 'pedidoVenda' AND origem_id = $1 ORDER BY variacao_id`, [o.id])).rows;
    expect(reservas).toEqual([{ variacao_id: azulM.id, q: '3.0000' }, { variacao_id: pretoGG.id, q: '1.0000' }].sort((a, b) => a.variacao_id - b.variacao_id));
    const sku = async (v: number) => (await srv.db.query<Row>(`SELECT quantidade::numeric(15,4)::text AS s, reservado::numeric(15,4)::text AS r FROM saldos_estoque WHERE produto_id = $1 AND variacao_id = $2 AND deposito_id = $3`, [camiseta.id, v, principal])).rows[0];
    expect(await sku(azulM.id)).toEqual({ s: '5.0000', r: '3.0000' });
    // The reserved SKU is kept from a count: 2 of Azul M counted would take 1 of the 3 reserved.
    const conta = await ok(admin, 'POST', '/api/AcertosEstoque', { depositoId: principal, motivo: 'Recontagem', itens: [{ produtoId: camiseta.id, variacaoId: azulM.id, quantidade: '2' }] });
    const r = await call(admin, 'POST', `/api/AcertosEstoque/${conta.id}/efetivar`);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toMatch(/^Estoque reservado: Camiseta Mercadinho algodão tem saldo 5, dos quais 3 reservados/);

    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/liberar`);
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    const movs = (await srv.db.query<Row>(`SELECT variacao_id, quantidade::numeric(15,4)::text AS q FROM movimentos_estoque WHERE origem_tipo = 'pedidoVenda' AND origem_id = $1 ORDER BY origem_linha`, [o.id])).rows;
    expect(movs).toEqual([{ variacao_id: azulM.id, q: '-3.0000' }, { variacao_id: pretoGG.id, q: '-1.0000' }]);
    expect(await sku(azulM.id)).toEqual({ s: '2.0000', r: '0.0000' });
    expect(await sku(pretoGG.id)).toEqual({ s: '1.0000', r: '0.0000' });
  });

  it('bad input changes nothing and says what is wrong, in Portuguese', async () => {
    const antes = await contagem();
    const casos: [Row, number, RegExp][] = [
      [pedido({}, [{ produtoId: p[2].id, quantidade: '1' }]), 400, /Linha 1: Vendas teste C \(sem preço\) não tem preço de venda cadastrado; informe o preço unitário/],
      [pedido({ parcelas: [{ vencimento: '2030-01-10', valor: '30.00' }, { vencimento: '2030-02-10', valor: '30.00' }] }), 400, /Parcelas: a soma das parcelas \(R\$ 60,00\) difere do total do pedido \(R\$ 62,00\)/],
      [pedido({}, [{ produtoId: p[0].id, quantidade: '1', descontoPercentual: '10', descontoValor: '1.00' }]), 400, /informe o desconto em % ou em valor, não os dois/],
      [pedido({}, [{ produtoId: p[0].id, quantidade: '0' }]), 400, /Quantidade/],
      [pedido({}, [{ quantidade: '1' }]), 400, /Linha 1: informe um produto ou um serviço/],
      [pedido({ descontoValor: '100.00' }), 400, /Desconto no total: R\$ 100,00 passa do total dos itens/],
      [{ ...pedido(), clienteId: 999999 }, 400, /Cliente/],
    ];
    for (const [body, status, msg] of casos) {
      const r = await call(admin, 'POST', '/api/PedidosVenda', body);
      expect(r.statusCode, r.body).toBe(status);
      expect(r.json().error.message).toMatch(msg);
    }
    // The profile's limit: 5% for "Vendedor", on a line or on the total.
    const linha = await call(vendedor, 'POST', '/api/PedidosVenda', pedido({}, [{ produtoId: p[1].id, quantidade: '1', descontoPercentual: '6' }]));
    expect(linha.statusCode).toBe(400);
    expect(linha.json().error.message).toMatch(/Linha 1: desconto de 6% acima do limite do seu perfil \(5%\)/);
    const total = await call(vendedor, 'POST', '/api/PedidosVenda', pedido({ descontoValor: '5.00' }, [{ produtoId: p[1].id, quantidade: '1' }]));
    expect(total.json().error.message).toMatch(/Desconto no total de 25% acima do limite do seu perfil \(5%\)/);
    expect((await call(vendedor, 'POST', '/api/PedidosVenda', pedido({ descontoPercentual: '5' }, [{ produtoId: p[1].id, quantidade: '1' }]))).statusCode).toBe(200);
    expect((await contagem()).movimentos).toBe(antes.movimentos);

    // Beyond the available stock (negative stock off): confirmar refuses and reserves nothing.
    const grande = await ok(admin, 'POST', '/api/PedidosVenda', pedido({}, [{ produtoId: p[1].id, loteId: lote.id, quantidade: '999' }]));
    const semEstoque = await call(admin, 'POST', `/api/PedidosVenda/${grande.id}/confirmar`);
    expect(semEstoque.statusCode).toBe(400);
    expect(semEstoque.json().error.message).toMatch(/^Estoque insuficiente: Vendas teste B \(lote\) tem disponível \d+ \(saldo \d+, reservado \d+\) e o pedido pede 999\.$/);
    expect((await ok(admin, 'GET', `/api/PedidosVenda/${grande.id}`)).estado).toBe('digitando');
    expect((await contagem()).reservas).toBe(antes.reservas);
    // faturar straight from digitando is not a transition of the document.
    expect((await call(admin, 'POST', `/api/PedidosVenda/${grande.id}/faturar`)).statusCode).toBe(409);
  });

  it('two faturar at once: exactly one faturamento', async () => {
    const o = await ok(admin, 'POST', '/api/PedidosVenda', pedido());
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
    const antes = await contagem();
    const rs = await Promise.all([call(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`), call(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`)]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const depois = await contagem();
    expect(depois.movimentos - antes.movimentos).toBe(3);
    expect(depois.lancamentos - antes.lancamentos).toBe(1);
    expect(depois.vendas - antes.vendas).toBe(3);
    expect(await srv.db.query(`SELECT 1 FROM reservas_estoque WHERE origem_id = $1 AND origem_tipo = 'pedidoVenda'`, [o.id]).then((r) => r.rows.length)).toBe(0);
  });

  it('copy an order, generate an order from a quote, print it (PDF) and send it by e-mail', async () => {
    const orc = await ok(admin, 'POST', '/api/PedidosVenda', pedido({ observacao: 'Orçamento válido por 7 dias' }));
    const copia = await ok(admin, 'POST', `/api/PedidosVenda/${orc.id}/copiar`);
    expect(copia).toMatchObject({ estado: 'digitando', valorTotal: orc.valorTotal, observacao: 'Orçamento válido por 7 dias' });
    expect(copia.numero).toBe(orc.numero + 1);
    expect(copia.itens).toHaveLength(3);
    await ok(admin, 'POST', `/api/PedidosVenda/${orc.id}/confirmar`);
    const reservas = (await contagem()).reservas;
    const gerado = await ok(admin, 'POST', `/api/PedidosVenda/${orc.id}/gerar-pedido`);
    expect(gerado).toMatchObject({ estado: 'digitando', origemPedidoId: orc.id, valorTotal: orc.valorTotal });
    expect(await ok(admin, 'GET', `/api/PedidosVenda/${orc.id}`)).toMatchObject({ estado: 'pedido_gerado', status: 6, transicoes: [] });
    expect((await contagem()).reservas).toBeLessThan(reservas);

    const pdf = await call(admin, 'GET', `/api/PedidosVenda/${orc.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const mail = await ok(admin, 'POST', `/api/PedidosVenda/${orc.id}/email`, {});
    expect(mail).toEqual({ enviado: true, para: 'cliente.vendas@exemplo.com.br' });
    const eml = readdirSync(join(outbox, 'outbox')).find((f) => f.includes('cliente.vendas'));
    const texto = readFileSync(join(outbox, 'outbox', eml!), 'utf8');
    expect(texto).toMatch(/^Subject: /m);
    expect(texto).toMatch(/^To: cliente\.vendas@exemplo\.com\.br$/m);
    expect(texto).toMatch(/application\/pdf; name=pedido-venda-\d+\.pdf/);
    expect((await call(admin, 'POST', `/api/PedidosVenda/${orc.id}/email`, { para: 'sem-arroba' })).json().error.message).toBe('E-mail inválido: sem-arroba.');
  });

  it('the calls are in the OpenAPI document', async () => {
    const doc = (await call(admin, 'GET', '/api/openapi.json')).json();
    for (const path of ['/api/PedidosVenda', '/api/PedidosVenda/{id}/faturar', '/api/PedidosVenda/{id}/cancelar', '/api/PedidosVenda/{id}/confirmar', '/api/PedidosVenda/{id}/copiar', '/api/PedidosVenda/{id}/pdf', '/api/PedidosVenda/variacoes', '/api/PedidosVenda/opcoes/naturezaId', '/api/PedidosVenda/opcoes/naturezaId/{id}', '/api/Promocoes', '/api/ContatosComerciais', '/api/ContatosComerciais/{id}/interacoes', '/api/Vendas/resumo']) {
      expect(doc.paths[path], path).toBeTruthy();
    }
  });

  it('another account sees none of it; permissions guard the transitions', async () => {
    const o = await ok(admin, 'POST', '/api/PedidosVenda', pedido());
    expect((await call(vizinha, 'GET', `/api/PedidosVenda/${o.id}`)).statusCode).toBe(404);
    expect((await call(vizinha, 'POST', `/api/PedidosVenda/${o.id}/confirmar`)).statusCode).toBe(404);
    expect((await call(vizinha, 'GET', `/api/PedidosVenda/${o.id}/pdf`)).statusCode).toBe(404);
    expect(await ok(vizinha, 'GET', '/api/Promocoes')).toEqual([]);
    expect((await call(vizinha, 'GET', `/api/PedidosVenda/disponibilidade?produtoIds=${p[0].id}`)).json()).toEqual([]);
    // "Vendedor" may change orders (3) but not cancel them (full).
    const c = await call(vendedor, 'POST', `/api/PedidosVenda/${o.id}/cancelar`);
    expect(c.statusCode).toBe(403);
    expect(c.json().error.message).toBe('Você não tem permissão para cancelar pedidos de venda.');
  });

  it('a salesperson with the order key only (app.pedidoVenda) fills the order in: its relations read through /opcoes, id and name only, scoped', async () => {
    const tenant = (await srv.db.query<{ t: number }>(`SELECT tenant_id AS t FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].t;
    const matriz = (await srv.db.query<{ id: number }>(`SELECT id FROM branches WHERE tenant_id = $1 AND apelido = 'Matriz'`, [tenant])).rows[0].id;
    const perfil = await ok(admin, 'POST', '/api/Perfis', { nome: 'Só pedidos de venda', permissoes: { 'app.pedidoVenda': 3 } });
    await ok(admin, 'POST', '/api/Usuarios', { nome: 'Vendedor de balcão', email: 'balcao.pedidos@demo.com.br', senha: 'balcao123', perfilId: perfil.id, filiais: [matriz] });
    const balcao = await login(app, 'balcao.pedidos@demo.com.br', 'balcao123');
    // The naturezas screen (and its API) stays closed to this user...
    expect((await call(balcao, 'GET', '/api/NaturezasOperacao')).statusCode).toBe(403);
    expect((await call(balcao, 'GET', '/api/Clientes')).statusCode).toBe(403);
    // ...while the order offers the active saída naturezas, with id and description only...
    const todas = (await srv.db.query<{ id: number; descricao: string }>(`SELECT id, descricao FROM naturezas_operacao WHERE tenant_id = $1 AND ativo AND tipo = 1 ORDER BY descricao`, [tenant])).rows;
    expect(todas.length).toBeGreaterThan(0);
    const naturezas = await ok(balcao, 'GET', '/api/PedidosVenda/opcoes/naturezaId');
    expect(naturezas.map((n: Row) => n.id).sort((a: number, b: number) => a - b)).toEqual(todas.map((n) => n.id).sort((a, b) => a - b));
    // ...and whether it issues an NF-e: the order says so before faturar (issue 43).
    expect(naturezas.every((n: Row) => Object.keys(n).sort().join() === 'descricao,emiteNfe,id')).toBe(true);
    const entrada = (await srv.db.query<{ id: number }>(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND tipo = 0 LIMIT 1`, [tenant])).rows[0];
    if (entrada) expect(naturezas.some((n: Row) => n.id === entrada.id)).toBe(false);
    // The form's search narrows within them; the chosen one is named by id.
    const alvo = todas[0];
    const achadas = await ok(balcao, 'GET', `/api/PedidosVenda/opcoes/naturezaId?filter=${q({ where: { or: [{ descricao: { ilike: `%${alvo.descricao.slice(0, 6)}%` } }] }, limit: 20 })}`);
    expect(achadas.map((n: Row) => n.id)).toContain(alvo.id);
    expect(await ok(balcao, 'GET', `/api/PedidosVenda/opcoes/naturezaId/${alvo.id}`)).toEqual({ id: alvo.id, descricao: alvo.descricao, emiteNfe: expect.any(Boolean) });
    // Clientes and formas de pagamento the same way; a field without choices has no such address.
    expect((await ok(balcao, 'GET', `/api/PedidosVenda/opcoes/clienteId/${cliente.id}`))).toEqual({ id: cliente.id, nome: cliente.nome });
    expect((await ok(balcao, 'GET', '/api/PedidosVenda/opcoes/formaPagamentoId')).some((f: Row) => f.id === forma.id)).toBe(true);
    expect((await call(balcao, 'GET', '/api/PedidosVenda/opcoes/observacao')).statusCode).toBe(404);
    // The lines' products and lots too (a lot with its validade, for the cell's label).
    expect((await call(balcao, 'GET', '/api/Produtos')).statusCode).toBe(403);
    expect(await ok(balcao, 'GET', `/api/PedidosVenda/opcoes/produtoId/${p[0].id}`)).toEqual({ id: p[0].id, descricao: p[0].descricao });
    const lotes = await ok(balcao, 'GET', `/api/PedidosVenda/opcoes/loteId?filter=${q({ where: { produtoId: p[1].id } })}`);
    expect(lotes.map((l: Row) => Object.keys(l).sort().join())).toContain('id,numero,validade');
    expect(lotes.map((l: Row) => l.id)).toContain(lote.id);
    // Scoped: another account sees none of these records, and no order key means no read.
    expect((await call(vizinha, 'GET', `/api/PedidosVenda/opcoes/naturezaId/${alvo.id}`)).statusCode).toBe(404);
    expect((await ok(vizinha, 'GET', '/api/PedidosVenda/opcoes/naturezaId')).some((n: Row) => todas.some((t) => t.id === n.id))).toBe(false);
    await ok(admin, 'PUT', `/api/Perfis/${perfil.id}`, { nome: 'Só pedidos de venda', permissoes: {} });
    const semChave = await login(app, 'balcao.pedidos@demo.com.br', 'balcao123');
    expect((await call(semChave, 'GET', '/api/PedidosVenda/opcoes/naturezaId')).statusCode).toBe(403);
    await ok(admin, 'PUT', `/api/Perfis/${perfil.id}`, { nome: 'Só pedidos de venda', permissoes: { 'app.pedidoVenda': 3 } });
    // And the order is saved with the natureza chosen.
    const balcao2 = await login(app, 'balcao.pedidos@demo.com.br', 'balcao123');
    const o = await ok(balcao2, 'POST', '/api/PedidosVenda', pedido({ naturezaId: alvo.id, vendedorId: null }, [{ produtoId: p[0].id, quantidade: '1' }]));
    expect(o.naturezaId).toBe(alvo.id);
  });

  it('promotions: each type checked; contacts: interactions and a follow-up that alerts once', async () => {
    const ruins: [Row, RegExp][] = [
      [{ descricao: 'Dois alvos', tipo: 0, preco: '1.00', produtoId: p[0].id, categoriaId: categoria.id }, /informe o produto ou a categoria, não os dois/],
      [{ descricao: 'Sem preço', tipo: 0, produtoId: p[0].id }, /informe o preço promocional/],
      [{ descricao: 'Leve pague errado', tipo: 2, produtoId: p[0].id, leve: 2, pague: 2 }, /o cliente deve pagar menos unidades do que leva/],
      [{ descricao: 'Datas', tipo: 1, produtoId: p[0].id, percentual: '5', dataInicio: '2030-02-01', dataFim: '2030-01-01' }, /data final é anterior/],
    ];
    for (const [body, msg] of ruins) {
      const r = await call(admin, 'POST', '/api/Promocoes', body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toMatch(msg);
    }
    const cat = await ok(admin, 'POST', '/api/Promocoes', { descricao: '15% na categoria de teste, seg a sex', tipo: 1, categoriaId: categoria.id, percentual: '15', diasSemana: [1, 2, 3, 4, 5], horaInicio: '00:00', horaFim: '24:00' });
    expect(cat.diasSemana).toEqual([1, 2, 3, 4, 5]);
    const o = await ok(admin, 'POST', '/api/PedidosVenda', pedido({}, [{ produtoId: p[1].id, quantidade: '2' }]));
    const dia = new Date(`${agoraLocal().data}T12:00:00Z`).getUTCDay();
    expect(o.itens[0].promocao).toBe(dia >= 1 && dia <= 5 ? '15% na categoria de teste, seg a sex' : null);
    await ok(admin, 'PUT', `/api/Promocoes/${cat.id}`, { ...cat, ativo: false });

    // The cargo is a value of the job-roles list (schemas/lookups/cargo.json), not free text.
    const livre = await call(admin, 'POST', '/api/ContatosComerciais', { nome: 'Marina Compras', pessoaId: cliente.id, cargo: 'Compradora' });
    expect(livre.statusCode).toBe(400);
    expect(livre.json().error.message).toBe('Dados inválidos: Cargo: Campo inválido!');
    expect(livre.json().error.details).toEqual([expect.objectContaining({ campo: 'cargo', mensagem: 'Campo inválido!' })]);
    const contato = await ok(admin, 'POST', '/api/ContatosComerciais', { nome: 'Marina Compras', pessoaId: cliente.id, cargo: 'comprador', email: 'marina@exemplo.com.br', proximoContato: '2020-01-01' });
    expect(contato.cargo).toBe('comprador');
    const i = await ok(admin, 'POST', `/api/ContatosComerciais/${contato.id}/interacoes`, { tipo: 'Ligação', descricao: 'Pediu tabela de preços de dezembro' });
    expect(i).toMatchObject({ tipo: 'Ligação', data: agoraLocal().data });
    expect((await call(admin, 'POST', `/api/ContatosComerciais/${contato.id}/interacoes`, { descricao: '' })).json().error.message).toMatch(/Descrição: conte o que foi tratado/);
    expect(await ok(admin, 'GET', `/api/ContatosComerciais/${contato.id}/interacoes`)).toHaveLength(1);
    expect((await call(vizinha, 'GET', `/api/ContatosComerciais/${contato.id}/interacoes`)).statusCode).toBe(404);
    const primeira = await ok(admin, 'POST', '/api/ContatosComerciais/alertar-retornos');
    expect(primeira.alertas).toBeGreaterThan(0);
    expect((await ok(admin, 'POST', '/api/ContatosComerciais/alertar-retornos')).alertas).toBe(0);
    const alertas = await ok(admin, 'GET', '/api/Alerta');
    expect(alertas.some((a: Row) => a.texto === 'Retorno agendado para 01/01/2020: falar com Marina Compras (Cliente do Teste de Vendas).' && a.link === `pages/vendas/contatos-comerciais/editar/${contato.id}`)).toBe(true);
  });

  it('migration 0365 turns the free-text cargos into values of the list, keeping an unknown one in the observação', async () => {
    const tenant = (await srv.db.query<{ t: number }>(`SELECT tenant_id AS t FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].t;
    const demo = (await srv.db.query<{ cargo: string }>('SELECT cargo FROM contatos_comerciais WHERE tenant_id = $1 ORDER BY cargo', [tenant])).rows.map((r) => r.cargo);
    expect(demo).toEqual(expect.arrayContaining(['comprador', 'gerente_loja', 'representante']));
    const ids = (await srv.db.query<{ id: number }>(
      `INSERT INTO contatos_comerciais (tenant_id, nome, cargo, observacao) VALUES ($1, 'A', 'Compradora', NULL), ($1, 'B', ' GERENTE DE LOJA ', 'x'), ($1, 'C', 'Bibliotecária', 'Prefere e-mail.'), ($1, 'D', '', NULL) RETURNING id`,
      [tenant],
    )).rows.map((r) => r.id);
    const sql = readFileSync(join(import.meta.dirname, '../../src/server/db/migrations/0365_cargo_contatos.sql'), 'utf8');
    const ler = async () => (await srv.db.query<Row>('SELECT nome, cargo, observacao FROM contatos_comerciais WHERE tenant_id = $1 AND id = ANY($2::integer[]) ORDER BY nome', [tenant, ids])).rows;
    const esperado = [
      { nome: 'A', cargo: 'comprador', observacao: null },
      { nome: 'B', cargo: 'gerente_loja', observacao: 'x' },
      { nome: 'C', cargo: 'outro', observacao: 'Cargo: Bibliotecária\nPrefere e-mail.' },
      { nome: 'D', cargo: null, observacao: null },
    ];
    await srv.db.transaction((tx) => tx.exec(sql));
    expect(await ler()).toEqual(esperado);
    await srv.db.transaction((tx) => tx.exec(sql));
    expect(await ler(), 'a second run changes nothing').toEqual(esperado);
    const fora = await srv.db.query('SELECT cargo FROM contatos_comerciais WHERE cargo IS NOT NULL AND NOT (cargo = ANY($1::text[]))', [CARGO.map((c) => c.value)]);
    expect(fora.rows, 'every stored cargo is a value of the list').toEqual([]);
    await srv.db.query('DELETE FROM contatos_comerciais WHERE tenant_id = $1 AND id = ANY($2::integer[])', [tenant, ids]);
  });

  it('sales reports export through the report queue', async () => {
    for (const recurso of ['VendasPorPeriodo', 'VendasPorCliente', 'VendasPorProduto', 'VendasPorVendedor', 'CurvaAbcProdutos', 'TicketMedio', 'ComissoesVendedores']) {
      const queued = await call(admin, 'POST', '/api/Relatorios/exportar', { recurso, tipo: 'xlsx', filter: { where: { de: '2020-01-01', ate: agoraLocal().data } } });
      expect(queued.statusCode, `${recurso}: ${queued.body}`).toBe(200);
      let file = await call(admin, 'GET', `/api/Relatorios/${queued.json().id}/arquivo`);
      for (let k = 0; k < 600 && file.statusCode !== 200; k++) {
        await new Promise((r) => setTimeout(r, 50));
        file = await call(admin, 'GET', `/api/Relatorios/${queued.json().id}/arquivo`);
      }
      expect(file.statusCode, recurso).toBe(200);
    }
    const bad = await call(admin, 'POST', '/api/Relatorios/exportar', { recurso: 'VendasPorPeriodo', tipo: 'xlsx', filter: { where: { de: '2030-01-01', ate: '2020-01-01' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('A data inicial deve ser anterior à data final.');
  });
});
