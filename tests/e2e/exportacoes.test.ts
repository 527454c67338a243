import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type TestServer } from '../support/server.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession, signInPage } from './support/session.ts';

// The local SEFAZ of this process keeps what it authorised under DATA_DIR: a fresh one for this run.
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-exportacoes-'));
process.env.DATA_DIR = dataDir;

// Issue 36 in Chromium as the accountant: he lands on Exportar XML de NF-e, downloads the month's ZIP; generates and
// downloads the SPED, sees the validator's list for a month with a product without NCM and a clean file after the
// fix; generates and downloads the Sintegra.
describe('exportações fiscais no navegador, como o contador', () => {
  const e2e = e2eSession('exportacoes', { server: { dataDir } });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));
  const sql = (text: string, params: unknown[] = []) => server.db.query(text, params);
  const baixar = async (botao: string) => {
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId(botao).click();
    const d = await download;
    return { nome: d.suggestedFilename(), arquivo: (await d.path())! };
  };

  beforeAll(async () => {
    // A sale of this month issued at the local SEFAZ by the shop (the accountant only exports).
    const admin = await login(server.app, 'admin@demo.com.br');
    const call = async (method: string, url: string, payload?: unknown) => {
      const r = await server.app.inject({ method: method as never, url, payload: payload as never, headers: { authorization: admin } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const t = (await sql(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
    const cliente = (await sql(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' AND logradouro IS NOT NULL ORDER BY id LIMIT 1`, [t])).rows[0].id;
    const produto = (await sql(`SELECT id FROM produtos WHERE tenant_id = $1 AND ncm IS NOT NULL AND NOT servico ORDER BY id LIMIT 1`, [t])).rows[0].id;
    const natureza = (await sql(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria'`, [t])).rows[0].id;
    await sql(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) SELECT $1, true WHERE NOT EXISTS (SELECT 1 FROM configuracoes_estoque WHERE tenant_id = $1)`, [t]);
    await sql(`UPDATE configuracoes_estoque SET permitir_estoque_negativo = true WHERE tenant_id = $1`, [t]);
    const n = await call('POST', '/api/NotasFiscais', { naturezaId: natureza, clienteId: cliente, itens: [{ produtoId: produto, quantidade: '2', valorUnitario: '10.50' }], transporte: { modalidade: 9 }, pagamentos: [{ tPag: '01', valor: '21.00' }] });
    expect((await call('POST', `/api/NotasFiscais/${n.id}/transmitir`)).autorizada).toBe(true);
  });

  it('lands on Exportar XML de NF-e and downloads the ZIP of the month', async () => {
    await signInPage(page, server.baseUrl, 'contador@demo.com.br', /#\/pages\/nfe\/exportar-xml-nfe$/);
    await visible(page.getByRole('heading', { name: 'Exportar XML de NF-e' }));
    await visible(page.getByTestId('xml-previa'));
    await poll(() => page.getByTestId('xml-previa').innerText()).toMatch(/NF-e emitidas\s*[1-9]/);
    const { nome, arquivo } = await baixar('xml-gerar');
    expect(nome).toMatch(/^xml-de-nf-e-de-\d{2}-\d{2}-\d{4}-a-\d{2}-\d{2}-\d{4}\.zip$/);
    expect(spawnSync('unzip', ['-tq', arquivo], { encoding: 'utf8' }).stdout).toMatch(/No errors detected/);
    const entradas = execFileSync('unzip', ['-Z1', arquivo], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(entradas).toContain('resumo.xlsx');
    expect(entradas.some((n) => /^emitidas\/nfe\/\d{44}-procNFe\.xml$/.test(n))).toBe(true);
    // the job of the export queue, listed among the accountant's exported reports, finished
    const contador = await login(server.app, 'contador@demo.com.br');
    const lista = (await server.app.inject({ url: '/api/Relatorios', headers: { authorization: contador } })).json();
    expect(lista.find((r: { descricao: string }) => r.descricao.startsWith('XML de NF-e de'))).toMatchObject({ tipo: 'zip', status: 1 });
    // Sent to the accountant registered in Contábil by a job (no SMTP here: the mailer writes DATA_DIR/outbox/*.eml).
    await poll(() => page.getByTestId('xml-envio-email').getAttribute('placeholder')).toBe('contador@demo.com.br');
    await page.getByTestId('xml-enviar').click();
    await poll(() => page.getByTestId('xml-envio-aviso').innerText()).toMatch(/^Envio para contador@demo\.com\.br na fila: xml-nfe-/);
    await poll(() => page.getByTestId('xml-envios').innerText()).toMatch(/contador@demo\.com\.br[\s\S]*Enviado/);
    const emls = readdirSync(path.join(dataDir, 'outbox')).filter((n) => n.endsWith('contador@demo.com.br.eml'));
    expect(emls).toHaveLength(1);
    expect(readFileSync(path.join(dataDir, 'outbox', emls[0]), 'utf8')).toMatch(/filename=xml-nfe-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.zip/);
    expect(errors).toEqual([]);
  });

  it('SPED: the validator lists a product without NCM with a link to fix it; after the fix the file downloads', async () => {
    const t = (await sql(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
    const prod = (
      await sql(
        `SELECT p.id, p.ncm, p.codigo FROM produtos p WHERE p.tenant_id = $1 AND p.id IN (SELECT (i.dados ->> 'produtoId')::int FROM documento_itens i JOIN documentos d ON d.tenant_id = i.tenant_id AND d.id = i.documento_id
           WHERE d.tenant_id = $1 AND d.tipo = 'entradaNota' AND d.estado = 'efetivada' AND to_char((d.cabecalho ->> 'dataEntrada')::date, 'YYYY-MM') = to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM')) ORDER BY p.id LIMIT 1`,
        [t],
      )
    ).rows[0];
    await sql(`UPDATE produtos SET ncm = NULL WHERE tenant_id = $1 AND id = $2`, [t, prod.id]);
    await page.goto(e2e.url('pages/fiscais/gerar-arquivo-sped'));
    await visible(page.getByRole('heading', { name: 'Gerar arquivo SPED' }));
    await page.getByTestId('contabilista-cpf').fill('52998224725');
    await page.getByTestId('contabilista-crc').fill('SP123456O1');
    await page.getByTestId('fiscal-validar').click();
    const problema = page.getByTestId('fiscal-problemas-item').filter({ hasText: `O produto ${prod.codigo}` });
    await visible(problema);
    expect(await problema.innerText()).toMatch(/está sem NCM: informe-o no cadastro do produto\./);
    expect(await problema.getByRole('link', { name: 'Corrigir' }).getAttribute('href')).toBe(`#/pages/estoque/produtos/editar/${prod.id}`);
    expect(await page.getByTestId('fiscal-baixar').isDisabled()).toBe(true);
    // the shop fixes the product; the file is clean and downloads
    await sql(`UPDATE produtos SET ncm = $3 WHERE tenant_id = $1 AND id = $2`, [t, prod.id, prod.ncm]);
    await page.getByTestId('fiscal-validar').click();
    await visible(page.getByTestId('fiscal-valido'));
    const { nome, arquivo } = await baixar('fiscal-baixar');
    expect(nome).toMatch(/^SPED-EFD-11222333000181-\d{6}\.txt$/);
    const texto = readFileSync(arquivo, 'latin1');
    expect(texto.startsWith('|0000|0')).toBe(true);
    expect(texto.trimEnd().split('\r\n').at(-1)).toMatch(/^\|9999\|\d+\|$/);
  });

  it('Sintegra: generated, valid and downloaded, every line 126 characters', async () => {
    await page.goto(e2e.url('pages/fiscais/gerar-arquivo-sintegra'));
    await visible(page.getByRole('heading', { name: 'Gerar arquivo Sintegra' }));
    await page.getByTestId('fiscal-validar').click();
    await visible(page.getByTestId('fiscal-valido'));
    const { nome, arquivo } = await baixar('fiscal-baixar');
    expect(nome).toMatch(/^SINTEGRA-11222333000181-\d{6}\.txt$/);
    const linhas = readFileSync(arquivo, 'latin1').split('\r\n').filter(Boolean);
    expect(linhas[0].startsWith('10')).toBe(true);
    expect(linhas.every((l) => l.length === 126)).toBe(true);
    expect(errors).toEqual([]);
  });
});
