import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// In development the API runs on its own port; the proxy keeps the browser on one origin,
// exactly as in production where the server serves this build.
const apiOrigin = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': apiOrigin,
      '/uploads': apiOrigin,
    },
  },
  build: {
    // Every browser the app supports preloads modules itself; the polyfill would cost each visit.
    modulePreload: { polyfill: false },
    // Which chunks each screen loads, for the bundle report of `npm run bench:web`.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app; in a chunk of their own they stay
        // cached across releases. Other libraries travel with the screens that use them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // A screen test types and clicks through whole forms; on two busy cores that outlasts 5 s.
    testTimeout: 20_000,
  },
});
