import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportDoc } from '../../generated/schema-types.ts';
import { formatBRL } from '../../src/shared/money.ts';
import { textoDoValor, type ReportKind } from '../../src/shared/report-format.ts';
import { ReportWorker } from '../../src/server/relatorios/worker.ts';
import { agoraLocal } from '../../src/server/vendas/pedido-venda.ts';
import { pdftotext } from '../fixtures/fiscal/ferramentas.ts';
import { login, type TestServer } from '../support/server.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

type Row = Record<string, any>;
const DIST = join(import.meta.dirname, '../../dist');
const doc = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, `../../schemas/reports/${name}.json`), 'utf8')) as ReportDoc;

// The dashboard shows the demo shop's sales, cash and overdue figures as the API answers them, with charts drawn
// after the cards; each report of Relatórios > Pessoas runs on screen and exports to XLSX and PDF with its rows.
describe('dashboard e relatórios de pessoas no navegador', () => {
  // No background worker: the test runs each export job itself.
  const dataDir = mkdtempSync(join(tmpdir(), 'retaguarda-dashboard-'));
  const e2e = e2eSession('dashboard-pessoas', { server: { reportWorker: false, dataDir }, signIn: 'admin@demo.com.br' });
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  let worker: ReportWorker;
  let token: string;
  const url = e2e.url;
  const hoje = agoraLocal().data;
  const api = async (method: string, path: string, payload?: unknown) => {
    const r = await server.app.inject({ method: method as any, url: path, payload: payload as any, headers: { authorization: token } });
    expect(r.statusCode, `${method} ${path}: ${r.body}`).toBe(200);
    return r.json();
  };

  beforeAll(async () => {
    ({ server, browser, page, errors } = e2e);
    void browser;
    worker = new ReportWorker(server.services, join(dataDir, 'relatorios'));
    token = await login(server.app, 'admin@demo.com.br');
    // Something for every report: a cliente of a group with a birthday this month who buys today, another who owes.
    const ana = await api('POST', '/api/Clientes', { nome: 'E2E Pessoas Ana', grupo: 'Grupo E2E', uf: 'SP', codigoMunicipio: 3550308, dataNascimento: `1991-${hoje.slice(5, 7)}-01` });
    const bia = await api('POST', '/api/Clientes', { nome: 'E2E Pessoas Bia', grupo: 'Grupo E2E', uf: 'BA', dataNascimento: `1988-${hoje.slice(5, 7)}-02` });
    const deposito = (await api('GET', `/api/Depositos?filter=${encodeURIComponent(JSON.stringify({ where: { padrao: true } }))}`))[0].id;
    const produto = await api('POST', '/api/Produtos', { descricao: 'E2E pessoas produto', codigo: 'E2EP1', tipoProduto: 0, precoCusto: '2.00', precoVenda: '9.90' });
    const acerto = await api('POST', '/api/AcertosEstoque', { depositoId: deposito, motivo: 'Estoque do e2e de pessoas', itens: [{ produtoId: produto.id, quantidade: '5' }] });
    await api('POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);
    const forma = (await api('GET', `/api/FormasPagamentoFinanceiro?filter=${encodeURIComponent(JSON.stringify({ limit: 1 }))}`))[0];
    const pedido = await api('POST', '/api/PedidosVenda', { clienteId: ana.id, depositoId: deposito, formaPagamentoId: forma.id, itens: [{ produtoId: produto.id, quantidade: '2' }] });
    await api('POST', `/api/PedidosVenda/${pedido.id}/confirmar`);
    await api('POST', `/api/PedidosVenda/${pedido.id}/faturar`);
    await api('POST', '/api/Lancamentos', { tipo: 0, descricao: 'Título atrasado do e2e', dataEmissao: '2021-03-01', valorTotal: '88.40', primeiroVencimento: '2021-03-10', pessoaId: bia.id });
  });

  const statistic = (card: string, titulo: string) => page.locator(`[data-dashboard="${card}"] .ant-statistic`).filter({ hasText: titulo }).first().locator('.ant-statistic-content');

  it('the dashboard shows the sales, cash and overdue figures the API answers, with charts, and no generic record counts', async () => {
    await page.goto(url('pages/dashboard'));
    const resumo = await api('GET', '/api/Vendas/resumo');
    const mes = await api('GET', '/api/Dashboard/vendas');
    const painel = await api('GET', '/api/RelatoriosFinanceiros/painel');
    const fluxo = await api('GET', '/api/Dashboard/fluxo');
    await poll(() => statistic('vendas', 'Vendas hoje').innerText()).toContain(formatBRL(resumo.vendasHoje));
    await poll(() => statistic('vendas', 'Vendas no mês').innerText()).toBe(formatBRL(resumo.vendasMes));
    await poll(() => statistic('vendas', 'Ticket médio').innerText()).toBe(formatBRL(resumo.ticketMedio));
    await poll(() => page.locator('[data-dashboard="vendas-mes"] [data-valor="totalMes"] .ant-statistic-content').innerText()).toBe(formatBRL(mes.totalMes));
    await poll(() => page.locator('[data-dashboard="vendas-mes"] [data-valor="totalMesAnterior"] .ant-statistic-content-value').innerText()).toBe(formatBRL(mes.totalMesAnterior));
    await poll(() => page.locator('[data-dashboard="pagar-hoje"] .ant-statistic-content').innerText()).toBe(formatBRL(painel.pagarHoje.valor));
    await poll(() => page.locator('[data-dashboard="receber-hoje"] .ant-statistic-content').innerText()).toBe(formatBRL(painel.receberHoje.valor));
    await poll(() => page.locator('[data-dashboard="atrasados"] .ant-statistic-content').innerText()).toBe(formatBRL(painel.atrasados.pagar.valor));
    await poll(() => page.locator('[data-dashboard="atrasados"]').innerText()).toContain(`a receber: ${formatBRL(painel.atrasados.receber.valor)}`);
    expect(painel.atrasados.receber.quantidade).toBeGreaterThan(0);
    await poll(() => page.locator('[data-dashboard="saldos"] .ant-card-extra').innerText()).toBe(formatBRL(painel.saldoTotal));
    await poll(() => page.locator('[data-dashboard="fluxo"] [data-valor="saldoFinal"] .ant-statistic-content').innerText()).toBe(formatBRL(fluxo.saldoFinal));
    const somaFluxo = (k: string) => formatBRL(fluxo.dias.reduce((s: Decimal, d: Row) => s.plus(d[k]), new Decimal(0)));
    await poll(() => page.locator('[data-dashboard="fluxo"] [data-valor="entradas"] .ant-statistic-content').innerText()).toBe(somaFluxo('entradas'));
    await poll(() => page.locator('[data-dashboard="fluxo"] [data-valor="saidas"] .ant-statistic-content').innerText()).toBe(somaFluxo('saidas'));
    const fiscal = await api('GET', '/api/Dashboard/fiscal');
    await poll(() => page.locator('[data-dashboard="fiscal"] [data-valor="certificado"] .ant-statistic-content-value').innerText()).toBe(
      fiscal.certificado ? (fiscal.certificado.vencido ? 'Vencido' : `${fiscal.certificado.diasParaVencer} dia${fiscal.certificado.diasParaVencer === 1 ? '' : 's'}`) : 'Não enviado',
    );
    await poll(() => page.locator('[data-dashboard="fiscal"] [data-valor="nfe"] .ant-statistic-content').innerText()).toBe(String(fiscal.contingencia.nfe));
    await poll(() => page.locator('[data-dashboard="fiscal"] [data-valor="nfce"] .ant-statistic-content').innerText()).toBe(String(fiscal.contingencia.nfce));
    // The charts, drawn (SVG) in their cards, each inside a link to its list.
    for (const g of ['vendas-mes', 'top-produtos', 'fluxo', 'saldos']) {
      await poll(() => page.locator(`[data-grafico="${g}"] svg path`).count()).toBeGreaterThan(0);
      expect(await page.locator(`[data-grafico="${g}"]`).evaluate((e) => e.closest('a')?.getAttribute('href'))).toMatch(/^#\/pages\/relatorios\//);
    }
    // No "N registros" cards; money on one line.
    expect(await page.getByText('registros', { exact: true }).count()).toBe(0);
    const linhas = await page.locator('.dashboard .ant-statistic-content-value').evaluateAll((els) =>
      els.filter((e) => e.textContent?.includes('R$')).map((e) => {
        const r = document.createRange();
        r.selectNodeContents(e);
        return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
      }),
    );
    expect(linhas.length).toBeGreaterThan(5);
    expect(linhas.every((n) => n === 1)).toBe(true);
    // A card leads to its list.
    await page.locator('[data-dashboard="fluxo"] .ant-card-head-title a').click();
    await page.waitForURL(/#\/pages\/relatorios\/financeiro\/menu\?relatorio=fluxo$/);
    expect(errors).toEqual([]);
  });

  it('the charts library is a chunk of its own that the dashboard imports only dynamically', () => {
    const assets = readdirSync(join(DIST, 'assets'));
    const charts = assets.find((f) => /^charts-.*\.js$/.test(f));
    expect(charts).toBeTruthy();
    expect(readFileSync(join(DIST, 'index.html'), 'utf8')).not.toContain(charts!);
    for (const f of assets.filter((x) => x.endsWith('.js') && !x.startsWith('charts-') && !x.startsWith('Grafico-'))) {
      const code = readFileSync(join(DIST, 'assets', f), 'utf8');
      // No static import of the charts chunk anywhere: only Grafico (loaded by import()) reaches it.
      expect(code.includes(`from"./${charts}"`) || code.includes(`import"./${charts}"`), f).toBe(false);
    }
  });

  const relatorios: { aba: string; fonte: string; filtro?: (p: Page) => Promise<void> }[] = [
    {
      aba: 'Clientes',
      fonte: 'RelacaoClientes',
      filtro: async (p) => {
        await p.getByLabel('Grupo').fill('Grupo E2E');
        await p.getByRole('button', { name: 'Consultar' }).click();
      },
    },
    { aba: 'Fornecedores', fonte: 'RelacaoFornecedores' },
    { aba: 'Aniversariantes', fonte: 'AniversariantesPeriodo' },
    { aba: 'Sem compra', fonte: 'ClientesSemCompra' },
    { aba: 'Ranking de clientes', fonte: 'RankingClientes' },
    { aba: 'Títulos em atraso', fonte: 'ClientesEmAtraso' },
  ];

  /** The table's rows as shown (50 a page): the cells' text. */
  const linhasDaTela = (fonte: string) =>
    page.locator(`[data-relatorio="${fonte}"] .ant-table-tbody tr.ant-table-row`).evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
  /** A date cell (midnight UTC, no zone) as the screen writes it: dd/MM/yyyy. */
  const dataDaCelula = (v: Date) => `${String(v.getUTCDate()).padStart(2, '0')}/${String(v.getUTCMonth() + 1).padStart(2, '0')}/${v.getUTCFullYear()}`;
  /** An XLSX row as the screen shows it: numbers formatted by the column's kind, date cells as dd/MM/yyyy. */
  const comoNaTela = (d: ReportDoc, r: unknown[]) =>
    d.columns.map((c, i) => (r[i] === null || r[i] === undefined ? '' : r[i] instanceof Date ? dataDaCelula(r[i] as Date) : typeof r[i] === 'number' ? textoDoValor(c.kind as ReportKind, String(r[i])) : String(r[i])));

  for (const r of relatorios) {
    it(`Relatórios > Pessoas: ${r.aba} on screen, exported to XLSX and PDF with the same rows`, async () => {
      await page.goto(url('pages/relatorios/pessoas/menu'));
      await page.getByRole('tab', { name: r.aba, exact: true }).click();
      const d = doc(r.fonte);
      if (r.filtro) await r.filtro(page);
      await visible(page.locator(`[data-relatorio="${r.fonte}"] .ant-table-tbody tr.ant-table-row`).first());
      if (r.fonte === 'RelacaoClientes') await poll(() => linhasDaTela(r.fonte).then((x) => x.map((l) => l[0]))).toEqual(['E2E Pessoas Ana', 'E2E Pessoas Bia']);
      const tela = await linhasDaTela(r.fonte);
      expect(tela.length).toBeGreaterThan(0);

      await page.locator(`[data-relatorio="${r.fonte}"]`).getByRole('button', { name: 'Exportar Excel' }).click();
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await poll(() => worker.runOne(), 30_000).toBe(true);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(readFileSync((await (await download).path())!) as unknown as ArrayBuffer);
      const valores: unknown[][] = [];
      book.worksheets[0].eachRow((row) => valores.push((row.values as unknown[]).slice(1)));
      const cab = valores.findIndex((v) => JSON.stringify(v) === JSON.stringify(d.columns.map((c) => c.title)));
      expect(cab).toBeGreaterThanOrEqual(0);
      const planilha = valores.slice(cab + 1).map((v) => comoNaTela(d, v));
      expect(planilha.slice(0, tela.length)).toEqual(tela);

      await poll(() => page.locator(`[data-relatorio="${r.fonte}"] .export-buttons .ant-btn-loading`).count()).toBe(0);
      await page.locator(`[data-relatorio="${r.fonte}"]`).getByRole('button', { name: 'Exportar PDF' }).click();
      const popup = page.waitForEvent('popup', { timeout: 30_000 });
      await poll(() => worker.runOne(), 30_000).toBe(true);
      const pdfPage = await popup;
      const pdf64 = await pdfPage.evaluate(async () => {
        const blob = await (await fetch(location.href)).blob();
        return await new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result).split(',')[1]);
          reader.readAsDataURL(blob);
        });
      });
      await pdfPage.close();
      const texto = pdftotext(Buffer.from(pdf64, 'base64')).replace(/[ \t]+/g, ' ');
      let at = 0;
      for (const linha of tela) {
        // Each row's first cells, in the screen's order (a long text is cut with '…' in its PDF column).
        const inicio = (linha.find((c) => /[A-Za-zÀ-ú]{3}/.test(c)) ?? linha[0]).slice(0, 14);
        const achou = texto.indexOf(inicio, at);
        expect(achou, `${inicio} no PDF de ${r.fonte}`).toBeGreaterThanOrEqual(0);
        at = achou + 1;
      }
      expect(errors).toEqual([]);
    });
  }
});
