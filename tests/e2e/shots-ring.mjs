// Screenshots of the shedding tables with five to eight players, for review: Haft Khabis (5–7)
// and Crazy Eights (5–8, Countdown so every plate shows a wild rank), at a desktop and a
// phone size, in Persian and English.
//   node tests/e2e/shots-ring.mjs [OUT_DIR=tests/e2e/artifacts/ring] [DIST=dist]
import { promises as fs } from 'node:fs';
import { launchBrowser, startStaticServer } from './lib.mjs';

const [out = 'tests/e2e/artifacts/ring', dist = 'dist', only = ''] = process.argv.slice(2);
await fs.mkdir(out, { recursive: true });
const server = await startStaticServer(dist, '/games/');
const base = server.url;
const browser = await launchBrowser();
const tables = [];
for (const n of [5, 6, 7]) tables.push(['hx', `haft-khabis?seed=${10 + n}&seats=y${'b'.repeat(n - 1)}`, n]);
for (const n of [5, 6, 7, 8]) tables.push(['ce', `crazy-eights?seed=${20 + n}&seats=y${'b'.repeat(n - 1)}&countdown=1`, n]);
for (const [w, h] of [[1280, 800], [390, 844]]) {
  for (const lang of ['fa', 'en']) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(`${base}#/`, { waitUntil: 'load' });
    await page.evaluate((l) => localStorage.setItem('cards.lang', l), lang);
    for (const [game, q, n] of tables) {
      const name = `${game}${n}-${w}-${lang}`;
      if (only && !name.includes(only)) continue;
      await page.goto(`${base}${q.split('?')[0]}.html#/${q}`, { waitUntil: 'load' });
      await page.reload({ waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor();
      // Wait for your turn (the bots before you have played).
      await page
        .waitForFunction(() => {
          const t = document.querySelector('[data-testid=table]');
          return t && t.dataset.turn === t.dataset.bottom && t.dataset.busy === 'false';
        }, null, { timeout: 20000 })
        .catch(() => {});
      await page.screenshot({ path: `${out}/${name}.png` });
      if (n >= 7) {
        // Then a bot's turn: draw, and shoot while the next seat is to play.
        const draw = page.locator('[data-testid=draw]');
        if (await draw.isVisible()) {
          await draw.click();
          await page
            .waitForFunction(() => {
              const t = document.querySelector('[data-testid=table]');
              return t.dataset.turn !== '' && t.dataset.turn !== t.dataset.bottom;
            }, null, { timeout: 5000 })
            .catch(() => {});
          await page.screenshot({ path: `${out}/${name}-bot.png` });
        }
      }
    }
    await page.close();
  }
}
await browser.close();
await server.close();
