import { BACKENDS, type TestServer } from '../support/server.ts';
import { matrizDemo, servidorFiscal, CNPJ_MATRIZ } from '../support/servidor-fiscal.ts';
import { destinoContingencia, sefazLocalEmExecucao } from '../../src/server/fiscal/sefaz-destino.ts';

// Assistente fiscal, the one IE rule on the cadastros, contingency (SVC, EPEC, 'Transmitir pendentes') and the bad
// input that must stop a note before it is numbered: the real server, the local SEFAZ and its SVC/AN stand-ins.
describe.each(BACKENDS)('assistente fiscal, IE and contingency on %s', (backend) => {
  const f = servidorFiscal(backend, 'fiscal-assistente');
  const { call, ok } = f;
  let srv: TestServer;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  const sql = (text: string, params: unknown[] = []) => srv.db.query(text, params);
  let tenant: number;
  let matriz: number;
  let clienteId: number;
  let produtoId: number;
  let naturezaVenda: number;
  const ultimo = async () => Number((await sql(`SELECT ultimo_numero FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'nfe' AND serie = 1`, [tenant, matriz])).rows[0]?.ultimo_numero ?? 0);
  const novaNota = async () =>
    (
      await ok(admin, 'POST', '/api/NotasFiscais', {
        naturezaId: naturezaVenda,
        clienteId,
        itens: [{ produtoId, quantidade: '1', valorUnitario: '10.00' }],
        transporte: { modalidade: 9 },
        pagamentos: [{ tPag: '01', valor: '10.00' }],
      })
    ).id as number;
  const normal = async () => (await sefazLocalEmExecucao())!;

  beforeAll(async () => {
    ({ srv, admin, vizinha, vendedor } = f);
    ({ tenant, matriz, clienteId, produtoId, naturezaVenda } = await matrizDemo(srv));
    // The demo's point of sale gives the Matriz a CSC: here the branch is one that has not set it up yet.
    await sql(`UPDATE configuracoes_nfe SET csc_id = NULL, csc_token = NULL WHERE tenant_id = $1 AND filial_id = $2`, [tenant, matriz]);
  });
  afterEach(async () => {
    const s = await sefazLocalEmExecucao();
    if (s) {
      s.indisponivel = false;
      s.paralisado = null;
    }
    const an = await sefazLocalEmExecucao('AN');
    if (an) an.rejeitarEpec = null;
  });

  it('assistente: shows what is configured, saves CSC and series through the existing APIs, and the test note is authorised in homologação without stock or money', async () => {
    const s0 = await ok(admin, 'GET', '/api/AssistenteFiscal');
    expect(s0.empresa).toMatchObject({ id: matriz, cnpj: CNPJ_MATRIZ, uf: 'SP', enderecoCompleto: true });
    expect(s0.passos).toMatchObject({ regime: true, certificado: true, series: true, csc: false, notaTeste: false });
    expect(s0.certificado).toMatchObject({ cnpj: CNPJ_MATRIZ, vencido: false });
    expect(JSON.stringify(s0)).not.toMatch(/senha|BEGIN|PRIVATE|csc_token/i);
    expect(s0.sugestao.cliente).not.toBeNull();
    expect(s0.sugestao.produto).not.toBeNull();

    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { cscId: '000001', cscToken: 'A1B2C3D4E5F6G7H8I9J0' });
    const s1 = await ok(admin, 'GET', '/api/AssistenteFiscal');
    expect(s1.passos.csc).toBe(true);
    expect(s1.configuracao).toMatchObject({ cscId: '000001', cscTokenDefinido: true });

    // Produção is refused for a test note (and nothing is created).
    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { ambiente: 1 });
    const prod = await call(admin, 'POST', '/api/AssistenteFiscal/notaTeste', {});
    expect(prod.statusCode).toBe(400);
    expect(prod.json().error.message).toMatch(/^A nota de teste é emitida só em homologação/);
    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { ambiente: 2 });

    const antes = await ultimo();
    const movimentos = async () => Number((await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1`, [tenant])).rows[0].n);
    const m0 = await movimentos();
    const r = await ok(admin, 'POST', '/api/AssistenteFiscal/notaTeste', {});
    expect(r.autorizada).toBe(true);
    expect(r.nota).toMatchObject({ status: 'autorizada', ambiente: 2, numero: antes + 1, tipoEmissao: 1 });
    expect(r.nota.chave).toMatch(/^\d{44}$/);
    expect(await movimentos()).toBe(m0);
    const nota = (await sql(`SELECT lancamento_id FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [tenant, r.nota.id])).rows[0];
    expect(nota.lancamento_id).toBeNull();
    const s2 = await ok(admin, 'GET', '/api/AssistenteFiscal');
    expect(s2.passos.notaTeste).toBe(true);
    expect(s2.notaTeste).toMatchObject({ id: r.nota.id, status: 'autorizada' });

    // Other accounts see their own (empty) situation; a user without the settings key is refused.
    expect((await ok(vizinha, 'GET', '/api/AssistenteFiscal')).notaTeste).toBeNull();
    expect((await call(vendedor, 'GET', '/api/AssistenteFiscal')).statusCode).toBe(403);
    expect((await call(vendedor, 'POST', '/api/AssistenteFiscal/notaTeste', {})).statusCode).toBe(403);
  });

  it('IE: clientes, fornecedores and empresas with an IE invalid for their UF are refused with the same text; ISENTO and valid ones pass', async () => {
    const base = { nome: 'Atacado Teste IE Ltda', cpfCnpj: '58716523000119', uf: 'RJ', inscricaoEstadual: '110042490114' };
    const rj = await call(admin, 'POST', '/api/Clientes', base);
    expect(rj.statusCode).toBe(400);
    expect(rj.json().error.message).toContain('Inscrição estadual inválida para a UF RJ.');
    expect(rj.json().error.details).toEqual([expect.objectContaining({ campo: 'inscricaoEstadual', mensagem: 'Inscrição estadual inválida para a UF RJ.' })]);
    expect((await sql(`SELECT count(*)::int AS n FROM pessoas WHERE tenant_id = $1 AND nome = $2`, [tenant, base.nome])).rows[0].n).toBe(0);
    const forn = await call(admin, 'POST', '/api/Fornecedores', { ...base, nome: 'Fornecedor IE Errada', uf: 'MG' });
    expect(forn.statusCode).toBe(400);
    expect(forn.json().error.message).toContain('Inscrição estadual inválida para a UF MG.');
    const cli = await ok(admin, 'POST', '/api/Clientes', { ...base, uf: 'SP' });
    expect(cli.inscricaoEstadual).toBe('110042490114');
    // Moving the cliente to another UF without changing the IE is refused too (the merged record is checked).
    const mudou = await call(admin, 'PATCH', `/api/Clientes/${cli.id}`, { uf: 'RJ' });
    expect(mudou.statusCode).toBe(400);
    expect(mudou.json().error.message).toContain('Inscrição estadual inválida para a UF RJ.');
    await ok(admin, 'PATCH', `/api/Clientes/${cli.id}`, { uf: 'RJ', inscricaoEstadual: 'ISENTO' });
    const emp = await call(admin, 'PATCH', `/api/Empresas/${matriz}`, { inscricaoEstadual: '110042490115' });
    expect(emp.statusCode).toBe(400);
    expect(emp.json().error.message).toContain('Inscrição estadual inválida para a UF SP.');
  });

  it('contingency SVC: the normal authoriser down, the NF-e is authorised at SVC-AN with the next number, marked, alerted, and later cancelled at the normal one', async () => {
    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: 'svc' });
    const antes = await ultimo();
    const id = await novaNota();
    (await normal()).indisponivel = true;
    const r = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
    expect(r.autorizada).toBe(true);
    expect(r.nota).toMatchObject({ status: 'autorizada', numero: antes + 1, tipoEmissao: 6, contingencia: { tipo: 'svc', autorizador: 'SVC-AN', pendente: false } });
    expect(r.nota.chave.slice(34, 35)).toBe('6');
    expect((await sefazLocalEmExecucao('SVC-AN'))!.chamadas.get('NFeAutorizacao4')).toBeGreaterThan(0);
    const alerta = (await sql(`SELECT texto FROM alertas WHERE tenant_id = $1 AND texto LIKE $2`, [tenant, `A NF-e ${antes + 1} série 1 foi autorizada em contingência (SVC-AN)%`])).rows;
    expect(alerta.length).toBeGreaterThan(0);
    (await normal()).indisponivel = false;
    // The SVC shared the authorisation with the UF: events go on at the normal authoriser.
    const c = await ok(admin, 'POST', `/api/NotasFiscais/${id}/cancelar`, { justificativa: 'Teste de cancelamento depois da contingência' });
    expect(c.nota.status).toBe('cancelada');
  });

  it('contingency SVC also on 108 (paralysed); with no contingency the issue stops with 503 and nothing numbered', async () => {
    const antes = await ultimo();
    (await normal()).paralisado = '108';
    const r = await ok(admin, 'POST', `/api/NotasFiscais/${await novaNota()}/transmitir`);
    expect(r.nota).toMatchObject({ status: 'autorizada', numero: antes + 1, tipoEmissao: 6 });
    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: 'nenhuma' });
    try {
      (await normal()).paralisado = null;
      (await normal()).indisponivel = true;
      const id = await novaNota();
      const n = await call(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
      expect(n.statusCode).toBe(503);
      expect(n.json().error.message).toMatch(/^SEFAZ indisponível: .*A filial não usa contingência .*Nada foi numerado/);
      expect(await ultimo()).toBe(antes + 1);
      expect((await ok(admin, 'GET', `/api/NotasFiscais/${id}`)).status).toBe('rascunho');
    } finally {
      await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: 'svc' });
    }
  });

  it('contingency EPEC: the note keeps its number, waits as "contingencia" (stock posted), and "Transmitir pendentes" sends it once SEFAZ is back', async () => {
    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: 'epec' });
    try {
      const antes = await ultimo();
      const id = await novaNota();
      (await normal()).indisponivel = true;
      const r = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
      expect(r.nota).toMatchObject({ status: 'contingencia', numero: antes + 1, tipoEmissao: 4, contingencia: { tipo: 'epec', pendente: true } });
      expect(r.nota.chave.slice(34, 35)).toBe('4');
      expect((await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, id])).rows[0].n).toBe(1);
      // No CC-e or cancel before it is authorised.
      expect((await call(admin, 'POST', `/api/NotasFiscais/${id}/cancelar`, { justificativa: 'Tentativa de cancelar em contingência' })).statusCode).toBe(409);
      // Still down: nothing sent, it stays pending.
      expect(await ok(admin, 'POST', '/api/NotasFiscais/transmitirPendentes')).toEqual({ autorizadas: [], rejeitadas: [], pendentes: 1 });
      (await normal()).indisponivel = false;
      expect(await ok(admin, 'POST', '/api/NotasFiscais/transmitirPendentes')).toEqual({ autorizadas: [id], rejeitadas: [], pendentes: 0 });
      const n = await ok(admin, 'GET', `/api/NotasFiscais/${id}`);
      expect(n).toMatchObject({ status: 'autorizada', numero: antes + 1, tipoEmissao: 4, chave: r.nota.chave, contingencia: { pendente: false } });
      const xml = await call(admin, 'GET', `/api/NotasFiscais/${id}/xml`);
      expect(xml.body).toContain('<nfeProc');
      expect(xml.body).toContain('<tpEmis>4</tpEmis>');
      expect(await ultimo()).toBe(antes + 1);
      // Other accounts have nothing pending and see nothing.
      expect(await ok(vizinha, 'POST', '/api/NotasFiscais/transmitirPendentes')).toEqual({ autorizadas: [], rejeitadas: [], pendentes: 0 });
    } finally {
      await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: 'svc' });
    }
  });

  it('EPEC refused by the Ambiente Nacional: the note is rejected with the help text, keeps its number, is not printable; retried online it keeps that number, or the number is inutilised', async () => {
    await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: 'epec' });
    try {
      await destinoContingencia('AN');
      const an = (await sefazLocalEmExecucao('AN'))!;
      const antes = await ultimo();
      const estoque = async (id: number) => (await sql(`SELECT count(*)::int AS n FROM movimentos_estoque WHERE tenant_id = $1 AND origem_tipo = 'notaFiscal' AND origem_id = $2`, [tenant, id])).rows[0].n;
      const recusar = async (id: number) => {
        (await normal()).indisponivel = true;
        an.rejeitarEpec = ['574', 'Rejeição: O autor do evento diverge do emissor da NF-e'];
        const r = await ok(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
        (await normal()).indisponivel = false;
        an.rejeitarEpec = null;
        return r;
      };
      // (a) refused, then transmitted again online with the same number.
      const a = await novaNota();
      const r = await recusar(a);
      expect(r.autorizada).toBe(false);
      expect(r.rejeicao).toMatchObject({ cStat: '574', epec: { serie: 1, numero: antes + 1 } });
      expect(r.rejeicao.ajuda.comoCorrigir.length).toBeGreaterThan(10);
      expect(r.nota).toMatchObject({ status: 'rejeitada', numero: antes + 1, rejeicao: { cStat: '574', epec: { numero: antes + 1 } } });
      expect(await estoque(a)).toBe(0);
      expect(await ultimo()).toBe(antes + 1);
      const danfe = await call(admin, 'GET', `/api/NotasFiscais/${a}/danfe`);
      expect(danfe.statusCode).toBe(409);
      expect(danfe.json().error.message).toMatch(/recusou a EPEC.*não pode ser impresso/);
      expect((await call(admin, 'GET', `/api/NotasFiscais/${a}/xml`)).statusCode).toBe(409);
      const de_novo = await ok(admin, 'POST', `/api/NotasFiscais/${a}/transmitir`);
      expect(de_novo).toMatchObject({ autorizada: true, nota: { status: 'autorizada', numero: antes + 1, tipoEmissao: 1 } });
      expect(await estoque(a)).toBe(1);
      expect(await ultimo()).toBe(antes + 1);
      // (b) refused, then its number inutilised: the note loses it and is sent later with a new one.
      const b = await novaNota();
      expect((await recusar(b)).nota).toMatchObject({ status: 'rejeitada', numero: antes + 2 });
      const inut = await ok(admin, 'POST', '/api/Inutilizacoes', { serie: 1, numeroInicial: antes + 2, numeroFinal: antes + 2, justificativa: 'EPEC recusada pela SEFAZ, numero inutilizado' });
      expect(inut).toMatchObject({ numeroInicial: antes + 2, cStat: '102' });
      expect(await ok(admin, 'GET', `/api/NotasFiscais/${b}`)).toMatchObject({ status: 'rejeitada', numero: null, chave: null });
      expect(await ok(admin, 'POST', `/api/NotasFiscais/${b}/transmitir`)).toMatchObject({ autorizada: true, nota: { numero: antes + 3 } });
      expect(await ultimo()).toBe(antes + 3);
    } finally {
      await ok(admin, 'PUT', '/api/ConfiguracoesNfe', { contingencia: 'svc' });
    }
  });

  it('bad input: a stored certificate of another CNPJ stops the issue before numbering, in Portuguese', async () => {
    const antes = await ultimo();
    const id = await novaNota();
    await sql(`UPDATE certificados_digitais SET cnpj = '58716523000119' WHERE tenant_id = $1 AND filial_id = $2 AND ativo`, [tenant, matriz]);
    try {
      const r = await call(admin, 'POST', `/api/NotasFiscais/${id}/transmitir`);
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toMatch(/^O certificado digital em uso é do CNPJ 58\.716\.523\/0001-19, de outra empresa que a filial Matriz \(CNPJ 11\.222\.333\/0001-81\)/);
      expect(await ultimo()).toBe(antes);
      expect((await ok(admin, 'GET', `/api/NotasFiscais/${id}`)).status).toBe('rascunho');
    } finally {
      await sql(`UPDATE certificados_digitais SET cnpj = $3 WHERE tenant_id = $1 AND filial_id = $2 AND ativo`, [tenant, matriz, CNPJ_MATRIZ]);
    }
  });
});
