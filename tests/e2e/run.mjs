#!/usr/bin/env node
// Browser test runner: plain Node + playwright-core, no framework.
//
//   node tests/e2e/run.mjs [--dist DIR] [--prefix /games/] [--url URL] [--jobs N] [--seed S] [FILTER...]
//
// Serves the built app (default: <repo>/dist) under a sub-path on a free loopback port, then runs every
// test in tests/e2e/tests/*.test.mjs. A test file exports `tests`: an array of
//   { name: string, viewport?: 'desktop' | 'phone' | {width, height}, timeout?: ms, speed?: 'instant' | 'fast' |
//     'normal' | 'slow' | null, run: async (ctx) => void }
// where ctx = { page, browser, newContext(options), url, dist, prefix, seed, errors, assert, screenshot(name) }.
// `errors` collects console errors, page errors and failed requests; a test fails if `run` throws or if
// `errors` is not empty at the end (set ctx.allowErrors = true to opt out). On failure a screenshot goes to
// tests/e2e/artifacts/, and the output names the test's seed, the pages' addresses (a table's address holds
// its deal's seed) and the command that runs it again.
//
// Speed of the code: the bots play and tricks are gathered at once (local storage `cards.speed` =
// `instant`, set before a page starts) unless a test names another `speed` (a test whose subject is the
// delays), or `speed: null` to leave the device's own setting.
// Fixed seeds: every page's Math.random (which draws the deal of a table started from the setup form, and
// of a new match) is a seeded generator: the seed is the test's name hashed, or --seed / E2E_SEED for every
// test; each page load of a test draws on from the seed and the count of page loads before it.
// Parallel: test files are shared out to --jobs workers (default: the machine's cores; E2E_JOBS), longest
// first; each worker runs its files' tests one after the other, each test in a browser context of its own,
// all in one Chromium. A test's output is printed when it ends.
// Set --url to test an already running server instead of serving dist/.
// Every page keeps the rules it uses: each page sends only the rules of static/style.css it can
// use (tools/web-page.mjs, pruneCss); in every context a test makes with ctx.newContext, a
// selector of static/style.css that matches an element of a page must be in that page's
// stylesheets (its own, and its second module's once loaded), or the test fails naming it
// (watchRules).

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ARTIFACTS_DIR,
  E2E_DIR,
  REPO_ROOT,
  VIEWPORTS,
  assert,
  collectPageErrors,
  launchBrowser,
  startStaticServer,
} from './lib.mjs';

const TEST_TIMEOUT_MS = Number(process.env.E2E_TEST_TIMEOUT_MS || 30000);

// The whole stylesheet, for the check that every page keeps the rules it uses (watchRules).
const STYLE_CSS = await fs.readFile(path.join(REPO_ROOT, 'static/style.css'), 'utf8');

/**
 * In the page (an init script): once the page has loaded, every selector of the whole
 * stylesheet that the page's own stylesheets left out is tried on the page, after each change
 * of the document (at most every 50 ms) and when it is left; one that matches an element is
 * told to `__e2eLostRule`. Both sides are the browser's own reading of the rules (a
 * constructed sheet of the whole stylesheet), so their selectors are written alike.
 */
function watchRules(fullCss) {
  const selectorsOf = (rules, into) => {
    for (const r of rules) {
      if (r.selectorText) for (const sel of r.selectorText.split(/,(?![^(]*\))/)) into.add(sel.trim());
      if (r.cssRules) selectorsOf(r.cssRules, into);
    }
    return into;
  };
  let left = null;
  // The page's stylesheets when `left` was worked out: a stylesheet loaded later (the second
  // module's, with its screens) makes it be worked out again.
  let sheets = 0;
  const told = new Set();
  let dirty = true;
  const check = () => {
    if (!dirty || document.readyState !== 'complete') return;
    dirty = false;
    if (document.styleSheets.length !== sheets) {
      sheets = document.styleSheets.length;
      left = null;
    }
    if (!left) {
      const own = new Set();
      for (const sheet of document.styleSheets) {
        try {
          selectorsOf(sheet.cssRules, own);
        } catch (e) {
          // A sheet of another origin: none here.
        }
      }
      // A page of another kind (the service worker's offline note) has none of the stylesheet.
      if (own.size < 50) {
        left = [];
        return;
      }
      const whole = new CSSStyleSheet();
      whole.replaceSync(fullCss);
      left = [...selectorsOf(whole.cssRules, new Set())].filter((sel) => !own.has(sel));
    }
    for (const sel of left) {
      if (told.has(sel)) continue;
      // What an element matches whatever its state: no pseudo-element, no hover or focus.
      const plain = sel.replace(/::?(before|after|placeholder|selection|marker|backdrop)\b/g, '').replace(/:(hover|focus-visible|focus-within|focus|active|visited)\b/g, '');
      let hit = null;
      try {
        hit = document.querySelector(plain || '*');
      } catch (e) {
        continue;
      }
      if (hit) {
        told.add(sel);
        window.__e2eLostRule(sel);
      }
    }
  };
  new MutationObserver(() => {
    dirty = true;
  }).observe(document, { subtree: true, childList: true, attributes: true });
  setInterval(check, 50);
  // The runner's last look at a test's pages, before it closes them.
  window.__e2eCheckRules = () => {
    dirty = true;
    check();
  };
  window.addEventListener('pagehide', () => {
    dirty = true;
    check();
  });
}

function parseArgs(argv) {
  const opts = {
    dist: path.join(REPO_ROOT, 'dist'),
    prefix: '/games/',
    url: null,
    jobs: Number(process.env.E2E_JOBS) || (os.availableParallelism?.() ?? os.cpus().length),
    seed: process.env.E2E_SEED ? Number(process.env.E2E_SEED) : null,
    filters: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dist') opts.dist = path.resolve(argv[++i]);
    else if (a === '--prefix') opts.prefix = argv[++i];
    else if (a === '--url') opts.url = argv[++i];
    else if (a === '--jobs') opts.jobs = Number(argv[++i]);
    else if (a === '--seed') opts.seed = Number(argv[++i]);
    else opts.filters.push(a);
  }
  if (!(opts.jobs >= 1)) throw new Error('e2e: --jobs must be a positive number');
  if (opts.seed !== null && !Number.isInteger(opts.seed)) throw new Error('e2e: --seed must be an integer');
  return opts;
}

/** A test's seed: its full name hashed (FNV-1a, 32 bits), so each test has its own and keeps it. */
function seedOf(name) {
  let h = 0x811c9dc5;
  for (const ch of Buffer.from(name, 'utf8')) h = Math.imul(h ^ ch, 0x01000193) >>> 0;
  return h;
}

/**
 * Installed in every page before the app starts: a seeded Math.random (mulberry32 over the seed and
 * the count of this test's page loads so far on the site) and the bots' speed.
 */
function pageSetup({ seed, speed }) {
  // Counted across the browser context's tabs (local storage), so that two tabs draw apart: a
  // page tells its tabs apart by a random name.
  let loads = 0;
  try {
    loads = Number(localStorage.getItem('e2e.loads') || 0);
    localStorage.setItem('e2e.loads', String(loads + 1));
  } catch (e) {
    // No storage on this origin (about:blank): the first load's sequence.
  }
  let a = (seed ^ Math.imul(loads, 0x9e3779b9)) >>> 0;
  Math.random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  if (speed) {
    try {
      if (!localStorage.getItem('e2e.speed-set')) {
        // Once per browser context and site: a test that then changes the speed keeps its choice.
        localStorage.setItem('cards.speed', speed);
        localStorage.setItem('e2e.speed-set', '1');
      }
    } catch (e) {
      // No storage on this origin.
    }
  }
}

const safeName = (s) => s.replace(/[^a-zA-Z0-9._-]+/g, '_').slice(0, 100);

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]);
}

async function loadTests(filters) {
  const dir = path.join(E2E_DIR, 'tests');
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.test.mjs')).sort();
  const all = [];
  for (const f of files) {
    const mod = await import(pathToFileURL(path.join(dir, f)).href);
    for (const t of mod.tests || []) all.push({ ...t, file: f, fullName: `${f.replace(/\.test\.mjs$/, '')} > ${t.name}` });
  }
  return filters.length ? all.filter((t) => filters.some((flt) => t.fullName.includes(flt))) : all;
}

/** Runs one test in a browser context of its own; resolves to { ok, lines }. */
async function runTest(t, browser, env) {
  const seed = env.seed ?? seedOf(t.fullName);
  const speed = t.speed === undefined ? 'instant' : t.speed;
  const contexts = [];
  // Rules that matched an element of a page whose stylesheet left them out (watchRules).
  const lostRules = new Set();
  // Every browser context of the test (a second device, too) gets the seeded Math.random and the
  // speed, and the watch on its pages' classes.
  const newContext = async (options = {}) => {
    const context = await browser.newContext(options);
    await context.addInitScript(pageSetup, { seed, speed });
    await context.exposeBinding('__e2eLostRule', ({ page: p }, sel) => {
      lostRules.add(`${sel}  (${new URL(p.url()).pathname})`);
    });
    await context.addInitScript(watchRules, STYLE_CSS);
    contexts.push(context);
    return context;
  };
  const viewport = typeof t.viewport === 'object' ? t.viewport : VIEWPORTS[t.viewport || 'desktop'];
  const context = await newContext({ viewport });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const lines = [];
  // Every assertion the test makes through ctx.assert is counted (the suite's total is printed).
  let asserts = 0;
  const counted = (cond, message) => {
    asserts++;
    assert(cond, message);
  };
  const ctx = {
    page,
    // The browser and a context maker, for a test that needs a second device.
    browser,
    newContext,
    url: env.baseUrl,
    // The built site and its prefix, for a test that serves it itself (offline play).
    dist: env.dist,
    prefix: env.prefix,
    seed,
    errors,
    assert: counted,
    allowErrors: false,
    screenshot: async (name) => {
      await fs.mkdir(ARTIFACTS_DIR, { recursive: true });
      const out = path.join(ARTIFACTS_DIR, `${safeName(name)}.png`);
      await page.screenshot({ path: out, fullPage: true });
      return out;
    },
  };
  const started = Date.now();
  let ok = false;
  try {
    await withTimeout(Promise.resolve().then(() => t.run(ctx)), t.timeout || TEST_TIMEOUT_MS, t.fullName);
    if (!ctx.allowErrors && errors.length) throw new Error(`page reported errors:\n    ${errors.join('\n    ')}`);
    for (const c of contexts) {
      for (const p of c.pages()) await p.evaluate(() => window.__e2eCheckRules?.()).catch(() => {});
    }
    if (lostRules.size) {
      throw new Error(`rules that match the page but its stylesheet left out:\n    ${[...lostRules].join('\n    ')}`);
    }
    ok = true;
    lines.push(`ok   ${t.fullName} (${Date.now() - started} ms)`);
  } catch (err) {
    lines.push(`FAIL ${t.fullName} (${Date.now() - started} ms)\n  ${String(err?.stack || err).replace(/\n/g, '\n  ')}`);
    // What the page reported before the failure (a panic in the app shows up here).
    if (errors.length) lines.push(`  page reported:\n    ${errors.join('\n    ')}`);
    // Enough to play it again: the seed, where each page was, the command.
    lines.push(`  seed: ${seed} (speed ${speed ?? "the device's"})`);
    for (const c of contexts) for (const p of c.pages()) lines.push(`  page: ${p.url()}`);
    lines.push(`  again: E2E_SEED=${seed} node tests/e2e/run.mjs --jobs 1 ${JSON.stringify(t.fullName)}`);
    try {
      const shot = await ctx.screenshot(`FAIL-${t.fullName}`);
      lines.push(`  screenshot: ${path.relative(REPO_ROOT, shot)}`);
    } catch (shotErr) {
      lines.push(`  (no screenshot: ${shotErr.message})`);
    }
  } finally {
    for (const c of contexts) await c.close().catch(() => {});
  }
  return { ok, ms: Date.now() - started, lines, asserts };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const tests = await loadTests(opts.filters);
  if (tests.length === 0) {
    console.error('e2e: no tests found');
    process.exit(1);
  }

  let server = null;
  let baseUrl = opts.url;
  if (!baseUrl) {
    await fs.access(path.join(opts.dist, 'index.html')).catch(() => {
      throw new Error(`e2e: ${opts.dist}/index.html not found; build first (./play --no-serve)`);
    });
    server = await startStaticServer(opts.dist, opts.prefix);
    baseUrl = server.url;
  }

  // One queue of files, longest first (by the time their tests allow themselves), so that the
  // longest are not left to the end.
  const files = new Map();
  for (const t of tests) files.set(t.file, [...(files.get(t.file) || []), t]);
  const weight = (ts) => ts.reduce((sum, t) => sum + (t.timeout || TEST_TIMEOUT_MS), 0);
  const queue = [...files.values()].sort((a, b) => weight(b) - weight(a));
  const jobs = Math.min(opts.jobs, queue.length);

  const browser = await launchBrowser();
  console.log(`e2e: app at ${baseUrl}; chromium ${browser.version()}; ${tests.length} tests in ${queue.length} files, ${jobs} at a time`);
  const env = { baseUrl, dist: opts.dist, prefix: opts.prefix, seed: opts.seed };
  const started = Date.now();
  let passed = 0;
  let asserts = 0;
  const failed = [];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      for (const t of file) {
        const r = await runTest(t, browser, env);
        console.log(r.lines.join('\n'));
        asserts += r.asserts;
        if (r.ok) passed++;
        else failed.push(t.fullName);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: jobs }, worker));
  } finally {
    await browser.close().catch(() => {});
    if (server) await server.close();
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\ne2e: ${passed} passed, ${failed.length} failed in ${secs} s (${asserts} assertions through ctx.assert)`);
  for (const name of failed) console.log(`  failed: ${name}`);
  process.exit(failed.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err?.stack || err);
  process.exit(1);
});
