// Haft Khabis (Haft Kasif) through the UI: from the home page (both names shown), a table
// of bots, a whole hand played — a legal card on your turn, a suit after a jack (HX-8), a
// player named for a 2 (HX-4), drawing when nothing fits, the 7 penalty shown while pending
// (HX-5), the last card declared (HX-9) — until the result, checked against the scoreboard.

import { seenValues, waitSeenValue, waitStepAfter, watchValues } from '../lib.mjs';
import { readNumber } from './hokm.test.mjs';
import { checkPlayersOffered, checkResultRows, playTurns, startFromHome } from './shedding.mjs';

/** A two-player deal where you soon draw a card that fits (found by playing it through). */
const KEEP_SEED = 1;
/** A three-player deal where you have the highest total after the first hand. */
const OUT_SEED = 4;

/** The cards in your hand, and how many cards the seat `seat` holds (from its plate). */
const handCount = (page) => page.locator('[data-testid=hand] button[data-card]').count();
const seatCount = async (page, seat) =>
  Number(await page.locator(`.seat[data-seat="${seat}"]`).getAttribute('data-count'));

/**
 * Plays from where the table is until the hand ends. Options:
 * - `give`: with the "give a card" two (HX-4), play a 2 when one fits (and you hold four or
 *   more), name the first player offered and give the first card offered, and check that
 *   the card moved: your hand two cards smaller (the 2 and the gift), the named player's one
 *   larger, one copy fewer of the given card in your hand. Counted in `stats.given`.
 * - `forget`: once, with two cards and a plain card (not an 8 or an ace, which play again)
 *   that fits, play it without declaring the last card (HX-9, D-6), and check the notice
 *   naming you and that your hand grew from one card. Counted in `stats.forgot`.
 * - `keep`: with the room's "a drawn card may be kept" (HX-2), when the card you drew fits,
 *   check that keeping it is a visible button beside the card lit to play, press it, and
 *   check the card stays in your hand and the turn moves on. Counted in `stats.kept`; with
 *   `keep: 'stop'` the hand is left there.
 */
export async function playHand(page, table, assert, deadlineMs, opts = {}) {
  const stats = { cards: 0, draws: 0, passes: 0, suits: 0, targets: 0, gives: 0, pendingSeen: 0, declared: 0, given: 0, forgot: 0, kept: 0 };
  return playTurns(page, table, assert, deadlineMs, stats, {
    choice: '[data-testid$=-picker]',
    before: async ({ bottom, step, hand, count, playable, last }) => {
      const pending = page.locator('[data-testid=pending]');
      if (await pending.isVisible()) {
        assert(Number(await pending.getAttribute('data-value')) >= 2, 'a 7 penalty of 2 or more');
        stats.pendingSeen++;
      }
      // An open choice: suit, player, card to give.
      if (await page.locator('[data-testid=suit-picker]').isVisible()) {
        await page.locator('[data-testid=suit-picker] button[data-testid^=suit-]').first().click();
        stats.suits++;
        await page.waitForTimeout(150);
        return 'again';
      }
      if (await page.locator('[data-testid=target-picker]').isVisible()) {
        await page.locator('[data-testid=target-picker] button[data-testid^=target-]').first().click();
        stats.targets++;
        await page.waitForTimeout(150);
        return 'again';
      }
      if (await page.locator('[data-testid=give-picker]').isVisible()) {
        await page.locator('[data-testid=give-picker] button[data-testid^=give-]').first().click();
        stats.gives++;
        await page.waitForTimeout(150);
        return 'again';
      }
      const twos = hand.locator('button.playable[data-card^="2"]');
      if (opts.give && count >= 4 && (await twos.count()) > 0) {
        await giveWithTwo(page, twos.first(), bottom, count, assert);
        stats.given++;
        return 'again';
      }
      const plain = hand.locator('button.playable[data-card]:not([data-card^="8"]):not([data-card^="A"])');
      if (opts.forget && !stats.forgot && count === 2 && (await plain.count()) > 0) {
        assert(await last.isVisible(), 'with two cards the "last card" button is offered');
        assert((await last.getAttribute('aria-pressed')) === 'false', 'not declared yet');
        await plain.first().click();
        await page.waitForFunction(
          () => !!document.querySelector('[data-testid$=-picker]') || document.querySelectorAll('[data-testid=hand] button[data-card]').length !== 2,
          null,
          { timeout: 5000 },
        );
        // A jack asks for the suit, a 2 for the player: answer, still without declaring.
        for (const picker of ['suit-picker', 'target-picker']) {
          const p = page.locator(`[data-testid=${picker}]`);
          if (await p.isVisible()) await p.locator('button[data-testid^=suit-], button[data-testid^=target-]').first().click();
        }
        // D-6: the penalty (one card, HX-9) is drawn when the next player acts, and announced.
        const note = page.locator('[data-testid=last-card-penalty]');
        await note.waitFor({ timeout: 10000 });
        assert((await note.getAttribute('data-seat')) === bottom, 'the penalty notice names you');
        assert((await note.getAttribute('data-value')) === '1', 'one penalty card (HX-9)');
        const now = await handCount(page);
        assert(now >= 2, `your hand grew from one card to ${now}`);
        assert((await seatCount(page, bottom)) === now, 'your plate shows the same count');
        stats.forgot++;
        return 'again';
      }
      const keep = page.locator('[data-testid=pass][data-keeps=true]');
      if (opts.keep && (await keep.isVisible())) {
        // HX-2: the drawn card fits; the status says so, the card is lit, and keeping it is a button.
        assert((await playable.count()) === 1, 'only the drawn card may be played');
        const label = (await keep.textContent()).trim();
        assert(label === 'نگه داشتن کارت' || label === 'Keep the card', `the keep button says what it does ("${label}")`);
        const box = await keep.boundingBox();
        assert(box && box.width >= 40 && box.height >= 24, 'the keep button is large enough to tap');
        await keep.click();
        await waitStepAfter(page, step, 5000);
        assert((await hand.locator('button[data-card]').count()) === count, 'the kept card stays in your hand');
        stats.kept++;
        return opts.keep === 'stop' ? 'stop' : 'again';
      }
      if ((await last.isVisible()) && (await last.getAttribute('aria-pressed')) !== 'true') {
        await last.click();
        stats.declared++;
      }
    },
    play: async ({ playable }) => {
      await playable.first().click();
    },
  });
}

/** HX-4 with the "give a card" setting: plays `two`, names a player, gives a card, checks. */
async function giveWithTwo(page, two, bottom, count, assert) {
  const played = await two.getAttribute('data-card');
  await two.click();
  const targets = page.locator('[data-testid=target-picker]');
  await targets.waitFor({ timeout: 5000 });
  // The status line asks what the panel asks (not "play a card", which is done), and the
  // players' buttons do not touch.
  const title = (await targets.locator('h2').textContent()).trim();
  const status = (await page.locator('[data-testid=status]').textContent()).trim();
  assert(status === title, `the status line asks the choice's question ("${status}", the panel "${title}")`);
  const boxes = await targets.locator('button[data-testid^=target-]').evaluateAll((bs) =>
    bs.map((b) => b.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom })),
  );
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const apart = Math.max(b.left - a.right, a.left - b.right, b.top - a.bottom, a.top - b.bottom);
      assert(apart >= 4, `the players' buttons ${i} and ${j} are apart (${apart.toFixed(1)} px)`);
    }
  }
  const target = targets.locator('button[data-testid^=target-]').first();
  const seat = (await target.getAttribute('data-testid')).replace('target-', '');
  assert(seat !== bottom, 'you never name yourself');
  const theirs = await seatCount(page, seat);
  await target.click();
  const gives = page.locator('[data-testid=give-picker]');
  await gives.waitFor({ timeout: 5000 });
  const offered = await gives.locator('button[data-testid^=give-]').count();
  assert(offered >= 1, 'cards to give are offered');
  // Offered left to right in the order the hand shows them (in Persian too).
  const leftToRight = (loc, attr) =>
    loc.evaluateAll(
      (els, attr) =>
        els
          .map((e) => [e.getBoundingClientRect().left, e.getAttribute(attr).replace('give-', '')])
          .sort((x, y) => x[0] - y[0])
          .map((x) => x[1]),
      attr,
    );
  const offeredOrder = await leftToRight(gives.locator('button[data-testid^=give-]'), 'data-testid');
  const handOrder = (await leftToRight(page.locator('[data-testid=hand] button[data-card]'), 'data-card')).filter(
    (c, i, all) => offeredOrder.includes(c) && all.indexOf(c) === i,
  );
  assert(
    offeredOrder.join(' ') === handOrder.join(' '),
    `the cards to give in the hand's order (${offeredOrder.join(' ')}; the hand ${handOrder.join(' ')})`,
  );
  const gift = gives.locator('button[data-testid^=give-]').first();
  const card = (await gift.getAttribute('data-testid')).replace('give-', '');
  const copies = await page.locator(`[data-testid=hand] button[data-card="${card}"]`).count();
  // The counts from now on: the bots play on at once, so each may be seen only for a moment.
  await watchValues(page, 'mine', () => document.querySelectorAll('[data-testid=hand] button[data-card]').length);
  await watchValues(page, 'theirs', (seat) => Number(document.querySelector(`.seat[data-seat="${seat}"]`)?.dataset.count), seat);
  await gift.click();
  // The 2 and the gift leave your hand; the named player holds one more.
  await waitSeenValue(page, 'mine', count - 2);
  await waitSeenValue(page, 'theirs', theirs + 1);
  const left = await page.locator(`[data-testid=hand] button[data-card="${card}"]`).count();
  const expected = copies - 1 - (card === played ? 1 : 0);
  assert(left === expected, `one ${card} fewer in your hand (${copies} → ${left})`);
  console.log(`    gave ${card} to seat ${seat} with ${played}`);
}

/** Checks the hand result against the scoreboard for `n` seats; returns the rows. */
async function checkResult(page, n, assert, firstHand) {
  const result = page.locator('[data-testid=hand-result]');
  await result.waitFor({ timeout: 10000 });
  const winner = await result.getAttribute('data-winner');
  const rows = await checkResultRows(page, n, assert, async ({ row, total, points, cards }, i) => {
    assert(readNumber(await row.locator('.result-total').textContent()) === total, `seat ${i}: the row shows its total`);
    assert(readNumber(await row.locator('.result-points').textContent()) === points, `seat ${i}: the row shows its points`);
    assert((await row.locator('.result-cards [data-card]').count()) === cards, `seat ${i}: its cards are shown (D-8)`);
    if (firstHand) assert(total === points, `seat ${i}: first hand total = points`);
    if (String(i) === winner) assert(cards === 0 && points === 0, 'the winner holds no card and scores nothing');
    else if (winner !== '') assert(cards > 0 && points > 0, `seat ${i} holds cards that cost points (HX-12)`);
  });
  return { winner, rows };
}

export const tests = [
  {
    name: 'haft khabis: both names, a whole hand against bots, result matches the scoreboard',
    viewport: 'desktop',
    timeout: 300000,
    run: async ({ page, url, assert }) => {
      const table = await startFromHome(page, url, assert, 'haft-khabis', 'Haft Khabis', async (entry) => {
        const text = await entry.textContent();
        assert(text.includes('هفت خبیث') && text.includes('هفت کثیف'), `both names on the home page (${text})`);
      });
      await page.locator('[data-testid=discard-top]').waitFor({ timeout: 5000 });
      const stats = await playHand(page, table, assert, 280000);
      console.log('    haft khabis hand:', JSON.stringify(stats));
      await page.locator('[data-testid=hand-result]').waitFor({ timeout: 10000 });
      await checkResultRows(page, 4, assert, ({ total, points }, i) => {
        assert(total === points, `seat ${i}: first hand total = points`);
      });
    },
  },
  {
    name: 'haft khabis: seven players (two decks) to the end of a hand, the scores shown',
    viewport: 'desktop',
    timeout: 420000,
    run: async ({ page, url, assert }) => {
      // Setup offers two to seven players (HX-1); seven seats, you and six bots.
      await checkPlayersOffered(page, url, assert, 'haft-khabis', '2,3,4,5,6,7', 'two to seven');
      await page.locator('[data-testid=opt-players]').selectOption('7');
      assert((await page.locator('[data-testid^=seat-kind-]').count()) === 7, 'seven seats to fill');
      await page.locator('[data-testid=start]').click();
      await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
      assert(/seats=ybbbbbb(&|$)/.test(page.url()), `the link seats you and six bots (${page.url()})`);
      // The hand itself at a fixed seed.
      await page.goto(`${url}#/haft-khabis?seed=7&seats=ybbbbbb&bots=eeeeee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      const seats = page.locator('.seat[data-seat]');
      assert((await seats.count()) === 7, 'seven seats around the table');
      const places = new Set(await seats.evaluateAll((els) => els.map((e) => e.dataset.testid)));
      assert(places.size === 7, `seven different places (${[...places]})`);
      assert((await page.locator('[data-testid^=total-]').count()) === 7, 'seven totals in the top bar');
      const stats = await playHand(page, table, assert, 400000);
      console.log('    haft khabis, 7 players:', JSON.stringify(stats));
      assert(stats.cards > 0, 'you played');
      await checkResult(page, 7, assert, true);
    },
  },
  {
    name: 'haft khabis: a 2 gives a card (player and card picked), one hand to the final standings',
    viewport: 'desktop',
    timeout: 300000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/haft-khabis?seed=7&seats=ybbb&bots=eee&two=1&end=2&hands=1`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      const stats = await playHand(page, table, assert, 280000, { give: true });
      console.log('    haft khabis, give a card:', JSON.stringify(stats));
      assert(stats.given >= 1, 'a 2 gave a card');
      assert((await table.getAttribute('data-phase')) === 'match_over', 'one hand ends the game (HX-13)');
      const { rows } = await checkResult(page, 4, assert, true);
      // The final standings: the lowest total wins (HX-13).
      const low = Math.min(...rows.map((r) => r.total));
      const best = rows.map((r, i) => (r.total === low ? String(i) : null)).filter((x) => x !== null);
      const result = page.locator('[data-testid=match-result]');
      assert(await result.isVisible(), 'the winner is announced');
      assert((await result.getAttribute('data-winner')) === best.join(' '), `the lowest total wins (${best})`);
      assert(await page.locator('[data-testid=new-match]').isVisible(), 'a new match is offered');
      assert(!(await page.locator('[data-testid=next-hand]').isVisible()), 'no next hand after the last');
    },
  },
  {
    name: 'haft khabis: a drawn card that fits may be kept, with a visible button (HX-2)',
    viewport: 'phone',
    timeout: 120000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/haft-khabis?seed=${KEEP_SEED}&seats=yb&bots=e&keep_drawn=1`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      const stats = await playHand(page, table, assert, 110000, { keep: 'stop' });
      console.log('    haft khabis, keep a drawn card:', JSON.stringify(stats));
      assert(stats.kept === 1, 'a drawn card that fits was kept');
    },
  },
  {
    name: 'haft khabis: a player knocked out is told why and may watch the rest or start anew (HX-13)',
    viewport: 'desktop',
    timeout: 240000,
    run: async ({ page, url, assert }) => {
      // Elimination: after each hand the highest total is out.
      await page.goto(`${url}#/haft-khabis?seed=${OUT_SEED}&seats=ybb&bots=ee&end=3`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      const stats = await playHand(page, table, assert, 220000);
      console.log('    haft khabis, knocked out:', JSON.stringify(stats));
      const out = page.locator('[data-testid=you-out]');
      await out.waitFor({ timeout: 10000 });
      const text = await out.textContent();
      assert(text.includes('بیرون') && text.includes('بیشترین'), `the player is told they are out and why: «${text}»`);
      const watch = page.locator('[data-testid=next-hand]');
      assert((await watch.textContent()).includes('تماشا'), 'the next button watches the others play on');
      assert(await page.locator('[data-testid=new-match]').isVisible(), 'a new match is offered beside it');
      // The table from now on: the two bots may play the next hand to its end at once.
      await watchValues(page, 'table', () =>
        JSON.stringify({
          phase: document.querySelector('[data-testid=table]')?.dataset.phase,
          result: !!document.querySelector('[data-testid=hand-result]'),
          status: document.querySelector('[data-testid=status]')?.textContent ?? '',
          cards: document.querySelectorAll('[data-testid=hand] button[data-card]').length,
        }),
      );
      await watch.click();
      await page.waitForFunction(() => window.__watch.table.values.some((v) => JSON.parse(v).phase === 'playing'), null, {
        timeout: 10000,
      });
      const states = (await seenValues(page, 'table')).map((v) => JSON.parse(v));
      const playing = states.filter((st) => st.phase === 'playing');
      assert(playing.length > 0 && playing.every((st) => !st.result), `the others play on (${JSON.stringify(states)})`);
      assert(playing.every((st) => st.status.includes('تماشا')), 'the status says you are watching');
      assert(playing.every((st) => st.cards === 0), 'no cards to play while out');
    },
  },
  {
    name: 'haft khabis: a forgotten last card costs a card, announced',
    viewport: 'phone',
    timeout: 300000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/haft-khabis?seed=6&seats=ybb&bots=ee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      const stats = await playHand(page, table, assert, 280000, { forget: true });
      console.log('    haft khabis, forgotten declaration:', JSON.stringify(stats));
      assert(stats.forgot === 1, 'the declaration was forgotten once and the penalty seen');
    },
  },
  {
    name: 'haft khabis: a match of one hand says "1 hand" in English, of two "2 hands" (HX-13)',
    viewport: 'phone',
    run: async ({ page, url, assert }) => {
      await page.addInitScript(() => localStorage.setItem('cards.lang', 'en'));
      for (const [hands, words] of [[1, '1 hand'], [2, '2 hands']]) {
        await page.goto(`${url}#/haft-khabis?seed=6&seats=ybbb&bots=eee&end=2&hands=${hands}`, { waitUntil: 'load' });
        const mode = page.locator('[data-testid=end-mode]');
        await mode.waitFor({ timeout: 15000 });
        const shown = (await mode.textContent()).trim();
        assert(shown === words, `the top bar says "${words}" (says "${shown}")`);
      }
    },
  },
];

