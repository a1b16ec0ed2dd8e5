#!/usr/bin/env node
// Take a screenshot of a page in Debian's headless Chromium.
//
//   node tests/e2e/screenshot.mjs URL OUT.png [WIDTH HEIGHT] [--full] [--wait SELECTOR] [--delay MS]
//
// Defaults to the desktop size 1280x800; use 390 844 for a phone. Waits for the network to go idle (and
// for SELECTOR to be visible if given) before shooting. Console errors are printed to stderr.

import path from 'node:path';
import { promises as fs } from 'node:fs';
import { launchBrowser, collectPageErrors } from './lib.mjs';

const args = process.argv.slice(2);
const flags = { full: false, wait: null, delay: 0 };
const pos = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--full') flags.full = true;
  else if (args[i] === '--wait') flags.wait = args[++i];
  else if (args[i] === '--delay') flags.delay = Number(args[++i]);
  else pos.push(args[i]);
}
const [url, out, width = '1280', height = '800'] = pos;
if (!url || !out) {
  console.error('usage: screenshot.mjs URL OUT.png [WIDTH HEIGHT] [--full] [--wait SELECTOR] [--delay MS]');
  process.exit(2);
}

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
  const errors = collectPageErrors(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  if (flags.wait) await page.locator(flags.wait).first().waitFor({ state: 'visible', timeout: 15000 });
  await page.evaluate(() => document.fonts.ready);
  if (flags.delay) await page.waitForTimeout(flags.delay);
  await fs.mkdir(path.dirname(path.resolve(out)), { recursive: true });
  await page.screenshot({ path: out, fullPage: flags.full });
  for (const e of errors) console.error(e);
  console.log(`saved ${out} (${width}x${height})`);
} finally {
  await browser.close();
}
