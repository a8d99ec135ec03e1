/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// Every build has an id (VITE_BUILD_ID, or a fresh one): the page is built with it, and
// version.json says which build is deployed, so an old page can tell that a new version
// replaced it when its workers no longer load (src/worker/appVersion.ts).
const BUILD_ID =
  process.env.VITE_BUILD_ID ||
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Writes version.json (never precached: globPatterns leaves .json out, so it is always fresh). */
function buildIdFile(): Plugin {
  return {
    name: 'squiggly:build-id',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ buildId: BUILD_ID })}\n`,
      });
    },
  };
}

/**
 * The built page's Content-Security-Policy, as a meta tag (a static host may send no headers).
 * Every script is a file of the app's own ('self': the build has no inline script, since the
 * service worker is registered from the bundle, not by an injected snippet). The engines
 * compile WebAssembly in the workers: Chromium gives a worker the policy of its own response
 * (none), not this tag's, but a browser that applies the page's policy to its workers would
 * refuse the fast engines without 'wasm-unsafe-eval' (which allows compiling WebAssembly,
 * never eval; wasmModule.ts falls back to the JavaScript engines if refused). Workers and the
 * service worker are the app's own files; styles are the app's one stylesheet (React sets
 * style props through the CSSOM, which style-src does not govern); images are the app's icons
 * and the PNG export, drawn from a blob: URL of its SVG. Nothing is fetched from elsewhere
 * (connect-src). Builds only: the dev server injects inline scripts and talks over a
 * websocket. test/e2e/csp.spec.ts checks the app works under it.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'squiggly:csp',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  plugins: [
    react(),
    // Offline: a service worker (production builds only) precaches the app shell, its
    // scripts and the solver worker, so after one visit the app loads and solves with no
    // network. Updates wait for the user (prompt): a new build installs and waits while any
    // tab runs the old one, whose scripts (the workers, started on first use) are still in
    // the old precache; the page offers Reload (updateSlice.ts), which activates the new one.
    // No skipWaiting: taking over at once would delete the old scripts under every open tab.
    // Once one tab chooses Reload, the new version serves every tab and drops the old cache;
    // the other tabs then say "Squiggly was updated — reload to continue" (appVersion.ts).
    // Old hashed scripts are not kept in a runtime cache: the precache served them, so such a
    // cache would be empty exactly when it is needed.
    // clientsClaim only takes pages that have no service worker yet (the first visit), so the
    // first page is served offline too; it never moves a page from one version to another.
    // The worker registers from the bundle (src/main.tsx), so no script is injected.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Squiggly — jigsaw Sudoku workbench',
        short_name: 'Squiggly',
        description:
          'Draw a jigsaw Sudoku layout, enter clues, and check whether the puzzle has exactly one solution, online or not.',
        theme_color: '#2b2b2b',
        background_color: '#f4efe6',
        display: 'standalone',
        start_url: './',
        scope: './',
        icons: [
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: 'icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        clientsClaim: true,
        // A share link is the app's page with a fragment: served from the cache offline.
        navigateFallback: 'index.html',
      },
    }),
    buildIdFile(),
    contentSecurityPolicy(),
  ],
  define: { __SQUIGGLY_BUILD_ID__: JSON.stringify(BUILD_ID) },
  base: './',
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  test: {
    // Generous: on a loaded 2-core machine a heavy test can take several times its usual
    // time. A test that hangs still fails; speed is measured in the benchmarks, not here.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/{engine,formats,cli,property,worker,store,lint,ci}/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['test/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['test/ui/setup.ts'],
        },
      },
    ],
  },
});
