// Offline play and install: a player opens the home page and a game once, then the network
// goes (here: the server itself is stopped, so nothing can come from it), and the pages
// they opened still load and play; a game never opened says how to get it. The site links a
// web app manifest with its icons, so a browser offers to install it.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer } from '../lib.mjs';
import { playUntil } from './feel.test.mjs';

/** Waits until the service worker controls the page and has kept what the page loaded.
 * Polled from here: waitForFunction would take the promise of an async function for a true
 * value, and wait for nothing. */
async function kept(page, what) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15000 });
  const all = () =>
    page.evaluate(async (names) => {
      const keys = await caches.keys();
      const urls = [];
      for (const k of keys) for (const r of await (await caches.open(k)).keys()) urls.push(r.url);
      // Listed is not yet kept: Chromium lists an entry while its body is still being written
      // (and drops it if the write fails), so each one's whole body is read.
      for (const n of names) {
        const url = urls.find((u) => u.includes(n));
        const response = url && (await caches.match(url));
        if (!response) return false;
        try {
          await response.arrayBuffer();
        } catch (err) {
          return false;
        }
      }
      return true;
    }, what);
  for (const end = Date.now() + 20000; !(await all()); await page.waitForTimeout(250)) {
    if (Date.now() > end) throw new Error(`the service worker did not keep ${what.join(', ')}`);
  }
}

/** Waits until nothing is on its way from the server: the page's requests (its workers' too)
 * and the service worker's keeping, which answers a message after every earlier one is done.
 * A server stopped mid-transfer fails that transfer; in this suite Chromium then also lost
 * entries of the worker's cache that had been read back whole (seen in 6 of 8 runs without
 * this wait, 0 of 6 with it). */
async function settled(page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('message', (e) => e.data && 'cached' in e.data && resolve());
        navigator.serviceWorker.controller.postMessage({ cache: [] });
      }),
  );
}

export const tests = [
  {
    name: 'offline: the pages a player opened load and play with the server gone; the manifest installs',
    timeout: 120000,
    run: async (ctx) => {
      const { page, dist, prefix, assert, errors } = ctx;
      // With the server gone the page's own requests (the worker's update check) fail, and
      // the note of a game never opened answers 503: expected here; a panic is not.
      ctx.allowErrors = true;
      const server = await startStaticServer(dist, prefix);
      let stopped = false;
      try {
        // The manifest: named, standalone, with icons that load.
        await page.goto(server.url, { waitUntil: 'load' });
        const href = await page.locator('link[rel=manifest]').getAttribute('href');
        const manifestUrl = new URL(href, page.url()).href;
        const manifest = await (await page.request.get(manifestUrl)).json();
        assert(manifest.name && manifest.short_name && manifest.display === 'standalone', 'a standalone app with a name');
        assert(manifest.start_url && manifest.scope === './', 'it starts at the home page of its folder');
        for (const size of ['192x192', '512x512']) {
          const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
          assert(icon, `a ${size} PNG icon`);
          const res = await page.request.get(new URL(icon.src, manifestUrl).href);
          assert(res.ok() && (await res.body()).length > 500, `the ${size} icon loads`);
        }

        // Home, then a Hokm table: both kept by the worker.
        await page.locator('[data-testid=game-hokm]').waitFor({ timeout: 15000 });
        await kept(page, ['index.html', 'cards-web', '.css']);
        await page.goto(`${server.url}hokm.html#/hokm?seed=4&seats=ybbb&bots=eee`, { waitUntil: 'load' });
        await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
        await kept(page, ['hokm.html', '/hokm-']);
        // Its second module (the hand replay and analysis, src/extra.rs) too, though not yet
        // opened: kept in the background.
        const extra = await page.locator('meta[name=cards-extra]').evaluate((m) => [m.content, m.dataset.wasm].map((f) => f.slice(2)));
        await kept(page, extra);
        await settled(page);

        await server.close();
        stopped = true;
        const gone = await page.request.get(`${server.url}index.html`).catch(() => null);
        assert(!gone || !gone.ok(), 'the server is gone');

        // The table reloads from the worker and plays on.
        await page.reload({ waitUntil: 'load' });
        const table = page.locator('[data-testid=table]');
        await table.waitFor({ timeout: 15000 });
        // Until your turn to play a card (the first hakem's draw, naming trump if you are hakem).
        await playUntil(page, assert, () => page.evaluate(() => {
          const t = document.querySelector('[data-testid=table]');
          return t.dataset.phase === 'playing' && t.dataset.turn === t.dataset.bottom && t.dataset.busy !== 'true';
        }), 40000);
        const hand = page.locator('[data-testid=hand] button.playable[data-card]');
        await hand.first().waitFor({ timeout: 30000 });
        const before = await page.locator('[data-testid=hand] button[data-card]').count();
        await hand.first().click();
        await page.waitForFunction(
          (n) => document.querySelectorAll('[data-testid=hand] button[data-card]').length === n - 1,
          before,
          { timeout: 5000 },
        );

        // The second module loads offline (the page imports it as when "Replay this hand" is
        // pressed; tests/e2e/tests/replay.test.mjs opens it through the button).
        const loaded = await page.evaluate(async () => {
          const meta = document.querySelector('meta[name=cards-extra]');
          const js = await fetch(meta.content).then((r) => r.ok, () => false);
          const wasm = await fetch(meta.dataset.wasm).then((r) => r.ok && r.arrayBuffer().then((b) => b.byteLength > 1000), () => false);
          return { js, wasm };
        });
        assert(loaded.js && loaded.wasm, `the replay's module comes from the worker offline (${JSON.stringify(loaded)})`);

        // Home from the table's link, offline.
        await page.locator('[data-testid=home-link]').click();
        await page.locator('[data-testid=game-hokm]').waitFor({ timeout: 15000 });

        // A game never opened: a note in both languages, not the browser's error page.
        await page.goto(`${server.url}pasur.html#/pasur/setup`, { waitUntil: 'load' });
        const note = page.locator('[data-testid=offline-note]');
        await note.waitFor({ timeout: 10000 });
        const text = await note.textContent();
        assert(text.includes('اینترنت') && text.includes('offline'), `the note explains (${text.slice(0, 60)}…)`);
        const bad = errors.filter((e) => e.startsWith('page error'));
        assert(bad.length === 0, `no errors in the pages: ${bad.join('; ')}`);
      } finally {
        if (!stopped) await server.close();
      }
    },
  },
  {
    name: 'offline: a device that opened only a game opens the home page offline, in the site font; a game never opened links home',
    timeout: 120000,
    run: async (ctx) => {
      const { page, dist, prefix, assert, errors } = ctx;
      ctx.allowErrors = true; // as above: the server goes, and the note answers 503
      const server = await startStaticServer(dist, prefix);
      let stopped = false;
      /** Whether the page has drawn text in the site's own font (Vazirmatn, loaded). */
      const siteFont = () =>
        page.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Vazirmatn' && f.status === 'loaded');
        });
      try {
        // Only a Crazy Eights table, never the home page.
        await page.goto(`${server.url}crazy-eights.html#/crazy-eights?seed=3&seats=ybbb`, { waitUntil: 'load' });
        await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
        // The worker keeps the page, then the home page and its files (and both font weights).
        await kept(page, ['crazy-eights.html', 'index.html', 'cards-web', '.css', 'Vazirmatn-Regular', 'Vazirmatn-Bold']);
        await settled(page);

        await server.close();
        stopped = true;

        // The home page, offline: the list of games, not the note, in the site's font.
        await page.goto(`${server.url}`, { waitUntil: 'load' });
        await page.locator('[data-testid=game-hokm]').waitFor({ timeout: 15000 });
        assert((await page.locator('[data-testid=offline-note]').count()) === 0, 'the home page, not the offline note');
        assert(await siteFont(), 'the home page is drawn in Vazirmatn offline');

        // A game never opened: the note, in the site's font, whose link leads to the home page.
        await page.goto(`${server.url}pasur.html#/pasur/setup`, { waitUntil: 'load' });
        await page.locator('[data-testid=offline-note]').waitFor({ timeout: 10000 });
        assert(await siteFont(), 'the note is drawn in Vazirmatn (kept with the home page)');
        const link = page.locator('[data-testid=offline-home]');
        const href = await link.evaluate((a) => a.href);
        assert(new URL(href).pathname === new URL(server.url).pathname, `the note's link is the site's home (${href})`);
        await link.click();
        await page.locator('[data-testid=game-hokm]').waitFor({ timeout: 15000 });
        const bad = errors.filter((e) => e.startsWith('page error'));
        assert(bad.length === 0, `no errors in the pages: ${bad.join('; ')}`);
      } finally {
        if (!stopped) await server.close();
      }
    },
  },
  {
    name: 'offline: a kept page opens from the service worker without asking the server; a new build opens on the next visit, also offline, and a page of the old build still loads (issue 25)',
    timeout: 120000,
    run: async (ctx) => {
      const { page, dist, prefix, assert, errors } = ctx;
      ctx.allowErrors = true; // the server goes at the end
      // A copy of the site, so that a new build can be put in its place.
      const site = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-build-'));
      fs.cpSync(dist, site, { recursive: true });
      const server = await startStaticServer(site, prefix);
      let stopped = false;
      const link = `${server.url}hokm.html#/hokm?seed=4&seats=ybbb&bots=eee`;
      /** The build the page says it is of (the new build marks its Hokm page). */
      const build = () => page.evaluate(() => document.querySelector('meta[name=cards-build]')?.content || 'first');
      const table = page.locator('[data-testid=table]');
      /** A new visit of the link (not a jump within the page open at the same address). */
      const visit = async () => {
        await page.goto('about:blank');
        await page.goto(link, { waitUntil: 'load' });
      };
      try {
        await page.goto(link, { waitUntil: 'load' });
        await table.waitFor({ timeout: 15000 });
        await kept(page, ['hokm.html', '/hokm-']);
        // Its second module (the hand replay and analysis, src/extra.rs) too, though not yet
        // opened: kept in the background.
        const extra = await page.locator('meta[name=cards-extra]').evaluate((m) => [m.content, m.dataset.wasm].map((f) => f.slice(2)));
        await kept(page, extra);
        await settled(page);

        // A new build, as a deploy replaces the folder: hokm.html names its module under a
        // new name (the old name is gone from the server) and says which build it is, and
        // sw.js is the new build's (its cache named after the build).
        const drop = (name) => ['', '.br', '.gz'].forEach((ext) => fs.rmSync(path.join(site, name + ext), { force: true }));
        const html = fs.readFileSync(path.join(site, 'hokm.html'), 'utf8');
        const js = html.match(/"\.\/(hokm-[0-9a-f]+\.js)"/)[1];
        const next = js.replace(/-[0-9a-f]+\.js$/, '-0123456789abcdef.js');
        fs.copyFileSync(path.join(site, js), path.join(site, next));
        drop(js);
        drop('hokm.html');
        fs.writeFileSync(
          path.join(site, 'hokm.html'),
          html.split(js).join(next).replace('<title>', '<meta name="cards-build" content="second"><title>'),
        );
        const sw = fs.readFileSync(path.join(site, 'sw.js'), 'utf8');
        assert(/'cards-[0-9a-f]+'/.test(sw), 'the worker names its cache after the build');
        drop('sw.js');
        fs.writeFileSync(path.join(site, 'sw.js'), sw.replace(/'cards-[0-9a-f]+'/, "'cards-second'"));

        // The next visit opens the kept page (the server has another one now), and it loads
        // and plays although its module is no longer on the server: the new build's worker
        // takes over meanwhile, and the old build's files stay with it.
        await visit();
        await table.waitFor({ timeout: 15000 });
        assert((await build()) === 'first', 'the kept page opened, without the server');
        // The browser checked sw.js on that navigation: the new build's worker is the active
        // one (its cache appears once it answers a message). Polled from here: waitForFunction
        // would take the promise of an async function for a true value.
        const newWorker = () =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            if (!reg || !reg.active || reg.installing || reg.waiting) return false;
            reg.active.postMessage({ cache: [] });
            await new Promise((resolve) => setTimeout(resolve, 100));
            return (await caches.keys()).includes('cards-second');
          });
        for (const end = Date.now() + 15000; !(await newWorker()); await page.waitForTimeout(100)) {
          assert(Date.now() < end, "the new build's worker takes over after the visit");
        }
        const hand = page.locator('[data-testid=hand] button[data-card]');
        await hand.first().waitFor({ timeout: 15000 });

        // The visit after: the new build.
        await visit();
        assert((await build()) === 'second', 'the new build opens on the visit after');
        await kept(page, ['hokm.html', '0123456789abcdef']);
        await settled(page);
        const caches = await page.evaluate(() => caches.keys());
        assert(caches.includes('cards-second'), `the new build's cache (${caches.join(', ')})`);

        // Offline, the new build.
        await server.close();
        stopped = true;
        await visit();
        await table.waitFor({ timeout: 15000 });
        assert((await build()) === 'second', 'offline, the new build');
        await hand.first().waitFor({ timeout: 15000 });
        const bad = errors.filter((e) => e.startsWith('page error'));
        assert(bad.length === 0, `no errors in the pages: ${bad.join('; ')}`);
      } finally {
        if (!stopped) await server.close();
        fs.rmSync(site, { recursive: true, force: true });
      }
    },
  },
];
