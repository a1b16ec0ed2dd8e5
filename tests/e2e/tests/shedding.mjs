// What the browser tests of the two shedding games, Crazy Eights (crazy_eights.test.mjs) and
// Haft Khabis (haft_khabis.test.mjs), do alike: the loop of a hand played through the UI.
// Each game passes in its own moves and checks.
// Not a test file itself (no `.test.mjs`): run.mjs does not load it.

import { tableState, waitStepAfter } from '../lib.mjs';

/**
 * Plays from where the table is until the hand ends; returns `stats`, where it counts the cards
 * played (`cards`), `draws` and `passes`. On your turn, with `turn` = { bottom, step, hand,
 * count, playable, last } (your seat, the table's step, your hand, how many cards it holds, its
 * playable cards, the "last card" button):
 * - `game.before(turn)` first: the choices to answer and the game's own moves; it returns
 *   'again' to read the table anew, 'stop' to leave the hand there, or nothing to go on;
 * - then a playable card is played by `game.play(turn)`, else you draw (`game.beforeDraw()`,
 *   when given, is called before the click and may return a check to make after it), else pass;
 * - then it waits until the table moved on: a step after the one seen, or `game.choice` (a
 *   selector: a choice to make) shown.
 */
export async function playTurns(page, table, assert, deadlineMs, stats, game) {
  const end = Date.now() + deadlineMs;
  const hand = page.locator('[data-testid=hand]');
  const draw = page.locator('[data-testid=draw]');
  const pass = page.locator('[data-testid=pass]');
  for (;;) {
    assert(Date.now() < end, 'the hand ended in time');
    const { phase, turn, bottom, busy, step } = await tableState(table);
    if (phase === 'hand_over' || phase === 'match_over') return stats;
    if (turn !== bottom || busy === 'true') {
      await page.waitForTimeout(100);
      continue;
    }
    const mine = {
      bottom,
      step: Number(step),
      hand,
      count: await hand.locator('button[data-card]').count(),
      playable: hand.locator('button.playable[data-card]'),
      last: page.locator('[data-testid=last-card]'),
    };
    const next = game.before ? await game.before(mine) : undefined;
    if (next === 'stop') return stats;
    if (next === 'again') continue;
    if ((await mine.playable.count()) > 0) {
      await game.play(mine);
      stats.cards++;
    } else if (await draw.isVisible()) {
      const check = game.beforeDraw ? await game.beforeDraw() : null;
      await draw.click();
      stats.draws++;
      if (check) check();
    } else if (await pass.isVisible()) {
      await pass.click();
      stats.passes++;
    } else {
      await page.waitForTimeout(100);
      continue;
    }
    // Wait until the table moved on (a step after the one seen, or a choice to make).
    await waitStepAfter(page, mine.step, 5000, game.choice);
  }
}
