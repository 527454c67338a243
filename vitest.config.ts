import { defineConfig } from 'vitest/config';
import MaisLongosPrimeiro from './tests/support/sequencia.ts';

// Four suites: pure functions, components under jsdom, the live server on a real database, and the browser.
// They run in three groups, one after the other (sequence.groupOrder), so that each gets the machine it needs:
//  0. unit and web, two files at a time (pure CPU, nothing shared);
//  1. api, two files at a time: each file its own server, database copy (PGlite in-process, or a database
//     cloned from the seeded template on PostgreSQL), port and data folder;
//  2. e2e alone, two files at a time (E2E_WORKERS, default 2): each file its own server, Chromium shared by a
//     worker's files (below). Beside the
//     api files on 2 cores (tried in the stop-25 integration CI) browser waits of 30 s ran out under the load;
//     two e2e files side by side took 406 s instead of 591 s one at a time, all green, with other work on the
//     machine (load up to 8), and every test waits on the state it checks.
// tests/support/global-setup.ts builds what the api and e2e files share (the seeded copies, dist/, the server
// bundle) once. The api suites' server processes (the crash suites, varios-servidores) start from the server bundle,
// as npm start does, instead of compiling src/server under tsx at every start (jobs.test.ts still starts
// src/server/main.ts under tsx, and varios-servidores src/server/cluster.ts): faturar-crash and pdv-crash one at a
// time on PGlite (load 16–18, 29/11/2026) 201 s → 167 s and 336 s → 250 s.
// unit and api run with `isolate: false`: a worker imports the server's modules once and runs its files one after
// the other, instead of importing them again for every file (api: imports 144 s → 14 s, the suite 567 s → 293 s).
// What a module keeps for the process is forgotten and the environment put back after each file
// (tests/support/entre-arquivos.ts); each server keeps its own per-account caches.
// e2e runs with `isolate: false` too, and a worker's files share one Chromium (tests/e2e/support/browser.ts
// launchChromium: each file its own contexts, closed at its end; its own server and database copy as before).
// Four small e2e files one at a time (load 15–19, 29/11/2026): import 40.8 s → 17.6 s, setup 18.8 s → 4.3 s, each
// file after the first 48–57 s → 28–36 s (about 20 s less per file: module graph, stand-ins and Chromium start-up).
// The api group's business suites run on PostgreSQL only in CI, what differs between the databases on both
// (tests/support/server.ts BACKENDS / AMBOS_BANCOS): api group alone, idle machine, 564 s -> 381 s (29/11/2026).
// Tried for web: isolate false (29/11/2026): 11 tests of 5 files failed (the app's modules keep a file's session
// and caches) and the group took as long. Tried for web, no gain (three files one at a time, load 10–11): pool 'threads' (119.8 s against 89.5–118.5 s with
// forks, and a 20 s timeout) and deps.optimizer.client (antd and React are loaded by Node, not bundled by it).
const entreArquivos = 'tests/support/entre-arquivos.ts';
const shared = { globalSetup: ['tests/support/global-setup.ts'] };
const PARALELO = Number(process.env.TEST_WORKERS ?? 2);
const E2E = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  test: {
    globals: true,
    // Within each group, the files that took longest start first (tests/support/sequencia.ts, tests/duracoes.json).
    sequence: { sequencer: MaisLongosPrimeiro },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'src/**/__tests__/**/*.test.ts'], environment: 'node', globals: true, isolate: false, setupFiles: [entreArquivos], testTimeout: 20000, maxWorkers: PARALELO, sequence: { groupOrder: 0 } } },
      { test: { name: 'web', include: ['tests/web/**/*.test.tsx', 'src/web/**/__tests__/**/*.test.tsx'], environment: 'jsdom', globals: true, testTimeout: 30000, setupFiles: ['tests/web/setup.ts'], maxWorkers: PARALELO, sequence: { groupOrder: 0 } } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', globals: true, isolate: false, setupFiles: [entreArquivos], testTimeout: 60000, hookTimeout: 120000, maxWorkers: PARALELO, sequence: { groupOrder: 1 }, ...shared } },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node', globals: true, isolate: false, setupFiles: [entreArquivos, 'tests/e2e/support/journal-setup.ts'], testTimeout: 120000, hookTimeout: 180000, fileParallelism: E2E > 1, maxWorkers: E2E, sequence: { groupOrder: 2 }, ...shared } },
    ],
  },
});
