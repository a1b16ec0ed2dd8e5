// Smoke test: the app loads under a sub-path, renders a heading and a button, loads its Persian font, and
// logs no console errors, page errors or failed requests (the runner checks those after each test).
// Keep it independent of the app's wording: feature tests belong in their own files.

async function checkLoaded({ page, url, assert }) {
  await page.goto(url, { waitUntil: 'load' });
  const heading = page.locator('h1').first();
  await heading.waitFor({ state: 'visible', timeout: 15000 });
  const text = (await heading.textContent()).trim();
  assert(text.length > 0, 'the heading has text');
  assert((await page.getByRole('button').count()) >= 1, 'a button is shown');
  return text;
}

export const tests = [
  {
    name: 'app loads and shows a heading (desktop)',
    viewport: 'desktop',
    run: async (ctx) => {
      await checkLoaded(ctx);
      const { page, assert } = ctx;
      // The Vazirmatn font is served from the app's own folder (relative URL) and really loads.
      await page.evaluate(() => document.fonts.ready);
      const loaded = await page.evaluate(() =>
        [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === 'Vazirmatn' && f.status === 'loaded').length,
      );
      assert(loaded >= 1, 'a Vazirmatn font face is loaded');
    },
  },
  {
    name: 'app loads on a phone viewport',
    viewport: 'phone',
    run: async (ctx) => {
      await checkLoaded(ctx);
      const overflow = await ctx.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      ctx.assert(overflow <= 0, `no horizontal overflow (got ${overflow}px)`);
    },
  },
];
