// The hand analysis of a 4-player Bidel hand (issue 12), each player a side, fewer points
// better: in a file of its own, beside analysis.test.mjs's Shelem hand, so that the two longest
// searches of the browser tests run side by side.

import { checkWidening, readPanel, smallBudget, TEST_BUDGET, waitDone } from './analysis.test.mjs';
import { playHand as playBidel } from './bidel.test.mjs';

export const tests = [
  {
    name: 'analysis: a 4-player Bidel hand in Persian on a phone, each player a side (BD-7)',
    viewport: 'phone',
    timeout: 240000,
    run: async ({ page, url, assert }) => {
      await smallBudget(page);
      await page.goto(`${url}#/bidel?seed=21&seats=ybbb&bots=eee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      await playBidel(page, table, assert, 170000);
      await page.locator('[data-testid=hand-result]').waitFor({ timeout: 10000 });
      const taken = [];
      for (let i = 0; i < 4; i++) {
        taken.push(Number(await page.locator(`[data-testid=result-row-${i}]`).getAttribute('data-taken')));
      }
      const from = checkWidening(await waitDone(page, assert), assert, 4);
      const { sides, hands, slips, ms } = await readPanel(page, assert, {
        title: 'تحلیل دور',
        slip: /^دست [۰-۹]+: (شما|[^ ]+ [^ ]+) .*امتیاز/,
      });
      console.log(`    analysis of a 4-player Bidel hand in Chromium: ${ms} ms from trick ${from} within ${TEST_BUDGET} nodes (slips: ${slips})`);
      assert(sides.length === 4, `a row for each player (${sides.length})`);
      assert(sides.every((s) => s.best >= 0 && s.best <= 26), `each best within 0..26 (${JSON.stringify(sides)})`);
      // Points taken in tricks, a moon shot not turned into 0 and 26 (BD-7), on both.
      assert(sides.every((s, i) => s.taken === taken[i]), `each took what the result says (${taken})`);
      assert(sides.reduce((a, s) => a + s.taken, 0) === 26, "the hand's 26 points were taken (BD-7)");
      assert((await page.locator('[data-testid=analysis-contract]').count()) === 0, 'no contract in Bidel');
      assert(hands.length === 4 && hands.every((n) => n === 13), `4 hands of 13 at the start of play (${hands})`);
    },
  },
];
