// The words the tables use: sentences about the player speak to them (Persian second-person
// plural verbs: «گذاشتید», «برداشتید»; English "you" mid-sentence), and one word means one
// thing in every game (docs/glossary.md: a trick is «دست», a hand «دور», a match «بازی»; in
// English trick, hand, match).

import { seenValues, watchValues } from '../lib.mjs';

/** Opens `link` in `lang` (the language is kept in local storage). */
export async function open(page, url, link, lang) {
  // The language first, on the home page (a game's link moves on to the game's own page).
  await page.goto(url, { waitUntil: 'load' });
  // Once the home page's app has drawn its games: at its start it writes the language it
  // read back to storage, which would undo a choice made before it (seen under load).
  await page.locator('[data-testid^=game-]').first().waitFor({ timeout: 15000 });
  await page.evaluate((l) => localStorage.setItem('cards.lang', l), lang);
  await page.goto(`${url}${link}`, { waitUntil: 'load' });
  await page.locator(`html[lang=${lang}]`).waitFor({ timeout: 15000 });
}

/** Plays the first card of the bottom hand at Pasur (a second tap, or the first set) and
 *  returns the caption of that play, read before the bot answers. */
async function playPasurCard(page) {
  const table = page.locator('[data-testid=table]');
  await page.waitForFunction(
    () => {
      const t = document.querySelector('[data-testid=table]');
      return t && t.dataset.turn === t.dataset.bottom && t.dataset.busy !== 'true';
    },
    null,
    { timeout: 15000 },
  );
  const bottom = await table.getAttribute('data-bottom');
  const first = page.locator('[data-testid=hand] button[data-card]').first();
  const card = await first.getAttribute('data-card');
  // Each last play shown from now on: the bot answers at once, so yours may show only a moment.
  await watchValues(page, 'lastPlay', () => {
    const e = document.querySelector('[data-testid=last-play]');
    return e ? JSON.stringify({ seat: e.dataset.seat, card: e.dataset.card, took: e.dataset.took, text: e.textContent.trim() }) : '';
  });
  await first.click();
  const panel = page.locator(`[data-testid=capture-panel][data-card="${card}"]`);
  await panel.waitFor({ timeout: 5000 });
  if (Number(await panel.getAttribute('data-options')) >= 2) {
    await page.locator('[data-testid=capture-option-0]').click();
    await page.locator('[data-testid=play-confirm]').click();
  } else {
    await first.click();
  }
  await page.locator(`[data-testid=hand] button[data-card="${card}"]`).waitFor({ state: 'detached', timeout: 5000 });
  const plays = (await seenValues(page, 'lastPlay')).filter(Boolean).map((v) => JSON.parse(v));
  const mine = plays.find((p) => p.seat === bottom && p.card === card);
  if (!mine) throw new Error(`${card} was never shown as the last play (${JSON.stringify(plays)})`);
  return { text: mine.text, took: mine.took !== '' };
}

export const tests = [
  {
    name: 'a sentence about the player speaks to them: «شما … گذاشتید / برداشتید», "You laid / took"',
    timeout: 60000,
    run: async ({ page, url, assert }) => {
      await open(page, url, '#/pasur?seed=17&seats=yb', 'fa');
      const fa = await playPasurCard(page);
      // (The caption starts with the card's picture, whose corners read its rank.)
      assert(/(^|\d)شما /.test(fa.text), `the caption names the player as «شما»: «${fa.text}»`);
      const verb = fa.took ? 'برداشتید' : 'گذاشتید';
      assert(fa.text.includes(verb), `the verb agrees with «شما» (${verb}): «${fa.text}»`);
      assert(!/(گذاشت|برداشت)(\s|:|$)/.test(fa.text), `no third-person verb after «شما»: «${fa.text}»`);

      await open(page, url, '#/pasur?seed=18&seats=yb', 'en');
      const en = await playPasurCard(page);
      const want = en.took ? 'You took with' : 'You laid';
      assert(en.text.includes(want), `English: "${want} …", got "${en.text}"`);
    },
  },
  {
    name: 'one word for one thing: a hand is «دور» / "hand" in every game, «دست» only a trick',
    timeout: 60000,
    run: async ({ page, url, assert }) => {
      // Bidel: a player's points this hand.
      await open(page, url, '#/bidel?seed=5&seats=ybbb&bots=eee', 'fa');
      const pts = page.locator('[data-testid=points-0]');
      await pts.waitFor({ timeout: 15000 });
      assert((await pts.getAttribute('title')) === 'این دور', `Bidel's points of this hand: «${await pts.getAttribute('title')}»`);

      // Pasur: the hand number, in English "Hand n" as in every other game.
      await open(page, url, '#/pasur?seed=17&seats=yb', 'en');
      const round = page.locator('[data-testid=round]');
      await round.waitFor({ timeout: 15000 });
      assert((await round.textContent()).trim() === 'Hand 1', `Pasur's top bar: "${(await round.textContent()).trim()}"`);
      const target = (await page.locator('[data-testid=table]').textContent()) || '';
      assert(!/Game to|Round \d/.test(target), 'no "Game to" or "Round n" at the Pasur table');

      // Haft Khabis' setup: the end of the match after a number of hands.
      await open(page, url, '#/haft-khabis/setup', 'fa');
      const form = page.locator('form');
      await form.waitFor({ timeout: 15000 });
      const text = await form.textContent();
      assert(text.includes('تعداد دور'), 'the number of hands is «تعداد دور»');
      assert(!text.includes('تعداد دست'), 'not «تعداد دست» (a number of tricks)');
    },
  },
];
