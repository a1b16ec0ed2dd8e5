// Screenshots of Bidel, Haft Khabis and Crazy Eights played through on a phone (390×844, touch,
// isMobile), in Persian and English, and at 1280×800 in Persian for comparison (issue 25,
// part 4): a whole hand each, tapping as a person would, with a picture at each new kind of
// moment (the deal, each choice panel, the notices, the hand result, the score sheet, the
// settings and share pop-overs, the rules page, the match's end), named
// GAME-MOMENT-WIDTH-LANG.png. Each picture's measures go to OUT_DIR/report.json and, when
// something is off, to the output: the page wider than the screen, a control off the screen
// or under another element, a control smaller than 44 px, the narrowest strip of a hand card
// that a tap reaches.
//   node tests/e2e/shots-phone.mjs BASE_URL OUT_DIR [only…]   (only: game slugs or screen tags)
import fs from 'node:fs/promises';
import { launchBrowser, tableState } from './lib.mjs';

const [base, out, ...only] = process.argv.slice(2);
if (!base || !out) throw new Error('usage: node tests/e2e/shots-phone.mjs BASE_URL OUT_DIR [only…]');
// Each kind of word filters its own: `bidel 390-fa` is Bidel on the Persian phone only.
const want = (slug, tag) => {
  const games = only.filter((o) => !/^\d/.test(o));
  const tags = only.filter((o) => /^\d/.test(o));
  return (games.length === 0 || games.includes(slug)) && (tags.length === 0 || tags.includes(tag));
};
await fs.mkdir(out, { recursive: true });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const SCREENS = [
  ['390-fa', PHONE, 'fa'],
  ['390-en', PHONE, 'en'],
  ['1280-fa', DESKTOP, 'fa'],
];

/** What a picture shows that a player would stumble on, measured in the page. */
function measure() {
  const W = innerWidth;
  const H = innerHeight;
  const name = (el) => el.dataset.testid || el.dataset.card || el.className?.baseVal || el.className || el.tagName;
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none';
  };
  const res = { overflow: document.documentElement.scrollWidth - W, offscreen: [], covered: [], small: [], cardStrip: null };
  const controls = [...document.querySelectorAll('button, a[href], select, input, [data-testid]')].filter(shown);
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > W + 1) res.offscreen.push(`${name(el)} x ${Math.round(r.left)}…${Math.round(r.right)}`);
  }
  const taps = controls.filter((el) => el.matches('button:not(:disabled), a[href], select, input') && !el.closest('[data-testid=hand]'));
  for (const el of taps) {
    const r = el.getBoundingClientRect();
    if (r.bottom < 0 || r.top > H) continue;
    if (r.width < 44 || r.height < 44) res.small.push(`${name(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    const x = Math.min(Math.max(r.left + r.width / 2, 0), W - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), H - 1);
    const hit = document.elementFromPoint(x, y);
    if (hit && !el.contains(hit) && !hit.contains(el)) res.covered.push(`${name(el)} under ${name(hit)}`);
  }
  // The strip of each hand card a tap reaches: points across the card's upper part that hit it.
  // (On your turn only: between turns the hand may be covered, or take no taps.)
  const t = document.querySelector('[data-testid=table]');
  const mine = t && t.dataset.turn === t.dataset.bottom && !document.querySelector('.overlay');
  const cards = mine ? [...document.querySelectorAll('[data-testid=hand] button[data-card]')].filter(shown) : [];
  for (const el of cards) {
    const r = el.getBoundingClientRect();
    const y = Math.min(r.top + r.height * 0.3, H - 1);
    let reach = 0;
    for (let x = Math.max(0, r.left); x < Math.min(W, r.right); x++) {
      const hit = document.elementFromPoint(x, y);
      if (hit && el.contains(hit)) reach++;
    }
    const v = Math.min(reach, Math.round(r.height));
    if (res.cardStrip === null || v < res.cardStrip.px) res.cardStrip = { px: v, card: el.dataset.card, w: Math.round(r.width), h: Math.round(r.height) };
  }
  return res;
}

/** `shot(moment)`: a picture of the page for a moment not yet pictured (or `again`). */
function shooter(page, game, tag, report) {
  const seen = new Set();
  const shot = async (moment, again = false) => {
    if (seen.has(moment) && !again) return;
    seen.add(moment);
    await page.evaluate(() => document.fonts.ready);
    // A passing note may go with the bots' next move: pictured at once; the rest after the
    // cards' movements.
    await page.waitForTimeout(moment.startsWith('note-') ? 50 : 350);
    const file = `${out}/${game}-${moment}-${tag}.png`;
    await page.screenshot({ path: file });
    const m = await page.evaluate(measure);
    report.push({ file, ...m });
    const bad = [];
    if (m.overflow > 0) bad.push(`page ${m.overflow}px wider than the screen`);
    if (m.offscreen.length) bad.push(`off screen: ${m.offscreen.join('; ')}`);
    if (m.covered.length) bad.push(`covered: ${m.covered.join('; ')}`);
    if (m.small.length) bad.push(`small: ${m.small.join('; ')}`);
    if (m.cardStrip && m.cardStrip.px < 44) bad.push(`card strip ${m.cardStrip.px}px (${m.cardStrip.card} ${m.cardStrip.w}×${m.cardStrip.h})`);
    console.log(`  ${file.split('/').pop()}${bad.length ? `\n      ${bad.join('\n      ')}` : ''}`);
  };
  shot.seen = seen;
  return shot;
}

const visible = async (page, sel) => page.locator(sel).first().isVisible().catch(() => false);
const click = (page, sel) => page.locator(sel).first().click();
/** A tap on a phone (touch), a click elsewhere. */
const tap = async (locator, options = {}) => {
  const touch = await locator.page().evaluate(() => matchMedia('(pointer: coarse)').matches || navigator.maxTouchPoints > 0);
  return touch ? locator.tap(options) : locator.click(options);
};

/** Shots of the passing notes of a table (present in the page now), each kind once. */
async function notes(page, shot) {
  for (const id of ['error', 'last-card-penalty', 'received-note', 'pending', 'you-out', 'tie-note', 'redealt', 'moon', 'wild-note', 'notice']) {
    if (await visible(page, `[data-testid=${id}]`)) await shot(`note-${id}`);
  }
  if (await visible(page, '[data-testid^=declared-]')) await shot('note-declared');
}

/** Waits until the table shows a step after `step`, a choice, or the hand's end. */
const moved = (page, step, timeout = 10000) =>
  page
    .waitForFunction(
      (step) => {
        const t = document.querySelector('[data-testid=table]');
        return !t || Number(t.dataset.step) > step || !!document.querySelector('[data-testid$=-picker], [data-testid=play-chosen], [data-testid=hand-result]');
      },
      step,
      { timeout },
    )
    .catch(() => {});

/** The top bar's panels and the pages they lead to, pictured once per screen. */
async function topBar(page, shot) {
  if (await visible(page, '[data-testid=scores-button]')) {
    await click(page, '[data-testid=scores-button]');
    await page.locator('[data-testid=scores-panel]').waitFor({ timeout: 5000 });
    await shot('score-sheet');
    if (await visible(page, '[data-testid=scores-close]')) await click(page, '[data-testid=scores-close]');
    else await click(page, '[data-testid=scores-button]');
  }
  await click(page, '[data-testid=share]');
  await page.waitForTimeout(300);
  await shot('share');
  await click(page, '[data-testid=share]');
  await click(page, '[data-testid=settings-button]');
  await page.locator('[data-testid=settings-panel]').waitFor({ timeout: 5000 });
  await shot('settings');
  const rules = page.locator('[data-testid=rules-link]');
  if (await rules.isVisible()) {
    const href = await rules.getAttribute('href');
    const at = page.url();
    await rules.click();
    await page.waitForTimeout(1500);
    await shot('rules');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await shot('rules-middle');
    console.log(`    rules link ${href}`);
    await page.goto(at, { waitUntil: 'load' });
    await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
  } else {
    await click(page, '[data-testid=settings-button]');
  }
}

/** After a hand: the result, its end, then the next hand (or the match's end). */
async function afterHand(page, shot) {
  const result = page.locator('[data-testid=hand-result]');
  await result.waitFor({ timeout: 15000 });
  const over = (await page.locator('[data-testid=new-match]').count()) > 0;
  const kind = over ? 'match-end' : 'hand-result';
  await shot(kind);
  const scrolls = await result.evaluate((el) => el.scrollHeight > el.clientHeight + 4);
  if (scrolls) {
    await result.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await shot(`${kind}-end`);
  }
  return over;
}

// ---------------------------------------------------------------- Bidel

async function bidelHand(page, shot, deadline) {
  const table = page.locator('[data-testid=table]');
  const hand = page.locator('[data-testid=hand]');
  let illegal = false;
  for (;;) {
    if (Date.now() > deadline) throw new Error('bidel: the hand ran out of time');
    await notes(page, shot);
    const { phase, turn, bottom, busy, step } = await tableState(table);
    if (phase === 'hand_over' || phase === 'match_over') return;
    if (phase === 'choosing_trump' && turn === bottom && (await visible(page, '[data-testid=trump-picker]'))) {
      await shot('trump-choice');
      await page.locator('[data-testid=trump-picker] button').first().click();
      await moved(page, Number(step));
      await shot('trump-named');
      continue;
    }
    if (phase === 'passing' && (await visible(page, '[data-testid=pass-panel]'))) {
      await shot('deal');
      const cards = hand.locator('button[data-card]');
      await tap(cards.nth(0));
      await tap(cards.nth(3));
      await shot('pass-two-chosen');
      await tap(cards.nth(6));
      await shot('pass-three-chosen');
      await click(page, '[data-testid=pass-confirm]');
      await page.locator('[data-testid=pass-panel]').waitFor({ state: 'detached', timeout: 10000 });
      await page.waitForTimeout(300);
      await shot('passed');
      continue;
    }
    if (phase === 'playing' && turn === bottom && busy !== 'true') {
      if ((await hand.locator('button.received').count()) > 0) await shot('received');
      const dimmed = hand.locator('button[data-card][aria-disabled=true]');
      if (!illegal && (await dimmed.count()) > 0) {
        await tap(dimmed.first(), { force: true });
        await page.locator('[data-testid=error]').waitFor({ timeout: 5000 });
        await shot('note-error');
        illegal = true;
      }
      const trick = await page.locator('[data-testid=trick] [data-card]').count().catch(() => 0);
      await shot(trick > 0 ? 'your-turn-follow' : 'your-turn-lead');
      await tap(hand.locator('button.playable[data-card]').first());
      await moved(page, Number(step));
      continue;
    }
    if (phase === 'playing' && turn !== bottom) await shot('others-turn');
    await page.waitForTimeout(120);
  }
}

// ---------------------------------------------------------------- Haft Khabis and Crazy Eights

/** Plays a shedding hand: the choices answered, special cards first, draw, pass, declare. */
async function sheddingHand(page, shot, deadline, prefer) {
  const table = page.locator('[data-testid=table]');
  const hand = page.locator('[data-testid=hand]');
  for (;;) {
    if (Date.now() > deadline) throw new Error('the hand ran out of time');
    await notes(page, shot);
    const { phase, turn, bottom, busy, step } = await tableState(table);
    if (phase === 'hand_over' || phase === 'match_over') return;
    let answered = false;
    for (const [picker, button, moment] of [
      ['suit-picker', 'button[data-testid^=suit-]:not([data-testid=suit-cancel])', 'suit-choice'],
      ['target-picker', 'button[data-testid^=target-]', 'player-choice'],
      ['give-picker', 'button[data-testid^=give-]', 'give-choice'],
    ]) {
      if (await visible(page, `[data-testid=${picker}]`)) {
        await shot(moment);
        await tap(page.locator(`[data-testid=${picker}] ${button}`).first());
        await page.waitForTimeout(200);
        answered = true;
      }
    }
    if (answered) continue;
    if (turn !== bottom || busy === 'true') {
      if (phase === 'playing') await shot('others-turn');
      await page.waitForTimeout(100);
      continue;
    }
    const last = page.locator('[data-testid=last-card]');
    if ((await last.isVisible()) && (await last.getAttribute('aria-pressed')) !== 'true') {
      await shot('last-card-offered');
      await tap(last);
      await shot('last-card-declared');
    }
    if (await visible(page, '[data-testid=pass][data-keeps=true]')) await shot('keep-offered');
    const playable = hand.locator('button.playable[data-card]');
    const n = await playable.count();
    if (n > 0) {
      await shot('your-turn');
      const cards = await playable.evaluateAll((els) => els.map((e) => e.dataset.card));
      const all = await hand.locator('button[data-card]').evaluateAll((els) => els.map((e) => e.dataset.card));
      const rank = (c) => c.slice(0, -1);
      const pick = prefer(cards, all, rank);
      await tap(playable.nth(cards.indexOf(pick)));
      const chosen = page.locator('[data-testid=play-chosen]');
      if (await chosen.isVisible()) {
        // Equal cards together (CE-11): add another of the rank, picture, play.
        const more = hand.locator(`button[data-card^="${rank(pick)}"]:not([aria-pressed=true])`);
        if ((await more.count()) > 0) await tap(more.first());
        await shot('equal-cards-chosen');
        if (await chosen.isEnabled()) await tap(chosen);
        else await click(page, '[data-testid=play-cancel]');
      }
    } else if (await visible(page, '[data-testid=draw]')) {
      await shot('draw-offered');
      await click(page, '[data-testid=draw]');
      await page.waitForTimeout(250);
      await shot('drawn');
    } else if (await visible(page, '[data-testid=pass]')) {
      await shot((await page.locator('[data-testid=pass]').getAttribute('data-keeps')) === 'true' ? 'keep-offered' : 'pass-offered');
      await click(page, '[data-testid=pass]');
    } else {
      await page.waitForTimeout(100);
      continue;
    }
    await moved(page, Number(step), 6000);
  }
}

/** Haft Khabis: a 2 (a player named, a card given), a jack (a suit), a 7 first. */
const hxPrefer = (cards, all, rank) =>
  cards.find((c) => rank(c) === '2' && all.length >= 4) ?? cards.find((c) => rank(c) === 'J') ?? cards.find((c) => rank(c) === '7') ?? cards[0];
/** Crazy Eights: a card with others of its rank, an eight (a suit) first. */
const cePrefer = (cards, all, rank) =>
  cards.find((c) => all.filter((a) => rank(a) === rank(c)).length >= 2 && rank(c) !== '8') ?? cards.find((c) => rank(c) === '8') ?? cards[0];

// ---------------------------------------------------------------- the screens

const GAMES = [
  {
    slug: 'bidel',
    // Trump mode: the hakem names trump from hand 2 (BD-10; pictured when you are the hakem).
    // The lowest target the form offers is 100: four hands do not reach the match's end.
    query: 'seed=5&seats=ybbb&bots=eee&trump_mode=1',
    hands: 4,
    play: (page, shot, deadline) => bidelHand(page, shot, deadline),
  },
  {
    slug: 'haft-khabis',
    // A 2 gives a card (HX-4), a drawn card may be kept (HX-2), one hand is the match (HX-13).
    query: 'seed=7&seats=ybbb&bots=eee&two=1&keep_drawn=1&end=2&hands=1',
    hands: 1,
    play: (page, shot, deadline) => sheddingHand(page, shot, deadline, hxPrefer),
  },
  {
    slug: 'crazy-eights',
    // Equal cards together (CE-11), 2 draws two, the last card declared (D-6). A match of 100
    // takes more hands than pictured here.
    query: 'seed=2&seats=ybbb&bots=eee&equal_cards=1&two_draws=1&last_card=1',
    hands: 2,
    play: (page, shot, deadline) => sheddingHand(page, shot, deadline, cePrefer),
  },
];

const report = [];
const browser = await launchBrowser();
for (const [tag, options, lang] of SCREENS) {
  for (const g of GAMES) {
    if (!want(g.slug, tag)) continue;
    console.log(`${g.slug} ${tag}`);
    const context = await browser.newContext(options);
    await context.addInitScript((lang) => {
      if (!sessionStorage.getItem('shots.set')) {
        localStorage.setItem('cards.lang', lang);
        localStorage.setItem('cards.speed', 'fast');
        sessionStorage.setItem('shots.set', '1');
      }
    }, lang);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log(`    page error: ${e.message}`));
    const shot = shooter(page, g.slug, tag, report);
    // The setup form, as the home page's link opens it.
    await page.goto(`${base}#/${g.slug}/setup`, { waitUntil: 'load' });
    await page.locator('[data-testid=start]').waitFor({ timeout: 15000 });
    await shot('setup');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot('setup-end');
    await page.goto(`${base}${g.slug}.html#/${g.slug}?${g.query}`, { waitUntil: 'load' });
    await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
    await page.waitForTimeout(800);
    await shot('deal');
    let over = false;
    for (let h = 1; h <= g.hands && !over; h++) {
      await g.play(page, shot, Date.now() + 240000);
      over = await afterHand(page, shot);
      if (h === 1) await topBar(page, shot);
      if (!over && h < g.hands) {
        await page.locator('[data-testid=next-hand]').click();
        await page.locator('[data-testid=hand-result]').waitFor({ state: 'detached', timeout: 10000 });
        await page.waitForTimeout(500);
        await shot(`hand-${h + 1}-deal`);
      }
    }
    console.log(`    ${over ? 'the match ended' : 'the match goes on'}; moments: ${shot.seen.size}`);
    await context.close();
  }
}
await browser.close();
await fs.writeFile(`${out}/report.json`, JSON.stringify(report, null, 1));
