// Pass-and-play, share links and resuming after a reload for Pasur, Haft Khabis and Crazy
// Eights, the way two people share one phone: the cover names whose turn it is and hides
// every hand; the person reveals, makes one move, and the cover comes back for the other
// person. The share link opens the game's own page with the same table; a reload resumes
// the same game (the same person to act, the same cards).

import { playTurn } from './pasur.test.mjs';

const TABLE = '[data-testid=table]';
const HAND_CARDS = '[data-testid=hand] button[data-card]';

/** The cards the bottom player holds, as one string. */
const handOf = (page) => page.locator(HAND_CARDS).evaluateAll((bs) => bs.map((b) => b.dataset.card).join(' '));

/** Waits until nothing is pending (bots, a held trick) on the table. */
async function settled(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid=table]')?.dataset.busy === 'false', null, {
    timeout: 20000,
  });
}

/** The cover is up and names `who`; no card of any hand is shown under it. */
async function coverFor(page, assert, who) {
  const cover = page.locator('[data-testid=cover]');
  await cover.waitFor({ timeout: 10000 });
  const text = await cover.textContent();
  assert(text.includes(who), `the cover asks for ${who}: ${text}`);
  assert((await page.locator(HAND_CARDS).count()) === 0, 'no card shows under the cover');
}

/** One move of the bottom player in a shedding game: a playable card (naming a suit or a
 *  player if asked), else a draw, else a pass. */
async function shedMove(page) {
  const playable = page.locator('[data-testid=hand] button.playable[data-card]');
  if ((await playable.count()) > 0) {
    await playable.first().click();
    for (const picker of ['[data-testid=suit-picker]', '[data-testid=target-picker]', '[data-testid=give-picker]']) {
      const p = page.locator(picker);
      if (await p.isVisible()) await p.locator('button').first().click();
    }
  } else if (await page.locator('[data-testid=draw]').isVisible()) {
    await page.locator('[data-testid=draw]').click();
  } else {
    await page.locator('[data-testid=pass]').click();
  }
}

const GAMES = [
  { slug: 'pasur', seed: 17, move: (page, assert) => playTurn(page, assert) },
  { slug: 'crazy-eights', seed: 5, move: (page) => shedMove(page) },
  { slug: 'haft-khabis', seed: 5, move: (page) => shedMove(page) },
];

export const tests = GAMES.map(({ slug, seed, move }) => ({
  name: `${slug}: pass-and-play behind the cover, the share link, and a reload resumes the game`,
  viewport: 'phone',
  timeout: 90000,
  run: async ({ page, url, assert }) => {
    const hash = `#/${slug}?seed=${seed}&seats=pp&n0=Sara&n1=Reza`;
    await page.goto(`${url}${slug}.html${hash}`, { waitUntil: 'load' });
    const table = page.locator(TABLE);
    await table.waitFor({ timeout: 15000 });
    assert((await table.getAttribute('data-game')) === slug, `the ${slug} table`);

    // The first person to act: the cover names them; after revealing, their hand shows.
    const first = (await table.getAttribute('data-turn')) === '0' ? 'Sara' : 'Reza';
    const second = first === 'Sara' ? 'Reza' : 'Sara';
    await coverFor(page, assert, first);
    await page.locator('[data-testid=reveal]').click();
    await page.locator(HAND_CARDS).first().waitFor({ timeout: 5000 });
    const firstSeat = await table.getAttribute('data-turn');
    assert((await table.getAttribute('data-bottom')) === firstSeat, 'the revealed hand is the one to act');

    // The share link is this game's own page with the same table.
    await page.locator('[data-testid=share]').click();
    const shared = new URL(await page.locator('[data-testid=share-url]').inputValue());
    assert(shared.pathname.endsWith(`/${slug}.html`), `the share link opens ${slug}.html: ${shared}`);
    assert(shared.hash === (await page.evaluate(() => location.hash)), 'the share link is this table');
    await page.locator('[data-testid=share]').click();

    // The first person's turn (one move, or more where a card asks for another: HX-7's ace,
    // the 8's extra play), then the device goes to the other person: the cover comes back
    // for them.
    for (let moves = 0; ; moves++) {
      assert(moves < 6, 'the turn passes to the other person');
      await move(page, assert);
      const passed = await page
        .waitForFunction(
          (seat) => document.querySelector('[data-testid=table]')?.dataset.turn !== seat,
          firstSeat,
          { timeout: 3000 },
        )
        .then(() => true, () => false);
      if (passed) break;
      await settled(page);
    }
    await coverFor(page, assert, second);
    await page.locator('[data-testid=reveal]').click();
    await page.locator(HAND_CARDS).first().waitFor({ timeout: 5000 });
    await settled(page);
    const seatBefore = await table.getAttribute('data-bottom');
    const before = await handOf(page);
    assert(seatBefore !== firstSeat, 'the second person sees their own hand');

    // A reload resumes the same game: the cover asks for the same person, who holds the
    // same cards.
    await page.reload({ waitUntil: 'load' });
    await table.waitFor({ timeout: 15000 });
    await coverFor(page, assert, second);
    await page.locator('[data-testid=reveal]').click();
    await page.locator(HAND_CARDS).first().waitFor({ timeout: 5000 });
    assert((await table.getAttribute('data-bottom')) === seatBefore, 'the same person to act after the reload');
    const after = await handOf(page);
    assert(after === before, `the same hand after the reload:\n  ${before}\n  ${after}`);
  },
}));
