import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

// Fiscal settings of issue 17: the rule documents refuse inconsistent input in Portuguese (and write nothing),
// the versions of a rule never overlap, the simulation applies the demo's rules, accounts never see each
// other's, and a branch with documents is never deleted.
describe.each(BACKENDS)('fiscal settings on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let vendedor: string;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const count = async (token: string, endpoint: string) => (await call(token, 'GET', `/api/${endpoint}/count`)).json().count as number;
  const perfilId = async (nome: string) => (await call(admin, 'GET', `/api/PerfisTributarios?filter=${q({ where: { nome } })}`)).json()[0].id as number;

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    vendedor = await login(app, 'vendedor@demo.com.br');
  });
  afterAll(async () => srv?.close());

  it('the demo has complete issuers, the perfis with their rules and products linked to them', async () => {
    const empresas = (await call(admin, 'GET', `/api/Empresas?filter=${q({ order: 'id ASC' })}`)).json();
    expect(empresas.map((e: any) => e.apelido)).toEqual(['Matriz', 'Filial Centro']);
    expect(empresas[0]).toMatchObject({ cpfCnpj: '11222333000181', inscricaoEstadual: '110042490114', uf: 'SP', codigoMunicipio: 3550308, regimeTributario: 1, cep: '01310100', ativo: true });
    const bebidas = await perfilId('Bebidas com ST');
    const revenda = await perfilId('Revenda Simples Nacional');
    const refri = (await call(admin, 'GET', `/api/Produtos?filter=${q({ where: { descricao: 'Refrigerante de cola 2 L' } })}`)).json()[0];
    expect(refri.perfilTributarioId).toBe(bebidas);
    // and the imported product of the demo's own-import entry (demo/importacao.ts) with its perfil
    const importados = await perfilId('Importados');
    expect(await count(admin, `Produtos`)).toBe((await call(admin, 'GET', `/api/Produtos/count?where=${q({ perfilTributarioId: { inq: [bebidas, revenda, importados] } })}`)).json().count);
    expect((await call(admin, 'GET', `/api/Produtos/count?where=${q({ perfilTributarioId: importados })}`)).json().count).toBe(1);
    expect((await call(admin, 'GET', `/api/TributacoesEstaduais/count?where=${q({ perfilTributarioId: revenda })}`)).json().count).toBe(5);
    // The other account sees none of it.
    expect(await count(vizinha, 'PerfisTributarios')).toBe(0);
    expect(await count(vizinha, 'TributacoesEstaduais')).toBe(0);
    expect((await call(vizinha, 'GET', `/api/Empresas`)).json().map((e: any) => e.nome)).toEqual(['Loja Vizinha ME']);
  });

  it('Simular applies the rule valid on the date: CSOSN 500 with CFOP 5405 in SP, DIFAL to BA before and after the change of rate', async () => {
    const bebidas = await perfilId('Bebidas com ST');
    const st = await call(admin, 'POST', '/api/Tributacao/simular', { perfilTributarioId: bebidas, ufDestino: 'SP', valor: '59.00' });
    expect(st.statusCode, st.body).toBe(200);
    expect(st.json().emitente).toMatchObject({ uf: 'SP', crt: 1 });
    expect(st.json().resultado).toMatchObject({ cfop: '5405', idDest: 1, icms: { CSOSN: '500', vICMS: '0.00' }, pis: { CST: '49', vPIS: '0.00' } });

    const revenda = await perfilId('Revenda Simples Nacional');
    // 1.000 × (19 − 7)% = 120,00 before 20/02/2024; 1.000 × (20,5 − 7)% = 135,00 from then on.
    const antes = await call(admin, 'POST', '/api/Tributacao/simular', { perfilTributarioId: revenda, ufDestino: 'BA', valor: '1000.00', data: '2024-02-19' });
    expect(antes.statusCode, antes.body).toBe(200);
    expect(antes.json().resultado).toMatchObject({ cfop: '6102', regra: { estadual: { vigenciaInicio: '2023-04-01' } }, difal: { pICMSInter: '7.00', pICMSUFDest: '19.00', vICMSUFDest: '120.00' } });
    const depois = await call(admin, 'POST', '/api/Tributacao/simular', { perfilTributarioId: revenda, ufDestino: 'BA', valor: '1000.00', data: '2024-02-20' });
    expect(depois.json().resultado).toMatchObject({ regra: { estadual: { vigenciaInicio: '2024-02-20' } }, difal: { pICMSUFDest: '20.50', vICMSUFDest: '135.00' } });

    // A product carries its perfil: the simulation by product finds it.
    const refri = (await call(admin, 'GET', `/api/Produtos?filter=${q({ where: { descricao: 'Refrigerante de cola 2 L' } })}`)).json()[0];
    const porProduto = await call(admin, 'POST', '/api/Tributacao/simular', { produtoId: refri.id, ufDestino: 'SP' });
    expect(porProduto.json().resultado.cfop).toBe('5405');

    const semRegra = await call(admin, 'POST', '/api/Tributacao/simular', { perfilTributarioId: bebidas, ufDestino: 'AM' });
    expect(semRegra.statusCode).toBe(400);
    expect(semRegra.json().error.message).toMatch(/^Nenhuma tributação estadual do perfil tributário para operações de SP para AM vigente em/);
    // Another account's perfil does not exist for this one; a user without the fiscal permission is refused.
    expect((await call(vizinha, 'POST', '/api/Tributacao/simular', { perfilTributarioId: bebidas, ufDestino: 'SP' })).statusCode).toBe(404);
    expect((await call(vendedor, 'POST', '/api/Tributacao/simular', { perfilTributarioId: bebidas, ufDestino: 'SP' })).statusCode).toBe(403);
  });

  it('tributação estadual: CST against its rates, ranges, CFOP direction and overlapping versions are 400s that write nothing', async () => {
    const perfil = (await call(admin, 'POST', '/api/PerfisTributarios', { nome: 'Regime normal de teste' })).json().id;
    const base = { perfilTributarioId: perfil, ufOrigem: 'SP', ufDestino: 'SP', vigenciaInicio: '2025-01-01' };
    const before = await count(admin, 'TributacoesEstaduais');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ cstIcms: '00' }, /O CST 00 é tributado: informe a alíquota do ICMS/],
      [{ cstIcms: '00', aliquotaIcms: '13' }, /13% não é uma alíquota de ICMS/],
      [{ cstIcms: '00', aliquotaIcms: '18', aliquotaFcp: '5' }, /Alíquota do FCP: 5% está fora da faixa permitida \(de 0% a 4%\)/],
      [{ cstIcms: '41', aliquotaIcms: '18' }, /O CST 41 não tem ICMS próprio/],
      [{ cstIcms: '20', aliquotaIcms: '18' }, /O CST 20 é com redução de base/],
      [{ cstIcms: '10', aliquotaIcms: '18', mvaSt: '40' }, /O CST 10 tem substituição tributária: informe a alíquota do ICMS-ST/],
      [{ csosn: '102', aliquotaCreditoSn: '1.25' }, /O CSOSN 102 não permite crédito/],
      [{ csosn: '101' }, /O CSOSN 101 permite crédito/],
      [{}, /Informe o CST do ICMS \(emitente do Regime Normal\) ou o CSOSN/],
      [{ cstIcms: '00', aliquotaIcms: '18', cfop: '6102' }, /CFOP 6102 não é de saída dentro do estado/],
      [{ cstIcms: '00', aliquotaIcms: '18', cfop: '5999' }, /CFOP 5999 não existe na tabela oficial/],
      [{ cstIcms: '00', aliquotaIcms: '18', aliquotaIcmsUfDestino: '18' }, /O DIFAL só vale entre UFs diferentes/],
    ];
    for (const [extra, msg] of cases) {
      const r = await call(admin, 'POST', '/api/TributacoesEstaduais', { ...base, ...extra });
      expect(r.statusCode, JSON.stringify(extra)).toBe(400);
      expect(r.json().error.message, JSON.stringify(extra)).toMatch(msg);
      expect(r.json().error.details[0].campo).toBeTruthy();
    }
    expect(await count(admin, 'TributacoesEstaduais')).toBe(before);

    const ok = await call(admin, 'POST', '/api/TributacoesEstaduais', { ...base, cstIcms: '20', aliquotaIcms: '18', reducaoBase: '33.33', cfop: '5102' });
    expect(ok.statusCode, ok.body).toBe(200);
    const dup = await call(admin, 'POST', '/api/TributacoesEstaduais', { ...base, cstIcms: '00', aliquotaIcms: '18' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.message).toBe('Já existe uma tributação estadual deste perfil de SP para SP com vigência a partir de 01/01/2025: uma nova versão da regra começa em outra data.');
    // A change of law is a new version with a later start.
    const nova = await call(admin, 'POST', '/api/TributacoesEstaduais', { ...base, vigenciaInicio: '2026-04-01', cstIcms: '00', aliquotaIcms: '20' });
    expect(nova.statusCode, nova.body).toBe(200);
    // Moving the new version onto the old one's start is the same overlap.
    const moved = await call(admin, 'PATCH', `/api/TributacoesEstaduais/${nova.json().id}`, { vigenciaInicio: '2025-01-01' });
    expect(moved.statusCode).toBe(400);
    expect(await count(admin, 'TributacoesEstaduais')).toBe(before + 2);
    // Another account cannot hang a rule on this account's perfil.
    const alheio = await call(vizinha, 'POST', '/api/TributacoesEstaduais', { ...base, cstIcms: '00', aliquotaIcms: '18', vigenciaInicio: '2027-01-01' });
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json().error.message).toBe('Perfil tributário não encontrado.');
    expect((await call(vizinha, 'GET', `/api/TributacoesEstaduais/${ok.json().id}`)).statusCode).toBe(404);
    expect((await call(vizinha, 'DELETE', `/api/TributacoesEstaduais/${ok.json().id}`)).statusCode).toBe(404);
  });

  it('tributação federal: a taxed CST needs its rate, an untaxed one takes none, one version per start date', async () => {
    const perfil = (await call(admin, 'POST', '/api/PerfisTributarios', { nome: 'Federal de teste' })).json().id;
    const base = { perfilTributarioId: perfil, vigenciaInicio: '2025-01-01' };
    const before = await count(admin, 'TributacoesFederais');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ cstPis: '01', cstCofins: '01', aliquotaCofins: '7.6' }, /O CST 01 do PIS é tributado pela alíquota: informe a alíquota do PIS/],
      [{ cstPis: '07', aliquotaPis: '1.65', cstCofins: '07' }, /O CST 07 do PIS não é tributado/],
      [{ cstPis: '49', cstCofins: '49', cstIpi: '50' }, /O CST 50 do IPI é tributado: informe a alíquota do IPI/],
      [{ cstPis: '49', cstCofins: '49', cstIpi: '52', aliquotaIpi: '10' }, /O CST 52 do IPI não é tributado/],
      [{ cstPis: '01', aliquotaPis: '101', cstCofins: '49' }, /Alíquota do PIS: 101% está fora da faixa/],
    ];
    for (const [extra, msg] of cases) {
      const r = await call(admin, 'POST', '/api/TributacoesFederais', { ...base, ...extra });
      expect(r.statusCode, JSON.stringify(extra)).toBe(400);
      expect(r.json().error.message).toMatch(msg);
    }
    expect(await count(admin, 'TributacoesFederais')).toBe(before);
    const ok = await call(admin, 'POST', '/api/TributacoesFederais', { ...base, cstIpi: '50', aliquotaIpi: '10', cstPis: '01', aliquotaPis: '1.65', cstCofins: '01', aliquotaCofins: '7.6' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ enquadramentoIpi: '999', aliquotaPis: '1.65' });
    const dup = await call(admin, 'POST', '/api/TributacoesFederais', { ...base, cstPis: '49', cstCofins: '49' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.message).toMatch(/Já existe uma tributação federal deste perfil com vigência a partir de 01\/01\/2025/);
    // A perfil in use by a product is not deleted.
    const bebidas = await perfilId('Bebidas com ST');
    const del = await call(admin, 'DELETE', `/api/PerfisTributarios/${bebidas}`);
    expect(del.statusCode).toBe(409);
  });

  it('empresas: the IE is checked by the UF\'s rule; a branch in use, the last active one or one with documents is kept', async () => {
    const empresas = (await call(admin, 'GET', `/api/Empresas?filter=${q({ order: 'id ASC' })}`)).json();
    const [matriz, centro] = empresas;
    const bad = await call(admin, 'PATCH', `/api/Empresas/${centro.id}`, { inscricaoEstadual: '110.042.490.115' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Inscrição estadual inválida para a UF SP.');
    expect(bad.json().error.details[0].campo).toBe('inscricaoEstadual');
    const rj = await call(admin, 'PATCH', `/api/Empresas/${centro.id}`, { inscricaoEstadual: '77500006' });
    expect(rj.statusCode).toBe(400);
    const good = await call(admin, 'PATCH', `/api/Empresas/${centro.id}`, { inscricaoEstadual: '110.042.490.102' });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().inscricaoEstadual).toBe('110042490102');
    expect((await call(admin, 'PATCH', `/api/Empresas/${centro.id}`, { inscricaoEstadual: 'isento' })).json().inscricaoEstadual).toBe('ISENTO');

    // The branch of this session is neither deactivated nor deleted.
    const inUse = await call(admin, 'PATCH', `/api/Empresas/${matriz.id}`, { ativo: false });
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().error.message).toMatch(/A filial em uso não pode ser desativada/);
    // The Matriz has documents (stock, money): deleting it is a 409 naming them.
    const outra = await login(app, 'master@demo.com.br');
    await call(outra, 'POST', '/api/Usuarios/trocarFilial', { filialId: centro.id });
    const delMatriz = await call(outra, 'DELETE', `/api/Empresas/${matriz.id}`);
    expect(delMatriz.statusCode).toBe(409);
    expect(delMatriz.json().error.message).toMatch(/^Não é possível excluir a filial Matriz: há documentos que a usam: .*movimentos estoque/);
    expect((await call(admin, 'GET', `/api/Empresas/${matriz.id}`)).statusCode).toBe(200);

    // Deactivating the Filial Centro takes it off the branch switch; a new branch without documents is deleted.
    const off = await call(admin, 'PATCH', `/api/Empresas/${centro.id}`, { ativo: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(admin, 'GET', '/api/Usuarios/filiais')).json().map((f: any) => f.apelido)).toEqual(['Matriz']);
    expect((await call(admin, 'PATCH', `/api/Empresas/${centro.id}`, { ativo: true })).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/Usuarios/filiais')).json().map((f: any) => f.apelido)).toEqual(['Matriz', 'Filial Centro']);
    const nova = await call(admin, 'POST', '/api/Empresas', { nome: 'Mercadinho Demo Ltda', apelido: 'Filial Praia', cpfCnpj: '11222333000343', inscricaoEstadual: '492034504005', regimeTributario: 1, uf: 'SP', codigoMunicipio: 3548500, ativo: true });
    expect(nova.statusCode, nova.body).toBe(200);
    expect((await call(admin, 'GET', '/api/Usuarios/filiais')).json().map((f: any) => f.apelido)).toContain('Filial Praia');
    expect((await call(vizinha, 'DELETE', `/api/Empresas/${nova.json().id}`)).statusCode).toBe(404);
    expect((await call(vendedor, 'DELETE', `/api/Empresas/${nova.json().id}`)).statusCode).toBe(403);
    const del = await call(admin, 'DELETE', `/api/Empresas/${nova.json().id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await call(admin, 'GET', `/api/Empresas/${nova.json().id}`)).statusCode).toBe(404);
  });

  it('a rule version in force since before today keeps its taxes: a change of law is a new version', async () => {
    const revenda = await perfilId('Revenda Simples Nacional');
    const ba = (await call(admin, 'GET', `/api/TributacoesEstaduais?filter=${q({ where: { perfilTributarioId: revenda, ufDestino: 'BA', vigenciaInicio: '2024-02-20' } })}`)).json()[0];
    // Entered long ago (the demo is seeded today).
    await srv.db.query(`UPDATE tributacoes_estaduais SET created_at = now() - interval '400 days' WHERE id = $1`, [ba.id]);
    const changed = await call(admin, 'PATCH', `/api/TributacoesEstaduais/${ba.id}`, { aliquotaIcmsUfDestino: '21' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.message).toBe('Esta versão da regra vigora desde 20/02/2024 e não muda: uma mudança de lei é uma nova versão (cadastre outra tributação com a data em que a mudança começa).');
    expect(changed.json().error.details[0].campo).toBe('aliquotaIcmsUfDestino');
    expect((await call(admin, 'GET', `/api/TributacoesEstaduais/${ba.id}`)).json().aliquotaIcmsUfDestino).toBe('20.50');
    // The same values again, or only the observação, are fine.
    expect((await call(admin, 'PATCH', `/api/TributacoesEstaduais/${ba.id}`, { aliquotaIcmsUfDestino: '20.5', observacao: 'BA 20,5%' })).statusCode).toBe(200);
    const nova = await call(admin, 'POST', '/api/TributacoesEstaduais', { perfilTributarioId: revenda, ufOrigem: 'SP', ufDestino: 'BA', vigenciaInicio: '2027-01-01', csosn: '102', aliquotaIcmsUfDestino: '21' });
    expect(nova.statusCode, nova.body).toBe(200);
  });

  it('the DANFE logo of a branch goes to the file storage: PNG or JPEG only, per account', async () => {
    const matriz = (await call(admin, 'GET', `/api/Empresas?filter=${q({ where: { apelido: 'Matriz' } })}`)).json()[0];
    expect((await call(admin, 'GET', `/api/Empresas/${matriz.id}/logo`)).statusCode).toBe(404);
    // A 1×1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const up = await call(admin, 'PUT', `/api/Empresas/${matriz.id}/logo`, { arquivo: `data:image/png;base64,${png.toString('base64')}` });
    expect(up.statusCode, up.body).toBe(200);
    const got = await call(admin, 'GET', `/api/Empresas/${matriz.id}/logo`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);
    const svg = await call(admin, 'PUT', `/api/Empresas/${matriz.id}/logo`, { arquivo: `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}` });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().error.message).toBe('O logo do DANFE deve ser PNG ou JPEG.');
    expect((await call(vizinha, 'GET', `/api/Empresas/${matriz.id}/logo`)).statusCode).toBe(404);
    expect((await call(vizinha, 'PUT', `/api/Empresas/${matriz.id}/logo`, { arquivo: `data:image/png;base64,${png.toString('base64')}` })).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/Empresas/${matriz.id}/logo`)).json()).toEqual({ count: 1 });
    expect((await call(admin, 'GET', `/api/Empresas/${matriz.id}/logo`)).statusCode).toBe(404);
  });
});
