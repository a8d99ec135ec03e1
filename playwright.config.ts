/**
 * End-to-end tests of the built app (dist/, served by `vite preview`) in Chromium. Run them with
 * `npm run test:e2e` (test/e2e/run-e2e.mjs finds a Chromium and builds the app first); the
 * browser is a system Chromium given by CHROMIUM_PATH, never one downloaded by Playwright.
 */
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT) || 4317;
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: CI,
  // On CI one retry for a browser test that met a slow moment (Playwright lists it as "flaky",
  // so it is seen); the @quiet pass gets two (test/e2e/run-e2e.mjs).
  retries: CI ? 1 : 0,
  // Two cores: one test per core; a long solver run in one test must not starve the other.
  workers: 2,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    // The built app registers a service worker, which serves the app from its cache and so
    // hides requests from page.route (worker-failure.spec.ts blocks the solver script that
    // way). Tests run without it; offline.spec.ts turns it on for itself.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
