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
        // Every sur flash, as it appears (a bot's next card may replace it at once): its
        // layout box at full size (its scale animates), the caption's and the stock's.
        await page.evaluate(() => {
          window.__surs = [];
          const box = (el) => {
            const r = el?.getBoundingClientRect();
            return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
          };
          new MutationObserver(() => {
            const f = document.querySelector('[data-testid=sur-flash]');
            if (!f || f.dataset.seen) return;
            f.dataset.seen = '1';
            const r = f.getBoundingClientRect();
            const cx = r.x + r.width / 2;
            const cy = r.y + r.height / 2;
            window.__surs.push({
              flash: { x: cx - f.offsetWidth / 2, y: cy - f.offsetHeight / 2, width: f.offsetWidth, height: f.offsetHeight },
              caption: box(document.querySelector('[data-testid=last-play]')),
              stock: box(document.querySelector('[data-testid=stock]')),
            });
          }).observe(document.body, { childList: true, subtree: true });
        });
        await playRound(page, assert, 170000);
        const surs = await page.evaluate(() => window.__surs);
        for (const { flash, caption, stock } of surs) {
          assert(!overlap(flash, caption), `${lang}: the sur's flash (${fmt(flash)}) leaves its caption (${fmt(caption)}) readable`);
          assert(!overlap(flash, stock), `${lang}: the sur's flash (${fmt(flash)}) leaves the stock (${fmt(stock)}) in sight`);
        }
        const flashes = surs.length;
        assert(flashes >= 1, `${lang}: a sur was announced (${flashes})`);
        await context.close();
      }
    },
  },
];
