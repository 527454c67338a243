import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { poll, visible } from './support/browser.ts';
import { e2eProfiles } from './support/session.ts';

// Área do administrador → Jobs em segundo plano, as the brand's master meets it in Chromium.
describe('jobs em segundo plano no navegador', () => {
  const e2e = e2eProfiles('jobs', { server: { reportWorker: false } });
  let server: TestServer, browser: Browser;
  const { errors } = e2e;
  beforeAll(() => void ({ server, browser } = e2e));

  it('the master sees a failed job with its last error, runs it again, and it ends concluded', async () => {
    expect(browser).toBeTruthy();
    const jobs = server.services.jobs!;
    const demo = (await server.db.query<{ id: number }>(`SELECT id FROM tenants WHERE nome = 'Mercadinho Demo'`)).rows[0].id;
    let ok = false;
    jobs.register('teste.e2e', async () => {
      if (!ok) throw new Error('SEFAZ indisponível (HTTP 503)');
    }, { maxTentativas: 1 });
    const id = await jobs.enqueue('teste.e2e', {}, { contaId: demo });
    const situacao = async () => (await server.db.query<{ situacao: string }>('SELECT situacao FROM jobs WHERE id = $1', [id])).rows[0].situacao;
    await poll(situacao).toBe('falhou');

    const master = await e2e.signIn('master@demo.com.br', /#\/administrador\/configuracoes\/dashboard$/);
    await master.goto(e2e.url('administrador/configuracoes/jobs'));
    const linha = master.locator('tr.ant-table-row', { hasText: 'teste.e2e' });
    await visible(linha.filter({ hasText: 'SEFAZ indisponível (HTTP 503)' }));
    await visible(linha.getByText('Falhou'));
    await visible(linha.getByText('Mercadinho Demo'));

    ok = true;
    await linha.getByRole('button', { name: 'Executar agora' }).click();
    await visible(master.locator('.ant-notification-notice').filter({ hasText: `Job ${id} devolvido à fila.` }));
    await poll(situacao).toBe('concluido');
    await master.getByText('Todos', { exact: true }).click();
    await visible(master.locator('tr.ant-table-row', { hasText: 'teste.e2e' }).getByText('Concluído'));
    expect(errors.flat()).toEqual([]);
  });
});
