// How the table feels: sounds (a card played, a trick won, your turn) with a vibration on a
// phone, a switch that silences them and is remembered; the bots' speed (slow, normal,
// fast), remembered; and a tap on the felt that gathers a finished trick at once.

import { tableState } from '../lib.mjs';

/** Counts the sounds the page plays and the vibrations it asks for. */
async function listen(page) {
  await page.addInitScript(() => {
    window.__vibrations = 0;
    try {
      Object.defineProperty(Navigator.prototype, 'vibrate', {
        configurable: true,
        value: () => {
          window.__vibrations++;
          return true;
        },
      });
    } catch (e) {
      // A browser without the API: nothing counted.
    }
  });
}

const played = (page) => page.evaluate(() => ({ ...(window.cardsSound?.played || {}), vibrations: window.__vibrations }));

/** Plays a Hokm table on (the hakem's draw, trump, your cards) until `done()` holds or time
 *  runs out. */
export async function playUntil(page, assert, done, ms) {
  const table = page.locator('[data-testid=table]');
  const end = Date.now() + ms;
  while (!(await done())) {
    assert(Date.now() < end, 'the table played on in time');
    const draw = page.locator('[data-testid=draw-ok]');
    if (await draw.isVisible()) {
      await draw.click();
      continue;
    }
    const { phase, turn, bottom, busy } = await tableState(table);
    if (turn === bottom && busy !== 'true') {
      if (phase === 'choosing_trump') {
        await page.locator('[data-testid=trump-picker] button[data-trump]').first().click();
        continue;
      }
      const card = page.locator('[data-testid=hand] button.playable[data-card]');
      if (phase === 'playing' && (await card.count()) > 0) {
        await card.first().click();
        await page.waitForTimeout(100);
        continue;
      }
    }
    await page.waitForTimeout(50);
  }
}

/** Opens the table's settings panel (this device's preferences are at its end). */
async function openPrefs(page) {
  if (!(await page.locator('[data-testid=device-prefs]').isVisible())) {
    await page.locator('[data-testid=settings-button]').click();
  }
  await page.locator('[data-testid=device-prefs]').waitFor({ timeout: 5000 });
}

/** Records when the turn moves, in the page (ms since it started). */
async function watchTurns(page) {
  await page.evaluate(() => {
    window.__turns = [];
    const t = document.querySelector('[data-testid=table]');
    new MutationObserver(() => window.__turns.push({ at: performance.now(), turn: t.dataset.turn, bottom: t.dataset.bottom }))
      .observe(t, { attributes: true, attributeFilter: ['data-turn'] });
  });
}

/** The median time between two bot turns in a row (a bot acting right after a bot). */
async function botPace(page) {
  const turns = await page.evaluate(() => window.__turns);
  const gaps = [];
  for (let i = 1; i < turns.length; i++) {
    if (turns[i - 1].turn !== turns[i - 1].bottom && turns[i].turn !== turns[i].bottom) gaps.push(turns[i].at - turns[i - 1].at);
  }
  gaps.sort((a, b) => a - b);
  return { median: gaps[Math.floor(gaps.length / 2)], n: gaps.length };
}

export const tests = [
  {
    name: 'sounds for a card, a trick and your turn (a phone vibrates); the switch silences them and is remembered',
    viewport: 'phone',
    timeout: 120000,
    run: async ({ page, url, assert }) => {
      await listen(page);
      await page.goto(`${url}#/hokm?seed=2&seats=ybbb&bots=eee`, { waitUntil: 'load' });
      await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
      await playUntil(page, assert, async () => {
        const p = await played(page);
        return p.card >= 4 && p.trick >= 1 && p.turn >= 1;
      }, 60000);
      const on = await played(page);
      assert(on.vibrations >= 1, `your turn vibrates the phone (${JSON.stringify(on)})`);

      await openPrefs(page);
      const sw = page.locator('[data-testid=pref-sound]');
      assert(await sw.isChecked(), 'sound is on by default');
      await sw.uncheck();
      await page.locator('[data-testid=settings-button]').click();
      const quiet = await played(page);
      const table = page.locator('[data-testid=table]');
      let moves = 0;
      await watchTurns(page);
      await playUntil(page, assert, async () => (moves = (await page.evaluate(() => window.__turns.length))) >= 6, 40000);
      const after = await played(page);
      for (const k of ['card', 'trick', 'turn', 'vibrations']) {
        assert((after[k] || 0) === (quiet[k] || 0), `muted: no new ${k} over ${moves} turns (${quiet[k]} → ${after[k]})`);
      }
      await page.reload({ waitUntil: 'load' });
      await table.waitFor({ timeout: 15000 });
      await openPrefs(page);
      assert(!(await page.locator('[data-testid=pref-sound]').isChecked()), 'the switch stays off after a reload');
    },
  },
  {
    name: 'bot speed (fast, slow) is remembered and paces the bots; a tap on the felt gathers a trick at once',
    timeout: 150000,
    // Its subject is the delays: the device's own speed (normal by default).
    speed: null,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/hokm?seed=2&seats=ybbb&bots=eee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      await openPrefs(page);
      const speed = page.locator('[data-testid=pref-speed]');
      assert((await speed.inputValue()) === 'normal', 'normal speed by default');
      await speed.selectOption('fast');
      await page.locator('[data-testid=settings-button]').click();
      await watchTurns(page);
      await playUntil(page, assert, async () => (await botPace(page)).n >= 6, 40000);
      const fast = await botPace(page);
      assert(fast.median < 550, `fast bots act about every 250 ms (median ${Math.round(fast.median)} ms of ${fast.n})`);

      await page.reload({ waitUntil: 'load' });
      await table.waitFor({ timeout: 15000 });
      await openPrefs(page);
      assert((await speed.inputValue()) === 'fast', 'the speed is remembered');
      await speed.selectOption('slow');
      await page.locator('[data-testid=settings-button]').click();
      await watchTurns(page);
      await playUntil(page, assert, async () => (await botPace(page)).n >= 4, 60000);
      const slow = await botPace(page);
      assert(slow.median > 1100, `slow bots take over a second (median ${Math.round(slow.median)} ms of ${slow.n})`);

      // Slow holds a finished trick 2 s; a tap on the felt gathers it at once.
      const felt = page.locator('.felt.skippable');
      await playUntil(page, assert, async () => (await felt.count()) > 0, 60000);
      const t0 = Date.now();
      await felt.click({ position: { x: 20, y: 20 } });
      await felt.waitFor({ state: 'detached', timeout: 3000 });
      const took = Date.now() - t0;
      assert(took < 1200, `the trick was gathered ${took} ms after the tap (it waits 2 s untouched)`);
    },
  },
];
