import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { montarCodigoBalanca } from '../../src/shared/etiqueta-balanca.ts';
import type { TestServer } from '../support/server.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

// Issue 36 items 5 and 6 in Chromium: the scale's ZIP downloads from the screen and holds the Toledo files for
// the demo's products; a product without PLU stops it, named with a link; the sales order reads a scale label
// into a line; the terminal server switched on from its form answers a TCP client.
describe('exportação para balança e terminal no navegador', () => {
  const e2e = e2eSession('balanca', { signIn: 'admin@demo.com.br' });
  let server: TestServer, page: Page, errors: string[];
  beforeAll(() => {
    ({ server, page, errors } = e2e);
  });
  const go = async (rota: string, titulo: string | RegExp) => {
    await page.goto(e2e.url(rota));
    await visible(page.getByRole('heading', { name: titulo }));
  };

  it('the scale ZIP downloads from the screen with the Toledo MGV6 files of the products on the scale', async () => {
    await go('pages/exportacoes-fiscais/exportacao-para-balanca', 'Exportação para balança');
    expect(await page.getByText('Esta tela estará disponível em breve.').count()).toBe(0);
    await visible(page.locator('tr.ant-table-row').filter({ hasText: 'Banana prata' }));
    await visible(page.getByText('Arquivos: ITENSMGV.TXT, DEPTO.TXT, TXINFO.TXT, INFNUTRI.TXT, TARA.TXT.'));
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Baixar carga (ZIP)' }).click();
    const d = await download;
    expect(d.suggestedFilename()).toBe('balanca-toledo-mgv6.zip');
    const dir = mkdtempSync(path.join(tmpdir(), 'e2e-balanca-'));
    const zip = path.join(dir, 'carga.zip');
    await d.saveAs(zip);
    expect(execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n')).toEqual(['ITENSMGV.TXT', 'DEPTO.TXT', 'TXINFO.TXT', 'INFNUTRI.TXT', 'TARA.TXT']);
    execFileSync('unzip', ['-q', zip, '-d', dir]);
    const itens = readFileSync(path.join(dir, 'ITENSMGV.TXT'), 'latin1').trimEnd().split('\r\n');
    expect(itens.map((l) => [l.slice(3, 9), l.slice(18, 68).trimEnd()])).toEqual([
      ['000001', 'Banana prata'],
      ['000002', 'Tomate italiano'],
      ['000010', 'Queijo mucarela fatiado'],
      ['000020', 'Pao frances'],
    ]);
  });

  it('a product on the scale without a PLU stops the load, named with a link to its form, where the PLU is typed back', async () => {
    await server.db.query(`UPDATE produtos SET balanca_plu = NULL WHERE descricao = 'Tomate italiano'`);
    await go('pages/exportacoes-fiscais/exportacao-para-balanca', 'Exportação para balança');
    await page.getByRole('button', { name: 'Baixar carga (ZIP)' }).click();
    const alerta = page.locator('.ant-alert-error');
    await visible(alerta.getByText('O produto "Tomate italiano" está marcado para a balança sem código PLU.'));
    await alerta.getByRole('link', { name: 'Corrigir' }).click();
    await page.waitForURL(/pages\/estoque\/produtos\/editar\/\d+$/);
    // The product's Balança tab: the PLU typed back in and saved.
    await page.getByRole('tab', { name: 'Balança' }).click();
    const plu = page.locator('#root_balancaPlu');
    await visible(plu);
    await plu.fill('2');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await poll(async () => (await server.db.query<{ plu: number | null }>(`SELECT balanca_plu AS plu FROM produtos WHERE descricao = 'Tomate italiano'`)).rows[0].plu).toBe(2);
    await go('pages/exportacoes-fiscais/exportacao-para-balanca', 'Exportação para balança');
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Baixar carga (ZIP)' }).click();
    expect((await download).suggestedFilename()).toBe('balanca-toledo-mgv6.zip');
  });

  it('the sales order reads a scale label into a line with the product and the weight its price buys', async () => {
    await page.goto(e2e.url('pages/vendas/pedido-vendas/cadastrar'));
    const leitor = page.getByLabel('Etiqueta da balança');
    await visible(leitor);
    const precoBanana = (await server.db.query<{ p: string }>(`SELECT preco_venda::text AS p FROM produtos WHERE descricao = 'Banana prata'`)).rows[0].p;
    // Two kilos of bananas: the label carries twice the kilo price.
    const total = (Number(precoBanana) * 2).toFixed(2);
    await leitor.fill(montarCodigoBalanca('1', total, { prefixo: '2', tipo: 'preco', digitosCodigo: 5 }));
    await leitor.press('Enter');
    const linha = page.locator('.ant-table-row').filter({ hasText: 'Banana prata' });
    await visible(linha);
    await poll(() => page.locator('.ant-table-row').count()).toBe(1);
    expect(await linha.getByLabel('Quantidade da linha').inputValue()).toBe('2');
  });

  it('the terminal server switched on from its form answers a TCP client', async () => {
    const porta = await new Promise<number>((ok) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => ok(p));
      });
    });
    await go('pages/exportacoes-fiscais/exportacao-para-terminal', 'Exportação para terminal');
    await visible(page.getByText('Servidor desligado: os terminais não recebem preços desta filial.'));
    await page.getByLabel('Servidor ligado').click();
    await page.getByLabel('Porta TCP').fill(String(porta));
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(page.getByText(`Atendendo os terminais na porta ${porta}.`));
    const resposta = await new Promise<string>((ok, falha) => {
      let recebido = '';
      const s = net.connect(porta, '127.0.0.1');
      s.on('error', falha);
      s.on('data', (b) => {
        recebido += b.toString('latin1');
        if (recebido === '#ok') s.write(`#${montarCodigoBalanca('1', '3.12', { prefixo: '2', tipo: 'preco', digitosCodigo: 5 })}\0`);
        else if (recebido.startsWith('#ok#')) {
          s.destroy();
          ok(recebido.slice(3));
        }
      });
    });
    expect(resposta).toBe('#Banana prata|R$ 3,12');
    await page.getByLabel('Servidor ligado').click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(page.getByText('Servidor desligado: os terminais não recebem preços desta filial.'));
    expect(errors).toEqual([]);
  });
});
