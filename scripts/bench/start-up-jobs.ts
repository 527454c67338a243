import type { AppServices } from '../../src/server/app-services.ts';
import { transmitirPendentes } from '../../src/server/pdv/cupons.ts';
import { garantirVendasNfeDemo } from '../../src/server/demo/vendas.ts';

/**
 * The jobs a server runs 3 s after it starts (the demo's orders faturados with their NF-e, the PDV's pending
 * NFC-e), run to the end before a benchmark measures: otherwise they run inside the measurement, in the same
 * process (certificates generated, notes signed and validated: seconds of CPU). Their own timers then find
 * nothing left to do.
 */
export async function startUpJobsDone(services: AppServices): Promise<void> {
  await garantirVendasNfeDemo(services);
  await transmitirPendentes(services);
}
