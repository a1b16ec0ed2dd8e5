// Pass-and-play: a person's cards are turned face down as soon as their move is made, so the
// bots' turns that follow never show them to whoever looks at the screen; the cover still
// comes up for the next person.

import { seenValues, waitStepAfter, watchValues } from '../lib.mjs';

/** What the table shows, in the page: whose turn, whose hand, the cover, the cards face up. */
function shown() {
  const t = document.querySelector('[data-testid=table]');
  if (!t) return '';
  return JSON.stringify({
    phase: t.dataset.phase,
    turn: t.dataset.turn,
    bottom: t.dataset.bottom,
    cover: !!document.querySelector('[data-testid=cover]'),
    up: document.querySelectorAll('[data-testid=hand] button[data-card]').length,
    hidden: !!document.querySelector('[data-testid=hand-hidden]'),
  });
}

export const tests = [
  {
    name: 'pass-and-play: a hand is hidden as soon as its owner has played, while the bots play on',
    timeout: 90000,
    run: async ({ page, url, assert }) => {
      // You in seat 1, a second person in seat 3, bots between: a bot follows each person.
      await page.goto(`${url}#/hokm?seed=12&seats=bybp&bots=ee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      let moves = 0;
      const end = Date.now() + 80000;
      while (moves < 6) {
        assert(Date.now() < end, `six moves by people in time (${moves})`);
        // One look at the page, read in one go: the bots play at once, so separate reads of the
        // cover, the turn and the cards may each see a different moment (the cover for the next
        // person can come up between them).
        const now = await page.evaluate(() => {
          const t = document.querySelector('[data-testid=table]');
          const seen = (sel) => {
            const e = document.querySelector(sel);
            return !!e && e.getClientRects().length > 0;
          };
          return {
            cover: seen('[data-testid=cover]'),
            draw: seen('[data-testid=draw-ok]'),
            ...(t ? t.dataset : {}),
            up: document.querySelectorAll('[data-testid=hand] button[data-card]').length,
          };
        });
        if (now.cover) {
          await page.locator('[data-testid=reveal]').click();
          continue;
        }
        if (now.draw) {
          await page.locator('[data-testid=draw-ok]').click();
          continue;
        }
        const { phase, turn, bottom, busy, step } = now;
        if (turn !== bottom || busy === 'true') {
          await page.waitForTimeout(50);
          continue;
        }
        if (phase === 'choosing_trump') {
          await page.locator('[data-testid=trump-picker] button[data-trump]').first().click();
          continue;
        }
        if (phase !== 'playing') {
          await page.waitForTimeout(50);
          continue;
        }
        assert(now.up > 0, `on their turn the person sees their cards (${JSON.stringify(now)})`);
        // From the first move on, every state the table shows is noted: the bots play at once,
        // so the moments between a person's move and the cover may be too short to sample.
        if (moves === 0) await watchValues(page, 'shown', shown);
        await page.locator('[data-testid=hand] button.playable[data-card]').first().click();
        moves++;
        await waitStepAfter(page, Number(step));
      }
      // Until a person's next turn: either the cover is up or no card shows face up.
      const states = (await seenValues(page, 'shown')).map((v) => JSON.parse(v));
      let watched = 0;
      for (const st of states) {
        if (st.phase !== 'playing' || st.cover || st.turn === st.bottom) continue;
        assert(st.up === 0, `after seat ${st.bottom}'s move, ${st.up} of their cards still show face up (turn ${st.turn})`);
        assert(st.hidden, 'their hand is drawn face down');
        watched++;
      }
      // A bot follows each person, unless a person takes the trick and leads the next.
      assert(watched >= 4, `the hidden hand was checked during the bots' turns (${watched} looks in ${states.length} states)`);
    },
  },
];
