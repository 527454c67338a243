/**
 * What a module keeps for the whole process (caches keyed by account or certificate, the in-process local
 * SEFAZ and ADN, a key read from DATA_DIR) registers here how to forget it. A server process never calls this:
 * it runs one server for its life. The test suites run many test files one after the other in the same process
 * (vitest `isolate: false`), each with its own database copy where account 1 is another account: after each file
 * tests/support/entre-arquivos.ts forgets all of it, so nothing one file did is seen by the next.
 */
const esquecimentos = new Set<() => void | Promise<void>>();

/** Registers how to forget a module's process-wide state. */
export function aoEsquecerEstado(fn: () => void | Promise<void>): void {
  esquecimentos.add(fn);
}

/** Forgets every module's process-wide state (stops in-process stand-ins, empties caches). */
export async function esquecerEstadoDoProcesso(): Promise<void> {
  for (const fn of esquecimentos) await fn();
}
