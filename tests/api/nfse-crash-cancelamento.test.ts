import pg from 'pg';
import { AMBOS_BANCOS, type Backend } from '../support/server.ts';
import { chamar, entrar, ok, type ServerProcess } from '../support/processo-servidor.ts';
import { suiteDeQueda } from '../support/suite-de-queda.ts';

type Row = Record<string, any>;
const CNPJ_MATRIZ = '11222333000181';

// The NFS-e's other crash boundaries (issue 34), in the style of nfse-crash.test.ts: a real server process killed with
// SIGKILL (a) while a service order's cancel is half-way: its transaction 1 committed (order cancelled, note
// 'cancelando' with the signed e101101), the local ADN registered the event and holds its answer; and, on PostgreSQL,
// (b) while faturar's transaction 2 is open: the ADN authorised the DPS, transaction 2 updated the note and waits on
// a lock the test holds on the events table. Started again on the same database and DATA_DIR, the start-up recovery
// settles each (the same signed request again, E1830 read as arrived; the DPS adopted by its id). Then the ADN and the
// books agree: one cancellation, one authorisation, each receivable posted and reversed once.
describe.each(AMBOS_BANCOS)('NFS-e: cancelamento e transação 2 com uma queda do servidor (%s)', (backend: Backend) => {
  const queda = suiteDeQueda(backend, 'nfse-crash-cancelamento-');

  const filtro = (o: unknown) => encodeURIComponent(JSON.stringify(o));
  const notasDoPedido = async (s: ServerProcess, token: string, pedidoId: number): Promise<Row[]> => ok(s, token, 'GET', `/api/NotasServico?filter=${filtro({ where: { pedidoId }, limit: 100 })}`);
  const adnLocal = (): Row[] => queda.notasDoLocal('adn-local');
  const { iniciar } = queda;

  it(`killed half-way through a cancel${backend === 'postgres' ? ' and during transaction 2' : ''}: after restart the ADN and the books agree`, { timeout: 900_000 }, async () => {
    let s = await iniciar();
    let token = await entrar(s);
    const base = (await ok(s, token, 'GET', `/api/PedidosVenda?filter=${filtro({ where: { estado: 'aguardando_faturamento' }, order: 'id ASC', limit: 50 })}`)) as Row[];
    const detalhes = await Promise.all(base.map((p) => ok(s, token, 'GET', `/api/PedidosVenda/${p.id}`)));
    const modelo = detalhes.find((p) => p.servico === true)!;
    expect(modelo, 'a demo service order').toBeTruthy();
    const novoPedido = async (x: ServerProcess, t: string) => {
      const o = await ok(x, t, 'POST', '/api/PedidosVenda', { clienteId: modelo.clienteId, servico: true, naturezaOperacao: 'Prestação de serviço', numeroParcelas: 1, itens: modelo.itens.map((i: Row) => ({ servicoId: i.servicoId, quantidade: '1' })) });
      await ok(x, t, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
      return Number(o.id);
    };
    const o1 = await novoPedido(s, token);
    expect(await ok(s, token, 'POST', `/api/PedidosVenda/${o1}/faturar`)).toMatchObject({ estado: 'faturado' });
    const [n1] = await notasDoPedido(s, token, o1);
    expect(n1).toMatchObject({ situacao: 'autorizada' });
    await s.stop();

    // (a) The ADN registers the cancellation and holds its answer: the kill lands before the ERP's transaction 2.
    s = await iniciar({ NFSE_LOCAL_LENTIDAO_MS: '600000', NFSE_LOCAL_LENTIDAO_PROCESSA: '1', NFSE_LOCAL_LENTIDAO_ROTAS: 'evento' });
    token = await entrar(s);
    void chamar(s, token, 'POST', `/api/PedidosVenda/${o1}/cancelar`).catch(() => null);
    await expect.poll(async () => (await notasDoPedido(s, token, o1))[0].situacao, { timeout: 60_000, interval: 100 }).toBe('cancelando');
    await expect.poll(() => adnLocal().find((n) => n.chave === n1.chave)?.situacao, { timeout: 60_000, interval: 100 }).toBe('cancelada');
    await s.kill();

    let o2: number | null = null;
    let n2: Row | null = null;
    if (backend === 'postgres') {
      // (b) The ADN authorises and answers 8 s later; the test holds the events table, so transaction 2 updates the
      // note and then waits on its event row: the kill lands with transaction 2 open.
      s = await iniciar({ NFSE_LOCAL_LENTIDAO_MS: '8000', NFSE_LOCAL_LENTIDAO_PROCESSA: '1' });
      token = await entrar(s);
      // The start-up recovery settled (a) first: nothing else is waiting on the table the test is about to hold.
      await expect.poll(async () => (await notasDoPedido(s, token, o1))[0].situacao, { timeout: 120_000, interval: 200 }).toBe('cancelada');
      o2 = await novoPedido(s, token);
      const alvo = o2;
      const trava = new pg.Client({ connectionString: queda.dbUrl });
      await trava.connect();
      try {
        void chamar(s, token, 'POST', `/api/PedidosVenda/${alvo}/faturar`).catch(() => null);
        await expect.poll(async () => (await notasDoPedido(s, token, alvo)).map((n) => n.situacao), { timeout: 60_000, interval: 50 }).toEqual(['transmitindo']);
        [n2] = await notasDoPedido(s, token, alvo);
        await trava.query('BEGIN');
        await trava.query('LOCK TABLE notas_servico_eventos IN EXCLUSIVE MODE');
        const esperando = async () => (await trava.query('SELECT pg_stat_clear_snapshot()'), await trava.query(`SELECT wait_event_type, left(query, 60) AS q FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`)).rows;
        const naTransacao2 = (v: Row[]) => v.some((a) => a.wait_event_type === 'Lock' && /^\s*INSERT INTO notas_servico_eventos/i.test(a.q));
        let vistos: Row[] = [];
        for (const limite = Date.now() + 60_000; Date.now() < limite; await new Promise((r) => setTimeout(r, 50))) {
          vistos = await esperando();
          if (naTransacao2(vistos)) break;
        }
        const situacao = (await trava.query('SELECT situacao FROM notas_servico WHERE id = $1', [n2!.id])).rows[0]?.situacao;
        const naAdn = adnLocal().find((n) => n.idDps === n2!.idDps)?.situacao ?? null;
        expect({ transacao2: naTransacao2(vistos), situacao, naAdn }, `${JSON.stringify(vistos)}\n${s.output().slice(-3000)}`).toEqual({ transacao2: true, situacao: 'transmitindo', naAdn: 'autorizada' });
        await s.kill();
        await trava.query('ROLLBACK');
      } finally {
        await trava.end();
      }
    }

    // Restarted with the ADN answering: the recovery settles what the kills left.
    s = await iniciar();
    token = await entrar(s);
    await expect.poll(async () => (await notasDoPedido(s, token, o1)).map((n) => n.situacao), { timeout: 120_000, interval: 200 }).toEqual(['cancelada']);
    expect((await ok(s, token, 'GET', `/api/PedidosVenda/${o1}`)).estado).toBe('cancelado');
    if (o2 != null) {
      const chave2 = adnLocal().find((n) => n.idDps === n2!.idDps)!.chave;
      await expect.poll(async () => (await notasDoPedido(s, token, o2!)).map((n) => [n.situacao, n.chave]), { timeout: 120_000, interval: 200 }).toEqual([['autorizada', chave2]]);
    }
    // Invoicing goes on.
    const o3 = await novoPedido(s, token);
    expect(await ok(s, token, 'POST', `/api/PedidosVenda/${o3}/faturar`)).toMatchObject({ estado: 'faturado' });

    // The ADN and the books agree, note by note.
    const erp: Row[] = await ok(s, token, 'GET', `/api/NotasServico?filter=${filtro({ limit: 500 })}`);
    expect(erp.filter((n) => n.situacao === 'transmitindo' || n.situacao === 'cancelando')).toEqual([]);
    const adn = adnLocal().filter((n) => n.cnpj === CNPJ_MATRIZ);
    expect(erp.filter((n) => n.chave).map((n) => `${n.chave}|${n.situacao}`).sort()).toEqual(adn.map((n) => `${n.chave}|${n.situacao}`).sort());
    await queda.parar(s);

    // The books: o1's receivable posted and cancelled once, its note cancelled once; o2 and o3 authorised once.
    const db = await queda.abrirBanco();
    try {
      const lanc = async (o: number) => (await db.query<Row>(`SELECT count(*)::int AS n, count(*) FILTER (WHERE cancelado)::int AS c FROM lancamentos WHERE origem_tipo = 'pedidoVenda' AND origem_id = $1`, [o])).rows[0];
      const eventos = async (o: number) => (await db.query<Row>(`SELECT e.tipo FROM notas_servico_eventos e JOIN notas_servico n ON n.tenant_id = e.tenant_id AND n.id = e.nota_id WHERE n.pedido_id = $1 ORDER BY e.id`, [o])).rows.map((r) => r.tipo);
      expect(await lanc(o1)).toEqual({ n: 1, c: 1 });
      expect(await eventos(o1)).toEqual(['autorizacao', 'cancelamento']);
      for (const o of [o2, o3].filter((x): x is number => x != null)) {
        expect(await lanc(o)).toEqual({ n: 1, c: 0 });
        expect(await eventos(o)).toEqual(['autorizacao']);
      }
    } finally {
      await db.close();
    }
  });
});
