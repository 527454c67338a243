import { BACKENDS } from '../support/server.ts';
import { servidorFiscal } from '../support/servidor-fiscal.ts';
import { DocumentLifecycle, type AposCommit } from '../../src/server/documents/lifecycle.ts';
import { resolverEventosPendentes } from '../../src/server/fiscal/emissao/eventos.ts';
import { abrirCertificado } from '../../src/server/fiscal/emissao/certificados.ts';
import { envelopeEventos } from '../../src/server/fiscal/mensagens.ts';
import { criarClienteSefaz, destinoSefaz, sefazLocalEmExecucao } from '../../src/server/fiscal/sefaz-destino.ts';

type Row = Record<string, any>;

// Issue 34, the NF-e events: the cancellation of a faturado order's NF-e, the CC-e, the inutilização and the
// consultation call SEFAZ with no transaction open (the guard is on in this process: a call inside one throws, so
// every test below would fail if a path regressed), the answer is recorded once, a refused cancellation runs the
// order's declared compensating transition (estornar-cancelamento) and a crash is settled by the recovery by key.
describe.each(BACKENDS)('eventos da NF-e fora da transação on %s', (backend) => {
  const f = servidorFiscal(backend, 'nfe-eventos');
  const { call, ok } = f;
  const sql = async (text: string, params: unknown[] = []) => (await f.srv.db.query<Row>(text, params)).rows;
  let tenant: number;
  let matriz: number;
  let cliente: number;
  let natureza: number;
  let produtos: number[];
  let deposito: number;
  let adminId: number;

  const saldo = async (produtoId: number) => String((await sql(`SELECT coalesce(sum(quantidade), 0)::numeric(15,4)::text AS s FROM movimentos_estoque WHERE tenant_id = $1 AND produto_id = $2 AND deposito_id = $3`, [tenant, produtoId, deposito]))[0].s);
  const saldos = () => Promise.all(produtos.map(saldo));
  const novoPedido = async () => {
    const o = await ok(f.admin, 'POST', '/api/PedidosVenda', {
      clienteId: cliente, depositoId: deposito, naturezaId: natureza, numeroParcelas: 2, primeiroVencimento: '2099-01-10',
      itens: [{ produtoId: produtos[0], quantidade: '2' }, { produtoId: produtos[1], quantidade: '1' }],
    });
    await ok(f.admin, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
    return o as Row;
  };
  const faturado = async () => {
    const o = await novoPedido();
    const r = await ok(f.admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    expect(r).toMatchObject({ estado: 'faturado' });
    const [nota] = await sql(`SELECT * FROM notas_fiscais WHERE tenant_id = $1 AND pedido_id = $2`, [tenant, o.id]);
    expect(nota.status).toBe('autorizada');
    return { o, nota };
  };
  /** The order's books: each movement reversed at most once, the net quantity per product, the live receivables and sales lines. */
  const livros = async (pedidoId: number) => {
    const reversos = await sql(`SELECT estorno_de, count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2 AND estorno_de IS NOT NULL GROUP BY estorno_de HAVING count(*) > 1`, [tenant, pedidoId]);
    const liquido = await sql(`SELECT produto_id, sum(quantidade)::numeric(15,4)::text AS q FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2 GROUP BY produto_id ORDER BY produto_id`, [tenant, pedidoId]);
    const receber = (await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2 AND NOT cancelado`, [tenant, pedidoId]))[0].n;
    const linhas = (await sql(`SELECT count(*)::int AS n FROM vendas_itens WHERE tenant_id = $1 AND pedido_id = $2 AND cancelado_em IS NULL`, [tenant, pedidoId]))[0].n;
    return { reversosDuplos: reversos.length, liquido: Object.fromEntries(liquido.map((l) => [Number(l.produto_id), l.q])), receber, linhas };
  };
  const sefaz = async () => {
    await destinoSefaz();
    return (await sefazLocalEmExecucao())!;
  };
  /** The cancellation events SEFAZ holds for a key (consulted by the key, as the recovery does). */
  const cancelamentosNaSefaz = async (chave: string) => {
    const cert = await f.srv.db.tenant({ tenantId: tenant }, (q) => abrirCertificado(f.srv.services, q, tenant, matriz));
    const c = await criarClienteSefaz({ certificado: cert, uf: 'SP', modelo: 55, tpAmb: 2 });
    try {
      return (await c.consultar(chave)).eventos.filter((e) => e.includes('<tpEvento>110111</tpEvento>')).length;
    } finally {
      c.fechar();
    }
  };
  const ctxAdmin = () => ({ tenantId: tenant, userId: adminId, branchId: matriz, perfilAdmin: true, permissoes: {}, isContador: false, suporteWhiteLabel: false }) as never;

  beforeAll(async () => {
    const b = (await sql(`SELECT tenant_id, id FROM branches WHERE cpf_cnpj = '11222333000181'`))[0];
    tenant = Number(b.tenant_id);
    matriz = Number(b.id);
    adminId = Number((await sql(`SELECT id FROM users WHERE email = 'admin@demo.com.br'`))[0].id);
    cliente = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' ORDER BY id LIMIT 1`, [tenant]))[0].id);
    natureza = Number((await sql(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria'`, [tenant]))[0].id);
    produtos = (await sql(
      `SELECT p.id FROM produtos p JOIN perfis_tributarios t ON t.tenant_id = p.tenant_id AND t.id = p.perfil_tributario_id
        WHERE p.tenant_id = $1 AND t.nome = 'Revenda Simples Nacional' AND p.ncm IS NOT NULL AND NOT p.servico AND p.preco_venda > 0
          AND NOT EXISTS (SELECT 1 FROM lotes l WHERE l.tenant_id = p.tenant_id AND l.produto_id = p.id) ORDER BY p.id LIMIT 2`,
      [tenant],
    )).map((r) => Number(r.id));
    deposito = Number((await sql(`SELECT id FROM depositos WHERE tenant_id = $1 AND filial_id = $2 AND padrao`, [tenant, matriz]))[0].id);
    await sql(`UPDATE configuracoes_estoque SET permitir_estoque_negativo = true WHERE tenant_id = $1`, [tenant]);
    await sql(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) SELECT $1, true WHERE NOT EXISTS (SELECT 1 FROM configuracoes_estoque WHERE tenant_id = $1)`, [tenant]);
  });

  it('the guard is on here: a SEFAZ call with a transaction open is refused (what would fail the tests below)', async () => {
    const cert = await f.srv.db.tenant({ tenantId: tenant }, (q) => abrirCertificado(f.srv.services, q, tenant, matriz));
    const c = await criarClienteSefaz({ certificado: cert, uf: 'SP', modelo: 55, tpAmb: 2 });
    try {
      await expect(f.srv.db.tenant({ tenantId: tenant }, () => c.statusServico())).rejects.toThrow(/^Chamada à SEFAZ \(NFeStatusServico4\) com uma transação do banco aberta/);
      expect((await c.statusServico()).cStat).toBe('107');
    } finally {
      c.fechar();
    }
  });

  it('cancelling a faturado order: SEFAZ refuses (222) → estornar-cancelamento, the order faturado, nothing reversed twice; cancelled again, SEFAZ and the books agree', async () => {
    const antes = await saldos();
    const { o, nota } = await faturado();
    const vendido = await livros(o.id);
    expect(vendido).toMatchObject({ reversosDuplos: 0, receber: 1, linhas: 2 });
    // The protocol the ERP holds differs from SEFAZ's: SEFAZ refuses the cancellation (222) after cancelar committed.
    await sql(`UPDATE notas_fiscais SET protocolo = '135999999999999' WHERE tenant_id = $1 AND id = $2`, [tenant, nota.id]);
    const recusa = await call(f.admin, 'POST', `/api/PedidosVenda/${o.id}/cancelar`);
    expect(recusa.statusCode, recusa.body).toBe(400);
    expect(recusa.json().error.message).toMatch(/^A SEFAZ recusou o cancelamento: 222 - Rejeição: Protocolo de Autorização de Uso difere do cadastrado\./);
    const p1 = await ok(f.admin, 'GET', `/api/PedidosVenda/${o.id}`);
    expect(p1.estado).toBe('faturado');
    expect(p1.eventos.map((e: Row) => e.transicao).slice(-3)).toEqual(['faturar', 'cancelar', 'estornar-cancelamento']);
    expect((await sql(`SELECT status FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [tenant, nota.id]))[0].status).toBe('autorizada');
    // The sale stands once: the first movements reversed once, posted again as new rows; one live receivable.
    expect(await livros(o.id)).toEqual(vendido);
    expect((await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2`, [tenant, o.id]))[0].n).toBe(2);
    expect(await sql(`SELECT situacao, cstat FROM nfe_eventos_envio WHERE tenant_id = $1 AND nota_id = $2`, [tenant, nota.id])).toEqual([{ situacao: 'rejeitado', cstat: '222' }]);
    expect((await sefaz()).situacaoDa(nota.chave)).toBe('autorizada');

    // The protocol right again: the order cancels, the note is cancelled at SEFAZ once, everything reversed once.
    await sql(`UPDATE notas_fiscais SET protocolo = $3 WHERE tenant_id = $1 AND id = $2`, [tenant, nota.id, nota.protocolo]);
    expect((await ok(f.admin, 'POST', `/api/PedidosVenda/${o.id}/cancelar`)).estado).toBe('cancelado');
    expect((await sql(`SELECT status FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [tenant, nota.id]))[0].status).toBe('cancelada');
    const cancelado = await livros(o.id);
    expect(cancelado).toEqual({ reversosDuplos: 0, liquido: Object.fromEntries(produtos.map((p) => [p, '0.0000'])), receber: 0, linhas: 0 });
    expect(await saldos()).toEqual(antes);
    expect((await sefaz()).situacaoDa(nota.chave)).toBe('cancelada');
    expect(await cancelamentosNaSefaz(nota.chave)).toBe(1);
    expect((await sql(`SELECT tipo FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 ORDER BY id`, [tenant, nota.id])).map((e) => e.tipo)).toEqual(['autorizacao', 'cancelamento']);
  }, 120_000);

  it('SEFAZ down when cancelling a faturado order (the event never reached it): 503, estornar-cancelamento, the order faturado with its sale once', async () => {
    const { o, nota } = await faturado();
    const vendido = await livros(o.id);
    const s = await sefaz();
    s.indisponivel = true;
    try {
      const r = await call(f.admin, 'POST', `/api/PedidosVenda/${o.id}/cancelar`);
      expect(r.statusCode, r.body).toBe(503);
      expect(r.json().error.message).toMatch(/^SEFAZ indisponível: .*Nada foi alterado; tente de novo em instantes\.$/);
    } finally {
      s.indisponivel = false;
    }
    expect((await ok(f.admin, 'GET', `/api/PedidosVenda/${o.id}`)).estado).toBe('faturado');
    expect(await livros(o.id)).toEqual(vendido);
    expect(await sql(`SELECT situacao FROM nfe_eventos_envio WHERE tenant_id = $1 AND nota_id = $2`, [tenant, nota.id])).toEqual([{ situacao: 'rejeitado' }]);
    expect(s.situacaoDa(nota.chave)).toBe('autorizada');
    // SEFAZ back: the order cancels.
    expect((await ok(f.admin, 'POST', `/api/PedidosVenda/${o.id}/cancelar`)).estado).toBe('cancelado');
    expect(s.situacaoDa(nota.chave)).toBe('cancelada');
    expect(await livros(o.id)).toMatchObject({ reversosDuplos: 0, receber: 0, linhas: 0 });
  }, 120_000);

  it('a crash after cancelar committed: the recovery sends the same signed event once; after SEFAZ registered it, the recovery adopts SEFAZ\'s (no second event)', async () => {
    const services = f.srv.services;
    const def = services.documents!.get('pedidoVenda');
    const cancelarSemEnviar = async (pedidoId: number) => {
      const perdidos: AposCommit[] = [];
      await services.db.tenant(ctxAdmin(), (q) => new DocumentLifecycle(services.registry, services).transition(q, def, ctxAdmin(), pedidoId, 'cancelar', perdidos));
      expect(perdidos).toHaveLength(1);
      return perdidos;
    };
    // (a) killed before the send: the order is cancelled in the books, its note's cancellation 'transmitindo'.
    const a = await faturado();
    const perdidosA = await cancelarSemEnviar(a.o.id);
    const [envioA] = await sql(`SELECT * FROM nfe_eventos_envio WHERE tenant_id = $1 AND nota_id = $2`, [tenant, a.nota.id]);
    expect(envioA).toMatchObject({ situacao: 'transmitindo', tipo: 'cancelamento', sequencia: 1, pedido_id: a.o.id });
    expect((await ok(f.admin, 'GET', `/api/PedidosVenda/${a.o.id}`)).estado).toBe('cancelado');
    // A second cancellation (another tab, or the note's screen) waits for the first.
    expect((await call(f.admin, 'POST', `/api/NotasFiscais/${a.nota.id}/cancelar`, { justificativa: 'Cancelamento pela tela da nota' })).statusCode).toBe(409);
    // (b) killed after SEFAZ registered the event and before the ERP recorded it.
    const b = await faturado();
    await cancelarSemEnviar(b.o.id);
    const [envioB] = await sql(`SELECT * FROM nfe_eventos_envio WHERE tenant_id = $1 AND nota_id = $2`, [tenant, b.nota.id]);
    const cert = await services.db.tenant({ tenantId: tenant }, (q) => abrirCertificado(services, q, tenant, matriz));
    const c = await criarClienteSefaz({ certificado: cert, uf: 'SP', modelo: 55, tpAmb: 2 });
    try {
      expect((await c.enviarEventos(envelopeEventos(1, [envioB.xml]))).eventos[0].cStat).toBe('135');
    } finally {
      c.fechar();
    }

    const r = await resolverEventosPendentes(services, 0);
    expect(r.resolvidos).toEqual(expect.arrayContaining([Number(envioA.id), Number(envioB.id)]));
    for (const x of [a, b]) {
      expect((await sql(`SELECT status FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [tenant, x.nota.id]))[0].status).toBe('cancelada');
      expect((await sefaz()).situacaoDa(x.nota.chave)).toBe('cancelada');
      // SEFAZ's events equal the ERP's: one cancellation each, with the same protocol.
      expect(await cancelamentosNaSefaz(x.nota.chave)).toBe(1);
      const ev = await sql(`SELECT tipo, protocolo FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 AND tipo = 'cancelamento'`, [tenant, x.nota.id]);
      expect(ev).toHaveLength(1);
      expect(ev[0].protocolo).toMatch(/^\d{15}$/);
      expect(await livros(x.o.id)).toMatchObject({ reversosDuplos: 0, receber: 0, linhas: 0 });
      expect((await ok(f.admin, 'GET', `/api/PedidosVenda/${x.o.id}`)).estado).toBe('cancelado');
    }
    // The lost after-commit work run late (the process was not dead after all), and the job again: nothing more.
    await perdidosA[0]();
    expect((await resolverEventosPendentes(services, 0)).resolvidos).toEqual([]);
    expect(await cancelamentosNaSefaz(a.nota.chave)).toBe(1);
    expect((await sql(`SELECT count(*)::int AS n FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 AND tipo = 'cancelamento'`, [tenant, a.nota.id]))[0].n).toBe(1);
  }, 120_000);

  it('CC-e, consultation and inutilização from the NF-e screens go through the outbox; a refused inutilização records nothing but its refusal', async () => {
    // A note of its own (not of an order), authorised from the emitir-nfe screen.
    const produto = (await sql(`SELECT preco_venda FROM produtos WHERE tenant_id = $1 AND id = $2`, [tenant, produtos[0]]))[0];
    const n = await ok(f.admin, 'POST', '/api/NotasFiscais', {
      naturezaId: natureza, clienteId: cliente, itens: [{ produtoId: produtos[0], quantidade: '1', valorUnitario: String(produto.preco_venda) }],
      transporte: { modalidade: 9 }, pagamentos: [{ tPag: '15', valor: String(produto.preco_venda), vencimento: '2099-01-10' }],
    });
    expect((await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/transmitir`)).autorizada).toBe(true);
    const c1 = await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/carta-correcao`, { correcao: 'Corrigir o complemento do endereco de entrega' });
    expect(c1).toMatchObject({ sequencia: 1, cStat: '135' });
    const c2 = await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/carta-correcao`, { correcao: 'Corrigir o numero do pedido do cliente para 43' });
    expect(c2).toMatchObject({ sequencia: 2, cStat: '135', nota: { sequenciaCce: 2 } });
    expect(await sql(`SELECT tipo, sequencia, situacao FROM nfe_eventos_envio WHERE tenant_id = $1 AND nota_id = $2 ORDER BY id`, [tenant, n.id])).toEqual([
      { tipo: 'cce', sequencia: 1, situacao: 'registrado' },
      { tipo: 'cce', sequencia: 2, situacao: 'registrado' },
    ]);
    expect((await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/consultar`)).cStat).toBe('100');
    // The note's own stock and receivable are reversed when SEFAZ registers its cancellation.
    const cancel = await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/cancelar`, { justificativa: 'Cliente desistiu da compra antes da entrega' });
    expect(cancel).toMatchObject({ autorizada: true, nota: { status: 'cancelada' } });
    expect((await sql(`SELECT coalesce(sum(quantidade), 0)::numeric(15,4)::text AS q FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, n.id]))[0].q).toBe('0.0000');
    expect((await sql(`SELECT bool_and(cancelado) AS c FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, n.id]))[0].c).toBe(true);

    const ultimo = Number((await sql(`SELECT ultimo_numero FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfe' AND serie = 1`, [tenant, matriz]))[0].ultimo_numero);
    const faixa = { serie: 1, numeroInicial: ultimo + 500, numeroFinal: ultimo + 501, justificativa: 'Numeracao pulada por falha no sistema' };
    const inut = await ok(f.admin, 'POST', '/api/Inutilizacoes', faixa);
    expect(inut).toMatchObject({ numeroInicial: ultimo + 500, numeroFinal: ultimo + 501, cStat: '102' });
    // The same range again: SEFAZ refuses (256); only the refusal is recorded.
    const de = await call(f.admin, 'POST', '/api/Inutilizacoes', faixa);
    expect(de.statusCode).toBe(400);
    expect(de.json().error.message).toMatch(/^A SEFAZ recusou a inutilização: 256/);
    expect((await sql(`SELECT count(*)::int AS n FROM inutilizacoes WHERE tenant_id = $1 AND numero_inicial = $2`, [tenant, ultimo + 500]))[0].n).toBe(1);
    expect(await sql(`SELECT situacao, cstat FROM nfe_eventos_envio WHERE tenant_id = $1 AND tipo = 'inutilizacao' ORDER BY id`, [tenant])).toEqual([
      { situacao: 'registrado', cstat: '102' },
      { situacao: 'rejeitado', cstat: '256' },
    ]);
  }, 120_000);
});
