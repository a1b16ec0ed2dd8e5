// Hokm through the UI, as a person plays it: set up a table with three bots, name trump
// when you are hakem, play legal cards by clicking them until the hand ends, and check the
// result shown. Bots keep their real delays (about 0.7 s a card), so these tests are slow.

import { tableState } from '../lib.mjs';

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** The number in a text written with Persian or Latin digits. */
export function readNumber(text) {
  const latin = [...(text || '')]
    .map((ch) => {
      const i = PERSIAN_DIGITS.indexOf(ch);
      return i >= 0 ? String(i) : ch;
    })
    .join('');
  const m = latin.match(/\d+/);
  return m ? Number(m[0]) : NaN;
}

/** From the home page to a table with you in seat 0 and bots in the other seats. */
async function startAgainstBots(page, url, assert) {
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('[data-testid=game-hokm]').click();
  await page.locator('[data-testid=start]').waitFor({ timeout: 15000 });
  assert((await page.inputValue('[data-testid=seat-kind-0]')) === 'you', 'seat 0 is you by default');
  for (const i of [1, 2, 3]) {
    assert((await page.inputValue(`[data-testid=seat-kind-${i}]`)) === 'bot', `seat ${i} is a bot by default`);
  }
  await page.locator('[data-testid=start]').click();
  const table = page.locator('[data-testid=table]');
  await table.waitFor({ timeout: 15000 });
  return table;
}

/**
 * Plays until the hand is over: closes the hakem-draw panel, names trump when you are hakem,
 * clicks the first playable card on your turn. Returns what it did.
 */
export async function playHand(page, table, assert, deadlineMs) {
  const stats = { trumps: 0, cards: 0, illegalTried: false, discarded: 0, kept: 0, tookNext: 0 };
  const end = Date.now() + deadlineMs;
  for (;;) {
    assert(Date.now() < end, 'the hand ended in time');
    const { phase, turn, bottom, busy } = await tableState(table);
    if (phase === 'hand_over' || phase === 'match_over') return stats;
    const drawOk = page.locator('[data-testid=draw-ok]');
    if (await drawOk.isVisible()) {
      await drawOk.click();
      continue;
    }
    if (phase === 'discarding' && (await page.locator('[data-testid=discard-panel]').isVisible())) {
      // HK-13: choose the lowest cards and discard them face down together.
      const panel = page.locator('[data-testid=discard-panel]');
      const count = Number(await panel.getAttribute('data-count'));
      const confirm = page.locator('[data-testid=discard-confirm]');
      assert(await confirm.isDisabled(), 'nothing is discarded before the cards are chosen');
      const hand = page.locator('[data-testid=hand]');
      const before = await hand.locator('button[data-card]').count();
      for (let i = 0; i < count; i++) await hand.locator('button[data-card]').nth(i).click();
      await confirm.click();
      await panel.waitFor({ state: 'detached', timeout: 5000 });
      assert((await hand.locator('button[data-card]').count()) === before - count, `${count} cards left the hand`);
      stats.discarded += count;
      continue;
    }
    if (phase === 'drawing' && (await page.locator('[data-testid=stock-panel]').isVisible())) {
      // HK-13: the top card is shown to the drawer only; keep it if it is an ace, king,
      // queen or jack, else take the next.
      const card = await page.locator('[data-testid=drawn]').getAttribute('data-card');
      const hand = page.locator('[data-testid=hand]');
      const before = await hand.locator('button[data-card]').count();
      if (/^[AKQJ]/.test(card)) {
        await page.locator('[data-testid=keep]').click();
        await hand.locator(`button[data-card="${card}"]`).waitFor({ timeout: 5000 });
        stats.kept++;
      } else {
        await page.locator('[data-testid=take-next]').click();
        stats.tookNext++;
      }
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid=hand] button[data-card]').length === n,
        before + 1,
        { timeout: 5000 },
      );
      if (!/^[AKQJ]/.test(card)) {
        assert((await hand.locator(`button[data-card="${card}"]`).count()) === 0, 'a card passed over is not kept');
      }
      continue;
    }
    if (turn === bottom && busy !== 'true') {
      if (phase === 'choosing_trump') {
        const picker = page.locator('[data-testid=trump-picker]');
        await picker.waitFor({ timeout: 5000 });
        // Name the suit we hold most of among our five cards.
        const cards = await page.locator('[data-testid=hand] button[data-card]').evaluateAll((bs) =>
          bs.map((b) => b.dataset.card.slice(-1)),
        );
        assert(cards.length === 5, `the hakem names trump from five cards (has ${cards.length})`);
        const best = ['C', 'D', 'H', 'S'].sort(
          (a, b) => cards.filter((c) => c === b).length - cards.filter((c) => c === a).length,
        )[0];
        await picker.locator(`button[data-trump=${best}]`).click();
        stats.trumps++;
        await page.locator('[data-testid=trump]').and(page.locator(`[data-trump=${best}]`)).waitFor({ timeout: 5000 });
      } else if (phase === 'playing') {
        const hand = page.locator('[data-testid=hand]');
        const before = await hand.locator('button[data-card]').count();
        const dimmed = hand.locator('button[data-card][aria-disabled=true]');
        if (!stats.illegalTried && (await dimmed.count()) > 0) {
          // A card that may not be played is refused with a reason (HK-6).
          await dimmed.first().click({ force: true });
          const error = page.locator('[data-testid=error]');
          await error.waitFor({ timeout: 5000 });
          assert((await error.getAttribute('data-code')) === 'must_follow_suit', 'the refusal names HK-6');
          assert((await hand.locator('button[data-card]').count()) === before, 'the refused card stays in hand');
          stats.illegalTried = true;
        }
        const card = hand.locator('button.playable[data-card]').first();
        const name = await card.getAttribute('data-card');
        await card.click();
        await hand.locator(`button[data-card="${name}"]`).waitFor({ state: 'detached', timeout: 5000 });
        stats.cards++;
      }
    }
    await page.waitForTimeout(100);
  }
}

export const tests = [
  {
    name: 'plays a whole hand against three bots and shows the result',
    viewport: 'desktop',
    timeout: 150000,
    run: async ({ page, url, assert }) => {
      // A shared table link: seed 2 makes seat 0 (you) the first hakem (HK-2), so the hand
      // starts with your trump choice (`cards replay` of {"game":"hokm","seed":2} agrees).
      await page.goto(`${url}#/hokm?seed=2&seats=ybbb&bots=eee`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      assert((await table.getAttribute('data-bottom')) === '0', 'you sit at the bottom');
      const stats = await playHand(page, table, assert, 140000);
      assert(stats.trumps === 1, `you named trump as hakem (${stats.trumps})`);
      assert(stats.cards >= 4, `you played at least four cards (played ${stats.cards})`);

      const result = page.locator('[data-testid=hand-result]');
      await result.waitFor({ timeout: 10000 });
      const winner = Number(await result.getAttribute('data-winner'));
      const points = Number(await result.getAttribute('data-points'));
      assert(winner === 0 || winner === 1, `a side won (${winner})`);
      assert([1, 2, 3].includes(points), `1, 2 or 3 points (HK-8), got ${points}`);
      const tricks = readNumber(await page.locator(`[data-testid=tricks-${winner}]`).textContent());
      assert(tricks === 7, `the winners show seven tricks (HK-7), got ${tricks}`);
      const loserTricks = readNumber(await page.locator(`[data-testid=tricks-${1 - winner}]`).textContent());
      assert((loserTricks === 0) === (points > 1), `kot exactly when the losers took no trick (${loserTricks}, ${points})`);
      // HK-8: a one-point hand says why (no kot).
      assert((await page.locator('[data-testid=points-why]').count()) === (points === 1 ? 1 : 0), 'a one-point hand explains itself');
      const score = readNumber(await page.locator(`[data-testid=score-${winner}]`).textContent());
      assert(score === points, `the match score shows the hand's points (${score} vs ${points})`);
      const other = readNumber(await page.locator(`[data-testid=score-${1 - winner}]`).textContent());
      assert(other === 0, `the losers have no point (${other})`);

      await page.locator('[data-testid=next-hand]').click();
      await result.waitFor({ state: 'detached', timeout: 10000 });
      const phase = await table.getAttribute('data-phase');
      assert(phase === 'choosing_trump', `the next hand starts with the trump choice (${phase})`);
      const count = await page.locator('[data-testid=seat-top]').getAttribute('data-count');
      assert(count === '5', `everyone holds five cards again (top seat: ${count})`);
    },
  },
  {
    name: 'two players (HK-13): discards, the stock turns, then a whole hand',
    viewport: 'phone',
    timeout: 180000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/hokm/setup`, { waitUntil: 'load' });
      await page.locator('[data-testid=opt-players]').selectOption('2');
      assert((await page.locator('[data-testid=opt-second-ace]').count()) === 0, 'no second-ace partners for two');
      assert((await page.locator('[data-testid=seat-kind-2]').count()) === 0, 'two seats');
      await page.locator('[data-testid=start]').click();
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      assert((await page.locator('[data-testid=seat-top]').count()) === 1, 'the opponent sits opposite');
      assert((await page.locator('[data-testid=seat-left], [data-testid=seat-right]').count()) === 0, 'no side seats');
      const stats = await playHand(page, table, assert, 170000);
      const hakem = await page.locator('[data-testid^=seat-] [data-testid=hakem-crown]').count();
      assert(hakem === 1, `one hakem at the table (${hakem})`);
      assert(stats.discarded === 2 || stats.discarded === 3, `you discarded 2 or 3 cards (${stats.discarded})`);
      const turns = stats.kept + stats.tookNext;
      assert(turns === 10 || turns === 11, `you took 10 or 11 turns at the stock (${turns})`);
      assert(stats.cards >= 1, 'you played cards');
      const result = page.locator('[data-testid=hand-result]');
      await result.waitFor({ timeout: 10000 });
      const winner = Number(await result.getAttribute('data-winner'));
      const tricks = readNumber(await page.locator(`[data-testid=tricks-${winner}]`).textContent());
      assert(tricks === 7, `the winner shows seven tricks (HK-13 → HK-7), got ${tricks}`);
      const score = readNumber(await page.locator(`[data-testid=score-${winner}]`).textContent());
      assert(score === Number(await result.getAttribute('data-points')), 'the score shows the hand points');
    },
  },
  {
    name: 'switches to English and back to Persian',
    viewport: 'phone',
    timeout: 60000,
    run: async ({ page, url, assert }) => {
      await page.goto(url, { waitUntil: 'load' });
      const html = page.locator('html');
      await page.locator('[data-testid=game-hokm]').waitFor({ timeout: 15000 });
      assert((await html.getAttribute('lang')) === 'fa', 'Persian by default');
      assert((await html.getAttribute('dir')) === 'rtl', 'right to left');
      assert((await page.locator('[data-testid=game-hokm]').textContent()).includes('حکم'), 'Hokm in Persian');

      await page.locator('[data-testid=lang-toggle]').click();
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      assert((await html.getAttribute('dir')) === 'ltr', 'left to right in English');
      assert((await page.locator('[data-testid=game-hokm]').textContent()).includes('Hokm'), 'Hokm in English');

      // At the table, cards are named in the current language.
      await startAgainstBots(page, url + '#/', assert);
      const card = page.locator('[data-testid=hand] button[data-card]').first();
      await card.waitFor({ timeout: 15000 });
      const en = await card.getAttribute('aria-label');
      assert(/ of (clubs|diamonds|hearts|spades)/.test(en), `English card label: ${en}`);

      await page.locator('[data-testid=lang-toggle]').click();
      await page.waitForFunction(() => document.documentElement.lang === 'fa');
      assert((await html.getAttribute('dir')) === 'rtl', 'back to right to left');
      const fa = await card.getAttribute('aria-label');
      assert(/(خاج|خشت|دل|پیک)/.test(fa), `Persian card label: ${fa}`);

      // The choice is remembered.
      await page.reload({ waitUntil: 'load' });
      await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
      assert((await html.getAttribute('lang')) === 'fa', 'still Persian after a reload');
    },
  },
  {
    name: 'a reload resumes the game in progress; a corrupt save is discarded with a notice',
    viewport: 'desktop',
    timeout: 90000,
    run: async ({ page, url, assert }) => {
      const table = await startAgainstBots(page, url, assert);
      // Wait until the hand is in play and a few cards are down.
      await page.waitForFunction(
        () => {
          const t = document.querySelector('[data-testid=table]');
          if (!t) return false;
          const ok = document.querySelector('[data-testid=draw-ok]');
          if (ok) ok.click();
          const picker = document.querySelector('[data-testid=trump-picker] button[data-trump]');
          if (picker) picker.click();
          return t.dataset.phase === 'playing';
        },
        null,
        { timeout: 30000, polling: 200 },
      );
      const handBefore = await page
        .locator('[data-testid=hand] button[data-card]')
        .evaluateAll((bs) => bs.map((b) => b.dataset.card).join(' '));
      const trumpBefore = await page.locator('[data-testid=trump]').getAttribute('data-trump');
      const hashBefore = await page.evaluate(() => location.hash);
      await page.reload({ waitUntil: 'load' });
      await table.waitFor({ timeout: 15000 });
      assert((await page.evaluate(() => location.hash)) === hashBefore, 'same table link');
      assert((await page.locator('[data-testid=trump]').getAttribute('data-trump')) === trumpBefore, 'same trump');
      const handAfter = await page
        .locator('[data-testid=hand] button[data-card]')
        .evaluateAll((bs) => bs.map((b) => b.dataset.card).join(' '));
      // Bots may have played on since; our own hand only changes when we play.
      assert(handAfter === handBefore, `same hand after reload:\n  ${handBefore}\n  ${handAfter}`);

      // The home page (another document, without any game's code) offers to continue it,
      // and its link leads back to the same table on the game's own page.
      await page.goto(url + '#/', { waitUntil: 'load' });
      const cont = page.locator('[data-testid=continue][data-game=hokm]');
      await cont.waitFor({ timeout: 15000 });
      await cont.click();
      await table.waitFor({ timeout: 15000 });
      assert((await page.evaluate(() => location.hash)) === hashBefore, 'continue opens the same table');
      const handResumed = await page
        .locator('[data-testid=hand] button[data-card]')
        .evaluateAll((bs) => bs.map((b) => b.dataset.card).join(' '));
      assert(handResumed === handBefore, `same hand after continue:\n  ${handBefore}\n  ${handResumed}`);

      // A corrupt save: discarded with a notice, the home page still works.
      await page.evaluate(() => localStorage.setItem('cards.save.v2.hokm', '{"version":2,"log":[[9,"nonsense"]]'));
      // The home page is its own document (index.html), so going there loads it afresh.
      assert(new URL(page.url()).pathname.endsWith('/hokm.html'), `the table is on hokm.html: ${page.url()}`);
      await page.goto(url + '#/', { waitUntil: 'load' });
      await page.locator('[data-testid=game-hokm]').waitFor({ timeout: 15000 });
      const notice = page.locator('[data-testid=notice][data-notice=restore_failed]');
      await notice.waitFor({ timeout: 10000 });
      assert((await page.locator('[data-testid=continue]').count()) === 0, 'nothing to continue');
    },
  },
];
