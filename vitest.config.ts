import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves one core free, which on two cores is one file at a time; the server's
    // test files spend most of their time waiting on databases, child processes and timers, so two
    // at once finish the suite far sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['**/*.test.ts'],
          environment: 'node',
          // Property tests run a hundred cases or more; on two busy cores that can pass 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own database; PGlite start-up and argon2 are slow on two busy cores.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.mjs'],
          environment: 'node',
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
