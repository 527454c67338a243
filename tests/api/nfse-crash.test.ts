import { AMBOS_BANCOS, type Backend } from '../support/server.ts';
import { chamar, entrar, ok, type ServerProcess } from '../support/processo-servidor.ts';
import { suiteDeQueda } from '../support/suite-de-queda.ts';

type Row = Record<string, any>;
const CNPJ_MATRIZ = '11222333000181';

// faturar of a service order with its NFS-e survives a crash (issue 34), in the style of faturar-crash.test.ts: a real
// server process killed with SIGKILL right after faturar's transaction 1 committed, (a) after the local ADN authorised
// the DPS and before the ERP recorded it, (b) before the ADN received it; started again on the same database and
// DATA_DIR (the local ADN keeps its state there), its start-up recovery settles each note by its DPS id. Then the DPS
// the ADN authorised are the ERP's authorised NFS-e, each order has its receivable and one NFS-e, the DPS numbers
// follow, and the next order is faturado.
describe.each(AMBOS_BANCOS)('faturar com NFS-e e uma queda do servidor (%s)', (backend: Backend) => {
  const queda = suiteDeQueda(backend, 'nfse-crash-');

  const filtro = (o: unknown) => encodeURIComponent(JSON.stringify(o));
  const notasDoPedido = async (s: ServerProcess, token: string, pedidoId: number): Promise<Row[]> => ok(s, token, 'GET', `/api/NotasServico?filter=${filtro({ where: { pedidoId }, limit: 100 })}`);
  const adnLocal = (): Row[] => queda.notasDoLocal('adn-local');
  const { iniciar } = queda;

  it('killed after the ADN authorised and before the ERP recorded, then before the ADN received: after restart the ADN and the books agree and invoicing goes on', { timeout: 900_000 }, async () => {
    // (a) The ADN authorises and records the DPS, then holds its answer: the kill lands before the ERP's transaction 2.
    let s = await iniciar({ NFSE_LOCAL_LENTIDAO_MS: '600000', NFSE_LOCAL_LENTIDAO_PROCESSA: '1' });
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
    void chamar(s, token, 'POST', `/api/PedidosVenda/${o1}/faturar`).catch(() => null);
    await expect.poll(async () => (await ok(s, token, 'GET', `/api/PedidosVenda/${o1}`)).estado, { timeout: 60_000, interval: 100 }).toBe('faturado');
    const [n1] = await notasDoPedido(s, token, o1);
    expect(n1).toMatchObject({ situacao: 'transmitindo', chave: null });
    expect(n1.idDps).toMatch(/^DPS\d{42}$/);
    await expect.poll(() => adnLocal().some((n) => n.idDps === n1.idDps && n.situacao === 'autorizada'), { timeout: 60_000, interval: 100 }).toBe(true);
    await s.kill();

    // (b) The ADN holds the request without processing it: the kill lands before the ADN received the DPS.
    s = await iniciar({ NFSE_LOCAL_LENTIDAO_MS: '600000' });
    token = await entrar(s);
    // The start-up recovery adopted the NFS-e the ADN generated (asked by the DPS id), with its key.
    const chave1 = adnLocal().find((n) => n.idDps === n1.idDps)!.chave;
    await expect.poll(async () => (await notasDoPedido(s, token, o1)).map((n) => [n.situacao, n.chave]), { timeout: 120_000, interval: 200 }).toEqual([['autorizada', chave1]]);
    const o2 = await novoPedido(s, token);
    void chamar(s, token, 'POST', `/api/PedidosVenda/${o2}/faturar`).catch(() => null);
    await expect.poll(async () => (await ok(s, token, 'GET', `/api/PedidosVenda/${o2}`)).estado, { timeout: 60_000, interval: 100 }).toBe('faturado');
    const [n2] = await notasDoPedido(s, token, o2);
    expect(n2).toMatchObject({ situacao: 'transmitindo', numeroDps: n1.numeroDps + 1 });
    await s.kill();
    expect(adnLocal().some((n) => n.idDps === n2.idDps)).toBe(false);

    // Restarted with the ADN answering: the unknown DPS is sent again as it was signed (same id, same number).
    s = await iniciar();
    token = await entrar(s);
    await expect.poll(async () => (await notasDoPedido(s, token, o2)).map((n) => n.situacao), { timeout: 120_000, interval: 200 }).toEqual(['autorizada']);
    expect((await notasDoPedido(s, token, o2))[0]).toMatchObject({ idDps: n2.idDps, numeroDps: n2.numeroDps });
    // The next order is faturado with the next DPS number (nothing taken twice, nothing stuck).
    const o3 = await novoPedido(s, token);
    expect(await ok(s, token, 'POST', `/api/PedidosVenda/${o3}/faturar`)).toMatchObject({ estado: 'faturado' });
    const [n3] = await notasDoPedido(s, token, o3);
    expect(n3).toMatchObject({ situacao: 'autorizada', numeroDps: n2.numeroDps + 1 });

    // The ADN and the books agree: the DPS the local ADN authorised for the Matriz are the ERP's authorised NFS-e.
    const erp: Row[] = await ok(s, token, 'GET', `/api/NotasServico?filter=${filtro({ limit: 500 })}`);
    expect(erp.filter((n) => n.situacao !== 'autorizada')).toEqual([]);
    const naAdn = adnLocal().filter((n) => n.cnpj === CNPJ_MATRIZ && n.situacao === 'autorizada').map((n) => `${n.idDps}|${n.chave}`).sort();
    expect(erp.map((n) => `${n.idDps}|${n.chave}`).sort()).toEqual(naAdn);
    expect(naAdn).toHaveLength(3);
    await queda.parar(s);

    // The books: each order has its receivable once and exactly one NFS-e.
    const db = await queda.abrirBanco();
    try {
      for (const o of [o1, o2, o3]) {
        const l = await db.query<Row>(`SELECT count(*)::int AS n, count(*) FILTER (WHERE cancelado)::int AS c FROM lancamentos WHERE origem_tipo = 'pedidoVenda' AND origem_id = $1`, [o]);
        expect(l.rows[0]).toEqual({ n: 1, c: 0 });
        const n = await db.query<Row>(`SELECT situacao FROM notas_servico WHERE pedido_id = $1`, [o]);
        expect(n.rows.map((r) => r.situacao)).toEqual(['autorizada']);
        const e = await db.query<Row>(`SELECT tipo FROM notas_servico_eventos e JOIN notas_servico n ON n.tenant_id = e.tenant_id AND n.id = e.nota_id WHERE n.pedido_id = $1`, [o]);
        expect(e.rows.map((r) => r.tipo)).toEqual(['autorizacao']);
      }
    } finally {
      await db.close();
    }
  });
});
