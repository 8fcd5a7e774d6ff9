import {type BrowserContext} from '@playwright/test';
import {expect, test} from './test';
import {collectErrors, isMobile, openPrimaryMenu, press, visit} from './helpers';

const DOC = '/docs/documents/introduct';

async function setSource(context: BrowserContext, value: string, baseURL: string) {
  await context.addCookies([{name: 'source', value: encodeURIComponent(value), url: baseURL}]);
}

async function openMenuIfMobile(page: import('@playwright/test').Page) {
  if (isMobile(page)) await openPrimaryMenu(page);
}

test('without the cookie, navbar links are as configured', {tag: '@both'}, async ({page}) => {
  await visit(page, DOC);
  await expect(page.locator('a.navbar__brand').first()).toHaveAttribute('href', DOC);
  await openMenuIfMobile(page);
  await expect(
    page
      .locator('nav.navbar')
      .getByRole('link', {name: /返回控制台/})
      .last(),
  ).toHaveAttribute('href', 'https://www.llamafactory.com.cn/overview');
});

test(
  'the source cookie is appended to navbar links and the logo, with no hydration error',
  {tag: '@both'},
  async ({page, context, baseURL}) => {
    await setSource(context, 'wechat group', baseURL!);
    const errors = collectErrors(page);
    const html = await (await page.request.get(DOC)).text();
    expect(html).not.toContain('source=');
    await visit(page, DOC);
    await expect(page.locator('a.navbar__brand').first()).toHaveAttribute('href', `${DOC}?source=wechat%20group`);
    await openMenuIfMobile(page);
    await expect(
      page
        .locator('nav.navbar')
        .getByRole('link', {name: /返回控制台/})
        .last(),
    ).toHaveAttribute('href', 'https://www.llamafactory.com.cn/overview?source=wechat%20group');
    await expect(
      page.locator('nav.navbar').getByRole('link', {name: '控制台概览', exact: true}).first(),
    ).toHaveAttribute('href', '/docs/documents/overview?source=wechat%20group');
    expect(errors).toEqual([]);
  },
);

test('a hostile cookie value stays an encoded parameter and the page keeps working', async ({
  page,
  context,
  baseURL,
}) => {
  const hostile = `"><img src=x onerror=alert(1)>javascript:alert(1)&x=1#${'y'.repeat(3000)}`;
  await setSource(context, hostile, baseURL!);
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await visit(page, DOC);
  // The logo takes the cookie in an effect, after hydration: wait for it before reading the link.
  const brand = page.locator('a.navbar__brand').first();
  await expect(brand).toHaveAttribute('href', /[?&]source=/);
  const href = (await brand.getAttribute('href'))!;
  const url = new URL(href, baseURL);
  expect(url.origin).toBe(new URL(baseURL!).origin);
  expect(url.pathname).toBe(DOC);
  expect(url.searchParams.get('source')).toBe(hostile);
  await expect(page.locator('nav img[src="x"]')).toHaveCount(0);
  await press(page.locator('a.navbar__brand').first());
  await expect(page.locator('article h1')).toBeVisible();
  expect(dialogs).toBe(0);
});
