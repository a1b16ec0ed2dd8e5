// Pass-and-play: a person's cards are turned face down as soon as their move is made, so the
// bots' turns that follow never show them to whoever looks at the screen; the cover still
// comes up for the next person.

/** The cards of the bottom hand drawn face up right now. */
const faceUp = (page) => page.locator('[data-testid=hand] button[data-card]').count();

export const tests = [
  {
    name: 'pass-and-play: a hand is hidden as soon as its owner has played, while the bots play on',
    timeout: 90000,
    run: async ({ page, url, assert }) => {
      // You in seat 1, a second person in seat 3, bots between: a bot follows each person.
      await page.goto(`${url}#/hokm?seed=12&seats=bybp&bots=ee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      const cover = page.locator('[data-testid=cover]');
      let moves = 0;
      let watched = 0;
      const end = Date.now() + 80000;
      while (moves < 4) {
        assert(Date.now() < end, `four moves by people in time (${moves})`);
        if (await cover.isVisible()) {
          await page.locator('[data-testid=reveal]').click();
          continue;
        }
        const draw = page.locator('[data-testid=draw-ok]');
        if (await draw.isVisible()) {
          await draw.click();
          continue;
        }
        const [phase, turn, bottom, busy] = await Promise.all(
          ['data-phase', 'data-turn', 'data-bottom', 'data-busy'].map((a) => table.getAttribute(a)),
        );
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
        assert((await faceUp(page)) > 0, 'on their turn the person sees their cards');
        const mover = bottom;
        await page.locator('[data-testid=hand] button.playable[data-card]').first().click();
        moves++;
        // Until this person's next turn: either the cover is up or no card shows face up.
        const until = Date.now() + 6000;
        while (Date.now() < until) {
          const [t, b] = await Promise.all([table.getAttribute('data-turn'), table.getAttribute('data-bottom')]);
          if (t === mover && b === mover) break;
          if (!(await cover.isVisible())) {
            const up = await faceUp(page);
            assert(up === 0, `after seat ${mover}'s move, ${up} of their cards still show face up (turn ${t})`);
            assert(await page.locator('[data-testid=hand-hidden]').isVisible(), 'their hand is drawn face down');
            watched++;
          } else break;
          await page.waitForTimeout(80);
        }
      }
      assert(watched >= 4, `the hidden hand was checked during the bots' turns (${watched} looks)`);
    },
  },
];
