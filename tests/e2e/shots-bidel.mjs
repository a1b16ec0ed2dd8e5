// Screenshots of a Bidel hand for review: passing, play and the result, at a desktop and a
// phone size, in Persian and English.
//   node tests/e2e/shots-bidel.mjs BASE_URL OUT_DIR
import { launchBrowser } from './lib.mjs';
import { playHand } from './tests/bidel.test.mjs';

const [base, out] = process.argv.slice(2);
const assert = (c, m) => {
  if (!c) throw new Error(m);
};
const browser = await launchBrowser();
for (const [w, h] of [[1280, 800], [390, 844]]) {
  for (const lang of ['fa', 'en']) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(`${base}#/`, { waitUntil: 'load' });
    await page.evaluate((l) => localStorage.setItem('cards.lang', l), lang);
    await page.goto(`${base}bidel.html#/bidel?seed=${w}&seats=ybbb`, { waitUntil: 'load' });
    await page.reload({ waitUntil: 'load' });
    const table = page.locator('[data-testid=table]');
    await table.waitFor();
    const tag = `${w}-${lang}`;
    await page.locator('[data-testid=hand] button[data-card]').nth(0).click();
    await page.locator('[data-testid=hand] button[data-card]').nth(2).click();
    await page.screenshot({ path: `${out}/bidel-pass-${tag}.png` });
    await page.locator('[data-testid=hand] button[data-card]').nth(4).click();
    await page.locator('[data-testid=pass-confirm]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=table]').dataset.phase === 'playing');
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `${out}/bidel-play-${tag}.png` });
    await playHand(page, table, assert, 170000);
    await page.locator('[data-testid=hand-result]').waitFor();
    await page.screenshot({ path: `${out}/bidel-result-${tag}.png` });
    await page.close();
  }
}
await browser.close();
