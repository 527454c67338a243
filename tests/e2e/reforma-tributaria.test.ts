import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login, type TestServer } from '../support/server.ts';
import { gerarCertificadoTeste } from '../fixtures/fiscal/certificado-teste.ts';
import { tmp, xmllintSchema, PL_009 } from '../fixtures/fiscal/ferramentas.ts';
import { destinoSefaz } from '../../src/server/fiscal/sefaz-destino.ts';
import { pickOption, poll, visible } from './support/browser.ts';
import { e2eProfiles } from './support/session.ts';

// The local SEFAZ of this process keeps what it authorised under DATA_DIR: a fresh one for this run.
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-reforma-'));
process.env.DATA_DIR = dataDir;

type Row = Record<string, any>;
const PL_010 = path.resolve('schemas/fiscal/xsd/nfe/PL_010_V1.30');
const tag = (xml: string, nome: string) => [...xml.matchAll(new RegExp(`<${nome}>([^<]*)</${nome}>`, 'g'))].map((m) => m[1]);
const bloco = (xml: string, nome: string) => [...xml.matchAll(new RegExp(`<${nome}>[\\s\\S]*?</${nome}>`, 'g'))].map((m) => m[0]);
/** pdftotext -raw: the text in the order the page draws it (each DANFE box: its label, then its value). */
const pdftotextRaw = (pdf: Buffer) => {
  const arq = path.join(tmp('danfe-'), 'a.pdf');
  writeFileSync(arq, pdf);
  return execFileSync('pdftotext', ['-raw', arq, '-'], { encoding: 'utf8' });
};
const semEspacos = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The server's clock (this process: the server runs in it, with the local SEFAZ) set to an instant, the browser's
 * left alone. No screen or HTTP route lets a note be dated: dhEmi is the server's now, so the note "dated
 * 31/12/2026 / 04/01/2027" is issued through the screen with the server's Date at that day (it keeps running).
 */
const relogioDoServidor = (iso: string | null) => {
  if (iso === null) return void vi.useRealTimers();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(iso));
};

// Issue 39's "done when" in Chromium: the administrator sees the IBS/CBS tables' version in force and imports the
// 2027 rates; a Simples Nacional shop's NF-e dated 31/12/2026 has no IBS/CBS group and one dated 04/01/2027 carries
// it; the same shop in regime normal issues an NF-e whose DANFE prints the IBS/CBS block, and an NFC-e at the PDV
// whose XML carries the groups and whose DANFCE shows them. Every value is computed by hand below.
describe('reforma tributária (IBS/CBS) no navegador', () => {
  // The real clock back only once the server has closed (after hooks run in reverse order: this one last). Set back
  // under a running PGlite, its Postgres keeps re-arming a timer armed at the 2027 instant (a 1 ms loop for 36 days).
  afterAll(() => relogioDoServidor(null));
  const e2e = e2eProfiles('reforma-tributaria', { server: { dataDir } });
  let server: TestServer;
  let token: string;
  let tenant: number, matriz: number, revenda: number;
  const sql = async (text: string, params: unknown[] = []) => (await server.db.query<Row>(text, params)).rows;
  const api = async (method: string, url: string, payload?: unknown) => {
    const r = await server.app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
    expect([200, 201], `${method} ${url}: ${r.body}`).toContain(r.statusCode);
    return r.json();
  };
  const arquivo = async (chave: string | null) => {
    const partes: Buffer[] = [];
    for await (const c of (await server.services.storage.get(chave!))!) partes.push(c as Buffer);
    return Buffer.concat(partes).toString('utf8');
  };

  beforeAll(async () => {
    ({ server } = e2e);
    token = await login(server.app, 'admin@demo.com.br');
    const b = (await sql(`SELECT b.tenant_id, b.id FROM branches b JOIN tenants t ON t.id = b.tenant_id WHERE t.nome = 'Mercadinho Demo' AND b.apelido = 'Matriz'`))[0];
    tenant = Number(b.tenant_id);
    matriz = Number(b.id);
    revenda = Number((await sql(`SELECT id FROM perfis_tributarios WHERE tenant_id = $1 AND nome = 'Revenda Simples Nacional'`, [tenant]))[0].id);
    // The demo's perfil is classified CST 000 / cClassTrib 000001 (full taxation): what every value below assumes.
    expect((await sql(`SELECT cst_ibs_cbs, c_class_trib FROM perfis_tributarios WHERE id = $1`, [revenda]))[0]).toEqual({ cst_ibs_cbs: '000', c_class_trib: '000001' });
    // The local SEFAZ up before the first note (its TLS key is generated in pure JS) and the shop's A1 certificate.
    await destinoSefaz();
    const cert = gerarCertificadoTeste({ cnpj: '11222333000181', titular: 'MERCADINHO DEMO REFORMA' });
    await api('POST', '/api/CertificadosDigitais', { arquivo: cert.pfx.toString('base64'), senha: cert.senha });
  });

  it('the administrator area shows the tables in force and imports the 2027 rates (CBS 8,80 % for this test)', async () => {
    const p = await e2e.signIn('master@demo.com.br', /#\/administrador\/configuracoes\/dashboard$/);
    await p.goto(e2e.url('administrador/configuracoes/tabelas-ibscbs'));
    const pagina = p.getByTestId('tabelas-ibscbs');
    const cClassTrib = pagina.locator('tr.ant-table-row').filter({ hasText: 'Classificação tributária (cClassTrib)' });
    await visible(cClassTrib);
    expect(await cClassTrib.innerText()).toContain('Tabela_Classificacao_Tributaria_IBS_CBS_2026-06-23 (vigência 2026-06-01)');
    // The rates in force today (2026, the test year): CBS 0,9 %, IBS 0,1 % all of it the UF's.
    await visible(p.getByTestId('aliquotas-ibscbs').getByText('CBS 0,90% · IBS UF 0,10% · IBS municipal 0,00%', { exact: false }));
    // The published rates file with the 2027 CBS filled (the reference rate is not published yet): 8,80 % here.
    const form = p.getByTestId('importar-tabela-ibscbs');
    await pickOption(form.locator('.ant-select'), 'Alíquotas', 'Alíquotas por ano e esfera');
    const vigencia = form.getByPlaceholder('Início da vigência');
    await vigencia.click();
    await vigencia.fill('01/01/2027');
    await vigencia.press('Enter');
    await form.getByPlaceholder('Versão (nome da publicação)').fill('Alíquotas e2e reforma 2027');
    const csv = readFileSync('schemas/fiscal/aliquotas-ibscbs.csv', 'utf8').replace(/\n2027-01-01,2028-12-31,,/, '\n2027-01-01,2028-12-31,8.80,');
    expect(csv).toContain('2027-01-01,2028-12-31,8.80,0.05,0.05,');
    await form.locator('input[type=file]').setInputFiles({ name: 'aliquotas-2027.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await form.getByRole('button', { name: 'Importar' }).click();
    await visible(p.locator('.ant-notification-notice').filter({ hasText: 'Tabela importada: 2 linhas, em vigor a partir de 01/01/2027.' }));
    const versao = pagina.locator('tr.ant-table-row').filter({ hasText: 'Alíquotas e2e reforma 2027' });
    await visible(versao);
    expect(await versao.innerText()).toMatch(/01\/01\/2027[\s\S]*futura/);
    expect(e2e.errors.flat()).toEqual([]);
  });

  // The emitir-nfe screen as the shop owner uses it: destinatário, one line (quantity × unit price), payment, Transmitir;
  // answers the authorised note's XML from the file storage.
  const emitirNaTela = async (page: Page, quantidade: string, valorUnitario: string, total: RegExp) => {
    const cli = (await sql(`SELECT nome FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' AND logradouro IS NOT NULL ORDER BY id LIMIT 1`, [tenant]))[0].nome as string;
    const prod = (await sql(`SELECT descricao FROM produtos WHERE tenant_id = $1 AND perfil_tributario_id = $2 AND ncm IS NOT NULL AND NOT servico ORDER BY id LIMIT 1`, [tenant, revenda]))[0].descricao as string;
    const escolher = async (rotulo: string, busca: string, opcao: string) => {
      const sel = page.getByLabel(rotulo, { exact: true });
      await sel.click();
      await sel.fill(busca);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: opcao }).first().click();
    };
    const antes = Number((await sql(`SELECT coalesce(max(id), 0) AS id FROM notas_fiscais WHERE tenant_id = $1`, [tenant]))[0].id);
    await page.goto(e2e.url('pages/nfe/emitir-nfe'));
    await visible(page.getByRole('heading', { name: 'Emitir NF-e' }));
    await poll(() => page.getByLabel('Natureza de operação', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain('Venda de mercadoria');
    await escolher('Destinatário', cli.split(' ')[0], cli);
    await escolher('Produto da linha 1', prod.split(' ')[0], prod);
    await page.getByLabel('Quantidade da linha 1').fill(quantidade);
    await page.getByLabel('Valor unitário da linha 1').fill(valorUnitario);
    await poll(() => page.getByTestId('total-nota').innerText()).toMatch(total);
    await page.getByRole('button', { name: 'Usar o total' }).click();
    await page.getByRole('button', { name: 'Transmitir' }).click();
    await page.waitForURL(/#\/pages\/nfe\/notas-processadas$/, { timeout: 30_000 });
    await poll(async () => (await sql(`SELECT count(*)::int AS n FROM notas_fiscais WHERE tenant_id = $1 AND id > $2 AND chave IS NOT NULL AND arquivo_xml IS NOT NULL`, [tenant, antes]))[0].n).toBe(1);
    const nota = (await sql(`SELECT chave, arquivo_xml FROM notas_fiscais WHERE tenant_id = $1 AND id > $2`, [tenant, antes]))[0];
    return { chave: nota.chave as string, xml: await arquivo(nota.arquivo_xml) };
  };

  let page: Page;
  it('the shop in regime normal (Lucro Presumido): the NF-e issued on the screen carries IBS/CBS and its DANFE prints the block', async () => {
    // The shop's fixture: CRT 3 with ICMS 18 % (CST 00) inside SP and PIS/COFINS cumulativos, as a new version of
    // the perfil's rules (the perfil keeps its IBS/CBS classification 000 / 000001).
    await sql(`UPDATE branches SET regime_tributario = 3 WHERE id = $1`, [matriz]);
    await sql(`INSERT INTO tributacoes_estaduais (tenant_id, perfil_tributario_id, uf_origem, uf_destino, vigencia_inicio, cst_icms, modalidade_bc, aliquota_icms, observacao) VALUES ($1, $2, 'SP', 'SP', '2026-01-01', '00', 3, 18, 'Regime normal')`, [tenant, revenda]);
    await sql(`INSERT INTO tributacoes_federais (tenant_id, perfil_tributario_id, vigencia_inicio, cst_pis, aliquota_pis, cst_cofins, aliquota_cofins) VALUES ($1, $2, '2026-01-01', '01', 0.65, '01', 3)`, [tenant, revenda]);
    page = await e2e.signIn('admin@demo.com.br', /#\/pages\/dashboard$/);
    const { chave, xml } = await emitirNaTela(page, '7', '12.35', /^R\$\s86,45$/);
    expect(xmllintSchema(path.join(PL_010, 'procNFe_v4.00.xsd'), { x: xml }).x).toBe('');
    expect(tag(xml, 'CRT')).toEqual(['3']);
    // By hand, 2026 (CBS 0,9 %, IBS 0,1 % UF, 0 % municipal), 7 × 12,35 = 86,45:
    // IBS UF 0,08645 → 0,09; IBS municipal 0,00; CBS 0,77805 → 0,78; ICMS 18 % = 15,561 → 15,56.
    const g = bloco(xml, 'IBSCBS')[0];
    expect([tag(g, 'vBC'), tag(g, 'pIBSUF'), tag(g, 'vIBSUF'), tag(g, 'vIBSMun'), tag(g, 'vIBS'), tag(g, 'pCBS'), tag(g, 'vCBS')].map((x) => x[0])).toEqual(['86.45', '0.1000', '0.09', '0.00', '0.09', '0.9000', '0.78']);
    expect(tag(bloco(xml, 'ICMSTot')[0], 'vICMS')).toEqual(['15.56']);

    // The DANFE downloaded from the notas-processadas row, read with pdftotext.
    const linha = page.locator('tr.ant-table-row').filter({ hasText: chave });
    await visible(linha);
    const resposta = page.context().waitForEvent('response', (r) => r.url().includes('/danfe?access_token='));
    await linha.getByRole('button', { name: 'DANFE', exact: true }).click();
    const r = await resposta;
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toContain('application/pdf');
    // The PDF the button opened (in a tab of its own, gone by now), fetched again at the same address.
    const pdf = await fetch(r.url());
    expect(pdf.status).toBe(200);
    const danfe = pdftotextRaw(Buffer.from(await pdf.arrayBuffer()));
    const depois = danfe.slice(danfe.indexOf('CÁLCULO DO IBS E DA CBS'));
    expect(danfe).toContain('CÁLCULO DO IBS E DA CBS');
    // each box: its label, then its value (base 86,45; IBS UF 0,09; IBS municipal 0,00; IBS 0,09; CBS 0,78)
    expect(depois.split('\n').map((x) => x.trim()).filter(Boolean).slice(1, 11)).toEqual(
      ['BASE DE CÁLC. IBS/CBS', '86,45', 'VALOR DO IBS UF', '0,09', 'VALOR DO IBS MUNICIPAL', '0,00', 'VALOR TOTAL DO IBS', '0,09', 'VALOR DA CBS', '0,78'],
    );
    expect(e2e.errors.flat()).toEqual([]);
  });

  it('the same shop\'s PDV: the NFC-e carries IBSCBS and the DANFCE on screen shows the IBS/CBS block', async () => {
    const pdv = (await api('GET', `/api/Pdvs?filter=${encodeURIComponent(JSON.stringify({ where: { descricao: 'Caixa 01' } }))}`))[0];
    const produto = await api('POST', '/api/Produtos', { descricao: 'Azeite E2E reforma 500 ml', codigo: 'E2E-AZEITE', ncm: '15092000', tipoProduto: 0, precoCusto: '30.00', precoVenda: '45.50', perfilTributarioId: revenda });
    const acerto = await api('POST', '/api/AcertosEstoque', { depositoId: pdv.depositoId, motivo: 'Estoque do e2e da reforma', itens: [{ produtoId: produto.id, quantidade: '10' }] });
    await api('POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);

    await page.goto(e2e.url('pdv'));
    const campo = page.getByLabel('PDV', { exact: true });
    await campo.waitFor();
    if ((await campo.getAttribute('role')) === 'combobox') {
      await campo.click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Caixa 01' }).first().click();
    } else await campo.fill(String(pdv.id));
    await page.getByRole('button', { name: 'Usar este PDV' }).click();
    await page.getByLabel('Código do operador').fill('2');
    await page.getByLabel('PIN', { exact: true }).fill('1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByLabel('Valor de abertura').fill('100,00');
    await page.getByRole('button', { name: 'Abrir caixa' }).click();
    await visible(page.getByTestId('pdv'));

    const entrada = page.getByTestId('pdv-entrada');
    await entrada.fill('2*');
    await entrada.press('Enter');
    await visible(page.getByTestId('pdv-multiplicador'));
    await entrada.fill('E2E-AZEITE');
    await entrada.press('Enter');
    await poll(() => page.getByTestId('pdv-linha').count()).toBe(1);
    await poll(() => page.getByTestId('pdv-total').textContent()).toBe('R$ 91,00');
    await page.keyboard.press('F9');
    await page.getByLabel('Forma de pagamento').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Dinheiro' }).first().click();
    await page.getByLabel('Valor do pagamento').fill('91,00');
    await page.getByLabel('Valor do pagamento').press('Enter');
    await page.keyboard.press('F10');
    const danfce = page.locator('.ant-modal [data-testid="danfce"]');
    await visible(danfce);

    // By hand, 2026, 2 × 45,50 = 91,00: IBS UF 0,091 → 0,09; IBS municipal 0,00; CBS 0,819 → 0,82.
    const texto = semEspacos(await danfce.innerText());
    expect(texto).toContain('IBS E CBS (LC 214/2025)');
    expect(texto).toContain('Base de cálculo IBS/CBS R$ 91,00');
    expect(texto).toContain('IBS (UF R$ 0,09 + Mun. R$ 0,00) R$ 0,09');
    expect(texto).toContain('CBS R$ 0,82');

    // The NFC-e of the sale, authorised (when the first call fell back to contingency, once transmitted).
    const venda = async () => (await sql(`SELECT id, situacao, chave_acesso, xml_arquivo FROM pdv_vendas WHERE tenant_id = $1 AND pdv_id = $2 AND total = 91.00 ORDER BY id DESC LIMIT 1`, [tenant, pdv.id]))[0];
    await poll(async () => {
      const v = await venda();
      if (v?.situacao === 'contingencia') await server.app.inject({ method: 'POST', url: '/api/Pdv/contingencia/transmitir', headers: { authorization: token } });
      return v?.situacao;
    }, 60_000).toBe('autorizada');
    const v = await venda();
    expect((await danfce.getByTestId('danfce-chave').textContent())!.replace(/\s/g, '')).toBe(v.chave_acesso);
    const xml = await arquivo(v.xml_arquivo);
    expect(tag(xml, 'mod')).toEqual(['65']);
    expect(xmllintSchema(path.join(PL_010, 'procNFe_v4.00.xsd'), { x: xml }).x).toBe('');
    const g = bloco(xml, 'IBSCBS')[0];
    expect([tag(g, 'CST'), tag(g, 'cClassTrib'), tag(g, 'vBC'), tag(g, 'vIBSUF'), tag(g, 'vIBSMun'), tag(g, 'vIBS'), tag(g, 'vCBS')].map((x) => x[0])).toEqual(['000', '000001', '91.00', '0.09', '0.00', '0.09', '0.82']);
    const tot = bloco(xml, 'IBSCBSTot')[0];
    expect([tag(tot, 'vBCIBSCBS'), tag(tot, 'vIBS'), tag(tot, 'vCBS')].map((x) => x[0])).toEqual(['91.00', '0.09', '0.82']);
    expect(e2e.errors.flat()).toEqual([]);
  });

  it('a Simples Nacional shop: the note dated 31/12/2026 has no IBS/CBS group, the one dated 04/01/2027 carries it', async () => {
    // The same shop back in the Simples Nacional (CRT 1), its perfil's rules a newer version with CSOSN 102 and
    // PIS/COFINS in the DAS (49), in force from 01/06/2026; the IBS/CBS classification unchanged (000 / 000001).
    await sql(`UPDATE branches SET regime_tributario = 1 WHERE id = $1`, [matriz]);
    await sql(`INSERT INTO tributacoes_estaduais (tenant_id, perfil_tributario_id, uf_origem, uf_destino, vigencia_inicio, csosn, observacao) VALUES ($1, $2, 'SP', 'SP', '2026-06-01', '102', 'De volta ao Simples Nacional')`, [tenant, revenda]);
    await sql(`INSERT INTO tributacoes_federais (tenant_id, perfil_tributario_id, vigencia_inicio, cst_pis, cst_cofins, observacao) VALUES ($1, $2, '2026-06-01', '49', '49', 'Simples Nacional: PIS e COFINS recolhidos no DAS')`, [tenant, revenda]);
    // The demo's trial ends 30 days after the seed: the shop has a plan into 2027 (else the server refuses to register).
    await sql(`UPDATE tenants SET data_vencimento = '2027-06-30' WHERE id = $1`, [tenant]);
    relogioDoServidor('2026-12-31T15:00:00Z'); // 12:00 in São Paulo
    const page = await e2e.signIn('admin@demo.com.br', /#\/pages\/dashboard$/);
    const dez = await emitirNaTela(page, '2', '45.00', /^R\$\s90,00$/);
    expect(dez.xml).toContain('<dhEmi>2026-12-31T12:');
    expect(tag(dez.xml, 'CRT')).toEqual(['1']);
    expect(tag(dez.xml, 'CSOSN')).toEqual(['102']);
    expect(dez.xml).not.toContain('IBSCBS');
    expect(xmllintSchema(path.join(PL_009, 'procNFe_v4.00.xsd'), { x: dez.xml }).x).toBe('');

    relogioDoServidor('2027-01-04T15:00:00Z');
    const jan = await emitirNaTela(page, '2', '45.00', /^R\$\s90,00$/);
    expect(jan.xml).toContain('<dhEmi>2027-01-04T12:');
    expect(tag(jan.xml, 'CRT')).toEqual(['1']);
    expect(xmllintSchema(path.join(PL_010, 'procNFe_v4.00.xsd'), { x: jan.xml }).x).toBe('');
    const g = bloco(jan.xml, 'IBSCBS');
    expect(g).toHaveLength(1);
    expect(tag(g[0], 'CST')).toEqual(['000']);
    expect(tag(g[0], 'cClassTrib')).toEqual(['000001']);
    // By hand, 2027 (IBS 0,05 % UF + 0,05 % municipal; CBS 8,80 % as imported above), 2 × 45,00 = 90,00:
    // IBS UF 0,045 → 0,05 (half up); IBS municipal 0,05; IBS 0,10; CBS 7,92.
    expect([tag(g[0], 'vBC'), tag(g[0], 'pIBSUF'), tag(g[0], 'vIBSUF'), tag(g[0], 'pIBSMun'), tag(g[0], 'vIBSMun'), tag(g[0], 'vIBS'), tag(g[0], 'pCBS'), tag(g[0], 'vCBS')].map((x) => x[0])).toEqual(
      ['90.00', '0.0500', '0.05', '0.0500', '0.05', '0.10', '8.8000', '7.92'],
    );
    const tot = bloco(jan.xml, 'IBSCBSTot')[0];
    expect([tag(tot, 'vBCIBSCBS'), tag(tot, 'vIBSUF'), tag(tot, 'vIBSMun'), tag(tot, 'vIBS'), tag(tot, 'vCBS')].map((x) => x[0])).toEqual(['90.00', '0.05', '0.05', '0.10', '7.92']);
    expect(e2e.errors.flat()).toEqual([]);
  });
});
