import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import { useSocketEvent } from '../api/realtime.ts';
import type { Alerta } from './user-info.ts';

/** SPEC 9: alerts are refreshed every 300000 ms. */
export const ALERT_REFRESH_MS = 300_000;
export const ALERT_REFRESH_EVENT = 'retaguarda:atualizar-alertas';
export const EMPTY_ALERTS_TEXT = 'Sem notificações por enquanto.';

/** The refresh signal of SPEC 4: any screen may ask the header to reload the alerts. */
export function refreshAlerts(): void {
  window.dispatchEvent(new Event(ALERT_REFRESH_EVENT));
}

/** New first: a realtime alert carrying an id is prepended (once); without an id the caller reloads. */
export function mergeAlert(list: Alerta[], incoming: Alerta): Alerta[] | null {
  if (incoming?.id === undefined || incoming?.id === null) return null;
  return [incoming, ...list.filter((a) => a.id !== incoming.id)];
}

export function useAlerts(initial: Alerta[] | undefined, enabled = true) {
  const [alerts, setAlerts] = useState<Alerta[]>(initial ?? []);
  const load = useCallback(async () => {
    try {
      setAlerts((await api.get<Alerta[]>('Alerta/pesquisar-alertas')).data ?? []);
    } catch (err) {
      // SPEC 8: alert load failures are only logged.
      console.warn('Falha ao carregar alertas', err);
    }
  }, []);
  useEffect(() => {
    if (!enabled) return;
    void load();
    const timer = setInterval(load, ALERT_REFRESH_MS);
    window.addEventListener(ALERT_REFRESH_EVENT, load);
    return () => {
      clearInterval(timer);
      window.removeEventListener(ALERT_REFRESH_EVENT, load);
    };
  }, [enabled, load]);
  useSocketEvent<Alerta>('alerta', (a) => {
    let reload = false;
    setAlerts((list) => {
      const merged = mergeAlert(list, a);
      if (!merged) reload = true;
      return merged ?? list;
    });
    if (reload) void load();
  });
  const remove = async (id: number) => {
    try {
      await api.delete(`Alerta/${id}`);
    } catch (err) {
      console.warn('Falha ao excluir alerta', err);
    }
    await load();
  };
  return { alerts, reload: load, remove };
}
