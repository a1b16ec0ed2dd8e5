// The hand analysis (issue 12): play a seeded Hokm hand to its end (4 players in English on
// a desktop, 2 players in Persian on a phone), open "Analyse this hand" from the result, wait
// for the worker's answer and check the panel: each side's best tricks double-dummy add to
// 13, "could win" agrees with 7 of them, the tricks taken are the table's, every seat's 13
// cards at the start of play are shown, and the slips (or "no slip") are listed; closing it
// (button or Escape) returns to the result. The time from the request to the answer is
// printed (Chromium's figure for docs/bots.md). Then the same for a Shelem hand (in card
// points: the sides' best add to the points in play, the contract agrees with the sheet) and
// a Bidel hand (each player a side, fewer points better; analysis_bidel.test.mjs, a file of its
// own so that the two longest searches run side by side).

import { playHand, readNumber } from './hokm.test.mjs';
import { playHokm } from './replay.test.mjs';
import { playHand as playShelem } from './shelem.test.mjs';

/**
 * The node budget the Shelem and Bidel tests give the analysis (local storage
 * `cards.analysis-budget`, src/prefs.rs): they check the panel as the search widens and its
 * final rows, not how far back the players' 100 M nodes reach (the worker's and the solver's
 * Rust tests do). 10 M nodes are a few seconds in Chromium instead of half a minute.
 */
export const TEST_BUDGET = 10_000_000;

/** Gives this page's Shelem or Bidel analysis the tests' budget ({@link TEST_BUDGET}). */
export async function smallBudget(page) {
  await page.addInitScript((b) => localStorage.setItem('cards.analysis-budget', String(b)), TEST_BUDGET);
}

/** Opens the analysis from the result, waits for it and checks the panel; returns its time. */
async function checkAnalysis(page, assert, players, words) {
  const tricks = [];
  for (const side of [0, 1]) {
    tricks.push(readNumber(await page.locator(`[data-testid=tricks-${side}]`).textContent()));
  }
  await waitDone(page, assert);
  const { sides, hands, slips, ms } = await readPanel(page, assert, words);
  assert(sides.length === 2, `two sides (${sides.length})`);
  assert(sides[0].best + sides[1].best === 13, `the best tricks add to 13 (${JSON.stringify(sides)})`);
  for (const [i, s] of sides.entries()) {
    assert(s.win === s.best >= 7, `side ${i}: could win exactly with 7 tricks at best (HK-7)`);
    assert(s.taken === tricks[i], `side ${i} took ${tricks[i]} tricks as the table says (${s.taken})`);
  }
  assert(sides.some((s) => s.taken === 7), 'the hand ended at 7 tricks (HK-7)');
  assert(hands.length === players && hands.every((n) => n === 13), `${players} hands of 13 (${hands})`);
  console.log(`    analysis of a ${players}-player hand in Chromium: ${ms} ms (slips: ${slips})`);
  return ms;
}

/**
 * Opens the analysis from the result and waits for it to end; checks it is done and fits.
 * Returns the panel's states on the way (`{ state, from, rows, deeper }` each time one of
 * them changed): a Shelem or Bidel analysis shows the later tricks' analysis ("searching",
 * `from` its first trick, `deeper` the progress above it) while the search reaches back.
 */
export async function waitDone(page, assert) {
  await page.evaluate(() => {
    const seen = (window.analysisStates = []);
    new MutationObserver(() => {
      const p = document.querySelector('[data-testid=analysis]');
      if (!p) return;
      const now = {
        state: p.dataset.state,
        from: p.querySelector('[data-testid=analysis-from]')?.dataset.trick ?? null,
        rows: p.querySelectorAll('[data-testid=analysis-side]').length,
        deeper: p.querySelector('[data-testid=analysis-deeper]') !== null,
      };
      if (JSON.stringify(seen.at(-1)) !== JSON.stringify(now)) seen.push(now);
    }).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  });
  await page.locator('[data-testid=analysis-open]').click();
  const panel = page.locator('[data-testid=analysis]');
  await panel.waitFor({ timeout: 5000 });
  assert(await page.locator('[data-testid=analysis-close]').isVisible(), 'the panel can be closed');
  // The worker loads and searches; a 4-player hand may take seconds.
  await page.waitForFunction(
    () => ['done', 'failed'].includes(document.querySelector('[data-testid=analysis]')?.dataset.state),
    null,
    { timeout: 120000 },
  );
  assert((await panel.getAttribute('data-state')) === 'done', 'the analysis is done, not failed');
  const box = await panel.boundingBox();
  assert(box.x >= 0 && box.x + box.width <= page.viewportSize().width + 1, 'the panel fits the screen');
  return page.evaluate(() => window.analysisStates);
}

/**
 * A Shelem or Bidel analysis (`rows` sides) showed the hand's later tricks first, then
 * further back, and ended with the widest; returns the first trick of the final one (1:
 * the whole hand).
 */
export function checkWidening(states, assert, rows) {
  const parts = states.filter((s) => s.state === 'searching');
  const done = states.at(-1);
  assert(parts.length > 0, `the later tricks' analysis was shown while searching (${JSON.stringify(states)})`);
  assert(
    parts.every((s) => s.rows === rows && s.deeper && Number(s.from) > 1),
    `each partial analysis shows its ${rows} rows, where it starts and the progress above it`,
  );
  const from = parts.map((s) => Number(s.from));
  assert(from.every((f, i) => i === 0 || f < from[i - 1]), `each reaches further back (${from})`);
  assert(done.state === 'done' && !done.deeper && done.rows === rows, 'the final analysis, without progress');
  const last = done.from === null ? 1 : Number(done.from);
  assert(last <= from.at(-1), `the final analysis is the widest (trick ${last})`);
  return last;
}

/** Every slip of the open analysis: its seat and its words. */
async function slipTexts(page) {
  return page.locator('[data-testid=analysis-slip]').evaluateAll((items) =>
    items.map((li) => ({ seat: li.dataset.seat, text: li.textContent.trim() })),
  );
}

/**
 * The analysis panel's side rows (`win`: Hokm's "could win"), hands (cards each), slips
 * (checked against `words`) and time; checks the title.
 */
export async function readPanel(page, assert, words) {
  const sides = await page.locator('[data-testid=analysis-side]').evaluateAll((rows) =>
    rows.map((r) => ({
      best: Number(r.dataset.best),
      taken: Number(r.dataset.taken),
      win: r.dataset.couldWin === 'true',
    })),
  );
  const hands = await page.locator('[data-testid=analysis-hand]').evaluateAll((rows) =>
    rows.map((r) => r.querySelectorAll('[data-card]').length),
  );
  const slips = await page.locator('[data-testid=analysis-slip]').count();
  const none = await page.locator('[data-testid=analysis-no-slips]').count();
  assert((slips > 0) !== (none > 0), `slips (${slips}) or "no slip" (${none})`);
  if (slips > 0) {
    const text = (await page.locator('[data-testid=analysis-slip]').first().textContent()).trim();
    assert(words.slip.test(text), `a slip names its trick and cards («${text}»)`);
  }
  assert((await page.locator('[data-testid=analysis] h2').textContent()).trim() === words.title, 'the title');
  const ms = Number(await page.locator('[data-testid=analysis-time]').getAttribute('data-ms'));
  return { sides, hands, slips, ms };
}

export const tests = [
  {
    name: 'analysis: a 4-player Hokm hand in English, from the result and back',
    viewport: 'desktop',
    timeout: 200000,
    run: async ({ page, url, assert }) => {
      await page.addInitScript(() => localStorage.setItem('cards.lang', 'en'));
      // Seed 2: you are the first hakem (HK-2) and name trump.
      await page.goto(`${url}#/hokm?seed=2&seats=ybbb&bots=eee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      await playHokm(page, table, assert, 70000);
      await page.locator('[data-testid=hand-result]').waitFor({ timeout: 10000 });
      await checkAnalysis(page, assert, 4, {
        title: 'Hand analysis',
        slip: /^Trick \d+: (you|Bot \d) played (10|[2-9JQKA])[♣♦♥♠]/,
      });
      // Your partner (seat 2, opposite) is on your side; the others on theirs (issue 25).
      const slips = await slipTexts(page);
      assert(slips.some((s) => s.seat === '2'), `your partner slipped in this hand (${slips.map((s) => s.seat)})`);
      for (const { seat, text } of slips) {
        const side = seat === '1' || seat === '3' ? "their side's" : "your side's";
        assert(text.includes(side), `seat ${seat}'s slip speaks of ${side} («${text}»)`);
      }
      await page.locator('[data-testid=analysis-close]').click();
      await page.locator('[data-testid=analysis]').waitFor({ state: 'detached', timeout: 5000 });
      assert((await page.locator('[data-testid=hand-result]').isVisible()), 'back to the result');
      // Opened again: the analysis is kept, not searched again; Escape closes it.
      await page.locator('[data-testid=analysis-open]').click();
      assert((await page.locator('[data-testid=analysis]').getAttribute('data-state')) === 'done', 'kept');
      await page.keyboard.press('Escape');
      await page.locator('[data-testid=analysis]').waitFor({ state: 'detached', timeout: 5000 });
      // The next hand has no analysis open.
      await page.locator('[data-testid=next-hand]').click();
      await page.locator('[data-testid=hand-result]').waitFor({ state: 'detached', timeout: 5000 });
      assert((await page.locator('[data-testid=analysis-open]').count()) === 0, 'no analysis during a hand');
    },
  },
  {
    name: 'analysis: a 2-player Hokm hand (HK-13) in Persian on a phone',
    viewport: 'phone',
    timeout: 200000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/hokm?seed=5&seats=yb&bots=e`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      await playHand(page, table, assert, 170000);
      await page.locator('[data-testid=hand-result]').waitFor({ timeout: 10000 });
      await checkAnalysis(page, assert, 2, {
        title: 'تحلیل دور',
        slip: /^دست [۰-۹]+: (شما|[^ ]+ [^ ]+) /,
      });
      // No two numbers side by side ("ربات ۲ ۲ پیک"): the card is named as a card (issue 25).
      for (const { text } of await slipTexts(page)) {
        assert(!/[۰-۹]+ [۰-۹]+/.test(text), `no two numbers side by side («${text}»)`);
      }
    },
  },
  {
    name: 'analysis: a 4-player Shelem hand in English, in card points (SH-3, SH-5, SH-7)',
    viewport: 'desktop',
    timeout: 240000,
    run: async ({ page, url, assert }) => {
      await page.addInitScript(() => localStorage.setItem('cards.lang', 'en'));
      await smallBudget(page);
      await page.goto(`${url}#/shelem?seed=8&seats=ybbb&bots=eee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      await playShelem(page, table, assert, 170000);
      const result = page.locator('[data-testid=hand-result]');
      await result.waitFor({ timeout: 10000 });
      const sheet = await result.evaluate((r) => ({ ...r.dataset }));
      const from = checkWidening(await waitDone(page, assert), assert, 2);
      const { sides, hands, slips, ms } = await readPanel(page, assert, {
        title: 'Hand analysis',
        slip: /^Trick \d+: (you|Bot \d) played (10|[2-9JQKA])[♣♦♥♠].* points/,
      });
      console.log(`    analysis of a 4-player Shelem hand in Chromium: ${ms} ms from trick ${from} within ${TEST_BUDGET} nodes (slips: ${slips})`);
      assert(sides.length === 2, `two sides (${sides.length})`);
      const inPlay = Number(sheet.inPlay);
      assert(sides[0].best + sides[1].best === inPlay, `the best add to the points in play, ${inPlay} (${JSON.stringify(sides)})`);
      for (const i of [0, 1]) {
        assert(sides[i].taken === Number(sheet[`taken-${i}`]), `side ${i} took what the sheet says (${sides[i].taken})`);
      }
      const contract = await page.locator('[data-testid=analysis-contract]').evaluate((c) => ({ ...c.dataset }));
      assert(contract.bid === sheet.bid, `the contract's bid is the sheet's (${contract.bid})`);
      assert(contract.made === sheet.made, 'made as the sheet says (SH-7)');
      const hakemSide = Number(sheet.hakem) % 2;
      assert(
        (contract.couldMake === 'true') === sides[hakemSide].best >= Number(sheet.bid),
        "could make the bid exactly when the hakem side's best reaches it",
      );
      assert(hands.length === 4 && hands.every((n) => n === 12), `4 hands of 12 at the start of play (${hands})`);
    },
  },
];
