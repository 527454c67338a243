import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';

// Issue 39: the perfil tributário's IBS/CBS classification is refused in Portuguese when the tables say no (and
// nothing is written), the simulador shows IBS/CBS by the rates of the date next to ICMS/PIS/COFINS, and the
// administrator area lists the version of each table in force.
describe.each(BACKENDS)('IBS/CBS classification and simulation on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  let perfil: number;

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    perfil = (await call(admin, 'GET', `/api/PerfisTributarios?filter=${q({ where: { nome: 'Revenda Simples Nacional' } })}`)).json()[0].id;
  });
  afterAll(async () => srv?.close());

  const classificacao = async () => {
    const p = (await call(admin, 'GET', `/api/PerfisTributarios/${perfil}`)).json();
    return { cstIbsCbs: p.cstIbsCbs ?? null, cClassTrib: p.cClassTrib ?? null };
  };

  it('refuses a CST that does not prefix its cClassTrib, a code out of vigência or unknown, and writes nothing', async () => {
    const antes = await classificacao();
    const prefixo = await call(admin, 'PATCH', `/api/PerfisTributarios/${perfil}`, { cstIbsCbs: '000', cClassTrib: '200034' });
    expect(prefixo.statusCode).toBe(400);
    expect(prefixo.json().error.message).toContain('A classificação tributária 200034 pertence ao CST 200: o CST 000 do IBS/CBS não é o prefixo dela.');
    const vencida = await call(admin, 'PATCH', `/api/PerfisTributarios/${perfil}`, { cstIbsCbs: '220', cClassTrib: '220001' });
    expect(vencida.statusCode).toBe(400);
    expect(vencida.json().error.message).toContain('A classificação tributária 220001 deixou de valer em 01/01/2026.');
    const metade = await call(admin, 'PATCH', `/api/PerfisTributarios/${perfil}`, { cstIbsCbs: '200', cClassTrib: null });
    expect(metade.statusCode).toBe(400);
    expect(metade.json().error.message).toContain('Informe a classificação tributária (cClassTrib) do CST 200 do IBS/CBS.');
    expect(await classificacao()).toEqual(antes);
    expect(JSON.stringify([prefixo.json(), vencida.json()])).not.toMatch(/stack|\/work\/|\.ts:/);
  });

  it('Simular: IBS/CBS next to ICMS/PIS/COFINS, 2026 and 2027 rates, and the model refusal', async () => {
    const ok = await call(admin, 'PATCH', `/api/PerfisTributarios/${perfil}`, { cstIbsCbs: '200', cClassTrib: '200034' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await classificacao()).toEqual({ cstIbsCbs: '200', cClassTrib: '200034' });

    // 1.000 with the 60 % reduction: 2026 IBS UF 0,1 % × 0,4 = 0,04 % → 0,40; CBS 0,9 % × 0,4 = 0,36 % → 3,60.
    const s26 = await call(admin, 'POST', '/api/Tributacao/simular', { perfilTributarioId: perfil, ufDestino: 'SP', valor: '1000.00', data: '2026-11-30', modelo: '65' });
    expect(s26.statusCode, s26.body).toBe(200);
    expect(s26.json().resultado.icms).toBeDefined();
    expect(s26.json().resultado.pis).toBeDefined();
    expect(s26.json().ibsCbs).toMatchObject({ grupo: 'regular', vBC: '1000.00', pIBSUF: '0.10', pIBSMun: '0.00', pCBS: '0.90', pRedIBS: '60', vIBSUF: '0.40', vIBSMun: '0.00', vIBS: '0.40', vCBS: '3.60', aliquotas: { vigenciaInicio: '2026-01-01' } });
    // 2027: 0,05 % UF and 0,05 % municipal, × 0,4 = 0,02 % each → 0,20 + 0,20; the CBS reference rate is not in the data.
    const s27 = await call(admin, 'POST', '/api/Tributacao/simular', { perfilTributarioId: perfil, ufDestino: 'SP', valor: '1000.00', data: '2027-01-04' });
    expect(s27.statusCode, s27.body).toBe(200);
    expect(s27.json().ibsCbs).toMatchObject({ pIBSUF: '0.05', pIBSMun: '0.05', pCBS: null, vIBSUF: '0.20', vIBSMun: '0.20', vIBS: '0.40', vCBS: '0.00' });
    expect(s27.json().ibsCbs.avisos.join(' ')).toContain('A alíquota da CBS de 2027-2028 não está publicada nos dados');
    // before the reform: no IBS/CBS, and the screen is told why
    const s25 = await call(admin, 'POST', '/api/Tributacao/simular', { perfilTributarioId: perfil, ufDestino: 'SP', valor: '1000.00', data: '2025-12-31' });
    expect(s25.json()).toMatchObject({ ibsCbs: null, ibsCbsAviso: 'Não há IBS/CBS nesta data (as alíquotas começam em 01/01/2026).' });

    // an NFS-e-only classification on an NFC-e
    expect((await call(admin, 'PATCH', `/api/PerfisTributarios/${perfil}`, { cstIbsCbs: '200', cClassTrib: '200052' })).statusCode).toBe(200);
    const nfce = await call(admin, 'POST', '/api/Tributacao/simular', { perfilTributarioId: perfil, ufDestino: 'SP', data: '2026-11-30', modelo: '65' });
    expect(nfce.statusCode).toBe(400);
    expect(nfce.json().error.message).toBe('A classificação tributária 200052 não pode ser usada na NFC-e (modelo 65).');
    const modelo = await call(admin, 'POST', '/api/Tributacao/simular', { perfilTributarioId: perfil, ufDestino: 'SP', modelo: '99' });
    expect(modelo.statusCode).toBe(400);
    expect(modelo.json().error.message).toBe('Modelo do documento: 55 (NF-e), 65 (NFC-e) ou NFSe.');
    // another account's perfil stays invisible
    expect((await call(vizinha, 'POST', '/api/Tributacao/simular', { perfilTributarioId: perfil, ufDestino: 'SP' })).statusCode).toBe(404);
  });

  it('the administrator area shows the version in force of each table and the rates of the year (master only)', async () => {
    const master = await login(app, 'master@demo.com.br');
    expect((await call(admin, 'GET', '/api/Admin/tabelas-ibscbs')).statusCode).toBe(403);
    const r = await call(master, 'GET', '/api/Admin/tabelas-ibscbs');
    expect(r.statusCode, r.body).toBe(200);
    const porNome = Object.fromEntries(r.json().tabelas.map((t: any) => [t.nome, t]));
    expect(porNome.cClassTrib).toMatchObject({ versao: 'Tabela_Classificacao_Tributaria_IBS_CBS_2026-06-23 (vigência 2026-06-01)', codigos: 164 });
    expect(porNome.cClassTrib.codigosEmVigor).toBeLessThan(164);
    expect(porNome.cstIbsCbs).toMatchObject({ codigos: 18 });
    expect(porNome.credPresIbsCbs).toMatchObject({ versao: 'Tabela_Codigo_Credito_Presumido_IBS_CBS_2026-06-23', codigos: 13 });
    expect(r.json().aliquotas.map((a: any) => [a.value, a.pCBS, a.pIBSUF, a.pIBSMun])).toEqual([
      ['2026-01-01', '0.90', '0.10', '0.00'],
      ['2027-01-01', null, '0.05', '0.05'],
    ]);
  });
});
