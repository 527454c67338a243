import { describe, expect, it } from 'vitest';
import { visible } from './support/browser.ts';
import { e2eSession } from './support/session.ts';

/**
 * Issue 41 items 5 and 6 on the settings screens: without an IBPT table for the branch's UF the NF-e settings say
 * that the DANFE/DANFCE print no Lei 12.741 line (instead of printing nothing silently), and the branch's time
 * zone is a field of Empresas.
 */
describe('avisos da configuração fiscal', () => {
  const e2e = e2eSession('config-fiscal', { signIn: 'admin@demo.com.br' });

  it('the NF-e settings warn that no IBPT table is loaded for SP; once one is, the warning is gone', async () => {
    const { page, server } = e2e;
    await page.goto(e2e.url('pages/configuracoes/nfe'));
    const aviso = page.getByTestId('aviso-ibpt');
    await visible(aviso);
    expect(await aviso.innerText()).toContain('Nenhuma tabela IBPT carregada para SP');
    expect(await aviso.innerText()).toContain('Lei 12.741/2012');
    await server.db.query(
      `INSERT INTO ibpt_tributos (uf, tipo, codigo, ex, descricao, nacional_federal, importados_federal, estadual, municipal, vigencia_inicio, vigencia_fim, chave, versao, fonte)
       VALUES ('SP', 0, '10063021', '', 'Arroz', 4.2, 6.2, 7, 0, '2026-01-01', '2027-12-31', '7A3C9E', '26.1.B', 'IBPT')`,
    );
    await page.reload();
    await visible(page.getByLabel('Série da NF-e'));
    expect(await page.getByTestId('aviso-ibpt').count()).toBe(0);
  });

  it('the branch\'s time zone is a field of Empresas (Brasília by default)', async () => {
    const { page, server } = e2e;
    const id = (await server.db.query(`SELECT id FROM branches WHERE apelido = 'Matriz' AND nome = 'Mercadinho Demo Ltda'`)).rows[0].id;
    await page.goto(e2e.url(`pages/configuracoes/empresas/editar/${id}`));
    await visible(page.getByText('Fuso horário', { exact: true }));
    await visible(page.getByText(/^Brasília \(SP/));
    expect(e2e.errors).toEqual([]);
  });
});
