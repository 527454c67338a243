/** The boletos module's public face: what other modules (app, demo seed) may call. */
export { default as boletosRoutes } from './routes.ts';
export { default as cobrancaRoutes } from './cobranca-routes.ts';
export { alterarBoleto, aplicarRetorno, baixarBoleto, cancelarBoleto, emitirAvulso, emitirBoletos, gerarRemessaPendente, listarBoletos, previaRetorno, type Boleto, type EstadoBoleto } from './cobranca.ts';
export { beneficiarioDaFilial, lerConfiguracao } from './configuracao.ts';
export { carregarLayout, escreverRegistro, identificarRegistro, lerRegistro } from './cnab/layout.ts';
export { atualizarTransacoes } from './automacao.ts';
export { hashWebhook, segredoGuardado } from './automacao-config.ts';
import type { AppServices } from '../app-services.ts';
import type { PeriodicKind } from '../jobs/index.ts';
import { registrarJobsAutomacao } from './automacao.ts';
import { cifrarSegredosAntigos } from './automacao-config.ts';
import { registrarJobsLembretes } from './lembretes.ts';
import { registrarJobsPix } from './pix-cobranca.ts';

/** The boletos' job kinds (bank files, Pix, e-mails) registered on the queue; returns the periodic ones for app.ts. */
export function jobsBoletos(services: AppServices): PeriodicKind[] {
  registrarJobsPix(services);
  // Secrets saved in plain text before they were encrypted at rest: encrypted once on start (outside any transaction);
  // until then they are still read as they are, and a failure here leaves them for the next start.
  void cifrarSegredosAntigos(services.db).catch((e) => console.error(`boletos: segredos da automação não cifrados agora (${(e as Error).message})`));
  return [...registrarJobsAutomacao(services), ...registrarJobsLembretes(services)];
}
