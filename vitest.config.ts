import { defineConfig } from 'vitest/config';

// Three suites: pure functions, the live server on a real database, and the browser.
// Server and browser files run one at a time: run side by side on 2 cores (tried in the stop-25 integration CI),
// browser waits of 30 s ran out under the load and e2e tests failed by chance. Files share no state (each server
// its own database copied from the seeded one, its own port and data folder); tests/support/global-setup.ts
// builds what they share (the seeded copies, dist/) once, beforehand.
const shared = { globalSetup: ['tests/support/global-setup.ts'] };

export default defineConfig({
  test: {
    globals: true,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'src/**/__tests__/**/*.test.ts'], environment: 'node', globals: true, testTimeout: 20000 } },
      { test: { name: 'web', include: ['tests/web/**/*.test.tsx', 'src/web/**/__tests__/**/*.test.tsx'], environment: 'jsdom', globals: true, testTimeout: 30000, setupFiles: ['tests/web/setup.ts'] } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', globals: true, testTimeout: 60000, hookTimeout: 120000, fileParallelism: false, ...shared } },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node', globals: true, testTimeout: 120000, hookTimeout: 180000, fileParallelism: false, ...shared } },
    ],
  },
});
