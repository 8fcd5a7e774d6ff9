// With localStorage blocked (private mode, blocked cookies) the site keeps working on per-page state.
import {expect, test} from './test';
import {collectErrors, colourToggle, navigate, press, reload, visit} from './helpers';

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
  await visit(page, '/docs/documents/introduct');
  await expect(page.locator('article h1')).toBeVisible();

  await press(page.getByRole('button', {name: '关闭', exact: true}));
  await expect(page.locator('.theme-announcement-bar')).toBeHidden();

  await press(await colourToggle(page));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('显存不足');
  await expect(page.locator('.DocSearch-Hit a').first()).toBeVisible();
  await navigate(page, () => page.locator('.DocSearch-Input').press('Enter'), /outofmemory/);

  expect(errors).toEqual([]);
  expect(warnings.filter((w) => /存储不可用/.test(w))).toHaveLength(1);
});

test('choices last only for the page when storage is blocked', async ({page}) => {
  await visit(page, '/docs/documents/introduct');
  await press(await colourToggle(page));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await reload(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
