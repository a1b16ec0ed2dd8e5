// The hard bots (issue 12): setup offers hard or easy per bot seat; a hard bot thinks in a
// Web Worker while the table keeps animating (no long gap between animation frames, and
// the thinking marker's CSS animation runs on), its move arrives, and the hint offers a
// legal choice. Also prints the time per hard move (from "choose" posted to the worker
// to its answer, measured in the page): `node tests/e2e/run.mjs --dist dist hard`.

import { tableState } from '../lib.mjs';

// Wraps the page's Worker to time every choice it is asked (a test harness only).
export const TIME_WORKER = () => {
  window.cardsHardTimes = [];
  const W = window.Worker;
  window.Worker = class extends W {
    constructor(...args) {
      super(...args);
      this.asked = new Map();
      this.addEventListener('message', (e) => {
        try {
          const m = JSON.parse(e.data);
          const key = `${m.seat}:${m.step}`;
          if (this.asked.has(key)) {
            window.cardsHardTimes.push({ seat: m.seat, from: this.asked.get(key), to: performance.now(), ms: performance.now() - this.asked.get(key), action: m.action });
            this.asked.delete(key);
          }
        } catch (_) {
          // Not JSON: not ours.
        }
      });
    }
    postMessage(m, ...rest) {
      try {
        const j = JSON.parse(m);
        if (j.t === 'choose') this.asked.set(`${j.seat}:${j.step}`, performance.now());
      } catch (_) {
        // Not JSON: not ours.
      }
      return super.postMessage(m, ...rest);
    }
  };
  // The longest gap between animation frames while a hard bot thinks.
  window.cardsFrames = { gap: 0, frames: 0, thinkingFrames: 0, times: [] };
  let last = 0;
  const tick = (t) => {
    window.cardsFrames.times.push(t);
    const thinking = document.querySelector('main[data-thinking]') !== null;
    if (last && thinking) {
      window.cardsFrames.gap = Math.max(window.cardsFrames.gap, t - last);
      window.cardsFrames.thinkingFrames++;
    }
    window.cardsFrames.frames++;
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

// Plays your turns (the hint's card if it names one, else the first playable card, else
// draw or pass) until `hardMoves` hard moves were timed; checks each hint is legal.
export async function playWithHints({ page, assert, hardMoves, deadlineMs }) {
  const table = page.locator('[data-testid=table]');
  const end = Date.now() + deadlineMs;
  let hints = 0;
  let sawThinking = false;
  // How far the thinking marker's animation moved in each window watched (one per hard move
  // seen thinking, at most ANIMATION_SAMPLES).
  const animationProgress = [];
  let sampledMove = -1;
  while ((await page.evaluate(() => window.cardsHardTimes.length)) < hardMoves) {
    const moves = await page.evaluate(() => window.cardsHardTimes.length);
    assert(Date.now() < end, `${hardMoves} hard moves in time (got ${moves})`);
    const thinking = await table.getAttribute('data-thinking');
    if (thinking !== null && sampledMove !== moves && animationProgress.length < ANIMATION_SAMPLES) {
      sawThinking = true;
      sampledMove = moves;
      // The thinking marker's CSS animation moves on while the bot thinks.
      const progress = await page.evaluate(async (WINDOW_MS) => {
        const anim = () => document.getAnimations().find((a) => a.animationName === 'thinking');
        const a = anim();
        if (!a) return null;
        // A CSS animation just begun is pending until the page draws its first frame, its
        // time held at 0 meanwhile: measure from when it runs (a pending start on a busy
        // machine read as ~100 ms in 250 ms). Cancelled meanwhile: look again later.
        try {
          await a.ready;
        } catch {
          return null;
        }
        const t0 = a.currentTime;
        await new Promise((r) => setTimeout(r, WINDOW_MS));
        // The same animation, still running (the bot may have answered meanwhile and
        // another begun thinking, with an animation of its own: then look again).
        return a.playState === 'running' && document.getAnimations().includes(a) ? a.currentTime - t0 : null;
      }, ANIMATION_WINDOW_MS);
      if (progress !== null) animationProgress.push(progress);
      continue;
    }
    const { turn, bottom, busy } = await tableState(table);
    if (turn !== bottom || busy === 'true') {
      await page.waitForTimeout(80);
      continue;
    }
    const button = page.locator('[data-testid=hint-button]');
    if (hints < 3 && (await button.count()) > 0) {
      await button.click();
      const text = page.locator('[data-testid=hint-text]');
      await text.waitFor({ timeout: 15000 });
      const card = await text.getAttribute('data-card');
      if (card) {
        const legal = await page.locator(`[data-testid=hand] button.playable[data-card="${card}"]`).count();
        assert(legal > 0, `the hint's card ${card} is playable`);
      }
      assert((await text.textContent()).trim().length > 0, 'the hint says something');
      hints++;
      if (card) {
        await page.locator(`[data-testid=hand] button.playable[data-card="${card}"]`).first().click();
        await page.waitForTimeout(200);
        continue;
      }
    }
    const playable = page.locator('[data-testid=hand] button.playable[data-card]');
    if ((await playable.count()) > 0) await playable.first().click();
    else {
      const other = page.locator('[data-testid=draw], [data-testid=pass]');
      if ((await other.count()) > 0) await other.first().click();
    }
    const picker = page.locator('[data-testid=suit-picker]');
    if (await picker.isVisible().catch(() => false)) await picker.locator('button[data-testid^=suit-]').first().click();
    await page.waitForTimeout(150);
  }
  return { hints, sawThinking, animationProgress };
}

/**
 * How long the thinking animation is watched (wall time). A Crazy Eights hard move takes
 * about 240-320 ms on this machine since the shared shedding sampler: a window of 250 ms
 * opened after the thinking was seen outlasted most moves, and the measure came back empty.
 */
const ANIMATION_WINDOW_MS = 120;

/**
 * How many hard moves' thinking animations are watched. One window alone failed once when
 * the machine was loaded (load average 11 on 2 cores: 17 ms of animation in 120 ms, the page
 * not drawn meanwhile), as the frame-gap check below once did with its single longest gap:
 * so, as that check does, the test asks that most windows show the animation moving. How many
 * windows there are depends on the moves: a window the bot's answer cut short is not counted
 * (its animation ended), and on a loaded machine only 2 of 12 moves once gave one, so at
 * least one window is asked for, not three.
 */
const ANIMATION_SAMPLES = 5;

export const tests = [
  {
    name: 'setup offers a hard and an easy bot per seat where the game has a hard bot, and keeps the choice in the link',
    timeout: 60000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/crazy-eights/setup`, { waitUntil: 'load' });
      const seat = page.locator('[data-testid=seat-kind-1]');
      await seat.waitFor({ timeout: 15000 });
      const values = await seat.locator('option').evaluateAll((os) => os.map((o) => o.value));
      assert(JSON.stringify(values) === JSON.stringify(['you', 'person', 'bot', 'bot-easy']), `options ${values}`);
      assert((await seat.inputValue()) === 'bot', 'hard is the default');
      await page.locator('[data-testid=seat-kind-2]').selectOption('bot-easy');
      await page.locator('[data-testid=start]').click();
      await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
      assert(/[?&]bots=heh(&|$)/.test(page.url()), `the link keeps seat 2 easy (${page.url()})`);
      // Hokm's setup offers its bots too.
      await page.goto(`${url}#/hokm/setup`, { waitUntil: 'load' });
      const hokm = page.locator('[data-testid=seat-kind-1]');
      await hokm.waitFor({ timeout: 15000 });
      const hv = await hokm.locator('option').evaluateAll((os) => os.map((o) => o.value));
      assert(hv.includes('bot'), `Hokm offers a bot (${hv})`);
    },
  },
  {
    name: 'a hard bot thinks in its worker: the table keeps animating, its move arrives, the hint offers a legal card',
    timeout: 240000,
    // Its subject includes the thinking shown while a bot's delay runs: the fast speed.
    speed: 'fast',
    run: async ({ page, url, assert }) => {
      await page.addInitScript(TIME_WORKER);
      await page.goto(`${url}#/crazy-eights?seed=5&seats=ybb&countdown=1`, { waitUntil: 'load' });
      await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
      const { hints, sawThinking, animationProgress } = await playWithHints({ page, assert, hardMoves: 12, deadlineMs: 200000 });
      assert(hints >= 1, 'the hint was offered on your turn');
      assert(sawThinking, 'a hard bot was shown thinking');
      const ran = animationProgress.filter((ms) => ms > 0.4 * ANIMATION_WINDOW_MS).length;
      assert(
        animationProgress.length >= 1 && ran * 2 > animationProgress.length,
        `the thinking animation ran on in most windows watched (${animationProgress.map((ms) => Math.round(ms)).join(', ')} ms, each in ${ANIMATION_WINDOW_MS} ms)`,
      );
      const frames = await page.evaluate(() => window.cardsFrames);
      assert(frames.thinkingFrames > 10, `frames kept coming while bots thought (${frames.thinkingFrames})`);
      const times = await page.evaluate(() => window.cardsHardTimes);
      assert(times.every((t) => t.action !== null), 'every hard choice came with an action');
      const ms = times.map((t) => t.ms);
      // A search on the page's own thread would stop the frames for the whole of every
      // move; in the worker, frames go on. A busy machine may stall the page once for a few
      // hundred ms, as long as a short move: so count the moves during which the frames
      // stopped for most of the move (four fifths of it, and 100 ms or more), and require
      // that most moves had no such stall.
      const stalled = times.filter((t) => {
        const during = frames.times.filter((f) => f >= t.from && f <= t.to);
        const marks = [t.from, ...during, t.to];
        let gap = 0;
        for (let i = 1; i < marks.length; i++) gap = Math.max(gap, marks[i] - marks[i - 1]);
        return gap >= 100 && gap >= 0.8 * t.ms;
      }).length;
      const longest = Math.max(...ms);
      assert(
        stalled * 2 < times.length,
        `frames went on during most hard moves (${stalled} of ${times.length} stalled; longest gap ${Math.round(frames.gap)} ms, longest move ${Math.round(longest)} ms)`,
      );
      console.log(`  crazy-eights hard moves in the worker: n=${ms.length} p50=${Math.round(pct(ms, 50))} ms p95=${Math.round(pct(ms, 95))} ms max=${Math.round(Math.max(...ms))} ms; longest frame gap while thinking ${Math.round(frames.gap)} ms; thinking animation ${animationProgress.map((ms) => Math.round(ms)).join(', ')} ms in windows of ${ANIMATION_WINDOW_MS} ms`);
    },
  },
];
