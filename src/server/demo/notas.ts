import type { AppServices } from '../app-services.ts';
import { garantirImportacaoDemo } from './importacao.ts';
import { garantirDfeDemo } from './dfe.ts';
import { garantirNfseDemoDeTodas } from './nfse.ts';
import { garantirVendasNfeDemo } from './vendas.ts';

export interface NotasDaDemonstracao {
  /** Sales orders faturados with their NF-e. */
  vendas: number[];
  /** The own-import NF-e transmitted. */
  importacao: number[];
  /** Branches whose service orders were faturados with their NFS-e. */
  filiaisNfse: number;
  /** Branches against which the demo suppliers issued their NF-e (waiting for manifestação). */
  filiaisDfe: number;
}

/**
 * The demo's notes a seed cannot issue (they need the local SEFAZ and ADN, the file storage and the branch's
 * certificate): the sales orders marked demoNfe, the own-import entry, the service orders and the suppliers' notes
 * against the Matriz (manifestação), faturados or
 * transmitted through the same paths as any. A start-up job of the server process (main.ts runs it once after
 * listening; test servers call it themselves), never a side effect of reading a screen. Each part takes its mark
 * off under the row's lock, so several servers starting together issue each note once; a failure is reported
 * through aoFalhar and the rest goes on.
 */
export async function emitirNotasDaDemonstracao(services: AppServices, aoFalhar: (oque: string, e: unknown) => void = () => {}, tenantId?: number): Promise<NotasDaDemonstracao> {
  const r: NotasDaDemonstracao = { vendas: [], importacao: [], filiaisNfse: 0, filiaisDfe: 0 };
  r.vendas = await garantirVendasNfeDemo(services, tenantId, (id, e) => aoFalhar(`NF-e de demonstração do pedido ${id}`, e)).catch((e) => (aoFalhar('NF-e de demonstração dos pedidos', e), []));
  r.importacao = await garantirImportacaoDemo(services, tenantId).catch((e) => (aoFalhar('NF-e de importação de demonstração', e), []));
  r.filiaisNfse = await garantirNfseDemoDeTodas(services, tenantId).catch((e) => (aoFalhar('NFS-e de demonstração', e), 0));
  r.filiaisDfe = await garantirDfeDemo(services, tenantId).catch((e) => (aoFalhar('NF-e de fornecedores de demonstração (manifestação)', e), 0));
  return r;
}
