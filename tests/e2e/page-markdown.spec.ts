// "复制为 Markdown" and "查看 Markdown" on doc pages.
import {expect, test} from './test';
import {hydrated, press, visit} from './helpers';

const DOC = '/docs/documents/problems/outofmemory';

test.use({permissions: ['clipboard-read', 'clipboard-write']});

test('the copy button puts the page’s exact Markdown on the clipboard, by keyboard too', async ({page, request}) => {
  const expected = await (await request.get(`${DOC}.md`)).text();
  expect(expected).toMatch(/^# 显存不足/);
  await visit(page, DOC);
  const button = page.getByRole('button', {name: '复制为 Markdown'});
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', {name: '已复制'})).toBeVisible();
  // Screen readers hear the result from a live region; on screen the button says it, the region takes no space.
  const status = page.getByRole('status').filter({hasText: '已复制'});
  await expect(status).toHaveCount(1);
  expect(await status.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  await expect(page.getByRole('button', {name: '复制为 Markdown'})).toBeVisible({timeout: 5000});
});

test('a failed copy says so', async ({page}) => {
  await page.route(/\.md$/, (route) => route.abort());
  await visit(page, DOC);
  await press(page.getByRole('button', {name: '复制为 Markdown'}));
  await expect(page.getByRole('button', {name: /复制失败/})).toBeVisible();
});

test('the view link points at the page’s Markdown', async ({page}) => {
  await page.goto(DOC);
  await expect(page.getByRole('link', {name: '查看 Markdown'})).toHaveAttribute('href', `${DOC}.md`);
});

test('each doc page shows when it was last updated', async ({page}) => {
  await page.goto(DOC);
  const lastUpdated = page.locator('.theme-last-updated');
  await expect(lastUpdated).toContainText('最后');
  await expect(lastUpdated).toContainText('更新');
  const time = lastUpdated.locator('time');
  await expect(time).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  // The theme formats the UTC day of the datetime with Intl for zh-Hans: 2026年11月24日.
  await hydrated(page);
  const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})T/.exec((await time.getAttribute('datetime'))!)!;
  await expect(time).toHaveText(`${y}年${Number(m)}月${Number(d)}日`);
});
