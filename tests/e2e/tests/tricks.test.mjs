// Each card of a trick stays in its player's slot from the moment it is played until the
// trick is gathered (Hokm, Shelem, Bidel). Every trick card's element is followed through
// whole tricks: it must never change card, seat or slot (an element reused for another card
// slides across the table), and on every animation frame it must be drawn on its player's
// side of the centre, the side where that player's seat sits.

import { tableState } from '../lib.mjs';

/** Installed before the app starts: watches every `.trick-card` and notes each fault. */
function watchTrickCards() {
  window.__trickFaults = [];
  window.__trickCards = 0;
  const slot = (el) => [...el.classList].find((c) => c.startsWith('at-')) || '';
  const note = (el, what) => {
    if (window.__trickFaults.length < 20) window.__trickFaults.push(`${el.dataset.card}@${el.dataset.seat}: ${what}`);
  };
  const first = new WeakMap();
  const check = () => {
    for (const el of document.querySelectorAll('.trick-card')) {
      const now = { card: el.dataset.card, seat: el.dataset.seat, slot: slot(el) };
      const was = first.get(el);
      if (!was) {
        first.set(el, now);
        window.__trickCards++;
      } else if (was.card !== now.card || was.seat !== now.seat || was.slot !== now.slot) {
        note(el, `element reused: was ${was.card}@${was.seat} ${was.slot}, now ${now.slot}`);
      }
      // The slot is the side of the player's seat.
      const plate = document.querySelector(`.seat[data-seat="${now.seat}"]`);
      const side = plate && plate.dataset.testid.replace('seat-', 'at-');
      if (side && side !== now.slot) note(el, `in slot ${now.slot}, its seat is drawn ${side}`);
      // Drawn on that side of the centre, unless it is being gathered to the winner.
      const trick = el.closest('.trick');
      if (trick.classList.contains('collect')) continue;
      const t = trick.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      const dx = r.left + r.width / 2 - (t.left + t.width / 2);
      const dy = r.top + r.height / 2 - (t.top + t.height / 2);
      const m = r.width * 0.25;
      const ok = { 'at-left': dx < -m, 'at-right': dx > m, 'at-top': dy < -m, 'at-bottom': dy > m }[now.slot];
      if (!ok) note(el, `drawn at (${Math.round(dx)}, ${Math.round(dy)}) from the centre, not ${now.slot}`);
    }
  };
  const frame = () => {
    check();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

/**
 * Plays as the person until `tricks` tricks have been gathered (counted by the tricks the
 * watcher saw come and go): passes in an auction, names the first trump offered, passes the
 * first three cards, and plays the first playable card.
 */
async function playTricks(page, table, assert, tricks, deadlineMs) {
  const end = Date.now() + deadlineMs;
  const hand = page.locator('[data-testid=hand]');
  let gathered = 0;
  let wasFull = false;
  for (;;) {
    assert(Date.now() < end, `${tricks} tricks in time (${gathered} seen)`);
    const full = (await page.locator('.trick.collect').count()) > 0;
    if (wasFull && !full) gathered++;
    wasFull = full;
    if (gathered >= tricks) return;
    const draw = page.locator('[data-testid=draw-ok]');
    if (await draw.isVisible()) await draw.click();
    const { phase, turn, bottom, busy } = await tableState(table);
    assert(phase !== 'hand_over' && phase !== 'match_over', 'the hand lasts the tricks watched');
    if (phase === 'passing' && (await page.locator('[data-testid=pass-panel]').isVisible())) {
      for (let i = 0; i < 3; i++) await hand.locator('button[data-card]:not(.selected)').first().click();
      await page.locator('[data-testid=pass-confirm]').click();
    } else if (turn === bottom && busy !== 'true') {
      if (await page.locator('[data-testid=bid-pass]').isVisible()) await page.locator('[data-testid=bid-pass]').click();
      else if (await page.locator('[data-testid=trump-picker]').isVisible()) {
        await page.locator('[data-testid=trump-picker] button[data-trump]').first().click();
      } else if (await page.locator('[data-testid=discard-confirm]').isVisible()) {
        const n = Number(await page.locator('[data-testid=discard-panel]').getAttribute('data-count'));
        for (let i = 0; i < n; i++) await hand.locator('button[data-card]:not(.selected)').first().click();
        await page.locator('[data-testid=discard-confirm]').click();
      } else if (phase === 'playing' && (await hand.locator('button.playable[data-card]').count()) > 0) {
        await hand.locator('button.playable[data-card]').first().click();
      }
    }
    await page.waitForTimeout(60);
  }
}

const game = (slug, seed, tricks) => ({
  name: `${slug}: every trick card stays in its player's slot until the trick is gathered`,
  timeout: 120000,
  // Its subject is the held trick and its gathering: bots and tricks at the fast speed.
  speed: 'fast',
  run: async ({ page, url, assert }) => {
    await page.addInitScript(watchTrickCards);
    await page.goto(`${url}#/${slug}?seed=${seed}&seats=ybbb`, { waitUntil: 'load' });
    const table = page.locator('[data-testid=table]');
    await table.waitFor({ timeout: 15000 });
    await playTricks(page, table, assert, tricks, 100000);
    const faults = await page.evaluate(() => window.__trickFaults);
    const seen = await page.evaluate(() => window.__trickCards);
    assert(seen >= tricks * 4, `${seen} trick cards followed`);
    assert(faults.length === 0, `cards moved between slots:\n${faults.join('\n')}`);
  },
});

export const tests = [game('hokm', 31, 3), game('shelem', 32, 3), game('bidel', 33, 3)];
