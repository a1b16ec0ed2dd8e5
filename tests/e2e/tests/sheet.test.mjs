// The score sheet and this device's statistics: the top bar's button opens every finished
// hand's points and totals with a chart of the running totals (checked against the
// scoreboard mid-match); the match result shows the chart, the sheet and the statistics; the
// home page shows "played 1" and the right number of wins under the game, and a reload of
// the finished match does not count it again. Bots play at once (the runner's instant speed).

import { tableState } from '../lib.mjs';

import { readNumber } from './hokm.test.mjs';
import { playHand } from './haft_khabis.test.mjs';

/** Opens the score sheet from the top bar and returns it. */
async function openSheet(page) {
  const panel = page.locator('[data-testid=scores-panel]');
  if (!(await panel.isVisible())) await page.locator('[data-testid=scores-button]').click();
  await panel.waitFor({ timeout: 5000 });
  return panel;
}

async function closeSheet(page) {
  await page.locator('[data-testid=scores-close]').click();
  await page.locator('[data-testid=scores-panel]').waitFor({ state: 'detached', timeout: 5000 });
}

/** The sheet's rows (in `root`): per hand, per side, the points and the total. */
async function sheetRows(root) {
  return root.locator('[data-testid=scores-table] tbody tr').evaluateAll((rows) =>
    rows.map((r) => [...r.querySelectorAll('td')].map((td) => ({ points: Number(td.dataset.points), total: Number(td.dataset.total) }))),
  );
}

/** The sheet's totals row (in `root`), per side. */
async function sheetTotals(root) {
  return root.locator('[data-testid=scores-totals] td').evaluateAll((tds) => tds.map((td) => Number(td.dataset.value)));
}

/** The chart's lines (in `root`): per side, the totals from the start. */
async function chartLines(root) {
  return root.locator('[data-testid=scores-chart] g.series').evaluateAll((gs) =>
    Object.fromEntries(gs.map((g) => [g.dataset.side, g.dataset.totals.split(',').map(Number)])),
  );
}

/** The rows, totals and chart agree with each other: each total is the one before plus the points. */
function consistent(rows, totals, lines, sides, assert) {
  for (let s = 0; s < sides; s++) {
    let before = lines[s][0];
    rows.forEach((r, k) => {
      assert(r[s].total === before + r[s].points, `side ${s}, hand ${k + 1}: ${before} + ${r[s].points} = ${r[s].total}`);
      assert(lines[s][k + 1] === r[s].total, `side ${s}: the chart's point ${k + 1} is the total ${r[s].total}`);
      before = r[s].total;
    });
    assert(totals[s] === before, `side ${s}: the totals row says ${before}`);
  }
}

/** Whether two boxes overlap. */
const overlap = (a, b) => a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

export const tests = [
  {
    name: 'haft khabis, two hands: the sheet mid-match and in the result, the statistics counted once',
    viewport: 'desktop',
    timeout: 240000,
    run: async ({ page, url, assert }) => {
      const link = `${url}#/haft-khabis?seed=7&seats=yb&bots=e&end=2&hands=2`;
      await page.goto(link, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });

      // Before any hand ends the sheet says so.
      const button = page.locator('[data-testid=scores-button]');
      assert((await button.getAttribute('aria-label')) === 'جدول امتیازها', 'the button has a Persian name');
      let panel = await openSheet(page);
      assert(await panel.locator('[data-testid=scores-empty]').isVisible(), 'no hand yet');
      await closeSheet(page);

      // The first hand: the sheet's line and totals are the scoreboard's.
      await playHand(page, table, assert, 100000);
      await page.locator('[data-testid=hand-result]').waitFor({ timeout: 10000 });
      assert((await table.getAttribute('data-phase')) === 'hand_over', 'one hand of two is over');
      assert((await page.locator('[data-testid=match-summary]').count()) === 0, 'no match summary after a hand');
      await page.locator('[data-testid=next-hand]').click();
      await page.locator('[data-testid=hand-result]').waitFor({ state: 'detached', timeout: 10000 });
      panel = await openSheet(page);
      let rows = await sheetRows(panel);
      let totals = await sheetTotals(panel);
      assert(rows.length === 1, `one line mid-match (${rows.length})`);
      for (let i = 0; i < 2; i++) {
        const shown = readNumber(await page.locator(`[data-testid=total-${i}]`).textContent());
        assert(totals[i] === shown, `seat ${i}: the sheet's total ${totals[i]} is the scoreboard's ${shown}`);
        assert(rows[0][i].total === shown, `seat ${i}: the first line's total is the scoreboard's`);
      }
      consistent(rows, totals, await chartLines(panel), 2, assert);
      const heads = await panel.locator('[data-testid=scores-table] thead th[data-side]').allTextContents();
      assert(heads[0].includes('شما') && heads[1].includes('ربات'), `the columns name the players (${heads})`);
      assert((await panel.locator('thead th.mine').getAttribute('data-side')) === '0', 'your column is marked');
      assert((await panel.locator('g.series.mine').getAttribute('data-side')) === '0', 'your line is marked');
      await closeSheet(page);

      // The second hand ends the match: the result shows the chart, the sheet and the statistics.
      await playHand(page, table, assert, 100000);
      const result = page.locator('[data-testid=hand-result]');
      await result.waitFor({ timeout: 10000 });
      assert((await table.getAttribute('data-phase')) === 'match_over', 'the match is over after two hands');
      const summary = result.locator('[data-testid=match-summary]');
      await summary.waitFor({ timeout: 5000 });
      const chart = summary.locator('[data-testid=scores-chart]');
      assert((await chart.getAttribute('data-hands')) === '2', 'the chart shows two hands');
      assert((await chart.locator('[data-testid=chart-target]').count()) === 0, 'no target line with a number of hands');
      const legend = await chart.locator('.chart-legend li').allTextContents();
      assert(legend.length === 2 && legend[0].includes('شما'), `the legend names the players (${legend})`);
      await summary.locator('[data-testid=scores-details] summary').click();
      rows = await sheetRows(summary);
      totals = await sheetTotals(summary);
      assert(rows.length === 2, `two lines in the result (${rows.length})`);
      for (let i = 0; i < 2; i++) {
        const row = page.locator(`[data-testid=result-row-${i}]`);
        assert(totals[i] === Number(await row.getAttribute('data-total')), `seat ${i}: the sheet's total is the result's`);
        assert(rows[1][i].points === Number(await row.getAttribute('data-points')), `seat ${i}: the last line is this hand`);
      }
      consistent(rows, totals, await chartLines(summary), 2, assert);
      const winners = (await page.locator('[data-testid=match-result]').getAttribute('data-winner')).split(' ');
      const won = winners.includes('0') ? 1 : 0;
      const stats = summary.locator('[data-testid=match-stats]');
      assert((await stats.getAttribute('data-played')) === '1', 'the result counts one match played');
      assert(Number(await stats.getAttribute('data-won')) === won, `won ${won}`);
      const best = Math.min(rows[0][0].points, rows[1][0].points);
      assert(Number(await stats.getAttribute('data-best-hand')) === best, `your best hand is your lowest (${best})`);
      // The top bar's sheet says the same at the end.
      panel = await openSheet(page);
      assert((await sheetRows(panel)).length === 2, 'the top bar sheet has both hands');
      await closeSheet(page);

      // The home page: played 1, won as the result said; a reload of the finished match
      // does not count it again.
      const home = async () => {
        await page.goto(url, { waitUntil: 'load' });
        const line = page.locator('[data-testid=stats-haft-khabis]');
        await line.waitFor({ timeout: 15000 });
        return [Number(await line.getAttribute('data-played')), Number(await line.getAttribute('data-won')), (await line.textContent()).trim()];
      };
      let [played, wins, text] = await home();
      assert(played === 1 && wins === won, `home: played ${played}, won ${wins} (${text})`);
      assert(text.includes('۱ بازی'), `the home line in Persian (${text})`);
      assert((await page.locator('[data-testid=stats-hokm]').count()) === 0, 'nothing under a game never played');
      await page.goto(link, { waitUntil: 'load' });
      await page.locator('[data-testid=match-summary]').waitFor({ timeout: 15000 });
      await page.reload({ waitUntil: 'load' });
      await page.locator('[data-testid=match-summary]').waitFor({ timeout: 15000 });
      assert((await page.locator('[data-testid=match-stats]').getAttribute('data-played')) === '1', 'still one after a reload');
      [played, wins] = await home();
      assert(played === 1 && wins === won, `home after reloads: played ${played}, won ${wins}`);
      // A corrupt value is ignored: no line, no error.
      await page.evaluate(() => localStorage.setItem('cards.stats.haft-khabis', '{"version":1,"played":'));
      await page.reload({ waitUntil: 'load' });
      await page.locator('[data-testid=game-haft-khabis]').waitFor({ timeout: 15000 });
      assert((await page.locator('[data-testid=stats-haft-khabis]').count()) === 0, 'a corrupt value shows nothing');
    },
  },
  {
    name: 'hokm on a phone: the sheet button fits the top bar; a hand on the sheet under the team names',
    viewport: 'phone',
    timeout: 180000,
    run: async ({ page, url, assert }) => {
      await page.goto(`${url}#/hokm?seed=2&seats=ybbb&bots=eee&target=3`, { waitUntil: 'load' });
      const table = page.locator('[data-testid=table]');
      await table.waitFor({ timeout: 15000 });
      await page.locator('[data-testid=draw-ok]').click().catch(() => {});
      // Four buttons in the top bar, none over another, all on the screen.
      const ids = ['scores-button', 'settings-button', 'share', 'lang-toggle', 'home-link'];
      const boxes = [];
      for (const id of ids) {
        const box = await page.locator(`[data-testid=${id}]`).first().boundingBox();
        assert(box && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0, `${id} is on the screen (${JSON.stringify(box)})`);
        assert(box.width >= 40 && box.height >= 40, `${id} is large enough to tap`);
        boxes.push(box);
      }
      for (let a = 0; a < boxes.length; a++) {
        for (let b = a + 1; b < boxes.length; b++) assert(!overlap(boxes[a], boxes[b]), `${ids[a]} and ${ids[b]} do not overlap`);
      }
      const bar = await page.locator('.table-topbar').boundingBox();
      assert(bar.height <= 140, `the top bar stays short (${bar.height} px)`);
      const panel = await openSheet(page);
      const box = await panel.boundingBox();
      assert(box.x >= 0 && box.x + box.width <= 390, `the sheet fits the phone's width (${JSON.stringify(box)})`);
      await closeSheet(page);

      // One hand; then the sheet names the teams as the scoreboard does, and agrees with it.
      const end = Date.now() + 150000;
      while ((await table.getAttribute('data-phase')) !== 'hand_over' && (await table.getAttribute('data-phase')) !== 'match_over') {
        assert(Date.now() < end, 'the hand ended in time');
        const draw = page.locator('[data-testid=draw-ok]');
        if (await draw.isVisible()) await draw.click().catch(() => {});
        const { phase, turn, bottom, busy } = await tableState(table);
        if (turn === bottom && busy !== 'true') {
          if (phase === 'choosing_trump') {
            await page.locator('[data-testid=trump-picker] button[data-trump]').first().click().catch(() => {});
            continue;
          }
          const card = page.locator('[data-testid=hand] button.playable[data-card]');
          if (phase === 'playing' && (await card.count()) > 0) {
            await card.first().click().catch(() => {});
            await page.waitForTimeout(80);
            continue;
          }
        }
        await page.waitForTimeout(60);
      }
      const result = page.locator('[data-testid=hand-result]');
      await result.waitFor({ timeout: 10000 });
      const sheet = await openSheet(page);
      const rows = await sheetRows(sheet);
      const totals = await sheetTotals(sheet);
      assert(rows.length === 1, 'one hand on the sheet');
      for (const side of [0, 1]) {
        const score = readNumber(await page.locator(`[data-testid=score-${side}]`).textContent());
        assert(totals[side] === score && rows[0][side].total === score, `side ${side}: the sheet says ${totals[side]}, the scoreboard ${score}`);
      }
      const winner = Number(await result.getAttribute('data-winner'));
      assert(rows[0][winner].points === Number(await result.getAttribute('data-points')), "the hand's points on the winner's column");
      assert(rows[0][1 - winner].points === 0, 'the losers score nothing');
      consistent(rows, totals, await chartLines(sheet), 2, assert);
      const heads = await sheet.locator('[data-testid=scores-table] thead th[data-side]').allTextContents();
      const names = await page.locator('[data-testid=score] .team-name').allTextContents();
      assert(names.includes(heads[0]) && names.includes(heads[1]), `the sheet names the teams as the scoreboard (${heads} / ${names})`);
      assert(heads[0].includes('شما'), `your team first (${heads[0]})`);
      const target = sheet.locator('[data-testid=chart-target]');
      assert((await target.getAttribute('data-value')) === '3', 'the target line at 3');
      const svg = await sheet.locator('[data-testid=scores-chart] svg.chart').boundingBox();
      assert(svg.width >= 300, `the chart is wide enough to read (${svg.width} px)`);
    },
  },
];
