// Screenshots of the hand analysis, for review: a seeded hand (Hokm: 4 players, seed 2) is
// played once, its save reused at 1280×800 and 390×844 in Persian and English: the result
// with its button, the panel while it thinks, (Shelem, Bidel) the later tricks' analysis
// while the search reaches further back, once done, and scrolled to its end.
//   node tests/e2e/shots-analysis.mjs [OUT_DIR=/tmp/analysis-shots] [DIST=dist] [GAME=hokm] [QUERY]
// GAME is hokm, shelem or bidel.
import { promises as fs } from 'node:fs';
import { launchBrowser, startStaticServer } from './lib.mjs';
import { playHokm } from './tests/replay.test.mjs';
import { playHand as playShelem } from './tests/shelem.test.mjs';
import { playHand as playBidel } from './tests/bidel.test.mjs';

const PLAY = {
  hokm: [playHokm, 'seed=2&seats=ybbb&bots=eee'],
  shelem: [playShelem, 'seed=8&seats=ybbb&bots=eee'],
  bidel: [playBidel, 'seed=21&seats=ybbb&bots=eee'],
};
const [out = '/tmp/analysis-shots', dist = 'dist', game = 'hokm', q] = process.argv.slice(2);
const [play, dflt] = PLAY[game];
const query = q || dflt;
await fs.mkdir(out, { recursive: true });
const server = await startStaticServer(dist, '/games/');
const base = server.url;
const browser = await launchBrowser();
const assert = (ok, what) => {
  if (!ok) throw new Error(what);
};

// One hand, played once.
const first = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await first.addInitScript(() => localStorage.setItem('cards.speed', 'fast'));
await first.goto(`${base}${game}.html#/${game}?${query}`, { waitUntil: 'load' });
const table = first.locator('[data-testid=table]');
await table.waitFor({ timeout: 15000 });
await play(first, table, assert, 170000);
await first.locator('[data-testid=hand-result]').waitFor({ timeout: 10000 });
const save = await first.evaluate((g) => localStorage.getItem(`cards.save.v2.${g}`), game);
await first.close();

for (const [w, h] of [[1280, 800], [390, 844]]) {
  for (const lang of ['fa', 'en']) {
    const name = `${game}-${w}-${lang}`;
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.addInitScript(
      ([l, json, g]) => {
        localStorage.setItem('cards.lang', l);
        localStorage.setItem(`cards.save.v2.${g}`, json);
      },
      [lang, save, game],
    );
    await page.goto(`${base}${game}.html#/${game}?${query}`, { waitUntil: 'load' });
    await page.locator('[data-testid=analysis-open]').waitFor({ timeout: 15000 });
    await page.screenshot({ path: `${out}/${name}-result.png` });
    await page.locator('[data-testid=analysis-open]').click();
    await page.locator('[data-testid=analysis]').waitFor();
    await page.screenshot({ path: `${out}/${name}-thinking.png` });
    if (game !== 'hokm') {
      await page.waitForFunction(
        () => ['searching', 'done'].includes(document.querySelector('[data-testid=analysis]')?.dataset.state),
        null,
        { timeout: 120000 },
      );
      await page.screenshot({ path: `${out}/${name}-searching.png` });
    }
    await page.waitForFunction(
      () => ['done', 'failed'].includes(document.querySelector('[data-testid=analysis]')?.dataset.state),
      null,
      { timeout: 120000 },
    );
    await page.screenshot({ path: `${out}/${name}-done.png` });
    await page.locator('.an-body').evaluate((b) => b.scrollTo(0, b.scrollHeight));
    await page.screenshot({ path: `${out}/${name}-end.png` });
    await page.close();
  }
}
await browser.close();
await server.close();
