import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, login, startTestServer, type TestServer } from '../support/server.ts';
import { pdftotext, xmllintSchema, xmlsecVerify } from '../fixtures/fiscal/ferramentas.ts';
import { pemDeBase64 } from '../../src/server/fiscal/certificado.ts';
import { AdnCliente, AdnIndisponivelError, adnLocal, pararAdnLocal } from '../../src/server/nfse/adn-cliente.ts';
import { esperaTransmissao } from '../../src/server/vendas/pedido-venda.ts';
import { resolverNfseTransmitindo } from '../../src/server/nfse/transmissao.ts';
import { DocumentLifecycle, type AposCommit } from '../../src/server/documents/lifecycle.ts';
import type { RequestContext } from '../../src/server/auth/context.ts';
import { pararSefazLocal } from '../../src/server/fiscal/sefaz-destino.ts';
import { emitirNotasDaDemonstracao } from '../../src/server/demo/notas.ts';

import { NFSE_XSD } from '../fixtures/referencia.ts';
const xsdOk = (arquivo: string, xml: string) => xmllintSchema(path.join(NFSE_XSD, arquivo), { x: xml }).x;
const certDoXml = (xml: string, n = 0) => pemDeBase64([...xml.matchAll(/<X509Certificate>([^<]+)<\/X509Certificate>/g)][n][1]);
type Row = Record<string, any>;
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

// NFS-e of the national standard on the real server and the local ADN: the demo's notes, issue on faturar of a
// service order, download XML and DANFSe, cancel e101101, bad input in Portuguese, other accounts.
describe.each(BACKENDS)('NFS-e on %s', (backend) => {
  let srv: TestServer;
  let app: FastifyInstance;
  let admin: string;
  let vizinha: string;
  let clienteId: number;
  let tenant: number;
  let matriz: number;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nfse-'));
  const call = (token: string, method: string, url: string, payload?: unknown) => app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
  const ok = async (token: string, method: string, url: string, payload?: unknown) => {
    const r = await call(token, method, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const sql = (text: string, params: unknown[] = []) => srv.db.query<Row>(text, params);
  const ultimaDps = async () => Number((await sql(`SELECT ultimo_numero FROM sequencias_filial WHERE tenant_id = $1 AND filial_id = $2 AND tipo = 'dps'`, [tenant, matriz])).rows[0]?.ultimo_numero ?? 0);
  const notasNoBanco = async () => Number((await sql(`SELECT count(*)::int AS n FROM notas_servico WHERE tenant_id = $1`, [tenant])).rows[0].n);
  const servico = (extra: Row = {}) => ok(admin, 'POST', '/api/Servicos', { descricao: `Serviço de teste ${Math.random().toString(36).slice(2, 8)}`, tipoServico: 100000014, precoVenda: '250.00', codigoTributacaoNacional: '140101', aliquotaIss: '2.50', retencaoIss: 1, ...extra });
  /** A service order released for faturamento. */
  const pedidoServico = async (servicoId: number, extra: Row = {}) => {
    const o = await ok(admin, 'POST', '/api/PedidosVenda', { clienteId, servico: true, naturezaOperacao: 'Prestação de serviço', itens: [{ servicoId, quantidade: '2' }], ...extra });
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/confirmar`);
    return o;
  };

  beforeAll(async () => {
    // One local ADN and SEFAZ per process (the demo job also issues the demo's NF-e), state under DATA_DIR: fresh
    // ones per database.
    await pararAdnLocal();
    await pararSefazLocal();
    process.env.DATA_DIR = dataDir;
    srv = await startTestServer(backend, { dataDir });
    app = srv.app;
    admin = await login(app, 'admin@demo.com.br');
    vizinha = await login(app, 'admin@vizinha.com.br');
    const b = (await sql(`SELECT tenant_id, id FROM branches WHERE cpf_cnpj = '11222333000181'`)).rows[0];
    tenant = Number(b.tenant_id);
    matriz = Number(b.id);
    clienteId = Number((await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND length(regexp_replace(coalesce(cpf_cnpj, ''), '\\D', '', 'g')) IN (11, 14) ORDER BY id LIMIT 1`, [tenant])).rows[0].id);
  });
  afterAll(async () => {
    await srv?.close();
    await pararAdnLocal();
    await pararSefazLocal();
  });

  it("the demo: listing the notes changes nothing; the server's start-up job fatura its two service orders with authorised NFS-e, once; XML schema-valid, DANFSe readable", async () => {
    const servicos = async () => (await sql(`SELECT estado FROM documentos WHERE tenant_id = $1 AND tipo = 'pedidoVenda' AND (cabecalho->>'servico')::boolean ORDER BY id`, [tenant])).rows.map((p) => p.estado);
    // Reading is not issuing (SPEC: nothing a person reads changes data).
    expect(await ok(admin, 'GET', '/api/NotasServico')).toEqual([]);
    expect(await ok(admin, 'GET', '/api/NotasServico')).toEqual([]);
    expect(await servicos()).toEqual(['aguardando_faturamento', 'aguardando_faturamento']);
    expect(await notasNoBanco()).toBe(0);
    const falhas: unknown[] = [];
    expect(await emitirNotasDaDemonstracao(srv.services, (oque, e) => falhas.push([oque, e]), tenant)).toMatchObject({ filiaisNfse: 1 });
    expect(falhas).toEqual([]);
    const notas = await ok(admin, 'GET', '/api/NotasServico');
    expect(notas).toHaveLength(2);
    for (const n of notas) {
      expect(n).toMatchObject({ situacao: 'autorizada', ambiente: 2 });
      expect(n.chave).toMatch(/^\d{50}$/);
      const xml = await call(admin, 'GET', `/api/NotasServico/${n.id}/xml`);
      expect(xml.statusCode).toBe(200);
      expect(xml.headers['content-disposition']).toContain(`NFSe-${n.chave}.xml`);
      expect(xsdOk('NFSe_v1.00.xsd', xml.body)).toBe('');
    }
    expect(await servicos()).toEqual(['faturado', 'faturado']);
    const pdf = await call(admin, 'GET', `/api/NotasServico/${notas[0].id}/danfse`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = pdftotext(pdf.rawPayload);
    expect(texto).toContain('DANFSe');
    expect(texto).toContain(`NFS-e nº ${notas[0].numero}`);
    expect(texto).toContain('SEM VALIDADE JURÍDICA');
    expect(texto).not.toContain('IBS E CBS'); // layout 1.00: no group, no block
    // The job again (another server starting) issues nothing more.
    expect((await emitirNotasDaDemonstracao(srv.services, (oque, e) => falhas.push([oque, e]), tenant)).filiaisNfse).toBe(0);
    expect(await ok(admin, 'GET', '/api/NotasServico')).toHaveLength(2);
    expect(falhas).toEqual([]);
  });

  it('faturar a service order issues its NFS-e: signed DPS inside (xmlsec1), values, ISS retained, receivable posted; the note is listed with number, key and situação', async () => {
    const s = await servico({ aliquotaIss: '5.00', retencaoIss: 2 });
    const o = await pedidoServico(s.id, { descontoValor: '20.00' });
    const antes = await ultimaDps();
    const f = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    expect(f).toMatchObject({ estado: 'faturado', valorTotal: '480.00' });
    expect(await ultimaDps()).toBe(antes + 1);
    const [n] = await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { pedidoId: o.id } })}`);
    expect(n).toMatchObject({ situacao: 'autorizada', codigoTributacaoNacional: '140101', valorServico: '500.00', aliquotaIss: '5.00', valorIss: '24.00', issRetido: true, valorLiquido: '456.00', numeroDps: antes + 1 });
    const xml = (await call(admin, 'GET', `/api/NotasServico/${n.id}/xml`)).body;
    expect(xsdOk('NFSe_v1.00.xsd', xml)).toBe('');
    expect(xml).toContain('<vDescIncond>20.00</vDescIncond>');
    expect(xml).toContain('<tpRetISSQN>2</tpRetISSQN>');
    expect(xml).toContain('<opSimpNac>3</opSimpNac>');
    const dps = xmlsecVerify(xml, certDoXml(xml, 0), 'infDPS');
    expect(dps.ok, dps.saida).toBe(true);
    expect(certDoXml(xml, 0)).not.toBe(certDoXml(xml, 1));
    const lanc = (await sql(`SELECT valor_total FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2`, [tenant, o.id])).rows;
    expect(lanc.map((l) => Number(l.valor_total))).toEqual([480]);
    const um = await ok(admin, 'GET', `/api/NotasServico/${n.id}`);
    expect(um.eventos.map((e: Row) => e.tipo)).toEqual(['autorizacao']);
    expect((await ok(admin, 'GET', `/api/NotasServico/count?where=${q({ situacao: 'autorizada' })}`)).count).toBeGreaterThanOrEqual(3);
  });

  it('bad input, in Portuguese, nothing numbered or posted: service without cTribNac, ISS rate out of 2–5%, a cTribNac outside the national list', async () => {
    const sem = await servico({ descricao: 'Serviço sem código nacional', codigoTributacaoNacional: null });
    const o = await pedidoServico(sem.id);
    const antes = { dps: await ultimaDps(), notas: await notasNoBanco() };
    const r = await call(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('Não é possível emitir a NFS-e: Serviço Serviço sem código nacional: informe o código de tributação nacional (Estoque > Serviços).');
    expect((await ok(admin, 'GET', `/api/PedidosVenda/${o.id}`)).estado).toBe('aguardando');
    expect((await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2`, [tenant, o.id])).rows[0].n).toBe(0);
    expect({ dps: await ultimaDps(), notas: await notasNoBanco() }).toEqual(antes);

    const fora = await call(admin, 'POST', '/api/Servicos', { descricao: 'Serviço com ISS alto', tipoServico: 100000014, codigoTributacaoNacional: '140101', aliquotaIss: '7.00' });
    expect(fora.statusCode).toBe(400);
    expect(fora.json().error.message).toBe('Alíquota do ISS de 7,00% fora da faixa da lei: informe de 2,00% a 5,00% (LC 116/2003).');
    expect(fora.json().error.details[0]).toMatchObject({ campo: 'aliquotaIss' });
    const inexistente = await call(admin, 'POST', '/api/Servicos', { descricao: 'Serviço de código inventado', tipoServico: 100000014, codigoTributacaoNacional: '999901' });
    expect(inexistente.statusCode).toBe(400);
    expect(inexistente.json().error.message).toBe('Dados inválidos: Código de tributação nacional: Campo inválido!');
    // A rate stored before the rule (or imported) is still refused when issuing.
    const antigo = await servico({ descricao: 'Serviço com alíquota antiga' });
    await sql(`UPDATE produtos SET aliquota_iss = 1.5 WHERE tenant_id = $1 AND id = $2`, [tenant, antigo.id]);
    const o2 = await pedidoServico(antigo.id);
    const r2 = await call(admin, 'POST', `/api/PedidosVenda/${o2.id}/faturar`);
    expect(r2.statusCode).toBe(400);
    expect(r2.json().error.message).toBe('Não é possível emitir a NFS-e: Serviço Serviço com alíquota antiga: Alíquota do ISS de 1,50% fora da faixa da lei: informe de 2,00% a 5,00% (LC 116/2003).');
    expect({ dps: await ultimaDps(), notas: await notasNoBanco() }).toEqual(antes);
  });

  it('IBS/CBS (issue 39): a regime-normal branch since 01/10/2026 sends the DPS in layout 1.01 with the IBSCBS group of the service\'s perfil (xmllint DPS_v1.01/NFSe_v1.01); an unclassified perfil or a cClassTrib not allowed on the NFS-e is refused naming the service, nothing numbered', async () => {
    const regimeAntes = (await sql(`SELECT regime_tributario FROM branches WHERE tenant_id = $1 AND id = $2`, [tenant, matriz])).rows[0].regime_tributario;
    await sql(`UPDATE branches SET regime_tributario = 2 WHERE tenant_id = $1 AND id = $2`, [tenant, matriz]); // lucro real: CRT 3
    try {
      const perfil = async (nome: string, extra: Row) => (await ok(admin, 'POST', '/api/PerfisTributarios', { nome, ...extra })).id as number;
      const classificado = await perfil('Serviço tributação integral (teste)', { cstIbsCbs: '000', cClassTrib: '000001' });
      const semClasse = await perfil('Serviço sem IBS/CBS (teste)', {});
      const soNfe = await perfil('Serviço com classificação de NF-e (teste)', { cstIbsCbs: '000', cClassTrib: '000003' });
      const comPerfil = async (descricao: string, perfilId: number) => {
        const s = await servico({ descricao });
        await sql(`UPDATE produtos SET perfil_tributario_id = $3 WHERE tenant_id = $1 AND id = $2`, [tenant, s.id, perfilId]);
        return s;
      };

      // Bad input first: nothing numbered, no note.
      const antes = { dps: await ultimaDps(), notas: await notasNoBanco() };
      const o1 = await pedidoServico((await comPerfil('Consultoria sem classificação', semClasse)).id);
      const r1 = await call(admin, 'POST', `/api/PedidosVenda/${o1.id}/faturar`);
      expect(r1.statusCode).toBe(400);
      expect(r1.json().error.message).toBe('Não é possível emitir a NFS-e: Serviço Consultoria sem classificação: o perfil tributário "Serviço sem IBS/CBS (teste)" não tem a classificação do IBS/CBS (CST e cClassTrib), obrigatória na NFS-e do Regime normal desde 01/10/2026: informe-a no perfil tributário do serviço (aba Fiscal).');
      const o2 = await pedidoServico((await comPerfil('Consultoria com cClassTrib de NF-e', soNfe)).id);
      const r2 = await call(admin, 'POST', `/api/PedidosVenda/${o2.id}/faturar`);
      expect(r2.statusCode).toBe(400);
      expect(r2.json().error.message).toBe('Não é possível emitir a NFS-e: Serviço Consultoria com cClassTrib de NF-e (perfil "Serviço com classificação de NF-e (teste)"): A classificação tributária 000003 não pode ser usada na NFS-e.');
      // cIndOp (Anexo VII): the service's own is used; one the table does not allow on the NFS-e (indNFSe) is refused.
      const soNfeOp = await comPerfil('Serviço com cIndOp de leilão', classificado);
      await ok(admin, 'PUT', `/api/Servicos/${soNfeOp.id}`, { ...soNfeOp, cIndOp: '010104' });
      const o3 = await pedidoServico(soNfeOp.id);
      const r3 = await call(admin, 'POST', `/api/PedidosVenda/${o3.id}/faturar`);
      expect(r3.statusCode).toBe(400);
      expect(r3.json().error.message).toBe('Não é possível emitir a NFS-e: Serviço Serviço com cIndOp de leilão: o indicador da operação (cIndOp) 010104 não pode ser usado na NFS-e (Anexo VII, coluna indNFSe): escolha outro no serviço ou na natureza de operação.');
      const inventado = await call(admin, 'PUT', `/api/Servicos/${soNfeOp.id}`, { ...soNfeOp, cIndOp: '999999' });
      expect(inventado.statusCode).toBe(400);
      expect(inventado.json().error.message).toBe('Dados inválidos: Indicador da operação do IBS/CBS (cIndOp): Campo inválido!');
      expect({ dps: await ultimaDps(), notas: await notasNoBanco() }).toEqual(antes);

      // The service's fiscal tab: the classifications Anexo VIII scopes to its LC 116 item (cTribNac 140101 → 14.01),
      // most NBS first; the perfil's 000001 is among them, but not with cIndOp 010104.
      const sug = await ok(admin, 'GET', `/api/Tributacao/sugestao-ibscbs?produtoId=${soNfeOp.id}`);
      expect(sug.fonte).toMatch(/^Anexo VIII da NFS-e, item 14\.01 - Lubrificação/);
      expect(sug.sugestoes.map((x: Row) => [x.cst, x.cClassTrib, x.cIndOp, x.nbs])).toEqual([['000', '000001', '050101', 23], ['000', '000001', '050102', 23], ['200', '200044', '050101', 2], ['200', '200044', '050102', 2]]);
      expect(sug.sugestoes[0].descricaoCIndOp).toMatch(/^050101 - /);
      expect(sug.atual).toMatchObject({ perfil: 'Serviço tributação integral (teste)', cst: '000', cClassTrib: '000001', cIndOp: '010104' });
      expect(sug.atualSugerida).toBe(false);
      const [mercadoria] = (await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND NOT servico AND ncm IS NOT NULL ORDER BY id LIMIT 1`, [tenant])).rows;
      const sugMerc = await ok(admin, 'GET', `/api/Tributacao/sugestao-ibscbs?produtoId=${mercadoria.id}`);
      expect(sugMerc).toMatchObject({ sugestoes: [], fonte: expect.stringContaining('não delimita os códigos por NCM') });
      expect((await call(vizinha, 'GET', `/api/Tributacao/sugestao-ibscbs?produtoId=${soNfeOp.id}`)).statusCode).toBe(404);

      // The order's natureza de operação names the operation when the service names none.
      const natureza = await ok(admin, 'POST', '/api/NaturezasOperacao', { descricao: `Prestação de serviço ao exterior ${Math.random().toString(36).slice(2, 6)}`, tipo: 1, finalidade: 1, emiteNfe: false, cIndOp: '100302' });
      expect(natureza.cIndOp).toBe('100302');
      const on = await pedidoServico((await comPerfil('Consultoria com natureza', classificado)).id, { naturezaId: natureza.id });
      await ok(admin, 'POST', `/api/PedidosVenda/${on.id}/faturar`);
      const [nn] = await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { pedidoId: on.id } })}`);
      const xmlNat = (await call(admin, 'GET', `/api/NotasServico/${nn.id}/xml`)).body;
      expect(xmlNat).toContain('<cIndOp>100302</cIndOp>');

      // The classified service: DPS 1.01 with the declarative group, authorised by the ADN in the same version.
      const o = await pedidoServico((await comPerfil('Consultoria classificada', classificado)).id);
      await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
      const [n] = await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { pedidoId: o.id } })}`);
      expect(n.situacao).toBe('autorizada');
      const xml = (await call(admin, 'GET', `/api/NotasServico/${n.id}/xml`)).body;
      const xsd101 = (arquivo: string, x: string) => xmllintSchema(path.join(NFSE_XSD, '../v1_01', arquivo), { x }).x;
      expect(xsd101('NFSe_v1.01.xsd', xml)).toBe('');
      expect(xml).toMatch(/<NFSe xmlns="http:\/\/www\.sped\.fazenda\.gov\.br\/nfse" versao="1\.01">/);
      expect(xml).toMatch(/<DPS versao="1\.01">/);
      expect(xml).toContain('<IBSCBS><finNFSe>0</finNFSe><cIndOp>100301</cIndOp><indDest>0</indDest><valores><trib><gIBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib></gIBSCBS></trib></valores></IBSCBS>');
      const dps = (await sql(`SELECT dps_xml FROM notas_servico WHERE tenant_id = $1 AND id = $2`, [tenant, n.id])).rows[0].dps_xml as string;
      expect(xsd101('DPS_v1.01.xsd', dps)).toBe('');
      expect(xsdOk('DPS_v1.00.xsd', dps)).not.toBe(''); // the group does not exist in 1.00
      const assin = xmlsecVerify(xml, certDoXml(xml, 0), 'infDPS');
      expect(assin.ok, assin.saida).toBe(true);
      // The national system's IBSCBS group of the NFS-e (the local ADN computes it as the Sefin would): 2 × R$ 250,00
      // less ISS 2,5 % (R$ 12,50) = base R$ 487,50; 2026: CBS 0,9 % = 4,3875 → 4,39, IBS UF 0,1 % = 0,4875 → 0,49,
      // municipal 0; vTotNF = vLiq in 2026.
      expect(xml).toMatch(/<IBSCBS><cLocalidadeIncid>\d{7}<\/cLocalidadeIncid><xLocalidadeIncid>[^<]+<\/xLocalidadeIncid><valores><vBC>487\.50<\/vBC><uf><pIBSUF>0\.10<\/pIBSUF><pAliqEfetUF>0\.10<\/pAliqEfetUF><\/uf><mun><pIBSMun>0\.00<\/pIBSMun><pAliqEfetMun>0\.00<\/pAliqEfetMun><\/mun><fed><pCBS>0\.90<\/pCBS><pAliqEfetCBS>0\.90<\/pAliqEfetCBS><\/fed><\/valores><totCIBS><vTotNF>500\.00<\/vTotNF><gIBS><vIBSTot>0\.49<\/vIBSTot><gIBSUFTot><vIBSUF>0\.49<\/vIBSUF><\/gIBSUFTot><gIBSMunTot><vIBSMun>0\.00<\/vIBSMun><\/gIBSMunTot><\/gIBS><gCBS><vCBS>4\.39<\/vCBS><\/gCBS><\/totCIBS><\/IBSCBS><DPS/);
      // DANFSe: the IBS/CBS block (declared classification and the computed values).
      const texto = pdftotext((await call(admin, 'GET', `/api/NotasServico/${n.id}/danfse`)).rawPayload);
      for (const s of ['IBS E CBS (LC 214/2025)', 'CST DO IBS/CBS', '000001', 'INDICADOR DA OPERAÇÃO (cIndOp)', '100301', 'BASE DE CÁLCULO DO IBS/CBS', 'R$ 487,50', 'IBS UF (0,10%)', 'R$ 0,49', 'CBS (0,90%)', 'R$ 4,39', 'IBS + CBS', 'R$ 4,88', 'VALOR TOTAL DA NFS-e (vTotNF)', 'R$ 500,00']) expect(texto).toContain(s);
    } finally {
      await sql(`UPDATE branches SET regime_tributario = $3 WHERE tenant_id = $1 AND id = $2`, [tenant, matriz, regimeAntes]);
    }
  });

  it('cancel (e101101): a justification under 15 characters is refused; then cancelled once, event kept, DANFSe says so', async () => {
    const s = await servico();
    const o = await pedidoServico(s.id);
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    const [n] = await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { pedidoId: o.id } })}`);
    const curta = await call(admin, 'POST', `/api/NotasServico/${n.id}/cancelar`, { motivo: 1, justificativa: 'erro ' });
    expect(curta.statusCode).toBe(400);
    expect(curta.json().error.message).toBe('Justificativa: escreva ao menos 15 caracteres (tem 4).');
    expect((await ok(admin, 'GET', `/api/NotasServico/${n.id}`)).situacao).toBe('autorizada');
    const c = await ok(admin, 'POST', `/api/NotasServico/${n.id}/cancelar`, { motivo: 2, justificativa: 'Serviço não foi prestado ao cliente' });
    expect(c.situacao).toBe('cancelada');
    const de2 = await call(admin, 'POST', `/api/NotasServico/${n.id}/cancelar`, { motivo: 2, justificativa: 'Serviço não foi prestado ao cliente' });
    expect(de2.statusCode).toBe(409);
    expect(de2.json().error.message).toBe(`A NFS-e nº ${n.numero} já está cancelada.`);
    const um = await ok(admin, 'GET', `/api/NotasServico/${n.id}`);
    expect(um.eventos.map((e: Row) => [e.tipo, e.codigoMotivo, e.motivo])).toEqual([['autorizacao', null, null], ['cancelamento', 2, 'Serviço não foi prestado ao cliente']]);
    const arquivo = (await sql(`SELECT arquivo_xml FROM notas_servico_eventos WHERE tenant_id = $1 AND nota_id = $2 AND tipo = 'cancelamento'`, [tenant, n.id])).rows[0].arquivo_xml;
    expect(arquivo).toContain('-cancelamento.xml');
    const texto = pdftotext((await call(admin, 'GET', `/api/NotasServico/${n.id}/danfse`)).rawPayload);
    expect(texto).toContain('CANCELADA');
    expect((await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { situacao: 'cancelada' } })}`)).map((x: Row) => x.id)).toContain(n.id);
  });

  it('cancelling a faturado service order cancels its NFS-e at the Sefin Nacional after the commit, like the NF-e of a sale; a refusal runs estornar-cancelamento (the order faturado again)', async () => {
    const s = await servico();
    const lancamentos = (pedidoId: number) => sql(`SELECT cancelado FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2 ORDER BY id`, [tenant, pedidoId]).then((r) => r.rows.map((l) => l.cancelado));

    const o = await pedidoServico(s.id);
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    const [n] = await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { pedidoId: o.id } })}`);
    expect(n.situacao).toBe('autorizada');
    const c = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/cancelar`);
    expect(c.estado).toBe('cancelado');
    const um = await ok(admin, 'GET', `/api/NotasServico/${n.id}`);
    expect(um.situacao).toBe('cancelada');
    expect(um.eventos.map((e: Row) => [e.tipo, e.codigoMotivo, e.motivo])).toEqual([['autorizacao', null, null], ['cancelamento', 2, `Cancelamento do pedido de venda numero ${o.numero}`]]);
    expect(await lancamentos(o.id)).toEqual([true]);
    // The ADN holds the event: a second cancel there is refused (E1830), so the note really was cancelled at the Sefin.
    const denovo = await call(admin, 'POST', `/api/NotasServico/${n.id}/cancelar`, { motivo: 2, justificativa: 'Serviço não foi prestado ao cliente' });
    expect(denovo.statusCode).toBe(409);

    // A note the Sefin already holds as cancelled (say, through the Emissor Nacional's portal) though this database
    // does not: the order's cancel (transaction 1: postings reversed, the e101101 signed and kept 'cancelando') is
    // refused by the Sefin after the commit, and its declared compensation (estornar-cancelamento) faturas the order
    // again: the reversed receivable stays cancelled and a new one is posted; the note is 'autorizada' again.
    const o2 = await pedidoServico(s.id);
    await ok(admin, 'POST', `/api/PedidosVenda/${o2.id}/faturar`);
    const [n2] = await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { pedidoId: o2.id } })}`);
    await ok(admin, 'POST', `/api/NotasServico/${n2.id}/cancelar`, { motivo: 1, justificativa: 'Cancelada pelo portal do Emissor Nacional' });
    await sql(`UPDATE notas_servico SET situacao = 'autorizada' WHERE tenant_id = $1 AND id = $2`, [tenant, n2.id]);
    const recusa = await call(admin, 'POST', `/api/PedidosVenda/${o2.id}/cancelar`);
    expect(recusa.statusCode, recusa.body).toBe(400);
    expect(recusa.json().error.message).toMatch(/^Cancelamento recusado pela Sefin Nacional: E1830 - /);
    expect((await ok(admin, 'GET', `/api/PedidosVenda/${o2.id}`)).estado).toBe('faturado');
    const trilha = await sql(`SELECT transicao, de, para FROM documento_eventos WHERE tenant_id = $1 AND documento_id = $2 ORDER BY id`, [tenant, o2.id]);
    expect(trilha.rows.slice(-2)).toEqual([{ transicao: 'cancelar', de: 'faturado', para: 'cancelado' }, { transicao: 'estornar-cancelamento', de: 'cancelado', para: 'faturado' }]);
    expect(await lancamentos(o2.id)).toEqual([true, false]);
    const depois = await ok(admin, 'GET', `/api/NotasServico/${n2.id}`);
    expect(depois.situacao).toBe('autorizada');
    expect(depois.eventos.map((e: Row) => e.tipo)).toEqual(['autorizacao', 'cancelamento']);
  });

  it('the ADN client refuses to run while a database transaction is open (the guard of issue 34): no exemption, nothing sent', async () => {
    // A closed port: a call the guard lets through fails as "unreachable, never sent"; a refused one never leaves.
    const c = new AdnCliente('https://127.0.0.1:9/SefinNacional', { privateKeyPem: '', certPem: '' }, undefined, 2000);
    try {
      await expect(srv.db.tenant({ tenantId: tenant }, () => c.consultarDps('DPS355030821122233300018100001000000000000001'))).rejects.toThrow(/^Chamada à Sefin Nacional \(ADN\) \(GET \/dps\/…\) com uma transação do banco aberta/);
      await expect(srv.db.transaction(() => c.emitir('<DPS/>'))).rejects.toThrow(/^Chamada à Sefin Nacional \(ADN\) \(POST \/nfse\) com uma transação/);
      const fora = await c.consultarDps('DPS1').catch((e) => e);
      expect(fora).toBeInstanceOf(AdnIndisponivelError);
      expect(fora.naoEnviada).toBe(true);
    } finally {
      c.fechar();
    }
  });

  it('faturar answers before a slow ADN: the order faturado with its NFS-e transmitindo (DPS id fixed), then authorised once by the send after the commit', async () => {
    const { adn } = await adnLocal();
    const s = await servico();
    const o = await pedidoServico(s.id);
    const espera = esperaTransmissao.ms;
    adn.lentidao = { ms: 1500, processa: false };
    esperaTransmissao.ms = 100;
    try {
      const f = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
      expect(f.estado).toBe('faturado');
      const [n] = await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { pedidoId: o.id } })}`);
      expect(n).toMatchObject({ situacao: 'transmitindo', chave: null, numero: null });
      expect(n.idDps).toMatch(/^DPS\d{42}$/);
      const xml = await call(admin, 'GET', `/api/NotasServico/${n.id}/xml`);
      expect(xml.statusCode).toBe(409);
      expect(xml.json().error.message).toBe('Esta NFS-e ainda está sendo transmitida à Sefin Nacional: aguarde a autorização.');
      await expect.poll(async () => (await ok(admin, 'GET', `/api/NotasServico/${n.id}`)).situacao, { timeout: 20_000, interval: 100 }).toBe('autorizada');
      const um = await ok(admin, 'GET', `/api/NotasServico/${n.id}`);
      expect(um).toMatchObject({ idDps: n.idDps, numeroDps: n.numeroDps });
      expect(um.chave).toMatch(/^\d{50}$/);
      expect(um.eventos.map((e: Row) => e.tipo)).toEqual(['autorizacao']);
    } finally {
      adn.lentidao = null;
      esperaTransmissao.ms = espera;
    }
  });

  it('a refusal by the ADN (its clock behind: E0008) is compensated: the order back to Aguardando with its receivable cancelled (reversal, not deleted), the note kept rejeitada with the code, the message in Portuguese; the next faturar goes on with the next DPS number', async () => {
    const { adn } = await adnLocal();
    const s = await servico();
    const o = await pedidoServico(s.id);
    const antes = await ultimaDps();
    adn.relogioAtrasadoMs = 3_600_000;
    let r;
    try {
      r = await call(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    } finally {
      adn.relogioAtrasadoMs = 0;
    }
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().error.message).toMatch(/^NFS-e rejeitada pela Sefin Nacional: E0008 - A data e hora de emissão da DPS não pode ser posterior à data e hora de processamento\. \(dhEmi /);
    expect((await ok(admin, 'GET', `/api/PedidosVenda/${o.id}`)).estado).toBe('aguardando');
    const eventos = await sql(`SELECT transicao, de, para FROM documento_eventos WHERE tenant_id = $1 AND documento_id = $2 ORDER BY id`, [tenant, o.id]);
    expect(eventos.rows.slice(-2)).toEqual([{ transicao: 'faturar', de: 'aguardando', para: 'faturado' }, { transicao: 'estornar-faturamento', de: 'faturado', para: 'aguardando' }]);
    const lanc = await sql(`SELECT cancelado FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2`, [tenant, o.id]);
    expect(lanc.rows.map((l) => l.cancelado)).toEqual([true]);
    const [n] = await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { pedidoId: o.id } })}`);
    expect(n).toMatchObject({ situacao: 'rejeitada', numeroDps: antes + 1, chave: null });
    expect(n.rejeicao[0]).toMatchObject({ codigo: 'E0008' });
    expect((await ok(admin, 'GET', `/api/NotasServico/${n.id}`)).eventos.map((e: Row) => e.tipo)).toEqual(['rejeicao']);
    expect((await call(admin, 'POST', `/api/NotasServico/${n.id}/cancelar`, { motivo: 1, justificativa: 'Nota rejeitada não se cancela' })).statusCode).toBe(409);

    // Faturado again: a new DPS (the next number; the refused one stays on record), authorised; one live receivable.
    const f = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    expect(f.estado).toBe('faturado');
    const notas = await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { pedidoId: o.id } })}`);
    expect(notas.map((x: Row) => [x.situacao, x.numeroDps]).sort()).toEqual([['autorizada', antes + 2], ['rejeitada', antes + 1]]);
    const vivos = await sql(`SELECT count(*)::int AS n FROM lancamentos WHERE tenant_id = $1 AND origem_tipo = 'pedidoVenda' AND origem_id = $2 AND NOT cancelado`, [tenant, o.id]);
    expect(vivos.rows[0].n).toBe(1);
  });

  it('the ADN unreachable: faturar answers faturado with its NFS-e transmitindo (nothing lost, no second DPS); the recovery of the periodic job sends the same DPS once the ADN answers', async () => {
    const s = await servico();
    const o = await pedidoServico(s.id);
    const antes = { destino: process.env.NFSE_DESTINO, url: process.env.NFSE_ADN_URL };
    const restaurar = (k: 'NFSE_DESTINO' | 'NFSE_ADN_URL', v: string | undefined) => (v === undefined ? delete process.env[k] : (process.env[k] = v));
    // A Sefin Nacional nobody answers at (closed port).
    process.env.NFSE_DESTINO = 'real';
    process.env.NFSE_ADN_URL = 'https://127.0.0.1:9/SefinNacional';
    let f;
    try {
      f = await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    } finally {
      restaurar('NFSE_DESTINO', antes.destino);
      restaurar('NFSE_ADN_URL', antes.url);
    }
    expect(f.estado).toBe('faturado');
    const [n] = await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { pedidoId: o.id } })}`);
    expect(n).toMatchObject({ situacao: 'transmitindo', chave: null });
    // The order's cancel waits for the answer (the note's fate decides first).
    const c = await call(admin, 'POST', `/api/PedidosVenda/${o.id}/cancelar`);
    expect(c.statusCode).toBe(409);
    expect(c.json().error.message).toBe(`A NFS-e (DPS nº ${n.numeroDps}) do pedido de venda nº ${o.numero} está sendo transmitida à Sefin Nacional: aguarde a resposta e cancele o pedido depois disso.`);
    // The recovery is a periodic kind of the jobs table.
    expect((await sql(`SELECT count(*)::int AS n FROM jobs WHERE tipo = 'nfse.resolverTransmitindo' AND situacao IN ('pendente', 'executando')`)).rows[0].n).toBe(1);
    const { adn } = await adnLocal();
    const consultas = adn.chamadas.get('consultarDps') ?? 0;
    const r = await resolverNfseTransmitindo(srv.services, 0);
    expect(r.resolvidas).toContain(n.id);
    expect(adn.chamadas.get('consultarDps')).toBe(consultas + 1);
    const um = await ok(admin, 'GET', `/api/NotasServico/${n.id}`);
    expect(um).toMatchObject({ situacao: 'autorizada', idDps: n.idDps, numeroDps: n.numeroDps });
    expect(um.eventos.map((e: Row) => e.tipo)).toEqual(['autorizacao']);
    expect((await resolverNfseTransmitindo(srv.services, 0)).resolvidas).not.toContain(n.id);
    expect((await sql(`SELECT count(*)::int AS n FROM notas_servico WHERE tenant_id = $1 AND pedido_id = $2`, [tenant, o.id])).rows[0].n).toBe(1);
  });

  it('a cancel interrupted after its transaction 1 committed (the order cancelado, the NFS-e cancelando with its signed request) is sent by the recovery, once; the ADN unreachable on a direct cancel answers 503 and the note stays autorizada', async () => {
    const s = await servico();
    const o = await pedidoServico(s.id);
    await ok(admin, 'POST', `/api/PedidosVenda/${o.id}/faturar`);
    const [n] = await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { pedidoId: o.id } })}`);
    const userId = Number((await sql(`SELECT id FROM users WHERE tenant_id = $1 AND email = 'admin@demo.com.br'`, [tenant])).rows[0].id);
    const ctx = { tenantId: tenant, userId, branchId: matriz, perfilAdmin: true, permissoes: {}, isContador: false, suporteWhiteLabel: false } as unknown as RequestContext;
    const def = srv.services.documents!.get('pedidoVenda');
    // Transaction 1 of cancelar commits; the work after the commit is lost (the process died there).
    const perdido: AposCommit[] = [];
    await srv.db.tenant(ctx, (tx) => new DocumentLifecycle(srv.services.registry, srv.services).transition(tx, def, ctx, o.id, 'cancelar', perdido));
    expect(perdido).toHaveLength(1);
    expect((await ok(admin, 'GET', `/api/NotasServico/${n.id}`)).situacao).toBe('cancelando');
    expect((await call(admin, 'POST', `/api/NotasServico/${n.id}/cancelar`, { motivo: 2, justificativa: 'Serviço não foi prestado ao cliente' })).statusCode).toBe(409);
    const r = await resolverNfseTransmitindo(srv.services, 0);
    expect(r.resolvidas).toContain(n.id);
    const um = await ok(admin, 'GET', `/api/NotasServico/${n.id}`);
    expect(um.situacao).toBe('cancelada');
    expect(um.eventos.map((e: Row) => [e.tipo, e.codigoMotivo])).toEqual([['autorizacao', null], ['cancelamento', 2]]);
    expect((await ok(admin, 'GET', `/api/PedidosVenda/${o.id}`)).estado).toBe('cancelado');
    expect((await resolverNfseTransmitindo(srv.services, 0)).resolvidas).not.toContain(n.id);

    // A direct cancel while nobody answers at the Sefin's address: 503, the note authorised as before.
    const o2 = await pedidoServico(s.id);
    await ok(admin, 'POST', `/api/PedidosVenda/${o2.id}/faturar`);
    const [n2] = await ok(admin, 'GET', `/api/NotasServico?filter=${q({ where: { pedidoId: o2.id } })}`);
    const antes = { destino: process.env.NFSE_DESTINO, url: process.env.NFSE_ADN_URL };
    process.env.NFSE_DESTINO = 'real';
    process.env.NFSE_ADN_URL = 'https://127.0.0.1:9/SefinNacional';
    let c;
    try {
      c = await call(admin, 'POST', `/api/NotasServico/${n2.id}/cancelar`, { motivo: 1, justificativa: 'Erro na descrição do serviço' });
    } finally {
      for (const [k, v] of [['NFSE_DESTINO', antes.destino], ['NFSE_ADN_URL', antes.url]] as const) v === undefined ? delete process.env[k] : (process.env[k] = v);
    }
    expect(c.statusCode, c.body).toBe(503);
    expect(c.json().error.message).toMatch(/^Sefin Nacional indisponível: sem conexão com a Sefin Nacional .* A NFS-e continua autorizada; tente de novo em instantes\.$/);
    expect((await ok(admin, 'GET', `/api/NotasServico/${n2.id}`)).situacao).toBe('autorizada');
  });

  it('another account sees none of these notes and can neither download nor cancel them', async () => {
    const [n] = await ok(admin, 'GET', '/api/NotasServico');
    expect(await ok(vizinha, 'GET', '/api/NotasServico')).toEqual([]);
    for (const u of [`/api/NotasServico/${n.id}`, `/api/NotasServico/${n.id}/xml`, `/api/NotasServico/${n.id}/danfse`]) expect((await call(vizinha, 'GET', u)).statusCode).toBe(404);
    const c = await call(vizinha, 'POST', `/api/NotasServico/${n.id}/cancelar`, { motivo: 1, justificativa: 'Tentativa de outra conta qualquer' });
    expect(c.statusCode).toBe(404);
    expect((await ok(admin, 'GET', `/api/NotasServico/${n.id}`)).situacao).toBe(n.situacao);
  });
});
