import { BACKENDS, type TestServer } from '../support/server.ts';
import { matrizDemo, servidorFiscal } from '../support/servidor-fiscal.ts';
import { sefazLocalEmExecucao } from '../../src/server/fiscal/sefaz-destino.ts';
import { SefazCliente } from '../../src/server/fiscal/sefaz-cliente.ts';
import { destinoSefaz } from '../../src/server/fiscal/sefaz-destino.ts';
import { abrirCertificado, paraBuffer } from '../../src/server/fiscal/emissao/certificados.ts';
import { devolverNumeroNfe, reservarNumeroNfe, reservarTransmissao, resolverTransmitindo } from '../../src/server/fiscal/emissao/notas.ts';
import type { SefazLocal } from '../../src/server/stand-ins/sefaz-local.ts';

// The NF-e is issued in two short transactions with SEFAZ called between them: while the authoriser holds one
// transmission, the same account's other requests (and a note of another series) go on, on PGlite's single
// connection too; numbers stay gap-free when transmissions race and one is rejected; a crash between the two
// transactions is finished by the job that consults SEFAZ by the note's key, never numbering again.
describe.each(BACKENDS)('transmissão da NF-e fora da transação on %s', (backend) => {
  const f = servidorFiscal(backend, 'nfe-transmissao');
  const { call, ok } = f;
  let srv: TestServer;
  let admin: string;
  const sql = (text: string, params: unknown[] = []) => srv.db.query(text, params);
  let tenant: number;
  let matriz: number;
  let clienteId: number;
  let produtoId: number;
  let naturezaVenda: number;
  let sefaz: SefazLocal;

  const novaNota = async () =>
    (
      await ok(admin, 'POST', '/api/NotasFiscais', {
        naturezaId: naturezaVenda,
        clienteId,
        itens: [{ produtoId, quantidade: '1', valorUnitario: '10.00' }],
        transporte: { modalidade: 9 },
        pagamentos: [{ tPag: '15', valor: '10.00', vencimento: '2099-01-10' }],
      })
    ).id as number;
  const nota = async (id: number) => (await sql(`SELECT status, serie, numero, chave FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [tenant, id])).rows[0];
  const seq = async (serie: number) => (await sql(`SELECT ultimo_numero, devolvidos FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfe' AND serie = $3`, [tenant, matriz, serie])).rows[0];
  const ultimo = async (serie = 1) => Number((await seq(serie))?.ultimo_numero ?? 0);
  /** Polls a condition (a state of the server), failing after a few seconds. */
  const ate = async (cond: () => Promise<boolean> | boolean, o = 'condição') => {
    for (let k = 0; k < 400; k++) {
      if (await cond()) return;
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`esperando ${o}`);
  };
  /** SEFAZ holds the authorisations until the returned function is called. */
  const segurar = () => {
    let soltar!: () => void;
    sefaz.retencao = { ate: new Promise<void>((r) => (soltar = r)), servicos: ['NFeAutorizacao4'] };
    return () => {
      sefaz.retencao = null;
      soltar();
    };
  };
  const movimentos = async (id: number) => Number((await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, id])).rows[0].n);
  const lancamentos = async (id: number) => Number((await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, id])).rows[0].n);

  beforeAll(async () => {
    ({ srv, admin } = f);
    ({ tenant, matriz, clienteId, produtoId, naturezaVenda } = await matrizDemo(srv));
    // One note first: the local SEFAZ of this process starts on its first client.
    expect((await ok(admin, 'POST', `/api/NotasFiscais/${await novaNota()}/transmitir`)).autorizada).toBe(true);
    sefaz = (await sefazLocalEmExecucao())!;
  });
  afterEach(() => {
    if (sefaz) {
      sefaz.retencao = null;
      sefaz.rejeitarNumeros.clear();
    }
  });

  it('while SEFAZ holds a transmission, a clientes list and a note of another series of the same account complete', async () => {
    const antes = await ultimo(1);
    const a = await novaNota();
    const soltar = segurar();
    let aTerminou = false;
    const pa = call(admin, 'POST', `/api/NotasFiscais/${a}/transmitir`).then((r) => ((aTerminou = true), r));
    await ate(() => sefaz.retidas === 1, 'a NF-e A retida na SEFAZ');
    // tx1 committed: the number is the note's while SEFAZ thinks.
    expect(await nota(a)).toMatchObject({ status: 'transmitindo', serie: 1, numero: antes + 1 });
    const lista = await call(admin, 'GET', '/api/Clientes?filter={"limit":3}');
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json()).toHaveLength(3);
    // Another series: the branch's setting moves to series 2 and a second note is numbered and sent there.
    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { serieNfe: 2 });
    const antes2 = await ultimo(2);
    const b = await novaNota();
    const pb = call(admin, 'POST', `/api/NotasFiscais/${b}/transmitir`);
    await ate(() => sefaz.retidas === 2, 'a NF-e B retida na SEFAZ');
    expect(await nota(b)).toMatchObject({ status: 'transmitindo', serie: 2, numero: antes2 + 1 });
    expect(aTerminou).toBe(false);
    soltar();
    const [ra, rb] = await Promise.all([pa, pb]);
    expect(ra.statusCode, ra.body).toBe(200);
    expect(rb.statusCode, rb.body).toBe(200);
    expect(ra.json()).toMatchObject({ autorizada: true, nota: { status: 'autorizada', serie: 1, numero: antes + 1 } });
    expect(rb.json()).toMatchObject({ autorizada: true, nota: { status: 'autorizada', serie: 2, numero: antes2 + 1 } });
    expect([await movimentos(a), await lancamentos(a)]).toEqual([1, 1]);
    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { serieNfe: 1 });
  });

  it('racing for one series: consecutive numbers; a number SEFAZ rejected in the middle goes to the next note, no gap', async () => {
    const antes = await ultimo(1);
    const ids = [await novaNota(), await novaNota(), await novaNota()];
    const soltar = segurar();
    const ps = ids.map((id) => call(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`));
    await ate(() => sefaz.retidas === 3, 'três NF-e retidas na SEFAZ');
    const numeros = (await Promise.all(ids.map(nota))).map((n) => Number(n.numero)).sort((x, y) => x - y);
    expect(numeros).toEqual([antes + 1, antes + 2, antes + 3]);
    expect(await ultimo(1)).toBe(antes + 3);
    // SEFAZ rejects the middle number.
    sefaz.rejeitarNumeros.set(antes + 2, ['539', 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso']);
    soltar();
    const rs = (await Promise.all(ps)).map((r) => r.json());
    const rejeitada = rs.find((r) => !r.autorizada);
    expect(rejeitada.nota).toMatchObject({ status: 'rejeitada', numero: null, chave: null });
    expect(rejeitada.rejeicao.cStat).toBe('539');
    expect(rs.filter((r) => r.autorizada).map((r) => r.nota.numero).sort()).toEqual([antes + 1, antes + 3]);
    expect(await seq(1)).toMatchObject({ devolvidos: [antes + 2] });
    expect([await movimentos(rejeitada.nota.id), await lancamentos(rejeitada.nota.id)]).toEqual([0, 0]);
    // The number given back is the next one handed out.
    sefaz.rejeitarNumeros.clear();
    const d = await ok(admin, 'POST', `/api/NotasFiscais/${await novaNota()}/transmitir`);
    expect(d).toMatchObject({ autorizada: true, nota: { numero: antes + 2 } });
    expect(await seq(1)).toMatchObject({ devolvidos: [] });
    expect(await ultimo(1)).toBe(antes + 3);
  });

  it('a number given back when it was the last steps the series back (and over given-back ones now at its end)', async () => {
    const base = await ultimo(1);
    await srv.db.transaction(async (q) => {
      const [n1, n2, n3] = [await reservarNumeroNfe(q, tenant, matriz, 1), await reservarNumeroNfe(q, tenant, matriz, 1), await reservarNumeroNfe(q, tenant, matriz, 1)];
      expect([n1, n2, n3]).toEqual([base + 1, base + 2, base + 3]);
      const estado = async () => (await q.query(`SELECT ultimo_numero::int AS u, devolvidos AS d FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfe' AND serie = 1`, [tenant, matriz])).rows[0];
      await devolverNumeroNfe(q, tenant, matriz, 1, n2);
      expect(await estado()).toEqual({ u: base + 3, d: [n2] });
      await devolverNumeroNfe(q, tenant, matriz, 1, n3);
      expect(await estado()).toEqual({ u: base + 1, d: [] });
      await devolverNumeroNfe(q, tenant, matriz, 1, n1);
      throw new Error('desfazer');
    }).catch((e) => expect((e as Error).message).toBe('desfazer'));
  });

  it('a denial (110 Uso Denegado): the note keeps its number and key as denegada, posts nothing, and the series moves on', async () => {
    const antes = await ultimo(1);
    const id = await novaNota();
    sefaz.rejeitarNumeros.set(antes + 1, ['110', 'Uso Denegado']);
    try {
      const r = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
      expect(r).toMatchObject({ autorizada: false, nota: { status: 'denegada', numero: antes + 1 }, rejeicao: { cStat: '110' } });
      expect(r.nota.chave).toMatch(/^\d{44}$/);
      expect([await movimentos(id), await lancamentos(id)]).toEqual([0, 0]);
      // SEFAZ spent the number: not given back, the next note takes the one after it.
      expect(await seq(1)).toMatchObject({ devolvidos: [] });
      expect(await ultimo(1)).toBe(antes + 1);
    } finally {
      sefaz.rejeitarNumeros.clear();
    }
    expect(await ok(admin, 'POST', `/api/NotasFiscais/${await novaNota()}/transmitir`)).toMatchObject({ autorizada: true, nota: { numero: antes + 2 } });
    expect((await sql(`SELECT tipo, cstat FROM notas_fiscais_eventos WHERE tenant_id = $1 AND nota_id = $2 ORDER BY id`, [tenant, id])).rows).toEqual([{ tipo: 'denegacao', cstat: '110' }]);
  });

  it('a crash between the two transactions: the job consults SEFAZ by the key and finishes the note once, same number and key', async () => {
    const ctx = { tenantId: tenant, branchId: matriz, userId: Number((await sql(`SELECT id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].id) };
    // (a) SEFAZ never got it: the job sends the same signed XML again.
    const antes = await ultimo(1);
    const a = await novaNota();
    await reservarTransmissao(srv.services, ctx, a);
    const na = await nota(a);
    expect(na).toMatchObject({ status: 'transmitindo', numero: antes + 1 });
    // A second transmission of a note being transmitted is refused (never numbered twice).
    expect((await call(admin, 'POST', `/api/NotasFiscais/${a}/transmitir`)).statusCode).toBe(409);
    // (b) SEFAZ authorised it but the answer was never recorded: the job only consults.
    const b = await novaNota();
    await reservarTransmissao(srv.services, ctx, b);
    const nb = await nota(b);
    expect(nb).toMatchObject({ status: 'transmitindo', numero: antes + 2 });
    const arq = (await sql(`SELECT arquivo_xml FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [tenant, b])).rows[0].arquivo_xml;
    const xml = (await paraBuffer((await srv.services.storage.get(arq))!)).toString('utf8');
    const cert = await srv.db.tenant(ctx, (q) => abrirCertificado(srv.services, q, tenant, matriz));
    const cli = new SefazCliente({ certificado: cert, uf: 'SP', modelo: 55, tpAmb: 2, destino: await destinoSefaz() });
    expect((await cli.autorizar(xml)).cStat).toBe('100');
    cli.fechar();
    const envios = sefaz.chamadas.get('NFeAutorizacao4') ?? 0;

    const r = await resolverTransmitindo(srv.services, -60_000);
    expect(r.resolvidas.sort()).toEqual([a, b].sort());
    // One authorisation sent (a's); b was only consulted.
    expect(sefaz.chamadas.get('NFeAutorizacao4')).toBe(envios + 1);
    expect(await nota(a)).toMatchObject({ status: 'autorizada', numero: antes + 1, chave: na.chave });
    expect(await nota(b)).toMatchObject({ status: 'autorizada', numero: antes + 2, chave: nb.chave });
    expect([await movimentos(a), await lancamentos(a), await movimentos(b), await lancamentos(b)]).toEqual([1, 1, 1, 1]);
    const x = await call(admin, 'GET', `/api/NotasFiscais/${b}/xml`);
    expect(x.body).toContain('<nfeProc');
    // A second run finds nothing to do and posts nothing again.
    expect(await resolverTransmitindo(srv.services, -60_000)).toEqual({ resolvidas: [], aguardando: 0 });
    expect([await movimentos(a), await lancamentos(a)]).toEqual([1, 1]);
    expect(await ultimo(1)).toBe(antes + 2);
  });
});
