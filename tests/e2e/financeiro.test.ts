import Decimal from 'decimal.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fatorVencimento } from '../../src/server/boletos/fator-vencimento.ts';
import { linhaDigitavel, montarCodigoBarras } from '../../src/server/boletos/febraban.ts';
import { formatBRL } from '../../src/shared/money.ts';
import { login, startTestServer, type TestServer } from '../support/server.ts';
import { answerDialog, launchChromium, poll, trackPageErrors, visible } from './support/browser.ts';
import { ensureWebBuilt } from './support/build-web.ts';

const PLACEHOLDER = 'Esta tela estará disponível em breve.';
const dia = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const br = (iso: string) => iso.split('-').reverse().join('/');

// The money of a shop as a person handles it in Chromium: a payable read from a boleto line and split in 3
// parcelas, one settled in part with juros, the rest settled together, money moved between contas, a baixa
// undone; after each step the screens' balances and totals agree with the API.
describe('financeiro no navegador', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let token: string;
  let lancamentoId: number;
  let parcelas: { id: number; valor: string; vencimento: string }[];

  beforeAll(async () => {
    await ensureWebBuilt();
    [server, browser] = await Promise.all([startTestServer('pglite', { listen: true, serveWeb: true }), launchChromium()]);
    // A wide screen: these tests read the Parcela column ('1/3'), which folds into the row's expansion at 1366 px.
    page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    errors = trackPageErrors(page);
    token = await login(server.app, 'admin@demo.com.br');
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await page?.screenshot({ path: `/tmp/e2e-falha-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}.png`, fullPage: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const url = (hash: string) => `${server.baseUrl}/#/${hash}`;
  const api = async (path: string) => (await server.app.inject({ method: 'GET', url: `/api/${path}`, headers: { authorization: token } })).json();
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const toast = (text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });
  const rows = () => page.locator('.schema-grid .ant-table-tbody tr.ant-table-row');
  // The newest dropdown is the last one (the one just closed may still be fading out).
  const option = (text: string) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text }).last();
  /** Opens the select whose input has this id and picks the option of its own dropdown (antd names it `{id}_list`). */
  const pick = async (id: string, text: string) => {
    const input = page.locator(`#${id}`);
    await input.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').click();
    const own = page.locator('.ant-select-dropdown').filter({ has: page.locator(`#${id}_list`) }).locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${text}$`) });
    await visible(own);
    await own.first().click();
    await poll(() => input.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain(text);
  };
  const lancamento = async (descricao: string) => api(`Lancamentos/${(await api(`Parcelas?filter=${q({ where: { descricao }, limit: 1 })}`))[0].lancamentoId}`);
  const saldoApi = async (descricao: string) => ((await api('ContasFinanceiras/saldos')) as { descricao: string; saldo: string }[]).find((c) => c.descricao === descricao)!.saldo;
  /** The balance card of a conta as the screen shows it. */
  const saldoTela = (descricao: string) => page.locator(`[data-conta="${descricao}"] .ant-statistic-content`).innerText();
  const gridPronto = () => page.locator('.schema-grid[data-carregando="nao"]').waitFor();

  it('opens the despesas with the balances of the contas and the totals of the rows', async () => {
    await page.goto(url('pages/financeiro/lancamentos/lista/despesas'));
    await page.waitForURL(/#\/auth\/login/);
    await page.getByLabel('E-mail').fill('admin@demo.com.br');
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/lista\/despesas$/);
    await visible(page.getByRole('heading', { name: 'Despesas' }));
    await gridPronto();
    await poll(() => rows().count()).toBeGreaterThan(5);
    for (const c of ['Banco do Brasil', 'Caixa da loja']) await poll(() => saldoTela(c)).toBe(formatBRL(await saldoApi(c)));
    const totais = await api(`Parcelas/totais?where=${q({ tipo: 1 })}`);
    await poll(() => page.locator('[data-total="atrasado"] .ant-statistic-content').innerText()).toBe(formatBRL(totais.atrasado));
    await poll(() => page.locator('[data-total="aberto"] .ant-statistic-content').innerText()).toBe(formatBRL(totais.aberto));
  });

  it('creates a payable from a boleto line, in 3 parcelas with the cents on the last', async () => {
    const vencimento = dia(10);
    const codigo = montarCodigoBarras({ banco: '237', fator: fatorVencimento(vencimento), centavos: 100000, campoLivre: '2372912345678901234567890' } as never);
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL(/despesas\/cadastrar$/);
    await page.locator('#linha_digitavel').fill(linhaDigitavel(codigo));
    await visible(toast('Boleto lido.'));
    await poll(() => page.locator('#root_valorTotal').inputValue()).toBe('1.000,00');
    await poll(() => page.locator('#root_primeiroVencimento').inputValue()).toBe(br(vencimento));
    await page.locator('#root_descricao').fill('Reforma da fachada');
    await page.locator('#root_documento').fill('Orçamento 77');
    // a despesa offers the despesa categories only, as the ' - ' chain of the tree
    await page.locator('#root_categoriaId').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').click();
    await visible(option('Despesas fixas - Aluguel'));
    expect(await option('Vendas - Balcão').count()).toBe(0);
    await option('Despesas fixas - Aluguel').click();
    await page.locator('#root_numeroParcelas').fill('3');
    const previa = page.locator('[data-parcelas] .ant-table-tbody tr.ant-table-row');
    await poll(() => previa.count()).toBe(3);
    await poll(() => previa.nth(2).innerText()).toContain('R$ 333,34');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(toast('Despesa salva com sucesso.'));
    await page.waitForURL(/lista\/despesas$/);

    const l = await lancamento('Reforma da fachada');
    expect(l).toMatchObject({ descricao: 'Reforma da fachada', documento: 'Orçamento 77', valorTotal: '1000.00' });
    expect(l.parcelas.map((p: { valor: string; vencimento: string }) => p.valor)).toEqual(['333.33', '333.33', '333.34']);
    expect(l.parcelas[0].vencimento).toBe(vencimento);
    expect((await api(`CategoriasFinanceiras/${l.categoriaId}`)).descricaoCompleta).toBe('Despesas fixas - Aluguel');
    lancamentoId = l.id;
    parcelas = l.parcelas;
  });

  it('settles the first parcela in part with juros from its row', async () => {
    const antes = await saldoApi('Banco do Brasil');
    await page.getByLabel('Pesquisar').fill('Reforma da fachada');
    await page.getByLabel('Pesquisar').press('Enter');
    await poll(() => rows().count()).toBe(3);
    await gridPronto();
    // The list opens newest first (issue 43): the first parcela is the row of the first due date.
    const primeira = rows().filter({ hasText: br(parcelas[0].vencimento) });
    await primeira.getByRole('button', { name: 'Baixar' }).click();
    const modal = page.locator('.ant-modal:visible');
    await visible(modal.getByText('Pagar parcela'));
    await pick('baixa_conta', 'Banco do Brasil');
    await modal.locator('#baixa_0_valor').fill('200,00');
    await modal.locator('#baixa_0_juros').fill('10,00');
    await visible(modal.getByText('Total da baixa: R$ 210,00'));
    await modal.getByRole('button', { name: 'Confirmar baixa' }).click();
    await visible(toast('Parcela baixada.'));

    const [p1] = await api(`Parcelas?filter=${q({ where: { id: parcelas[0].id } })}`);
    expect(p1).toMatchObject({ valorBaixado: '200.00', valorAberto: '133.33' });
    expect(await saldoApi('Banco do Brasil')).toBe(new Decimal(antes).minus(210).toFixed(2));
    await poll(() => saldoTela('Banco do Brasil')).toBe(formatBRL(await saldoApi('Banco do Brasil')));
    // the row follows: 133,33 still open
    await poll(() => primeira.innerText()).toContain('R$ 133,33');
    await visible(primeira.getByText('1/3'));
  });

  it('settles the other two parcelas together', async () => {
    await gridPronto();
    // The second and third parcelas, by their due dates (the list opens newest first).
    await rows().filter({ hasText: br(parcelas[1].vencimento) }).locator('.ant-checkbox-input').check();
    await rows().filter({ hasText: br(parcelas[2].vencimento) }).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Baixar selecionadas (2)' }).click();
    const modal = page.locator('.ant-modal:visible');
    await visible(modal.getByText('Baixar 2 parcelas'));
    await pick('baixa_conta', 'Caixa da loja');
    await visible(modal.getByText('Total da baixa: R$ 666,67'));
    await modal.getByRole('button', { name: 'Confirmar baixa' }).click();
    await visible(toast('2 parcelas baixadas.'));
    const ps = await api(`Parcelas?filter=${q({ where: { lancamentoId }, order: 'numero ASC' })}`);
    expect(ps.map((p: { status: string }) => p.status)).toEqual([expect.stringMatching(/parcial|atrasado|aberto/), 'pago', 'pago']);
    // the totals of the filtered rows: 666,67 + 200,00 paid of 1.000,00
    await poll(() => page.locator('[data-total="pago"] .ant-statistic-content').innerText()).toBe('R$ 866,67');
  });

  it('transfers between contas and the balances on screen agree with the API', async () => {
    const [caixa0, banco0] = [await saldoApi('Caixa da loja'), await saldoApi('Banco do Brasil')];
    await page.goto(url('pages/financeiro/lancamentos/lista/transferencias'));
    await visible(page.getByRole('heading', { name: 'Transferências' }));
    await page.getByRole('button', { name: 'Nova transferência' }).click();
    const modal = page.locator('.ant-modal:visible');
    await pick('root_contaOrigemId', 'Caixa da loja');
    await pick('root_contaDestinoId', 'Banco do Brasil');
    await modal.locator('#root_valor').fill('150,25');
    await modal.locator('#root_descricao').fill('Sangria para o banco');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await visible(toast('Transferência salva com sucesso.'));
    await visible(rows().filter({ hasText: 'Sangria para o banco' }));
    expect(await saldoApi('Caixa da loja')).toBe(new Decimal(caixa0).minus('150.25').toFixed(2));
    expect(await saldoApi('Banco do Brasil')).toBe(new Decimal(banco0).plus('150.25').toFixed(2));
    for (const c of ['Caixa da loja', 'Banco do Brasil', 'Aplicação CDB']) await poll(() => saldoTela(c)).toBe(formatBRL(await saldoApi(c)));
  });

  it('refuses a transfer to the same conta with the message of the server, and nothing moves', async () => {
    const caixa0 = await saldoApi('Caixa da loja');
    await page.getByRole('button', { name: 'Nova transferência' }).click();
    const modal = page.locator('.ant-modal:visible');
    await pick('root_contaOrigemId', 'Caixa da loja');
    await pick('root_contaDestinoId', 'Caixa da loja');
    await modal.locator('#root_valor').fill('10,00');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    const aviso = page.locator('.ant-modal-confirm:visible');
    await visible(aviso.getByText('Conta de destino: escolha uma conta diferente da origem.'));
    await answerDialog(aviso, 'OK');
    await answerDialog(page.locator('.ant-modal:visible'), 'Cancelar');
    expect(await saldoApi('Caixa da loja')).toBe(caixa0);
  });

  it('undoes the partial baixa from the baixas screen: the parcela is open again and the money is back', async () => {
    const banco0 = await saldoApi('Banco do Brasil');
    await page.goto(url('pages/financeiro/lancamentos/lista/baixas'));
    await visible(page.getByRole('heading', { name: 'Baixas' }));
    await page.getByLabel('Pesquisar').fill('Reforma da fachada');
    await page.getByLabel('Pesquisar').press('Enter');
    await poll(() => rows().count()).toBe(3);
    const parcial = rows().filter({ hasText: 'R$ 210,00' });
    await parcial.getByRole('button', { name: 'Estornar' }).click();
    await answerDialog(page.locator('.ant-modal-confirm:visible'), /Confirmar|OK/);
    await visible(toast('Baixa estornada.'));
    expect(await saldoApi('Banco do Brasil')).toBe(new Decimal(banco0).plus(210).toFixed(2));
    const [p1] = await api(`Parcelas?filter=${q({ where: { id: parcelas[0].id } })}`);
    expect(p1).toMatchObject({ valorBaixado: '0.00', valorAberto: '333.33' });
    await poll(() => rows().count()).toBe(4);
    await visible(parcial.getByText('Estornada'));
    // the estorno's own row offers no second estorno, and each row opens its lançamento
    await visible(rows().filter({ hasText: '-R$ 210,00' }).getByText('Estorno', { exact: true }));
    expect(await rows().getByRole('button', { name: 'Estornar' }).count()).toBe(2);
    await poll(() => saldoTela('Banco do Brasil')).toBe(formatBRL(await saldoApi('Banco do Brasil')));
  });

  it('shows the lançamento with its parcelas, baixas and the estorno', async () => {
    await rows().first().getByRole('button', { name: 'Visualizar' }).click();
    await page.waitForURL(new RegExp(`visualizar/${lancamentoId}$`));
    await visible(page.getByRole('heading', { name: 'Despesa: Reforma da fachada' }));
    await visible(page.getByText('Orçamento 77'));
    await poll(() => page.locator('.ant-card').filter({ hasText: 'Baixas' }).locator('tr.ant-table-row').count()).toBe(4);
  });

  it('a receita form splits its own dates and amounts and refuses a sum that does not close', async () => {
    await page.goto(url('pages/financeiro/lancamentos/lista/receitas/cadastrar'));
    await page.locator('#root_descricao').fill('Venda de cestas de Natal');
    await page.locator('#root_valorTotal').fill('900,00');
    await page.locator('#root_numeroParcelas').fill('2');
    await page.getByText('Datas e valores personalizados').click();
    await page.locator('#parcela_1_valor').fill('449,99');
    await visible(page.getByText('A soma das parcelas (R$ 899,99) difere do valor total (R$ 900,00).'));
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(page.locator('.ant-modal-confirm').getByText('Parcelas: a soma das parcelas (R$ 899,99) difere do valor total (R$ 900,00).'));
    await answerDialog(page.locator('.ant-modal-confirm:visible'), (d) => d.getByRole('button').first());
    await page.locator('#parcela_1_valor').fill('450,00');
    await page.locator('#parcela_1_vencimento').fill(br(dia(45)));
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(toast('Receita salva com sucesso.'));
    await page.waitForURL(/lista\/receitas$/);
    const l = await lancamento('Venda de cestas de Natal');
    expect(l.descricao).toBe('Venda de cestas de Natal');
    expect(l.parcelas.map((p: { valor: string; vencimento: string }) => [p.valor, p.vencimento])).toEqual([
      ['450.00', dia(0)],
      ['450.00', dia(45)],
    ]);
  });

  it('after these postings, the fluxo de caixa on screen agrees with the API, month by month', async () => {
    // The figures the screen asked for, with the screen's own period, compared with the API's answer.
    const pedido = page.waitForResponse((r) => r.url().includes('/api/RelatoriosFinanceiros/fluxo-caixa') && r.status() === 200);
    await page.goto(url('pages/relatorios/financeiro/menu?relatorio=fluxo'));
    const params = new URL((await pedido).url()).searchParams;
    const fluxo = await api(`RelatoriosFinanceiros/fluxo-caixa?${params}`);
    await poll(() => page.getByTestId('fluxo-saldo-final').textContent()).toContain(formatBRL(fluxo.saldoFinal));
    const linhas = page.locator('.ant-table-tbody tr.ant-table-row');
    await poll(() => linhas.count()).toBe(fluxo.linhas.length);
    // This month (the baixas, the estorno and the transfer of this flow) is among them.
    expect(fluxo.linhas.map((l: { periodo: string }) => l.periodo)).toContain(dia(0).slice(0, 7));
    for (const l of fluxo.linhas as Record<string, string>[]) {
      const texto = await linhas.filter({ hasText: `${l.periodo.slice(5)}/${l.periodo.slice(0, 4)}` }).first().innerText();
      for (const campo of ['entradasRealizadas', 'saidasRealizadas', 'entradasPrevistas', 'saidasPrevistas', 'saldo']) expect(texto, `${l.periodo} ${campo}`).toContain(formatBRL(l[campo]));
    }
  });

  // The OFX import and reconciliation of the issue's e2e (two lines reconciled, balances and fluxo de caixa
  // agreeing with the API) belong to the conciliação OFX screen and are tested with it.

  it('no Financeiro screen of this module is a placeholder', async () => {
    for (const rota of ['despesas', 'receitas', 'transferencias', 'baixas']) {
      await page.goto(url(`pages/financeiro/lancamentos/lista/${rota}`));
      await gridPronto();
      expect(await page.getByText(PLACEHOLDER).count(), rota).toBe(0);
    }
  });

  it('never crashed', () => {
    expect(errors).toEqual([]);
  });
});
