import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { gerarCertificadoTeste } from '../fixtures/fiscal/certificado-teste.ts';
import { xmllintSchema, xmlsecVerify, PL_009 } from '../fixtures/fiscal/ferramentas.ts';
import { pemDeBase64 } from '../../src/server/fiscal/certificado.ts';
import { answerDialog, poll, visible } from './support/browser.ts';
import { e2eSession, signInPage } from './support/session.ts';

// The local SEFAZ of this process keeps what it authorised under DATA_DIR: a fresh one for this run.
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-nfe-'));
process.env.DATA_DIR = dataDir;

// Issue 17, the issuing path as a shop owner uses it: certificate, series, an NF-e to a demo cliente authorised at the
// local SEFAZ (homologação), XML and DANFE, a CC-e, the cancellation, and an inutilised range.
describe('emissão de NF-e no navegador', () => {
  const e2e = e2eSession('nfe-emissao', { server: { dataDir } });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));
  const go = async (rota: string, titulo: string) => {
    await page.goto(`${server.baseUrl}/#/${rota}`);
    await visible(page.getByRole('heading', { name: titulo }));
  };
  const escolher = async (rotulo: string, busca: string, opcao: RegExp) => {
    const sel = page.getByLabel(rotulo, { exact: true });
    await sel.click();
    await sel.fill(busca);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: opcao }).first().click();
  };
  const toast = (texto: string | RegExp) => visible(page.locator('.ant-notification-notice').filter({ hasText: texto }));
  // The text dialog (justificativa): answered once it is at rest, and until it has closed (answerDialog).
  const dialogo = async (texto: string) => {
    const d = page.locator('.ant-modal:visible').filter({ has: page.locator('#dialogo-texto') });
    await visible(d);
    await d.locator('#dialogo-texto').fill(texto);
    await answerDialog(d, 'Salvar');
  };

  it('uploads the A1 certificate and sees holder and validity', async () => {
    await signInPage(page, server.baseUrl, 'admin@demo.com.br');
    await go('pages/fiscais/certificado-digital', 'Certificado digital');
    await visible(page.getByTestId('certificado-titular'));
    const cert = gerarCertificadoTeste({ cnpj: '11222333000181', titular: 'MERCADINHO DEMO NAVEGADOR' });
    const arq = path.join(dataDir, 'mercadinho.pfx');
    writeFileSync(arq, cert.pfx);
    await page.locator('input[type=file]').setInputFiles(arq);
    await page.getByLabel('Senha do certificado').fill('errada');
    await page.getByRole('button', { name: 'Salvar certificado' }).click();
    await poll(() => page.getByTestId('erro-certificado').innerText()).toContain('Senha do certificado digital incorreta.');
    await page.getByLabel('Senha do certificado').fill(cert.senha);
    await page.getByRole('button', { name: 'Salvar certificado' }).click();
    await poll(() => page.getByTestId('certificado-titular').innerText()).toBe('MERCADINHO DEMO NAVEGADOR');
    expect(await page.getByTestId('certificado-validade').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}$/);
  });

  it('sets the series and its next number', async () => {
    await go('pages/configuracoes/nfe', 'Configurações de NF-e');
    const prox = page.getByLabel('Próximo número da NF-e');
    await prox.fill('10');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast('Configurações de NF-e salvas.');
    expect(Number((await server.db.query(`SELECT ultimo_numero FROM sequencias_filial WHERE tipo = 'nfe' AND serie = 1`)).rows[0].ultimo_numero)).toBe(9);
  });

  let chave = '';
  it('issues an NF-e to a demo cliente and sees it authorised in notas-processadas; XML and DANFE download', async () => {
    const cli = (await server.db.query(`SELECT p.nome FROM pessoas p JOIN tenants t ON t.id = p.tenant_id WHERE t.nome = 'Mercadinho Demo' AND p.tipo = 0 AND p.ativo AND p.uf = 'SP' ORDER BY p.id LIMIT 1`)).rows[0].nome as string;
    const prod = (await server.db.query(`SELECT p.descricao FROM produtos p JOIN tenants t ON t.id = p.tenant_id WHERE t.nome = 'Mercadinho Demo' AND p.ncm IS NOT NULL AND NOT p.servico ORDER BY p.id LIMIT 1`)).rows[0].descricao as string;
    await go('pages/nfe/emitir-nfe', 'Emitir NF-e');
    await poll(() => page.getByLabel('Natureza de operação', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain('Venda de mercadoria');
    await escolher('Destinatário', cli.split(' ')[0], new RegExp(cli));
    await escolher('Produto da linha 1', prod.split(' ')[0], new RegExp(prod.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await page.getByLabel('Quantidade da linha 1').fill('2');
    await poll(() => page.getByTestId('total-nota').innerText()).not.toBe('R$ 0,00');
    await page.getByRole('button', { name: 'Usar o total' }).click();
    await page.getByRole('button', { name: 'Transmitir' }).click();
    await page.waitForURL(/#\/pages\/nfe\/notas-processadas$/, { timeout: 30_000 });
    const linha = page.locator('tr.ant-table-row').filter({ hasText: 'Autorizada' }).first();
    await visible(linha);
    await poll(() => linha.locator('td').nth(1).innerText()).toBe('10');
    chave = (await linha.locator('td').nth(3).innerText()).trim();
    expect(chave).toMatch(/^\d{44}$/);

    for (const [botao, tipo] of [['XML', 'application/xml'], ['DANFE', 'application/pdf']] as const) {
      const resposta = page.context().waitForEvent('response', (r) => r.url().includes(`/${botao === 'XML' ? 'xml' : 'danfe'}?access_token=`));
      await linha.getByRole('button', { name: botao, exact: true }).click();
      const r = await resposta;
      expect(r.status()).toBe(200);
      expect(r.headers()['content-type']).toContain(tipo);
    }
    // The authorised XML kept in the file storage: the official schema and the signature, checked by tools nobody here wrote.
    const nota = (await server.db.query(`SELECT arquivo_xml FROM notas_fiscais WHERE chave = $1`, [chave])).rows[0];
    const s = await server.services.storage.get(nota.arquivo_xml);
    const partes: Buffer[] = [];
    for await (const c of s!) partes.push(c as Buffer);
    const xml = Buffer.concat(partes).toString('utf8');
    expect(xmllintSchema(path.join(PL_009, 'procNFe_v4.00.xsd'), { x: xml }).x).toBe('');
    expect(xmlsecVerify(xml, pemDeBase64(/<X509Certificate>([^<]+)</.exec(xml)![1]), 'infNFe').ok).toBe(true);
  });

  it('sends a CC-e and then cancels the note', async () => {
    const linha = page.locator('tr.ant-table-row').filter({ hasText: chave });
    await linha.getByRole('button', { name: /Mais ações/ }).click();
    await page.locator('.ant-dropdown:visible').getByText('Carta de correção', { exact: true }).click();
    await dialogo('Corrigir o complemento do endereco do destinatario');
    await toast('Carta de correção nº 1 registrada.');
    await linha.getByRole('button', { name: /Mais ações/ }).click();
    await page.locator('.ant-dropdown:visible').getByText('Cancelar', { exact: true }).click();
    await dialogo('Cliente desistiu da compra antes da entrega');
    await toast(/NF-e 10 cancelada/);
    await poll(() => linha.locator('td').first().innerText()).toBe('Cancelada');
  });

  it('issues an NF-e to a cliente in another state (not a contributor) with DIFAL and sees it authorised', async () => {
    const cli = (await server.db.query(`SELECT p.nome FROM pessoas p JOIN tenants t ON t.id = p.tenant_id WHERE t.nome = 'Mercadinho Demo' AND p.tipo = 0 AND p.ativo AND p.uf = 'RJ' AND coalesce(p.inscricao_estadual, '') = '' ORDER BY p.id LIMIT 1`)).rows[0].nome as string;
    const prod = (await server.db.query(`SELECT p.descricao FROM produtos p JOIN tenants t ON t.id = p.tenant_id JOIN perfis_tributarios f ON f.tenant_id = p.tenant_id AND f.id = p.perfil_tributario_id WHERE t.nome = 'Mercadinho Demo' AND f.nome = 'Revenda Simples Nacional' AND p.ncm IS NOT NULL AND NOT p.servico ORDER BY p.id LIMIT 1`)).rows[0].descricao as string;
    await go('pages/nfe/emitir-nfe', 'Emitir NF-e');
    await poll(() => page.getByLabel('Natureza de operação', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain('Venda de mercadoria');
    await escolher('Destinatário', cli.split(' ')[0], new RegExp(cli));
    await escolher('Produto da linha 1', prod.split(' ')[0], new RegExp(prod.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await page.getByLabel('Quantidade da linha 1').fill('3');
    await page.getByLabel('Valor unitário da linha 1').fill('100.00');
    await poll(() => page.getByTestId('total-nota').innerText()).toMatch(/^R\$\s300,00$/);
    // The live taxes of the line, computed in the page by the server's own function (tributarLinha)
    await poll(() => page.getByTestId('difal-linha-1').innerText()).toMatch(/^R\$/);
    const difalNaTela = await page.getByTestId('difal-linha-1').innerText();
    const cfopNaTela = await page.getByTestId('cfop-linha-1').innerText();
    await page.getByRole('button', { name: 'Usar o total' }).click();
    await page.getByRole('button', { name: 'Transmitir' }).click();
    await page.waitForURL(/#\/pages\/nfe\/notas-processadas$/, { timeout: 30_000 });
    const linha = page.locator('tr.ant-table-row').filter({ hasText: cli }).filter({ hasText: 'Autorizada' }).first();
    await visible(linha);
    const chaveRj = (await linha.locator('td').nth(3).innerText()).trim();
    const nota = (await server.db.query(`SELECT arquivo_xml FROM notas_fiscais WHERE chave = $1`, [chaveRj])).rows[0];
    const partes: Buffer[] = [];
    for await (const c of (await server.services.storage.get(nota.arquivo_xml))!) partes.push(c as Buffer);
    const xml = Buffer.concat(partes).toString('utf8');
    expect(xmllintSchema(path.join(PL_009, 'procNFe_v4.00.xsd'), { x: xml }).x).toBe('');
    expect(xmlsecVerify(xml, pemDeBase64(/<X509Certificate>([^<]+)</.exec(xml)![1]), 'infNFe').ok).toBe(true);
    // SP → RJ, not a contributor: 300,00 × (20% − 12%) = 24,00 to the RJ, FCP 2% = 6,00.
    expect(xml).toContain('<CFOP>6102</CFOP>');
    expect(xml).toContain('<vBCUFDest>300.00</vBCUFDest>');
    expect(xml).toContain('<vFCPUFDest>6.00</vFCPUFDest><vICMSUFDest>24.00</vICMSUFDest>');
    // What the screen showed while typing is what was authorised: DIFAL (ICMSUFDest + FCP) and CFOP of the line.
    const det = /<det nItem="1">(.*?)<\/det>/.exec(xml)![1];
    const noXml = Number(/<vICMSUFDest>([^<]+)</.exec(det)![1]) + Number(/<vFCPUFDest>([^<]+)</.exec(det)![1]);
    expect(difalNaTela.replace(/\s/g, ' ')).toBe(noXml.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }).replace(/\s/g, ' '));
    expect(difalNaTela.replace(/\s/g, ' ')).toBe('R$ 30,00');
    expect(cfopNaTela).toContain(/<CFOP>(\d+)<\/CFOP>/.exec(det)![1]);
  });

  it('adjusts a line\'s taxes in its "Impostos" (CSOSN 900 at 12%): the line shows it recomputed and the authorised XML carries it', async () => {
    const cli = (await server.db.query(`SELECT p.nome FROM pessoas p JOIN tenants t ON t.id = p.tenant_id WHERE t.nome = 'Mercadinho Demo' AND p.tipo = 0 AND p.ativo AND p.uf = 'SP' ORDER BY p.id LIMIT 1`)).rows[0].nome as string;
    const prod = (await server.db.query(`SELECT p.descricao FROM produtos p JOIN tenants t ON t.id = p.tenant_id JOIN perfis_tributarios f ON f.tenant_id = p.tenant_id AND f.id = p.perfil_tributario_id WHERE t.nome = 'Mercadinho Demo' AND f.nome = 'Revenda Simples Nacional' AND p.ncm IS NOT NULL AND NOT p.servico ORDER BY p.id LIMIT 1`)).rows[0].descricao as string;
    await go('pages/nfe/emitir-nfe', 'Emitir NF-e');
    await poll(() => page.getByLabel('Natureza de operação', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain('Venda de mercadoria');
    await escolher('Destinatário', cli.split(' ')[0], new RegExp(cli));
    await escolher('Produto da linha 1', prod.split(' ')[0], new RegExp(prod.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await page.getByLabel('Quantidade da linha 1').fill('1');
    await page.getByLabel('Valor unitário da linha 1').fill('100.00');
    await poll(() => page.getByTestId('cfop-linha-1').innerText()).toContain('5102');
    await page.getByRole('button', { name: 'Impostos da linha 1' }).click();
    const csosn = page.getByLabel('CST/CSOSN do ICMS', { exact: true });
    await csosn.click();
    await csosn.fill('900');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^900$/ }).first().click();
    await page.getByLabel('Alíquota do ICMS', { exact: true }).fill('12');
    await poll(() => page.getByTestId('previa-impostos').innerText()).toContain('12,00');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await poll(() => page.getByTestId('icms-linha-1').innerText()).toMatch(/^R\$\s12,00/);
    await visible(page.getByTestId('ajustado-linha-1'));
    await page.getByRole('button', { name: 'Usar o total' }).click();
    await page.getByRole('button', { name: 'Transmitir' }).click();
    await page.waitForURL(/#\/pages\/nfe\/notas-processadas$/, { timeout: 30_000 });
    const linha = page.locator('tr.ant-table-row').filter({ hasText: cli }).filter({ hasText: 'Autorizada' }).first();
    await visible(linha);
    const chaveAjustada = (await linha.locator('td').nth(3).innerText()).trim();
    const nota = (await server.db.query(`SELECT arquivo_xml FROM notas_fiscais WHERE chave = $1`, [chaveAjustada])).rows[0];
    const partes: Buffer[] = [];
    for await (const c of (await server.services.storage.get(nota.arquivo_xml))!) partes.push(c as Buffer);
    const xml = Buffer.concat(partes).toString('utf8');
    expect(xmllintSchema(path.join(PL_009, 'procNFe_v4.00.xsd'), { x: xml }).x).toBe('');
    const det = /<det nItem="1">(.*?)<\/det>/.exec(xml)![1];
    expect(det).toContain('<CSOSN>900</CSOSN>');
    expect(det).toContain('<vBC>100.00</vBC><pICMS>12.0000</pICMS><vICMS>12.00</vICMS>');
  });

  it('inutilises a range of numbers', async () => {
    await go('pages/nfe/inutilizacoes/cadastrar', 'Cadastrar inutilização');
    await page.getByLabel('Número inicial').fill('20');
    await page.getByLabel('Número final').fill('21');
    await page.getByLabel('Justificativa').fill('Numeros pulados por falha no sistema');
    await page.getByRole('button', { name: 'Inutilizar' }).click();
    await page.waitForURL(/#\/pages\/nfe\/inutilizacoes$/);
    await visible(page.locator('tr.ant-table-row').filter({ hasText: '20 a 21' }));
    expect(errors).toEqual([]);
  });
});
