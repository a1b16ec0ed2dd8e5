// One table per game at a time: a second tab of the same game takes the table, the first
// says the game is open elsewhere (it neither plays nor saves), and taking it back there
// shows the game as the second tab left it.

import { tableState } from '../lib.mjs';

const handCards = (page) =>
  page.locator('[data-testid=hand] button[data-card]').evaluateAll((bs) => bs.map((b) => b.dataset.card).sort().join(' '));

export const tests = [
  {
    name: 'two tabs of one game: the older tab steps aside, and taking over resumes the latest state',
    timeout: 90000,
    run: async ({ page, url, assert }) => {
      const link = `${url}#/crazy-eights?seed=21&seats=yb&bots=e`;
      await page.goto(link, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      const other = await page.context().newPage();
      await other.goto(link, { waitUntil: 'load' });
      const table2 = other.locator('[data-testid=table]');
      await table2.waitFor({ timeout: 15000 });
      // The first tab has stepped aside: no table, a notice and a button to take over.
      await page.locator('[data-testid=other-tab]').waitFor({ timeout: 5000 });
      assert((await table.count()) === 0, 'the first tab no longer shows the table');
      assert((await other.locator('[data-testid=other-tab]').count()) === 0, 'the second tab plays');
      // Play on in the second tab until the hand in it changes.
      const before = await handCards(other);
      const end = Date.now() + 60000;
      let moved = false;
      while (!moved) {
        assert(Date.now() < end, 'a move in the second tab in time');
        const { turn, bottom, busy } = await tableState(table2);
        if (turn === bottom && busy !== 'true') {
          const playable = other.locator('[data-testid=hand] button.playable[data-card]');
          if ((await playable.count()) > 0) await playable.first().click();
          else await other.locator('[data-testid=draw], [data-testid=pass]').first().click();
          const picker = other.locator('[data-testid=suit-picker]');
          if (await picker.isVisible()) await picker.locator('button[data-testid^=suit-]').first().click();
          await other.waitForTimeout(300);
          moved = (await handCards(other)) !== before;
        } else await other.waitForTimeout(100);
      }
      const latest = await handCards(other);
      // The old tab did not save over it while aside; taking over shows the latest hand.
      await page.locator('[data-testid=take-over]').click();
      await table.waitFor({ timeout: 5000 });
      assert((await handCards(page)) === latest, `the first tab resumes the latest hand (${await handCards(page)} vs ${latest})`);
      await other.locator('[data-testid=other-tab]').waitFor({ timeout: 5000 });
      assert((await table2.count()) === 0, 'now the second tab steps aside');
      await other.close();
    },
  },
];
