import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
      './apps/web/vite.config.ts',
    ],
  },
});
