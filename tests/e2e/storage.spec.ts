// With localStorage blocked (private mode, blocked cookies) the site keeps working on per-page state.
import {expect, test} from '@playwright/test';
import {collectErrors, hydrated} from './helpers';

test.beforeEach(async ({page}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
});

test('pages, colour mode, the announcement bar and search work without storage', async ({page}) => {
  const errors = collectErrors(page);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await page.goto('/docs/documents/introduct');
  await hydrated(page);
  await expect(page.locator('article h1')).toBeVisible();

  await page.getByRole('button', {name: '关闭', exact: true}).click();
  await expect(page.locator('.theme-announcement-bar')).toBeHidden();

  const toggle = page.locator('button[title*="模式"]:visible').first();
  if (!(await toggle.isVisible())) await page.getByRole('button', {name: '打开或关闭导航菜单'}).click();
  await page.locator('button[title*="模式"]:visible').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('显存不足');
  await expect(page.locator('.DocSearch-Hit a').first()).toBeVisible();
  await page.locator('.DocSearch-Input').press('Enter');
  await expect(page).toHaveURL(/outofmemory/);

  expect(errors).toEqual([]);
  expect(warnings.filter((w) => /存储不可用/.test(w))).toHaveLength(1);
});

test('choices last only for the page when storage is blocked', async ({page}) => {
  await page.goto('/docs/documents/introduct');
  await hydrated(page);
  const menu = page.getByRole('button', {name: '打开或关闭导航菜单'});
  if (await menu.isVisible()) await menu.click();
  await page.locator('button[title*="模式"]:visible').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
