import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type TestServer } from '../support/server.ts';
import { matrizDemo } from '../support/servidor-fiscal.ts';
import { poll, visible } from './support/browser.ts';
import { e2eSession, signInPage } from './support/session.ts';
import { destinoSefaz, sefazLocalEmExecucao } from '../../src/server/fiscal/sefaz-destino.ts';
import { reservarTransmissao } from '../../src/server/fiscal/emissao/notas.ts';

type Row = Record<string, any>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-documentos-transmissao-'));
process.env.DATA_DIR = dataDir;

// Issue 34: a note a crash left 'transmitindo' (transaction 1 committed, SEFAZ never got it) is seen on NF-e >
// Documentos em transmissão with its age; "Consultar na SEFAZ" runs the recovery by its key for that note. The local
// SEFAZ holds the authorisation (its `retencao` switch) so the test sees the action in flight and the row still
// 'Transmitindo'; released, the row leaves the list and the note is authorised with the same key, with no reload.
describe('documentos em transmissão, no navegador', () => {
  let token: string;
  let notaId: number;
  let chave: string;
  const e2e = e2eSession('documentos-transmissao', { server: { dataDir } });
  let server: TestServer, page: Page, errors: string[];
  beforeAll(() => void ({ server, page, errors } = e2e));

  const api = async (method: string, url: string, payload?: unknown) => {
    const r = await server.app.inject({ method: method as any, url, payload: payload as any, headers: { authorization: token } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  beforeAll(async () => {
    token = await login(server.app, 'admin@demo.com.br');
    await destinoSefaz();
    await api('GET', '/api/CertificadosDigitais/atual');
    const { tenant, matriz, clienteId, produtoId, naturezaVenda } = await matrizDemo(server);
    const rascunho = () => ({ naturezaId: naturezaVenda, clienteId, itens: [{ produtoId, quantidade: '1', valorUnitario: '10.00' }], transporte: { modalidade: 9 }, pagamentos: [{ tPag: '15', valor: '10.00', vencimento: '2099-01-10' }] });
    // One note authorised first: the local SEFAZ of this process starts on its first client.
    expect((await api('POST', `/api/NotasFiscais/${(await api('POST', '/api/NotasFiscais', rascunho())).id}/transmitir`)).autorizada).toBe(true);
    notaId = (await api('POST', '/api/NotasFiscais', rascunho())).id;
    const userId = Number((await server.db.query<Row>(`SELECT id FROM users WHERE email = 'admin@demo.com.br'`)).rows[0].id);
    // Transaction 1 only, as a crash right after its commit leaves it.
    await reservarTransmissao(server.services, { tenantId: tenant, branchId: matriz, userId }, notaId);
    const n = await api('GET', `/api/NotasFiscais/${notaId}`);
    expect(n.status).toBe('transmitindo');
    chave = n.chave;
    await signInPage(page, server.baseUrl, 'admin@demo.com.br');
  });

  it('shows the stuck note and "Consultar na SEFAZ" settles it without a reload', async () => {
    const sefaz = (await sefazLocalEmExecucao())!;
    let soltar!: () => void;
    sefaz.retencao = { ate: new Promise<void>((r) => (soltar = r)), servicos: ['NFeAutorizacao4'] };
    try {
      await page.goto(e2e.url('pages/nfe/notas-processadas'));
      await page.evaluate(() => ((window as unknown as Record<string, unknown>).semRecarregar = true));
      // Reached through the NF-e menu, as the shop would.
      await page.getByRole('menuitem', { name: /Documentos em transmissão/ }).click();
      await poll(() => page.url()).toContain('pages/nfe/documentos-transmissao');
      const n = await api('GET', `/api/NotasFiscais/${notaId}`);
      const linha = page.locator('tr', { hasText: `${n.numero}/${n.serie}` }).filter({ hasText: 'NF-e' });
      await visible(linha);
      await poll(() => linha.innerText()).toContain('Transmitindo');
      await linha.getByRole('button', { name: /Consultar na SEFAZ/ }).click();
      // The recovery consulted SEFAZ by the key, found nothing and sent the same XML again: SEFAZ holds it now.
      await poll(() => sefaz.retidas).toBe(1);
      expect((await api('GET', `/api/NotasFiscais/${notaId}`)).status).toBe('transmitindo');
      await poll(() => linha.innerText()).toContain('Transmitindo');
      soltar();
      await poll(() => linha.count()).toBe(0);
      await visible(page.getByText(/resolvido com a resposta da SEFAZ/));
      const depois = await api('GET', `/api/NotasFiscais/${notaId}`);
      expect(depois).toMatchObject({ status: 'autorizada', chave, numero: n.numero });
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).semRecarregar)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      soltar?.();
      sefaz.retencao = null;
    }
  });
});
