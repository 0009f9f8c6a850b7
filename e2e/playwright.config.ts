import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium';

const required = process.env.E2E_REQUIRED === '1';
if (!chromiumPath) {
  const how = 'install Chromium (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH';
  if (required) throw new Error(`E2E_REQUIRED=1 but no Chromium was found: ${how}.`);
  console.warn(`\n*** BROWSER TESTS SKIPPED: no Chromium found. To run them, ${how}. ***\n`);
}

const port = Number(process.env.E2E_PORT ?? 3100);
// Every run starts from an empty data folder, so the demo data is loaded fresh.
export const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'furrow-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './journeys',
  testMatch: chromiumPath ? '**/*.spec.ts' : [],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: chromiumPath
    ? {
        command: 'node start-server.mjs',
        url: `http://127.0.0.1:${port}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DEMO_DATA: 'true',
          LOG_LEVEL: 'warn',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
        },
      }
    : undefined,
});
