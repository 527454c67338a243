import { AMBOS_BANCOS, type Backend } from '../support/server.ts';
import { chamar, entrar, ok, type ServerProcess } from '../support/processo-servidor.ts';
import { suiteDeQueda } from '../support/suite-de-queda.ts';

type Row = Record<string, any>;
const CNPJ_MATRIZ = '11222333000181';
const MANIFESTACOES = ['210200', '210210', '210220', '210240'];

// The manifestação do destinatário survives a crash (issue 34): a real server process killed with SIGKILL (1) after
// SEFAZ registered a ciência and before the ERP recorded it, (2) after the transaction 1 of a desconhecimento committed
// and before SEFAZ received it; started again on the same database and DATA_DIR (the local SEFAZ keeps its state
// there), the start-up recovery settles each by the note's key: the first adopted from SEFAZ (never sent twice), the
// second sent again with the same signed XML. Then the events SEFAZ registered equal the ERP's, each recorded once.
describe.each(AMBOS_BANCOS)('manifestação do destinatário com uma queda do servidor (%s)', (backend: Backend) => {
  const queda = suiteDeQueda(backend, 'dfe-crash-', { notasDaDemo: true });
  const { iniciar } = queda;

  const sefazLocal = (): Row[] => queda.notasDoLocal('sefaz-local');
  const eventosNaSefaz = (chave: string): string[] =>
    ((sefazLocal().find((n) => n.chave === chave)?.eventos ?? []) as Row[]).filter((e) => MANIFESTACOES.includes(String(e.tipo))).map((e) => `${e.tipo}/${e.seq}`).sort();

  it('killed after SEFAZ registered a ciência, then before SEFAZ received a desconhecimento: after restart SEFAZ and the ERP hold the same events', { timeout: 900_000 }, async () => {
    // (1) SEFAZ registers the events and holds its answer: the kill lands before the ERP's transaction 2.
    let s = await iniciar({ SEFAZ_LOCAL_LENTIDAO_MS: '600000', SEFAZ_LOCAL_LENTIDAO_PROCESSA: '1', SEFAZ_LOCAL_LENTIDAO_SERVICOS: 'NFeRecepcaoEvento4' });
    let token = await entrar(s);
    // The start-up job has the demo suppliers issue their three notes against the Matriz; then one consultation.
    await expect.poll(() => sefazLocal().filter((n) => n.destDoc === CNPJ_MATRIZ).length, { timeout: 120_000, interval: 200 }).toBe(3);
    expect(await ok(s, token, 'POST', '/api/Manifestacoes/consultar-sefaz')).toMatchObject({ novas: 3 });
    const lista: Row[] = await ok(s, token, 'GET', '/api/Manifestacoes');
    const a = lista.find((n) => /Serra Azul/.test(n.emitenteNome))!;
    const b = lista.find((n) => /Rio Claro/.test(n.emitenteNome))!;
    void chamar(s, token, 'POST', `/api/Manifestacoes/${a.id}/manifestar`, { tipo: 'ciencia' }).catch(() => null);
    await expect.poll(() => eventosNaSefaz(a.chave), { timeout: 60_000, interval: 100 }).toEqual(['210210/1']);
    await s.kill();

    // (2) SEFAZ holds the events without processing them: the kill lands before SEFAZ received the desconhecimento.
    s = await iniciar({ SEFAZ_LOCAL_LENTIDAO_MS: '600000', SEFAZ_LOCAL_LENTIDAO_SERVICOS: 'NFeRecepcaoEvento4' });
    token = await entrar(s);
    const ler = async (x: ServerProcess, t: string, id: number) => ((await ok(x, t, 'GET', '/api/Manifestacoes')) as Row[]).find((n) => n.id === id)!;
    // The start-up recovery adopted the ciência SEFAZ registered (consulted by the note's key, not sent again).
    await expect.poll(async () => (await ler(s, token, a.id)).manifestacao, { timeout: 120_000, interval: 200 }).toBe('ciencia');
    expect((await ler(s, token, a.id)).transmitindo).toBeNull();
    void chamar(s, token, 'POST', `/api/Manifestacoes/${b.id}/manifestar`, { tipo: 'desconhecimento' }).catch(() => null);
    await expect.poll(async () => (await ler(s, token, b.id)).transmitindo, { timeout: 60_000, interval: 100 }).toBe('desconhecimento');
    // A second manifestação of the note waits for SEFAZ's answer to the first.
    const outra = await chamar(s, token, 'POST', `/api/Manifestacoes/${b.id}/manifestar`, { tipo: 'ciencia' });
    expect(outra.status).toBe(409);
    expect(outra.body.error.message).toMatch(/sendo transmitida à SEFAZ/);
    await s.kill();
    expect(eventosNaSefaz(b.chave)).toEqual([]);

    // (3) Restarted with SEFAZ answering: the same signed event is sent again and recorded once.
    s = await iniciar();
    token = await entrar(s);
    await expect.poll(async () => (await ler(s, token, b.id)).manifestacao, { timeout: 120_000, interval: 200 }).toBe('desconhecida');
    expect((await ler(s, token, b.id)).transmitindo).toBeNull();
    // The note of the first crash goes on as any other: its confirmação now.
    expect(await ok(s, token, 'POST', `/api/Manifestacoes/${a.id}/manifestar`, { tipo: 'confirmacao' })).toMatchObject({ cStat: '135', nota: { manifestacao: 'confirmada' } });

    // SEFAZ and the ERP agree: for each note issued against the Matriz, the manifestações SEFAZ registered are the ERP's.
    for (const n of lista) {
      const erp = ((await ok(s, token, 'GET', `/api/Manifestacoes/${n.id}/eventos`)) as Row[]).map((e) => `${e.tpEvento}/1`).sort();
      expect(erp, n.emitenteNome).toEqual(eventosNaSefaz(n.chave));
    }
    expect(eventosNaSefaz(a.chave)).toEqual(['210200/1', '210210/1']);
    expect(eventosNaSefaz(b.chave)).toEqual(['210220/1']);
    await queda.parar(s);

    const db = await queda.abrirBanco();
    try {
      expect((await db.query<Row>(`SELECT count(*)::int AS n FROM dfe_manifestacoes_envio WHERE situacao = 'transmitindo'`)).rows[0].n).toBe(0);
      // Each registered event once in the ERP, its signed procEventoNFe kept.
      const r = await db.query<Row>(`SELECT dfe_id, tipo_evento, count(*)::int AS n, bool_and(arquivo_xml IS NOT NULL AND protocolo IS NOT NULL) AS completo FROM dfe_eventos GROUP BY dfe_id, tipo_evento`);
      expect(r.rows.length).toBe(3);
      for (const e of r.rows) expect(e).toMatchObject({ n: 1, completo: true });
      // The outbox: every intent ended 'registrado', none sent twice.
      expect((await db.query<Row>(`SELECT situacao, count(*)::int AS n FROM dfe_manifestacoes_envio GROUP BY situacao`)).rows).toEqual([{ situacao: 'registrado', n: 3 }]);
    } finally {
      await db.close();
    }
  });
});
