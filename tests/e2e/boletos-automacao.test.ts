import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBancoLocal } from '../../src/server/stand-ins/banco-local.ts';
import { startPspPix } from '../../src/server/stand-ins/psp-pix-local.ts';
import { login, type TestServer } from '../support/server.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession, signInPage } from './support/session.ts';

// Issue 38, boletos without hands: in pages/pagamentos/boletos the shop sets the automation (the bank's file
// exchange, automatic remessa, the Pix PSP) in the form, clicks "Atualizar transações" and sees its boletos
// registered by the bank's retorno; a dynamic Pix charge is generated and, paid, settles the boleto by itself.
describe('automação de boletos no navegador', () => {
  const e2e = e2eSession('boletos-automacao');
  let server: TestServer, browser: Browser, page: Page, errors: string[];
  let banco: Awaited<ReturnType<typeof startBancoLocal>>;
  let psp: Awaited<ReturnType<typeof startPspPix>>;
  beforeAll(async () => {
    ({ server, browser, page, errors } = e2e);
    banco = await startBancoLocal({ banco: '237' });
    psp = await startPspPix();
  });
  afterAll(async () => {
    await banco?.close();
    await psp?.close();
  });
  const linhas = () => page.locator('.ant-card .ant-table-row').filter({ hasText: 'Empório Automático Ltda' });

  it('sets the automation in the form, then "Atualizar transações" sends the remessa and applies the bank retorno', async () => {
    const token = await login(server.app, 'admin@demo.com.br');
    const post = async (url: string, payload: unknown) => {
      const r = await server.app.inject({ method: 'POST', url, payload: payload as any, headers: { authorization: token } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    await post('/api/ConfiguracoesBoleto', { banco: '237', agencia: '1172', agenciaDv: '0', conta: '0403005', contaDv: '2', carteira: '09', proximoNossoNumero: '300', chavePix: '11222333000181', cidadePix: 'São Paulo', layoutCnab: 400, ativo: true });
    const tenant = (await server.db.query<{ tenant_id: number }>(`SELECT tenant_id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].tenant_id;
    const cliente = (await server.db.query<{ id: number }>(`INSERT INTO pessoas (tenant_id, tipo, nome, cpf_cnpj, email, logradouro, numero, bairro, cep, uf) VALUES ($1, 0, 'Empório Automático Ltda', '11444777000161', 'compras@emporio.com.br', 'Rua Sete', '70', 'Centro', '01310100', 'SP') RETURNING id`, [tenant])).rows[0].id;
    const venc = new Date(Date.now() + 20 * 86400_000).toISOString().slice(0, 10);
    const l = await post('/api/Lancamentos', { tipo: 0, descricao: 'Venda do empório', dataEmissao: new Date().toISOString().slice(0, 10), valorTotal: '200.00', numeroParcelas: 2, primeiroVencimento: venc, pessoaId: cliente });
    await post('/api/Boletos/emitir', { parcelaIds: l.parcelas.map((p: { id: number }) => p.id) });

    await signInPage(page, server.baseUrl, 'admin@demo.com.br');
    const novidades = page.locator('.ant-modal-wrap:visible').filter({ hasText: 'Finalizar' });
    if (await novidades.waitFor({ timeout: 10_000 }).then(() => true, () => false)) {
      await novidades.getByRole('button', { name: 'Finalizar' }).click();
      await poll(() => novidades.count()).toBe(0);
    }
    await page.goto(e2e.url('pages/pagamentos/boletos'));
    await visible(page.getByRole('heading', { name: 'Boletos' }));
    await poll(() => linhas().filter({ hasText: 'Pendente' }).count()).toBe(2);

    await page.getByRole('button', { name: 'Automação' }).click();
    const modal = page.locator('.ant-modal-wrap:visible').filter({ hasText: 'Automação de boletos' });
    await visible(modal.getByText('Horário da remessa automática'));
    await modal.getByLabel('Gerar e enviar a remessa automaticamente').check();
    await modal.getByLabel('Horário da remessa automática').fill('25:00');
    await modal.getByLabel('Endereço da troca de arquivos do banco').fill(banco.url);
    await modal.getByLabel('Token da troca de arquivos').fill(banco.token);
    await modal.getByRole('button', { name: 'Salvar' }).click();
    // the form checks the same schema as the server: an impossible time is refused before anything is saved
    await visible(modal.getByText('Formato inválido!'));
    expect((await server.db.query(`SELECT count(*)::int AS n FROM boletos_automacao`)).rows[0].n).toBe(0);
    await modal.getByLabel('Horário da remessa automática').fill('00:00');
    await modal.getByLabel('Endereço da API Pix do PSP').fill(psp.url);
    await modal.getByLabel('Client ID do PSP').fill(psp.clientId);
    await modal.getByLabel('Client secret do PSP').fill(psp.clientSecret);
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await visible(page.locator('.ant-message').getByText('Automação de boletos salva.'));
    expect((await server.db.query(`SELECT remessa_automatica, remessa_hora, banco_url FROM boletos_automacao`)).rows).toEqual([{ remessa_automatica: true, remessa_hora: '00:00', banco_url: banco.url }]);
    await modal.getByRole('button', { name: 'Fechar' }).first().click();
    await poll(() => modal.count()).toBe(0);

    await page.getByRole('button', { name: 'Atualizar transações' }).click();
    await visible(page.locator('.ant-message').getByText(/Transações atualizadas\. Último retorno do banco: Retorno aplicado: 2 ocorrência/));
    await poll(() => linhas().filter({ hasText: 'Registrado' }).count()).toBe(2);
    expect(banco.remessas).toHaveLength(1);
  });

  it('a dynamic Pix charge is generated at the PSP; its payment settles the boleto without typing anything', async () => {
    const primeira = linhas().first();
    const numero = (await primeira.locator('td').nth(1).innerText()).trim();
    // the row's actions are one menu
    await primeira.getByRole('button', { name: `Ações do boleto ${numero}` }).click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: 'Cobrança Pix' }).click();
    const modal = page.locator('.ant-modal-wrap:visible').filter({ hasText: `Cobrança Pix do boleto nº ${numero}` });
    await visible(modal);
    await modal.getByRole('button', { name: 'Gerar cobrança Pix' }).click();
    await visible(modal.getByText('Ativa'));
    const copiaECola = (await modal.getByText(/^000201/).innerText()).trim();
    const txid = (await server.db.query<{ txid: string }>(`SELECT txid FROM pix_cobrancas`)).rows[0].txid;
    expect(psp.cobs.get(txid)?.pixCopiaECola).toBe(copiaECola);
    await modal.getByRole('button', { name: 'Fechar' }).first().click();
    await psp.pagar(txid);
    await poll(async () => (await server.db.query(`SELECT count(*)::int AS n FROM pix_recebimentos`)).rows[0].n).toBe(1);
    await page.getByRole('button', { name: 'Atualizar transações' }).click();
    await poll(() => linhas().filter({ hasText: 'Pago' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
