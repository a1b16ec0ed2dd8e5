// Screenshots for reviewing the subset fonts (tools/subset-fonts.sh), at 390×844, Persian and
// English: the home page, a Hokm table (its hakem draw), Hokm's rule page (long Persian text),
// and a specimen of every letter the subset holds in each joining position, in both weights.
// Compare the same screens of a build with the full fonts. Prints the font files each page
// fetched, with their Cache-Control.
//   node tests/e2e/shots-fonts.mjs BASE_URL OUT_DIR
import { launchBrowser } from './lib.mjs';

const [base, out] = process.argv.slice(2);
if (!base || !out) {
  console.error('usage: node tests/e2e/shots-fonts.mjs BASE_URL OUT_DIR');
  process.exit(2);
}
const browser = await launchBrowser();

// Every Persian letter alone, then at the start, the middle and the end of a word; the
// harakat, the hamza forms, lam-alef, ZWNJ, the digits and the punctuation of the UI.
const LETTERS = 'ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىيپچژکگیۀ';
const SPECIMEN = [
  [...LETTERS].join(' '),
  [...LETTERS].map((c) => `ب${c}ب`).join(' '),
  [...LETTERS].map((c) => `${c}ب`).join(' '),
  [...LETTERS].map((c) => `ب${c}`).join(' '),
  'لا لأ لآ لإ · بَ بِ بُ بً بّ بْ · می‌شود خانه‌ها · ۰۱۲۳۴۵۶۷۸۹ ٠١٢٣٤٥٦٧٨٩ ۱۲٫۵ ٪',
  '«حکم» ، ؛ ؟ … — – • · × ♠ ♥ ♦ ♣',
  'The quick brown fox jumps over the lazy dog 0123456789 (&) [x] {y} @#$%^*_+=|\\/<>?!',
];

async function open(page, url, selector) {
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(selector).first().waitFor({ timeout: 15000 });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(1200);
  await page.evaluate(() => document.fonts.ready);
}

for (const lang of ['fa', 'en']) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const fonts = new Map();
  page.on('response', (r) => {
    if (r.url().endsWith('.woff2')) fonts.set(r.url().replace(base, ''), r.headers()['cache-control']);
  });
  await page.goto(`${base}#/`, { waitUntil: 'load' });
  await page.evaluate((l) => localStorage.setItem('cards.lang', l), lang);
  const shot = (name, full = false) => page.screenshot({ path: `${out}/${name}-390-${lang}.png`, fullPage: full });

  await open(page, `${base}#/`, 'h1');
  await shot('home');
  await open(page, `${base}hokm.html#/hokm?seed=2&seats=ybbb`, '[data-testid=table]');
  await shot('hokm');
  await open(page, `${base}hokm.html#/hokm/rules`, 'main');
  await shot('hokm-rules');
  if (lang === 'fa') {
    await page.evaluate((lines) => {
      document.body.innerHTML = '';
      const box = document.createElement('div');
      box.dir = 'rtl';
      box.style.cssText = 'padding:8px;font-size:20px;line-height:1.7;color:#fff;background:#0f3d2e';
      for (const weight of [400, 700]) {
        for (const line of lines) {
          const p = document.createElement('p');
          p.style.cssText = `margin:0 0 6px;font-weight:${weight};font-family:Vazirmatn`;
          p.textContent = line;
          box.append(p);
        }
      }
      document.body.append(box);
    }, SPECIMEN);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(500);
    await shot('specimen', true);
  }
  const loaded = await page.evaluate(() =>
    [...document.fonts].map((f) => `${f.family} ${f.weight} ${f.status}`),
  );
  console.log(lang, 'font files:', [...fonts].map(([u, c]) => `${u} (${c})`).join(', '));
  console.log(lang, 'font faces:', loaded.join(', '));
  await context.close();
}
await browser.close();
