#!/usr/bin/env node
// Benchmark (not a test): the hand analysis in the browser's worker (issue 24, part 2). Reads
// the worker's `analyse` messages, one JSON a line, as `cards dds --analyse --requests` writes
// them for hands played by the rule bots; opens the game's page in headless Chromium, starts
// the hard bots' Web Worker as the page's analysis panel does (`hard-worker_loader.js`, the
// worker's own table and node budget), and sends the hands one after the other, timing each
// from the request to the final answer (and to its first partial answer). Prints one JSON
// object: n, p50, p95 and max, the hands analysed whole, and per hand its seconds and first
// trick analysed.
//
//   cargo build --release -p cards
//   ./target/release/cards dds --analyse --requests --game shelem --players 4 --deals 100 --seed 300001 > /tmp/shelem.jsonl
//   node tests/e2e/bench-analysis.mjs --dist dist --requests /tmp/shelem.jsonl

import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, option, launchBrowser, startStaticServer } from './lib.mjs';

const dist = path.resolve(option('--dist', path.join(REPO_ROOT, 'dist')));
const file = option('--requests', null);
if (!file) {
  console.error('usage: node tests/e2e/bench-analysis.mjs [--dist DIR] --requests FILE');
  process.exit(2);
}
const requests = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
const game = JSON.parse(requests[0]).game;

const server = await startStaticServer(dist, '/games/');
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  // The setup screen: a route of the game's page (another would open another page).
  await page.goto(`${server.url}${game}.html#/${game}/setup`, { waitUntil: 'load' });
  await page.locator('[data-testid=play-online]').waitFor({ timeout: 15000 });
  // One worker for the whole run, as a page keeps its worker (its table stays allocated);
  // it takes messages once it says it is ready (as src/web.rs waits).
  await page.evaluate(
    () =>
      new Promise((ready, failed) => {
        const w = new Worker('hard-worker_loader.js');
        w.onerror = () => failed(new Error('the worker did not load'));
        w.addEventListener('message', (e) => {
          if (e.data === '{"ready":true}') ready();
        });
        window.benchWorker = w;
      }),
  );
  const hands = [];
  for (const request of requests) {
    const r = await page.evaluate(
      (m) =>
        new Promise((done) => {
          const w = window.benchWorker;
          const t0 = performance.now();
          let first = null;
          const on = (e) => {
            let a;
            try {
              a = JSON.parse(e.data);
            } catch (_) {
              return;
            }
            if (a.t !== 'analysis') return;
            if (a.analysis && first === null) first = performance.now() - t0;
            if ((a.analysis && !a.more) || a.error) {
              w.removeEventListener('message', on);
              done({ ms: performance.now() - t0, first, from: a.analysis ? a.analysis.from_trick : null, error: a.error || null });
            }
          };
          w.addEventListener('message', on);
          w.postMessage(m);
        }),
      request,
    );
    if (r.error) throw new Error(`hand ${hands.length + 1}: ${r.error}`);
    hands.push(r);
  }
  const ms = hands.map((h) => h.ms).sort((a, b) => a - b);
  const firsts = hands.map((h) => h.first).sort((a, b) => a - b);
  const at = (xs, q) => Math.round(xs[Math.round((xs.length - 1) * q)]);
  console.log(
    JSON.stringify({
      game,
      hands: hands.length,
      whole: hands.filter((h) => h.from === 1).length,
      ms_p50: at(ms, 0.5),
      ms_p95: at(ms, 0.95),
      ms_max: at(ms, 1),
      first_answer_ms_p50: at(firsts, 0.5),
      first_answer_ms_p95: at(firsts, 0.95),
      seconds: hands.map((h) => Math.round(h.ms / 10) / 100),
      from_trick: hands.map((h) => h.from),
    }),
  );
} finally {
  await browser.close();
  await server.close();
}
