import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession, signInPage } from './support/session.ts';

// axe-core (WCAG 2 A and AA rules) over the main screens in two themes: the default blue (3.1:1 as text) and the
// fluorescent green (1.8:1), whose text shades and button text come from src/shared/contraste.ts (issue 42).
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violacao {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

describe('acessibilidade (axe-core, WCAG 2 A/AA)', () => {
  const e2e = e2eSession('acessibilidade');
  let server: TestServer, browser: Browser;
  beforeAll(() => void ({ server, browser } = e2e));

  /** axe's violations on the page as it is now: rule, impact and the first nodes, to read in the failure. */
  const axe = async (page: Page, tela: string) => {
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
    const v = await page.evaluate(async () => {
      const r = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
      return r.violations as Violacao[];
    });
    return v.map((x) => `${tela}: ${x.id} (${x.impact}) ${x.nodes.length}× ${x.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`).join(' | ')}`);
  };
  /** Waits until antd's loading parts (skeletons, spinners, animations) are gone: axe reads the screen at rest. */
  const calma = async (page: Page) => {
    await poll(() => page.locator('.ant-skeleton, .ant-spin-spinning, .ant-table-placeholder .ant-spin').count()).toBe(0);
    await poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  };

  for (const tema of ['azul', 'verdefluorescente']) {
    it(`theme ${tema}: login, dashboard, grids (clientes, produtos, receitas), the product form, the sales order, a report and the PDV have no violations`, async () => {
      await server.db.query(`UPDATE brands SET config = jsonb_set(coalesce(config, '{}'::jsonb), '{tema}', to_jsonb($1::text)) WHERE padrao`, [tema]);
      server.services.brands.invalidate();
      // The app's CSP forbids inline scripts: axe is injected into a context that bypasses it (the test's only).
      const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const achados: string[] = [];
      try {
        await page.goto(`${server.baseUrl}/#/auth/login`);
        await visible(page.getByRole('button', { name: 'Entrar' }));
        await calma(page);
        achados.push(...(await axe(page, 'login')));

        await signInPage(page, server.baseUrl, 'admin@demo.com.br');
        await visible(page.locator('[data-grafico="vendas-mes"] svg'));
        await visible(page.locator('[data-grafico="fluxo"] svg'));
        await calma(page);
        achados.push(...(await axe(page, 'dashboard')));

        await page.goto(`${server.baseUrl}/#/pages/vendas/clientes`);
        await visible(page.locator('.schema-grid[data-carregando="nao"] .ant-table-tbody tr.ant-table-row').first());
        await calma(page);
        achados.push(...(await axe(page, 'grade de clientes')));

        await page.goto(`${server.baseUrl}/#/pages/estoque/produtos`);
        await visible(page.locator('.schema-grid[data-carregando="nao"] .ant-table-tbody tr.ant-table-row').first());
        await calma(page);
        achados.push(...(await axe(page, 'grade de produtos')));

        await page.goto(`${server.baseUrl}/#/pages/financeiro/lancamentos/lista/receitas`);
        await visible(page.locator('.ant-table-tbody tr.ant-table-row').first());
        await calma(page);
        achados.push(...(await axe(page, 'receitas')));

        await page.goto(`${server.baseUrl}/#/pages/estoque/produtos/cadastrar`);
        await visible(page.getByRole('button', { name: 'Salvar' }));
        await calma(page);
        achados.push(...(await axe(page, 'formulário de produto')));

        await page.goto(`${server.baseUrl}/#/pages/vendas/pedido-vendas/cadastrar`);
        await visible(page.locator('.ant-table-row').first());
        await calma(page);
        achados.push(...(await axe(page, 'pedido de venda')));

        await page.goto(`${server.baseUrl}/#/pages/relatorios/pessoas/menu`);
        await visible(page.locator('[data-relatorio="RelacaoClientes"] .ant-table-tbody tr.ant-table-row').first());
        await calma(page);
        achados.push(...(await axe(page, 'relatório de pessoas')));

        await page.goto(`${server.baseUrl}/#/pdv`);
        const campo = page.getByLabel('PDV', { exact: true });
        await campo.waitFor();
        await calma(page);
        achados.push(...(await axe(page, 'PDV: escolha do caixa')));
        if ((await campo.getAttribute('role')) === 'combobox') {
          await campo.click();
          await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Caixa 01' }).first().click();
        }
        await page.getByRole('button', { name: 'Usar este PDV' }).click();
        await page.getByLabel('Código do operador').fill('2');
        await page.getByLabel('PIN', { exact: true }).fill('1234');
        await page.getByRole('button', { name: 'Entrar' }).click();
        // The first time the register is opened with its float; the second theme finds it open.
        const abertura = page.getByLabel('Valor de abertura');
        await visible(page.getByTestId('pdv').or(abertura));
        if (await abertura.isVisible()) {
          await calma(page);
          achados.push(...(await axe(page, 'PDV: abertura do caixa')));
          await abertura.fill('100,00');
          await page.getByRole('button', { name: 'Abrir caixa' }).click();
        }
        await visible(page.getByTestId('pdv'));
        await calma(page);
        achados.push(...(await axe(page, 'PDV: venda')));
      } finally {
        await context.close();
      }
      expect(achados).toEqual([]);
    });
  }
});
