import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chamadasComo } from '../support/chamadas.ts';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { conferirLote, maquina, registrarEventosEmLote, transitar } from '../../src/server/documents/estados.ts';
import { SCHEMAS_DIR } from '../../src/server/catalog/documents.ts';
import { checkSchemas } from '../../scripts/schemas-check/documents.ts';
import { pararAdnLocal } from '../../src/server/nfse/adn-cliente.ts';
import { pararSefazLocal } from '../../src/server/fiscal/sefaz-destino.ts';
import { emitirNfse } from '../../src/server/nfse/transmissao.ts';
import { moverCupom } from '../../src/server/pdv/estado-cupom.ts';

type Row = Record<string, any>;

// Issue 35, "every state machine declared once": the purchase order's receber, the lançamento, the baixa and the
// devolução ao fornecedor run through the one transition function with their states and transitions in their JSON
// (schemas/documents/pedidoCompra.json, schemas/lifecycles/*.json). A transition the JSON does not declare from the
// record's state is refused in Portuguese with nothing changed; a declared one records who and when.
describe.each(BACKENDS)('estados declarados on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let tenantId: number;
  let userId: number;
  const { call, ok, sql } = chamadasComo(() => srv, () => admin);
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const eventos = (tipo: string, id: number) => sql(`SELECT transicao, de, para, usuario_id FROM estado_eventos WHERE tenant_id = $1 AND tipo = $2 AND registro_id = $3 ORDER BY id`, [tenantId, tipo, id]);
  const eventosDoc = (id: number) => sql(`SELECT transicao, de, para, usuario_id FROM documento_eventos WHERE tenant_id = $1 AND documento_id = $2 ORDER BY id`, [tenantId, id]);
  /** The order as stored: state, lines, audit trail, last change. */
  const pedidoGravado = async (id: number) => ({
    doc: await sql(`SELECT estado, updated_at FROM documentos WHERE tenant_id = $1 AND id = $2`, [tenantId, id]),
    itens: await sql(`SELECT linha, dados FROM documento_itens WHERE tenant_id = $1 AND documento_id = $2 ORDER BY linha`, [tenantId, id]),
    eventos: await eventosDoc(id),
  });
  const contagens = async () => {
    const out: Record<string, number> = {};
    for (const t of ['lancamentos', 'parcelas', 'baixas', 'movimentos_financeiros', 'movimentos_estoque', 'estado_eventos', 'documento_eventos']) out[t] = Number((await sql(`SELECT count(*)::int AS n FROM ${t}`))[0].n);
    out.cancelados = Number((await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE cancelado`))[0].n);
    out.baixado = Number((await sql(`SELECT coalesce(sum(valor_baixado), 0)::text AS s FROM parcelas`))[0].s);
    return out;
  };

  beforeAll(async () => {
    // The local SEFAZ and ADN (one per process, state under DATA_DIR) fresh for this database: the same series numbers
    // the same notes on each backend.
    await pararAdnLocal();
    await pararSefazLocal();
    process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'estados-fiscal-'));
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    const u = (await sql(`SELECT id, tenant_id FROM users WHERE email = 'admin@demo.com.br'`))[0];
    tenantId = Number(u.tenant_id);
    userId = Number(u.id);
  });
  afterAll(async () => {
    await srv?.close();
    await pararAdnLocal();
    await pararSefazLocal();
  });

  /** A new open purchase order, a copy of a demo one. */
  const novoPedido = async (): Promise<Row> => {
    const demo = (await ok('GET', `/api/PedidosCompra?filter=${q({ order: 'numero ASC', limit: 1 })}`))[0];
    const { id: _i, numero: _n, estado: _e, transicoes: _t, eventos: _ev, ...resto } = await ok('GET', `/api/PedidosCompra/${demo.id}`);
    return ok('POST', '/api/PedidosCompra', { ...resto, itens: resto.itens.map(({ linha: _l, quantidadeRecebida: _q, ...it }: Row) => it) });
  };

  it('pedido de compra: receber is declared, never offered nor routed; refused on a cancelled order (nothing changed) and fired by the entries with who and when', async () => {
    // Fired by an entry's efetivar: the order's state follows, recorded with the person who posted the entry.
    const aberto = await novoPedido();
    const demoEnt = (await ok('GET', `/api/EntradasNota?filter=${q({ order: 'numero ASC', limit: 1 })}`))[0];
    const ent = await ok('POST', '/api/EntradasNota', {
      fornecedorId: aberto.fornecedorId, depositoId: demoEnt.depositoId, numeroNota: 99122, serie: 1, dataEmissao: '2026-11-20', numeroParcelas: 1, primeiroVencimento: '2026-12-20', pedidoCompraId: aberto.id,
      itens: [{ produtoId: aberto.itens[0].produtoId, quantidade: '1', valorTotal: '10.00' }],
    });
    await ok('POST', `/api/EntradasNota/${ent.id}/efetivar`);
    const recebido = await ok('GET', `/api/PedidosCompra/${aberto.id}`);
    expect(['parcial', 'recebido']).toContain(recebido.estado);
    expect((await eventosDoc(aberto.id)).at(-1)).toEqual({ transicao: 'receber', de: 'aberto', para: recebido.estado, usuario_id: userId });

    const p = await novoPedido();
    expect(p.estado).toBe('aberto');
    expect(p.transicoes).toEqual(['cancelar']);
    const rota = await call('POST', `/api/PedidosCompra/${p.id}/receber`);
    expect(rota.statusCode).toBe(404);
    expect(rota.json().error.message).toBe('Ação desconhecida: receber');
    const ctx = { tenantId, userId, branchId: Number(p.filialId) };

    // A posting that chooses a state receber does not lead to is a programming error: the transaction rolls back.
    const antes = await pedidoGravado(p.id);
    await expect(srv.db.tenant(ctx, (tx) => transitar(tx, ctx, maquina('pedidoCompra'), p.id, 'receber', async () => 'cancelado'))).rejects.toThrow(/não leva a 'cancelado'/);
    expect(await pedidoGravado(p.id)).toEqual(antes);

    // Declared: the state the posting chose, recorded with the person.
    await srv.db.tenant(ctx, (tx) => transitar(tx, ctx, maquina('pedidoCompra'), p.id, 'receber', async () => 'parcial'));
    expect((await ok('GET', `/api/PedidosCompra/${p.id}`)).estado).toBe('parcial');
    expect((await eventosDoc(p.id)).at(-1)).toEqual({ transicao: 'receber', de: 'aberto', para: 'parcial', usuario_id: userId });

    const demoEntrada = (await ok('GET', `/api/EntradasNota?filter=${q({ order: 'numero ASC', limit: 1 })}`))[0];
    const e = await ok('POST', '/api/EntradasNota', {
      fornecedorId: p.fornecedorId, depositoId: demoEntrada.depositoId, numeroNota: 99123, serie: 1, dataEmissao: '2026-11-20', numeroParcelas: 1, primeiroVencimento: '2026-12-20', pedidoCompraId: p.id,
      itens: [{ produtoId: p.itens[0].produtoId, quantidade: '1', valorTotal: '10.00' }],
    });

    // Cancelled, the order takes no receber: 409 in Portuguese, nothing changed.
    await ok('POST', `/api/PedidosCompra/${p.id}/cancelar`);
    const cancelado = await pedidoGravado(p.id);
    const r = await srv.db.tenant(ctx, (tx) => transitar(tx, ctx, maquina('pedidoCompra'), p.id, 'receber', async () => 'recebido')).catch((e) => e);
    expect(r.statusCode).toBe(409);
    expect(r.message).toBe(`Não é possível receber: pedido de compra ${p.numero} já está cancelado.`);
    expect(await pedidoGravado(p.id)).toEqual(cancelado);

    // An entry drafted while the order was open and posted after it was cancelled still posts; the order stays
    // cancelled, its lines untouched.
    expect((await ok('POST', `/api/EntradasNota/${e.id}/efetivar`)).estado).toBe('efetivada');
    expect(await pedidoGravado(p.id)).toEqual(cancelado);
  });

  it('devolução ao fornecedor: devolver only from an efetivada entry, estornar only with something returned; each recorded', async () => {
    const demoEntrada = (await ok('GET', `/api/EntradasNota?filter=${q({ where: { estado: 'efetivada' }, order: 'numero ASC', limit: 1 })}`))[0];
    const e = await ok('POST', '/api/EntradasNota', {
      fornecedorId: demoEntrada.fornecedorId, depositoId: demoEntrada.depositoId, numeroNota: 99124, serie: 1, dataEmissao: '2026-11-20', numeroParcelas: 1, primeiroVencimento: '2026-12-20',
      itens: [{ produtoId: (await ok('GET', `/api/EntradasNota/${demoEntrada.id}`)).itens[0].produtoId, quantidade: '10', valorTotal: '50.00' }],
    });
    const c0 = await contagens();
    const rascunho = await call('POST', `/api/EntradasNota/${e.id}/devolver`, { itens: [{ linha: 1, quantidade: '1' }] });
    expect(rascunho.statusCode).toBe(409);
    expect(rascunho.json().error.message).toBe(`A entrada nº ${e.numero} não está efetivada: só uma entrada efetivada tem o que devolver ao fornecedor.`);
    const nada = await call('POST', `/api/EntradasNota/${e.id}/devolucoes/estornar`);
    expect(nada.statusCode).toBe(409);
    expect(nada.json().error.message).toBe('Esta entrada não tem devolução ao fornecedor a estornar.');
    expect(await contagens()).toEqual(c0);

    await ok('POST', `/api/EntradasNota/${e.id}/efetivar`);
    const semDevolucao = await call('POST', `/api/EntradasNota/${e.id}/devolucoes/estornar`);
    expect(semDevolucao.statusCode).toBe(409);
    expect(semDevolucao.json().error.message).toBe('Esta entrada não tem devolução ao fornecedor a estornar.');
    await ok('POST', `/api/EntradasNota/${e.id}/devolver`, { itens: [{ linha: 1, quantidade: '3' }] });
    await ok('POST', `/api/EntradasNota/${e.id}/devolver`, { itens: [{ linha: 1, quantidade: '2' }] });
    expect((await ok('POST', `/api/EntradasNota/${e.id}/devolucoes/estornar`)).linhas[0]).toMatchObject({ devolvido: '0.0000', disponivel: '10.0000' });
    expect(await eventos('devolucaoFornecedor', e.id)).toEqual([
      { transicao: 'devolver', de: 'sem_devolucao', para: 'devolvida', usuario_id: userId },
      { transicao: 'devolver', de: 'devolvida', para: 'devolvida', usuario_id: userId },
      { transicao: 'estornar', de: 'devolvida', para: 'sem_devolucao', usuario_id: userId },
    ]);
  });

  it('lançamento and baixa: cancelar and estornar are declared once; a second time, or an estorno of an estorno, is refused with nothing changed', async () => {
    const conta = (await ok('GET', '/api/ContasFinanceiras/saldos'))[0].contaId;
    const l = await ok('POST', '/api/Lancamentos', { tipo: 0, descricao: 'Estados declarados', dataEmissao: '2026-03-01', valorTotal: '100.00', numeroParcelas: 2, primeiroVencimento: '2099-03-01' });
    const b = (await ok('POST', `/api/Parcelas/${l.parcelas[0].id}/baixar`, { contaId: conta, data: '2026-03-05' })).baixas[0];

    // With a baixa in force the lançamento cannot be cancelled (the posting refuses): nothing changed.
    let c = await contagens();
    const comBaixa = await call('POST', `/api/Lancamentos/${l.id}/cancelar`);
    expect(comBaixa.statusCode).toBe(400);
    expect(comBaixa.json().error.message).toBe('Este lançamento tem parcelas baixadas: estorne as baixas antes de cancelar.');
    expect(await contagens()).toEqual(c);

    const estorno = await ok('POST', `/api/Baixas/${b.id}/estornar`, { data: '2026-03-06' });
    expect(await eventos('baixa', b.id)).toEqual([{ transicao: 'estornar', de: 'efetivada', para: 'estornada', usuario_id: userId }]);
    c = await contagens();
    const deNovo = await call('POST', `/api/Baixas/${b.id}/estornar`, {});
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json().error.message).toBe('Esta baixa já foi estornada.');
    const doEstorno = await call('POST', `/api/Baixas/${estorno.id}/estornar`, {});
    expect(doEstorno.statusCode).toBe(400);
    expect(doEstorno.json().error.message).toBe('Este registro já é um estorno e não pode ser estornado.');
    const sumida = await call('POST', '/api/Baixas/2147483000/estornar', {});
    expect(sumida.statusCode).toBe(404);
    expect(sumida.json().error.message).toBe('Baixa não encontrada.');
    expect(await contagens()).toEqual(c);

    // Cancelled with its parcelas (the declared mirror), recorded; then a second cancel, or a baixa, changes nothing.
    await ok('POST', `/api/Lancamentos/${l.id}/cancelar`);
    expect(await sql(`SELECT cancelada FROM parcelas WHERE tenant_id = $1 AND lancamento_id = $2 ORDER BY numero`, [tenantId, l.id])).toEqual([{ cancelada: true }, { cancelada: true }]);
    expect(await eventos('lancamento', l.id)).toEqual([{ transicao: 'cancelar', de: 'ativo', para: 'cancelado', usuario_id: userId }]);
    c = await contagens();
    const outra = await call('POST', `/api/Lancamentos/${l.id}/cancelar`);
    expect(outra.statusCode).toBe(409);
    expect(outra.json().error.message).toBe('Este lançamento já está cancelado.');
    const baixaCancelada = await call('POST', `/api/Parcelas/${l.parcelas[1].id}/baixar`, { contaId: conta, data: '2026-03-07' });
    expect(baixaCancelada.statusCode).toBe(400);
    expect(baixaCancelada.json().error.message).toBe('Parcela 2 de "Estados declarados": está cancelada.');
    expect(await contagens()).toEqual(c);
  });

  it('lançamento recorrente: encerrar is declared (again accepted, as it always was), each time recorded', async () => {
    const r = await ok('POST', '/api/LancamentosRecorrentes', { tipo: 1, descricao: 'Assinatura declarada', valor: '50.00', frequencia: 0, dataInicio: '2099-01-10', ocorrencias: 3 });
    await ok('POST', `/api/LancamentosRecorrentes/${r.id}/encerrar`);
    await ok('POST', `/api/LancamentosRecorrentes/${r.id}/encerrar`);
    expect(await sql(`SELECT ativo FROM lancamentos_recorrentes WHERE tenant_id = $1 AND id = $2`, [tenantId, r.id])).toEqual([{ ativo: false }]);
    expect(await eventos('lancamentoRecorrente', r.id)).toEqual([
      { transicao: 'encerrar', de: 'ativo', para: 'encerrado', usuario_id: userId },
      { transicao: 'encerrar', de: 'encerrado', para: 'encerrado', usuario_id: userId },
    ]);
  });

  it('a transition writes the columns tied to the state in its UPDATE (never the state column itself); a batch is checked whole against the JSON, its events in one INSERT', async () => {
    const r = await ok('POST', '/api/LancamentosRecorrentes', { tipo: 1, descricao: 'Agenda com colunas', valor: '20.00', frequencia: 0, dataInicio: '2099-03-10', ocorrencias: 2 });
    const ctx = { tenantId, userId };
    const m = maquina('lancamentoRecorrente');
    const gravado = () => sql(`SELECT ativo, descricao FROM lancamentos_recorrentes WHERE tenant_id = $1 AND id = $2`, [tenantId, r.id]);
    await expect(srv.db.tenant(ctx, (tx) => transitar(tx, ctx, m, r.id, 'encerrar', undefined, { colunas: { ativo: true } }))).rejects.toThrow(/coluna do estado/);
    expect(await gravado()).toEqual([{ ativo: true, descricao: 'Agenda com colunas' }]);
    expect(await eventos('lancamentoRecorrente', r.id)).toEqual([]);
    await srv.db.tenant(ctx, (tx) => transitar(tx, ctx, m, r.id, 'encerrar', async () => ({ colunas: { descricao: 'Encerrada com a descrição' } })));
    expect(await gravado()).toEqual([{ ativo: false, descricao: 'Encerrada com a descrição' }]);

    // The retorno's batch: one undeclared move refuses the whole batch with the JSON's message, before anything is written.
    const boleto = maquina('boleto');
    expect(() => conferirLote(boleto, [{ id: 1, transicao: 'registrar', de: 'pendente', para: 'registrado' }, { id: 2, transicao: 'cancelar', de: 'pago', para: 'cancelado', registro: { numero: 7 } }]))
      .toThrow('Só um boleto pendente pode ser cancelado: o boleto nº 7 está pago.');
    expect(() => conferirLote(boleto, [{ id: 1, transicao: 'registrar', de: 'pendente', para: 'pago' }])).toThrow(/não leva a 'pago'/);
    expect(() => conferirLote(boleto, [{ id: 1, transicao: 'registrar', de: 'pendente', para: 'registrado' }, { id: 1, transicao: 'pagar', de: 'registrado', para: 'pago' }])).not.toThrow();
    await srv.db.tenant(ctx, (tx) => registrarEventosEmLote(tx, ctx, m, [
      { id: r.id, transicao: 'encerrar', de: 'encerrado', para: 'encerrado' },
      { id: r.id, transicao: 'encerrar', de: 'encerrado', para: 'encerrado' },
    ]));
    expect(await eventos('lancamentoRecorrente', r.id)).toEqual([
      { transicao: 'encerrar', de: 'ativo', para: 'encerrado', usuario_id: userId },
      { transicao: 'encerrar', de: 'encerrado', para: 'encerrado', usuario_id: userId },
      { transicao: 'encerrar', de: 'encerrado', para: 'encerrado', usuario_id: userId },
    ]);
  });
  it('NF-e: transmitir, autorizar and cancelar run through the declared machine, each recorded; a transition the JSON does not declare from the note\'s state is refused with nothing changed', async () => {
    await sql(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) SELECT $1, true WHERE NOT EXISTS (SELECT 1 FROM configuracoes_estoque WHERE tenant_id = $1)`, [tenantId]);
    await sql(`UPDATE configuracoes_estoque SET permitir_estoque_negativo = true WHERE tenant_id = $1`, [tenantId]);
    const matriz = (await sql(`SELECT id FROM branches WHERE cpf_cnpj = '11222333000181'`))[0];
    const cliente = (await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' ORDER BY id LIMIT 1`, [tenantId]))[0];
    const produto = (await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND ncm IS NOT NULL AND NOT servico ORDER BY id LIMIT 1`, [tenantId]))[0];
    const natureza = (await sql(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria'`, [tenantId]))[0];
    const rascunho = await ok('POST', '/api/NotasFiscais', {
      naturezaId: Number(natureza.id), clienteId: Number(cliente.id), itens: [{ produtoId: Number(produto.id), quantidade: '1', valorUnitario: '10.00' }],
      transporte: { modalidade: 9 }, pagamentos: [{ tPag: '01', valor: '10.00' }],
    });
    const id = Number(rascunho.id);
    const ctx = { tenantId, userId, branchId: Number(matriz.id) };
    const m = maquina('notaFiscal');
    const gravada = async () => ({ nota: await sql(`SELECT status, numero, chave, updated_at FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [tenantId, id]), eventos: await eventos('notaFiscal', id) });

    // A draft is not cancelled nor authorised: the JSON declares neither from rascunho (409 in Portuguese, nothing changed).
    const antes = await gravada();
    const cancelar = await srv.db.tenant(ctx, (tx) => transitar(tx, ctx, m, id, 'cancelar')).catch((e) => e);
    expect(cancelar.statusCode).toBe(409);
    expect(cancelar.message).toBe(`Não é possível cancelar: nota fiscal ${id} já está rascunho.`);
    const autorizar = await srv.db.tenant(ctx, (tx) => transitar(tx, ctx, m, id, 'autorizar', async () => 'autorizada')).catch((e) => e);
    expect(autorizar.statusCode).toBe(409);
    expect(await gravada()).toEqual(antes);

    const t = await ok('POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(t.autorizada).toBe(true);
    // Authorised, a second transmission is the JSON's refusal; nothing changed.
    const autorizada = await gravada();
    const outra = await call('POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(outra.statusCode).toBe(409);
    expect(await gravada()).toEqual(autorizada);
    const deNovo = await srv.db.tenant(ctx, (tx) => transitar(tx, ctx, m, id, 'transmitir')).catch((e) => e);
    expect(deNovo.message).toBe('Esta nota já está autorizada.');

    await ok('POST', `/api/NotasFiscais/${id}/cancelar`, { justificativa: 'Cliente desistiu da compra antes da entrega' });
    expect(await eventos('notaFiscal', id)).toEqual([
      { transicao: 'transmitir', de: 'rascunho', para: 'transmitindo', usuario_id: userId },
      { transicao: 'autorizar', de: 'transmitindo', para: 'autorizada', usuario_id: userId },
      { transicao: 'cancelar', de: 'autorizada', para: 'cancelada', usuario_id: userId },
    ]);
  });

  it('NFS-e: a transition the JSON does not declare from the note\'s state is refused (cancelar only from cancelando, autorizar only from transmitindo), nothing changed', async () => {
    // An NFS-e authorised by the local ADN (fresh for this database: beforeAll).
    const matriz = (await sql(`SELECT id FROM branches WHERE cpf_cnpj = '11222333000181'`))[0];
    const ctx = { tenantId, userId, branchId: Number(matriz.id) };
    const cliente = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND length(regexp_replace(coalesce(cpf_cnpj, ''), '\\D', '', 'g')) IN (11, 14) ORDER BY id LIMIT 1`, [tenantId]))[0].id);
    const servico = Number((await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND servico AND codigo_tributacao_nacional IS NOT NULL ORDER BY id LIMIT 1`, [tenantId]))[0].id);
    const r0 = await emitirNfse(srv.services, ctx, { pedidoId: null, clienteId: cliente, linhas: [{ servicoId: servico, valor: '80.00' }] });
    expect(r0.situacao).toBe('autorizada');
    const id = Number((r0 as { nota: { id: number } }).nota.id);
    expect(await eventos('nfse', id)).toEqual([{ transicao: 'autorizar', de: 'transmitindo', para: 'autorizada', usuario_id: userId }]);
    const m = maquina('nfse');
    const gravada = async () => ({ nota: await sql(`SELECT situacao, cancelamento, updated_at FROM notas_servico WHERE tenant_id = $1 AND id = $2`, [tenantId, id]), eventos: await eventos('nfse', id) });
    const antes = await gravada();
    for (const nome of ['cancelar', 'autorizar', 'rejeitar', 'desfazer-cancelamento']) {
      const r = await srv.db.tenant(ctx, (tx) => transitar(tx, ctx, m, id, nome)).catch((e) => e);
      expect(r.statusCode, nome).toBe(409);
    }
    const ped = await srv.db.tenant(ctx, (tx) => transitar(tx, ctx, maquina('nfse'), id, 'autorizar')).catch((e) => e);
    expect(ped.message).toBe(`Não é possível autorizar: nfs-e ${id} já está autorizada.`);
    expect(await gravada()).toEqual(antes);
    // Declared from autorizada: pedir-cancelamento (what cancelarNfse runs, with its signed request) — here rolled back.
    await expect(srv.db.tenant(ctx, async (tx) => {
      await transitar(tx, ctx, m, id, 'pedir-cancelamento', undefined, { colunas: { cancelamento: JSON.stringify({ motivo: 1 }) } });
      throw new Error('desfeito');
    })).rejects.toThrow('desfeito');
    expect(await gravada()).toEqual(antes);
  });

  it('NFC-e: a transition the JSON does not declare from the cupom\'s state is refused (cancelar only from autorizada, contingenciar only from pendente), nothing changed', async () => {
    // The demo's cupom-erro (539, no number): its state as stored and its audit trail.
    const v = (await sql(`SELECT id, filial_id FROM pdv_vendas WHERE tenant_id = $1 AND situacao = 'erro' AND numero IS NULL ORDER BY id LIMIT 1`, [tenantId]))[0];
    const id = Number(v.id);
    const ctx = { tenantId, userId, branchId: Number(v.filial_id) };
    const m = maquina('nfce');
    const gravado = async () => ({ venda: await sql(`SELECT situacao, motivo, numero, chave_acesso, tentativas, updated_at FROM pdv_vendas WHERE tenant_id = $1 AND id = $2`, [tenantId, id]), eventos: await eventos('nfce', id) });
    const antes = await gravado();
    expect(antes.venda[0].situacao).toBe('erro');
    const cancelar = await srv.db.tenant(ctx, (tx) => transitar(tx, ctx, m, id, 'cancelar', undefined, { colunas: { cancelada_em: new Date() } })).catch((e) => e);
    expect(cancelar.statusCode).toBe(409);
    expect(cancelar.message).toBe(`Não é possível cancelar: cupom ${id} já está com erro.`);
    // Through the PDV's own mover, with the columns it would write: the same refusal, nothing written.
    const contingenciar = await srv.db.tenant(ctx, (tx) => moverCupom(tx, ctx, id, 'contingenciar', { motivo: null, tp_emis: 9, tentativas: 0 })).catch((e) => e);
    expect(contingenciar.statusCode).toBe(409);
    expect(contingenciar.message).toBe(`Não é possível emitir em contingência: cupom ${id} já está com erro.`);
    expect(await gravado()).toEqual(antes);
    // A name the JSON does not declare at all is a programming error, also with nothing written.
    await expect(srv.db.tenant(ctx, (tx) => moverCupom(tx, ctx, id, 'reabrir', { motivo: null }))).rejects.toThrow("nfce: a transição 'reabrir' não está declarada");
    expect(await gravado()).toEqual(antes);
  });
});

describe('schemas:check and the declared machines', () => {
  const work = mkdtempSync(join(tmpdir(), 'estados-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  // No bare UPDATE of a declared state column remains where its machine lives: the status of notas_fiscais and the
  // situacao of nfe_eventos_envio in fiscal/emissao, the situacao of notas_servico in nfse/ and of pdv_vendas (the
  // NFC-e) in pdv/, are written only by the transition function.
  it('fiscal/emissao, nfse and pdv write the NF-e status, the NFS-e and NFC-e situação only through the transition function (no bare UPDATE … SET status/situacao)', () => {
    const src = join(import.meta.dirname, '../../src/server');
    const colunaNoSet = (texto: string, tabela: string, coluna: string): string[] => {
      const achados: string[] = [];
      for (const m of texto.matchAll(new RegExp(`UPDATE\\s+${tabela}\\s+SET\\s+([\\s\\S]*?)(\\bWHERE\\b|\`)`, 'gi'))) {
        if (new RegExp(`(^|[\\s,(])${coluna}\\s*=`, 'i').test(m[1])) achados.push(m[0].slice(0, 120));
      }
      return achados;
    };
    const varrer = (dir: string, tabela: string, coluna: string) =>
      readdirSync(join(src, dir)).filter((f) => f.endsWith('.ts')).flatMap((f) => colunaNoSet(readFileSync(join(src, dir, f), 'utf8'), tabela, coluna).map((x) => `${dir}/${f}: ${x}`));
    expect(varrer('fiscal/emissao', 'notas_fiscais', 'status')).toEqual([]);
    expect(varrer('fiscal/emissao', 'nfe_eventos_envio', 'situacao')).toEqual([]);
    expect(varrer('nfse', 'notas_servico', 'situacao')).toEqual([]);
    expect(varrer('pdv', 'pdv_vendas', 'situacao')).toEqual([]);
    // The check can fail: what it would find.
    expect(colunaNoSet("q.query(`UPDATE notas_fiscais SET rejeicao = $3, status = 'cancelada', updated_at = now() WHERE tenant_id = $1`)", 'notas_fiscais', 'status')).toHaveLength(1);
    expect(colunaNoSet("q.query(`UPDATE notas_servico SET situacao = 'autorizada' WHERE id = $2`)", 'notas_servico', 'situacao')).toHaveLength(1);
    expect(colunaNoSet("q.query(`UPDATE pdv_vendas SET tentativas = tentativas + 1, situacao = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING *`)", 'pdv_vendas', 'situacao')).toHaveLength(1);
    expect(colunaNoSet("q.query(`UPDATE pdv_vendas SET justificativa_cancelamento = NULL WHERE id = $2 AND situacao = 'autorizada'`)", 'pdv_vendas', 'situacao')).toEqual([]);
    expect(colunaNoSet("q.query(`UPDATE notas_fiscais SET numero = NULL, dados = dados - 'statusAnterior' WHERE status = 'rejeitada'`)", 'notas_fiscais', 'status')).toEqual([]);
  });

  it('refuses a lifecycle whose transition leads to, or refuses from, a state it does not declare, and a state without its stored value', () => {
    const dir = join(work, 'schemas');
    cpSync(SCHEMAS_DIR, dir, { recursive: true });
    expect(checkSchemas(dir)).toEqual([]);
    const f = join(dir, 'lifecycles/lancamento.json');
    const doc = JSON.parse(readFileSync(f, 'utf8'));
    doc.transitions[0].to = 'sumido';
    doc.transitions[0].refusals = { ativo: { message: 'x' } };
    doc.states.push({ key: 'suspenso', label: 'Suspenso' });
    writeFileSync(f, JSON.stringify(doc));
    const erros = checkSchemas(dir);
    expect(erros).toEqual(expect.arrayContaining([
      "lifecycles/lancamento.json: transição cancelar usa o estado 'sumido', que não existe",
      "lifecycles/lancamento.json: transição cancelar sai de 'ativo' e declara recusa nele",
      "lifecycles/lancamento.json: o estado 'suspenso' não tem valor em state.values",
    ]));
    const p = join(dir, 'documents/pedidoCompra.json');
    const ped = JSON.parse(readFileSync(p, 'utf8'));
    ped.transitions.find((t: Row) => t.name === 'receber').firedBy = ['notaQualquer'];
    writeFileSync(p, JSON.stringify(ped));
    expect(checkSchemas(dir)).toContain("documents/pedidoCompra.json: transição receber disparada por 'notaQualquer', que não é documento");
  });
});
