// What the browser tests of the two shedding games, Crazy Eights (crazy_eights.test.mjs) and
// Haft Khabis (haft_khabis.test.mjs), do alike: the loop of a hand played through the UI, the
// start of a table from the home page, the players the setup form offers, the hand result's
// rows against the scoreboard. Each game passes in its own moves and checks.
// Not a test file itself (no `.test.mjs`): run.mjs does not load it.

import { tableState, waitStepAfter } from '../lib.mjs';
import { readNumber } from './hokm.test.mjs';

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

/**
 * From the home page: the game's entry (`checkEntry(entry)` may look at it first), its setup
 * form's start, and a table of that game (`game`, e.g. 'crazy-eights'; `name`, e.g. 'Crazy
 * Eights', names it in the assertion). Returns the table.
 */
export async function startFromHome(page, url, assert, game, name, checkEntry = null) {
  await page.goto(url, { waitUntil: 'load' });
  const entry = page.locator(`[data-testid=game-${game}]`);
  if (checkEntry) await checkEntry(entry);
  await entry.click();
  await page.locator('[data-testid=start]').waitFor({ timeout: 15000 });
  await page.locator('[data-testid=start]').click();
  const table = page.locator('[data-testid=table]');
  await table.waitFor({ timeout: 15000 });
  assert((await table.getAttribute('data-game')) === game, `a ${name} table`);
  return table;
}

/**
 * The game's setup form offers the player counts `expected` (e.g. '2,3,4,5,6,7'; `words`, e.g.
 * 'two to seven', says them in the assertion). Leaves the page on the setup form.
 */
export async function checkPlayersOffered(page, url, assert, game, expected, words) {
  await page.goto(`${url}#/${game}/setup`, { waitUntil: 'load' });
  // The setup form is on the game's own page: wait for it (the link first opens index.html).
  await page.locator('[data-testid=opt-players]').waitFor({ timeout: 15000 });
  const counts = await page.locator('[data-testid=opt-players] option').evaluateAll((os) => os.map((o) => o.value));
  assert(counts.join() === expected, `${words} players offered (${counts})`);
}

/**
 * The hand result's rows of `n` seats: each row's total, points and cards read, the total checked
 * against the scoreboard, then `checkRow(row, i)` with row = { row, total, points, cards } (`row.row`
 * the row's element). Returns the rows.
 */
export async function checkResultRows(page, n, assert, checkRow) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    const row = page.locator(`[data-testid=result-row-${i}]`);
    const total = Number(await row.getAttribute('data-total'));
    const points = Number(await row.getAttribute('data-points'));
    const cards = Number(await row.getAttribute('data-cards'));
    const shown = readNumber(await page.locator(`[data-testid=total-${i}]`).textContent());
    assert(shown === total, `seat ${i}: the scoreboard shows the total ${total} (shows ${shown})`);
    const r = { row, total, points, cards };
    await checkRow(r, i);
    rows.push(r);
  }
  return rows;
}
