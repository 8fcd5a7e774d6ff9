// Code blocks after hydration (src/theme/CodeBlock): the server's highlighted markup is kept, not drawn a second
// time, and the colours, copy and word-wrap controls still follow the reader.
import {expect, test} from '@playwright/test';
import {hydrated} from './helpers';

const CODE_PAGE = '/docs/documents/guide/Train/parameter';
const block = (page: import('@playwright/test').Page) => page.locator('.theme-code-block').first();

test('hydration keeps the server-rendered code blocks in place', async ({page}) => {
  // Counts <pre> elements taken out of the document from the first byte on; the stock theme remounted every block.
  await page.addInitScript(() => {
    const w = window as unknown as {removedPre: number};
    w.removedPre = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof Element && (node.matches('pre') || node.querySelector('pre'))) w.removedPre++;
        }
      }
    }).observe(document, {childList: true, subtree: true});
  });
  await page.goto(CODE_PAGE);
  await hydrated(page);
  await page.waitForTimeout(500);
  expect(await page.locator('.theme-code-block pre').count()).toBeGreaterThan(3);
  expect(await page.locator('.theme-code-block .token-line span').count()).toBeGreaterThan(50);
  expect(await page.evaluate(() => (window as unknown as {removedPre: number}).removedPre)).toBe(0);
});

test('a reader in dark mode gets the dark code theme, and switching back restyles the blocks', async ({page}) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto(CODE_PAGE);
  await hydrated(page);
  // oceanicNext's background (#282c34); the server HTML carries the light theme's inline colours.
  await expect(block(page).locator('pre')).toHaveCSS('background-color', 'rgb(40, 44, 52)');
  // What the colour toggle does (stored choice, announced to the page); the toggle is inside the menu on mobile.
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light');
    window.dispatchEvent(
      new StorageEvent('storage', {key: 'theme', oldValue: 'dark', newValue: 'light', storageArea: localStorage}),
    );
  });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(block(page).locator('pre')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
});

test('the copy button copies the block and the word-wrap button wraps it', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({width: 390, height: 800});
  await page.goto(CODE_PAGE);
  await hydrated(page);
  // The first block whose lines are wider than the page offers word wrap.
  const wide = page.locator('.theme-code-block', {has: page.getByRole('button', {name: '切换自动换行'})}).first();
  await wide.scrollIntoViewIfNeeded();
  const code = wide.locator('pre code');
  await expect(code).toHaveCSS('white-space', 'pre');
  await wide.hover();
  await wide.getByRole('button', {name: '切换自动换行'}).click();
  await expect(code).toHaveCSS('white-space', 'pre-wrap');
  await wide.getByRole('button', {name: '复制代码到剪贴板'}).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const text = (await code.innerText()).trim();
  expect(copied.trim().replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
});
