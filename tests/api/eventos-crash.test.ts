import { AMBOS_BANCOS, type Backend } from '../support/server.ts';
import { chamar, entrar, ok, type ServerProcess } from '../support/processo-servidor.ts';
import { suiteDeQueda } from '../support/suite-de-queda.ts';

type Row = Record<string, any>;
const CNPJ_MATRIZ = '11222333000181';

// Cancelling a faturado order and devolução ao fornecedor survive a crash (issue 34): a real server process killed
// with SIGKILL (1) after SEFAZ registered the order's cancellation and before the ERP recorded it, (2) after the
// transactions 1 of another cancellation and of a return with NF-e committed and before SEFAZ received them; started
// again on the same database and DATA_DIR (the local SEFAZ keeps its state there), the start-up recovery settles
// each by the note's key. Then SEFAZ's events equal the ERP's, and stock and receivables are reversed exactly once.
describe.each(AMBOS_BANCOS)('cancelamento e devolução com uma queda do servidor (%s)', (backend: Backend) => {
  const queda = suiteDeQueda(backend, 'eventos-crash-');

  const lista = (where: Row) => `?filter=${encodeURIComponent(JSON.stringify({ where, limit: 1000 }))}`;
  const sefazLocal = (): Row[] => queda.notasDoLocal('sefaz-local');
  const naSefaz = (chave: string) => sefazLocal().find((n) => n.chave === chave);
  const { iniciar } = queda;

  it('killed after SEFAZ registered a cancellation, then before SEFAZ received a cancellation and a return NF-e: after restart SEFAZ and the books agree', { timeout: 900_000 }, async () => {
    // (1) SEFAZ registers the events and holds its answer: the kill lands before the ERP's transaction 2.
    let s = await iniciar({ SEFAZ_LOCAL_LENTIDAO_MS: '600000', SEFAZ_LOCAL_LENTIDAO_PROCESSA: '1', SEFAZ_LOCAL_LENTIDAO_SERVICOS: 'NFeRecepcaoEvento4' });
    let token = await entrar(s);
    const liberados: Row[] = await ok(s, token, 'GET', `/api/PedidosVenda${lista({ estado: 'aguardando_faturamento' })}`);
    const candidatos = await Promise.all(liberados.slice(0, 20).map((p) => ok(s, token, 'GET', `/api/PedidosVenda/${p.id}`)));
    const base = candidatos.find((p) => p.naturezaId != null && p.emitirNfe !== false && p.servico !== true)!;
    expect(base).toBeTruthy();
    const faturado = async () => {
      const o = await ok(s, token, 'POST', '/api/PedidosVenda', {
        clienteId: base.clienteId, depositoId: base.depositoId ?? null, naturezaId: base.naturezaId, numeroParcelas: 2, primeiroVencimento: '2099-01-10',
        itens: base.itens.map((i: Row) => ({ produtoId: i.produtoId, ...(i.variacaoId ? { variacaoId: i.variacaoId } : {}), quantidade: '1' })),
      });
      await ok(s, token, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
      expect(await ok(s, token, 'POST', `/api/PedidosVenda/${o.id}/faturar`)).toMatchObject({ estado: 'faturado' });
      const [n] = await ok(s, token, 'GET', `/api/NotasFiscais${lista({ pedidoId: o.id })}`);
      expect(n.status).toBe('autorizada');
      return { id: Number(o.id), chave: String(n.chave), notaId: Number(n.id) };
    };
    const o1 = await faturado();
    const o2 = await faturado();
    void chamar(s, token, 'POST', `/api/PedidosVenda/${o1.id}/cancelar`).catch(() => null);
    await expect.poll(async () => (await ok(s, token, 'GET', `/api/PedidosVenda/${o1.id}`)).estado, { timeout: 60_000, interval: 100 }).toBe('cancelado');
    await expect.poll(() => naSefaz(o1.chave)?.situacao, { timeout: 60_000, interval: 100 }).toBe('cancelada');
    await s.kill();
    // The ERP has not recorded it: the note is still 'autorizada' with its cancellation on the way.
    const lerNota = async (x: ServerProcess, t: string, id: number) => ok(x, t, 'GET', `/api/NotasFiscais/${id}`);

    // (2) SEFAZ holds the requests without processing them: the kill lands before SEFAZ received them.
    s = await iniciar({ SEFAZ_LOCAL_LENTIDAO_MS: '600000', SEFAZ_LOCAL_LENTIDAO_SERVICOS: 'NFeRecepcaoEvento4,NFeAutorizacao4' });
    token = await entrar(s);
    // The start-up recovery adopted the cancellation SEFAZ registered (consulted by the note's key, not sent again).
    await expect.poll(async () => (await lerNota(s, token, o1.notaId)).status, { timeout: 120_000, interval: 200 }).toBe('cancelada');
    void chamar(s, token, 'POST', `/api/PedidosVenda/${o2.id}/cancelar`).catch(() => null);
    await expect.poll(async () => (await ok(s, token, 'GET', `/api/PedidosVenda/${o2.id}`)).estado, { timeout: 60_000, interval: 100 }).toBe('cancelado');
    // A return to the supplier of the demo entry NF 5540 (line 1), its transaction 1 committed before SEFAZ answers.
    const [entrada] = await ok(s, token, 'GET', `/api/EntradasNota${lista({ numeroNota: 5540 })}`);
    const devolvidoAntes = Number((await ok(s, token, 'GET', `/api/EntradasNota/${entrada.id}/devolucoes`)).linhas[0].devolvido);
    void chamar(s, token, 'POST', `/api/EntradasNota/${entrada.id}/devolver-nfe`, { itens: [{ linha: 1, quantidade: '3' }] }).catch(() => null);
    await expect.poll(async () => Number((await ok(s, token, 'GET', `/api/EntradasNota/${entrada.id}/devolucoes`)).linhas[0].devolvido), { timeout: 60_000, interval: 100 }).toBe(devolvidoAntes + 3);
    const [notaDev] = await ok(s, token, 'GET', `/api/NotasFiscais${lista({ status: 'transmitindo' })}`);
    expect(notaDev).toMatchObject({ status: 'transmitindo' });
    expect(notaDev.chave).toMatch(/^\d{44}$/);
    await s.kill();
    expect(naSefaz(o2.chave)?.situacao).toBe('autorizada');
    expect(naSefaz(notaDev.chave)).toBeUndefined();

    // (3) Restarted with SEFAZ answering: the same signed event and the same signed NF-e are sent again.
    s = await iniciar();
    token = await entrar(s);
    await expect.poll(async () => (await lerNota(s, token, o2.notaId)).status, { timeout: 120_000, interval: 200 }).toBe('cancelada');
    await expect.poll(async () => (await lerNota(s, token, notaDev.id)).status, { timeout: 120_000, interval: 200 }).toBe('autorizada');
    expect((await lerNota(s, token, notaDev.id)).chave).toBe(notaDev.chave);
    expect((await ok(s, token, 'GET', `/api/EntradasNota/${entrada.id}/notas-devolucao`)).map((n: Row) => n.id)).toContain(notaDev.id);
    expect(Number((await ok(s, token, 'GET', `/api/EntradasNota/${entrada.id}/devolucoes`)).linhas[0].devolvido)).toBe(devolvidoAntes + 3);

    // SEFAZ and the books agree: the Matriz's notes SEFAZ holds have the ERP's status, and each note's cancellation
    // events at SEFAZ are the ERP's.
    const daMatriz = (chave: string) => chave.slice(6, 20) === CNPJ_MATRIZ && chave.slice(20, 22) === '55';
    const erp: Row[] = await ok(s, token, 'GET', `/api/NotasFiscais${lista({ status: { inq: ['autorizada', 'cancelada', 'transmitindo', 'contingencia'] } })}`);
    expect(erp.filter((n) => n.status === 'transmitindo' || n.status === 'contingencia')).toEqual([]);
    const sefaz = sefazLocal().filter((n) => daMatriz(n.chave));
    expect(erp.filter((n) => daMatriz(n.chave)).map((n) => [n.chave, n.status]).sort()).toEqual(sefaz.map((n) => [n.chave, n.situacao === 'cancelada' ? 'cancelada' : 'autorizada']).sort());
    await queda.parar(s);

    const db = await queda.abrirBanco();
    try {
      for (const n of sefaz) {
        const r = await db.query<Row>(`SELECT count(*)::int AS n FROM notas_fiscais_eventos e JOIN notas_fiscais f ON f.tenant_id = e.tenant_id AND f.id = e.nota_id WHERE f.chave = $1 AND e.tipo = 'cancelamento'`, [n.chave]);
        expect(r.rows[0].n, n.chave).toBe((n.eventos as Row[]).filter((e) => e.tipo === '110111').length);
      }
      // Each cancelled order: every movement reversed exactly once, net zero, receivables cancelled, sales lines off.
      for (const o of [o1, o2]) {
        const m = await db.query<Row>(
          `SELECT count(*) FILTER (WHERE estorno_de IS NULL)::int AS n, count(*) FILTER (WHERE estorno_de IS NOT NULL)::int AS e, count(DISTINCT estorno_de)::int AS d, coalesce(sum(quantidade), 0)::numeric(15,4)::text AS q
             FROM movimentos_estoque WHERE origem_tipo = 'pedidoVenda' AND origem_id = $1`,
          [o.id],
        );
        expect(m.rows[0]).toEqual({ n: base.itens.length, e: base.itens.length, d: base.itens.length, q: '0.0000' });
        expect((await db.query<Row>(`SELECT count(*)::int AS n FROM lancamentos WHERE origem_tipo = 'pedidoVenda' AND origem_id = $1 AND NOT cancelado`, [o.id])).rows[0].n).toBe(0);
        expect((await db.query<Row>(`SELECT count(*)::int AS n FROM vendas_itens WHERE pedido_id = $1 AND cancelado_em IS NULL`, [o.id])).rows[0].n).toBe(0);
        expect((await db.query<Row>(`SELECT count(*)::int AS n FROM documento_eventos WHERE documento_id = $1 AND transicao = 'estornar-cancelamento'`, [o.id])).rows[0].n).toBe(0);
      }
      // The return: its movement once, never reversed; the note posted nothing itself; linked to the entry once.
      const dev = await db.query<Row>(`SELECT count(*)::int AS n, count(estorno_de)::int AS e FROM movimentos_estoque WHERE origem_tipo = 'devolucaoFornecedor' AND origem_id = $1`, [entrada.id]);
      expect(dev.rows[0]).toEqual({ n: 1, e: 0 });
      expect((await db.query<Row>(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE origem_tipo = 'notaFiscal' AND origem_id = $1`, [notaDev.id])).rows[0].n).toBe(0);
      expect((await db.query<Row>(`SELECT count(*)::int AS n FROM devolucoes_fornecedor_nfe WHERE nota_id = $1`, [notaDev.id])).rows[0].n).toBe(1);
      expect((await db.query<Row>(`SELECT count(*)::int AS n FROM nfe_eventos_envio WHERE situacao = 'transmitindo'`)).rows[0].n).toBe(0);
    } finally {
      await db.close();
    }
  });
});
