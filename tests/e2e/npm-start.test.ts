// npm start runs the server from its esbuild bundle (scripts/server-build.ts) under plain Node, not the sources
// under tsx as every other suite does. This suite starts it exactly that way and walks what a bundle could
// break: files found next to their source (migrations, web app), modules that documents name (a resource's
// hooks, a business document's postings), packages loaded on first use (pdfkit, bwip-js), graceful shutdown.
import { serverIsStale, ensureServerBuilt } from '../../scripts/server-build.ts';
import { startServerProcess, type ServerProcess } from '../support/processo-servidor.ts';
import { ensureWebBuilt } from './support/build-web.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { montarNfe } from '../../src/server/fiscal/nfe.ts';
import { lerCertificadoA1 } from '../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../src/server/fiscal/assinatura.ts';
import { CASOS_GRUPOS } from '../fixtures/fiscal/grupos.ts';
import { gerarCertificadoTeste } from '../fixtures/fiscal/certificado-teste.ts';

/** The command lines of the processes a process started (every thread's children). */
const children = (pid: number): string[] =>
  readdirSync(`/proc/${pid}/task`)
    .flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean))
    .map((c) => {
      try {
        return readFileSync(`/proc/${c}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        return '';
      }
    });

let srv: ServerProcess;
let token: string;

const call = async (method: string, path: string, body?: unknown) =>
  fetch(`${srv.url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: token, host: 'localhost' }, body: body === undefined ? undefined : JSON.stringify(body) });

beforeAll(async () => {
  await ensureWebBuilt();
  await ensureServerBuilt();
  srv = await startServerProcess({ DATABASE_URL: '' }, 180000, 'scripts/start.mjs');
  const r = await fetch(`${srv.url}/api/Usuarios/login`, { method: 'POST', headers: { 'content-type': 'application/json', host: 'localhost' }, body: JSON.stringify({ email: 'admin@demo.com.br', password: 'demo1234' }) });
  expect(r.status).toBe(200);
  token = (await r.json()).id;
});

afterAll(async () => {
  await srv?.kill();
});

describe('npm start (the server bundle under plain Node)', () => {
  it('runs the bundle, up to date with the sources, with no TypeScript loader in the process', async () => {
    expect(serverIsStale()).toBe(false);
    expect(srv.proc.spawnargs).not.toContain('tsx');
    expect(srv.output()).toContain('dados de demonstração criados');
  });

  it('serves the web app from dist/ and the API', async () => {
    const index = await fetch(`${srv.url}/`, { headers: { host: 'localhost' } });
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<div id="root"');
    const r = await call('GET', '/api/Clientes?filter=%7B%22limit%22%3A1%7D');
    expect(r.status).toBe(200);
    expect((await r.json()).length).toBe(1);
  });

  it("runs a resource's hooks and a business document's postings from the bundle", async () => {
    const perfil = await call('POST', '/api/Perfis', { nome: 'Conferente', permissoes: {} });
    expect(perfil.status).toBe(200);
    const deposito = (await (await call('GET', '/api/Depositos?filter=%7B%22limit%22%3A1%7D')).json())[0];
    const produto = (await (await call('GET', '/api/Produtos?filter=%7B%22limit%22%3A1%7D')).json())[0];
    const acerto = await (await call('POST', '/api/AcertosEstoque', { depositoId: deposito.id, motivo: 'Contagem do teste de subida', itens: [{ produtoId: produto.id, quantidade: '7' }] })).json();
    expect(acerto.estado).toBe('rascunho');
    const efetivado = await call('POST', `/api/AcertosEstoque/${acerto.id}/efetivar`);
    expect(efetivado.status).toBe(200);
    expect((await efetivado.json()).estado).toBe('efetivado');
  });

  it('loads pdfkit and bwip-js on first use (a label preview)', async () => {
    const etiqueta = (await (await call('GET', '/api/Etiquetas?filter=%7B%22limit%22%3A1%7D')).json())[0];
    const r = await call('GET', `/api/Etiquetas/${etiqueta.id}/amostra`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await r.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('validates XML in the worker pool from its own bundle: no TypeScript loader (tsx and its esbuild service) in a worker', async () => {
    const t = gerarCertificadoTeste();
    const m = montarNfe(CASOS_GRUPOS[0].doc, assinadorDe(lerCertificadoA1(t.pfx, t.senha)));
    const r = await fetch(`${srv.url}/api/NotasFiscais/validar-xml`, { method: 'POST', headers: { 'content-type': 'application/xml', authorization: token, host: 'localhost' }, body: m.xml });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ valido: true, modelo: '55', chave: m.chave, erros: [] });
    expect(children(srv.pid).filter((c) => /esbuild|tsx/.test(c))).toEqual([]);
  });

  it('shuts down gracefully on SIGTERM', async () => {
    expect(await srv.stop()).toBe(0);
  });
});
