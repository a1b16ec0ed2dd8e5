// The rule pages and the read-only room settings: reachable from every game's setup form and
// table, in Persian and English, and back to where the player came from.

export const tests = [
  {
    name: 'every game: setup → rules → back, and the table lists its settings read-only',
    viewport: 'phone',
    timeout: 90000,
    run: async ({ page, url, assert }) => {
      for (const [game, id, opt] of [
        ['hokm', 'HK-13', 'opt-target'],
        ['shelem', 'SH-10', 'opt-min-bid'],
        ['bidel', 'BD-10', 'opt-trump-mode'],
        ['pasur', 'PA-11', 'opt-forced-capture'],
        ['crazy-eights', 'CE-12', 'opt-wild-rank'],
        ['haft-khabis', 'HX-13', 'opt-end'],
      ]) {
        await page.goto(`${url}#/${game}/setup`, { waitUntil: 'load' });
        await page.locator('[data-testid=setup]').waitFor({ timeout: 15000 });
        // The rule pages are a page of their own (rules.html), loaded on the way.
        await page.locator('[data-testid=rules-link]').click();
        const rules = page.locator('[data-testid=rules]');
        await rules.waitFor({ timeout: 15000 });
        assert(new URL(page.url()).pathname.endsWith('/rules.html'), `${game}: the rule pages' own page (${page.url()})`);
        assert((await page.locator(`[data-rule="${id}"]`).count()) > 0, `${game}: the rule page explains ${id}`);
        assert((await page.locator('[data-testid=rules-section]').count()) >= 3, `${game}: sections`);
        await page.locator('[data-testid=rules-back]').click();
        await page.locator('[data-testid=setup]').waitFor({ timeout: 15000 });
        assert(page.url().includes(`#/${game}/setup`), `${game}: back to the setup form (${page.url()})`);

        // The table's settings, read-only, with the same rule page.
        await page.locator('[data-testid=start]').click();
        await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
        await page.locator('[data-testid=settings-button]').click();
        const panel = page.locator('[data-testid=settings-panel]');
        await panel.waitFor({ timeout: 5000 });
        assert((await panel.locator(`[data-testid=setting-${opt}]`).count()) === 1, `${game}: ${opt} is listed`);
        // The room's rules cannot be changed at the table; only this device's sound and bot
        // speed, in their own section, can.
        const inputs = await panel.locator('input, select').count();
        const device = await panel.locator('[data-testid=device-prefs] input, [data-testid=device-prefs] select').count();
        assert(inputs === device && device === 2, `${game}: nothing of the room to change at the table (${inputs} inputs, ${device} of this device)`);
        const tableHash = new URL(page.url()).hash;
        await panel.locator('[data-testid=rules-link]').click();
        await page.locator('[data-testid=rules]').waitFor({ timeout: 15000 });
        await page.locator('[data-testid=rules-back]').click();
        await page.locator('[data-testid=table]').waitFor({ timeout: 15000 });
        assert(new URL(page.url()).hash === tableHash, `${game}: back to the same table`);
      }
      // English too.
      await page.locator('[data-testid=lang-toggle]').click();
      await page.goto(`${url}#/bidel/rules`, { waitUntil: 'load' });
      await page.locator('[data-testid=rules]').waitFor({ timeout: 15000 });
      const text = await page.locator('[data-testid=rules]').textContent();
      assert(/hearts/i.test(text), 'the English Bidel page talks about hearts');
    },
  },
];
