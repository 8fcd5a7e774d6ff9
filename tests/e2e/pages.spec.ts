import {expect, test} from '@playwright/test';
import {collectErrors, sitemapPaths} from './helpers';

const paths = sitemapPaths();

test('the sitemap lists the doc pages', () => {
  expect(paths).toContain('/docs/documents/introduct');
  expect(paths.filter((p) => p.startsWith('/docs/documents/')).length).toBeGreaterThanOrEqual(2);
});

for (const path of paths) {
  test(`${decodeURIComponent(path)} renders a title without errors`, async ({page}) => {
    const errors = collectErrors(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('h1').first()).not.toHaveText('');
    // Hydration and lazy chunks have settled once the colour toggle is enabled.
    await expect(page.locator('.navbar button[title*="模式"]').first()).toBeEnabled();
    expect(errors).toEqual([]);
  });
}
