import { launchBrowser } from './lib.mjs';
import { spawn } from 'node:child_process';
const proc = spawn('target/debug/relay', ['--listen', '127.0.0.1:41778', '--static', 'dist', '--database', 'memory', '--bot-think-ms', '300'], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 1500));
const url = 'http://127.0.0.1:41778';
const browser = await launchBrowser();
for (const lang of ['fa', 'en']) {
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    await ctx.addInitScript((l) => localStorage.setItem('cards.lang', l), lang);
    const page = await ctx.newPage();
    await page.goto(`${url}/bidel.html#/bidel/setup`, { waitUntil: 'load' });
    await page.screenshot({ path: `/tmp/shot-setup-${lang}-${w}.png` });
    await page.locator('[data-testid=play-online]').click();
    await page.locator('[data-testid=room-name-input]').waitFor();
    await page.screenshot({ path: `/tmp/shot-name-${lang}-${w}.png` });
    await page.locator('[data-testid=room-name-input]').fill(lang === 'fa' ? 'سارا' : 'Sara');
    await page.locator('[data-testid=room-go]').click();
    await page.locator('[data-testid=lobby]').waitFor();
    await page.locator('[data-testid=add-bot]').first().click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/shot-lobby-${lang}-${w}.png`, fullPage: true });
    for (let i = 0; i < 2; i++) { await page.locator('[data-testid=add-bot]').first().click(); await page.waitForTimeout(300); }
    await page.locator('[data-testid=room-start]').click();
    await page.locator('[data-testid=table]').waitFor();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/shot-table-${lang}-${w}.png` });
    await ctx.close();
  }
}
await browser.close(); proc.kill();
