import type { JobQueue } from './queue.ts';

/**
 * JOBS_DIAGNOSTICO=on: a job kind that only waits, to check the queue on a real installation (and in the crash
 * tests): 'diagnostico.espera' with { esperarMs, somenteNaPrimeira } waits that long (on the first attempt only
 * when somenteNaPrimeira), then ends; { falhar: 'mensagem' } fails with that message.
 */
export function registrarJobsDiagnostico(queue: JobQueue): void {
  queue.register<{ esperarMs?: number; somenteNaPrimeira?: boolean; falhar?: string }>(
    'diagnostico.espera',
    async (p, job) => {
      const ms = Math.min(Math.max(Number(p.esperarMs) || 0, 0), 3600_000);
      if (ms && (!p.somenteNaPrimeira || job.tentativas === 1)) await new Promise((r) => setTimeout(r, ms));
      if (p.falhar) throw new Error(String(p.falhar));
    },
    { maxTentativas: 3, esperaBaseMs: 1000 },
  );
}
