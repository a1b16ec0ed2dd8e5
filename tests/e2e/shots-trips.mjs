// Screenshots of what issue 13 changed, for review, at 1280×800 and 390×844, Persian and
// English: every setup form, the home page with a game in progress, Hokm's hakem draw at a
// short window, a held trick on a phone, Shelem's auction, the Pasur and Crazy Eights tables,
// a Haft Khabis hand where you are out, the tab taken over elsewhere, and the table's
// settings with this device's sound and bot speed.
//   node tests/e2e/shots-trips.mjs BASE_URL OUT_DIR [only…]
import { launchBrowser } from './lib.mjs';

const [base, out, ...only] = process.argv.slice(2);
const want = (name) => only.length === 0 || only.some((o) => name.includes(o));
const browser = await launchBrowser();
const GAMES = ['hokm', 'shelem', 'pasur', 'bidel', 'haft-khabis', 'crazy-eights'];

async function open(page, hash, selector = '[data-testid=table]') {
  const slug = hash.split(/[/?]/)[1];
  await page.goto(`${base}${slug ? `${slug}.html` : ''}#${hash}`, { waitUntil: 'load' });
  await page.locator(selector).first().waitFor({ timeout: 15000 });
  await page.evaluate(() => document.fonts.ready);
}

for (const [w, h] of [[1280, 800], [390, 844]]) {
  for (const lang of ['fa', 'en']) {
    const context = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await context.newPage();
    await page.goto(`${base}#/`, { waitUntil: 'load' });
    await page.evaluate((l) => localStorage.setItem('cards.lang', l), lang);
    const tag = `${w}-${lang}`;
    const shot = async (name, full = false) => {
      if (want(name)) await page.screenshot({ path: `${out}/${name}-${tag}.png`, fullPage: full });
    };
    for (const g of GAMES) {
      if (!want(`setup-${g}`)) continue;
      await open(page, `/${g}/setup`, '[data-testid=start]');
      await shot(`setup-${g}`, true);
    }
    if (want('home')) {
      await open(page, '/hokm?seed=5&seats=ybbb');
      await open(page, '/pasur?seed=5&seats=yb');
      await page.goto(`${base}#/`, { waitUntil: 'load' });
      await page.locator('[data-testid=continue]').first().waitFor();
      await shot('home', true);
    }
    if (want('hokm-draw')) {
      await page.setViewportSize({ width: w, height: w > 500 ? 657 : h });
      await open(page, '/hokm?seed=7&seats=ybbb', '[data-testid=draw-ok]');
      await shot('hokm-draw');
      await page.setViewportSize({ width: w, height: h });
    }
    if (want('hokm-trick')) {
      await open(page, '/hokm?seed=2&seats=ybbb');
      // Play until a trick is held with its caption.
      for (let i = 0; i < 400 && (await page.locator('.trick-caption').count()) === 0; i++) {
        if (await page.locator('[data-testid=draw-ok]').isVisible()) await page.locator('[data-testid=draw-ok]').click();
        const picker = page.locator('[data-testid=trump-picker] button[data-trump]');
        if (await picker.count()) await picker.first().click().catch(() => {});
        const card = page.locator('[data-testid=hand] button.playable[data-card]');
        if (await card.count()) await card.first().click().catch(() => {});
        await page.waitForTimeout(100);
      }
      await shot('hokm-trick');
    }
    if (want('prefs')) {
      // The table's settings: the room's rules, then this device's sound and bot speed.
      await open(page, '/hokm?seed=2&seats=ybbb');
      await page.locator('[data-testid=settings-button]').click();
      await page.locator('[data-testid=device-prefs]').waitFor();
      await shot('prefs');
      await page.locator('[data-testid=settings-button]').click();
    }
    if (want('shelem-auction')) {
      await open(page, '/shelem?seed=3&seats=ybbb');
      await page.locator('[data-testid=auction]').waitFor();
      await page.waitForTimeout(2500);
      await shot('shelem-auction');
    }
    if (want('pasur')) {
      await open(page, '/pasur?seed=9&seats=yb');
      await page.waitForTimeout(1500);
      await shot('pasur');
    }
    if (want('ce')) {
      await open(page, '/crazy-eights?seed=9&seats=ybbb');
      await page.waitForTimeout(1500);
      await shot('ce');
    }
    if (want('tab')) {
      await open(page, '/bidel?seed=9&seats=ybbb');
      const other = await context.newPage();
      await other.goto(`${base}bidel.html#/bidel?seed=9&seats=ybbb`, { waitUntil: 'load' });
      await page.locator('[data-testid=other-tab]').waitFor();
      await shot('other-tab');
      await other.close();
    }
    await context.close();
  }
}
await browser.close();
