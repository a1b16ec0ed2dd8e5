#!/usr/bin/env node
// Benchmark (not a test): time per hard-bot move in headless Chromium, every game that offers
// a hard bot. For each game it opens a table of you and hard bots (`bots=h…`), times every
// choice the page posts to the hard bots' Web Worker until its answer comes back (the search
// plus two messages; the harness of tests/e2e/tests/hard.test.mjs), and plays your turns
// through the UI with the game's browser-test helper, hand after hand, until `--moves` hard
// moves were timed. Prints n, p50, p95 and max per game, and the longest gap between
// animation frames while a bot thought.
//
//   node tests/e2e/bench-hard-moves.mjs [--dist DIR] [--moves N] [--seed S] [--games a,b]

import path from 'node:path';
import { REPO_ROOT, option, launchBrowser, startStaticServer, assert } from './lib.mjs';
import { TIME_WORKER, pct, playWithHints } from './tests/hard.test.mjs';
import { playHand as hokmHand } from './tests/hokm.test.mjs';
import { playHand as shelemHand } from './tests/shelem.test.mjs';
import { playHand as bidelHand } from './tests/bidel.test.mjs';
import { playHand as hxHand } from './tests/haft_khabis.test.mjs';
import { playRound as pasurRound } from './tests/pasur.test.mjs';

const dist = path.resolve(option('--dist', path.join(REPO_ROOT, 'dist')));
const moves = Number(option('--moves', '40'));
const seed = Number(option('--seed', '7'));

const timed = (page) => page.evaluate(() => window.cardsHardTimes.length);
// Plays hands with `hand(page, table)` until enough moves were timed, pressing "next hand".
const byHands = (hand) => async (page) => {
  const table = page.locator('[data-testid=table]');
  const end = Date.now() + 600000;
  while ((await timed(page)) < moves) {
    assert(Date.now() < end, 'enough hard moves within 10 minutes');
    await hand(page, table);
    const phase = await table.getAttribute('data-phase');
    if (phase === 'match_over') break;
    const next = page.locator('[data-testid=next-hand]');
    await next.waitFor({ timeout: 30000 });
    await next.click();
    await page.waitForTimeout(300);
  }
};

const GAMES = {
  hokm: { link: 'hokm.html#/hokm?seats=ybbb&bots=hhh', play: byHands((p, t) => hokmHand(p, t, assert, 300000)) },
  'hokm-2': { link: 'hokm.html#/hokm?seats=yb&bots=h', play: byHands((p, t) => hokmHand(p, t, assert, 300000)) },
  shelem: { link: 'shelem.html#/shelem?seats=ybbb&bots=hhh', play: byHands((p, t) => shelemHand(p, t, assert, 300000)) },
  'shelem-2': { link: 'shelem.html#/shelem?seats=yb&bots=h', play: byHands((p, t) => shelemHand(p, t, assert, 300000)) },
  bidel: { link: 'bidel.html#/bidel?seats=ybbb&bots=hhh', play: byHands((p, t) => bidelHand(p, t, assert, 300000)) },
  pasur: { link: 'pasur.html#/pasur?seats=ybbb&bots=hhh', play: byHands((p) => pasurRound(p, assert, 300000)) },
  'haft-khabis': { link: 'haft-khabis.html#/haft-khabis?seats=ybbb&bots=hhh', play: byHands((p, t) => hxHand(p, t, assert, 300000)) },
  'crazy-eights': {
    link: 'crazy-eights.html#/crazy-eights?seats=ybbb&bots=hhh',
    play: (page) => playWithHints({ page, assert, hardMoves: moves, deadlineMs: 600000 }),
  },
};
const games = option('--games', Object.keys(GAMES).join(',')).split(',');

const server = await startStaticServer(dist, '/games/');
const browser = await launchBrowser();
try {
  for (const game of games) {
    const g = GAMES[game];
    if (!g) throw new Error(`no game ${game}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(TIME_WORKER);
    await page.goto(`${server.url}${g.link}&seed=${seed}`, { waitUntil: 'load' });
    await page.locator('[data-testid=table]').waitFor({ timeout: 20000 });
    const t0 = Date.now();
    await g.play(page);
    const ms = (await page.evaluate(() => window.cardsHardTimes)).map((t) => t.ms);
    const gap = await page.evaluate(() => window.cardsFrames.gap);
    const f = (x) => `${Math.round(x)} ms`;
    console.log(
      `${game}: n=${ms.length} p50=${f(pct(ms, 50))} p95=${f(pct(ms, 95))} max=${f(Math.max(...ms))}; ` +
        `longest frame gap while a bot thought ${f(gap)}; ${Math.round((Date.now() - t0) / 1000)} s`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
