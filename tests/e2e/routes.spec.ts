import {expect, test} from './test';

test.describe('home redirect', () => {
  test('/ leads to the main doc with JavaScript', async ({page}) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/docs\/documents\/introduct$/);
    await expect(page.locator('article h1')).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({javaScriptEnabled: false});
    test('/ still leads to the main doc', async ({page}) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/docs\/documents\/introduct$/);
      await expect(page.locator('article h1')).toBeVisible();
    });
  });
});

test('an unknown path shows the Chinese not-found page', async ({page}) => {
  const response = await page.goto('/docs/documents/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('找不到页面');
  await expect(page.getByText('请联系原始链接来源网站的所有者')).toBeVisible();
  await expect(page).toHaveTitle(/找不到页面/);
});

test('the document is zh-Hans', async ({page}) => {
  await page.goto('/docs/documents/introduct');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
});
