import type { Readable } from 'node:stream';
import type { Db } from '../db/db.ts';
import type { FileStorage } from './storage.ts';

/**
 * Files the demo seed wrote (the XML of the demo's purchase entries) live in arquivos_demo until a server is asked
 * for one: then it is copied into that server's file storage (seeding has no storage; a seeded database is shared
 * by many servers) and served from there.
 */
export async function arquivoDemo(services: { db: Db; storage: FileStorage }, tenantId: number, chave: string): Promise<Readable | null> {
  const r = await services.db.tenant({ tenantId }, (q) => q.query<{ conteudo: string; tipo_conteudo: string }>(`SELECT conteudo, tipo_conteudo FROM arquivos_demo WHERE tenant_id = $1 AND chave_arquivo = $2`, [tenantId, chave]));
  const a = r.rows[0];
  if (!a) return null;
  await services.storage.put(chave, Buffer.from(a.conteudo, 'utf8'), { contentType: a.tipo_conteudo });
  return services.storage.get(chave);
}
