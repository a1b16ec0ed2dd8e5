// Crazy Eights through the UI: set up a table of bots from the home page, play a whole hand
// (a legal card on your turn, a suit after a wild card, drawing or passing when nothing fits,
// declaring the last card, D-6) until the hand result, and check the result against the
// scoreboard (CE-10). A Countdown smoke shows every player's wild rank (CE-12).

import { seenValues, stepOf, waitSeenValue, waitStepAfter, watchValues } from '../lib.mjs';
import { readNumber } from './hokm.test.mjs';
import { checkPlayersOffered, checkResultRows, playTurns, startFromHome } from './shedding.mjs';

/** Plays from where the table is until the hand ends; returns what it did. */
export async function playHand(page, table, assert, deadlineMs, forget = false) {
  const stats = { cards: 0, draws: 0, suits: 0, passes: 0, declared: 0, forgot: 0 };
  const picker = page.locator('[data-testid=suit-picker]');
  return playTurns(page, table, assert, deadlineMs, stats, {
    choice: '[data-testid=suit-picker]',
    before: async () => {
      if (await picker.isVisible()) {
        await picker.locator('button[data-testid^=suit-]').first().click();
        await picker.waitFor({ state: 'detached', timeout: 5000 });
        stats.suits++;
        return 'again';
      }
    },
    play: async ({ bottom, count, playable, last }) => {
      let forgetting = false;
      if (count === 2) {
        // CE-8: a play that leaves one card offers the declaration (D-6).
        assert(await last.isVisible(), 'with two cards the "last card" button is offered');
        if (forget) {
          forgetting = true;
        } else {
          await last.click();
          assert((await last.getAttribute('aria-pressed')) === 'true', 'the declaration is on');
          stats.declared++;
        }
      }
      await playable.first().click();
      // With equal cards together (CE-11) a card with partners is chosen first: play it.
      const chosen = page.locator('[data-testid=play-chosen]');
      if (await chosen.isVisible()) {
        if (await chosen.isEnabled()) await chosen.click();
        else {
          await page.locator('[data-testid=play-cancel]').click();
          if (await page.locator('[data-testid=draw]').isVisible()) await page.locator('[data-testid=draw]').click();
          else if (await page.locator('[data-testid=pass]').isVisible()) await page.locator('[data-testid=pass]').click();
        }
      }
      if (forgetting && !(await picker.isVisible())) {
        // D-6: the forgotten declaration costs two cards when the turn ends, announced.
        const note = page.locator('[data-testid=last-card-penalty]');
        const shown = await note.waitFor({ timeout: 5000 }).then(() => true, () => false);
        if (shown) {
          assert((await note.getAttribute('data-seat')) === bottom, 'the penalty names you');
          assert((await note.getAttribute('data-value')) === '2', 'two cards');
          stats.forgot++;
        }
      }
      if (await picker.isVisible()) {
        const pick = picker.locator('button[data-testid^=suit-H], button[data-testid^=suit-]').first();
        await pick.click();
        stats.suits++;
        await picker.waitFor({ state: 'detached', timeout: 5000 });
      }
    },
    beforeDraw: async () => {
      const stock = Number(await page.locator('[data-testid=stock]').getAttribute('data-count'));
      return () => assert(stock >= 0, 'the stock shows its count');
    },
  });
}

export const tests = [
  {
    name: 'crazy eights: a whole hand against bots from the home page, result matches the scoreboard',
    viewport: 'desktop',
    timeout: 360000,
    run: async ({ page, url, assert }) => {
      const table = await startFromHome(page, url, assert, 'crazy-eights', 'Crazy Eights');
      assert((await page.locator('[data-testid=discard-top]').getAttribute('data-card')) !== '', 'a starting card');
      await page.locator('[data-testid=current-suit]').waitFor({ timeout: 5000 });
      const dir = await page.locator('[data-testid=direction]').getAttribute('data-value');
      assert(dir === 'clockwise' || dir === 'counterclockwise', `the direction is shown (${dir})`);
      assert(Number(await page.locator('[data-testid=stock]').getAttribute('data-count')) > 0, 'the stock count');

      const stats = await playHand(page, table, assert, 160000);
      console.log('    crazy eights hand:', JSON.stringify(stats));
      assert(stats.cards + stats.draws > 0, 'you played');

      const result = page.locator('[data-testid=hand-result]');
      await result.waitFor({ timeout: 10000 });
      const winner = await result.getAttribute('data-winner');
      const blocked = (await result.getAttribute('data-blocked')) === 'true';
      assert(blocked || winner !== '', 'someone went out, or the hand was blocked');
      await checkResultRows(page, 4, assert, ({ total, points, cards }, i) => {
        assert(total === points, `seat ${i}: after one hand the total is the hand's points`);
        if (String(i) === winner) assert(cards === 0, 'the winner holds no card');
        else assert(cards > 0 || blocked, `seat ${i} shows its remaining cards (D-8)`);
      });
      // The table's seed is random: a hand of over 100 points (CE-10) can end the match
      // at once, and then there is no next hand to play.
      if ((await page.locator('[data-testid=new-match]').count()) > 0) {
        console.log('    crazy eights: the match ended after one hand');
        return;
      }
      await page.locator('[data-testid=next-hand]').click();
      await result.waitFor({ state: 'detached', timeout: 10000 });
      // The next hand: forget the declaration on purpose (D-6) and see the penalty announced.
      const stats2 = await playHand(page, table, assert, 160000, true);
      console.log('    crazy eights hand 2:', JSON.stringify(stats2));
    },
  },
  {
    name: 'crazy eights countdown: every player shows a wild rank',
    viewport: 'phone',
    timeout: 30000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/crazy-eights?seed=5&seats=ybb&bots=ee&countdown=1`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      for (let i = 0; i < 3; i++) {
        const w = await page.locator(`[data-testid=wild-rank-${i}]`).getAttribute('data-value');
        assert(w === '8', `seat ${i} starts with 8 wild in Countdown (${w})`);
      }
      assert((await page.locator('[data-testid=hand] button[data-card]').count()) === 8, '8 cards each');
    },
  },
  {
    name: 'crazy eights: equal cards chosen (mouse and keyboard) and played together, the last on top',
    viewport: 'desktop',
    timeout: 240000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/crazy-eights?seed=2&seats=ybbb&bots=eee&equal_cards=1`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      const hand = page.locator('[data-testid=hand]');
      const end = Date.now() + 200000;
      let done = false;
      while (!done) {
        assert(Date.now() < end, 'a set of equal cards could be played in time');
        await page.waitForFunction(() => {
          const t = document.querySelector('[data-testid=table]');
          return (t.dataset.turn === t.dataset.bottom && t.dataset.busy === 'false') || t.dataset.phase === 'hand_over';
        }, null, { timeout: 60000 });
        if ((await table.getAttribute('data-phase')) === 'hand_over') {
          await page.locator('[data-testid=next-hand]').click();
          continue;
        }
        // A playable card with another of its rank in hand?
        const cards = await hand.locator('button[data-card]').evaluateAll((els) =>
          els.map((e) => ({ card: e.dataset.card, copy: e.dataset.copy, playable: e.classList.contains('playable') })),
        );
        const rank = (c) => c.slice(0, -1);
        const pair = cards.find((a) => a.playable && cards.some((b) => b !== a && rank(b.card) === rank(a.card) && b.playable));
        const count = cards.length;
        if (pair) {
          const other = cards.find((b) => b !== pair && rank(b.card) === rank(pair.card));
          const sel = (c) => hand.locator(`button[data-card="${c.card}"][data-copy="${c.copy}"]`);
          // Mouse: the first card is chosen, not played.
          await sel(pair).click();
          assert((await sel(pair).getAttribute('aria-pressed')) === 'true', 'the card is chosen');
          const confirm = page.locator('[data-testid=play-chosen]');
          assert((await confirm.getAttribute('data-count')) === '1', 'one card chosen');
          assert((await hand.locator('button[data-card]').count()) === count, 'nothing played yet');
          // Keyboard: the second card added with Enter, then the confirm with Enter.
          await sel(other).focus();
          await page.keyboard.press('Enter');
          assert((await confirm.getAttribute('data-count')) === '2', 'two cards chosen');
          assert((await confirm.getAttribute('data-top')) === other.card, 'the last chosen goes on top');
          assert(readNumber(await sel(other).locator('.card-badge').textContent()) === 2, 'the order is shown');
          // A second press takes a card back, a third adds it again.
          await page.keyboard.press('Enter');
          assert((await confirm.getAttribute('data-count')) === '1', 'taken back');
          await page.keyboard.press('Enter');
          assert(await confirm.isEnabled(), 'the set may be played');
          // The top of the pile from now on: the bots play on it at once.
          await watchValues(page, 'top', () => document.querySelector('[data-testid=discard-top]')?.dataset.card);
          await watchValues(page, 'hand', () => document.querySelectorAll('[data-testid=hand] button[data-card]').length);
          await confirm.focus();
          await page.keyboard.press('Enter');
          const picker = page.locator('[data-testid=suit-picker]');
          if (await picker.isVisible()) {
            assert((await picker.getAttribute('data-count')) === '2', 'the suit is named for the set');
            await picker.locator('button[data-testid^=suit-]').first().click();
          }
          await waitSeenValue(page, 'hand', count - 2);
          // The first card shown on top after the one before the set (the pile may be redrawn
          // empty for a moment in between).
          const tops = (await seenValues(page, 'top')).filter(Boolean);
          assert(tops[1] === other.card, `the last card chosen, ${other.card}, is on top (the pile's tops: ${tops.join(' ')})`);
          done = true;
          break;
        }
        // Otherwise draw (a larger hand holds more pairs), else play a card alone, else pass.
        const step = await stepOf(page);
        const playable = hand.locator('button.playable[data-card]');
        const last = page.locator('[data-testid=last-card]');
        if (count === 2 && (await last.isVisible())) await last.click();
        if (await page.locator('[data-testid=draw]').isVisible()) {
          await page.locator('[data-testid=draw]').click();
        } else if ((await playable.count()) > 0) {
          await playable.first().click();
          const chosen = page.locator('[data-testid=play-chosen]');
          if (await chosen.isVisible()) await chosen.click();
          const picker = page.locator('[data-testid=suit-picker]');
          if (await picker.isVisible()) await picker.locator('button[data-testid^=suit-]').first().click();
        } else {
          await page.locator('[data-testid=pass]').click();
        }
        await waitStepAfter(page, step, 5000);
      }
    },
  },
  {
    name: 'crazy eights: eight players (two decks) on a phone, every seat readable, turns change the hand',
    viewport: 'phone',
    timeout: 240000,
    run: async ({ page, url, assert }) => {
      await checkPlayersOffered(page, url, assert, 'crazy-eights', '2,3,4,5,6,7,8', 'two to eight');
      await page.goto(`${url}#/crazy-eights?seed=8&seats=ybbbbbbb&bots=eeeeeee&countdown=1`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      const vw = 390;
      // Every seat: inside the screen, its name, count and wild rank readable, no overlap.
      const boxes = await page.locator('.seat[data-seat]').evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          const plate = e.querySelector('.plate').getBoundingClientRect();
          const name = e.querySelector('.seat-name');
          return {
            seat: e.dataset.seat,
            place: e.dataset.testid,
            box: [r.left, r.top, r.right, r.bottom],
            plate: [plate.left, plate.top, plate.right, plate.bottom],
            nameFits: name.scrollWidth <= name.clientWidth + 1,
            count: e.querySelector('.count')?.textContent ?? null,
          };
        }),
      );
      assert(boxes.length === 8, `eight seats (${boxes.length})`);
      assert(new Set(boxes.map((b) => b.place)).size === 8, 'eight different places');
      for (const b of boxes) {
        assert(b.box[0] >= 0 && b.box[2] <= vw + 0.5, `seat ${b.seat} (${b.place}) is inside the screen: ${b.box}`);
        assert(b.nameFits, `seat ${b.seat}: the whole name shows`);
        if (b.place !== 'seat-bottom') assert(b.count !== null && b.count !== '', `seat ${b.seat}: its card count shows`);
        assert(await page.locator(`[data-testid=wild-rank-${b.seat}]`).isVisible(), `seat ${b.seat}: its wild rank shows (CE-12)`);
      }
      const overlap = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          assert(!overlap(boxes[i].box, boxes[j].box), `seats ${boxes[i].place} and ${boxes[j].place} do not overlap`);
        }
      }
      // Two decks (CE-1): a card may be held twice, each copy its own button.
      const keys = await page.locator('[data-testid=hand] button[data-card]').evaluateAll((els) => els.map((e) => `${e.dataset.card}/${e.dataset.copy}`));
      assert(new Set(keys).size === keys.length, `every card of the hand is told apart (${keys})`);
      // A few turns: playing takes a card from your hand, drawing adds one.
      let played = 0;
      let drew = 0;
      const end = Date.now() + 200000;
      while (played + drew < 3) {
        assert(Date.now() < end, 'three turns in time');
        await page.waitForFunction(() => {
          const t = document.querySelector('[data-testid=table]');
          return (t.dataset.turn === t.dataset.bottom && t.dataset.busy === 'false') || t.dataset.phase !== 'playing';
        }, null, { timeout: 60000 });
        if ((await table.getAttribute('data-phase')) !== 'playing') break;
        const bottom = await table.getAttribute('data-bottom');
        assert((await page.locator('.seat.is-turn').count()) === 1, 'one seat is marked as to play');
        assert((await page.locator(`.seat.is-turn[data-seat="${bottom}"]`).count()) === 1, 'your plate is marked');
        const hand = page.locator('[data-testid=hand] button[data-card]');
        const n = await hand.count();
        const playable = page.locator('[data-testid=hand] button.playable[data-card]');
        let expect;
        if ((await playable.count()) > 0) {
          const last = page.locator('[data-testid=last-card]');
          if (n === 2 && (await last.isVisible())) await last.click();
          await playable.first().click();
          const picker = page.locator('[data-testid=suit-picker]');
          if (await picker.isVisible()) await picker.locator('button[data-testid^=suit-]').first().click();
          expect = (m) => m < n;
          played++;
        } else {
          const pending = page.locator('[data-testid=pending]');
          const k = (await pending.isVisible()) ? Number(await pending.getAttribute('data-value')) : 1;
          await page.locator('[data-testid=draw]').click();
          expect = (m) => m === n + k;
          drew++;
        }
        await page.waitForFunction((m) => document.querySelectorAll('[data-testid=hand] button[data-card]').length !== m, n, { timeout: 5000 });
        const m = await hand.count();
        assert(expect(m), `your hand went from ${n} to ${m}`);
        assert(Number(await page.locator('[data-testid=seat-bottom]').getAttribute('data-count')) === m, 'your plate shows your count');
      }
      assert(played + drew > 0, 'you took turns');
    },
  },
  {
    name: 'crazy eights: a large two-deck hand on a phone keeps a tappable strip of every card',
    viewport: 'phone',
    timeout: 300000,
    run: async ({ page, url, assert }) => {
      // Countdown: going out deals new cards, so the hand goes on while you draw.
      await page.goto(`${url}#/crazy-eights?seed=66&seats=ybbbbb&bots=eeeee&countdown=1`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      const hand = page.locator('[data-testid=hand] button[data-card]');
      const end = Date.now() + 240000;
      while ((await hand.count()) < 20) {
        assert(Date.now() < end, 'twenty cards in time');
        await page.waitForFunction(() => {
          const t = document.querySelector('[data-testid=table]');
          return t.dataset.turn === t.dataset.bottom && t.dataset.busy === 'false';
        }, null, { timeout: 60000 });
        assert((await table.getAttribute('data-phase')) === 'playing', 'still playing');
        const n = await hand.count();
        await page.locator('[data-testid=draw]').click();
        await page.waitForFunction((m) => document.querySelectorAll('[data-testid=hand] button[data-card]').length !== m, n, { timeout: 5000 });
        assert((await hand.count()) === n + 1, 'a draw adds one card');
      }
      const n = await hand.count();
      assert((await page.locator('[data-testid=hand].many').count()) === 1, 'a large hand is laid out as such');
      // Each card: a strip at least 40 px wide and 40 px high where a tap reaches it.
      const strips = await hand.evaluateAll((els) =>
        els.map((e, i) => {
          const r = e.getBoundingClientRect();
          const next = els[i + 1]?.getBoundingClientRect();
          const sameRow = next && Math.abs(next.top - r.top) < 2;
          const w = sameRow ? next.left - r.left : r.right - r.left;
          const below = els.slice(i + 1).map((x) => x.getBoundingClientRect()).find((x) => x.top > r.top + 2);
          const h = below ? Math.min(below.top, r.bottom) - r.top : r.bottom - r.top;
          const hit = document.elementFromPoint(r.left + Math.min(w, r.width) / 2, r.top + Math.max(4, h / 2));
          return { card: `${e.dataset.card}/${e.dataset.copy}`, w, h, hits: e.contains(hit), inside: r.left >= 0 && r.right <= innerWidth };
        }),
      );
      for (const s of strips) {
        assert(s.inside, `${s.card} is inside the screen`);
        assert(s.w >= 40 && s.h >= 40, `${s.card}: a strip of ${Math.round(s.w)}×${Math.round(s.h)} px`);
        assert(s.hits, `${s.card}: a tap on its strip reaches it`);
      }
      assert(new Set(strips.map((s) => s.card)).size === n, 'every card is told apart (data-card, data-copy)');
    },
  },
];
