import { useState } from 'react';
import { showError } from './dialogs.tsx';

/**
 * A screen's send that keeps its button busy: `ocupar` marks it busy while `fn` runs and shows a failure in the
 * error dialog (or hands it to `falha`, e.g. to read a Blob's JSON error first). For the failure shown on the screen
 * itself, see useEnvio (api/envio.ts).
 */
export function useOcupado() {
  const [ocupado, setOcupado] = useState(false);
  const ocupar = async (fn: () => Promise<unknown>, falha: (e: unknown) => unknown = showError) => {
    setOcupado(true);
    try {
      await fn();
    } catch (e) {
      await falha(e);
    } finally {
      setOcupado(false);
    }
  };
  return { ocupado, ocupar };
}
