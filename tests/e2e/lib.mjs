// Shared helpers for the browser tests: a tiny static server and a Chromium launcher.
// Chromium is Debian's /usr/bin/chromium (never downloaded); playwright-core only drives it.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export { startStaticServer } from '../../tools/serve.mjs';

export const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(E2E_DIR, '..', '..');
export const ARTIFACTS_DIR = path.join(E2E_DIR, 'artifacts');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Flags from shared/TOOLCHAIN.md step 6. Playwright adds --headless, --no-sandbox (chromiumSandbox: false)
// and a fresh temporary --user-data-dir itself.
export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/** The value after `name` on the command line (`--dist DIR`), or `dflt`: the bench scripts' options. */
export function option(name, dflt) {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
}

/** Launches Debian's Chromium headless; `options` adds to Playwright's launch options. */
export function launchBrowser(options = {}) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    chromiumSandbox: false,
    args: CHROMIUM_ARGS,
    ...options,
  });
}

/**
 * Runs `fn(page, tag)` once per review screen: 1280×800 and 390×844, Persian and English (the
 * language set on the home page first); `tag` is `<width>-<lang>`. For the shots-*.mjs scripts.
 */
export async function forEachScreen(browser, base, fn) {
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    for (const lang of ['fa', 'en']) {
      const context = await browser.newContext({ viewport: { width: w, height: h } });
      const page = await context.newPage();
      await page.goto(`${base}#/`, { waitUntil: 'load' });
      await page.evaluate((l) => localStorage.setItem('cards.lang', l), lang);
      await fn(page, `${w}-${lang}`);
      await context.close();
    }
  }
}

/**
 * Whether `url` is the relay's list of open tables answered 404: the static server of most tests
 * has no relay, and a page that lists public tables (the home page) asks once and then lists none,
 * as on any site served without a relay. Nothing else is excused.
 */
const noRelayList = (url, status) => status === 404 && new URL(url).pathname === '/tables';

/** Collect console errors, uncaught page errors and failed requests of `page` into an array. */
export function collectPageErrors(page) {
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // The browser's own line for that 404, located at the resource.
    const at = msg.location()?.url;
    if (at && noRelayList(at, 404) && msg.text().includes('404')) return;
    errors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText;
    // A navigation or reload cancels the requests still in flight (net::ERR_ABORTED): not a
    // fault of the app. A missing file shows up as an HTTP error below.
    if (why === 'net::ERR_ABORTED') return;
    errors.push(`request failed: ${req.url()} (${why})`);
  });
  page.on('response', (resp) => {
    if (resp.status() >= 400 && !noRelayList(resp.url(), resp.status())) errors.push(`HTTP ${resp.status()}: ${resp.url()}`);
  });
  return errors;
}

/** Minimal assertion helper. */
export function assert(cond, message) {
  if (!cond) throw new Error(`assertion failed: ${message}`);
}

/**
 * The table's state in one read: `phase`, `turn`, `bottom`, `busy` … (its data attributes).
 * Read apart, two attributes may straddle a step (the auction's last pass turns `bidding`
 * into your `discarding` between the two reads).
 */
export function tableState(table) {
  return table.evaluate((t) => ({ ...t.dataset }));
}

/** The table's step (`data-step`): how many steps of the match the page has shown. */
export async function stepOf(page) {
  return Number(await page.locator('[data-testid=table]').getAttribute('data-step'));
}

/**
 * Waits until the table has shown a step after `step` (or left the table): what a test waits for
 * after acting. A state that lasts only until the bots' next moves (the turn away from you) may be
 * gone before a test looks, when bots act at once; the step count only grows. With `orShown` (a
 * selector), also until that element shows: a choice to make before the step is taken.
 */
export function waitStepAfter(page, step, timeout = 10000, orShown = null) {
  return page.waitForFunction(
    ([step, orShown]) => {
      const t = document.querySelector('[data-testid=table]');
      return !t || Number(t.dataset.step) > step || (orShown !== null && !!document.querySelector(orShown));
    },
    [step, orShown],
    { timeout },
  );
}

/**
 * Notes every value `fn(arg)` takes in the page from now on (evaluated in the page after each
 * change of the document), under `name`; `seenValues` reads them. For a state the bots may end
 * at once: a card on top of the pile for a moment, a seat's count before its next move.
 */
export function watchValues(page, name, fn, arg = null) {
  return page.evaluate(
    ([name, src, arg]) => {
      const f = new Function(`return (${src})`)();
      window.__watch ??= {};
      window.__watch[name]?.observer.disconnect();
      const values = [f(arg)];
      const observer = new MutationObserver(() => {
        const v = f(arg);
        if (v !== values.at(-1)) values.push(v);
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      window.__watch[name] = { values, observer };
    },
    [name, fn.toString(), arg],
  );
}

/** The values noted under `name` by `watchValues`, the first being the value when it began. */
export function seenValues(page, name) {
  return page.evaluate((name) => window.__watch?.[name]?.values ?? [], name);
}

/** Waits until `value` has been among the values noted under `name` by `watchValues`. */
export function waitSeenValue(page, name, value, timeout = 5000) {
  return page.waitForFunction(([name, value]) => !!window.__watch?.[name]?.values.includes(value), [name, value], { timeout });
}
