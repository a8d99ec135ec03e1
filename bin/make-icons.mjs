#!/usr/bin/env node
/**
 * Make the PNG app icons (public/icon-192.png, public/icon-512.png, and a maskable 512 with
 * a safe margin) from public/favicon.svg, rendered by the same system Chromium the browser
 * tests use (CHROMIUM_PATH or /usr/bin/chromium). Browsers want PNG icons of these sizes to
 * offer installing the app; the SVG stays the source, so run this again after changing it:
 *   node bin/make-icons.mjs
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(ROOT, 'public/favicon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const { name, size, padding, background } of [
    { name: 'icon-192.png', size: 192, padding: 0, background: 'transparent' },
    { name: 'icon-512.png', size: 512, padding: 0, background: 'transparent' },
    // Maskable icons may be cut to a circle: the picture keeps to the middle 80 %.
    { name: 'icon-maskable-512.png', size: 512, padding: 52, background: '#f4efe6' },
  ]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:${background}">` +
        `<div style="padding:${padding}px;width:${size - 2 * padding}px;height:${size - 2 * padding}px">` +
        svg.replace('<svg ', '<svg width="100%" height="100%" ') +
        '</div></body></html>',
    );
    await page.screenshot({ path: join(ROOT, 'public', name), omitBackground: true });
    console.log(`wrote public/${name}`);
  }
} finally {
  await browser.close();
}
