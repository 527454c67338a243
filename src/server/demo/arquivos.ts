import type { AppServices } from '../app-services.ts';

/**
 * The files the demo seed wrote (the XML of the demo's purchase entries) wait in arquivos_demo: a seed has no file
 * storage, and a seeded database is shared by many test servers, each with its own. A start-up step (main.ts runs it
 * before listening, beside the certificates; test servers call it themselves) copies each into this server's file
 * storage under its key, where the screens, downloads and exports read it like any imported XML; a key the storage
 * already holds is left as it is. No request ever looks for them. Answers how many files it stored.
 */
export async function instalarArquivosDaDemonstracao(services: Pick<AppServices, 'db' | 'storage'>, tenantId?: number): Promise<number> {
  const r = await services.db.query<{ chave_arquivo: string; conteudo: string; tipo_conteudo: string }>(
    `SELECT chave_arquivo, conteudo, tipo_conteudo FROM arquivos_demo ${tenantId ? 'WHERE tenant_id = $1' : ''} ORDER BY tenant_id, chave_arquivo`,
    tenantId ? [tenantId] : [],
  );
  let n = 0;
  for (const a of r.rows) {
    const existente = await services.storage.get(a.chave_arquivo);
    if (existente) {
      existente.destroy();
      continue;
    }
    await services.storage.put(a.chave_arquivo, Buffer.from(a.conteudo, 'utf8'), { contentType: a.tipo_conteudo });
    n++;
  }
  return n;
}
