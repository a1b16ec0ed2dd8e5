// Bidel through the UI, as a person plays it: set up a table of bots, choose three cards to
// pass (BD-2), see the received cards marked, play legal cards until the hand ends, and
// check the result against the rules (BD-7: 26 points a hand, or a moon shot) and against
// the scoreboard. Bots keep their real delays, so these tests are slow.

import { tableState, waitSeenValue, watchValues } from '../lib.mjs';
import { readNumber } from './hokm.test.mjs';

/** Plays one hand from where the table is; returns what it did. */
export async function playHand(page, table, assert, deadlineMs) {
  const stats = { passed: 0, cards: 0, received: false, illegalTried: false };
  const end = Date.now() + deadlineMs;
  const hand = page.locator('[data-testid=hand]');
  for (;;) {
    assert(Date.now() < end, 'the hand ended in time');
    const { phase, turn, bottom, busy } = await tableState(table);
    if (phase === 'hand_over' || phase === 'match_over') return stats;
    if (phase === 'passing' && (await page.locator('[data-testid=pass-panel]').isVisible())) {
      const confirm = page.locator('[data-testid=pass-confirm]');
      assert(await confirm.isDisabled(), 'nothing to pass before three cards are chosen');
      const cards = hand.locator('button[data-card]');
      const picked = [];
      for (let i = 0; i < 4; i++) {
        const card = cards.nth(i);
        picked.push(await card.getAttribute('data-card'));
        await card.click();
      }
      // A fourth card is refused: at most three are chosen.
      const count = page.locator('[data-testid=pass-count]');
      assert((await count.getAttribute('data-value')) === '3', 'three cards chosen, not four');
      assert((await hand.locator('button.selected').count()) === 3, 'three cards marked');
      await confirm.click();
      await page.locator('[data-testid=pass-panel]').waitFor({ state: 'detached', timeout: 5000 });
      for (const c of picked.slice(0, 3)) {
        assert((await hand.locator(`button[data-card="${c}"]`).count()) === 0, `${c} left the hand`);
      }
      stats.passed += 3;
      continue;
    }
    if (phase === 'playing' && turn === bottom && busy !== 'true') {
      if (stats.cards === 0 && (await hand.locator('button.received').count()) === 3) {
        stats.received = true;
      }
      const before = await hand.locator('button[data-card]').count();
      const dimmed = hand.locator('button[data-card][aria-disabled=true]');
      if (!stats.illegalTried && (await dimmed.count()) > 0) {
        // A card that may not be played is refused with a reason (BD-3 … BD-6).
        await dimmed.first().click({ force: true });
        const error = page.locator('[data-testid=error]');
        await error.waitFor({ timeout: 5000 });
        const code = await error.getAttribute('data-code');
        assert(
          ['must_lead_two_of_clubs', 'no_points_on_first_trick', 'hearts_not_broken', 'must_follow_suit'].includes(code),
          `the refusal names a Bidel rule (${code})`,
        );
        assert((await hand.locator('button[data-card]').count()) === before, 'the refused card stays in hand');
        stats.illegalTried = true;
      }
      const card = hand.locator('button.playable[data-card]').first();
      const name = await card.getAttribute('data-card');
      await card.click();
      await hand.locator(`button[data-card="${name}"]`).waitFor({ state: 'detached', timeout: 5000 });
      stats.cards++;
    }
    await page.waitForTimeout(100);
  }
}

/** Checks the hand result panel against BD-7 and the scoreboard; returns the totals. */
async function checkResult(page, assert, players, perHand = 26) {
  const result = page.locator('[data-testid=hand-result]');
  await result.waitFor({ timeout: 10000 });
  const moon = await result.getAttribute('data-moon');
  let taken = 0;
  let scored = 0;
  const totals = [];
  for (let i = 0; i < players; i++) {
    const row = page.locator(`[data-testid=result-row-${i}]`);
    taken += Number(await row.getAttribute('data-taken'));
    scored += Number(await row.getAttribute('data-points'));
    totals.push(Number(await row.getAttribute('data-total')));
    // The scoreboard in the top bar shows the same totals and the points taken.
    const shown = readNumber(await page.locator(`[data-testid=total-${i}]`).textContent());
    assert(shown === totals[i], `seat ${i}: the scoreboard shows the total ${totals[i]} (shows ${shown})`);
    const hand = readNumber(await page.locator(`[data-testid=hand-points-${i}]`).textContent());
    assert(hand === Number(await row.getAttribute('data-taken')), `seat ${i}: points taken shown`);
  }
  assert(taken === perHand, `${perHand} points are taken in a hand (BD-7, BD-9), got ${taken}`);
  if (moon === '') {
    assert(scored === perHand, `without a moon shot the points scored are the points taken (${scored})`);
  } else {
    assert(scored === perHand * (players - 1), `a moon shot gives everyone else ${perHand} (${scored})`);
    await page.locator('[data-testid=moon]').waitFor({ timeout: 1000 });
  }
  return totals;
}

export const tests = [
  {
    name: 'plays a whole hand with passing against three bots and shows the result',
    viewport: 'desktop',
    timeout: 180000,
    run: async ({ page, url, assert }) => {
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('[data-testid=game-bidel]').click();
      await page.locator('[data-testid=start]').waitFor({ timeout: 15000 });
      assert((await page.inputValue('[data-testid=opt-players]')) === '4', 'four players by default');
      await page.locator('[data-testid=start]').click();
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      assert((await table.getAttribute('data-game')) === 'bidel', 'a Bidel table');
      assert((await table.getAttribute('data-phase')) === 'passing', 'hand 1 starts with passing (BD-2)');
      const dir = await page.locator('[data-testid=pass-direction]').getAttribute('data-value');
      assert(dir === 'right', `hand 1 passes right (BD-2), got ${dir}`);
      assert(
        (await page.locator('[data-testid=pass-panel]').getAttribute('data-direction')) === 'right',
        'the passing panel names the direction',
      );
      assert((await page.locator('[data-testid=hearts-broken]').getAttribute('data-value')) === 'false', 'hearts start unbroken');

      const stats = await playHand(page, table, assert, 170000);
      assert(stats.passed === 3, `you passed three cards (${stats.passed})`);
      assert(stats.received, 'the three received cards were marked');
      assert(stats.cards >= 10, `you played your cards (${stats.cards})`);
      const totals = await checkResult(page, assert, 4);

      await page.locator('[data-testid=next-hand]').click();
      await page.locator('[data-testid=hand-result]').waitFor({ state: 'detached', timeout: 10000 });
      const dir2 = await page.locator('[data-testid=pass-direction]').getAttribute('data-value');
      assert(dir2 === 'left', `hand 2 passes left (BD-2), got ${dir2}`);
      for (let i = 0; i < 4; i++) {
        const shown = readNumber(await page.locator(`[data-testid=total-${i}]`).textContent());
        assert(shown === totals[i], `the totals carry into hand 2 (seat ${i})`);
      }
    },
  },
  {
    name: 'three players (BD-1): 17 cards each, then the hand is played out',
    viewport: 'phone',
    timeout: 180000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/bidel?seed=11&seats=ybb&bots=ee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      assert((await page.locator('[data-testid=hand] button[data-card]').count()) === 17, '17 cards each');
      assert((await page.locator('[data-testid=hand] button[data-card="2D"]').count()) === 0, '2♦ is out');
      await page.locator('[data-testid=settings-button]').click();
      const players = await page.locator('[data-testid=setting-opt-players]').getAttribute('data-value');
      assert(players === '3', `the settings list three players (${players})`);
      await page.locator('[data-testid=settings-button]').click();
      await playHand(page, table, assert, 170000);
      await checkResult(page, assert, 3);
    },
  },
];

tests.push({
  name: 'pass-and-play: two people pass in turn behind the cover; a reload resumes the hand',
  viewport: 'phone',
  timeout: 90000,
  run: async ({ page, url, assert }) => {
    await page.goto(`${url}#/bidel?seed=21&seats=ypbb&bots=ee&n0=Sara&n1=Reza`, { waitUntil: 'load' });
    const table = page.locator('[data-testid=table]');
    await table.waitFor({ timeout: 15000 });
    const hand = page.locator('[data-testid=hand]');
    const passed = {};
    for (const who of ['Sara', 'Reza']) {
      // The cover hides the hand until the person holding the device says who they are.
      const cover = page.locator('[data-testid=cover]');
      await cover.waitFor({ timeout: 10000 });
      assert((await cover.textContent()).includes(who), `the cover asks for ${who}`);
      assert((await page.locator('[data-testid=hand] button[data-card]').count()) === 0, 'no card shows under the cover');
      await page.locator('[data-testid=reveal]').click();
      await page.locator('[data-testid=pass-panel]').waitFor({ timeout: 5000 });
      const cards = hand.locator('button[data-card]');
      passed[who] = [];
      for (let i = 0; i < 3; i++) {
        passed[who].push(await cards.nth(i).getAttribute('data-card'));
        await cards.nth(i).click();
      }
      await page.locator('[data-testid=pass-confirm]').click();
    }
    // Both passed: bots finish choosing, the exchange happens, play starts.
    await page.waitForFunction(() => document.querySelector('[data-testid=table]')?.dataset.phase === 'playing', null, {
      timeout: 20000,
    });
    // Sara passes right to Reza (seat 1): after revealing, Reza holds Sara's three cards.
    const cover = page.locator('[data-testid=cover]');
    if (await cover.isVisible()) {
      const name = (await cover.textContent()).includes('Reza') ? 'Reza' : 'Sara';
      await page.locator('[data-testid=reveal]').click();
      if (name === 'Reza') {
        for (const c of passed.Sara) {
          assert((await hand.locator(`button[data-card="${c}"]`).count()) === 1, `Reza received ${c} from Sara`);
        }
      }
    }
    const seatHand = async () => [
      await table.getAttribute('data-bottom'),
      await hand.locator('button[data-card]').evaluateAll((bs) => bs.map((b) => b.dataset.card).join(' ')),
    ];
    // Wait for the bots to stop, so nothing moves across the reload.
    await page.waitForFunction(() => document.querySelector('[data-testid=table]')?.dataset.busy === 'false', null, {
      timeout: 20000,
    });
    if (await cover.isVisible()) await page.locator('[data-testid=reveal]').click();
    const [seatBefore, before] = await seatHand();
    await page.reload({ waitUntil: 'load' });
    await table.waitFor({ timeout: 15000 });
    assert((await table.getAttribute('data-phase')) === 'playing', 'the reload resumes the hand in play');
    if (await cover.isVisible()) await page.locator('[data-testid=reveal]').click();
    const [seatAfter, after] = await seatHand();
    assert(after.length > 0, 'a hand is shown after the reload');
    // The same person to act sees the same cards (the cover decides whose hand is shown).
    assert(seatAfter !== seatBefore || before === after, `the same hand after the reload:\n  ${before}\n  ${after}`);
  },
});

tests.push({
  name: '40-point mode (BD-9) and trump mode (BD-10): a hand of 40 points, then the hakem names trump',
  viewport: 'desktop',
  timeout: 180000,
  run: async ({ page, url, assert }) => {
    await page.goto(`${url}#/bidel?seed=5&seats=ybbb&bots=eee&forty=1&trump_mode=1`, { waitUntil: 'load' });
    const table = page.locator('[data-testid=table]');
    await table.waitFor({ timeout: 15000 });
    assert((await table.getAttribute('data-phase')) === 'passing', 'hand 1 has no hakem yet (BD-10: from the second hand)');
    await playHand(page, table, assert, 170000);
    await checkResult(page, assert, 4, 40);
    // The phases from now on: a bot that is hakem names trump at once.
    await watchValues(page, 'phase', () => document.querySelector('[data-testid=table]')?.dataset.phase);
    await page.locator('[data-testid=next-hand]').click();
    await waitSeenValue(page, 'phase', 'choosing_trump');
    const crowned = page.locator('[data-testid^=seat-] [data-testid=hakem-crown]');
    assert((await crowned.count()) === 1, 'the hakem wears the crown');
    const { phase, turn, bottom } = await tableState(table);
    if (phase === 'choosing_trump' && turn === bottom) {
      await page.locator('[data-testid=trump-picker] [data-trump=none]').click();
      await page.locator('[data-testid=trump][data-trump=none]').waitFor({ timeout: 5000 });
    } else {
      // A bot is hakem: it names trump after its delay, shown in the top bar.
      await page.locator('[data-testid=trump]').waitFor({ timeout: 10000 });
    }
    await page.waitForFunction(() => document.querySelector('[data-testid=table]')?.dataset.phase === 'passing', null, {
      timeout: 10000,
    });
  },
});
