// Crazy Eights through the UI: set up a table of bots from the home page, play a whole hand
// (a legal card on your turn, a suit after a wild card, drawing or passing when nothing fits,
// declaring the last card, D-6) until the hand result, and check the result against the
// scoreboard (CE-10). A Countdown smoke shows every player's wild rank (CE-12).

import { readNumber } from './hokm.test.mjs';

/** Plays from where the table is until the hand ends; returns what it did. */
export async function playHand(page, table, assert, deadlineMs, forget = false) {
  const stats = { cards: 0, draws: 0, suits: 0, passes: 0, declared: 0, forgot: 0 };
  const end = Date.now() + deadlineMs;
  const hand = page.locator('[data-testid=hand]');
  for (;;) {
    assert(Date.now() < end, 'the hand ended in time');
    const phase = await table.getAttribute('data-phase');
    if (phase === 'hand_over' || phase === 'match_over') return stats;
    const [turn, bottom, busy] = await Promise.all([
      table.getAttribute('data-turn'),
      table.getAttribute('data-bottom'),
      table.getAttribute('data-busy'),
    ]);
    if (turn !== bottom || busy === 'true') {
      await page.waitForTimeout(100);
      continue;
    }
    const picker = page.locator('[data-testid=suit-picker]');
    if (await picker.isVisible()) {
      await picker.locator('button[data-testid^=suit-]').first().click();
      await picker.waitFor({ state: 'detached', timeout: 5000 });
      stats.suits++;
      continue;
    }
    const before = await table.getAttribute('data-turn');
    const playable = hand.locator('button.playable[data-card]');
    const count = await hand.locator('button[data-card]').count();
    if ((await playable.count()) > 0) {
      const last = page.locator('[data-testid=last-card]');
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
      stats.cards++;
    } else if (await page.locator('[data-testid=draw]').isVisible()) {
      const stock = Number(await page.locator('[data-testid=stock]').getAttribute('data-count'));
      await page.locator('[data-testid=draw]').click();
      stats.draws++;
      assert(stock >= 0, 'the stock shows its count');
    } else if (await page.locator('[data-testid=pass]').isVisible()) {
      await page.locator('[data-testid=pass]').click();
      stats.passes++;
    } else {
      await page.waitForTimeout(100);
      continue;
    }
    // Wait until the table moved on (a card left, a card came, or the turn passed).
    await page.waitForFunction(
      ([n, t]) => {
        const tb = document.querySelector('[data-testid=table]');
        const cards = document.querySelectorAll('[data-testid=hand] button[data-card]').length;
        return cards !== n || tb.dataset.turn !== t || tb.dataset.phase !== 'playing' || !!document.querySelector('[data-testid=suit-picker]');
      },
      [count, before],
      { timeout: 5000 },
    ).catch(() => {});
  }
}

export const tests = [
  {
    name: 'crazy eights: a whole hand against bots from the home page, result matches the scoreboard',
    viewport: 'desktop',
    timeout: 360000,
    run: async ({ page, url, assert }) => {
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('[data-testid=game-crazy-eights]').click();
      await page.locator('[data-testid=start]').waitFor({ timeout: 15000 });
      await page.locator('[data-testid=start]').click();
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      assert((await table.getAttribute('data-game')) === 'crazy-eights', 'a Crazy Eights table');
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
      for (let i = 0; i < 4; i++) {
        const row = page.locator(`[data-testid=result-row-${i}]`);
        const total = Number(await row.getAttribute('data-total'));
        const points = Number(await row.getAttribute('data-points'));
        const cards = Number(await row.getAttribute('data-cards'));
        const shown = readNumber(await page.locator(`[data-testid=total-${i}]`).textContent());
        assert(shown === total, `seat ${i}: the scoreboard shows the total ${total} (shows ${shown})`);
        assert(total === points, `seat ${i}: after one hand the total is the hand's points`);
        if (String(i) === winner) assert(cards === 0, 'the winner holds no card');
        else assert(cards > 0 || blocked, `seat ${i} shows its remaining cards (D-8)`);
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
      await page.goto(`${url}#/crazy-eights?seed=5&seats=ybb&countdown=1`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      for (let i = 0; i < 3; i++) {
        const w = await page.locator(`[data-testid=wild-rank-${i}]`).getAttribute('data-value');
        assert(w === '8', `seat ${i} starts with 8 wild in Countdown (${w})`);
      }
      assert((await page.locator('[data-testid=hand] button[data-card]').count()) === 8, '8 cards each');
    },
  },
];
