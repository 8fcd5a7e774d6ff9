// Spec §8: a navbar item that fails to render shows the error-boundary message in its place; the rest of the navbar
// and the page stay up. The fault: the test build's navbar has an item that throws while it renders in the browser
// (tests/e2e/fixtures, E2E_FIXTURES in src/settings.ts); the server HTML renders nothing for it.
import {expect, test} from './test';
import {TEST_BUILD_URL, isMobile, openPrimaryMenu, visit} from './helpers';

test(
  'a navbar item that throws is replaced by the error message, not the whole navbar',
  {tag: '@both'},
  async ({page}) => {
    await visit(page, TEST_BUILD_URL + '/docs/documents/introduct');
    await expect(page.locator('article h1')).toHaveText('平台介绍');
    const items = isMobile(page)
      ? (await openPrimaryMenu(page)).locator('.navbar-sidebar__item').first()
      : page.locator('nav.navbar .navbar__items').first();
    const failed = items.getByRole('alert');
    await expect(failed).toHaveText('此导航项加载失败');
    await expect(failed).toBeInViewport();
    await expect(failed).toHaveAttribute('title', /this navbar item fails on purpose/);
    // The other items are still there.
    await expect(items.getByRole('link', {name: '文档', exact: true})).toBeInViewport();
    await expect(items.getByRole('link', {name: '控制台概览', exact: true})).toBeInViewport();
    await expect(
      page
        .locator('nav.navbar')
        .getByRole('link', {name: /返回控制台/})
        .first(),
    ).toBeAttached();
  },
);
