// The direction of play drawn as the rules say (C-2): seat i+1 sits on your right in Hokm,
// Shelem, Pasur and Bidel (counter-clockwise), on your left in Haft Khabis and Crazy Eights
// (clockwise), for every player count; the direction label, the setup text and the rule
// page agree with the seats.

/**
 * The other seats in the order a clockwise sweep from the bottom meets them (left, then up,
 * across the top, down the right), by their centres' angle around the felt's centre.
 */
async function clockwiseOrder(page) {
  return page.evaluate(() => {
    const felt = document.querySelector('.felt').getBoundingClientRect();
    const cx = felt.left + felt.width / 2;
    const cy = felt.top + felt.height / 2;
    const seats = [...document.querySelectorAll('.felt .seat[data-seat]')].map((e) => {
      const r = e.getBoundingClientRect();
      // y grows downwards: the angle grows clockwise on screen; the bottom is at 90°.
      const a = (Math.atan2(r.top + r.height / 2 - cy, r.left + r.width / 2 - cx) * 180) / Math.PI;
      return { seat: Number(e.dataset.seat), sweep: (a - 90 + 720) % 360 };
    });
    seats.sort((x, y) => x.sweep - y.sweep);
    return seats.map((s) => s.seat);
  });
}

/** Opens a table of you and bots and checks the seats' order against C-2. */
async function checkSeats(page, url, game, n, clockwise, assert) {
  await page.goto(`${url}#/${game}?seed=${40 + n}&seats=y${'b'.repeat(n - 1)}`, { waitUntil: 'load' });
  const table = page.locator('[data-testid=table]');
  await table.waitFor({ timeout: 15000 });
  const bottom = Number(await table.getAttribute('data-bottom'));
  const order = await clockwiseOrder(page);
  // Clockwise play meets bottom+1 first in a clockwise sweep; counter-clockwise play last.
  const expected = [];
  for (let k = 1; k < n; k++) expected.push((bottom + k) % n);
  if (!clockwise) expected.reverse();
  assert(order.join() === expected.join(), `${game}, ${n} players: seats clockwise from you ${order}, expected ${expected}`);
  return table;
}

export const tests = [
  {
    name: 'haft khabis and crazy eights: play goes to your left (clockwise) for every player count, as the label says',
    timeout: 120000,
    run: async ({ page, url, assert }) => {
      let clockwiseSeen = 0;
      for (const [game, max] of [['haft-khabis', 7], ['crazy-eights', 8]]) {
        for (let n = 2; n <= max; n++) {
          await checkSeats(page, url, game, n, true, assert);
          // Every hand starts clockwise (D-2; a 10 turned up may reverse it, HX-16); the
          // label names the direction, and with three or more seat i+1 is on your left.
          if (n >= 3) {
            const bottom = Number(await page.locator('[data-testid=table]').getAttribute('data-bottom'));
            const next = page.locator(`.felt .seat[data-seat="${(bottom + 1) % n}"]`);
            assert((await next.getAttribute('data-testid')).includes('left'), `${game} ${n}: the next seat sits on your left`);
          }
          // The value and the words are read at one moment: with instant bots a 10 played
          // between two separate reads reverses the direction under the test (HX-3).
          const seen = await page.evaluate(() => {
            const d = document.querySelector('[data-testid=direction]');
            return d && { value: d.dataset.value, text: d.textContent };
          });
          // (A suit picker may hold the middle: the dealer names a suit for a starting 8.)
          if (!seen) continue;
          const { value, text } = seen;
          if (value === 'clockwise') {
            clockwiseSeen++;
            assert(text.includes('ساعتگرد') && !text.includes('پاد'), `${game} ${n}: the label says clockwise (${text})`);
          } else {
            assert(text.includes('پادساعتگرد'), `${game} ${n}: the label says counter-clockwise (${text})`);
          }
        }
      }
      assert(clockwiseSeen >= 8, `most tables start clockwise (${clockwiseSeen} of 13 checked)`);
    },
  },
  {
    name: 'hokm, shelem, pasur and bidel: play goes to your right (counter-clockwise)',
    timeout: 60000,
    run: async ({ page, url, assert }) => {
      for (const [game, counts] of [['hokm', [4, 2]], ['shelem', [4, 2]], ['pasur', [2, 4]], ['bidel', [4, 3]]]) {
        for (const n of counts) await checkSeats(page, url, game, n, false, assert);
      }
    },
  },
  {
    name: 'setup text and rule page say where play goes, in both languages',
    timeout: 60000,
    run: async ({ page, url, assert }) => {
      const help = async (game) => {
        await page.goto(`${url}#/${game}/setup`, { waitUntil: 'load' });
        await page.locator('[data-testid=opt-players]').waitFor({ timeout: 15000 });
        return page.locator('.setup-form fieldset').first().locator('p.help').first().textContent();
      };
      for (const game of ['haft-khabis', 'crazy-eights']) {
        const fa = await help(game);
        assert(fa.includes('چپ') && fa.includes('ساعتگرد') && !fa.includes('راست'), `${game}: the setup says left, clockwise (${fa})`);
      }
      for (const game of ['hokm', 'bidel']) {
        const fa = await help(game);
        assert(fa.includes('راست') && !fa.includes('چپ'), `${game}: the setup says right (${fa})`);
      }
      await page.locator('[data-testid=lang-toggle]').click();
      const en = await help('crazy-eights');
      assert(/to the left \(clockwise\)/.test(en), `English setup text: ${en}`);
      await page.goto(`${url}#/haft-khabis/rules`, { waitUntil: 'load' });
      const rule = page.locator('[id="HX-1"], [data-rule="HX-1"]').first();
      await rule.waitFor({ timeout: 15000 });
      assert(/clockwise: to the player on your left/.test(await rule.textContent()), 'the rule page says clockwise, to your left');
    },
  },
];
