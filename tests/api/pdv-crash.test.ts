import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { AMBOS_BANCOS, type Backend } from '../support/server.ts';
import { chamar, entrar, ok, type ServerProcess } from '../support/processo-servidor.ts';
import { suiteDeQueda } from '../support/suite-de-queda.ts';

type Row = Record<string, any>;

// A PDV sale's NFC-e survives a crash (issue 34): a real server process killed with SIGKILL while its NFC-e is at
// SEFAZ, (a) after the local SEFAZ authorised it and before the ERP recorded the answer, (b) before SEFAZ received it.
// Started again on the same database and DATA_DIR, its start-up recovery settles the sale by the key stored in
// transaction 1: adopted with the same key in (a), sent again with the same number (one key for it at SEFAZ) in (b).
// The sale's stock and payments were posted once; the station's retry with the same idempotency key gets the
// authorised note; the next sale takes the next number. (c) A cancellation killed after SEFAZ registered the event
// is recorded at the restart (asked by the key), its stock and caixa rows reversed once.
describe.each(AMBOS_BANCOS)('venda do PDV com NFC-e e uma queda do servidor (%s)', (backend: Backend) => {
  const queda = suiteDeQueda(backend, 'pdv-crash-');

  const filtro = (f: unknown) => encodeURIComponent(JSON.stringify(f));
  /** The NFC-e (model 65) the local SEFAZ holds, by key. */
  const nfceNaSefaz = (): Row[] => queda.notasDoLocal('sefaz-local').filter((n) => String(n.chave).slice(20, 22) === '65');
  const { iniciar } = queda;

  it('killed after SEFAZ authorised the NFC-e, then before SEFAZ received one, then while cancelling one: after restart each sale has its note authorised under the key of transaction 1 (the cancelled one cancelled), posted once', { timeout: 900_000 }, async () => {
    let s = await iniciar({ SEFAZ_LOCAL_LENTIDAO_MS: '600000', SEFAZ_LOCAL_LENTIDAO_PROCESSA: '1' });
    let token = await entrar(s);
    const pdv = (await ok(s, token, 'GET', `/api/Pdvs?filter=${filtro({ order: 'id ASC', limit: 1 })}`))[0];
    const operador = (await ok(s, token, 'GET', `/api/OperadoresPdv?filter=${filtro({ where: { codigo: '1' } })}`))[0];
    const catalogo = await ok(s, token, 'GET', `/api/Pdv/catalogo?pdvId=${pdv.id}`);
    const dinheiro = catalogo.formasPagamento.find((f: Row) => f.tPag === '01');
    const produto = catalogo.produtos.find((p: Row) => p.ativo && p.ncm && !p.pesavel && new Decimal(p.precoVenda).gt(0) && catalogo.nfce?.itens?.[String(p.id)]);
    expect(produto).toBeTruthy();
    const aberto = await chamar(s, token, 'GET', `/api/Pdv/caixas/aberto?pdvId=${pdv.id}`);
    const caixa = aberto.status === 200 ? aberto.body : await ok(s, token, 'POST', '/api/Pdv/caixas', { pdvId: pdv.id, operadorId: operador.id, valorAbertura: '50.00' }, 201);
    const venda = () => {
      const total = new Decimal(produto.precoVenda).toFixed(2);
      return { chave: randomUUID(), pdvId: pdv.id, caixaId: caixa.id, operadorId: operador.id, emitidaEm: new Date().toISOString(), itens: [{ produtoId: produto.id, quantidade: '1', precoUnitario: total, desconto: '0' }], pagamentos: [{ formaPagamentoId: dinheiro.id, tPag: '01', valor: total }], troco: '0.00' };
    };
    const vender = (x: ServerProcess, t: string, v: Row) => chamar(x, t, 'POST', '/api/Pdv/vendas', v, { 'idempotency-key': v.chave });
    const cupomDe = async (x: ServerProcess, t: string, pdvId: number, desde: number) =>
      (await ok(x, t, 'GET', `/api/CuponsFiscais?filter=${filtro({ where: { pdvId, id: { gt: desde } }, order: 'id ASC', limit: 10 })}`)) as Row[];
    const ultimo = (await ok(s, token, 'GET', `/api/CuponsFiscais?filter=${filtro({ order: 'id DESC', limit: 1 })}`))[0];
    const desde = Number(ultimo?.id ?? 0);
    const antes = new Set(nfceNaSefaz().map((n) => n.chave));

    // (a) SEFAZ authorises and records the NFC-e, then holds its answer: the kill lands before transaction 2.
    const v1 = venda();
    void vender(s, token, v1).catch(() => null);
    await expect.poll(() => nfceNaSefaz().filter((n) => !antes.has(n.chave) && n.situacao === 'autorizada').length, { timeout: 60_000, interval: 100 }).toBe(1);
    const chave1 = nfceNaSefaz().find((n) => !antes.has(n.chave))!.chave as string;
    const [c1] = await cupomDe(s, token, pdv.id, desde);
    // Transaction 1 committed: the sale, its number, no answer yet.
    expect(c1).toMatchObject({ situacao: 'pendente', numero: Number(chave1.slice(25, 34)) });
    await s.kill();

    // (b) SEFAZ drops the request after a wait: the kill lands before SEFAZ received the sale's note.
    s = await iniciar({ SEFAZ_LOCAL_LENTIDAO_MS: '600000' });
    token = await entrar(s);
    // The start-up recovery adopted (a)'s note by its key.
    await expect.poll(async () => (await cupomDe(s, token, pdv.id, desde))[0]?.situacao, { timeout: 120_000, interval: 200 }).toBe('autorizada');
    expect((await cupomDe(s, token, pdv.id, desde))[0]).toMatchObject({ id: c1.id, chaveAcesso: chave1, numero: c1.numero });
    const v2 = venda();
    void vender(s, token, v2).catch(() => null);
    await expect.poll(async () => (await cupomDe(s, token, pdv.id, desde)).length, { timeout: 60_000, interval: 100 }).toBe(2);
    const c2 = (await cupomDe(s, token, pdv.id, desde))[1];
    expect(c2).toMatchObject({ situacao: 'pendente', numero: c1.numero + 1 });
    await s.kill();
    expect(nfceNaSefaz().filter((n) => !antes.has(n.chave)).map((n) => n.chave)).toEqual([chave1]);

    // Restarted with SEFAZ answering: (b)'s note is sent again with the same number and key (one key at SEFAZ).
    s = await iniciar();
    token = await entrar(s);
    await expect.poll(async () => (await cupomDe(s, token, pdv.id, desde))[1]?.situacao, { timeout: 120_000, interval: 200 }).toBe('autorizada');
    const depois = await cupomDe(s, token, pdv.id, desde);
    expect(depois[1]).toMatchObject({ id: c2.id, numero: c2.numero, tpEmis: 1 });
    const novas = nfceNaSefaz().filter((n) => !antes.has(n.chave));
    expect(novas.map((n) => [n.chave, n.situacao]).sort()).toEqual([[chave1, 'autorizada'], [depois[1].chaveAcesso, 'autorizada']].sort());
    // The station's retry with the same idempotency key gets the note as recorded, posted nothing again.
    const retry = await vender(s, token, v1);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ id: c1.id, situacao: 'autorizada', chaveAcesso: chave1 });
    // The next sale takes the next number and is authorised at once.
    const v3 = await vender(s, token, venda());
    expect(v3.status).toBe(201);
    expect(v3.body).toMatchObject({ situacao: 'autorizada', numero: c2.numero + 1 });

    // (c) Cancelling that NFC-e, killed after SEFAZ registered the event and before the ERP recorded the answer.
    await s.stop();
    s = await iniciar({ SEFAZ_LOCAL_LENTIDAO_MS: '600000', SEFAZ_LOCAL_LENTIDAO_PROCESSA: '1', SEFAZ_LOCAL_LENTIDAO_SERVICOS: 'NFeRecepcaoEvento4' });
    token = await entrar(s);
    const justificativa = { justificativa: 'Cliente desistiu da compra no caixa' };
    void chamar(s, token, 'POST', `/api/Pdv/cupons/${v3.body.id}/cancelar`, justificativa).catch(() => null);
    await expect.poll(() => nfceNaSefaz().find((n) => n.chave === v3.body.chaveAcesso)?.situacao, { timeout: 60_000, interval: 100 }).toBe('cancelada');
    // The request is on the sale (transaction 1 committed): a second one is refused while SEFAZ's answer is awaited.
    const outra = await chamar(s, token, 'POST', `/api/Pdv/cupons/${v3.body.id}/cancelar`, justificativa);
    expect(outra.status).toBe(409);
    expect((await ok(s, token, 'GET', `/api/CuponsFiscais/${v3.body.id}`)).situacao).toBe('autorizada');
    await s.kill();
    s = await iniciar();
    token = await entrar(s);
    // The start-up recovery asked SEFAZ by the key: cancelled there, so recorded here (stock and caixa reversed once).
    await expect.poll(async () => (await ok(s, token, 'GET', `/api/CuponsFiscais/${v3.body.id}`)).situacao, { timeout: 120_000, interval: 200 }).toBe('cancelada');
    await queda.parar(s);

    // The books: each sale moved its stock once and recorded its payment once.
    const db = await queda.abrirBanco();
    try {
      for (const id of [c1.id, c2.id]) {
        const m = await db.query<Row>(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE origem_tipo = 'pdvVenda' AND origem_id = $1`, [id]);
        expect(m.rows[0].n).toBe(1);
        const p = await db.query<Row>(`SELECT count(*)::int AS n FROM pdv_caixa_movimentos WHERE venda_id = $1 AND tipo = 'venda'`, [id]);
        expect(p.rows[0].n).toBe(1);
      }
      const m3 = await db.query<Row>(`SELECT count(*)::int AS n, count(*) FILTER (WHERE estorno_de IS NOT NULL)::int AS e FROM movimentos_estoque WHERE origem_tipo = 'pdvVenda' AND origem_id = $1`, [v3.body.id]);
      expect(m3.rows[0]).toEqual({ n: 2, e: 1 });
      const e3 = await db.query<Row>(`SELECT count(*)::int AS n FROM pdv_caixa_movimentos WHERE venda_id = $1 AND tipo = 'estorno'`, [v3.body.id]);
      expect(e3.rows[0].n).toBe(1);
    } finally {
      await db.close();
    }
  });
});
