// Error screens from spec §8, triggered by faults injected into the network: a page whose content throws and a
// route whose chunks cannot be preloaded.
import {expect, test, type Page} from '@playwright/test';
import {hydrated} from './helpers';

const FROM = '/docs/documents/introduct';
/** The start of a paragraph of the overview page, as the minifier writes it into the page's chunk. */
const MARKER = [...'本页只讲'].map((c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');

/** A client-side navigation from the introduction to the overview (the next page in the sidebar). */
async function goToOverview(page: Page) {
  await page.locator('a.pagination-nav__link--next').click();
}

test('a page that crashes shows the Chinese crash screen, and Try again renders it', async ({page}) => {
  await page.route(/\/assets\/js\/.*\.js$/, async (route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (!body.includes(`children:"${MARKER}`)) return await route.fulfill({response});
      // Throws while the page flag is set, so that Try again can succeed once the test clears it.
      const crash = `globalThis.__crash!==false?(()=>{throw new Error("注入的渲染错误")})():`;
      return await route.fulfill({response, body: body.replace(`children:"${MARKER}`, `children:${crash}"${MARKER}`)});
    } catch {
      // A prefetch still in flight when the test ends: the page is gone, nothing to answer.
      return undefined;
    }
  });
  await page.goto(FROM);
  await hydrated(page);
  await goToOverview(page);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('页面崩溃了');
  await expect(page.getByText('注入的渲染错误')).toBeVisible();
  await expect(page).toHaveTitle(/^页面出错/);
  await page.evaluate(() => ((globalThis as {__crash?: boolean}).__crash = false));
  await page.getByRole('button', {name: '重试'}).click();
  await expect(page.locator('article h1')).toHaveText('控制台概览');
  await page.unrouteAll({behavior: 'wait'});
});

test('a route whose chunks cannot be loaded reloads the page', async ({page}) => {
  await page.goto(FROM);
  await hydrated(page);
  await page.route(/\/assets\/js\/.*\.js$/, (route) => route.abort().catch(() => undefined));
  const reloaded = page.waitForEvent('load');
  await goToOverview(page);
  await reloaded;
  await page.unrouteAll({behavior: 'ignoreErrors'});
});
