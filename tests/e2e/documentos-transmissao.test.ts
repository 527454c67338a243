import { mkdirSync, mkdtempSync } from 'node:fs';
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

  // Issue 34 on screen: SEFAZ denies the use of an NF-e and of an NFC-e (the local SEFAZ answers 302 for the numbers it
  // is told to); both lists show 'Denegada' in its own colour, filter by it, show the reason, and offer no cancel nor
  // transmit again. Shots at 1366×768 under /work/notes/shots when E2E_SHOTS names a folder.
  it('a denied NF-e and a denied NFC-e are listed as Denegada, with the reason and no cancel', async () => {
    const sefaz = (await sefazLocalEmExecucao())!;
    const { tenant, clienteId, produtoId, naturezaVenda } = await matrizDemo(server);
    const motivo: [string, string] = ['302', 'Uso Denegado: Irregularidade fiscal do destinatário'];
    const sql = async (text: string, params: unknown[] = []) => (await server.db.query<Row>(text, params)).rows;
    // NF-e: the next number of série 1 is denied.
    const ultimo = Number((await sql(`SELECT coalesce(max(numero), 0) AS n FROM notas_fiscais WHERE tenant_id = $1 AND modelo = 55 AND serie = 1`, [tenant]))[0].n);
    for (let n = ultimo + 1; n <= ultimo + 3; n++) sefaz.rejeitarNumeros.set(n, motivo);
    let nfe: Row, nfce: Row;
    try {
      const id = (await api('POST', '/api/NotasFiscais', { naturezaId: naturezaVenda, clienteId, itens: [{ produtoId, quantidade: '1', valorUnitario: '10.00' }], transporte: { modalidade: 9 }, pagamentos: [{ tPag: '15', valor: '10.00', vencimento: '2099-01-10' }] })).id;
      nfe = await api('POST', `/api/NotasFiscais/${id}/transmitir`);
      expect(nfe).toMatchObject({ autorizada: false, nota: { status: 'denegada' }, rejeicao: { cStat: '302' } });
    } finally {
      sefaz.rejeitarNumeros.clear();
    }
    // NFC-e: a PDV sale whose number is denied.
    const [pdv] = await sql(`SELECT id FROM pdvs WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [tenant]);
    const operadorId = Number((await sql(`SELECT id FROM operadores_pdv WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [tenant]))[0].id);
    const dinheiro = Number((await sql(`SELECT id FROM pdv_formas_pagamento WHERE tenant_id = $1 AND t_pag = '01' ORDER BY id LIMIT 1`, [tenant]))[0].id);
    const aberto = await server.app.inject({ method: 'GET', url: `/api/Pdv/caixas/aberto?pdvId=${pdv.id}`, headers: { authorization: token } });
    const caixa = aberto.statusCode === 200 ? aberto.json() : (await server.app.inject({ method: 'POST', url: '/api/Pdv/caixas', payload: { pdvId: Number(pdv.id), operadorId, valorAbertura: '100.00' }, headers: { authorization: token } })).json();
    const [prod] = await sql(`SELECT id, preco_venda::text AS preco FROM produtos WHERE tenant_id = $1 AND ncm IS NOT NULL AND NOT servico AND preco_venda > 0 ORDER BY id LIMIT 1`, [tenant]);
    const preco = Number(prod.preco).toFixed(2);
    const venda = () => ({ chave: crypto.randomUUID(), pdvId: Number(pdv.id), caixaId: caixa.id, operadorId, emitidaEm: new Date().toISOString(), itens: [{ produtoId: Number(prod.id), quantidade: '1', precoUnitario: preco, desconto: '0' }], pagamentos: [{ formaPagamentoId: dinheiro, tPag: '01', valor: preco }], troco: '0.00' });
    const vender = async () => {
      const r = await server.app.inject({ method: 'POST', url: '/api/Pdv/vendas', payload: venda(), headers: { authorization: token } });
      expect(r.statusCode, r.body).toBe(201);
      return r.json();
    };
    const antes = await vender();
    for (let n = antes.numero + 1; n <= antes.numero + 3; n++) sefaz.rejeitarNumeros.set(n, motivo);
    try {
      nfce = await vender();
      expect(nfce).toMatchObject({ situacao: 'denegada', numero: antes.numero + 1 });
    } finally {
      sefaz.rejeitarNumeros.clear();
    }
    const shots = process.env.E2E_SHOTS;
    if (shots) mkdirSync(shots, { recursive: true });
    await page.setViewportSize({ width: 1366, height: 768 });

    // Notas processadas: filtered by Situação = Denegada, the note is there in magenta.
    await page.goto(e2e.url('pages/nfe/notas-processadas'));
    await page.getByLabel('Situação').click();
    await page.locator('.ant-select-item-option', { hasText: 'Denegada' }).click();
    const linha = page.locator('tr', { hasText: 'Denegada' }).filter({ hasText: String(nfe.nota.numero) });
    await visible(linha);
    await poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(await linha.count());
    expect(await linha.locator('.ant-tag-magenta', { hasText: 'Denegada' }).count()).toBe(1);
    expect(await linha.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    await linha.getByRole('button', { name: 'Ver motivo' }).click();
    await visible(page.getByTestId(`rejeicao-nota-${nfe.nota.id}`));
    await poll(() => page.getByTestId(`rejeicao-nota-${nfe.nota.id}`).innerText()).toMatch(/Denegação 302: .*Irregularidade fiscal do destinatário/);
    // Readable at 1366×768: the status tag and the actions are inside the window, no sideways scroll to reach them.
    const tag = (await linha.locator('.ant-tag-magenta').boundingBox())!;
    const mais = (await linha.getByRole('button', { name: /Mais ações/ }).boundingBox())!;
    expect(tag.x + tag.width).toBeLessThanOrEqual(1366);
    expect(mais.x + mais.width).toBeLessThanOrEqual(1366);
    if (shots) await page.screenshot({ path: path.join(shots, 'denegada-notas-processadas-1366x768.png') });
    await linha.getByRole('button', { name: /Mais ações/ }).hover();
    const cancelar = page.getByRole('menuitem', { name: /Cancelar: indisponível \(uso denegado\)/ });
    await visible(cancelar);
    expect(await cancelar.getAttribute('aria-disabled')).toBe('true');
    expect((await api('GET', `/api/NotasFiscais/${nfe.nota.id}`)).status).toBe('denegada');

    // Cupom fiscal: the denied NFC-e in magenta with its reason; no cancel nor retransmit, a disabled marker saying why.
    await page.goto(e2e.url('pages/vendas/cupom-fiscal'));
    const cupom = page.locator('tr.ant-table-row', { has: page.locator('.ant-tag-magenta', { hasText: 'Denegada' }) }).filter({ hasText: String(nfce.numero) });
    await visible(cupom);
    expect(await cupom.getByRole('button', { name: 'Cancelar', exact: true }).count()).toBe(0);
    expect(await cupom.getByRole('button', { name: 'Retransmitir', exact: true }).count()).toBe(0);
    const marcador = cupom.getByRole('button', { name: 'Cancelar ou retransmitir: indisponível' });
    expect(await marcador.isDisabled()).toBe(true);
    expect(await marcador.getAttribute('title')).toMatch(/^Uso denegado pela SEFAZ \(302 - Uso Denegado: Irregularidade fiscal do destinatário\): a NFC-e não pode ser cancelada nem retransmitida/);
    const tagCupom = (await cupom.locator('.ant-tag-magenta').boundingBox())!;
    expect(tagCupom.x + tagCupom.width).toBeLessThanOrEqual(1366);
    if (shots) await page.screenshot({ path: path.join(shots, 'denegada-cupom-fiscal-1366x768.png') });
    expect(errors).toEqual([]);
  });
});
