import { useState } from 'react';
import { toApiError } from './errors.ts';

/**
 * A screen's send to the server with the failure shown on the screen itself (an Alert, not a dialog): `enviar`
 * clears the last message, marks the send busy while `fn` runs and keeps the server's text when it fails.
 */
export function useEnvio() {
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const enviar = async (fn: () => Promise<unknown>) => {
    setErro(null);
    setEnviando(true);
    try {
      await fn();
    } catch (e) {
      setErro(toApiError(e).message);
    } finally {
      setEnviando(false);
    }
  };
  return { erro, setErro, enviando, enviar };
}
