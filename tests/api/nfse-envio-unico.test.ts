import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../../src/server/db/db.ts';
import { adnLocal, pararAdnLocal } from '../../src/server/nfse/adn-cliente.ts';
import { prepararNfse } from '../../src/server/nfse/notas-servico.ts';
import { resolverNfseTransmitindo, transmitirNfse } from '../../src/server/nfse/transmissao.ts';
import { BACKENDS, startTestServer, type TestServer } from '../support/server.ts';

type Row = Record<string, any>;

// One sender per DPS across every server on the database (issue 35 item 2, the NFS-e's lifecycle): the claim to send a
// note 'transmitindo' lives on its row, not in a process's memory. A claim another server holds (its request sending
// the DPS now) is seen by this one through the database alone: its recovery only asks the ADN by the DPS id and sends
// nothing; once the claim lapses (that server died) the recovery sends the same signed DPS, once. Two app instances on
// one database (two connection pools) resolving the same note at once send it once.
describe.each(BACKENDS)('NFS-e: uma DPS, um remetente entre servidores (%s)', (backend) => {
  let srv: TestServer;
  let outra: Db | null = null;
  let ctx: { tenantId: number; userId: number; branchId: number };
  let cliente: number;
  let servico: number;
  const sql = async (text: string, params: unknown[] = []) => (await srv.db.query<Row>(text, params)).rows;
  const emitidas = async () => Number((await adnLocal()).adn.chamadas.get('emitir') ?? 0);
  const nota = async (id: number) => (await sql(`SELECT situacao, envio_token, chave FROM notas_servico WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id]))[0];
  const eventos = (id: number) => sql(`SELECT transicao, de, para FROM estado_eventos WHERE tenant_id = $1 AND tipo = 'nfse' AND registro_id = $2 ORDER BY id`, [ctx.tenantId, id]);
  /** Transaction 1 of a note (committed), its send never started: the note 'transmitindo', claimed by its creator. */
  const preparada = async () => (await srv.db.tenant(ctx, (q) => prepararNfse(srv.services, q, ctx, { pedidoId: null, clienteId: cliente, linhas: [{ servicoId: servico, valor: '120.00' }] }))).notaId;
  const reivindicadaPorOutro = (id: number, ate: string) => sql(`UPDATE notas_servico SET envio_token = 'outro-servidor', envio_ate = now() + $3::interval WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id, ate]);

  beforeAll(async () => {
    // A fresh local ADN per database (state under DATA_DIR): the same demo series numbers the same DPS ids on each.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nfse-envio-'));
    await pararAdnLocal();
    process.env.DATA_DIR = dataDir;
    srv = await startTestServer(backend, { dataDir });
    const b = (await sql(`SELECT tenant_id, id FROM branches WHERE cpf_cnpj = '11222333000181'`))[0];
    const u = (await sql(`SELECT id FROM users WHERE email = 'admin@demo.com.br'`))[0];
    ctx = { tenantId: Number(b.tenant_id), userId: Number(u.id), branchId: Number(b.id) };
    cliente = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND length(regexp_replace(coalesce(cpf_cnpj, ''), '\\D', '', 'g')) IN (11, 14) ORDER BY id LIMIT 1`, [ctx.tenantId]))[0].id);
    servico = Number((await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND servico AND codigo_tributacao_nacional IS NOT NULL ORDER BY id LIMIT 1`, [ctx.tenantId]))[0].id);
    outra = srv.databaseUrl ? await openDb({ databaseUrl: srv.databaseUrl }) : null;
  });
  afterAll(async () => {
    await outra?.close();
    await srv?.close();
    await pararAdnLocal();
  });

  it('a DPS another server is sending is not sent from here (the recovery only asks the ADN); lapsed, it is sent once and recorded with its transition', async () => {
    const id = await preparada();
    expect(await nota(id)).toMatchObject({ situacao: 'transmitindo', chave: null });
    expect((await nota(id)).envio_token).toMatch(/^[0-9a-f-]{36}$/);
    await reivindicadaPorOutro(id, '10 minutes');
    const antes = await emitidas();
    expect(await resolverNfseTransmitindo(srv.services, -60_000, { tenantId: ctx.tenantId, id })).toEqual({ resolvidas: [], aguardando: 1 });
    expect(await emitidas()).toBe(antes);
    expect(await nota(id)).toMatchObject({ situacao: 'transmitindo', envio_token: 'outro-servidor' });
    expect(await eventos(id)).toEqual([]);

    // That server died: its claim lapsed. The recovery sends the DPS once; the answer clears the claim.
    await reivindicadaPorOutro(id, '-1 second');
    expect(await resolverNfseTransmitindo(srv.services, -60_000, { tenantId: ctx.tenantId, id })).toEqual({ resolvidas: [id], aguardando: 0 });
    expect(await emitidas()).toBe(antes + 1);
    expect(await nota(id)).toMatchObject({ situacao: 'autorizada', envio_token: null });
    expect(await eventos(id)).toEqual([{ transicao: 'autorizar', de: 'transmitindo', para: 'autorizada' }]);
  });

  it('a claim left by a sender killed a moment ago: the recovery watches it lapse (no renewal) and then sends, once', async () => {
    const id = await preparada();
    await reivindicadaPorOutro(id, '2 seconds');
    const antes = await emitidas();
    expect(await resolverNfseTransmitindo(srv.services, -60_000, { tenantId: ctx.tenantId, id })).toEqual({ resolvidas: [id], aguardando: 0 });
    expect(await emitidas()).toBe(antes + 1);
    expect(await nota(id)).toMatchObject({ situacao: 'autorizada', envio_token: null });
  });

  it('two app instances on one database resolving the same DPS at once, the ADN slow: sent once, authorised once, both answer autorizada', async () => {
    const id = await preparada();
    await sql(`UPDATE notas_servico SET envio_ate = now() - interval '1 second' WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, id]);
    const { adn } = await adnLocal();
    const antes = await emitidas();
    const segunda = { ...srv.services, db: outra ?? srv.db };
    adn.lentidao = { ms: 1500, processa: false };
    try {
      const r = await Promise.all([transmitirNfse(srv.services, ctx, id, { consultarAntes: true }), transmitirNfse(segunda, ctx, id, { consultarAntes: true })]);
      expect(r.map((x) => x.situacao)).toEqual(['autorizada', 'autorizada']);
    } finally {
      adn.lentidao = null;
    }
    expect(await emitidas()).toBe(antes + 1);
    expect(await sql(`SELECT tipo FROM notas_servico_eventos WHERE tenant_id = $1 AND nota_id = $2`, [ctx.tenantId, id])).toEqual([{ tipo: 'autorizacao' }]);
    expect(await eventos(id)).toEqual([{ transicao: 'autorizar', de: 'transmitindo', para: 'autorizada' }]);
  });
});
