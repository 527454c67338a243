import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { xmllintSchema } from '../fixtures/fiscal/ferramentas.ts';
import { montarDocumento } from '../../src/server/fiscal/emissao/notas.ts';
import { abrirCertificado } from '../../src/server/fiscal/emissao/certificados.ts';
import { assinadorDe } from '../../src/server/fiscal/assinatura-xml.ts';
import { montarNfe } from '../../src/server/fiscal/nfe.ts';
import { avisoIbsCbs } from '../../src/server/fiscal-config/ibscbs-emissao.ts';
import { TABELAS } from '../fixtures/referencia.ts';

// Issue 39, the tables' import: the brand administrator uploads a newer version of the cClassTrib table (published
// layout) or of the rates (aliquotas-ibscbs.csv layout) with its vigência; a bad file is refused whole in
// Portuguese; the notes dated from the vigência on read the new version, the earlier ones the shipped one.
const CCLASSTRIB = path.join(TABELAS, 'ibscbs-cclasstrib.csv');
const ALIQUOTAS = path.resolve('schemas/fiscal/aliquotas-ibscbs.csv');
const PL_010 = path.resolve('schemas/fiscal/xsd/nfe/PL_010_V1.30');

describe.each(BACKENDS)('importação das tabelas do IBS/CBS on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let master: string;
  let admin: string;
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const versoes = async () => Number((await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tabelas_ibscbs_versoes')).rows[0].n);
  const importar = (body: Record<string, unknown>) => call(master, 'POST', '/api/Admin/tabelas-ibscbs/importar', body);

  beforeAll(async () => {
    srv = await startTestServer(backend);
    app = srv.app;
    master = await login(app, 'master@demo.com.br');
    admin = await login(app, 'admin@demo.com.br');
  });
  afterAll(async () => srv?.close());

  it('refuses an unknown column, a CST that does not prefix its cClassTrib, a bad rate and a shop admin; nothing is imported', async () => {
    const publicada = readFileSync(CCLASSTRIB, 'utf8');
    const coluna = await importar({ tabela: 'cClassTrib', vigenciaInicio: '2026-12-01', versao: 'teste', arquivo: publicada.replace('CST-IBS/CBS,', 'CST-IBS/CBS,Coluna Nova,').replace(/\n000,/, '\n000,x,') });
    expect(coluna.statusCode).toBe(400);
    expect(coluna.json().error.message).toBe('Classificação tributária (cClassTrib): O arquivo tem coluna(s) que a tabela publicada não tem: "Coluna Nova". Nada foi importado.');
    // the second data row's CST changed to 200 while its code stays 000002
    const linhas = publicada.split('\n');
    const i = linhas.findIndex((l) => l.startsWith('000,Tributação integral,000002,'));
    linhas[i] = linhas[i].replace(/^000,/, '200,');
    const prefixo = await importar({ tabela: 'cClassTrib', vigenciaInicio: '2026-12-01', versao: 'teste', arquivo: linhas.join('\n') });
    expect(prefixo.statusCode).toBe(400);
    expect(prefixo.json().error.message).toBe('Classificação tributária (cClassTrib): Linha 3: cClassTrib 000002: o CST 200 não é o prefixo do código. Nada foi importado.');
    const aliq = await importar({ tabela: 'aliquotaIbsCbs', vigenciaInicio: '2027-01-01', versao: 'teste', arquivo: 'vigenciaInicio,vigenciaFim,pCBS,pIBSUF,pIBSMun,rotulo,fonte\n2027-01-01,2028-12-31,oito,0.05,0.05,2027,teste\n' });
    expect(aliq.statusCode).toBe(400);
    expect(aliq.json().error.message).toBe('Alíquotas por ano e esfera: Linha 2: pCBS "oito" não é um percentual. Nada foi importado.');
    expect((await importar({ tabela: 'ncm', vigenciaInicio: '2027-01-01', versao: 'x', arquivo: 'a' })).statusCode).toBe(400);
    expect((await importar({ tabela: 'aliquotaIbsCbs', vigenciaInicio: '31/12/2026', versao: 'x', arquivo: 'a' })).json().error.message).toContain('Início da vigência');
    expect((await call(admin, 'POST', '/api/Admin/tabelas-ibscbs/importar', { tabela: 'aliquotaIbsCbs', vigenciaInicio: '2027-01-01', versao: 'x', arquivo: readFileSync(ALIQUOTAS, 'utf8') })).statusCode).toBe(403);
    expect(await versoes()).toBe(0);
    expect(JSON.stringify([coluna.json(), prefixo.json()])).not.toMatch(/stack|\/work\/|\.ts:/);
  });

  it('a newer cClassTrib table is shown as the version in force; a second one with the same vigência is a 409', async () => {
    const r = await importar({ tabela: 'cClassTrib', vigenciaInicio: '2026-11-01', versao: 'Tabela_Classificacao_Tributaria_IBS_CBS_teste', arquivo: `data:text/csv;base64,${readFileSync(CCLASSTRIB).toString('base64')}`, nomeArquivo: 'cclasstrib.csv' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ tabela: 'cClassTrib', vigenciaInicio: '2026-11-01', codigos: 164 });
    const g = (await call(master, 'GET', '/api/Admin/tabelas-ibscbs')).json();
    expect(g.tabelas.find((t: any) => t.nome === 'cClassTrib')).toMatchObject({ versao: 'Tabela_Classificacao_Tributaria_IBS_CBS_teste (importada, vigência 2026-11-01)', codigos: 164 });
    // the NFS-e tables of the reform shipped with the product: cIndOp (Anexo VII) and the service correlation (Anexo VIII)
    expect(g.tabelas.find((t: any) => t.nome === 'cIndOp')).toMatchObject({ versao: 'AnexoVII-IndOp_IBSCBS_V1.02.00', codigos: 39 });
    expect(g.tabelas.find((t: any) => t.nome === 'correlacaoServicoIbsCbs')).toMatchObject({ versao: 'AnexoVIII-CorrelacaoItemNBSIndOpCClassTrib_IBSCBS_V1.01.00', codigos: 207 });
    expect(g.versoes).toEqual([expect.objectContaining({ tabela: 'cClassTrib', vigenciaInicio: '2026-11-01', codigos: 164, arquivo: 'cclasstrib.csv', importadoPor: 'master@demo.com.br', emVigor: true })]);
    const deNovo = await importar({ tabela: 'cClassTrib', vigenciaInicio: '2026-11-01', versao: 'outra', arquivo: readFileSync(CCLASSTRIB, 'utf8') });
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json().error.message).toBe('Já existe uma versão de Classificação tributária (cClassTrib) com vigência a partir de 01/11/2026.');
  });

  it('rates valid from 01/01/2027: a Simples note dated 04/01/2027 carries the group with them (valid against PL_010); one dated 31/12/2026 is untouched', async () => {
    const b = (await srv.db.query<Record<string, any>>(`SELECT tenant_id, id FROM branches WHERE cpf_cnpj = '11222333000181'`)).rows[0];
    const tenant = Number(b.tenant_id), matriz = Number(b.id);
    const um = async (sql: string) => Number((await srv.db.query<Record<string, any>>(sql, [tenant])).rows[0].id);
    const dados = {
      naturezaId: await um(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria'`),
      clienteId: await um(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' AND logradouro IS NOT NULL ORDER BY id LIMIT 1`),
      itens: [{ produtoId: await um(`SELECT p.id FROM produtos p JOIN perfis_tributarios t ON t.tenant_id = p.tenant_id AND t.id = p.perfil_tributario_id WHERE p.tenant_id = $1 AND t.nome = 'Revenda Simples Nacional' AND p.ncm IS NOT NULL AND NOT p.servico ORDER BY p.id LIMIT 1`), quantidade: '4', valorUnitario: '25.00' }],
      transporte: { modalidade: 9 },
      pagamentos: [{ tPag: '01', valor: '100.00' }],
    } as any;
    const ctx = { tenantId: tenant, userId: 1, branchId: matriz };
    // The NF-e settings warn a Simples shop within 90 days of 01/01/2027 while the year's CBS rate is missing.
    expect(await avisoIbsCbs(srv.db, 1, '2026-11-29')).toEqual({ obrigatorioDesde: '01/01/2027', regime: 'Simples Nacional', ano: '2027' });
    expect(await avisoIbsCbs(srv.db, 1, '2026-09-01')).toBeNull();
    expect(await avisoIbsCbs(srv.db, 3, '2026-11-29')).toBeNull();
    const hoje = await avisoIbsCbs(srv.db, 1, new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()));
    const config = await call(admin, 'GET', '/api/ConfiguracoesNfe');
    expect(config.statusCode, config.body).toBe(200);
    expect(config.json().ibsCbs).toEqual(hoje);
    const antes = await montarDocumento(srv.db, ctx, dados, 900, new Date('2027-01-04T15:00:00Z')).catch((e) => e);
    expect(antes.message).toContain('A alíquota da CBS de 2027-2028 não está publicada nos dados');
    // the project's file with a CBS filled in for the test (not a published rate)
    const arquivo = readFileSync(ALIQUOTAS, 'utf8').replace(/\n2027-01-01,2028-12-31,,/, '\n2027-01-01,2028-12-31,8.80,');
    const r = await importar({ tabela: 'aliquotaIbsCbs', vigenciaInicio: '2027-01-01', versao: 'Alíquotas de teste 2027', arquivo });
    expect(r.statusCode, r.body).toBe(200);
    expect(await avisoIbsCbs(srv.db, 1, '2026-11-29')).toBeNull();
    const m = await montarDocumento(srv.db, ctx, dados, 901, new Date('2027-01-04T15:00:00Z'));
    expect(m.doc.reformaTributaria).toBe(true);
    expect(m.doc.itens[0].ibsCbs).toMatchObject({ CST: '000', cClassTrib: '000001', pIBSUF: '0.05', pIBSMun: '0.05', pCBS: '8.80' });
    const cert = await abrirCertificado(srv.services, srv.db, tenant, matriz);
    const xml = montarNfe(m.doc, assinadorDe(cert)).xml;
    expect(xmllintSchema(path.join(PL_010, 'nfe_v4.00.xsd'), { x: xml }).x).toBe('');
    // 100,00: IBS UF 0,05 % = 0,05, municipal 0,05 % = 0,05, CBS 8,80 % = 8,80 (by hand)
    expect(/<vIBSUF>([^<]+)</.exec(xml)![1]).toBe('0.05');
    expect(/<vIBSMun>([^<]+)</.exec(xml)![1]).toBe('0.05');
    expect(/<vCBS>([^<]+)</.exec(xml)![1]).toBe('8.80');
    const dezembro = await montarDocumento(srv.db, ctx, dados, 902, new Date('2026-12-31T15:00:00Z'));
    expect(dezembro.doc.reformaTributaria).toBeUndefined();
    expect(dezembro.doc.itens[0].ibsCbs).toBeUndefined();
  });
});
