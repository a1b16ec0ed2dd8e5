// What a phone player met (issue 25, part 4), at 390×844 in Persian and English: each check
// failed before its fix.
import { SEED, playRound } from './pasur.test.mjs';

const boxOf = async (locator) => locator.boundingBox();
const overlap = (a, b) =>
  a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const fmt = (b) => (b ? `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}` : 'none');

async function open(page, url, lang, link) {
  await page.addInitScript((l) => localStorage.setItem('cards.lang', l), lang);
  await page.goto(`${url}${link}`, { waitUntil: 'load' });
  await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
}

export const tests = [
  {
    name: 'hokm on a phone: the score sheet opens under the whole top bar, the hakem line stays in sight (fa, en)',
    viewport: 'phone',
    run: async ({ newContext, url, assert }) => {
      for (const lang of ['en', 'fa']) {
        const context = await newContext({ viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        await open(page, url, lang, 'hokm.html#/hokm?seed=2&seats=ybbb');
        const board = await boxOf(page.locator('.table-topbar .scoreboard'));
        for (const [button, panel] of [
          ['scores-button', 'scores-panel'],
          ['settings-button', 'settings-panel'],
        ]) {
          const b = page.locator(`[data-testid=${button}]`);
          if ((await b.count()) === 0) continue;
          await b.click();
          const p = page.locator(`[data-testid=${panel}]`);
          await p.waitFor({ timeout: 5000 });
          const box = await boxOf(p);
          assert(!overlap(box, board), `${lang}: the ${panel} (${fmt(box)}) leaves the scoreboard (${fmt(board)}) in sight`);
          assert(box.x >= 0 && box.x + box.width <= 390, `${lang}: the ${panel} stays on the screen (${fmt(box)})`);
          await b.click();
          await p.waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
        }
        await context.close();
      }
    },
  },
  {
    name: 'pasur on a phone: the top bar keeps to a fifth of the screen, and a sur is announced over the table, not over its caption or the stock (fa, en)',
    viewport: 'phone',
    timeout: 180000,
    run: async ({ newContext, url, assert }) => {
      for (const lang of ['fa', 'en']) {
        const context = await newContext({ viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        await open(page, url, lang, `pasur.html#/pasur?seed=${SEED}&seats=yb&bots=e`);
        const bar = await boxOf(page.locator('.table-topbar'));
        assert(bar.height <= 844 / 5, `${lang}: the top bar is ${Math.round(bar.height)} px high, at most a fifth of 844`);
        // The board's numbers are all in sight and on the screen.
        for (const sel of ['[data-testid=points-0]', '[data-testid=total-1]', '[data-testid=deal]']) {
          const b = await boxOf(page.locator(sel));
          assert(b && b.x >= 0 && b.x + b.width <= 390 && b.y + b.height <= bar.y + bar.height + 1, `${lang}: ${sel} is inside the bar (${fmt(b)})`);
        }
        let flashes = 0;
        await playRound(page, assert, 170000, {
          onPlayed: async (r) => {
            if (!r.sur) return;
            const flash = page.locator('[data-testid=sur-flash]');
            if ((await flash.count()) === 0) return; // the round ended with it: the result covers the table
            flashes++;
            const f = await boxOf(flash);
            const caption = await boxOf(page.locator('[data-testid=last-play]'));
            const stock = await boxOf(page.locator('[data-testid=stock]'));
            assert(!overlap(f, caption), `${lang}: the sur's flash (${fmt(f)}) leaves its caption (${fmt(caption)}) readable`);
            assert(!overlap(f, stock), `${lang}: the sur's flash (${fmt(f)}) leaves the stock (${fmt(stock)}) in sight`);
          },
        });
        assert(flashes >= 1, `${lang}: a sur was announced (${flashes})`);
        await context.close();
      }
    },
  },
];
