import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type TestServer } from '../support/server.ts';
import { xmllintSchema, xmlsecVerify, PL_009 } from '../fixtures/fiscal/ferramentas.ts';
import { pemDeBase64 } from '../../src/server/fiscal/certificado.ts';
import { paraBuffer } from '../../src/server/fiscal/emissao/certificados.ts';
import { destinoSefaz } from '../../src/server/fiscal/sefaz-destino.ts';
import { garantirDfeDemo } from '../../src/server/demo/dfe.ts';
import { answerDialog, poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

// The local SEFAZ of this process keeps its notes under DATA_DIR: a fresh one for this run.
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-dfe-'));
process.env.DATA_DIR = dataDir;
const xsdOk = (xml: string) => xmllintSchema(path.join(PL_009, 'procNFe_v4.00.xsd'), { x: xml }).x;
const assinaturaOk = (xml: string) => xmlsecVerify(xml, pemDeBase64(/<X509Certificate>([^<]+)</.exec(xml)![1]), 'infNFe').ok;

// Issue 17 (manifestações) and issue 20 (entry from the DF-e list, return to the supplier) in Chromium: the demo's
// notes issued against the Matriz pulled from SEFAZ, one manifested (ciência then confirmação), its full XML
// downloaded and launched as a purchase entry; then a return NF-e to the supplier from a posted entry.
describe('manifestação do destinatário e devolução ao fornecedor no navegador', () => {
  const e2e = e2eSession('dfe', { server: { dataDir }, signIn: 'admin@demo.com.br' });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(async () => {
    ({ server, browser, page, errors } = e2e);
    // The local SEFAZ of this process starts (its TLS key is generated) before the first click, as a running server has it.
    await destinoSefaz();
    // and the Matriz's demo certificate exists (installed at start-up)
    const token = await login(server.app, 'admin@demo.com.br');
    expect((await server.app.inject({ method: 'GET', url: '/api/CertificadosDigitais/atual', headers: { authorization: token } })).json().certificado).not.toBeNull();
    // The server's start-up job (main.ts, emitirNotasDaDemonstracao): the demo suppliers issue their notes against the Matriz.
    expect(await garantirDfeDemo(server.services)).toBe(1);
  });
  const go = async (rota: string, titulo: string | RegExp) => {
    await page.goto(e2e.url(rota));
    await visible(page.getByRole('heading', { name: titulo }));
  };
  // A toast read is closed, as a person would: it sits over the grid's last rows, and the pointer resting on it
  // (where the last click was) keeps it open.
  const toast = async (texto: string | RegExp) => {
    const aviso = page.locator('.ant-notification-notice').filter({ hasText: texto }).last();
    await visible(aviso);
    await aviso.locator('.ant-notification-notice-close').click();
    await poll(() => page.locator('.ant-notification-notice').filter({ hasText: texto }).count()).toBe(0);
  };
  const linha = () => page.locator('tr.ant-table-row').filter({ hasText: 'Laticínios Serra Azul Ltda' });

  it('Consultar SEFAZ brings the notes issued against the company, waiting for manifestação', async () => {
    await go('pages/nfe/manifestacoes', 'Manifestações');
    expect(await page.getByText('Esta tela estará disponível em breve.').count()).toBe(0);
    await page.getByRole('button', { name: 'Consultar SEFAZ' }).click();
    await visible(page.locator('.ant-alert').filter({ hasText: /3 nota\(s\) nova\(s\) emitida\(s\) contra a filial Matriz/ }), 30_000);
    await poll(() => page.locator('tr.ant-table-row').count()).toBe(3);
    await poll(() => linha().innerText()).toContain('Sem manifestação');
    expect(await linha().innerText()).toContain('R$ 443,00');
  });

  it('ciência then confirmação of a note, and its full XML downloaded (official schema and signature)', async () => {
    await linha().getByRole('button', { name: 'Ciência' }).click();
    // Each event sent to the SEFAZ is asked first, naming it (issue 43).
    await answerDialog(page.locator('.ant-modal-confirm:visible').filter({ hasText: 'Enviar a ciência da operação?' }), 'Enviar ciência');
    await toast(/Manifestação registrada na SEFAZ: 135/);
    await poll(() => linha().innerText()).toContain('Ciência da operação');
    await linha().getByRole('button', { name: 'Confirmar', exact: true }).click();
    const pergunta = page.locator('.ant-modal-confirm:visible').filter({ hasText: 'Enviar a confirmação da operação?' });
    await visible(pergunta);
    expect(await pergunta.innerText()).toContain('não pode ser desfeita');
    await answerDialog(pergunta, 'Enviar confirmação');
    await toast(/Manifestação registrada na SEFAZ: 135/);
    await poll(() => linha().innerText()).toContain('Operação confirmada');
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await linha().getByRole('button', { name: 'Baixar XML' }).click();
    const arquivo = await (await download).path();
    const xml = readFileSync(arquivo, 'utf8');
    expect(xml).toMatch(/^<nfeProc/);
    expect(xsdOk(xml)).toBe('');
    expect(assinaturaOk(xml)).toBe(true);
    const eventos = (await server.db.query(`SELECT tipo_evento, cstat FROM dfe_eventos ORDER BY id`)).rows.map((r) => [r.tipo_evento, r.cstat]);
    expect(eventos).toEqual([['210210', '135'], ['210200', '135']]);
  });

  it('Lançar entrada opens the purchase import with that XML; posted, the list links the entry', async () => {
    await linha().getByRole('button', { name: 'Lançar entrada' }).click();
    await page.waitForURL(/importar-xml\?dfe=\d+$/);
    const proposta = page.locator('[data-testid="proposta"]');
    await visible(proposta, 30_000);
    expect(await proposta.innerText()).toContain('Laticínios Serra Azul Ltda');
    await poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    await page.getByRole('button', { name: 'Confirmar e efetivar' }).click();
    await visible(page.locator('[data-testid="resultado-entrada"]'), 30_000);
    await go('pages/nfe/manifestacoes', 'Manifestações');
    await visible(linha().getByRole('button', { name: /Entrada nº \d+/ }));
    expect(errors).toEqual([]);
  });

  it('returns goods to the supplier from a posted entry: the return NF-e authorised and the stock out', async () => {
    const e = (await server.db.query(`SELECT id, cabecalho ->> 'chaveAcesso' AS chave FROM documentos WHERE tipo = 'entradaNota' AND (cabecalho ->> 'numeroNota')::int = 5540`)).rows[0];
    await go(`pages/compras/entrada-nota-fiscal/editar/${e.id}`, /Entrada de nota fiscal nº/);
    await page.getByRole('button', { name: 'Devolver ao fornecedor' }).click();
    await page.getByLabel('Quantidade a devolver da linha 1').fill('4');
    await page.getByRole('button', { name: 'Emitir NF-e de devolução' }).click();
    await page.waitForURL(/#\/pages\/nfe\/notas-processadas$/, { timeout: 30_000 });
    await toast(/NF-e de devolução nº \d+ autorizada/);
    const n = (await server.db.query(`SELECT n.id, n.arquivo_xml FROM devolucoes_fornecedor_nfe d JOIN notas_fiscais n ON n.tenant_id = d.tenant_id AND n.id = d.nota_id WHERE d.entrada_id = $1`, [e.id])).rows[0];
    const xml = (await paraBuffer((await server.services.storage.get(n.arquivo_xml))!)).toString('utf8');
    expect(xsdOk(xml)).toBe('');
    expect(assinaturaOk(xml)).toBe(true);
    expect(xml).toContain('<finNFe>4</finNFe>');
    expect(xml).toContain(`<refNFe>${e.chave}</refNFe>`);
    const mov = (await server.db.query(`SELECT quantidade FROM movimentos_estoque WHERE origem_tipo = 'devolucaoFornecedor' AND origem_id = $1`, [e.id])).rows;
    expect(mov.map((m) => Number(m.quantidade))).toEqual([-4]);
  });

  it('pages/nfe/entrada lists the NF-e of entry and issues one through emitir-nfe with the entry naturezas', async () => {
    await go('pages/nfe/entrada', 'NF-e de entrada');
    await page.getByRole('button', { name: 'Emitir NF-e de entrada' }).click();
    await visible(page.getByRole('heading', { name: 'Emitir NF-e' }));
    await page.getByLabel('Natureza de operação', { exact: true }).click();
    const opcoes = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await poll(() => opcoes.allInnerTexts()).toEqual(['Compra de produtor rural', 'Devolução de venda', 'Importação de mercadoria']);
    expect(errors).toEqual([]);
  });
});
