import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, type Locator, type Page} from '@playwright/test';

/** Paths of every page in the production build's sitemap (`E2E_BUILD_DIR`, default `build`), as served locally. */
export function sitemapPaths(): string[] {
  const xml = readFileSync(join(process.cwd(), process.env.E2E_BUILD_DIR ?? 'build', 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')).pathname);
}

/** Collects console errors and uncaught page errors for the life of the page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Waits until React has hydrated the page, so client-side handlers (shortcuts, toggles) are attached. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
}

/** Whether the page has the mobile layout (the switch is at 996 px). */
export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 997;
}

/** On a doc page at mobile width: opens the menu (it shows the docs menu) and goes back to the primary menu. */
export async function openPrimaryMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', {name: '打开或关闭导航菜单'}).click();
  const menu = page.locator('.navbar-sidebar');
  await menu.getByRole('button', {name: '← 回到主菜单'}).click();
  return menu;
}

/**
 * Serves the site bundle (main.js) with `from` replaced by `to`, as a build with that change would ship it: a fault
 * or a configuration no real build of ours has, without a build per case. Fails at once, with a clear message, when
 * the bundle no longer contains `from` (the minifier or the config changed).
 */
export async function serveBundleWith(page: Page, from: string, to: string): Promise<void> {
  const html = await (await page.request.get('/docs/documents/introduct')).text();
  const src = /"(\/assets\/js\/main\.[0-9a-f]+\.js)"/.exec(html)?.[1];
  expect(src, 'the site bundle in the page HTML (src/ssrTemplate.ts)').toBeTruthy();
  const body = await (await page.request.get(src!)).text();
  expect(body, 'the text to replace, as the bundle writes it').toContain(from);
  const patched = body.replace(from, to);
  await page.route(`**${src}`, (route) =>
    route.fulfill({body: patched, contentType: 'application/javascript'}).catch(() => {
      // The page is gone (test over): nothing to answer.
    }),
  );
}
