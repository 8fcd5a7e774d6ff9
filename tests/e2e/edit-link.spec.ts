// "编辑此页": present and pointing where the EDIT_URL setting says on a build that sets it; absent when it is unset.
import {expect, test} from '@playwright/test';

// scripts/test.sh builds build-algolia (served on E2E_PORT + 1) with EDIT_URL set to this value.
const EDIT_URL = process.env.TEST_EDIT_URL ?? 'https://git.example.com/llamafactory/docs/edit/main/docs/';
const withSetting = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

const pages = [
  ['/docs/documents/introduct', 'documents/introduct.md'],
  ['/docs/documents/guide/Train/evaluate&predict', 'documents/guide/Train/evaluate%26predict.md'],
  ['/docs/documents/guide/shili/%7Bproduct%7D', 'documents/guide/shili/%7Bproduct%7D.md'],
] as const;

for (const [path, file] of pages) {
  test(`the edit link of ${decodeURI(path)} opens its Markdown file in the repository`, async ({page}) => {
    await page.goto(withSetting + path);
    const link = page.getByRole('link', {name: '编辑此页'});
    await expect(link).toHaveAttribute('href', EDIT_URL + file);
    await expect(link).toHaveAttribute('target', '_blank');
  });
}

test('without EDIT_URL no page shows an edit link', async ({page}) => {
  await page.goto('/docs/documents/introduct');
  await expect(page.locator('.theme-last-updated')).toBeVisible();
  await expect(page.getByRole('link', {name: '编辑此页'})).toHaveCount(0);
});
