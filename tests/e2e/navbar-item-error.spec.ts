// Spec §8: a navbar item that fails to render shows the error-boundary message in its place; the rest of the navbar
// and the page stay up. The fault: the site bundle is served with the "控制台概览" item pointing at a doc id that does
// not exist, so the doc item throws while the page hydrates (the server HTML was rendered from the real config).
import {expect, test} from '@playwright/test';
import {hydrated, isMobile, openPrimaryMenu, serveBundleWith} from './helpers';

const ITEM = '{type:"doc",docId:"documents/overview"';

test('a navbar item that throws is replaced by the error message, not the whole navbar', async ({page}) => {
  await serveBundleWith(page, ITEM, '{type:"doc",docId:"documents/no-such-page"');
  await page.goto('/docs/documents/introduct');
  await hydrated(page);
  await expect(page.locator('article h1')).toHaveText('平台介绍');
  const items = isMobile(page)
    ? (await openPrimaryMenu(page)).locator('.navbar-sidebar__item').first()
    : page.locator('nav.navbar .navbar__items').first();
  const failed = items.getByRole('alert');
  await expect(failed).toHaveText('此导航项加载失败');
  await expect(failed).toBeInViewport();
  await expect(failed).toHaveAttribute('title', /documents\/no-such-page/);
  await expect(items.getByRole('link', {name: '控制台概览', exact: true})).toHaveCount(0);
  // The other items are still there.
  await expect(items.getByRole('link', {name: '文档', exact: true})).toBeInViewport();
  await expect(
    page
      .locator('nav.navbar')
      .getByRole('link', {name: /返回控制台/})
      .first(),
  ).toBeAttached();
  await page.unrouteAll({behavior: 'ignoreErrors'});
});
