// Shelem through the UI, as a person plays it: the home page to a table with three bots,
// the auction (bid the lowest bid offered while it is at most 120, else pass), the widow and
// the discards when you win it, trump, legal cards until the hand ends, and the score sheet
// checked against the scoreboard.

import { tableState, waitSeenValue, waitStepAfter, watchValues } from '../lib.mjs';
import { readNumber } from './hokm.test.mjs';

/** The most you bid: the lowest bid offered while it is at most this, else a pass. */
const BID_CAP = 120;
/** Seed 8, you and three bots: the bots bid, you raise three times and win the auction
 * (src/pages/table/shelem.rs `the_browser_tests_seed_makes_you_hakem_after_a_contest`). */
const HAKEM_SEED = 8;
/** Seed 4 with jokers and Sars: you win the auction holding both jokers (same Rust test). */
const JOKER_SEED = 4;
/** Cards that carry no points (SH-3), discarded first. */
const POINTLESS = /^(2|3|4|6|7|8|9)[CDHS]$/;

const attr = (loc, name) => loc.getAttribute(name);

/**
 * Plays until the hand is over, as a person: returns what it did. `opts.trump` names that
 * trump or mode (else the longest suit); `opts.untilPlaying` stops when the play begins.
 */
export async function playHand(page, table, assert, deadlineMs, opts = {}) {
  const stats = { bids: [], passes: 0, discarded: [], trump: null, cards: 0, illegalTried: false };
  const end = Date.now() + deadlineMs;
  for (;;) {
    assert(Date.now() < end, 'the hand ended in time');
    // One read of the table: the phase and the turn read apart could straddle a step
    // (the last pass of the auction turns `bidding` into your `discarding`).
    const { phase, turn, bottom, busy, step } = await tableState(table);
    if (phase === 'hand_over' || phase === 'match_over') return stats;
    if (opts.untilPlaying && phase === 'playing') return stats;
    if (turn === bottom && busy !== 'true') {
      const hand = page.locator('[data-testid=hand]');
      if (phase === 'bidding') {
        const auction = page.locator('[data-testid=auction]');
        await auction.waitFor({ timeout: 5000 });
        const first = auction.locator('button[data-bid]').first();
        const lowest = Number(await attr(first, 'data-bid'));
        const high = await attr(page.locator('[data-testid=high-bid]'), 'data-value');
        assert(high === '' || lowest === Number(high) + 5, `the lowest bid is the high bid plus 5 (${lowest}, ${high})`);
        const steps = await auction.locator('button[data-bid]').evaluateAll((bs) => bs.map((b) => Number(b.dataset.bid)));
        assert(steps.every((b, i) => i === 0 || b === steps[i - 1] + 5), `bids rise in fives: ${steps}`);
        if (lowest <= BID_CAP) {
          await page.locator(`[data-testid=bid-${lowest}]`).click();
          stats.bids.push(lowest);
        } else {
          await page.locator('[data-testid=bid-pass]').click();
          stats.passes++;
        }
        await waitStepAfter(page, Number(step));
      } else if (phase === 'discarding') {
        const panel = page.locator('[data-testid=discard-panel]');
        await panel.waitFor({ timeout: 5000 });
        const cards = await hand.locator('button[data-card]').evaluateAll((bs) => bs.map((b) => b.dataset.card));
        const widow = opts.jokers ? 6 : 4;
        assert(cards.length === 12 + widow, `the hakem holds 12 cards and the widow of ${widow} (${cards.length})`);
        assert((await hand.locator('button.received[data-card]').count()) === widow, 'the widow is marked');
        const confirm = page.locator('[data-testid=discard-confirm]');
        const plain = cards.filter((c) => !c.endsWith('J'));
        const pick = [...plain.filter((c) => POINTLESS.test(c)), ...plain.filter((c) => !POINTLESS.test(c))].slice(0, widow);
        for (const [i, c] of pick.entries()) {
          assert(await confirm.isDisabled(), `confirm waits for ${widow} cards (${i} chosen)`);
          await hand.locator(`button[data-card="${c}"]`).click();
          await page.locator(`[data-testid=discard-count][data-value="${i + 1}"]`).waitFor({ timeout: 5000 });
          assert((await hand.locator(`button[data-card="${c}"]`).getAttribute('aria-pressed')) === 'true', `${c} chosen`);
        }
        // A fifth card toggles in and out again.
        const extra = cards.find((c) => !pick.includes(c));
        await hand.locator(`button[data-card="${extra}"]`).click();
        assert(await confirm.isDisabled(), 'five chosen: confirm is off');
        await hand.locator(`button[data-card="${extra}"]`).click();
        await confirm.click();
        stats.discarded = pick;
        await page.waitForFunction(() => document.querySelector('[data-testid=table]').dataset.phase !== 'discarding', null, {
          timeout: 5000,
        });
        assert((await hand.locator('button[data-card]').count()) === 12, 'twelve cards after the discards');
        const count = await attr(page.locator('[data-testid=seat-top]'), 'data-count');
        assert(count === '12', `the others hold 12 (${count})`);
      } else if (phase === 'choosing_trump') {
        const picker = page.locator('[data-testid=trump-picker]');
        await picker.waitFor({ timeout: 5000 });
        const suits = await hand.locator('button[data-card]').evaluateAll((bs) => bs.map((b) => b.dataset.card.slice(-1)));
        const best =
          opts.trump ||
          ['C', 'D', 'H', 'S'].sort((a, b) => suits.filter((c) => c === b).length - suits.filter((c) => c === a).length)[0];
        await page.locator(`[data-testid=trump-${best}]`).click();
        stats.trump = best;
        await page.locator('[data-testid=trump]').and(page.locator(`[data-trump=${best}]`)).waitFor({ timeout: 5000 });
      } else if (phase === 'playing') {
        const before = await hand.locator('button[data-card]').count();
        const dimmed = hand.locator('button[data-card][aria-disabled=true]');
        if (!stats.illegalTried && (await dimmed.count()) > 0) {
          await dimmed.first().click({ force: true });
          const error = page.locator('[data-testid=error]');
          await error.waitFor({ timeout: 5000 });
          assert((await attr(error, 'data-code')) === 'must_follow_suit', 'the refusal names HK-6');
          assert((await hand.locator('button[data-card]').count()) === before, 'the refused card stays in hand');
          stats.illegalTried = true;
        }
        const card = hand.locator('button.playable[data-card]').first();
        const name = await attr(card, 'data-card');
        await card.click();
        await hand.locator(`button[data-card="${name}"]`).waitFor({ state: 'detached', timeout: 5000 });
        stats.cards++;
        // The running points (SH-3) are always in five-point steps and add up to 5 a trick
        // plus card points: at least 5 per trick taken. The four read in one go: read apart,
        // a bot's trick may land between them (CI: "0/0, 0/1", a side's tricks read after
        // its points).
        const [p0, p1, t0, t1] = await page.evaluate(() =>
          ['points-0', 'points-1', 'tricks-0', 'tricks-1'].map((id) => document.querySelector(`[data-testid=${id}]`)?.dataset.value),
        );
        assert(Number(p0) % 5 === 0 && Number(p1) % 5 === 0, `points in fives (${p0}, ${p1})`);
        assert(Number(p0) >= 5 * Number(t0) && Number(p1) >= 5 * Number(t1), `5 points a trick at least (${p0}/${t0}, ${p1}/${t1})`);
      }
    }
    await page.waitForTimeout(100);
  }
}

/** Reads the score sheet and checks it against the scoreboard (first hand of a match). */
async function checkResult(page, assert, { hakemSeat, discarded }) {
  const result = page.locator('[data-testid=hand-result]');
  await result.waitFor({ timeout: 10000 });
  const num = async (name) => Number(await attr(result, name));
  const [bid, inPlay, taken0, taken1, points0, points1, hakem] = await Promise.all(
    ['data-bid', 'data-in-play', 'data-taken-0', 'data-taken-1', 'data-points-0', 'data-points-1', 'data-hakem'].map(num),
  );
  const made = (await attr(result, 'data-made')) === 'true';
  const shelem = (await attr(result, 'data-shelem')) === 'true';
  assert(inPlay === 165, `165 points in play with four players (SH-3), got ${inPlay}`);
  assert(taken0 + taken1 === inPlay, `the points taken add up to the points in play (${taken0} + ${taken1})`);
  if (hakemSeat !== undefined) assert(hakem === hakemSeat, `the hakem is seat ${hakemSeat} (${hakem})`);
  const hs = hakem % 2;
  const takenBy = [taken0, taken1];
  const scored = [points0, points1];
  assert(made === (shelem || takenBy[hs] >= bid), `made exactly when the hakem's side reached the bid (SH-7)`);
  const want = shelem ? 2 * inPlay : made ? takenBy[hs] : -bid;
  assert(scored[hs] === want, `the hakem's side scores ${want} (SH-7, SH-8), got ${scored[hs]}`);
  assert(scored[1 - hs] === takenBy[1 - hs], `the other side scores what it took (${scored[1 - hs]})`);

  // The scoreboard agrees: the contract, the points taken (the discards now included), the
  // tricks and the match score.
  const contract = page.locator('[data-testid=contract]');
  assert(Number(await attr(contract, 'data-bid')) === bid, 'the contract shows the bid');
  assert(Number(await attr(contract, 'data-hakem')) === hakem, 'the contract shows the hakem');
  for (const side of [0, 1]) {
    const shown = readNumber(await page.locator(`[data-testid=points-${side}]`).textContent());
    assert(shown === takenBy[side], `side ${side}: the scoreboard shows ${takenBy[side]} taken (${shown})`);
    const score = Number(await attr(page.locator(`[data-testid=score-${side}]`), 'data-value'));
    assert(score === scored[side], `side ${side}: the match score is the hand's ${scored[side]} (${score})`);
    const sheet = Number(await attr(page.locator(`[data-testid=result-points-${side}]`), 'data-value'));
    assert(sheet === scored[side], `side ${side}: the sheet shows ${scored[side]}`);
  }
  const tricks = await Promise.all([0, 1].map((s) => attr(page.locator(`[data-testid=tricks-${s}]`), 'data-value')));
  assert(Number(tricks[0]) + Number(tricks[1]) === 12, `twelve tricks played (${tricks})`);
  // The discards are shown at the end (D-8): the hakem's own ones when you were hakem.
  const shownDiscards = await page
    .locator('[data-testid=result-discards] [data-card]')
    .evaluateAll((cs) => cs.map((c) => c.dataset.card).sort());
  assert(shownDiscards.length === 4, `four discards shown (${shownDiscards})`);
  if (discarded?.length) {
    assert(shownDiscards.join(' ') === [...discarded].sort().join(' '), `your discards: ${shownDiscards} vs ${discarded}`);
  }
  return { made, bid };
}

export const tests = [
  {
    name: 'from the home page to a Shelem table with three bots and its auction',
    viewport: 'desktop',
    timeout: 60000,
    run: async ({ page, url, assert }) => {
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('[data-testid=game-shelem]').click();
      await page.locator('[data-testid=start]').waitFor({ timeout: 15000 });
      assert((await page.inputValue('[data-testid=seat-kind-0]')) === 'you', 'seat 0 is you by default');
      for (const i of [1, 2, 3]) {
        assert((await page.inputValue(`[data-testid=seat-kind-${i}]`)) === 'bot', `seat ${i} is a bot by default`);
      }
      await page.locator('[data-testid=start]').click();
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      assert((await attr(table, 'data-game')) === 'shelem', 'a Shelem table');
      assert((await attr(table, 'data-phase')) === 'bidding', 'the hand opens with the auction (SH-4)');
      assert(/#\/shelem\?seed=\d+&seats=ybbb/.test(await page.evaluate(() => location.hash)), 'a table link');
      await page.locator('[data-testid=auction]').waitFor({ timeout: 5000 });
      for (const pos of ['right', 'top', 'left']) {
        assert((await attr(page.locator(`[data-testid=seat-${pos}]`), 'data-count')) === '12', `${pos} holds 12 (SH-2)`);
      }
      assert((await page.locator('[data-testid=hand] button[data-card]').count()) === 12, 'you hold 12');
      // Wait for your turn, then bid the lowest bid offered (or pass above the cap).
      await page.waitForFunction(
        () => {
          const t = document.querySelector('[data-testid=table]');
          return t.dataset.phase !== 'bidding' || (t.dataset.turn === t.dataset.bottom && t.dataset.busy !== 'true');
        },
        null,
        { timeout: 15000, polling: 100 },
      );
      if ((await attr(table, 'data-phase')) === 'bidding') {
        const first = page.locator('[data-testid=auction] button[data-bid]').first();
        const lowest = Number(await attr(first, 'data-bid'));
        assert(lowest >= 100 && lowest <= 165, `bids from 100 to 165 (${lowest})`);
        const mine = page.locator('[data-testid=seat-bottom] [data-testid=seat-bid]');
        if (lowest <= BID_CAP) {
          await first.click();
          await mine.waitFor({ timeout: 5000 });
          const shown = await attr(mine, 'data-bid');
          assert(shown === String(lowest), `your plate shows your bid (${shown})`);
        } else {
          await page.locator('[data-testid=bid-pass]').click();
          await mine.waitFor({ timeout: 5000 });
          assert((await attr(mine, 'data-bid')) === 'pass', 'your plate shows the pass');
        }
      }
    },
  },
  {
    name: 'bid, win the auction, discard, name trump and play a whole hand; the sheet matches the scoreboard',
    viewport: 'desktop',
    timeout: 180000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/shelem?seed=${HAKEM_SEED}&seats=ybbb&bots=eee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      assert((await attr(table, 'data-bottom')) === '0', 'you sit at the bottom');
      const stats = await playHand(page, table, assert, 170000);
      assert(stats.bids.length === 3, `you bid three times (${stats.bids})`);
      assert(stats.discarded.length === 4, 'you discarded four cards');
      assert(stats.trump !== null, 'you named trump');
      assert(stats.cards === 12, `you played twelve cards (${stats.cards})`);
      const { bid } = await checkResult(page, assert, { hakemSeat: 0, discarded: stats.discarded });
      assert(bid === stats.bids[stats.bids.length - 1], `the contract is your last bid (${bid})`);

      await page.locator('[data-testid=next-hand]').click();
      await page.locator('[data-testid=hand-result]').waitFor({ state: 'detached', timeout: 10000 });
      assert((await attr(table, 'data-phase')) === 'bidding', 'the next hand opens with the auction');
      assert((await attr(page.locator('[data-testid=seat-top]'), 'data-count')) === '12', 'twelve cards each again');
      assert((await page.locator('[data-testid=contract]').count()) === 0, 'no contract yet');
      assert(readNumber(await page.locator('[data-testid=points-0]').textContent()) === 0, 'no points taken yet');
    },
  },
  {
    name: 'two players: the table has two seats and the auction works',
    viewport: 'phone',
    timeout: 60000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/shelem?seed=1&seats=yb&bots=e`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      assert((await attr(table, 'data-phase')) === 'bidding', 'the auction');
      assert((await page.locator('[data-testid=seat-top]').count()) === 1, 'the other player sits at the top');
      assert((await page.locator('[data-testid=seat-left], [data-testid=seat-right]').count()) === 0, 'nobody at the sides');
      assert((await attr(page.locator('[data-testid=seat-top]'), 'data-count')) === '12', '12 cards each (SH-10)');
      await page.waitForFunction(
        () => {
          const t = document.querySelector('[data-testid=table]');
          return t.dataset.turn === t.dataset.bottom && t.dataset.busy !== 'true';
        },
        null,
        { timeout: 15000, polling: 100 },
      );
      const bids = await page.locator('[data-testid=auction] button[data-bid]').evaluateAll((bs) => bs.map((b) => Number(b.dataset.bid)));
      assert(bids[bids.length - 1] === 165, `bids up to 165 (${bids[bids.length - 1]})`);
      assert(bids[0] >= 70 && bids[0] < 100, `two players open from 70 (SH-10): ${bids[0]}`);
      const box = await page.locator(`[data-testid=bid-${bids[0]}]`).boundingBox();
      assert(box.height >= 40 && box.width >= 40, `bid buttons are big enough to tap (${box.width}×${box.height})`);
      await page.locator(`[data-testid=bid-${bids[0]}]`).click();
      const mine = page.locator('[data-testid=seat-bottom] [data-testid=seat-bid]');
      await page.waitForFunction(
        (bid) => {
          const t = document.querySelector('[data-testid=table]');
          const high = document.querySelector('[data-testid=high-bid]');
          return t.dataset.phase !== 'bidding' || (high && Number(high.dataset.value) >= bid);
        },
        bids[0],
        { timeout: 10000, polling: 100 },
      );
      if ((await attr(table, 'data-phase')) === 'bidding') {
        assert((await attr(mine, 'data-bid')) === String(bids[0]), 'your plate shows your bid');
      } else {
        await page.locator('[data-testid=contract]').waitFor({ timeout: 5000 });
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `no horizontal overflow (got ${overflow}px)`);
    },
  },
  {
    name: 'Sars with jokers: leading a joker asks for the suit to follow',
    viewport: 'desktop',
    timeout: 60000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/shelem?seed=${JOKER_SEED}&seats=ybbb&bots=eee&jokers=1&sars=1`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      await page.waitForFunction(() => /jokers=1/.test(location.hash) && /sars=1/.test(location.hash));
      const stats = await playHand(page, table, assert, 50000, { trump: 'sars', jokers: true, untilPlaying: true });
      assert(stats.discarded.length === 6, 'six discards with jokers (SH-2)');
      await page.locator('[data-testid=trump][data-trump=sars]').waitFor({ timeout: 5000 });
      assert((await attr(table, 'data-turn')) === '0', 'the hakem leads');
      const hand = page.locator('[data-testid=hand]');
      // The black joker: the suit picker opens; cancel keeps the card.
      await hand.locator('button[data-card=BJ]').click();
      const picker = page.locator('[data-testid=joker-suit]');
      await picker.waitFor({ timeout: 5000 });
      await page.locator('[data-testid=joker-cancel]').click();
      await picker.waitFor({ state: 'detached', timeout: 5000 });
      assert((await hand.locator('button[data-card=BJ]').count()) === 1, 'the black joker is still in hand');
      assert((await page.locator('[data-testid=trick] [data-card]').count()) === 0, 'nothing played');
      // The red joker, naming hearts.
      await hand.locator('button[data-card=RJ]').click();
      await picker.waitFor({ timeout: 5000 });
      // The trick from now on: the bots follow at once and the trick is gathered.
      await watchValues(page, 'led', () => !!document.querySelector('[data-testid=trick] [data-card=RJ][data-seat="0"]'));
      await page.locator('[data-testid=joker-suit-H]').click();
      await waitSeenValue(page, 'led', true);
      assert((await hand.locator('button[data-card=RJ]').count()) === 0, 'the red joker left the hand');
      // The red joker wins the trick whatever follows (SH-6).
      await page.locator('[data-testid=tricks-0][data-value="1"]').waitFor({ timeout: 15000 });
    },
  },
];
