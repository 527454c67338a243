import { afterAll } from 'vitest';
import { esquecerEstadoDoProcesso } from '../../src/server/estado-do-processo.ts';
import { registrarStandIns } from '../../src/server/stand-ins/registrar.ts';

// Files that use the SEFAZ / ADN clients or the billing provider without building a server (buildApp registers them too).
registrarStandIns();

/**
 * Setup file of the api and unit suites, which run their files one after the other in the same process
 * (`isolate: false` in vitest.config.ts: the modules are imported once per worker, not once per file). Runs
 * before each file; after the file's own hooks (the last afterAll to run), it puts back the environment
 * variables as the file found them (DATA_DIR, CEP_API_URL, …) and makes the server modules forget what they
 * keep for the process (src/server/estado-do-processo.ts: caches keyed by account or certificate, the local
 * SEFAZ and ADN with their state folder), so the next file starts as if in a new process.
 */
const ambiente = { ...process.env };

afterAll(async () => {
  for (const k of Object.keys(process.env)) if (!(k in ambiente)) delete process.env[k];
  for (const [k, v] of Object.entries(ambiente)) if (process.env[k] !== v) process.env[k] = v;
  await esquecerEstadoDoProcesso();
});
