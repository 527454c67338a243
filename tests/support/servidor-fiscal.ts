import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { login, startTestServer, type Backend, type TestServer } from './server.ts';
import { xmllintSchema, PL_009 } from '../fixtures/fiscal/ferramentas.ts';
import { pemDeBase64 } from '../../src/server/fiscal/certificado.ts';
import { pararSefazLocal } from '../../src/server/fiscal/sefaz-destino.ts';

/** The demo Matriz's CNPJ (the issuer of the demo's notes). */
export const CNPJ_MATRIZ = '11222333000181';

/** xmllint's verdict of a document against one of PL_009's schemas: '' when valid. */
export const xsdOk = (xsd: string, xml: string) => xmllintSchema(path.join(PL_009, xsd), { x: xml }).x;

/** The PEM of the certificate a signed document carries. */
export const certDoXml = (xml: string) => pemDeBase64(/<X509Certificate>([^<]+)<\/X509Certificate>/.exec(xml)![1]);

export interface ServidorFiscal {
  srv: TestServer;
  app: FastifyInstance;
  /** Tokens of the demo's admin, Loja Vizinha's admin and the demo's salesperson. */
  admin: string;
  vizinha: string;
  vendedor: string;
  dataDir: string;
  call(token: string, method: string, url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The call, asserting its status (200 unless told), and its JSON. */
  ok(token: string, method: string, url: string, payload?: unknown, status?: number): Promise<any>;
}

/**
 * A describe's server for the fiscal suites (NF-e, NFC-e, DF-e, sales notes): its own database and DATA_DIR, under
 * which the local SEFAZ of this process (one per process) keeps what it authorised, so the SEFAZ is stopped before
 * and after; the three demo users signed in. Fields are filled in by the first beforeAll of the describe.
 */
export function servidorFiscal(backend: Backend, nome: string, opts: { smtpUrl?: () => string } = {}): ServidorFiscal {
  const s = { dataDir: mkdtempSync(path.join(tmpdir(), `${nome}-`)) } as ServidorFiscal;
  s.call = (token, method, url, payload, headers = {}) => s.app.inject({ method: method as never, url, payload: payload as never, headers: { authorization: token, ...headers } });
  s.ok = async (token, method, url, payload, status = 200) => {
    const r = await s.call(token, method, url, payload);
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
    return r.json();
  };
  beforeAll(async () => {
    await pararSefazLocal();
    process.env.DATA_DIR = s.dataDir;
    s.srv = await startTestServer(backend, { dataDir: s.dataDir, smtpUrl: opts.smtpUrl?.() });
    s.app = s.srv.app;
    s.admin = await login(s.app, 'admin@demo.com.br');
    s.vizinha = await login(s.app, 'admin@vizinha.com.br');
    s.vendedor = await login(s.app, 'vendedor@demo.com.br');
  });
  afterAll(async () => {
    await s.srv?.close();
    await pararSefazLocal();
  });
  return s;
}

/**
 * The demo Matriz (account and branch) and what a sales NF-e of the tests needs from it: a cliente in SP with an
 * address, a product with NCM and the natureza 'Venda de mercadoria'; negative stock allowed, so no note stops on a
 * balance.
 */
export async function matrizDemo(srv: TestServer): Promise<{ tenant: number; matriz: number; clienteId: number; produtoId: number; naturezaVenda: number }> {
  const sql = (text: string, params: unknown[] = []) => srv.db.query(text, params);
  const b = (await sql(`SELECT tenant_id, id FROM branches WHERE cpf_cnpj = $1`, [CNPJ_MATRIZ])).rows[0];
  const tenant = Number(b.tenant_id);
  const um = async (text: string) => Number((await sql(text, [tenant])).rows[0].id);
  const clienteId = await um(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND uf = 'SP' AND logradouro IS NOT NULL ORDER BY id LIMIT 1`);
  const produtoId = await um(`SELECT id FROM produtos WHERE tenant_id = $1 AND ncm IS NOT NULL AND NOT servico ORDER BY id LIMIT 1`);
  const naturezaVenda = await um(`SELECT id FROM naturezas_operacao WHERE tenant_id = $1 AND descricao = 'Venda de mercadoria'`);
  await sql(`INSERT INTO configuracoes_estoque (tenant_id, permitir_estoque_negativo) SELECT $1, true WHERE NOT EXISTS (SELECT 1 FROM configuracoes_estoque WHERE tenant_id = $1)`, [tenant]);
  await sql(`UPDATE configuracoes_estoque SET permitir_estoque_negativo = true WHERE tenant_id = $1`, [tenant]);
  return { tenant, matriz: Number(b.id), clienteId, produtoId, naturezaVenda };
}
