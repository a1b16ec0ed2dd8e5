// Screenshots of a Pasur round for review: a capture marked, a choice of sets, a sur, the
// score sheet, a crowded table and a table of four, at a desktop and a phone size, in Persian and English.
//   node tests/e2e/shots-pasur.mjs [BASE_URL] OUT_DIR
// Without BASE_URL it serves dist/ under /games/.
import path from 'node:path';
import { REPO_ROOT, launchBrowser, startStaticServer } from './lib.mjs';
import { SEED, playRound } from './tests/pasur.test.mjs';

const args = process.argv.slice(2);
const out = args.pop();
let base = args[0];
let server = null;
if (!base) {
  server = await startStaticServer(path.join(REPO_ROOT, 'dist'), '/games/');
  base = server.url;
}
const assert = (c, m) => {
  if (!c) throw new Error(m);
};
const browser = await launchBrowser();
for (const [w, h] of [[1280, 800], [390, 844]]) {
  for (const lang of ['fa', 'en']) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(`${base}#/`, { waitUntil: 'load' });
    await page.evaluate((l) => localStorage.setItem('cards.lang', l), lang);
    await page.goto(`${base}pasur.html#/pasur?seed=${SEED}&seats=yb`, { waitUntil: 'load' });
    await page.reload({ waitUntil: 'load' });
    await page.locator('[data-testid=table]').waitFor();
    const tag = `${w}-${lang}`;
    let picks = 0;
    let choices = 0;
    let surs = 0;
    await playRound(page, assert, 170000, {
      onPick: async () => {
        // The third capture with one set: the table marks it.
        if (++picks === 3) await page.screenshot({ path: `${out}/pasur-capture-${tag}.png` });
      },
      onChoice: async () => {
        if (++choices === 1) await page.screenshot({ path: `${out}/pasur-choice-${tag}.png` });
      },
      onPlayed: async (r) => {
        // Your first sur, announced big for a moment.
        if (r.sur && surs++ === 0) {
          await page.waitForTimeout(500);
          await page.screenshot({ path: `${out}/pasur-sur-${tag}.png` });
        }
      },
    });
    await page.locator('[data-testid=score-sheet]').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/pasur-sheet-${tag}.png` });
    // A crowded table (seed 11 reaches 13 face-up cards): a card hovered shows its sets.
    await page.goto(`${base}pasur.html#/pasur?seed=11&seats=yb`, { waitUntil: 'load' });
    await page.locator('[data-testid=table]').waitFor();
    let crowded = false;
    await playRound(page, assert, 170000, {
      onTurn: async () => {
        const n = await page.locator('[data-testid=pasur-table-cards] [data-card]').count();
        if (!crowded && n >= 12) {
          crowded = true;
          await page.locator('[data-testid=hand] button[data-card]').last().hover();
          await page.waitForTimeout(300);
          await page.screenshot({ path: `${out}/pasur-crowded-${tag}.png` });
        }
      },
    });
    await page.goto(`${base}pasur.html#/pasur?seed=3&seats=ybbb`, { waitUntil: 'load' });
    await page.locator('[data-testid=table]').waitFor();
    await page.waitForFunction(() => {
      const t = document.querySelector('[data-testid=table]');
      return t.dataset.turn === t.dataset.bottom && t.dataset.busy === 'false';
    });
    await page.locator('[data-testid=hand] button[data-card]').first().click();
    await page.screenshot({ path: `${out}/pasur-four-${tag}.png` });
    await page.close();
  }
}
await browser.close();
if (server) await server.close();
