import { BACKENDS, type TestServer } from '../support/server.ts';
import { matrizDemo, servidorFiscal } from '../support/servidor-fiscal.ts';
import { destinoSefaz, sefazLocalEmExecucao } from '../../src/server/fiscal/sefaz-destino.ts';
import { SefazCliente } from '../../src/server/fiscal/sefaz-cliente.ts';
import { abrirCertificado, paraBuffer } from '../../src/server/fiscal/emissao/certificados.ts';
import { lerNota, reservarTransmissao } from '../../src/server/fiscal/emissao/notas.ts';
import { prepararEventoNota } from '../../src/server/fiscal/emissao/eventos.ts';
import type { SefazLocal } from '../../src/server/stand-ins/sefaz-local.ts';
import { adnLocal } from '../../src/server/nfse/adn-cliente.ts';
import { esperaTransmissao } from '../../src/server/vendas/pedido-venda.ts';
import { garantirDfeDemo } from '../../src/server/demo/dfe.ts';
import { limparBloqueiosConsumo } from '../../src/server/fiscal/sefaz-cliente.ts';

type Row = Record<string, any>;

// Documentos em transmissão (issue 34): what a crash left between the two transactions is listed for the shop with
// its age and last error, only to its own account; "Consultar na SEFAZ" settles that one document through the same
// recovery the jobs run (by its key): a note SEFAZ never got is sent again with the same key, one SEFAZ authorised
// is only adopted, a cancellation left 'transmitindo' is registered and the note cancelled, each posted once.
describe.each(BACKENDS)('documentos em transmissão on %s', (backend) => {
  const f = servidorFiscal(backend, 'documentos-transmissao');
  const { call, ok } = f;
  let srv: TestServer;
  let admin: string;
  let tenant: number;
  let matriz: number;
  let clienteId: number;
  let produtoId: number;
  let naturezaVenda: number;
  let sefaz: SefazLocal;
  const sql = (text: string, params: unknown[] = []) => srv.db.query(text, params);

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
  const nota = async (id: number) => (await sql(`SELECT status, numero, chave FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [tenant, id])).rows[0];
  const movimentos = async (id: number) => Number((await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, id])).rows[0].n);

  beforeAll(async () => {
    ({ srv, admin } = f);
    ({ tenant, matriz, clienteId, produtoId, naturezaVenda } = await matrizDemo(srv));
    expect((await ok(admin, 'POST', `/api/NotasFiscais/${await novaNota()}/transmitir`)).autorizada).toBe(true);
    sefaz = (await sefazLocalEmExecucao())!;
  });

  it('lists what is left transmitting, to its own account only, and "Consultar na SEFAZ" settles each one once', async () => {
    const ctx = { tenantId: tenant, branchId: matriz, userId: Number((await sql(`SELECT id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].id) };
    // (a) transaction 1 committed, SEFAZ never got it; (b) SEFAZ authorised it, the answer never recorded.
    const a = await novaNota();
    await reservarTransmissao(srv.services, ctx, a);
    const b = await novaNota();
    await reservarTransmissao(srv.services, ctx, b);
    const [na, nb] = [await nota(a), await nota(b)];
    const arq = (await sql(`SELECT arquivo_xml FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [tenant, b])).rows[0].arquivo_xml;
    const xml = (await paraBuffer((await srv.services.storage.get(arq))!)).toString('utf8');
    const cert = await srv.db.tenant(ctx, (q) => abrirCertificado(srv.services, q, tenant, matriz));
    const cli = new SefazCliente({ certificado: cert, uf: 'SP', modelo: 55, tpAmb: 2, destino: await destinoSefaz() });
    expect((await cli.autorizar(xml)).cStat).toBe('100');
    cli.fechar();

    const lista: Row[] = await ok(admin, 'GET', '/api/DocumentosTransmissao');
    const doc = (id: number) => lista.find((d) => d.tipo === 'nfe' && d.id === id);
    expect(doc(a)).toMatchObject({ documento: 'NF-e', numero: `${na.numero}/1`, situacao: 'transmitindo', acoes: ['consultar'] });
    expect(doc(b)).toMatchObject({ situacao: 'transmitindo' });
    expect(Number.isNaN(Date.parse(doc(a)!.desde))).toBe(false);
    // Another account sees none of it and cannot act on it; a bad kind is a 404; a second action on a settled one too.
    expect((await ok(f.vizinha, 'GET', '/api/DocumentosTransmissao')).filter((d: Row) => d.tipo === 'nfe' && [a, b].includes(d.id))).toEqual([]);
    expect((await call(f.vizinha, 'POST', `/api/DocumentosTransmissao/nfe/${a}/consultar`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/DocumentosTransmissao/boleto/${a}/consultar`)).statusCode).toBe(404);
    const malformado = await call(admin, 'POST', '/api/DocumentosTransmissao/nfe/abc/consultar');
    expect(malformado.statusCode).toBe(400);
    expect(malformado.json().error.message).toMatch(/^Parâmetro inválido no endereço: id/);
    expect((await call(admin, 'POST', `/api/DocumentosTransmissao/nfe/${a}/transmitir`)).statusCode).toBe(409);
    expect(await nota(a)).toMatchObject({ status: 'transmitindo' });

    const envios = sefaz.chamadas.get('NFeAutorizacao4') ?? 0;
    const rb = await ok(admin, 'POST', `/api/DocumentosTransmissao/nfe/${b}/consultar`);
    expect(rb).toMatchObject({ resolvido: true, documento: null });
    // b was only consulted (adopted), a untouched by b's action.
    expect(sefaz.chamadas.get('NFeAutorizacao4') ?? 0).toBe(envios);
    expect(await nota(b)).toMatchObject({ status: 'autorizada', chave: nb.chave });
    expect(await nota(a)).toMatchObject({ status: 'transmitindo' });
    const ra = await ok(admin, 'POST', `/api/DocumentosTransmissao/nfe/${a}/consultar`);
    expect(ra.resolvido).toBe(true);
    expect(sefaz.chamadas.get('NFeAutorizacao4')).toBe(envios + 1);
    expect(await nota(a)).toMatchObject({ status: 'autorizada', numero: na.numero, chave: na.chave });
    expect([await movimentos(a), await movimentos(b)]).toEqual([1, 1]);
    expect((await call(admin, 'POST', `/api/DocumentosTransmissao/nfe/${a}/consultar`)).statusCode).toBe(404);
    expect((await ok(admin, 'GET', '/api/DocumentosTransmissao')).filter((d: Row) => d.tipo === 'nfe' && [a, b].includes(d.id))).toEqual([]);

    // A cancellation whose transaction 1 committed and whose answer never came: listed, then registered by the action.
    const evento = await srv.db.tenant(ctx, async (q) => prepararEventoNota(srv.services, q, ctx, await lerNota(q, ctx, a, true), 'cancelamento', 'Cliente desistiu da compra depois da emissão', new Date()));
    const ev = (await ok(admin, 'GET', '/api/DocumentosTransmissao')).find((d: Row) => d.tipo === 'evento' && d.id === evento);
    expect(ev).toMatchObject({ documento: 'Cancelamento de NF-e', numero: `${na.numero}/1`, situacao: 'transmitindo', acoes: ['consultar'] });
    expect((await ok(admin, 'POST', `/api/DocumentosTransmissao/evento/${evento}/consultar`)).resolvido).toBe(true);
    expect(await nota(a)).toMatchObject({ status: 'cancelada' });
    expect((await sql(`SELECT situacao FROM nfe_eventos_envio WHERE tenant_id = $1 AND id = $2`, [tenant, evento])).rows[0].situacao).toBe('registrado');
    // The stock of the cancelled note reversed once (its movement and the mirror row).
    expect(await movimentos(a)).toBe(2);
  });

  it('"Transmitir de novo" of a contingency NF-e sends that note only; the branch\'s other contingency notes wait for their turn', async () => {
    const antes = (await ok(admin, 'GET', '/api/ConfiguracoesNfe')).contingencia ?? 'svc';
    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: 'epec' });
    try {
      sefaz.indisponivel = true;
      const x = await novaNota();
      const y = await novaNota();
      for (const id of [x, y]) expect((await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`)).nota.status).toBe('contingencia');
      sefaz.indisponivel = false;
      const item = (await ok(admin, 'GET', '/api/DocumentosTransmissao')).find((d: Row) => d.tipo === 'nfe' && d.id === y);
      expect(item).toMatchObject({ situacao: 'contingencia', acoes: ['transmitir'] });
      const envios = sefaz.chamadas.get('NFeAutorizacao4') ?? 0;
      expect((await ok(admin, 'POST', `/api/DocumentosTransmissao/nfe/${y}/transmitir`)).resolvido).toBe(true);
      // y alone went to SEFAZ (one send), authorised with its key; x, issued before it, untouched.
      expect(sefaz.chamadas.get('NFeAutorizacao4')).toBe(envios + 1);
      expect(await nota(y)).toMatchObject({ status: 'autorizada' });
      expect(await nota(x)).toMatchObject({ status: 'contingencia' });
      expect((await ok(admin, 'POST', `/api/DocumentosTransmissao/nfe/${x}/transmitir`)).resolvido).toBe(true);
      expect(await nota(x)).toMatchObject({ status: 'autorizada' });
      expect(sefaz.chamadas.get('NFeAutorizacao4')).toBe(envios + 2);
    } finally {
      sefaz.indisponivel = false;
      await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: antes });
    }
  });

  it('an NFS-e whose answer the ADN holds is listed and adopted by its DPS id on "Consultar na SEFAZ"', async () => {
    const { adn } = await adnLocal();
    const servico = await ok(admin, 'POST', '/api/Servicos', { descricao: 'Serviço em transmissão', tipoServico: 100000014, precoVenda: '250.00', codigoTributacaoNacional: '140101', aliquotaIss: '2.50', retencaoIss: 1 });
    const o = await ok(admin, 'POST', '/api/PedidosVenda', { clienteId, servico: true, naturezaOperacao: 'Prestação de serviço', itens: [{ servicoId: servico.id, quantidade: '1' }] });
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
    const espera = esperaTransmissao.ms;
    // The ADN authorises the DPS at once and holds its answer; faturar answers before it.
    adn.lentidao = { ms: 4000, processa: true };
    esperaTransmissao.ms = 100;
    const antes = adn.chamadas.get('emitir') ?? 0;
    try {
      expect((await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`)).estado).toBe('faturado');
      // faturar's own send may reach the ADN after faturar answered (a loaded machine): wait for the state checked
      // below, the ADN holding the DPS (its answer held back), not for a time.
      for (let i = 0; i < 500 && (adn.chamadas.get('emitir') ?? 0) === antes; i++) await new Promise((r) => setTimeout(r, 20));
      expect(adn.chamadas.get('emitir') ?? 0).toBe(antes + 1);
      const [n] = await ok(admin, 'GET', `/api/NotasServico?filter=${encodeURIComponent(JSON.stringify({ where: { pedidoId: o.id } }))}`);
      expect(n.situacao).toBe('transmitindo');
      const item = (await ok(admin, 'GET', '/api/DocumentosTransmissao')).find((d: Row) => d.tipo === 'nfse' && d.id === n.id);
      expect(item).toMatchObject({ documento: 'NFS-e', numero: `DPS ${n.numeroDps}/${n.serieDps}`, situacao: 'transmitindo', acoes: ['consultar'] });
      const emitidas = adn.chamadas.get('emitir') ?? 0;
      expect((await ok(admin, 'POST', `/api/DocumentosTransmissao/nfse/${n.id}/consultar`)).resolvido).toBe(true);
      // Adopted by the DPS id: nothing sent again.
      expect(adn.chamadas.get('emitir') ?? 0).toBe(emitidas);
      const um = await ok(admin, 'GET', `/api/NotasServico/${n.id}`);
      expect(um).toMatchObject({ situacao: 'autorizada', idDps: n.idDps });
      expect(um.eventos.map((e: Row) => e.tipo)).toEqual(['autorizacao']);
    } finally {
      adn.lentidao = null;
      esperaTransmissao.ms = espera;
    }
  });

  it('a manifestação whose answer SEFAZ holds is listed and adopted by the note\'s key on "Consultar na SEFAZ", registered once', async () => {
    limparBloqueiosConsumo();
    // The demo suppliers' notes against the Matriz (the server's start-up job does this), then one consultation.
    await garantirDfeDemo(srv.services, tenant);
    await ok(admin, 'POST', '/api/Manifestacoes/consultar-sefaz');
    const n = ((await ok(admin, 'GET', '/api/Manifestacoes')) as Row[]).find((x) => x.manifestacao === 'pendente')!;
    expect(n).toBeTruthy();
    const naSefaz = () => ((sefaz as unknown as { notas: Map<string, { eventos: { tipo: string }[] }> }).notas.get(n.chave)?.eventos ?? []).filter((e) => e.tipo === '210210').length;
    // SEFAZ registers the ciência at once and holds its answer: the row stays 'transmitindo' meanwhile.
    sefaz.lentidao = { ms: 4000, servicos: ['NFeRecepcaoEvento4'], processa: true };
    try {
      const manifestando = call(admin, 'POST', `/api/Manifestacoes/${n.id}/manifestar`, { tipo: 'ciencia' });
      await expect.poll(() => naSefaz(), { timeout: 30_000, interval: 50 }).toBe(1);
      const envio = (await sql(`SELECT id FROM dfe_manifestacoes_envio WHERE tenant_id = $1 AND dfe_id = $2 AND situacao = 'transmitindo'`, [tenant, n.id])).rows[0];
      expect(envio).toBeTruthy();
      const item = (await ok(admin, 'GET', '/api/DocumentosTransmissao')).find((d: Row) => d.tipo === 'manifestacao' && d.id === Number(envio.id));
      expect(item).toMatchObject({ documento: `Ciência da operação (NF-e de ${n.emitenteNome})`, numero: `${Number(n.chave.slice(25, 34))}/${Number(n.chave.slice(22, 25))}`, situacao: 'transmitindo', acoes: ['consultar'] });
      expect((await call(f.vizinha, 'POST', `/api/DocumentosTransmissao/manifestacao/${envio.id}/consultar`)).statusCode).toBe(404);
      const enviados = sefaz.chamadas.get('NFeRecepcaoEvento4') ?? 0;
      expect((await ok(admin, 'POST', `/api/DocumentosTransmissao/manifestacao/${envio.id}/consultar`)).resolvido).toBe(true);
      // Adopted from SEFAZ's record by the note's key: nothing sent again; the held answer then finds it recorded.
      expect(sefaz.chamadas.get('NFeRecepcaoEvento4') ?? 0).toBe(enviados);
      expect((await manifestando).statusCode).toBe(200);
      expect((await sql(`SELECT situacao FROM dfe_manifestacoes_envio WHERE tenant_id = $1 AND id = $2`, [tenant, envio.id])).rows[0].situacao).toBe('registrado');
      expect(Number((await sql(`SELECT count(*)::int AS n FROM dfe_eventos WHERE tenant_id = $1 AND dfe_id = $2 AND tipo_evento = '210210'`, [tenant, n.id])).rows[0].n)).toBe(1);
      expect(naSefaz()).toBe(1);
      expect(((await ok(admin, 'GET', '/api/Manifestacoes')) as Row[]).find((x) => x.id === n.id)!.manifestacao).toBe('ciencia');
      expect((await ok(admin, 'GET', '/api/DocumentosTransmissao')).filter((d: Row) => d.tipo === 'manifestacao')).toEqual([]);
    } finally {
      sefaz.lentidao = null;
    }
  });

  it('a salesperson without the NF-e notes permission cannot see or act', async () => {
    const lista = await call(f.vendedor, 'GET', '/api/DocumentosTransmissao');
    expect(lista.statusCode).toBe(403);
    expect(lista.body).toContain('Você não tem permissão para consultar os documentos em transmissão.');
    expect((await call(f.vendedor, 'POST', '/api/DocumentosTransmissao/nfe/1/consultar')).statusCode).toBe(403);
  });
});
