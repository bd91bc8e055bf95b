import { defineConfig } from 'vitest/config';

const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

/** One runner for every layer: domain units, server integration on PostgreSQL, web components in jsdom, browser journeys. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Typing into antd's forms in jsdom is slow on a loaded two-core machine.
          testTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // Two files at a time: each starts its own server process on its own database and its
          // own Chromium, so files share nothing but the embedded PostgreSQL. Vitest's default
          // (cores − 1) would be one worker on a 2-core machine. E2E_WORKERS=1 runs them one by
          // one (to compare, or to rule out a neighbour). See docs/performance.md, CI time.
          fileParallelism: e2eWorkers > 1,
          maxWorkers: e2eWorkers,
        },
      },
    ],
  },
});
