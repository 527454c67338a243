import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type TestServer } from '../support/server.ts';
import { xmllintSchema, xmlsecVerify, PL_009 } from '../fixtures/fiscal/ferramentas.ts';
import { pemDeBase64 } from '../../src/server/fiscal/certificado.ts';
import { paraBuffer } from '../../src/server/fiscal/emissao/certificados.ts';
import { destinoSefaz } from '../../src/server/fiscal/sefaz-destino.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

// The local SEFAZ of this process keeps what it authorised under DATA_DIR: a fresh one for this run.
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-importacao-'));
process.env.DATA_DIR = dataDir;

// Issue 17 item 5 in Chromium: an own-import NF-e de entrada typed on the screen (foreign supplier, country, two DIs on
// one line, II, despesas aduaneiras and IOF), validated, transmitted and authorised at the local SEFAZ; the XML checked
// by xmllint against the official package and by xmlsec1.
describe('NF-e de importação própria no navegador', () => {
  const e2e = e2eSession('nfe-importacao', { server: { dataDir }, signIn: 'admin@demo.com.br' });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(async () => {
    ({ server, browser, page, errors } = e2e);
    void browser;
    // The local SEFAZ starts before the first click, and the Matriz's demo certificate exists, as on a running server.
    await destinoSefaz();
    const token = await login(server.app, 'admin@demo.com.br');
    expect((await server.app.inject({ method: 'GET', url: '/api/CertificadosDigitais/atual', headers: { authorization: token } })).statusCode).toBe(200);
  });
  const escolher = async (rotulo: string, busca: string | null, opcao: RegExp) => {
    const sel = page.getByLabel(rotulo, { exact: true });
    await sel.click();
    if (busca) await sel.fill(busca);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: opcao }).first().click();
  };

  it('types the import on pages/nfe/entrada → emitir-nfe and sees it authorised; XML valid and signed', async () => {
    await page.goto(e2e.url('pages/nfe/entrada'));
    await visible(page.getByRole('heading', { name: 'NF-e de entrada' }));
    await page.getByRole('button', { name: 'Emitir NF-e de entrada' }).click();
    await visible(page.getByRole('heading', { name: 'Emitir NF-e' }));
    await escolher('Natureza de operação', null, /^Importação de mercadoria$/);
    await visible(page.getByText('Fornecedor estrangeiro', { exact: true }));
    await escolher('Destinatário', 'Olivares', /Olivares del Sur/);
    await escolher('País do fornecedor', 'Espanha', /Espanha \(2453\)/);
    await page.getByLabel('Identificação do estrangeiro').fill('ESB99887766');
    await escolher('Produto da linha 1', 'Azeite', /Azeite de oliva/);
    await page.getByLabel('Quantidade da linha 1').fill('10');
    await page.getByLabel('Valor unitário da linha 1').fill('100.00');
    await page.getByLabel('Imposto de importação da linha 1').fill('160,00');
    await page.getByLabel('Despesas aduaneiras da linha 1').fill('200,00');
    await page.getByLabel('IOF da linha 1').fill('5,00');
    const di = async (k: number, d: { numero: string; local: string; via: RegExp; afrmm?: string; seq: string }) => {
      const r = (campo: string) => page.getByLabel(`${campo} da DI ${k} da linha 1`, { exact: true });
      await r('Número').fill(d.numero);
      await r('Data').fill('20/11/2026');
      await r('Local do desembaraço').fill(d.local);
      await r('Data do desembaraço').fill('23/11/2026');
      await escolher(`Via de transporte da DI ${k} da linha 1`, null, d.via);
      if (d.afrmm) await r('AFRMM').fill(d.afrmm);
      await r('Código do exportador').fill('OLIVSUR');
      await r('Sequencial').fill(d.seq);
      await r('Código do fabricante').fill('OLIVSUR');
    };
    await di(1, { numero: '2611112222', local: 'Porto de Santos', via: /^Marítima$/, afrmm: '40,00', seq: '1' });
    await page.getByRole('button', { name: 'Adicionar DI' }).click();
    await di(2, { numero: '2611113333', local: 'Aeroporto de Viracopos', via: /^Aérea$/, seq: '2' });
    await page.getByRole('button', { name: 'Validar' }).click();
    // 1.000 + II 160 + IPI 0 (olive oil) + PIS 21 + COFINS 96,50 + despesas 200 + IOF 5 = 1.482,50 / 0,82 = 1.807,93
    await poll(() => page.getByTestId('total-nota').innerText()).toMatch(/^R\$\s1\.807,93$/);
    await page.getByRole('button', { name: 'Transmitir' }).click();
    await page.waitForURL(/#\/pages\/nfe\/entrada$/, { timeout: 30_000 });
    const linha = page.locator('tr.ant-table-row').filter({ hasText: 'Olivares del Sur' }).filter({ hasText: 'Autorizada' }).first();
    await visible(linha);

    const nota = (await server.db.query(`SELECT arquivo_xml, total::text AS total FROM notas_fiscais WHERE status = 'autorizada' AND dados->'importacao'->>'idEstrangeiro' = 'ESB99887766'`)).rows[0];
    expect(nota.total).toBe('1807.93');
    const xml = (await paraBuffer((await server.services.storage.get(nota.arquivo_xml))!)).toString('utf8');
    expect(xmllintSchema(path.join(PL_009, 'procNFe_v4.00.xsd'), { x: xml }).x).toBe('');
    expect(xmlsecVerify(xml, pemDeBase64(/<X509Certificate>([^<]+)</.exec(xml)![1]), 'infNFe').ok).toBe(true);
    expect(xml).toContain('<CFOP>3102</CFOP>');
    expect(xml).toContain('<idEstrangeiro>ESB99887766</idEstrangeiro>');
    expect(xml).toContain('<cPais>2453</cPais><xPais>ESPANHA</xPais>');
    expect(xml.match(/<DI>/g)).toHaveLength(2);
    expect(xml).toContain('<dDI>2026-11-20</dDI>');
    expect(xml).toContain('<vAFRMM>40.00</vAFRMM>');
    expect(xml).toContain('<II><vBC>1000.00</vBC><vDespAdu>200.00</vDespAdu><vII>160.00</vII><vIOF>5.00</vIOF></II>');
    expect(xml).toMatch(/<vBC>1807.93<\/vBC><pICMS>18.0000<\/pICMS><vICMS>325.43<\/vICMS>/);
    expect(errors).toEqual([]);
  });
});
