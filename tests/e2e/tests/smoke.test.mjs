// Smoke test: the app loads under a sub-path, renders its heading and button, and logs no errors.

export const tests = [
  {
    name: 'app loads and shows a heading (desktop)',
    viewport: 'desktop',
    run: async ({ page, url, assert }) => {
      await page.goto(url, { waitUntil: 'load' });
      const heading = page.locator('h1');
      await heading.waitFor({ state: 'visible', timeout: 15000 });
      assert((await heading.textContent()).includes('Hokm'), 'heading says Hokm');
      const button = page.getByRole('button');
      assert((await button.count()) >= 1, 'a button is shown');
      await button.first().click();
      await page.getByText('Clicks: 1').waitFor({ timeout: 5000 });
      // The Persian font is served from the app's own folder and actually loads.
      await page.evaluate(() => document.fonts.ready);
      const fontLoaded = await page.evaluate(() => document.fonts.check('700 16px Vazirmatn', 'حکم'));
      assert(fontLoaded, 'Vazirmatn bold is loaded');
    },
  },
  {
    name: 'app loads on a phone viewport',
    viewport: 'phone',
    run: async ({ page, url, assert }) => {
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('h1').waitFor({ state: 'visible', timeout: 15000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `no horizontal overflow (got ${overflow}px)`);
    },
  },
];
