import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { pdftotext } from '../fixtures/fiscal/ferramentas.ts';
import { poll, visible } from './support/browser.ts';
import { e2eProfiles } from './support/session.ts';

const ADMIN_MENU = JSON.parse(readFileSync(new URL('../../schemas/menus/admin.json', import.meta.url), 'utf8')) as { items: { title: string; link?: string; action?: string }[] };
/** Where each administrator action of the menu leads. */
const ACTION_ROUTES: Record<string, string> = { excluirProdutos: 'administrador/configuracoes/excluir-produtos', excluirFilial: 'administrador/configuracoes/excluir-filial' };

const IBPT_SP = [
  'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte',
  '10063021;;0;Arroz semibranqueado ou branqueado;4.20;6.20;7.00;0.00;01/01/2026;31/12/2027;5D1E0B;26.1.C;IBPT/empresometro.com.br',
  '09012100;;0;Café torrado, não descafeinado;9.30;11.30;12.00;0.00;01/01/2026;31/12/2027;5D1E0B;26.1.C;IBPT/empresometro.com.br',
].join('\r\n');

// The general administration (isAvanco) in Chromium: every entry of its menu is a working screen, and the IBPT table
// imported through importacao-ibpt-ncm reaches the DANFCE of a sale (Lei 12.741/2012).
describe('administração geral no navegador: telas do menu e IBPT no DANFCE', () => {
  const e2e = e2eProfiles('admin-ibpt-danfce', { server: { reportWorker: false } });
  let server: TestServer;
  beforeAll(() => void ({ server } = e2e));
  const url = e2e.url;

  it('no administrator entry is a placeholder: each one opens its own screen', async () => {
    const avanco = await e2e.signIn('avanco@demo.com.br', /#\/administrador\/configuracoes\/dashboard$/);
    const menu = avanco.getByRole('menu', { name: 'Menu principal' });
    const content = avanco.locator('.ant-layout-content');
    expect(ADMIN_MENU.items.length).toBeGreaterThanOrEqual(16);
    for (const entry of ADMIN_MENU.items) {
      const target = entry.link ?? ACTION_ROUTES[entry.action!];
      expect(target, entry.title).toBeTruthy();
      await menu.locator('.ant-menu-title-content').getByText(entry.title, { exact: true }).click();
      await avanco.waitForURL(new RegExp(`#/${target}$`));
      // A real screen renders a card, a table or a form; the placeholder only a 'disponível em breve' result.
      await visible(content.locator('.ant-card, .ant-table, form, .ant-statistic, .ant-result').first());
      await poll(() => content.getByText('disponível em breve').count()).toBe(0);
      expect(await content.locator('.ant-result-info').count(), entry.title).toBe(0);
    }
    expect(e2e.errors.flat()).toEqual([]);
  });

  it('an IBPT file imported through the admin screen shows the approximate tax on a DANFCE', async () => {
    const avanco = await e2e.signIn('avanco@demo.com.br', /#\/administrador\/configuracoes\/dashboard$/);
    await avanco.goto(url('administrador/configuracoes/importacao-ibpt-ncm'));
    await avanco.getByLabel('UF').click();
    await avanco.keyboard.type('SP');
    await avanco.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^SP$/ }).click();
    await avanco.locator('input[type=file]').setInputFiles({ name: 'TabelaIBPTaxSP26.1.C.csv', mimeType: 'text/csv', buffer: Buffer.from(IBPT_SP, 'latin1') });
    await avanco.getByRole('button', { name: 'Importar' }).click();
    await visible(avanco.locator('.ant-notification-notice').filter({ hasText: 'Arquivo importado: 2 linhas, versão 26.1.C.' }));
    await visible(avanco.locator('.ant-table-row').filter({ hasText: 'SP' }).filter({ hasText: '26.1.C' }));

    // A sale of the demo shop: 2 × arroz and 1 × café; the DANFCE of the homologação NFC-e is printed by the server.
    const produtos = (
      await server.db.query<{ id: number; ncm: string; preco: string }>(
        `SELECT DISTINCT ON (p.ncm) p.id, p.ncm, p.preco_venda::text AS preco FROM produtos p JOIN tenants t ON t.id = p.tenant_id
          WHERE t.nome = 'Mercadinho Demo' AND p.ncm IN ('10063021', '09012100') ORDER BY p.ncm, p.id`,
      )
    ).rows;
    const arroz = produtos.find((p) => p.ncm === '10063021')!;
    const cafe = produtos.find((p) => p.ncm === '09012100')!;
    const customer = await e2e.signIn('admin@demo.com.br', /#\/pages\/dashboard$/);
    const res = await customer.evaluate(async (itens) => {
      const r = await fetch('/api/NotasFiscais/danfce-homologacao', { method: 'POST', headers: { Authorization: localStorage.getItem('token')!, 'content-type': 'application/json' }, body: JSON.stringify({ itens }) });
      const bytes = new Uint8Array(await r.arrayBuffer());
      let bin = '';
      for (const b of bytes) bin += String.fromCharCode(b);
      return { status: r.status, type: r.headers.get('content-type'), pdf: btoa(bin) };
    }, [{ produtoId: arroz.id, quantidade: '2' }, { produtoId: cafe.id, quantidade: '1' }]);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/pdf/);
    const cents = (preco: string, q: number, pct: number) => Math.round(Math.round(Number(preco) * 100) * q * pct) / 100;
    const federal = (cents(arroz.preco, 2, 4.2) + cents(cafe.preco, 1, 9.3)) / 100;
    const estadual = (cents(arroz.preco, 2, 7) + cents(cafe.preco, 1, 12)) / 100;
    const brl = (v: number) => `R$ ${v.toFixed(2).replace('.', ',')}`;
    const txt = pdftotext(Buffer.from(res.pdf, 'base64'), false).replace(/\s+/g, ' ');
    expect(txt).toContain(`Trib aprox ${brl(federal)} Federal, ${brl(estadual)} Estadual e R$ 0,00 Municipal Fonte: IBPT/empresometro.com.br 5D1E0B`);
    expect(txt).toContain(`Tributos Totais Incidentes (Lei Federal 12.741/2012): ${brl(federal + estadual)}`);
    expect(e2e.errors.flat()).toEqual([]);
  });
});
