// Haft Khabis (Haft Kasif) through the UI: from the home page (both names shown), a table
// of bots, a whole hand played — a legal card on your turn, a suit after a jack (HX-8), a
// player named for a 2 (HX-4), drawing when nothing fits, the 7 penalty shown while pending
// (HX-5), the last card declared (HX-9) — until the result, checked against the scoreboard.

import { readNumber } from './hokm.test.mjs';

export async function playHand(page, table, assert, deadlineMs) {
  const stats = { cards: 0, draws: 0, passes: 0, suits: 0, targets: 0, gives: 0, pendingSeen: 0, declared: 0 };
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
    const pending = page.locator('[data-testid=pending]');
    if (await pending.isVisible()) {
      assert(Number(await pending.getAttribute('data-value')) >= 2, 'a 7 penalty of 2 or more');
      stats.pendingSeen++;
    }
    // An open choice: suit, player, card to give.
    if (await page.locator('[data-testid=suit-picker]').isVisible()) {
      await page.locator('[data-testid=suit-picker] button[data-testid^=suit-]').first().click();
      stats.suits++;
      await page.waitForTimeout(150);
      continue;
    }
    if (await page.locator('[data-testid=target-picker]').isVisible()) {
      await page.locator('[data-testid=target-picker] button[data-testid^=target-]').first().click();
      stats.targets++;
      await page.waitForTimeout(150);
      continue;
    }
    if (await page.locator('[data-testid=give-picker]').isVisible()) {
      await page.locator('[data-testid=give-picker] button[data-testid^=give-]').first().click();
      stats.gives++;
      await page.waitForTimeout(150);
      continue;
    }
    const before = await table.getAttribute('data-turn');
    const count = await hand.locator('button[data-card]').count();
    const playable = hand.locator('button.playable[data-card]');
    const last = page.locator('[data-testid=last-card]');
    if ((await last.isVisible()) && (await last.getAttribute('aria-pressed')) !== 'true') {
      await last.click();
      stats.declared++;
    }
    if ((await playable.count()) > 0) {
      await playable.first().click();
      stats.cards++;
    } else if (await page.locator('[data-testid=draw]').isVisible()) {
      await page.locator('[data-testid=draw]').click();
      stats.draws++;
    } else if (await page.locator('[data-testid=pass]').isVisible()) {
      await page.locator('[data-testid=pass]').click();
      stats.passes++;
    } else {
      await page.waitForTimeout(100);
      continue;
    }
    await page
      .waitForFunction(
        ([n, t]) => {
          const tb = document.querySelector('[data-testid=table]');
          const cards = document.querySelectorAll('[data-testid=hand] button[data-card]').length;
          return (
            cards !== n ||
            tb.dataset.turn !== t ||
            tb.dataset.phase !== 'playing' ||
            !!document.querySelector('[data-testid$=-picker]')
          );
        },
        [count, before],
        { timeout: 3000 },
      )
      .catch(() => {});
  }
}

export const tests = [
  {
    name: 'haft khabis: both names, a whole hand against bots, result matches the scoreboard',
    viewport: 'desktop',
    timeout: 300000,
    run: async ({ page, url, assert }) => {
      await page.goto(url, { waitUntil: 'load' });
      const entry = page.locator('[data-testid=game-haft-khabis]');
      const text = await entry.textContent();
      assert(text.includes('هفت خبیث') && text.includes('هفت کثیف'), `both names on the home page (${text})`);
      await entry.click();
      await page.locator('[data-testid=start]').waitFor({ timeout: 15000 });
      await page.locator('[data-testid=start]').click();
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      assert((await table.getAttribute('data-game')) === 'haft-khabis', 'a Haft Khabis table');
      await page.locator('[data-testid=discard-top]').waitFor({ timeout: 5000 });
      const stats = await playHand(page, table, assert, 280000);
      console.log('    haft khabis hand:', JSON.stringify(stats));
      const result = page.locator('[data-testid=hand-result]');
      await result.waitFor({ timeout: 10000 });
      for (let i = 0; i < 4; i++) {
        const row = page.locator(`[data-testid=result-row-${i}]`);
        const total = Number(await row.getAttribute('data-total'));
        const shown = readNumber(await page.locator(`[data-testid=total-${i}]`).textContent());
        assert(shown === total, `seat ${i}: the scoreboard shows the total ${total} (shows ${shown})`);
        assert(total === Number(await row.getAttribute('data-points')), `seat ${i}: first hand total = points`);
      }
    },
  },
];
