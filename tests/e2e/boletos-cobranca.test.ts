import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { carregarLayout, escreverRegistro, identificarRegistro, lerRegistro } from '../../src/server/boletos/cnab/layout.ts';
import { login, type TestServer } from '../support/server.ts';
import { pickOption, poll, visible } from './support/browser.ts';
import { e2eSession, signInPage } from './support/session.ts';

// Issue 38: a 3-instalment carnê issued from a receivable in pages/pagamentos/boletos, its PDF downloaded, the
// remessa generated, and a retorno that pays one (with interest) previewed and applied: the receivable settled.
describe('boletos de contas a receber no navegador', () => {
  const e2e = e2eSession('boletos-cobranca');
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  beforeAll(() => void ({ server, browser, page, errors } = e2e));
  const layout = carregarLayout('bradesco-400');
  const dir = mkdtempSync(join(tmpdir(), 'e2e-boletos-'));
  let parcelas: number[] = [];

  it('issues a 3-instalment carnê from a receivable and downloads its PDF', async () => {
    const token = await login(server.app, 'admin@demo.com.br');
    const post = async (url: string, payload: unknown) => {
      const r = await server.app.inject({ method: 'POST', url, payload: payload as any, headers: { authorization: token } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    await post('/api/ConfiguracoesBoleto', { banco: '237', agencia: '1172', agenciaDv: '0', conta: '0403005', contaDv: '2', carteira: '09', proximoNossoNumero: '900', chavePix: '11222333000181', cidadePix: 'São Paulo', layoutCnab: 400, ativo: true });
    const tenant = (await server.db.query<{ tenant_id: number }>(`SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].tenant_id;
    const cliente = (await server.db.query<{ id: number }>(`INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj, logradouro, numero, bairro, cep, uf) VALUES ($1, 0, 'Armazém Carnê Feliz Ltda', '11444777000161', 'Rua Sete', '70', 'Centro', '01310100', 'SP') RETURNING id`, [tenant])).rows[0].id;
    const l = await post('/api/Lancamentos', { tipo: 0, descricao: 'Carnê do Armazém', dataEmissao: '2026-12-01', valorTotal: '300.00', numeroParcelas: 3, primeiroVencimento: '2027-01-10', pessoaId: cliente });
    parcelas = l.parcelas.map((p: { id: number }) => p.id);

    await signInPage(page, server.baseUrl, 'admin@demo.com.br');
    // the what's-new modal about boletos comes with the configuration (SPEC 2.11): walk it once
    const novidades = page.locator('.ant-modal-wrap:visible').filter({ hasText: 'Finalizar' });
    if (await novidades.waitFor({ timeout: 10_000 }).then(() => true, () => false)) {
      await novidades.getByRole('button', { name: 'Finalizar' }).click();
      await poll(() => novidades.count()).toBe(0);
    }
    await page.goto(e2e.url('pages/pagamentos/boletos'));
    await visible(page.getByRole('heading', { name: 'Boletos' }));
    await page.getByRole('button', { name: 'Emitir boletos' }).click();
    const modal = page.locator('.ant-modal-wrap:visible').filter({ hasText: 'Emitir boletos de contas a receber' });
    await visible(modal);
    await modal.getByLabel('Buscar parcelas').fill('Carnê do Armazém');
    await modal.getByLabel('Buscar parcelas').press('Enter');
    await poll(() => modal.locator('.ant-table-row').count()).toBe(3);
    await modal.locator('.ant-table-thead .ant-checkbox-input').check();
    await modal.getByRole('button', { name: /Emitir 3 boleto/ }).click();
    await visible(page.locator('.ant-message').getByText('3 boletos emitidos (carnê).'));
    const linhas = page.locator('.ant-card .ant-table-row').filter({ hasText: 'Armazém Carnê Feliz Ltda' });
    await poll(() => linhas.count()).toBe(3);
    await poll(() => linhas.filter({ hasText: 'Pendente' }).count()).toBe(3);
    // readable at 1366×768: one line per row (the payer cut with '…', whole in its tooltip; money never broken;
    // the row's actions in one menu instead of six buttons)
    await page.setViewportSize({ width: 1366, height: 768 });
    await poll(async () => Math.max(...(await linhas.evaluateAll((rs) => rs.map((r) => r.getBoundingClientRect().height))))).toBeLessThan(48);
    const valor = linhas.first().locator('td').filter({ hasText: /^R\$\s100,00$/ });
    expect(await valor.evaluate((td) => getComputedStyle(td).whiteSpace)).toBe('nowrap');
    await linhas.first().getByRole('button', { name: /^Ações do boleto \d+$/ }).click();
    const menu = page.locator('.ant-dropdown:visible');
    await poll(() => menu.getByRole('menuitem').allInnerTexts()).toEqual(['PDF do boleto', 'Baixar', 'Alterar vencimento ou desconto', 'Cobrança Pix', 'Histórico', 'Cancelar']);
    if (process.env.E2E_CAPTURA) await page.screenshot({ path: process.env.E2E_CAPTURA });
    await page.keyboard.press('Escape');
    await poll(() => menu.count()).toBe(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Imprimir carnê' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe('carne.pdf');
    await pdf.saveAs(join(dir, 'carne.pdf'));
    const txt = execFileSync('pdftotext', ['-layout', join(dir, 'carne.pdf'), '-'], { encoding: 'utf8' });
    expect(new Set([...txt.matchAll(/\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/g)].map((m) => m[0])).size).toBe(3);
    expect(txt).toContain('Pague com Pix');
  });

  it('generates the remessa, then a retorno paying one with interest and rejecting another is previewed and applied: the receivable is settled, the rejected boleto shown', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Gerar remessa' }).click();
    const rem = await download;
    await rem.saveAs(join(dir, 'remessa.rem'));
    const detalhes = readFileSync(join(dir, 'remessa.rem'), 'latin1').split('\r\n').filter((l) => identificarRegistro(layout, l, 'remessa') === 'detalheRemessa').map((l) => lerRegistro(layout, 'detalheRemessa', l));
    expect(detalhes).toHaveLength(3);
    const d = detalhes[0];
    const r = detalhes[1];
    // paid today, so the extrato's default period (this month) shows it
    const hoje = new Date().toISOString().slice(0, 10);
    const retorno = [
      escreverRegistro(layout, 'headerRetorno', { banco: '237', sequencial: '1' }),
      escreverRegistro(layout, 'detalheRetorno', { nossoNumero: d.nossoNumero! + d.nossoNumeroDv, ocorrencia: '06', dataOcorrencia: hoje, numeroDocumento: d.numeroDocumento, vencimento: d.vencimento, valor: d.valor, valorPago: '101.50', juros: '1.50', tarifa: '2.00', dataCredito: hoje, sequencial: '2' }),
      // the second instalment is refused by the bank (03 Entrada rejeitada, motivo 0035)
      escreverRegistro(layout, 'detalheRetorno', { nossoNumero: r.nossoNumero! + r.nossoNumeroDv, ocorrencia: '03', motivos: '0035', dataOcorrencia: hoje, numeroDocumento: r.numeroDocumento, vencimento: r.vencimento, valor: r.valor, sequencial: '3' }),
      escreverRegistro(layout, 'trailerRetorno', { banco: '237', sequencial: '4' }),
    ].join('\r\n');
    writeFileSync(join(dir, 'CB130101.RET'), retorno, 'latin1');
    await page.locator('input[type=file]').setInputFiles(join(dir, 'CB130101.RET'));
    const previa = page.locator('.ant-modal-wrap:visible').filter({ hasText: 'Retorno do banco: CB130101.RET' });
    await visible(previa);
    await visible(previa.getByText('R$ 101,50 (juros R$ 1,50)'));
    await visible(previa.getByRole('cell', { name: 'Pagar' }));
    await visible(previa.getByRole('cell', { name: 'Rejeitar' }));
    await previa.getByRole('button', { name: 'Aplicar retorno' }).click();
    await visible(page.locator('.ant-message').getByText(/Retorno aplicado: 2 ocorrência\(s\).*1 rejeitado\(s\)/));
    const linhas = page.locator('.ant-card .ant-table-row').filter({ hasText: 'Armazém Carnê Feliz Ltda' });
    await poll(() => linhas.filter({ hasText: 'Pago' }).count()).toBe(1);
    await poll(() => linhas.filter({ hasText: 'Rejeitado' }).count()).toBe(1);
    await poll(async () => (await server.db.query(`SELECT valor_baixado::text AS v FROM parcelas WHERE id = $1`, [parcelas[0]])).rows[0].v).toBe('100.00');

    // the same file again: nothing new, and the screen says so
    await page.locator('input[type=file]').setInputFiles(join(dir, 'CB130101.RET'));
    await visible(previa.getByText(/Este arquivo já foi aplicado em/));
    await previa.getByRole('button', { name: 'Aplicar retorno' }).click();
    await visible(page.locator('.ant-message').getByText(/nada foi alterado/));
    expect((await server.db.query(`SELECT count(*)::int AS n FROM baixas WHERE parcela_id = $1`, [parcelas[0]])).rows[0].n).toBe(1);
  });

  it('the extrato of the conta shows the boleto payment and its fee with the running balance', async () => {
    await page.goto(e2e.url('pages/pagamentos/extratos'));
    await visible(page.getByRole('heading', { name: 'Extratos' }));
    await page.getByLabel('Conta').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Banco do Brasil' }).click();
    const pagamento = page.locator('.ant-table-row').filter({ hasText: 'Pagamento de boleto nº 1' });
    await visible(pagamento);
    await visible(pagamento.getByText('R$ 101,50'));
    await visible(page.locator('.ant-table-row').filter({ hasText: 'Tarifa de boleto' }).getByText('R$ 2,00'));
    expect(errors).toEqual([]);
  });

  it('a standalone carnê split by hand: amounts that do not add up are refused, then it is issued', async () => {
    await page.goto(e2e.url('pages/pagamentos/boletos'));
    await page.getByRole('button', { name: 'Boleto avulso' }).click();
    const modal = page.locator('.ant-modal-wrap:visible').filter({ hasText: 'Boleto avulso' });
    await visible(modal);
    await pickOption(modal.locator('.ant-select').filter({ has: page.getByLabel('Cliente') }), 'Armazém', 'Armazém Carnê Feliz Ltda');
    await modal.getByLabel('Descrição').fill('Reforma da vitrine');
    await modal.getByLabel('Valor total').fill('100');
    await modal.getByLabel('Quantidade de parcelas').fill('2');
    await modal.getByRole('button', { name: 'Gerar parcelas' }).click();
    await poll(() => modal.getByLabel('Valor da parcela 1').inputValue()).toBe('50,00');
    await modal.getByLabel('Valor da parcela 1').fill('60');
    await modal.getByLabel('Valor da parcela 1').blur();
    await visible(modal.getByText('R$ 110,00'));
    await modal.getByRole('button', { name: 'Emitir' }).click();
    await visible(page.getByText(/a soma das parcelas \(R\$\s110,00\) difere do valor total \(R\$\s100,00\)/));
    expect((await server.db.query(`SELECT count(*)::int AS n FROM lancamentos WHERE descricao = 'Reforma da vitrine'`)).rows[0].n).toBe(0);
    const dialogo = page.locator('.ant-modal-wrap:visible').filter({ hasText: /difere do valor total/ });
    await dialogo.getByRole('button').last().click();
    await poll(() => dialogo.count()).toBe(0);
    await modal.getByLabel('Valor da parcela 2').fill('40');
    await modal.getByLabel('Valor da parcela 2').blur();
    await visible(modal.getByText('R$ 100,00'));
    await modal.getByRole('button', { name: 'Emitir' }).click();
    await visible(page.locator('.ant-message').getByText('2 boletos emitidos (carnê).'));
    const linhas = page.locator('.ant-card .ant-table-row').filter({ hasText: 'Armazém Carnê Feliz Ltda' }).filter({ hasText: /\(\d\/2\)/ });
    await poll(() => linhas.count()).toBe(2);
    expect(errors).toEqual([]);
  });
});
