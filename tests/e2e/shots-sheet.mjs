// Screenshots of the score sheet for review, at 1280×800 and 390×844, Persian and English:
// the top bar's sheet in the middle of a match and the match result with its chart, for the
// tables saved by the ignored unit test `sheet_saves_for_screenshots` (whole matches of bots,
// one JSON line per table), and the home page with the statistics.
//   SHEET_SAVES=/tmp/sheet-saves.jsonl cargo test -p cards-web --lib -- --ignored sheet_saves
//   node tests/e2e/shots-sheet.mjs BASE_URL SAVES.jsonl OUT_DIR [only…]
import fs from 'node:fs/promises';
import { forEachScreen, launchBrowser } from './lib.mjs';

const [base, saves, out, ...only] = process.argv.slice(2);
const want = (name) => only.length === 0 || only.some((o) => name.includes(o));
const tables = (await fs.readFile(saves, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l));
const browser = await launchBrowser();

await forEachScreen(browser, base, async (page, tag) => {
  const open = async (t, save, selector) => {
    // From the home page (no table there to save over the one set here).
    await page.goto(`${base}#/`, { waitUntil: 'load' });
    await page.evaluate(([slug, json]) => localStorage.setItem(`cards.save.v2.${slug}`, json), [t.slug, JSON.stringify(save)]);
    await page.goto(`${base}${t.slug}.html#/${t.slug}?${t.query}`, { waitUntil: 'load' });
    await page.locator(selector).first().waitFor({ timeout: 15000 });
    await page.evaluate(() => document.fonts.ready);
  };
  for (const t of tables) {
    if (want(`sheet-${t.slug}`)) {
      await open(t, t.mid, '[data-testid=table]');
      await page.locator('[data-testid=scores-button]').click();
      await page.locator('[data-testid=scores-panel]').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/sheet-${t.slug}-${tag}.png` });
    }
    if (want(`result-${t.slug}`)) {
      await open(t, t.end, '[data-testid=match-summary]');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/result-${t.slug}-${tag}.png` });
      // The end of the panel: the chart, the statistics and the buttons.
      await page.locator('[data-testid=hand-result]').evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await page.locator('[data-testid=scores-details] summary').click();
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${out}/result-${t.slug}-${tag}-end.png` });
    }
  }
  if (want('home')) {
    await page.goto(`${base}#/`, { waitUntil: 'load' });
    await page.locator('[data-testid=game-hokm]').waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${out}/home-${tag}.png`, fullPage: true });
  }
});
await browser.close();
