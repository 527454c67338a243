/**
 * The demo's one entry point for the server (main.ts, cluster.ts): the seed of an empty database, the start-up
 * step that puts the demo's certificates and files into this server's storage, and the start-up job that issues the
 * demo's notes. The demo sits on top of the modules and seeds through their public faces (`<módulo>/index.ts`);
 * no module imports it, and no request, timer or emission runs demo code.
 */
import type { AppServices } from '../app-services.ts';
import { instalarArquivosDaDemonstracao } from './arquivos.ts';
import { instalarCertificadosDaDemonstracao } from './certificados.ts';

export { DEMO_PASSWORD, seedDemo } from './seed.ts';
export { emitirNotasDaDemonstracao, type NotasDaDemonstracao } from './notas.ts';

/**
 * Start-up step, before the first request: the demo branches' test certificates and the demo's seeded files in this
 * server's storage (each server's storage and key; nothing to do once they are there, or with DEMO_DATA=off).
 */
export async function instalarDemonstracaoNoServidor(services: Pick<AppServices, 'db' | 'storage'>, tenantId?: number): Promise<{ certificados: number; arquivos: number }> {
  const certificados = await instalarCertificadosDaDemonstracao(services, tenantId);
  const arquivos = await instalarArquivosDaDemonstracao(services, tenantId);
  return { certificados, arquivos };
}
