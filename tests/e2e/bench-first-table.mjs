#!/usr/bin/env node
// Benchmark (not a test): time from navigation to the first playable Hokm table in headless
// Chromium. Serves dist/ under /games/, opens a table link in a fresh browser context each
// run, and records (in the page, against performance.timeOrigin) when your hand's card buttons
// are in the DOM together with the first control you can act on: the "OK" of the first-hakem
// draw panel (HK-2), or the trump choice.
//
//   node tests/e2e/bench-first-table.mjs [--dist DIR] [--runs N] [--link LINK]

import path from 'node:path';
import { REPO_ROOT, option, VIEWPORTS, launchBrowser, startStaticServer } from './lib.mjs';

const dist = path.resolve(option('--dist', path.join(REPO_ROOT, 'dist')));
const runs = Number(option('--runs', '10'));

// Seed 2: you (seat 0) are the first hakem, so the table opens on your trump choice. The
// link is a share link as the app makes it: the Hokm page itself (hokm.html). `--link` takes
// another, e.g. the home page's `#/hokm?...`, which first loads index.html and then opens
// hokm.html (only the second page's time is counted from its own navigation start).
const LINK = option('--link', 'hokm.html#/hokm?seed=2&seats=ybbb');

const server = await startStaticServer(dist, '/games/');
const browser = await launchBrowser();
const results = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const done = () => {
        const card = document.querySelector('[data-testid=hand] button[data-card]');
        const action = document.querySelector(
          '[data-testid=draw-ok], [data-testid=trump-picker] button[data-trump]',
        );
        return card && action;
      };
      const watch = () => {
        if (done()) {
          window.__firstTable = performance.now();
          return;
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.goto(server.url + LINK, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__firstTable !== undefined, null, { timeout: 30000 });
    const t = await page.evaluate(() => ({
      table: window.__firstTable,
      domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
    }));
    results.push(t);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const times = results.map((r) => r.table).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  JSON.stringify({
    runs,
    link: LINK,
    chromium: browser.version(),
    first_playable_table_ms: {
      min: Math.round(times[0]),
      median: Math.round(median),
      max: Math.round(times[times.length - 1]),
    },
    dom_content_loaded_ms_median: Math.round(
      results.map((r) => r.domContentLoaded).sort((a, b) => a - b)[Math.floor(runs / 2)],
    ),
  }),
);
