// Screenshots of issue 12's screens, for review, at 1280×800 and 390×844, Persian and
// English: the setup with hard and easy bots (a select open is drawn by the OS, so the form
// with one seat easy), a hard bot thinking, and the hint on your turn (Crazy Eights).
//   node tests/e2e/shots-hard.mjs BASE_URL OUT_DIR
import { forEachScreen, launchBrowser } from './lib.mjs';

const [base, out] = process.argv.slice(2);
const browser = await launchBrowser();
await forEachScreen(browser, base, async (page, tag) => {
  await page.goto(`${base}crazy-eights.html#/crazy-eights/setup`, { waitUntil: 'load' });
  await page.locator('[data-testid=seat-kind-2]').waitFor({ timeout: 15000 });
  await page.locator('[data-testid=seat-kind-2]').selectOption('bot-easy');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${out}/setup-${tag}.png`, fullPage: true });
  await page.goto(`${base}crazy-eights.html#/crazy-eights?seed=5&seats=ybb&countdown=1`, { waitUntil: 'load' });
  const table = page.locator('[data-testid=table]');
  await table.waitFor({ timeout: 15000 });
  // A bot thinking: wait for the marker.
  for (let i = 0; i < 200 && (await table.getAttribute('data-thinking')) === null; i++) {
    const [turn, bottom, busy] = await Promise.all(['data-turn', 'data-bottom', 'data-busy'].map((a) => table.getAttribute(a)));
    if (turn === bottom && busy !== 'true') {
      const playable = page.locator('[data-testid=hand] button.playable[data-card]');
      if ((await playable.count()) > 0) await playable.first().click();
      else await page.locator('[data-testid=draw], [data-testid=pass]').first().click();
    }
    await page.waitForTimeout(50);
  }
  await page.screenshot({ path: `${out}/thinking-${tag}.png` });
  // Your turn: ask the hint.
  for (let i = 0; i < 400; i++) {
    const [turn, bottom, busy] = await Promise.all(['data-turn', 'data-bottom', 'data-busy'].map((a) => table.getAttribute(a)));
    if (turn === bottom && busy !== 'true' && (await page.locator('[data-testid=hint-button]').count()) > 0) break;
    await page.waitForTimeout(50);
  }
  await page.locator('[data-testid=hint-button]').click();
  await page.locator('[data-testid=hint-text]').waitFor({ timeout: 15000 });
  await page.screenshot({ path: `${out}/hint-${tag}.png` });
});
await browser.close();
