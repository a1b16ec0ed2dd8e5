// The hand replay: finish a hand (Hokm; Crazy Eights), open "Replay this hand" from the
// result, step forward, back, by key and to the last step, check the captions and that the
// last step shows the hand's end (every seat holds what the table shows), then close it
// back to the result. Bots play at once (the runner's instant speed).

import { tableState } from '../lib.mjs';
import { playHand as playShedding } from './crazy_eights.test.mjs';

/** Plays a Hokm hand as the bottom player: trump from the picker, the first playable card. */
export async function playHokm(page, table, assert, deadlineMs) {
  const end = Date.now() + deadlineMs;
  const hand = page.locator('[data-testid=hand]');
  for (;;) {
    assert(Date.now() < end, 'the hand ended in time');
    const { phase, turn, bottom, busy } = await tableState(table);
    if (phase === 'hand_over' || phase === 'match_over') return;
    const drawOk = page.locator('[data-testid=draw-ok]');
    if (await drawOk.isVisible()) {
      await drawOk.click();
      continue;
    }
    if (turn === bottom && busy !== 'true') {
      if (phase === 'choosing_trump') {
        await page.locator('[data-testid=trump-picker] button[data-trump=H]').click();
        await page.locator('[data-testid=trump][data-trump=H]').waitFor({ timeout: 5000 });
        continue;
      }
      const card = hand.locator('button.playable[data-card]').first();
      if ((await card.count()) > 0) {
        const name = await card.getAttribute('data-card');
        await card.click();
        await hand.locator(`button[data-card="${name}"]`).waitFor({ state: 'detached', timeout: 5000 });
        continue;
      }
    }
    await page.waitForTimeout(80);
  }
}

/** The cards each seat holds at the table, by seat number. */
async function tableCounts(page) {
  const counts = await page.locator('[data-testid^=seat-][data-seat]').evaluateAll((els) =>
    els.map((e) => [e.dataset.seat, Number(e.dataset.count)]),
  );
  return Object.fromEntries(counts);
}

/** The cards each seat holds at the replay's current step, by seat number. */
async function replayCounts(page) {
  const counts = await page.locator('[data-testid^=replay-seat-]').evaluateAll((els) =>
    els.map((e) => [e.dataset.seat, Number(e.dataset.count)]),
  );
  return Object.fromEntries(counts);
}

async function step(page) {
  return Number(await page.locator('[data-testid=replay]').getAttribute('data-step'));
}

async function caption(page) {
  return (await page.locator('[data-testid=replay-caption]').textContent()).trim();
}

/**
 * Opens the replay from the result and walks it: the deal, forward, back, a key, the last
 * step, the first; `words` are what the captions say in the page's language.
 */
async function walkReplay(page, assert, words, seats) {
  const atTable = await tableCounts(page);
  await page.locator('[data-testid=replay-open]').click();
  const replay = page.locator('[data-testid=replay]');
  await replay.waitFor({ timeout: 5000 });
  assert((await page.locator('[data-testid=hand-result]').count()) === 0, 'the result gives way to the replay');
  const steps = Number(await replay.getAttribute('data-steps'));
  assert(steps >= 8, `the hand has its actions (${steps})`);
  assert((await step(page)) === 0, 'the replay starts at the deal');
  assert((await caption(page)) === words.dealt, `step 0 is the deal («${await caption(page)}»)`);
  const counter = (await page.locator('[data-testid=replay-counter]').textContent()).trim();
  assert(counter === `${words.num(0)} / ${words.num(steps)}`, `the counter shows 0 of ${steps} («${counter}»)`);
  assert((await page.locator('[data-testid^=replay-seat-]').count()) === seats, `${seats} seats are shown`);
  assert((await page.locator('[data-testid=replay-seat-bottom]').getAttribute('data-seat')) === '0', 'you at the bottom');
  const dealt = Object.values(await replayCounts(page)).reduce((a, b) => a + b, 0);
  assert(dealt > 0, 'every seat shows its cards face up');
  assert((await page.locator('[data-testid=replay-prev]').isDisabled()), 'nothing before the deal');

  // Forward: each step names its player and the seat that acted is marked.
  const seen = [];
  for (let i = 1; i <= 4; i++) {
    await page.locator('[data-testid=replay-next]').click();
    assert((await step(page)) === i, `step ${i}`);
    const c = await caption(page);
    assert(c !== '' && c !== words.dealt, `step ${i} has its caption («${c}»)`);
    // A seat's number and a card's never side by side ("ربات ۲ ۳ پیک", issue 25).
    assert(!/[۰-۹]+ [۰-۹]+/.test(c), `step ${i}: no two numbers side by side («${c}»)`);
    assert((await page.locator('.rp-seat.acted').count()) === 1, `step ${i}: one seat acted`);
    seen.push(c);
  }
  assert(seen.some((c) => words.played.test(c)), `a card played is told: ${JSON.stringify(seen)}`);
  // Back, then forward by key.
  await page.locator('[data-testid=replay-prev]').click();
  assert((await step(page)) === 3, 'one step back');
  assert((await caption(page)) === seen[2], 'the caption of step 3 again');
  await page.keyboard.press(words.forwardKey);
  assert((await step(page)) === 4, 'the arrow key steps forward');
  await page.keyboard.press('End');
  assert((await step(page)) === steps, 'End goes to the last step');

  // The last step: the end of the hand, everyone holding what the table shows.
  await page.locator('[data-testid=replay-first]').click();
  assert((await step(page)) === 0, 'back to the deal');
  await page.locator('[data-testid=replay-last]').click();
  assert((await step(page)) === steps, 'the last step');
  assert((await replay.getAttribute('data-end')) === 'true', 'the last step is the end of the hand');
  assert(((await page.locator('[data-testid=replay-end]').textContent()) || '').trim() === words.end, 'the end is said');
  assert((await page.locator('[data-testid=replay-next]').isDisabled()), 'nothing after the end');
  const last = await caption(page);
  assert(last !== '' && last !== words.dealt, `the last action is told («${last}»)`);
  const atEnd = await replayCounts(page);
  for (const [seat, n] of Object.entries(atTable)) {
    assert(atEnd[seat] === n, `seat ${seat}: the last step holds ${n} cards as the table does (${atEnd[seat]})`);
  }

  // Play runs by itself from the start; a step by hand pauses it.
  await page.locator('[data-testid=replay-play]').click();
  assert((await page.locator('[data-testid=replay-play]').getAttribute('aria-pressed')) === 'true', 'playing');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=replay]').dataset.step) >= 1, null, {
    timeout: 5000,
  });
  await page.locator('[data-testid=replay-prev]').click();
  assert((await page.locator('[data-testid=replay-play]').getAttribute('aria-pressed')) === 'false', 'paused by a step');

  await page.locator('[data-testid=replay-close]').click();
  await replay.waitFor({ state: 'detached', timeout: 5000 });
  await page.locator('[data-testid=hand-result]').waitFor({ timeout: 5000 });
  assert((await page.locator('[data-testid=replay-open]').isVisible()), 'the result with its replay button again');
}

const persianDigits = (n) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[d]);

export const tests = [
  {
    name: 'replay: a Hokm hand step by step in English, back to the result',
    viewport: 'desktop',
    timeout: 90000,
    run: async ({ page, url, assert }) => {
      await page.addInitScript(() => localStorage.setItem('cards.lang', 'en'));
      // Seed 2: you are the first hakem (HK-2) and name trump.
      await page.goto(`${url}#/hokm?seed=2&seats=ybbb&bots=eee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      await playHokm(page, table, assert, 70000);
      await page.locator('[data-testid=hand-result]').waitFor({ timeout: 10000 });
      await walkReplay(
        page,
        assert,
        {
          dealt: 'The cards are dealt',
          end: 'End of the hand',
          played: /^(You|Bot \d) played (10|[2-9JQKA])[♣♦♥♠]/,
          num: String,
          forwardKey: 'ArrowRight',
        },
        4,
      );
      // The first step is your trump, in the second person.
      await page.locator('[data-testid=replay-open]').click();
      await page.locator('[data-testid=replay-next]').click();
      const first = (await page.locator('[data-testid=replay-caption]').textContent()).trim();
      assert(first === 'You named trump: hearts', `your trump («${first}»)`);
      // A finished trick shows in the middle with its winner.
      await page.keyboard.press('End');
      assert((await page.locator('[data-testid=replay-middle]').getAttribute('data-kind')) === 'trick', 'the last trick');
      assert((await page.locator('[data-testid=replay-middle] .rp-card.winner').count()) === 1, 'its winner marked');
      await page.keyboard.press('Escape');
      await page.locator('[data-testid=hand-result]').waitFor({ timeout: 5000 });
    },
  },
  {
    name: 'replay: a Crazy Eights hand of five in Persian',
    viewport: 'phone',
    timeout: 90000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/crazy-eights?seed=3&seats=ybbbb&bots=eeee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      await playShedding(page, table, assert, 70000);
      await page.locator('[data-testid=hand-result]').waitFor({ timeout: 10000 });
      await walkReplay(
        page,
        assert,
        {
          dealt: 'کارت‌ها پخش شد',
          end: 'پایان دور',
          played: /(را بازی کرد|را بازی کردید|از دسته کشید)/,
          num: persianDigits,
          forwardKey: 'ArrowLeft',
        },
        5,
      );
      // The middle is the discard pile's top card.
      await page.locator('[data-testid=replay-open]').click();
      assert((await page.locator('[data-testid=replay-middle]').getAttribute('data-kind')) === 'pile', 'the pile');
      assert((await page.locator('[data-testid=replay-middle] [data-card]').count()) === 1, 'its top card');
      // Controls a thumb can hit.
      const box = await page.locator('[data-testid=replay-next]').boundingBox();
      assert(box && box.width >= 40 && box.height >= 40, `the controls are large enough (${JSON.stringify(box)})`);
      const dialog = await page.locator('[data-testid=replay]').boundingBox();
      assert(dialog.x >= 0 && dialog.x + dialog.width <= 391, 'the viewer fits the phone');
      await page.locator('[data-testid=replay-close]').click();
    },
  },
  {
    // Issue 25: the page a player opens to play carries no replay code; its second module comes
    // when first asked for, and one that cannot come says so and gives the result back.
    name: 'replay: its module is fetched only when asked; one that cannot load is told, and the next try opens it',
    viewport: 'phone',
    timeout: 90000,
    run: async ({ newContext, url, assert }) => {
      // No service worker: it would fetch the module in the background (to keep it offline),
      // out of this page's sight.
      const context = await newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      const asked = [];
      page.on('request', (r) => {
        if (r.url().includes('-extra-')) asked.push(r.url());
      });
      await page.goto(`${url}#/crazy-eights?seed=3&seats=ybbbb&bots=eeee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      await playShedding(page, table, assert, 70000);
      await page.locator('[data-testid=hand-result]').waitFor({ timeout: 10000 });
      assert(asked.length === 0, `nothing of the replay's module before it is asked for (${asked})`);

      // The module cannot come (offline, never kept): a notice, and the result stays.
      await page.route('**/*-extra-*', (route) => route.abort());
      await page.locator('[data-testid=replay-open]').click();
      await page.locator('[data-testid=notice][data-notice=extra_failed]').waitFor({ timeout: 5000 });
      await page.locator('[data-testid=hand-result]').waitFor({ timeout: 5000 });
      assert(await page.locator('[data-testid=replay-open]').isVisible(), 'the replay button is there to try again');
      assert((await page.locator('[data-testid=replay]').count()) === 0, 'no viewer');

      // It can come again: the next press opens the viewer, its JS and wasm fetched now.
      await page.unroute('**/*-extra-*');
      asked.length = 0;
      await page.locator('[data-testid=replay-open]').click();
      await page.locator('[data-testid=replay]').waitFor({ timeout: 10000 });
      assert(asked.some((u) => u.endsWith('.js')) && asked.some((u) => u.endsWith('_bg.wasm')), `the module came (${asked})`);
      assert((await page.locator('[data-testid=hand-result]').count()) === 0, 'the result gives way to the replay');
      await page.locator('[data-testid=replay-close]').click();
      await page.locator('[data-testid=hand-result]').waitFor({ timeout: 5000 });
    },
  },
];
