import { AMBOS_BANCOS, type Backend } from '../support/server.ts';
import { chamar, entrar, ok, type ServerProcess } from '../support/processo-servidor.ts';
import { suiteDeQueda } from '../support/suite-de-queda.ts';

type Row = Record<string, any>;
const CNPJ_MATRIZ = '11222333000181';

// faturar with NF-e survives a crash (issue 34): a real server process killed with SIGKILL right after faturar's
// transaction 1 committed, (a) after the local SEFAZ authorised the note and before the ERP recorded it, (b) before
// SEFAZ received it; started again on the same database and DATA_DIR (the local SEFAZ keeps its state there), its
// start-up recovery settles each note by its key. Then the local SEFAZ's authorised keys equal the ERP's authorised
// notes, each order has one authorised NF-e and its postings once, the numbers follow without a gap, and the next
// order is invoiced (no 539 for a number taken again with another key).
describe.each(AMBOS_BANCOS)('faturar com NF-e e uma queda do servidor (%s)', (backend: Backend) => {
  const queda = suiteDeQueda(backend, 'faturar-crash-');

  const notasDoPedido = async (s: ServerProcess, token: string, pedidoId: number): Promise<Row[]> =>
    ok(s, token, 'GET', `/api/NotasFiscais?filter=${encodeURIComponent(JSON.stringify({ where: { pedidoId }, limit: 100 }))}`);
  const sefazLocal = (): Row[] => queda.notasDoLocal('sefaz-local');
  const { iniciar } = queda;

  it('killed after SEFAZ authorised and before the ERP recorded, then before SEFAZ received: after restart SEFAZ and the books agree and invoicing goes on', { timeout: 900_000 }, async () => {
    // (a) SEFAZ authorises and records the note, then holds its answer: the kill lands before the ERP's transaction 2.
    let s = await iniciar({ SEFAZ_LOCAL_LENTIDAO_MS: '600000', SEFAZ_LOCAL_LENTIDAO_PROCESSA: '1' });
    let token = await entrar(s);
    // The order to copy: one of the demo's orders released for invoicing with a natureza that issues an NF-e.
    const liberados: Row[] = await ok(s, token, 'GET', `/api/PedidosVenda?filter=${encodeURIComponent(JSON.stringify({ where: { estado: 'aguardando_faturamento' }, order: 'id ASC', limit: 20 }))}`);
    const candidatos = await Promise.all(liberados.map((p) => ok(s, token, 'GET', `/api/PedidosVenda/${p.id}`)));
    const base = candidatos.find((p) => p.naturezaId != null && p.emitirNfe !== false && p.servico !== true)!;
    expect(base, JSON.stringify(candidatos.map((p) => [p.id, p.naturezaId]))).toBeTruthy();
    const novoPedido = async (x: ServerProcess, t: string) => {
      const o = await ok(x, t, 'POST', '/api/PedidosVenda', {
        clienteId: base.clienteId, depositoId: base.depositoId ?? null, naturezaId: base.naturezaId, numeroParcelas: 2, primeiroVencimento: '2099-01-10',
        itens: base.itens.map((i: Row) => ({ produtoId: i.produtoId, ...(i.variacaoId ? { variacaoId: i.variacaoId } : {}), quantidade: '1' })),
      });
      await ok(x, t, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
      return Number(o.id);
    };
    const o1 = await novoPedido(s, token);
    void chamar(s, token, 'POST', `/api/PedidosVenda/${o1}/faturar`).catch(() => null);
    await expect.poll(async () => (await ok(s, token, 'GET', `/api/PedidosVenda/${o1}`)).estado, { timeout: 60_000, interval: 100 }).toBe('faturado');
    const [n1] = await notasDoPedido(s, token, o1);
    expect(n1).toMatchObject({ status: 'transmitindo' });
    expect(n1.chave).toMatch(/^\d{44}$/);
    await expect.poll(() => sefazLocal().some((n) => n.chave === n1.chave && n.situacao === 'autorizada'), { timeout: 60_000, interval: 100 }).toBe(true);
    await s.kill();

    // (b) SEFAZ holds the request without processing it: the kill lands before SEFAZ received the note.
    s = await iniciar({ SEFAZ_LOCAL_LENTIDAO_MS: '600000' });
    token = await entrar(s);
    // The start-up recovery adopted the note SEFAZ authorised (consulted by its key).
    await expect.poll(async () => (await ok(s, token, 'GET', `/api/PedidosVenda/${o1}`)).nfeNumero ?? null, { timeout: 120_000, interval: 200 }).toBe(n1.numero);
    const o2 = await novoPedido(s, token);
    void chamar(s, token, 'POST', `/api/PedidosVenda/${o2}/faturar`).catch(() => null);
    await expect.poll(async () => (await ok(s, token, 'GET', `/api/PedidosVenda/${o2}`)).estado, { timeout: 60_000, interval: 100 }).toBe('faturado');
    const [n2] = await notasDoPedido(s, token, o2);
    expect(n2).toMatchObject({ status: 'transmitindo', numero: n1.numero + 1 });
    await s.kill();
    expect(sefazLocal().some((n) => n.chave === n2.chave)).toBe(false);

    // Restarted with SEFAZ answering: the unknown note is sent again with the same signed XML (same key).
    s = await iniciar();
    token = await entrar(s);
    await expect.poll(async () => (await ok(s, token, 'GET', `/api/PedidosVenda/${o2}`)).nfeNumero ?? null, { timeout: 120_000, interval: 200 }).toBe(n2.numero);
    expect((await notasDoPedido(s, token, o2)).map((n) => [n.status, n.chave])).toEqual([['autorizada', n2.chave]]);
    // The next order is invoiced with the next number (no 539).
    const o3 = await novoPedido(s, token);
    const f3 = await ok(s, token, 'POST', `/api/PedidosVenda/${o3}/faturar`);
    expect(f3).toMatchObject({ estado: 'faturado', nfeNumero: n2.numero + 1 });

    // SEFAZ and the books agree: the keys the local SEFAZ authorised for the Matriz are the ERP's authorised notes.
    const erp: Row[] = await ok(s, token, 'GET', `/api/NotasFiscais?filter=${encodeURIComponent(JSON.stringify({ where: { status: { inq: ['autorizada', 'transmitindo', 'contingencia'] } }, limit: 1000 }))}`);
    expect(erp.filter((n) => n.status !== 'autorizada')).toEqual([]);
    const daMatriz = (chave: string) => chave.slice(6, 20) === CNPJ_MATRIZ && chave.slice(20, 22) === '55';
    const naSefaz = sefazLocal().filter((n) => n.situacao === 'autorizada' && daMatriz(n.chave)).map((n) => n.chave).sort();
    expect(erp.map((n) => n.chave).filter(daMatriz).sort()).toEqual(naSefaz);
    for (const o of [o1, o2, o3]) expect((await notasDoPedido(s, token, o)).map((n) => n.status)).toEqual(['autorizada']);
    expect((await ok(s, token, 'GET', '/api/ConfiguracoesNfe')).proximoNumeroNfe).toBe(n2.numero + 2);
    await queda.parar(s);

    // The books: each order posted its stock and its receivable once.
    const db = await queda.abrirBanco();
    try {
      for (const o of [o1, o2, o3]) {
        const m = await db.query<Row>(`SELECT count(*)::int AS n, count(*) FILTER (WHERE estorno_de IS NOT NULL)::int AS e FROM movimentos_estoque WHERE origem_tipo = 'pedidoVenda' AND origem_id = $1`, [o]);
        expect(m.rows[0]).toEqual({ n: base.itens.length, e: 0 });
        const l = await db.query<Row>(`SELECT count(*)::int AS n FROM lancamentos WHERE origem_tipo = 'pedidoVenda' AND origem_id = $1 AND NOT cancelado`, [o]);
        expect(l.rows[0].n).toBe(1);
        const v = await db.query<Row>(`SELECT count(*)::int AS n FROM vendas_itens WHERE pedido_id = $1 AND cancelado_em IS NULL`, [o]);
        expect(v.rows[0].n).toBe(base.itens.length);
      }
    } finally {
      await db.close();
    }
  });
});
