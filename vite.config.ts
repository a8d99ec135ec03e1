/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    // Offline: a service worker (production builds only) precaches the app shell, its
    // scripts and the solver worker, so after one visit the app loads and solves with no
    // network. autoUpdate: a new build takes over on the next load, no prompt needed (the
    // puzzle lives in localStorage, so nothing is lost by it).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
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
        skipWaiting: true,
        // A share link is the app's page with a fragment: served from the cache offline.
        navigateFallback: 'index.html',
      },
    }),
  ],
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
