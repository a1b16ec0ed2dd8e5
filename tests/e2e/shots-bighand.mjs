// Screenshots of a large two-deck hand (Crazy Eights, six players, equal cards together, Countdown so that the hand goes on):
// you draw until you hold 20 cards or more, then choose two cards of a rank; at a phone and
// a desktop size, in Persian and English.
//   node tests/e2e/shots-bighand.mjs [OUT_DIR=tests/e2e/artifacts/bighand] [DIST=dist]
import { promises as fs } from 'node:fs';
import { launchBrowser, startStaticServer } from './lib.mjs';

const [out = 'tests/e2e/artifacts/bighand', dist = 'dist'] = process.argv.slice(2);
await fs.mkdir(out, { recursive: true });
const server = await startStaticServer(dist, '/games/');
const browser = await launchBrowser();
const myTurn = () => {
  const t = document.querySelector('[data-testid=table]');
  if (!t) return false;
  return (t.dataset.turn === t.dataset.bottom && t.dataset.busy === 'false') || t.dataset.phase === 'hand_over';
};
for (const [w, h] of [[390, 844], [1280, 800]]) {
  for (const lang of ['fa', 'en']) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(`${server.url}#/`, { waitUntil: 'load' });
    await page.evaluate((l) => localStorage.setItem('cards.lang', l), lang);
    await page.goto(`${server.url}crazy-eights.html#/crazy-eights?seed=66&seats=ybbbbb&equal_cards=1&countdown=1`, { waitUntil: 'load' });
    await page.reload({ waitUntil: 'load' });
    const hand = page.locator('[data-testid=hand] button[data-card]');
    for (let i = 0; i < 40 && (await hand.count()) < 20; i++) {
      await page.waitForFunction(myTurn, null, { timeout: 60000 }).catch(async (e) => {
        await page.screenshot({ path: `${out}/stuck-${w}-${lang}.png` });
        throw e;
      });
      if ((await page.locator('[data-testid=table]').getAttribute('data-phase')) === 'hand_over') {
        await page.locator('[data-testid=next-hand]').click();
        continue;
      }
      const n = await hand.count();
      if (!(await page.locator('[data-testid=draw]').isVisible())) break;
      await page.locator('[data-testid=draw]').click();
      await page.waitForFunction((m) => document.querySelectorAll('[data-testid=hand] button[data-card]').length !== m, n, { timeout: 10000 }).catch(() => {});
    }
    await page.waitForFunction(myTurn, null, { timeout: 60000 });
    const cards = await hand.evaluateAll((els) => els.map((e) => [e.dataset.card, e.dataset.copy, e.classList.contains('playable')]));
    const rank = (c) => c.slice(0, -1);
    const a = cards.find((x) => x[2] && cards.some((y) => y !== x && rank(y[0]) === rank(x[0])));
    if (a) {
      const b = cards.find((y) => y !== a && rank(y[0]) === rank(a[0]));
      await page.locator(`[data-testid=hand] button[data-card="${a[0]}"][data-copy="${a[1]}"]`).click({ position: { x: 8, y: 20 } });
      await page.locator(`[data-testid=hand] button[data-card="${b[0]}"][data-copy="${b[1]}"]`).click({ position: { x: 8, y: 20 } });
    }
    await page.screenshot({ path: `${out}/bighand-${w}-${lang}.png` });
    // The narrowest visible strip of a card (what a finger can hit).
    const strips = await hand.evaluateAll((els) => els.map((e, i) => {
      const r = e.getBoundingClientRect();
      const next = els[i + 1]?.getBoundingClientRect();
      const sameRow = next && Math.abs(next.top - r.top) < 2;
      return Math.round(sameRow ? next.left - r.left : r.width);
    }));
    console.log(`${w} ${lang}: ${await hand.count()} cards, narrowest strip ${Math.min(...strips)} px`);
    await page.close();
  }
}
await browser.close();
await server.close();
