import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three suites: pure functions, the live server on a real database, and the browser.
// All files form one queue served by as many workers as cores, two at least: a server or browser file waits on
// its database (PostgreSQL) or its browser (Chromium) for much of its time, so another file works meanwhile.
// Files share no state (each server its own database copied from the seeded one, its own port and data
// folder); tests/support/global-setup.ts builds what they share (the seeded copies, dist/) once, beforehand.
const workers = Math.max(2, availableParallelism());
const shared = { globalSetup: ['tests/support/global-setup.ts'] };

export default defineConfig({
  test: {
    globals: true,
    maxWorkers: workers,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'src/**/__tests__/**/*.test.ts'], environment: 'node', globals: true, testTimeout: 20000 } },
      { test: { name: 'web', include: ['tests/web/**/*.test.tsx', 'src/web/**/__tests__/**/*.test.tsx'], environment: 'jsdom', globals: true, testTimeout: 30000, setupFiles: ['tests/web/setup.ts'] } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', globals: true, testTimeout: 60000, hookTimeout: 120000, ...shared } },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node', globals: true, testTimeout: 120000, hookTimeout: 180000, ...shared } },
    ],
  },
});
