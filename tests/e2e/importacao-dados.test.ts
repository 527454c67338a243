import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerDialog, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

/** A Bling-shaped product export as XLSX: Bling's column names, comma-decimal prices as text, two bad rows. */
async function planilhaBling(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Produtos');
  ws.addRow(['ID', 'Código', 'Descrição', 'Unidade', 'NCM', 'Origem', 'Preço', 'Preço de custo', 'Situação', 'GTIN/EAN']);
  ws.addRow([1, 'E2E-001', 'Arroz agulhinha 5 kg', 'UN', '1006.30.21', 0, '27,90', '19,50', 'Ativo', '']);
  ws.addRow([2, 'E2E-002', 'Óleo de soja 900 ml', 'UN', '1507.90.11', 0, 8.49, 6.1, 'Ativo', '']);
  ws.addRow([3, 'E2E-003', 'Sabão em pó 1 kg', 'UN', '3402.20.00', 0, 'doze reais', '7,00', 'Ativo', '']);
  ws.addRow([4, 'E2E-004', 'Y', 'UN', '3402.20.00', 0, '9,90', '5,00', 'Ativo', '']);
  ws.addRow([5, 'E2E-005', 'Detergente 500 ml', 'UN', '3402.20.00', 0, '2,99', '1,80', 'Ativo', '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// Configurações > Importação de dados in the browser: a Bling-shaped spreadsheet of produtos with two bad rows is
// uploaded, its columns come mapped, the preview names the bad rows in Portuguese, the valid rows are imported on
// the jobs table and the report says what came in; the model spreadsheet downloads.
describe('importação de dados no navegador', () => {
  const s = e2eSession('importacao-dados', { signIn: 'admin@demo.com.br' });

  it('imports a Bling spreadsheet of produtos with two bad rows: mapped, previewed, valid rows imported, reported', async () => {
    const { page } = s;
    await page.goto(s.url('pages/configuracoes/importacao-de-dados'));
    await visible(page.getByRole('heading', { name: 'Importação de dados' }));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar planilha modelo' }).click()]);
    expect(download.suggestedFilename()).toBe('modelo-produtos.xlsx');
    const modelo = new ExcelJS.Workbook();
    await modelo.xlsx.load(readFileSync((await download.path())!) as any);
    expect(modelo.worksheets[0].getRow(1).getCell(2).value).toBe('Descrição');

    await page.locator('input[type=file]').setInputFiles({ name: 'produtos-bling.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await planilhaBling() });
    await visible(page.getByText('Colunas de produtos-bling.xlsx (5 linha(s))'));
    // guessed from Bling's column names
    await visible(page.locator('.ant-select-content', { hasText: 'Preço (ex.: 27,90)' }));
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await visible(page.getByText('3 válida(s)'));
    await visible(page.getByText('2 com erro'));
    const erro3 = page.locator('.ant-table-row', { hasText: 'Sabão em pó 1 kg' });
    await visible(erro3.getByText(/^Preço de venda: /));
    await visible(page.locator('.ant-table-row').filter({ hasText: 'E2E-004' }).getByText(/^Descrição: /));
    await expect.poll(() => page.getByRole('button', { name: 'Importar', exact: true }).isDisabled()).toBe(true);

    await page.getByText('Importar só as linhas válidas').click();
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await visible(page.getByText('Importação concluída: 3 importado(s), 0 já cadastrado(s) ignorado(s), 2 com erro.'));
    const criados = (await s.server.db.query<{ codigo: string; pv: string }>(`SELECT codigo, preco_venda::text AS pv FROM produtos WHERE codigo LIKE 'E2E-%' ORDER BY codigo`)).rows;
    expect(criados.map((p) => [p.codigo, Number(p.pv)])).toEqual([
      ['E2E-001', 27.9],
      ['E2E-002', 8.49],
      ['E2E-005', 2.99],
    ]);

    // the history lists it; undo removes the three products
    const linha = page.locator('.ant-table-row', { hasText: 'produtos-bling.xlsx' }).filter({ hasText: 'Concluída' });
    await linha.getByRole('button', { name: 'Desfazer' }).click();
    await answerDialog(page.locator('.ant-modal-confirm, .ant-modal').filter({ hasText: 'Desfazer importação' }), 'Desfazer');
    await visible(page.locator('.ant-table-row', { hasText: 'produtos-bling.xlsx' }).getByText('Desfeita'));
    expect((await s.server.db.query(`SELECT 1 FROM produtos WHERE codigo LIKE 'E2E-%'`)).rows).toHaveLength(0);
    expect(s.errors).toEqual([]);
  });
});
