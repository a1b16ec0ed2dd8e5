#!/usr/bin/env node
// Benchmark (issue 25, part 3): how long a player on a mid-range phone waits, from opening a page
// to the first control they can act on, and what the page moves over the network.
//
// Headless Chromium (Debian's, through playwright-core) emulating a phone: 390×844 at a device
// scale factor of 2.625, touch, CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`), and
// Lighthouse's "slow 4G" network: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (CDP
// `Network.emulateNetworkConditions`, whose throughputs are in bytes per second), applied to the
// page and to the site's service worker. The site is served by the relay as `./play` runs it
// (`target/debug/relay --static dist --database <folder>/relay.sqlite`), on 127.0.0.1, a free
// port and a temporary database folder, stopped at the end (--relay another binary, e.g. an
// older build for a "before").
//
// "The first control the player can act on" is the desktop benchmark's (bench-first-table.mjs):
// the hand's card buttons in the page together with the first control of the game (the OK of
// the hakem draw, HK-2, or the trump choice; a bid or a pass of an auction; a playable card),
// noted in the page at the animation frame that first sees both, against the navigation start
// of the page that was opened (`performance.timeOrigin`).
//
// Scenarios (each run in a fresh browser context):
//   hokm-cold    a Hokm share link, `hokm.html#/hokm?seed=2&seats=ybbb`: HTTP cache disabled
//                (`Network.setCacheDisabled`), no service worker.
//   hokm-warm    the same link again in the context that opened it once: after the first visit
//                the service worker controls the page and has cached what it loaded; HTTP cache
//                on. Only the second visit is measured.
//   home-hokm    the home page `/`, a tap on Hokm, a tap on Start (three bots, the setup form's
//                defaults), as a person goes; no service worker, HTTP cache on (it starts
//                empty; the game page reuses what the home page fetched, as a first visit
//                does). Measured from the home page's navigation start.
//   pasur-cold   `pasur.html#/pasur?seed=6&seats=ybbb` as hokm-cold (seed 6: you play first).
//   shelem-cold  `shelem.html#/shelem?seed=6&seats=ybbb` as hokm-cold (seed 6: you bid first).
//
// Per run: the milliseconds to the first control; the bytes on the wire until the network is
// quiet, counted by a pass-through counter between the browser and the relay (what the relay
// sent: headers and bodies as encoded, for the page, its workers and the service worker, requests
// cut short by a navigation included; a response the service worker answers from its cache moves
// nothing); and, from Chromium's own counts (Playwright's request sizes, i.e. encodedDataLength),
// the responses that reached the network, their bytes and how many of them had arrived by the
// first control. Then the p50 and max of each scenario, as a table, or as JSON with --json
// (--verbose lists each response). Console errors, page errors and failed requests are printed.
//
//   node tests/e2e/bench-phone.mjs [--runs N] [--json] [--verbose] [--cpu 4] [--scenarios a,b] [--relay BIN] [--dist DIR]
//   node tests/e2e/bench-phone.mjs --runs 1 --check      # ./test: bounded, no timing target
//   node tests/e2e/bench-phone.mjs --trace --cpu 1 --scenarios hokm-warm   # where the CPU goes
//
// --trace records a Chromium trace of each measured visit of a cold link or a warm one (not
// home-hokm) and prints what the page's main thread did to the first control (the trace's
// events by name: running JS and wasm, compiling wasm, style, layout, …).
//
// --check asserts only what does not depend on the machine's load: every run reaches its first
// control within 30 s, the network was throttled (no large response came faster than 1.6 Mbit/s
// allows), no console or page error, and the cold Hokm share link moves at most --budget bytes
// (default BUDGET below). It runs hokm-cold, hokm-warm and home-hokm unless --scenarios says
// otherwise. Talks only to 127.0.0.1.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, collectPageErrors, launchBrowser } from './lib.mjs';

// The cold Hokm share link's bytes on the wire, with about 10% room (docs/benchmarks.md, "On a
// phone"): 513,329 B on 2026-11-29 at 5b1ceda (html, js, wasm, css, the icon twice, both fonts and
// the hard bots' worker, as the relay sends them, brotli where it helps; 520,306 B at 82f6c6e,
// 530,769 B at 0060ec0, 547,692 B at 95b9227, 576,209 B at b38d265). Lower it as the pages get
// lighter.
const BUDGET = 565000;

const SCENARIOS = {
  'hokm-cold': { kind: 'link', link: 'hokm.html#/hokm?seed=2&seats=ybbb' },
  'hokm-warm': { kind: 'warm', link: 'hokm.html#/hokm?seed=2&seats=ybbb' },
  'home-hokm': { kind: 'home', game: 'hokm' },
  'pasur-cold': { kind: 'link', link: 'pasur.html#/pasur?seed=6&seats=ybbb' },
  'shelem-cold': { kind: 'link', link: 'shelem.html#/shelem?seed=6&seats=ybbb' },
};
const CHECKED = ['hokm-cold', 'hokm-warm', 'home-hokm'];

// Lighthouse's "slow 4G" and a mid-range phone.
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const CPU_SLOWDOWN_DEFAULT = 4;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true };

const CONTROL_TIMEOUT_MS = 30000; // to the first control, under throttling
const QUIET_MS = 1000; // the network is quiet after this long without a request in flight
const QUIET_MAX_MS = 30000;

// --- arguments ---------------------------------------------------------------------------------

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const check = flag('--check');
const verbose = flag('--verbose');
const trace = flag('--trace');
const json = flag('--json');
const runs = Number(opt('--runs', '5'));
const CPU_SLOWDOWN = Number(opt('--cpu', String(CPU_SLOWDOWN_DEFAULT))); // 1: the machine's own speed
const budget = Number(opt('--budget', String(BUDGET)));
const dist = path.resolve(opt('--dist', path.join(REPO_ROOT, 'dist')));
// ./play's relay: the debug build, in Cargo's target folder.
const targetDir = process.env.CARGO_TARGET_DIR ? path.resolve(REPO_ROOT, process.env.CARGO_TARGET_DIR) : path.join(REPO_ROOT, 'target');
const relayBin = path.resolve(opt('--relay', path.join(targetDir, 'debug', 'relay')));
const names = opt('--scenarios', (check ? CHECKED : Object.keys(SCENARIOS)).join(',')).split(',');
const usage = (why) => {
  console.error(`bench-phone: ${why}`);
  process.exit(2);
};
if (!(Number.isInteger(runs) && runs >= 1)) usage('--runs must be a positive integer');
if (!(CPU_SLOWDOWN >= 1)) usage('--cpu must be a slowdown of 1 or more');
if (!(budget > 0)) usage('--budget must be a positive number of bytes');
for (const n of names) if (!SCENARIOS[n]) usage(`unknown scenario ${n} (${Object.keys(SCENARIOS).join(', ')})`);
if (!existsSync(relayBin)) usage(`no relay at ${relayBin}: run \`cargo build -p relay\` (./play and ./test build it)`);
if (!existsSync(path.join(dist, 'index.html'))) usage(`no site in ${dist}: run ./play --no-serve`);

/** Progress and tables: to stdout, or to stderr when stdout carries the JSON. */
const say = (...a) => (json ? console.error : console.log)(...a);

// --- the relay, as ./play runs it --------------------------------------------------------------

async function startRelay() {
  const dbDir = mkdtempSync(path.join(os.tmpdir(), 'bench-phone-'));
  const proc = spawn(relayBin, ['--listen', '127.0.0.1:0', '--static', dist, '--database', path.join(dbDir, 'relay.sqlite')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  // However this process ends, the relay does not outlive it.
  process.on('exit', () => proc.exitCode === null && proc.signalCode === null && proc.kill('SIGKILL'));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dbDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the relay did not start in 20 s:\n${log}`)), 20000);
      const read = (d) => {
        log += d;
        const m = log.match(/listening on (http:\/\/127\.0\.0\.1:[0-9]+)/);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      proc.stdout.on('data', read);
      proc.stderr.on('data', read);
      exited.then((code) => reject(new Error(`the relay exited (${code}):\n${log}`)));
    });
    const end = Date.now() + 20000;
    for (;;) {
      const ok = await fetch(`${url}/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > end) throw new Error('the relay did not answer /health in 20 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    return { url, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * A byte counter in front of the relay: the browser connects to it, it passes every connection
 * on to the relay unchanged and counts what the relay sends back (HTTP headers and bodies as they
 * are encoded, from the page, its workers and the service worker alike, requests cut short by a
 * navigation included). `reset()` starts a run's count, `down` reads it.
 */
async function startMeter(relayUrl) {
  const target = new URL(relayUrl);
  const sockets = new Set();
  const meter = { down: 0, up: 0, reset() { meter.down = 0; meter.up = 0; } };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (d) => (meter.up += d.length));
    upstream.on('data', (d) => (meter.down += d.length));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  meter.url = `http://127.0.0.1:${server.address().port}`;
  meter.close = () => {
    for (const s of sockets) s.destroy();
    return new Promise((resolve) => server.close(resolve));
  };
  return meter;
}

// --- the emulated phone ------------------------------------------------------------------------

/** Slows a page's CPU and network; `cacheDisabled` turns the HTTP cache off for it. */
async function throttle(context, page, { cacheDisabled }) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/**
 * Throttles the network of the site's service workers: a page-level CDP session does not reach
 * them, and their fetches (the pages they fetch network-first, what they cache) would run at
 * loopback speed. Chromium's browser-level auto-attach (which would hold a new worker until it
 * is throttled) speaks only the flattened protocol, which Playwright's CDP sessions cannot
 * address, so each worker is attached when it is announced. Playwright attaches to it too and
 * sets its own (unthrottled) conditions at a moment of its own: `apply()` sets ours again on
 * every running worker, before the visit that is measured.
 */
async function throttleServiceWorkers(browser) {
  const cdp = await browser.newBrowserCDPSession();
  let id = 0;
  const sessions = new Map(); // targetId → sessionId
  const send = (sessionId, method, params) =>
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
  // The conditions hold only with the worker's Network domain enabled.
  const throttleOne = async (sessionId) => {
    await send(sessionId, 'Network.enable', {});
    await send(sessionId, 'Network.emulateNetworkConditions', NETWORK);
  };
  cdp.on('Target.targetCreated', async ({ targetInfo }) => {
    if (targetInfo.type !== 'service_worker' || sessions.has(targetInfo.targetId)) return;
    try {
      const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: targetInfo.targetId, flatten: false });
      sessions.set(targetInfo.targetId, sessionId);
      await throttleOne(sessionId);
    } catch {
      // The worker went away (its run's context closed).
    }
  });
  cdp.on('Target.detachedFromTarget', ({ targetId }) => sessions.delete(targetId));
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  return {
    async apply() {
      for (const sessionId of sessions.values()) await throttleOne(sessionId).catch(() => {});
    },
  };
}

/**
 * Notes, in every document of the context, the time (epoch ms) at which the first control the
 * player can act on is shown, as bench-first-table.mjs does: your hand's cards and an action.
 */
function watchFirstControl(context) {
  return context.addInitScript(() => {
    const ACTION = [
      '[data-testid=draw-ok]',
      '[data-testid=trump-picker] button[data-trump]',
      '[data-testid=auction] button[data-bid]',
      '[data-testid=bid-pass]',
      '[data-testid=hand] button[data-card].playable',
    ].join(', ');
    // When the home page's game links and the setup's Start first show, and the first change of
    // the address's fragment (Start tapped): kept in session storage, across the tab's pages.
    const seen = JSON.parse(sessionStorage.getItem('bench.seen') || '{}');
    const note = (id) => {
      if (seen[id] !== undefined) return;
      seen[id] = performance.timeOrigin + performance.now();
      sessionStorage.setItem('bench.seen', JSON.stringify(seen));
    };
    addEventListener('hashchange', () => note('hashchange'));
    const watch = () => {
      for (const id of ['game-hokm', 'game-pasur', 'game-shelem', 'start']) {
        if (document.querySelector(`[data-testid=${id}]`)) note(id);
      }
      if (document.querySelector('[data-testid=hand] button[data-card]') && document.querySelector(ACTION)) {
        window.__firstControl = performance.timeOrigin + performance.now();
        return;
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
}

/**
 * Counts what the context moves over the network: every finished response's encoded body and
 * headers (the page's, its workers' and the service worker's own fetches), none for a response
 * the service worker answered. `quiet()` waits until nothing has been in flight for QUIET_MS.
 */
function wire(context) {
  const pending = new Set();
  const sizes = [];
  let lastChange = Date.now();
  context.on('request', (req) => {
    pending.add(req);
    lastChange = Date.now();
  });
  const done = (req, finished) => {
    pending.delete(req);
    lastChange = Date.now();
    if (!finished) return;
    sizes.push(
      (async () => {
        const response = await req.response();
        if (!response || response.fromServiceWorker()) return null;
        const s = await req.sizes();
        const bytes = Math.max(0, s.responseBodySize + s.responseHeadersSize);
        const t = req.timing(); // startTime in epoch ms, the others in ms after it
        const by = req.serviceWorker() ? 'service worker' : 'page';
        const ms = t.responseEnd; // from the request's start: the emulated latency included
        const at = t.startTime + t.responseEnd;
        return { url: req.url(), bytes, at, ms, body: s.responseBodySize, status: response.status(), by };
      })().catch(() => null),
    );
  };
  context.on('requestfinished', (req) => done(req, true));
  context.on('requestfailed', (req) => done(req, false));
  return {
    async quiet() {
      const end = Date.now() + QUIET_MAX_MS;
      while (pending.size > 0 || Date.now() - lastChange < QUIET_MS) {
        if (Date.now() > end) throw new Error(`the network did not go quiet in ${QUIET_MAX_MS / 1000} s`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    /**
     * What moved until the network went quiet: the relay's bytes (`meter`), and the responses
     * Chromium finished (those that reached the network), with what of them had arrived by
     * `control`.
     */
    async total(control, meter) {
      const all = (await Promise.all(sizes)).filter((r) => r && r.bytes > 0);
      const sum = (rs) => rs.reduce((a, r) => a + r.bytes, 0);
      return {
        bytes: meter.down,
        bytes_up: meter.up,
        bytes_responses: sum(all),
        bytes_by_control: sum(all.filter((r) => r.at <= control)),
        requests: all.length,
        responses: all,
      };
    },
  };
}

/** The epoch time at which the page noted its first control. */
/** The trace's categories: enough to name the main thread's work. */
const TRACE_CATEGORIES = ['devtools.timeline', 'v8', 'v8.wasm', 'blink', 'loading', 'toplevel'];

/** Starts a trace of `page` if --trace asked for one. */
async function startTrace(browser, page) {
  if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
}

/**
 * With --trace: stops the trace and sums, on the page's main thread, the time of named kinds of
 * work from the navigation to `until` (epoch ms, the first control): running JS and wasm
 * (V8's calls into script, which include the wasm they run and any compiling of wasm it waits
 * for), compiling wasm, style, layout, paint, parsing. Rows may overlap (a style update forced
 * by a script is also the script's time).
 */
async function stopTrace(browser, page, until) {
  if (!trace) return null;
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  // The trace's clock in microseconds; the page's clock gives the offset.
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  const origin = await page.evaluate(() => performance.timeOrigin);
  const end = nav ? nav.ts + (until - origin) * 1000 : Infinity;
  const pid = nav?.pid;
  const mains = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain' && (pid === undefined || e.pid === pid)).map((e) => `${e.pid}:${e.tid}`),
  );
  const kinds = {
    'JS and wasm': ['v8.callFunction', 'v8.evaluateModule'],
    'wasm compile': ['wasm.CompileLazy', 'wasm.SyncCompile', 'wasm.AsyncCompile', 'v8.wasm.compiledModule', 'v8.wasm.streamFromResponseCallback'],
    style: ['UpdateLayoutTree', 'RecalculateStyles'],
    layout: ['Layout'],
    paint: ['Paint', 'PrePaint', 'Layerize'],
    'parse HTML': ['ParseHTML'],
    'parse CSS': ['ParseAuthorStyleSheet'],
    GC: ['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'BlinkGC.AtomicPhase'],
  };
  const ms = Object.fromEntries(Object.keys(kinds).map((k) => [k, 0]));
  const ours = events
    .filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`) && !(nav && e.ts < nav.ts) && e.ts <= end)
    .sort((a, b) => a.ts - b.ts);
  for (const [k, names] of Object.entries(kinds)) {
    // Each kind's outermost events only: a call into script inside another is not counted twice.
    let until = -Infinity;
    for (const e of ours) {
      if (!names.includes(e.name) || e.ts < until) continue;
      ms[k] += (e.dur || 0) / 1000;
      until = e.ts + (e.dur || 0);
    }
  }
  return ms;
}

async function firstControl(page) {
  await page.waitForFunction(() => window.__firstControl !== undefined, null, { timeout: CONTROL_TIMEOUT_MS, polling: 100 });
  return page.evaluate(() => window.__firstControl);
}

// --- scenarios ---------------------------------------------------------------------------------

async function newPhone(browser, { serviceWorkers }) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers });
  await watchFirstControl(context);
  return context;
}

/** A link opened cold: fresh context, no service worker, HTTP cache off. */
async function runLink(browser, site, { link }) {
  const context = await newPhone(browser, { serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const net = wire(context);
    await throttle(context, page, { cacheDisabled: true });
    site.meter.reset();
    await startTrace(browser, page);
    await page.goto(`${site.url}/${link}`, { waitUntil: 'commit' });
    const start = await page.evaluate(() => performance.timeOrigin);
    const at = await firstControl(page);
    const main = await stopTrace(browser, page, at);
    await net.quiet();
    return { ms: at - start, start, ...(await net.total(at, site.meter)), errors, main };
  } finally {
    await context.close();
  }
}

/** A link opened a second time, once the service worker controls the first visit's page. */
async function runWarm(browser, site, { link }) {
  const context = await newPhone(browser, { serviceWorkers: 'allow' });
  try {
    const first = await context.newPage();
    const errors = collectPageErrors(first);
    const firstNet = wire(context);
    await first.goto(`${site.url}/${link}`, { waitUntil: 'load' });
    await firstControl(first);
    // The service worker controls the page and keeps what the page loaded (the page sends it
    // the list once the worker is ready): polled from here, as waitForFunction takes a promise
    // for a truthy value.
    const end = Date.now() + CONTROL_TIMEOUT_MS;
    for (;;) {
      const missing = await first.evaluate(async () => {
        if (!navigator.serviceWorker.controller) return ['(no controller)'];
        await navigator.serviceWorker.ready;
        const name = (await caches.keys()).find((k) => k.startsWith('cards-'));
        if (!name) return ['(no cache)'];
        const cache = await caches.open(name);
        const urls = [location.href.split('#')[0], ...performance.getEntriesByType('resource').map((e) => e.name)];
        const missing = [];
        for (const u of urls.filter((u) => u.startsWith(location.origin))) {
          if (!(await cache.match(u, { ignoreSearch: true }))) missing.push(u);
        }
        return missing;
      });
      if (missing.length === 0) break;
      if (Date.now() > end) throw new Error(`the service worker did not keep the first visit's files: ${missing.join(' ')}`);
      await first.waitForTimeout(250);
    }
    // Nothing of the first visit in flight any more (the service worker's own fetches included).
    await firstNet.quiet();
    await first.close();

    await serviceWorkers.apply();
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    const net = wire(context);
    await throttle(context, page, { cacheDisabled: false });
    site.meter.reset();
    await startTrace(browser, page);
    await page.goto(`${site.url}/${link}`, { waitUntil: 'commit' });
    const start = await page.evaluate(() => performance.timeOrigin);
    const at = await firstControl(page);
    const main = await stopTrace(browser, page, at);
    await net.quiet();
    const controlled = await page.evaluate(() => !!navigator.serviceWorker.controller);
    if (!controlled) pageErrors.push('bench: the second visit was not controlled by the service worker');
    const total = await net.total(at, site.meter);
    // The service worker answers the page from its cache: nothing of it on the network.
    const html = total.responses.find((r) => new URL(r.url).pathname.endsWith('.html'));
    if (html) pageErrors.push(`bench: the page came from the network (${html.by}), not the service worker's cache`);
    // When the page had arrived (its response's end, from the navigation's start).
    const pageIn = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.responseEnd);
    return { ms: at - start, start, page_ms: pageIn, ...total, errors: [...errors, ...pageErrors], main };
  } finally {
    await context.close();
  }
}

/** The home page, a tap on the game, a tap on Start: the setup's defaults (you and bots). */
async function runHome(browser, site, { game }) {
  const context = await newPhone(browser, { serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const net = wire(context);
    await throttle(context, page, { cacheDisabled: false });
    site.meter.reset();
    await page.goto(`${site.url}/`, { waitUntil: 'commit' });
    const start = await page.evaluate(() => performance.timeOrigin);
    // Each tap as soon as its target can be tapped (Playwright's checks: shown, not moving,
    // enabled, the topmost element at its point), with no time to read the screen.
    await page.locator(`[data-testid=game-${game}]`).tap({ timeout: CONTROL_TIMEOUT_MS });
    await page.locator('[data-testid=start]').tap({ timeout: CONTROL_TIMEOUT_MS });
    const at = await firstControl(page);
    const { seen, gamePage } = await page.evaluate(() => ({
      seen: JSON.parse(sessionStorage.getItem('bench.seen')),
      gamePage: performance.timeOrigin,
    }));
    await net.quiet();
    const steps = {
      link_shown: seen[`game-${game}`] - start,
      game_page: gamePage - start,
      start_shown: seen.start - start,
      start_tapped: seen.hashchange - start,
    };
    return { ms: at - start, start, steps, ...(await net.total(at, site.meter)), errors };
  } finally {
    await context.close();
  }
}

const RUNNERS = { link: runLink, warm: runWarm, home: runHome };

// --- main --------------------------------------------------------------------------------------

const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length / 2) - 1];
const max = (xs) => Math.max(...xs);
const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** Whether every response of 50 KB or more took at least 90% of the time slow 4G needs for it. */
function throttled(responses) {
  const big = responses.filter((r) => r.body >= 50000);
  return big.length > 0 && big.every((r) => r.ms >= 0.9 * (r.body / NETWORK.downloadThroughput) * 1000);
}

let relay = null;
let meter = null;
let browser = null;
let serviceWorkers = null;
let stopped = null;
let interrupted = false;
/** Closes the browser and stops the relay, once (the signal handlers and the end share it). */
function shutdown() {
  stopped ??= (async () => {
    await browser?.close().catch(() => {});
    await meter?.close().catch(() => {});
    await relay?.stop().catch(() => {});
  })();
  return stopped;
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    interrupted = true;
    say(`bench-phone: ${sig}, stopping`);
    shutdown().finally(() => process.exit(130));
  });
}

const loadavg = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const report = {
  chromium: null,
  relay: path.relative(REPO_ROOT, relayBin) || relayBin,
  dist,
  runs,
  cpu_slowdown: CPU_SLOWDOWN,
  network: NETWORK,
  loadavg_before: loadavg(),
  scenarios: {},
};
const failures = [];
try {
  relay = await startRelay();
  meter = await startMeter(relay.url);
  // The signals are ours: Playwright's own handlers would end the process before the relay stops.
  browser = await launchBrowser({ handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
  report.chromium = browser.version();
  serviceWorkers = await throttleServiceWorkers(browser);
  say(`bench-phone: relay ${report.relay} at ${relay.url}, site ${dist}, Chromium ${report.chromium}, load ${report.loadavg_before}`);
  for (const name of names) {
    const sc = SCENARIOS[name];
    const results = [];
    const loadBefore = loadavg();
    for (let i = 0; i < runs && !interrupted; i++) {
      let r;
      const load = loadavg();
      try {
        r = await RUNNERS[sc.kind](browser, { url: meter.url, meter }, sc);
      } catch (err) {
        if (interrupted) break;
        failures.push(`${name} run ${i + 1}: ${err.message.split('\n')[0]}`);
        say(`${name} run ${i + 1}: FAILED: ${err.message.split('\n')[0]}`);
        continue;
      }
      r.throttled = throttled(r.responses);
      r.loadavg = load;
      results.push(r);
      const st = r.steps;
      const extra = st
        ? ` (the game's link shown at ${fmt(st.link_shown)} ms, tapped: the game page from ${fmt(st.game_page)} ms, Start shown at ${fmt(st.start_shown)} ms, tapped at ${fmt(st.start_tapped)} ms)`
        : r.page_ms !== undefined
          ? ` (the page in at ${fmt(r.page_ms)} ms)`
          : '';
      say(
        `${name} run ${i + 1}: ${fmt(r.ms)} ms to the first control${extra}; ` +
          `${fmt(r.bytes)} B on the wire (responses finished: ${fmt(r.bytes_responses)} B in ${r.requests}, ` +
          `${fmt(r.bytes_by_control)} B of them by the first control; load ${load.split(' ')[0]})`,
      );
      for (const e of r.errors) say(`  ${e}`);
      if (r.main) {
        say(`  main thread to the first control: ${Object.entries(r.main).map(([k, v]) => `${k} ${fmt(v)} ms`).join(', ')}`);
      }
      if (verbose) {
        for (const x of r.responses) {
          say(`  ${x.status} ${fmt(x.bytes).padStart(9)} B ${fmt(x.ms).padStart(6)} ms  ${x.url.replace(meter.url, '')} (${x.by}, +${fmt(x.at - r.start)} ms)`);
        }
      }
      if (check && r.errors.length > 0) failures.push(`${name} run ${i + 1}: ${r.errors.length} console/page errors`);
      if (check && sc.kind !== 'warm' && !r.throttled) failures.push(`${name} run ${i + 1}: a large response came faster than slow 4G allows`);
    }
    if (results.length === 0) continue;
    report.scenarios[name] = {
      what: sc.link ?? `/ then ${sc.game}`,
      loadavg: [loadBefore, loadavg()],
      runs: results.map((r) => ({
        ms: Math.round(r.ms),
        bytes: r.bytes,
        bytes_up: r.bytes_up,
        bytes_responses: r.bytes_responses,
        bytes_by_control: r.bytes_by_control,
        requests: r.requests,
        ...(r.steps ? { steps: Object.fromEntries(Object.entries(r.steps).map(([k, v]) => [k, Math.round(v)])) } : {}),
        errors: r.errors,
        loadavg: r.loadavg,
      })),
      ms_p50: Math.round(p50(results.map((r) => r.ms))),
      ms_max: Math.round(max(results.map((r) => r.ms))),
      bytes_p50: p50(results.map((r) => r.bytes)),
      requests_p50: p50(results.map((r) => r.requests)),
    };
    if (check && name === 'hokm-cold') {
      for (const r of results) {
        if (r.bytes > budget) failures.push(`hokm-cold: ${fmt(r.bytes)} B on the wire, over the budget of ${fmt(budget)} B`);
      }
    }
  }
} finally {
  await shutdown();
}
if (interrupted) await new Promise(() => {}); // the signal handler exits
report.loadavg_after = loadavg();

say('');
say(`scenario      runs   p50 ms   max ms   bytes (p50)  requests   load average (1, 5, 15 min) before → after`);
for (const [name, s] of Object.entries(report.scenarios)) {
  say(
    `${name.padEnd(12)} ${String(s.runs.length).padStart(5)} ${fmt(s.ms_p50).padStart(8)} ${fmt(s.ms_max).padStart(8)} ` +
      `${fmt(s.bytes_p50).padStart(12)} ${String(s.requests_p50).padStart(9)}   ${s.loadavg[0]} → ${s.loadavg[1]}`,
  );
}
if (json) console.log(JSON.stringify(report, null, 2));
if (failures.length > 0) {
  console.error(`bench-phone: FAILED\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
if (check) say(`bench-phone: ok (every first control within ${CONTROL_TIMEOUT_MS / 1000} s, throttled, no page error, cold Hokm link within ${fmt(budget)} B)`);
