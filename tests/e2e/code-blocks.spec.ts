// Code blocks (src/theme/CodeBlock, src/prism): the colours follow the reader's mode from the first paint; after
// hydration the server's highlighted markup is kept, not drawn a second time, without loading Prism
// (src/prism/load.ts); copy and word wrap work, and a block that a client-side navigation brings is highlighted.
import {type Page} from '@playwright/test';
import {expect, test} from './test';
import {idle, navigate, press, recordRemovals, visit} from './helpers';

const CODE_PAGE = '/docs/documents/guide/Train/parameter';
const block = (page: Page) => page.locator('.theme-code-block').first();
/** Prism's chunk (webpackChunkName in src/prism/load.ts), when the page runs it (a prefetch is not a script load). */
const PRISM_CHUNK = /\/assets\/js\/prism\.[0-9a-f]+\.js$/;

function prismScriptLoads(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && PRISM_CHUNK.test(r.url())) urls.push(r.url());
  });
  return urls;
}

/** The elements a redraw takes out of the document (the stock theme redrew every block after hydration). */
const SERVER_LINES = 'pre, .token-line';

const comment = (page: Page) => page.locator('.theme-code-block .token.comment').first();

test('hydration keeps the server-rendered code blocks in place', async ({page}) => {
  const removed = await recordRemovals(page, SERVER_LINES);
  const prism = prismScriptLoads(page);
  await visit(page, CODE_PAGE);
  // Whatever the page does after hydration (effects, idle work) has run before the lines are counted.
  await idle(page);
  expect(await page.locator('.theme-code-block pre').count()).toBeGreaterThan(3);
  expect(await page.locator('.theme-code-block .token-line span').count()).toBeGreaterThan(50);
  // The server's tokens, coloured: a comment in vsLight's green.
  await expect(comment(page)).toHaveCSS('color', 'rgb(0, 128, 0)');
  expect((await removed()).length).toBe(0);
  expect(prism, 'Prism is not run for a page as it arrives').toEqual([]);
  // It is prefetched (by the route chunk that holds src/prism/load.ts), ready for a client-side navigation.
  await expect(page.locator('link[rel="prefetch"][href*="/assets/js/prism."]')).toBeAttached();
});

test('a reader in dark mode has dark code blocks before the scripts run; the toggle restyles them in place', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  // The page as it shows before the site's scripts have run (the inline colour-mode script runs).
  await page.route('**/assets/js/**', (route) => route.abort());
  await page.goto(CODE_PAGE);
  // oceanicNext's background (#282c34) and comment colour.
  await expect(block(page).locator('pre')).toHaveCSS('background-color', 'rgb(40, 44, 52)');
  await expect(comment(page)).toHaveCSS('color', 'rgb(153, 153, 153)');
  await page.unroute('**/assets/js/**');

  const removed = await recordRemovals(page, SERVER_LINES);
  const prism = prismScriptLoads(page);
  await visit(page, CODE_PAGE);
  await expect(comment(page)).toHaveCSS('color', 'rgb(153, 153, 153)');
  // What the colour toggle does (stored choice, announced to the page); the toggle is inside the menu on mobile.
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light');
    window.dispatchEvent(
      new StorageEvent('storage', {key: 'theme', oldValue: 'dark', newValue: 'light', storageArea: localStorage}),
    );
  });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(block(page).locator('pre')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(comment(page)).toHaveCSS('color', 'rgb(0, 128, 0)');
  expect((await removed()).length, 'lines drawn again').toBe(0);
  expect(prism, 'Prism is not needed for the colours').toEqual([]);
});

test('the copy button copies the block and the word-wrap button wraps it', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({width: 390, height: 800});
  await visit(page, CODE_PAGE);
  // The first block whose lines are wider than the page offers word wrap.
  const wide = page.locator('.theme-code-block', {has: page.getByRole('button', {name: '切换自动换行'})}).first();
  await wide.scrollIntoViewIfNeeded();
  const code = wide.locator('pre code');
  await expect(code).toHaveCSS('white-space', 'pre');
  await wide.hover();
  await press(wide.getByRole('button', {name: '切换自动换行'}));
  await expect(code).toHaveCSS('white-space', 'pre-wrap');
  await press(wide.getByRole('button', {name: '复制代码到剪贴板'}));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const text = (await code.innerText()).trim();
  expect(copied.trim().replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
});

test('a code block that a client-side navigation brings is highlighted', async ({page}) => {
  const prism = prismScriptLoads(page);
  await visit(page, '/docs/documents/introduct');
  await navigate(
    page,
    () => press(page.locator('.theme-doc-markdown a[href$="/guide/Train/parameter"]').first()),
    /\/guide\/Train\/parameter$/,
  );
  // Tokens with Prism's types (not plain text only), in vsLight's colours.
  await expect(comment(page)).toHaveCSS('color', 'rgb(0, 128, 0)');
  expect(await page.locator('.theme-code-block .token.key').count()).toBeGreaterThan(10);
  expect(prism.length, 'Prism loaded for the navigation').toBe(1);
});
