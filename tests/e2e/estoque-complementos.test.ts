import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdftotext } from '../fixtures/fiscal/ferramentas.ts';
import { ean13NoPdf } from '../support/ean13.ts';
import { login, type TestServer } from '../support/server.ts';
import { answerDialog, poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

// Stock periphery in Chromium: a bulk price change previewed and applied, then seen in the product's price
// history; a label sheet printed to PDF; a variation grid generated on a product. What the screens show is
// compared with what the API returns.
describe('estoque: alteração de preço, etiquetas e grade no navegador', () => {
  let token: string;

  const e2e = e2eSession('estoque-compl', { signIn: 'admin@demo.com.br' });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));

  beforeAll(async () => {
    token = await login(server.app, 'admin@demo.com.br');
  });

  const url = e2e.url;
  const api = async (path: string) => (await server.app.inject({ method: 'GET', url: `/api/${path}`, headers: { authorization: token } })).json();
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const produto = async (descricao: string) => (await api(`Produtos?filter=${q({ where: { descricao } })}`))[0];
  const escolher = async (combo: ReturnType<Page['getByRole']>, texto: string, digitar = false) => {
    await combo.click();
    if (digitar) await combo.fill(texto);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option:visible').filter({ hasText: new RegExp(`^${texto.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first().click();
  };

  it('previews a 10% raise of a brand, applies it, and the product shows it in its price history', async () => {
    const antes = await produto('Manteiga com sal 200 g');
    const novo = (Math.round(Number(antes.precoVenda) * 110) / 100).toFixed(2);
    const brl = (v: string) => `R$ ${v.replace('.', ',')}`;
    await page.goto(url('pages/estoque/alteracao-preco'));
    await visible(page.getByRole('heading', { name: 'Alteração de preço' }));
    await escolher(page.locator('#filtro-marca'), 'Serra Azul');
    await page.locator('#valor').fill('10');
    await page.getByRole('button', { name: 'Visualizar' }).click();
    const linha = page.locator('[data-testid="previa"] tr').filter({ hasText: 'Manteiga com sal 200 g' });
    await visible(linha);
    expect(await linha.innerText()).toContain(brl(antes.precoVenda));
    expect(await linha.innerText()).toContain(brl(novo));
    // The preview wrote nothing.
    expect((await produto('Manteiga com sal 200 g')).precoVenda).toBe(antes.precoVenda);

    await page.getByRole('button', { name: 'Aplicar alteração' }).click();
    await answerDialog(page.locator('.ant-modal-confirm:visible'), 'Confirmar');
    await visible(page.getByText(/Preços alterados: 4\./));
    await poll(async () => (await produto('Manteiga com sal 200 g')).precoVenda).toBe(novo);

    await page.goto(url(`pages/estoque/produtos/editar/${antes.id}`));
    await page.getByRole('tab', { name: 'Histórico de preços' }).click();
    const hist = page.locator('[data-testid="historico-precos"] tbody tr').first();
    await poll(() => hist.innerText()).toContain('+10,00%');
    const primeiro = (await api(`PrecosHistorico?filter=${q({ where: { produtoId: antes.id }, order: 'dataAlteracao DESC', limit: 1 })}`))[0];
    expect(primeiro).toMatchObject({ precoAnterior: antes.precoVenda, precoNovo: novo, origem: 'alteracao-preco' });
    const texto = await hist.innerText();
    expect(texto).toContain(brl(antes.precoVenda));
    expect(texto).toContain(brl(novo));
    expect(texto).toContain('Ana Administradora');

    // The same change in Relatórios > Estoque > Produtos alterados (a read-only grid with XLSX/PDF export).
    // On a wide screen every column of the grid is shown (at 1366 px the variation folds into the row's expansion).
    const tamanho = page.viewportSize();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(url('pages/relatorios/estoque/produtos-alterados'));
    await visible(page.getByRole('heading', { name: 'Produtos alterados' }));
    await visible(page.locator('tr').filter({ hasText: 'Manteiga com sal 200 g' }).filter({ hasText: '+10,00%' }));
    if (tamanho) await page.setViewportSize(tamanho);
    expect(await page.getByRole('button', { name: /Cadastrar/ }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/e2e-estoque-compl-produtos-alterados.png' });
  });

  it('prints a label sheet to PDF with the product, its price and a readable EAN-13', async () => {
    const arroz = await produto('Arroz agulhinha tipo 1 5 kg');
    await page.goto(url('pages/estoque/etiqueta/imprimir'));
    await visible(page.getByRole('heading', { name: 'Imprimir etiquetas' }));
    await poll(() => page.locator('#layout').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain('Folha A4');
    await escolher(page.locator('#produto'), 'Arroz agulhinha tipo 1 5 kg', true);
    await page.locator('#quantidade').fill('3');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await visible(page.locator('tr').filter({ hasText: 'Arroz agulhinha tipo 1 5 kg' }));
    const resposta = page.waitForResponse((r) => r.url().includes('/imprimir') && r.request().method() === 'POST');
    await page.getByRole('button', { name: /Imprimir/ }).click();
    const r = await resposta;
    expect(r.status()).toBe(200);
    const pdf = Buffer.from(await r.body());
    const texto = pdftotext(pdf, false);
    expect(texto.match(/Arroz agulhinha tipo 1 5 kg/g)).toHaveLength(3);
    expect(texto).toContain(`R$ ${arroz.precoVenda.replace('.', ',')}`);
    expect(ean13NoPdf(pdf)).toEqual([arroz.gtin]);
    await visible(page.locator('iframe[title="Etiquetas"]'));

    // The layout's own page shows its measures and a sample row.
    const folha = (await api(`Etiquetas?filter=${q({ where: { tipo: 'folha' }, limit: 1 })}`))[0];
    await page.goto(url(`pages/estoque/etiqueta/visualizar/${folha.id}`));
    await visible(page.getByRole('heading', { name: `Etiqueta: ${folha.descricao}` }));
    await visible(page.locator('iframe[title="Amostra"]'));
  });

  it('registers a variation template from its SPEC model and a packaging unit in their generic forms', async () => {
    await page.goto(url('pages/estoque/variacoes/cadastrar'));
    await visible(page.locator('#root_descricao'));
    await page.locator('#root_descricao').fill('Numeração infantil');
    await escolher(page.locator('#root_modelo'), 'Tamanho juvenil-infantil');
    await page.getByRole('button', { name: 'Usar os valores do modelo' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/#\/pages\/estoque\/variacoes$/);
    const t = (await api(`Variacoes?filter=${q({ where: { descricao: 'Numeração infantil' } })}`))[0];
    expect(t).toMatchObject({ modelo: 7, valores: ['RN', '1', '2', '4', '6', '8', '10', '12', '14', '16'] });

    await page.goto(url('pages/estoque/embalagens/cadastrar'));
    await visible(page.locator('#root_descricao'));
    await escolher(page.locator('#root_produtoId'), 'Sabão em pó 1 kg', true);
    await page.locator('#root_descricao').fill('Caixa com 20');
    await page.locator('#root_fator').fill('20');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/#\/pages\/estoque\/embalagens$/);
    const sabao = await produto('Sabão em pó 1 kg');
    expect((await api(`Embalagens?filter=${q({ where: { produtoId: sabao.id } })}`)).map((e: any) => [e.descricao, e.fator])).toEqual([['Caixa com 20', '20.0000']]);
  });

  it('generates a colour × size grid on a product and lists its SKUs as the API does', async () => {
    const criado = await server.app.inject({ method: 'POST', url: '/api/Produtos', headers: { authorization: token }, payload: { descricao: 'Chinelo de praia', tipoProduto: 0, codigo: 'CHI01', precoVenda: '29.90' } });
    const id = criado.json().id;
    await page.goto(url(`pages/estoque/produtos/editar/${id}`));
    await page.getByRole('tab', { name: 'Grade' }).click();
    await escolher(page.getByRole('combobox', { name: 'Variação 1' }), 'Cor');
    const valores1 = page.getByRole('combobox', { name: 'Valores 1' });
    await escolher(valores1, 'Azul');
    await escolher(valores1, 'Preto');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Adicionar variação' }).click();
    await escolher(page.getByRole('combobox', { name: 'Variação 2' }), 'Tamanho de calçado');
    const valores2 = page.getByRole('combobox', { name: 'Valores 2' });
    await escolher(valores2, '38');
    await escolher(valores2, '39');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Gerar grade' }).click();
    await visible(page.getByText(/Grade gerada: 4 variação/));
    const linhas = page.locator('[data-testid="grade"] tbody tr.ant-table-row');
    await poll(() => linhas.count()).toBe(4);
    const skus = await api(`Produtos/${id}/variacoes`);
    expect(skus.map((s: any) => s.descricao).sort()).toEqual(['Azul / 38', 'Azul / 39', 'Preto / 38', 'Preto / 39']);
    expect((await linhas.allInnerTexts()).map((t) => t.split('\t')[0].trim()).sort()).toEqual(skus.map((s: any) => s.descricao).sort());
    expect(await page.getByRole('textbox', { name: 'Código Azul / 38' }).inputValue()).toBe('CHI01-AZUL-38');
    expect(errors).toEqual([]);
  });
});
