// Error screens from spec §8: a page whose content throws (a fixture page of the test build, tests/e2e/fixtures) and
// a route whose chunks cannot be loaded (the network fails them).
import {expect, test} from './test';
import {TEST_BUILD_URL, press, visit} from './helpers';

test('a page that crashes shows the Chinese crash screen, and Try again renders it', async ({page}) => {
  await visit(page, `${TEST_BUILD_URL}/e2e/`);
  // A client-side navigation to the page that throws while it renders in the browser.
  await press(page.getByRole('link', {name: '会崩溃的页面'}));
  await expect(page.getByRole('heading', {level: 1})).toHaveText('页面崩溃了');
  await expect(page.getByText('注入的渲染错误')).toBeVisible();
  await expect(page).toHaveTitle(/^页面出错/);
  await page.evaluate(() => ((window as {__crash?: boolean}).__crash = false));
  await press(page.getByRole('button', {name: '重试'}));
  await expect(page.getByRole('heading', {level: 1})).toHaveText('页面已恢复');
});

test('a route whose chunks cannot be loaded reloads the page', async ({page}) => {
  await visit(page, '/docs/documents/introduct');
  await page.route(/\/assets\/js\/.*\.js$/, (route) => route.abort().catch(() => undefined));
  const reloaded = page.waitForEvent('load');
  await press(page.locator('a.pagination-nav__link--next'));
  await reloaded;
  await page.unrouteAll({behavior: 'ignoreErrors'});
});
