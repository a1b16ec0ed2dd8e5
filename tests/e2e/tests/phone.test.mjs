// What a phone player met (issue 25, part 4), at 390×844 in Persian and English: each check
// failed before its fix.
import { tableState } from '../lib.mjs';
import { playHand as playBidel } from './bidel.test.mjs';
import { playHand as playHaftKhabis } from './haft_khabis.test.mjs';
import { SEED, playRound } from './pasur.test.mjs';

const boxOf = async (locator) => locator.boundingBox();
const overlap = (a, b) =>
  a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const fmt = (b) => (b ? `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}` : 'none');

/** A phone held upright: its size, touch, a mobile viewport. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function open(page, url, lang, link) {
  await page.addInitScript((l) => localStorage.setItem('cards.lang', l), lang);
  await page.goto(`${url}${link}`, { waitUntil: 'load' });
  await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
}

/** A phone of its own (a browser context) at `link` in `lang`, its table shown. */
async function phoneAt(newContext, url, lang, link) {
  const context = await newContext(PHONE);
  const page = await context.newPage();
  await open(page, url, lang, link);
  return { context, page };
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
  {
    name: 'shedding hands on a phone: a card button is as tall as its card, so a tap above or below a card plays nothing (crazy eights, haft khabis; fa, en)',
    viewport: 'phone',
    timeout: 60000,
    run: async ({ newContext, url, assert }) => {
      // The phone's hand has room for two rows; a single row's buttons were stretched to both
      // (175 px around a 90 px card): a tap 40 px above a card played it, a chosen card's frame
      // ran down past the screen's edge and its lift covered the hint button.
      for (const [lang, link] of [
        ['fa', 'crazy-eights.html#/crazy-eights?seed=2&seats=ybbb&bots=eee&equal_cards=1'],
        ['en', 'haft-khabis.html#/haft-khabis?seed=2&seats=ybbb&bots=eee'],
      ]) {
        const { context, page } = await phoneAt(newContext, url, lang, link);
        const cards = await page.locator('[data-testid=hand] button[data-card]').evaluateAll((els) =>
          els.map((b) => {
            const r = b.getBoundingClientRect();
            const c = b.querySelector('svg').getBoundingClientRect();
            const x = c.x + c.width / 2;
            const hit = (y) => b.contains(document.elementFromPoint(x, y));
            return { card: b.dataset.card, h: r.height, card_h: c.height, above: hit(c.top - 12), below: hit(c.bottom + 12), on: hit(c.top + c.height / 2) };
          }),
        );
        assert(cards.length >= 5, `${lang}: a hand of one row (${cards.length} cards)`);
        for (const c of cards) {
          assert(c.h <= c.card_h + 2, `${lang}: ${c.card}'s button is ${Math.round(c.h)} px high around a card of ${Math.round(c.card_h)}`);
          assert(c.on && !c.above && !c.below, `${lang}: ${c.card} is tapped on the card only (on ${c.on}, 12 px above ${c.above}, below ${c.below})`);
        }
        await context.close();
      }
    },
  },
  {
    name: 'pasur on a phone: a table card tapped is raised as a chosen card is, not further by the tap a touch screen keeps on it (fa, en)',
    viewport: 'phone',
    run: async ({ newContext, url, assert }) => {
      for (const lang of ['fa', 'en']) {
        // Seed 17: your 2♥ may take either nine on the table (2 + 9 = 11).
        const { context, page } = await phoneAt(newContext, url, lang, `pasur.html#/pasur?seed=${SEED}&seats=yb&bots=e`);
        await page.waitForFunction(() => document.querySelector('[data-testid=hand] button[data-card="2H"].playable'), null, { timeout: 10000 });
        await page.locator('[data-testid=hand] button[data-card="2H"]').tap();
        await page.locator('[data-testid=capture-panel][data-card="2H"]').waitFor({ timeout: 5000 });
        const nine = page.locator('[data-testid=pasur-table-cards] button[data-card="9H"]');
        await nine.tap();
        assert((await nine.getAttribute('aria-pressed')) === 'true', `${lang}: tapped, 9♥ is chosen`);
        // Each card's rise once its transition (0.15 s) is over.
        await page.waitForTimeout(400);
        const rise = await page
          .locator('[data-testid=pasur-table-cards] button[data-card]')
          .evaluateAll((els) =>
            Object.fromEntries(els.map((el) => [`${el.dataset.card}${el.classList.contains('take') ? '*' : ''}`, -new DOMMatrix(getComputedStyle(el).transform).m42])),
          );
        const chosen = Object.entries(rise).filter(([k]) => k.endsWith('*'));
        assert(chosen.length >= 1, `${lang}: the chosen set is marked (${JSON.stringify(rise)})`);
        assert(
          chosen.every(([, y]) => Math.abs(y - chosen[0][1]) < 0.5),
          `${lang}: the tapped card rises as the rest of its set, no further (${JSON.stringify(rise)})`,
        );
        assert(Math.abs(rise['9H*'] - 6) < 0.5, `${lang}: 9♥ rises 6 px as a chosen card, not 8 as under a mouse (${JSON.stringify(rise)})`);
        await context.close();
      }
    },
  },
  {
    name: 'crazy eights on a phone: the wild rank reads on one line under the piles, not squeezed beside them (fa, en)',
    viewport: 'phone',
    run: async ({ newContext, url, assert }) => {
      for (const lang of ['fa', 'en']) {
        const { context, page } = await phoneAt(newContext, url, lang, 'crazy-eights.html#/crazy-eights?seed=2&seats=ybbb&bots=eee');
        const note = page.locator('[data-testid=wild-note]');
        await note.waitFor({ timeout: 5000 });
        const n = await boxOf(note);
        const piles = await boxOf(page.locator('.shed-piles'));
        const lineHeight = await note.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 1.5 * parseFloat(getComputedStyle(el).fontSize));
        assert(n.height <= lineHeight * 1.3, `${lang}: the wild rank (${fmt(n)}) is one line (${lineHeight.toFixed(1)} px)`);
        assert(n.y >= piles.y + piles.height, `${lang}: the wild rank (${fmt(n)}) is under the piles (${fmt(piles)})`);
        await context.close();
      }
    },
  },
  {
    name: 'crazy eights on a phone: the score sheet, settings and share pop-overs stay on the screen with a margin, the settings scroll to their last button, every last button 44 px high, one open at a time (fa, en)',
    viewport: 'phone',
    run: async ({ newContext, url, assert }) => {
      for (const lang of ['fa', 'en']) {
        const { context, page } = await phoneAt(newContext, url, lang, 'crazy-eights.html#/crazy-eights?seed=2&seats=ybbb&bots=eee');
        for (const [button, panel] of [
          ['scores-button', '[data-testid=scores-panel]'],
          ['settings-button', '[data-testid=settings-panel]'],
          ['share', '.share-pop'],
        ]) {
          await page.locator(`[data-testid=${button}]`).click();
          const p = page.locator(panel);
          await p.waitFor({ timeout: 5000 });
          const box = await boxOf(p);
          assert(box.x >= 4 && box.x + box.width <= 390 - 4, `${lang}: ${panel} (${fmt(box)}) keeps a margin on both sides of the screen`);
          assert(box.y + box.height <= 844, `${lang}: ${panel} (${fmt(box)}) ends on the screen (844 px)`);
          // The last button (close, copy) is reached by scrolling the pop-over, and a tap there hits it.
          const last = p.locator('button, a[href]').last();
          await last.scrollIntoViewIfNeeded();
          const b = await boxOf(last);
          const reached = await last.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
          });
          assert(reached && b.y + b.height <= 844, `${lang}: ${panel}'s last button (${fmt(b)}) can be tapped`);
          // A finger's target: 44 px high at least (a small button was 36 px).
          assert(b.height >= 44, `${lang}: ${panel}'s last button (${fmt(b)}) is at least 44 px high`);
          await page.locator(`[data-testid=${button}]`).click();
          await p.waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
        }
        // One pop-over at a time: opening another closes the one open (on a phone they
        // would lie on top of each other).
        await page.locator('[data-testid=settings-button]').click();
        await page.locator('[data-testid=settings-panel]').waitFor({ timeout: 5000 });
        await page.locator('[data-testid=scores-button]').click();
        await page.locator('[data-testid=scores-panel]').waitFor({ timeout: 5000 });
        assert((await page.locator('[data-testid=settings-panel]').count()) === 0, `${lang}: the score sheet's pop-over closed the settings'`);
        assert((await page.locator('[data-testid=settings-button]').getAttribute('aria-expanded')) === 'false', `${lang}: the settings button says it is closed`);
        await context.close();
      }
    },
  },
  {
    name: "setup forms on a phone: the rules link is readable on its panel and large enough to tap (bidel, haft khabis, crazy eights; fa, en)",
    viewport: 'phone',
    run: async ({ newContext, url, assert }) => {
      // WCAG's relative luminance and contrast ratio of two CSS colours (rgb()/rgba() over the panel).
      const contrast = (fg, bg) => {
        const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
        const lum = (c) => {
          const [r, g, b] = rgb(c).map((v) => {
            const s = v / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
        return (a + 0.05) / (b + 0.05);
      };
      for (const lang of ['fa', 'en']) {
        const context = await newContext(PHONE);
        const page = await context.newPage();
        await page.addInitScript((l) => localStorage.setItem('cards.lang', l), lang);
        for (const game of ['bidel', 'haft-khabis', 'crazy-eights']) {
          await page.goto(`${url}#/${game}/setup`, { waitUntil: 'load' });
          const link = page.locator('[data-testid=rules-link]');
          await link.waitFor({ timeout: 15000 });
          const { fg, bg } = await link.evaluate((el) => ({
            fg: getComputedStyle(el).color,
            bg: getComputedStyle(el.closest('.panel')).backgroundColor,
          }));
          const ratio = contrast(fg, bg);
          assert(ratio >= 4.5, `${lang} ${game}: the rules link (${fg} on ${bg}) has a contrast of ${ratio.toFixed(2)}, at least 4.5`);
          const box = await boxOf(link);
          assert(box.height >= 44, `${lang} ${game}: the rules link is ${Math.round(box.height)} px high, at least 44 to tap`);
        }
        await context.close();
      }
    },
  },
  {
    name: 'haft khabis on a phone: a player\'s "last card!" mark on its plate reads in the language\'s direction (fa, en)',
    viewport: 'phone',
    timeout: 120000,
    run: async ({ newContext, url, assert }) => {
      for (const lang of ['fa', 'en']) {
        const { context, page } = await phoneAt(newContext, url, lang, 'haft-khabis.html#/haft-khabis?seed=7&seats=ybbb&bots=eee');
        // The first mark on a plate around the table (a bot's plate: the felt is drawn left to
        // right, C-2), as it appears: where its first and last letters are drawn.
        await page.evaluate(() => {
          window.__marks = [];
          new MutationObserver(() => {
            const el = document.querySelector('.felt .seat .declared');
            if (!el || window.__marks.length) return;
            const text = [...el.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
            const s = text.textContent;
            const at = (i) => {
              const r = document.createRange();
              r.setStart(text, i);
              r.setEnd(text, i + 1);
              return r.getBoundingClientRect().x;
            };
            window.__marks.push({ text: s, first: at(s.indexOf(s.trim()[0])), last: at(s.lastIndexOf(s.trim().at(-1))) });
          }).observe(document.body, { childList: true, subtree: true });
        });
        const table = page.locator('[data-testid=table]');
        await playHaftKhabis(page, table, assert, 100000);
        const [mark] = await page.evaluate(() => window.__marks);
        assert(mark, `${lang}: a player declared the last card`);
        const rtl = lang === 'fa';
        assert(
          rtl ? mark.last < mark.first : mark.last > mark.first,
          `${lang}: "${mark.text}" ends on the ${rtl ? 'left' : 'right'} (first letter at x ${Math.round(mark.first)}, last at ${Math.round(mark.last)})`,
        );
        await context.close();
      }
    },
  },
  {
    name: "haft khabis on a phone: the hand result's jacks note stands under the points, not run into them, and short names keep to one line (fa, en)",
    viewport: 'phone',
    timeout: 120000,
    run: async ({ newContext, url, assert }) => {
      for (const lang of ['fa', 'en']) {
        const { context, page } = await phoneAt(newContext, url, lang, 'haft-khabis.html#/haft-khabis?seed=7&seats=ybbb&bots=eee');
        const table = page.locator('[data-testid=table]');
        await playHaftKhabis(page, table, assert, 100000);
        assert((await tableState(table)).phase !== 'playing', `${lang}: the hand ended`);
        const note = page.locator('.row-note').first();
        await note.waitFor({ timeout: 10000 });
        // The points' own text (the cell's first text node) and the note: the note on a line below.
        const { points, under } = await note.evaluate((el) => {
          const r = document.createRange();
          r.selectNodeContents(el.parentElement.firstChild);
          const p = r.getBoundingClientRect();
          const n = el.getBoundingClientRect();
          return { points: { x: p.x, y: p.y, width: p.width, height: p.height }, under: n.top >= p.bottom - 1 };
        });
        const nb = await boxOf(note);
        assert(under, `${lang}: the note (${fmt(nb)}) starts below the points (${fmt(points)})`);
        // The players' names ("ربات ۲", "Bot 2") each on one line.
        const lines = await page.locator('[data-testid^=result-row-] th[scope=row]').evaluateAll((ths) =>
          ths.map((th) => {
            const r = document.createRange();
            r.selectNodeContents(th.firstChild);
            return [th.firstChild.textContent, new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size];
          }),
        );
        for (const [name, n] of lines) assert(n === 1, `${lang}: "${name}" stands on one line (${n})`);
        await context.close();
      }
    },
  },
  {
    name: 'bidel on a phone: a card tapped to pass and tapped again lies back in the hand, not half lifted by the tap (fa, en)',
    viewport: 'phone',
    run: async ({ newContext, url, assert }) => {
      // A touch screen keeps :hover on the element tapped last: the card stayed lifted by the
      // mouse's hover, as if still chosen.
      const lift = (card) => card.evaluate((b) => new DOMMatrixReadOnly(getComputedStyle(b).transform).m42);
      for (const lang of ['fa', 'en']) {
        const { context, page } = await phoneAt(newContext, url, lang, 'bidel.html#/bidel?seed=2&seats=ybbb&bots=eee');
        await page.locator('[data-testid=pass-panel]').waitFor({ timeout: 10000 });
        const card = page.locator('[data-testid=hand] button[data-card]').nth(2);
        const height = (await boxOf(card)).height;
        await card.tap();
        await page.waitForTimeout(300);
        const chosen = await lift(card);
        assert((await card.getAttribute('class')).includes('selected') && chosen < -0.2 * height, `${lang}: the chosen card is lifted by a fifth of its height or more (${chosen.toFixed(1)} px of ${Math.round(height)})`);
        await card.tap();
        await page.waitForTimeout(300);
        const back = await lift(card);
        assert(!(await card.getAttribute('class')).includes('selected') && back === 0, `${lang}: taken back, the card lies in the hand (lifted ${back.toFixed(1)} px)`);
        await context.close();
      }
    },
  },
  {
    name: "bidel on a phone: the hand result's Q♠ stands beside its words, apart and in the line's middle (fa, en)",
    viewport: 'phone',
    timeout: 150000,
    run: async ({ newContext, url, assert }) => {
      for (const lang of ['fa', 'en']) {
        const { context, page } = await phoneAt(newContext, url, lang, 'bidel.html#/bidel?seed=2&seats=ybbb&bots=eee');
        await playBidel(page, page.locator('[data-testid=table]'), assert, 120000);
        const line = page.locator('[data-testid=hand-result] .points').filter({ has: page.locator('.mini-card') });
        await line.waitFor({ timeout: 10000 });
        const { card, words } = await line.evaluate((p) => {
          const box = (r) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
          const text = [...p.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
          const r = document.createRange();
          r.selectNodeContents(text);
          return { card: box(p.querySelector('.mini-card').getBoundingClientRect()), words: box(r.getBoundingClientRect()) };
        });
        const gap = lang === 'fa' ? card.x - (words.x + words.width) : words.x - (card.x + card.width);
        assert(gap >= 4, `${lang}: ${Math.round(gap)} px between the card (${fmt(card)}) and its words (${fmt(words)})`);
        const middle = words.y + words.height / 2;
        assert(Math.abs(middle - (card.y + card.height / 2)) <= 6, `${lang}: the words (${fmt(words)}) stand at the card's middle (${fmt(card)})`);
        await context.close();
      }
    },
  },
];
