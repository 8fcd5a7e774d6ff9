// Code blocks after hydration (src/theme/CodeBlock): the server's highlighted markup is kept, not drawn a second
// time, without loading Prism (src/prism/load.ts); the colours, copy and word-wrap controls still follow the reader,
// and a block that a client-side navigation brings is highlighted.
import {expect, test} from '@playwright/test';
import {hydrated} from './helpers';

const CODE_PAGE = '/docs/documents/guide/Train/parameter';
const block = (page: import('@playwright/test').Page) => page.locator('.theme-code-block').first();
/** Prism's chunk (webpackChunkName in src/prism/load.ts), when the page runs it (a prefetch is not a script load). */
const PRISM_CHUNK = /\/assets\/js\/prism\.[0-9a-f]+\.js$/;

function prismScriptLoads(page: import('@playwright/test').Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && PRISM_CHUNK.test(r.url())) urls.push(r.url());
  });
  return urls;
}

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
  const prism = prismScriptLoads(page);
  await page.goto(CODE_PAGE);
  await hydrated(page);
  await page.waitForTimeout(500);
  expect(await page.locator('.theme-code-block pre').count()).toBeGreaterThan(3);
  expect(await page.locator('.theme-code-block .token-line span').count()).toBeGreaterThan(50);
  // The server's tokens, coloured: a comment in vsLight's green.
  await expect(page.locator('.theme-code-block .token.comment').first()).toHaveCSS('color', 'rgb(0, 128, 0)');
  expect(await page.evaluate(() => (window as unknown as {removedPre: number}).removedPre)).toBe(0);
  expect(prism, 'Prism is not run for a page as it arrives').toEqual([]);
});

test('a reader in dark mode gets the dark code theme, and switching back restyles the blocks', async ({page}) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto(CODE_PAGE);
  await hydrated(page);
  // oceanicNext's background (#282c34); the server HTML carries the light theme's inline colours.
  await expect(block(page).locator('pre')).toHaveCSS('background-color', 'rgb(40, 44, 52)');
  // The tokens are drawn again in oceanicNext's colours (Prism loads for it), once: as many lines as before.
  const lines = await block(page).locator('.token-line').count();
  await expect(page.locator('.theme-code-block .token.comment').first()).toHaveCSS('color', 'rgb(153, 153, 153)');
  await expect(block(page).locator('.token-line')).toHaveCount(lines);
  // What the colour toggle does (stored choice, announced to the page); the toggle is inside the menu on mobile.
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light');
    window.dispatchEvent(
      new StorageEvent('storage', {key: 'theme', oldValue: 'dark', newValue: 'light', storageArea: localStorage}),
    );
  });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(block(page).locator('pre')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(page.locator('.theme-code-block .token.comment').first()).toHaveCSS('color', 'rgb(0, 128, 0)');
  await expect(block(page).locator('.token-line')).toHaveCount(lines);
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

test('a code block that a client-side navigation brings is highlighted', async ({page}) => {
  const prism = prismScriptLoads(page);
  await page.goto('/docs/documents/introduct');
  await hydrated(page);
  await page.locator('.theme-doc-markdown a[href$="/guide/Train/parameter"]').first().click();
  await expect(page).toHaveURL(/\/guide\/Train\/parameter$/);
  // Tokens with Prism's types (not plain text only), in vsLight's colours.
  await expect(page.locator('.theme-code-block .token.comment').first()).toHaveCSS('color', 'rgb(0, 128, 0)');
  expect(await page.locator('.theme-code-block .token.key').count()).toBeGreaterThan(10);
  expect(prism.length, 'Prism loaded for the navigation').toBe(1);
});
