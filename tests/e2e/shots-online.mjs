// Screenshots of online play for review, at 1280×800 and 390×844, Persian and English: the
// home page and the create form with another player's public table listed, the lobby of a Hokm room with a turn timer (its creator's view, the Start button and the
// connection's state), and the table once it is this seat's turn (the turn timer's
// countdown), and the same table on a watcher's device; then, the hand played to its end, its
// replay on the player's and the watcher's devices (issue 23). The relay is the real one (the debug binary of `cargo build -p relay`),
// serving the built site, rooms in memory.
//   node tests/e2e/shots-online.mjs DIST OUT_DIR
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [dist, out] = process.argv.slice(2);

const bin = ['target/debug/relay', 'target/release/relay'].map((p) => path.join(ROOT, p)).find((p) => existsSync(p));
if (!bin) throw new Error('no relay binary: run `cargo build -p relay`');
const proc = spawn(bin, ['--listen', '127.0.0.1:0', '--static', path.resolve(dist), '--database', 'memory', '--bot-think-ms', '150', '--hand-pause-ms', '600000'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve, reject) => {
  let text = '';
  proc.stdout.on('data', (d) => {
    text += d;
    const m = text.match(/listening on (http:\/\/[0-9.:]+)/);
    if (m) resolve(m[1]);
  });
  proc.on('exit', (code) => reject(new Error(`the relay exited (${code})`)));
});

const browser = await launchBrowser();
try {
  // Another player's public table, for the create form's list of open tables.
  const host = await (await browser.newContext()).newPage();
  await host.goto(`${url}/hokm.html#/hokm/setup`, { waitUntil: 'load' });
  await host.locator('[data-testid=play-online]').click();
  await host.locator('[data-testid=room-public]').selectOption('120');
  await host.locator('[data-testid=room-name-input]').fill('Dara');
  await host.locator('[data-testid=room-go]').click();
  await host.locator('[data-testid=lobby]').waitFor({ timeout: 15000 });
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    for (const lang of ['fa', 'en']) {
      const tag = `${w}-${lang}`;
      const context = await browser.newContext({ viewport: { width: w, height: h } });
      const page = await context.newPage();
      await page.goto(`${url}/`, { waitUntil: 'load' });
      await page.evaluate((l) => localStorage.setItem('cards.lang', l), lang);
      // The home page with the other player's public table listed.
      await page.goto(`${url}/`, { waitUntil: 'load' });
      await page.locator('[data-testid=open-table]').waitFor({ timeout: 15000 });
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${out}/online-home-${tag}-full.png`, fullPage: true });
      await page.goto(`${url}/hokm.html#/hokm/setup`, { waitUntil: 'load' });
      await page.locator('[data-testid=play-online]').click();
      await page.locator('[data-testid=open-table]').waitFor({ timeout: 15000 });
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${out}/online-create-${tag}-full.png`, fullPage: true });
      await page.locator('[data-testid=room-turn]').selectOption('30');
      await page.locator('[data-testid=room-name-input]').fill(lang === 'fa' ? 'سارا' : 'Sara');
      await page.locator('[data-testid=room-go]').click();
      await page.locator('[data-testid=lobby]').waitFor({ timeout: 15000 });
      for (let i = 0; i < 3; i++) {
        await page.locator('[data-testid=add-bot]').first().click();
        await page.locator('[data-testid=room-seat][data-kind=bot]').nth(i).waitFor({ timeout: 10000 });
      }
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${out}/online-lobby-${tag}.png` });
      await page.screenshot({ path: `${out}/online-lobby-${tag}-full.png`, fullPage: true });
      // Scrolled to the end: the Start button and the connection's state.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${out}/online-lobby-${tag}-end.png` });
      // Someone watching by the lobby's watch link (issue 23).
      const watching = await browser.newContext({ viewport: { width: w, height: h } });
      const watcher = await watching.newPage();
      await watcher.goto(`${url}/`, { waitUntil: 'load' });
      await watcher.evaluate((l) => localStorage.setItem('cards.lang', l), lang);
      await watcher.goto(await page.locator('[data-testid=room-watch-link]').inputValue(), { waitUntil: 'load' });
      await page.locator('[data-testid=room-watcher-count]').waitFor({ timeout: 10000 });
      await page.locator('[data-testid=room-start]').click();
      await page.locator('[data-testid=turn-clock][data-mine=true]').waitFor({ timeout: 30000 });
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${out}/online-table-${tag}.png` });
      await watcher.locator('[data-testid=watching]').waitFor({ timeout: 10000 });
      await watcher.evaluate(() => document.fonts.ready);
      await watcher.screenshot({ path: `${out}/online-watch-${tag}.png` });
      // The hand to its end (the player plays its first playable card each turn), then its
      // replay, a few steps in, on both devices.
      const over = page.locator('[data-testid=table][data-phase=hand_over]');
      for (const end = Date.now() + 120000; (await over.count()) === 0; ) {
        if (Date.now() > end) throw new Error('the hand did not end in 2 minutes');
        const trump = page.locator('[data-testid=trump-picker] button[data-trump]');
        const card = page.locator('[data-testid=hand] button.playable[data-card]');
        if (await trump.count()) await trump.first().click().catch(() => {});
        else if (await card.count()) await card.first().click().catch(() => {});
        await page.waitForTimeout(150);
      }
      for (const [p, name] of [[page, 'replay'], [watcher, 'replay-watch']]) {
        await p.locator('[data-testid=replay-open]').click();
        await p.locator('[data-testid=replay]').waitFor({ timeout: 15000 });
        for (let i = 0; i < 9; i++) await p.locator('[data-testid=replay-next]').click();
        await p.locator('[data-testid=replay][data-step="9"]').waitFor({ timeout: 5000 });
        await p.evaluate(() => document.fonts.ready);
        await p.screenshot({ path: `${out}/online-${name}-${tag}.png` });
      }
      await watching.close();
      await context.close();
    }
  }
} finally {
  await browser.close();
  proc.kill('SIGTERM');
}
