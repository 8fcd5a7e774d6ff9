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
  // The date is written without Intl (src/lib/formatDate.ts): the UTC day of the datetime, as 2026年11月24日.
  await hydrated(page);
  const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})T/.exec((await time.getAttribute('datetime'))!)!;
  await expect(time).toHaveText(`${y}年${Number(m)}月${Number(d)}日`);
});

test('a doc page loads without ICU locale data: no Intl object, no localeCompare', async ({page}) => {
  // The first of either loads the browser's locale data: 20 to 50 ms of main thread on a desktop CPU
  // (src/lib/formatDate.ts, src/plugins/no-icu.ts).
  await page.addInitScript(() => {
    const w = window as unknown as {icuCalls: string[]};
    w.icuCalls = [];
    for (const name of ['DateTimeFormat', 'Collator', 'NumberFormat', 'PluralRules', 'Segmenter'] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = function (...args: unknown[]) {
        w.icuCalls.push(`Intl.${name}`);
        return new Original(...args);
      };
    }
    const localeCompare = String.prototype.localeCompare;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof localeCompare>) {
      w.icuCalls.push(`localeCompare: ${new Error().stack?.split('\n')[2]?.trim()}`);
      return localeCompare.apply(this, args);
    };
  });
  // A page with code blocks (theme-common memoises each block's options) and, on mobile, the docs menu.
  await visit(page, '/docs/documents/guide/Train/parameter');
  await expect(page.locator('.theme-last-updated time')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as {icuCalls: string[]}).icuCalls)).toEqual([]);
});
