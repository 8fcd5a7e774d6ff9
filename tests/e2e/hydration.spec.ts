// Issue #28: on the first load, the article's plain blocks (text, tables, lists with no link or code block) keep the
// server's markup instead of being walked again by React (src/lib/serverMarkup.tsx). Nothing a reader does changes:
// the links in the article still navigate client-side, and a page that a client-side navigation brings renders its
// tables in full.
import {collectErrors, press, visit} from './helpers';
import {expect, test} from './test';

test('after hydration the article links navigate client-side, and client-rendered tables are complete', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await visit(page, '/docs/documents/guide/Train/parameter');
  const cell = page.locator('.theme-doc-markdown td code', {hasText: /^lora_rank$/}).first();
  await expect(cell).toBeVisible();
  // A property of this document: it is lost if a click loads a new one.
  await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
  await press(page.locator('.theme-doc-markdown a[href^="/docs/documents/env"]').first());
  await expect(page).toHaveURL(/\/docs\/documents\/env#llamafactory-version$/);
  await expect(page.locator('article h1')).toHaveText('运行环境');
  await page.goBack();
  await expect(page).toHaveURL(/\/guide\/Train\/parameter$/);
  await expect(cell).toBeVisible();
  await expect(page.locator('.theme-doc-markdown table').first().locator('tr').nth(1)).toBeVisible();
  expect(await page.evaluate(() => (window as {__sameDocument?: boolean}).__sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});
