// The smaller trips of issue 13 (item 11), each checked as a player would meet it: Hokm's
// first-hakem draw fits a short window, Pasur's score chips are explained and large enough on a
// phone, two-player Pasur's setup speaks of players (not teams), the home page has one quiet
// "continue" per game in progress, rule IDs stay anchors without being read as text, and the
// Haft Khabis setup offers no setting that only online tables can use.

import { open } from './words.test.mjs';

export const tests = [
  {
    name: 'smaller trips: the hakem draw fits 657 px, Pasur chips on a phone, Pasur two-player setup, continue links, quiet rule IDs, no online-only setting',
    timeout: 120000,
    run: async ({ page, url, assert }) => {
      // Hokm's first-hakem draw at a short desktop window: the whole panel and its button in view.
      await page.setViewportSize({ width: 1280, height: 657 });
      await open(page, url, '#/hokm?seed=7&seats=ybbb&bots=eee', 'fa');
      const draw = page.locator('[data-testid=hakem-draw]');
      await draw.waitFor({ timeout: 15000 });
      const fits = await draw.evaluate((el) => ({ scroll: el.scrollHeight - el.clientHeight, bottom: el.getBoundingClientRect().bottom }));
      assert(fits.scroll <= 1, `the draw panel does not scroll (${fits.scroll} px hidden)`);
      const ok = await page.locator('[data-testid=draw-ok]').boundingBox();
      assert(ok && ok.y + ok.height <= 657, `its OK button is in view (bottom ${ok && ok.y + ok.height})`);

      // The top bar on a phone: no score, name or label runs under the buttons or the home
      // link (Shelem in Persian has the widest board).
      await page.setViewportSize({ width: 390, height: 844 });
      for (const [link, lang] of [['#/shelem?seed=3&seats=ybbb&bots=eee', 'fa'], ['#/shelem?seed=3&seats=ybbb&bots=eee', 'en'], ['#/hokm?seed=2&seats=ybbb&bots=eee', 'fa']]) {
        await open(page, url, link, lang);
        await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
        const under = await page.evaluate(() => {
          const boxes = [...document.querySelectorAll('.topbar-actions, .home-link')].map((e) => e.getBoundingClientRect());
          const hit = [];
          for (const el of document.querySelectorAll('.table-topbar *')) {
            if (el.closest('.topbar-actions, .home-link') || el.children.length || !el.textContent.trim()) continue;
            const b = el.getBoundingClientRect();
            if (boxes.some((x) => b.right > x.left + 1 && b.left < x.right - 1 && b.bottom > x.top + 1 && b.top < x.bottom - 1)) hit.push(el.textContent.trim());
          }
          return hit;
        });
        assert(under.length === 0, `${link} ${lang}: under the top bar's buttons: ${under.join(', ')}`);
      }

      // Pasur on a phone: every score chip explains itself and is big enough to read and tap.
      await open(page, url, '#/pasur?seed=9&seats=yb', 'fa');
      await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
      const chips = await page.locator('.chip').evaluateAll((els) =>
        els.map((e) => ({ h: e.getBoundingClientRect().height, label: e.getAttribute('aria-label') || '' })),
      );
      assert(chips.length >= 6, `the score chips are shown (${chips.length})`);
      for (const c of chips) {
        assert(c.h >= 20, `a chip is ${c.h} px tall (was 15)`);
        assert(c.label.includes(':'), `a chip says what it counts («${c.label}»)`);
      }
      assert((await page.locator('[data-testid=chips-help]').count()) > 0, 'what the chips count is explained on the table');

      // Two-player Pasur's setup speaks of players, not teams.
      await open(page, url, '#/pasur/setup', 'fa');
      await page.locator('form.setup-form').waitFor({ timeout: 15000 });
      assert((await page.locator('[data-testid=opt-players]').inputValue()) === '2', 'two players by default');
      const setupText = await page.locator('form.setup-form').textContent();
      assert(!setupText.includes('تیمی که'), 'no «تیمی که…» for two players');

      // The home page: one "continue" per game in progress, on that game's own card.
      await open(page, url, '#/hokm?seed=5&seats=ybbb&bots=eee', 'fa');
      await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
      await page.goto(`${url}pasur.html#/pasur?seed=5&seats=yb&bots=e`, { waitUntil: 'load' });
      await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('[data-testid=continue]').first().waitFor({ timeout: 15000 });
      const cont = await page.locator('[data-testid=continue]').evaluateAll((els) =>
        els.map((e) => e.closest('li.game')?.querySelector('[data-testid^=game-]')?.dataset.testid || ''),
      );
      // (Shelem was opened above too: three games in progress.)
      assert(
        cont.length === 3 && new Set(cont).size === 3 && ['game-hokm', 'game-shelem', 'game-pasur'].every((g) => cont.includes(g)),
        `one continue on each game's card (${cont})`,
      );

      // Rule pages: rule IDs are anchors, not read as text until pointed at.
      await open(page, url, '#/hokm/rules', 'en');
      const id = page.locator('.rules-item .rule-id').first();
      await id.waitFor({ state: 'attached', timeout: 15000 });
      assert(Number(await id.evaluate((e) => getComputedStyle(e).opacity)) === 0, 'a rule ID is quiet');
      const anchors = await page.locator('.rules-item[id]').count();
      assert(anchors > 5, `the rules keep their anchors (${anchors})`);

      // Haft Khabis' setup offers no setting that only online tables (with a turn timer) use.
      await open(page, url, '#/haft-khabis/setup', 'en');
      // (The form's "Play online" button is not a setting.)
      const hx = (await page.locator('form.setup-form fieldset').allTextContents()).join(' ');
      assert(!/timer|time penalty|online/i.test(hx), 'no online-only setting on this device');
    },
  },
];
