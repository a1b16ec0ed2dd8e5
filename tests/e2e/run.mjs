#!/usr/bin/env node
// Browser test runner: plain Node + playwright-core, no framework.
//
//   node tests/e2e/run.mjs [--dist DIR] [--prefix /games/] [--url URL] [FILTER...]
//
// Serves the built app (default: <repo>/dist) under a sub-path on a free loopback port, then runs every
// test in tests/e2e/tests/*.test.mjs. A test file exports `tests`: an array of
//   { name: string, viewport?: 'desktop' | 'phone' | {width, height}, timeout?: ms, run: async (ctx) => void }
// where ctx = { page, browser, url, dist, prefix, errors, assert, screenshot(name) }. `errors` collects console errors, page
// errors and failed requests; a test fails if `run` throws or if `errors` is not empty at the end
// (set ctx.allowErrors = true to opt out). On failure a screenshot goes to tests/e2e/artifacts/.
// Set --url to test an already running server instead of serving dist/.

import { promises as fs } from 'node:fs';
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

function parseArgs(argv) {
  const opts = { dist: path.join(REPO_ROOT, 'dist'), prefix: '/games/', url: null, filters: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dist') opts.dist = path.resolve(argv[++i]);
    else if (a === '--prefix') opts.prefix = argv[++i];
    else if (a === '--url') opts.url = argv[++i];
    else opts.filters.push(a);
  }
  return opts;
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
      throw new Error(`e2e: ${opts.dist}/index.html not found; build first (trunk build --release)`);
    });
    server = await startStaticServer(opts.dist, opts.prefix);
    baseUrl = server.url;
  }
  console.log(`e2e: app at ${baseUrl}`);

  const browser = await launchBrowser();
  console.log(`e2e: chromium ${browser.version()}`);
  let passed = 0;
  let failed = 0;
  try {
    for (const t of tests) {
      const viewport = typeof t.viewport === 'object' ? t.viewport : VIEWPORTS[t.viewport || 'desktop'];
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const ctx = {
        page,
        // The browser, for a test that needs a second device (a new context of its own).
        browser,
        url: baseUrl,
        // The built site and its prefix, for a test that serves it itself (offline play).
        dist: opts.dist,
        prefix: opts.prefix,
        errors,
        assert,
        allowErrors: false,
        screenshot: async (name) => {
          await fs.mkdir(ARTIFACTS_DIR, { recursive: true });
          const out = path.join(ARTIFACTS_DIR, `${safeName(name)}.png`);
          await page.screenshot({ path: out, fullPage: true });
          return out;
        },
      };
      const started = Date.now();
      try {
        await withTimeout(Promise.resolve().then(() => t.run(ctx)), t.timeout || TEST_TIMEOUT_MS, t.fullName);
        if (!ctx.allowErrors && errors.length) throw new Error(`page reported errors:\n    ${errors.join('\n    ')}`);
        passed++;
        console.log(`ok   ${t.fullName} (${Date.now() - started} ms)`);
      } catch (err) {
        failed++;
        console.log(`FAIL ${t.fullName} (${Date.now() - started} ms)\n  ${String(err?.stack || err).replace(/\n/g, '\n  ')}`);
        // What the page reported before the failure (a panic in the app shows up here).
        if (errors.length) console.log(`  page reported:\n    ${errors.join('\n    ')}`);
        try {
          const shot = await ctx.screenshot(`FAIL-${t.fullName}`);
          console.log(`  screenshot: ${path.relative(REPO_ROOT, shot)}`);
        } catch (shotErr) {
          console.log(`  (no screenshot: ${shotErr.message})`);
        }
      } finally {
        await context.close().catch(() => {});
      }
    }
  } finally {
    await browser.close().catch(() => {});
    if (server) await server.close();
  }
  console.log(`\ne2e: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err?.stack || err);
  process.exit(1);
});
