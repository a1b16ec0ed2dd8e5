// Screenshots of the shedding tables for review: Crazy Eights (play, a hand result) and Haft
// Khabis (play), at a desktop and a phone size, in Persian and English.
//   node tests/e2e/shots-shedding.mjs BASE_URL OUT_DIR
import { launchBrowser } from './lib.mjs';
import { playHand } from './tests/crazy_eights.test.mjs';

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
    const tag = `${w}-${lang}`;
    await page.reload({ waitUntil: 'load' });
    await page.screenshot({ path: `${out}/home-${tag}.png`, fullPage: true });
    await page.goto(`${base}haft-khabis.html#/haft-khabis?seed=${w}&seats=ybbb`, { waitUntil: 'load' });
    await page.locator('[data-testid=table]').waitFor();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}/hx-play-${tag}.png` });
    await page.goto(`${base}crazy-eights.html#/crazy-eights?seed=${w}&seats=ybbb`, { waitUntil: 'load' });
    const table = page.locator('[data-testid=table]');
    await table.waitFor();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}/ce-play-${tag}.png` });
    await playHand(page, table, assert, 170000);
    await page.locator('[data-testid=hand-result]').waitFor();
    await page.screenshot({ path: `${out}/ce-result-${tag}.png` });
    await page.close();
  }
}
await browser.close();
