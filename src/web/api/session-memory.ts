/**
 * What the tab keeps in memory for the signed-in user besides the stored keys SPEC 2.3 names (token, user info,
 * 'cache:' keys): the SWR cache of every screen (the user info, menus' data, dashboard cards, lists), the realtime
 * socket and its rooms, the answers a cold start fetched early, the branch's time zone. Signing out, or signing
 * in as someone else in the same tab, drops all of it (issue 41), so the next user sees only their own world.
 * Each holder registers its own cleanup where it lives; this module has no dependency, so the entry chunk can
 * carry it.
 */
const limpezas = new Set<() => void>();

/** Registers what to drop when the session ends; returns the unregistration. */
export function onSessionEnd(limpar: () => void): () => void {
  limpezas.add(limpar);
  return () => limpezas.delete(limpar);
}

/** Drops every in-memory trace of the session (each cleanup on its own: one failing does not keep the others). */
export function forgetSessionMemory(): void {
  for (const limpar of [...limpezas]) {
    try {
      limpar();
    } catch {
      // a cleanup that fails leaves only its own holder as it was
    }
  }
}
