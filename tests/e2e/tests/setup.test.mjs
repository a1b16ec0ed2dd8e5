// Every setup form shows its words whole: no option of a choice is cut by its box (once
// «سقف: ر», «روی هر ک», "4 player"), and no label runs out of its box, for every game, on a
// desktop and a phone, in Persian and English.

import { open } from './words.test.mjs';

const GAMES = ['hokm', 'shelem', 'pasur', 'bidel', 'haft-khabis', 'crazy-eights'];
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** What does not fit on the setup form now: a list of sentences. */
function cutWords() {
  const ctx = document.createElement('canvas').getContext('2d');
  const bad = [];
  for (const sel of document.querySelectorAll('form select')) {
    const cs = getComputedStyle(sel);
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    // The text runs between the paddings, beside the native arrow (about 20 px).
    const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    for (const o of sel.options) {
      const w = ctx.measureText(o.text).width;
      if (w > room + 1) bad.push(`${sel.dataset.testid || sel.id}: "${o.text}" needs ${Math.ceil(w)} px, has ${Math.floor(room)}`);
    }
  }
  for (const el of document.querySelectorAll('form label, form .option-label, form .option-help, form button, form legend, form h2')) {
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
      bad.push(`${el.tagName.toLowerCase()}.${el.className}: "${el.textContent.trim().slice(0, 40)}" overflows`);
    }
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.left < -1 || r.right > window.innerWidth + 1)) {
      bad.push(`${el.tagName.toLowerCase()}: "${el.textContent.trim().slice(0, 40)}" leaves the screen`);
    }
  }
  return bad;
}

export const tests = [
  {
    name: 'setup forms show every choice and label whole, every game, both sizes and languages',
    timeout: 180000,
    run: async ({ page, url, assert }) => {
      const problems = [];
      for (const lang of ['fa', 'en']) {
        for (const game of GAMES) {
          await open(page, url, `#/${game}/setup`, lang);
          const form = page.locator('form.setup-form');
          await form.waitFor({ timeout: 15000 });
          const selects = await form.locator('select').count();
          assert(selects >= 2, `${game}: a form with its choices (${selects})`);
          for (const size of SIZES) {
            await page.setViewportSize(size);
            await page.waitForTimeout(50);
            for (const p of await page.evaluate(cutWords)) problems.push(`${game} ${lang} ${size.width}px: ${p}`);
          }
        }
      }
      assert(problems.length === 0, `words cut on the setup forms:\n  ${problems.join('\n  ')}`);
    },
  },
];
