// Screenshots of the hand replay viewer, for review: tables saved at the end of a hand
// (Hokm with four, Crazy Eights with eight, Haft Khabis with seven, Pasur with four), the
// replay opened and stepped to the middle of the hand and to its end, at a desktop and a
// phone size, in Persian and English.
//   REPLAY_SAVES=/tmp/replay-saves.jsonl cargo test -p cards-web --lib replay_saves -- --ignored
//   node tests/e2e/shots-replay.mjs [SAVES=/tmp/replay-saves.jsonl] [OUT_DIR=tests/e2e/artifacts/replay] [DIST=dist] [ONLY]
import { promises as fs } from 'node:fs';
import { launchBrowser, startStaticServer } from './lib.mjs';

const [savesFile = '/tmp/replay-saves.jsonl', out = 'tests/e2e/artifacts/replay', dist = 'dist', only = ''] =
  process.argv.slice(2);
await fs.mkdir(out, { recursive: true });
const saves = (await fs.readFile(savesFile, 'utf8'))
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));
const server = await startStaticServer(dist, '/games/');
const base = server.url;
const browser = await launchBrowser();
for (const [w, h] of [[1280, 800], [390, 844]]) {
  for (const lang of ['fa', 'en']) {
    for (const { slug, query, save } of saves) {
      const players = JSON.parse(save).setup.players;
      const name = `${slug}${players}-${w}-${lang}`;
      if (only && !name.includes(only)) continue;
      const page = await browser.newPage({ viewport: { width: w, height: h } });
      await page.addInitScript(
        ([l, key, json]) => {
          localStorage.setItem('cards.lang', l);
          localStorage.setItem(key, json);
        },
        [lang, `cards.save.v2.${slug}`, save],
      );
      await page.goto(`${base}${slug}.html#/${slug}?${query}`, { waitUntil: 'load' });
      await page.locator('[data-testid=replay-open]').click({ timeout: 15000 });
      const replay = page.locator('[data-testid=replay]');
      await replay.waitFor();
      const steps = Number(await replay.getAttribute('data-steps'));
      for (let i = 0; i < Math.floor(steps / 2); i++) await page.keyboard.press(lang === 'fa' ? 'ArrowLeft' : 'ArrowRight');
      await page.screenshot({ path: `${out}/${name}-mid.png` });
      await page.keyboard.press('End');
      await page.screenshot({ path: `${out}/${name}-end.png` });
      await page.close();
    }
  }
}
await browser.close();
await server.close();
