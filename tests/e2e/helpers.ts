import {expect, type ConsoleMessage, type Locator, type Page} from '@playwright/test';

/** Paths of every page in the production build's sitemap, as served (the build-output tests read it the same way). */
export {sitemapPaths} from '../output/output';

/**
 * The test build (scripts/test.sh: fake Algolia credentials, EDIT_URL and the fixtures of tests/e2e/fixtures),
 * served on the port after the production build's.
 */
export const TEST_BUILD_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

/** Collects console errors and uncaught page errors for the life of the page. */
export function collectErrors(page: Page): string[] {
  return watchErrors(page).errors;
}

/** Collects console errors and uncaught page errors until `stop` (for a page that outlives one test). */
export function watchErrors(page: Page): {errors: string[]; stop: () => void} {
  const errors: string[] = [];
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() === 'error') errors.push(msg.text());
  };
  const onError = (err: Error) => {
    errors.push(err.message);
  };
  page.on('console', onConsole);
  page.on('pageerror', onError);
  return {
    errors,
    stop: () => {
      page.off('console', onConsole);
      page.off('pageerror', onError);
    },
  };
}

/**
 * Waits until React has hydrated the page, so client-side handlers (shortcuts, toggles) are attached, and the theme
 * has drawn its browser-only state (category toggles instead of links, code-block buttons), which follows hydration
 * in a transition (src/theme/Root.tsx sets `data-theme-live` when it is done).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"][data-theme-live="true"]').waitFor({state: 'attached'});
}

/**
 * Loads a page and waits until React has hydrated it: the site bundle starts after the first frame
 * (src/ssrTemplate.ts), so a click or key press before that would do nothing. Returns the main response.
 */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

/** Reloads the page and waits for hydration, as `visit` does. */
export async function reload(page: Page): Promise<void> {
  await page.reload();
  await hydrated(page);
}

/**
 * Goes to another page, by loading `to` (a path) or by doing `to` (a click, an Enter on a hit …) with the address it
 * should reach, and returns only once that page is live: the address is reached, the new route has rendered (its
 * title replaced the old page's: Docusaurus changes the address first and keeps the old page on screen while the new
 * one's chunks load, and sets the title once the new page has rendered), its `<h1>` shows and the app is hydrated.
 * Anything read or pressed after a navigation waits for this; reading the old page, or pressing a key while the route
 * change is still under way, is the race that made tests fail by chance.
 */
export async function navigate(page: Page, to: string | (() => Promise<unknown>), url?: RegExp): Promise<void> {
  if (typeof to === 'string') {
    await visit(page, to);
    await expect(page.locator('h1').first()).toBeVisible();
    return;
  }
  if (!url) throw new Error('navigate: a navigation by action needs the address it should reach');
  const before = await page.title();
  await to();
  await expect(page).toHaveURL(url);
  await expect(page).not.toHaveTitle(before);
  await expect(page.locator('h1').first()).toBeVisible();
  await hydrated(page);
}

/**
 * Clicks a React control the way a reader does: only once the page has hydrated (a click on the server's markup
 * before that does nothing, and on a busy machine the bundle can start seconds after the first paint).
 */
export async function press(control: Locator): Promise<void> {
  await hydrated(control.page());
  await control.click();
}

/**
 * Waits until the browser has been idle `times` times in a row (each idle callback asked for in the one before), so
 * that idle work queued before (prefetches, lazy effects), and any idle work it queued in turn, has run.
 */
export async function idle(page: Page, times = 2): Promise<void> {
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => requestIdleCallback(resolve));
  }, times);
}

/**
 * Records, from the first byte of the next navigation on, each element taken out of the document that is or holds an
 * element matching `selector` (what hydration must keep). Call before loading the page; the function returned reads
 * the list, one `tag.class.class` per removed element.
 */
export async function recordRemovals(page: Page, selector: string): Promise<() => Promise<string[]>> {
  await page.addInitScript((kept) => {
    const removed: string[] = [];
    (window as unknown as {removedOnLoad: string[]}).removedOnLoad = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (!(node instanceof Element) || !(node.matches(kept) || node.querySelector(kept))) continue;
          removed.push(`${node.tagName.toLowerCase()}.${Array.from(node.classList).join('.')}`);
        }
      }
    }).observe(document, {childList: true, subtree: true});
  }, selector);
  return () => page.evaluate(() => (window as unknown as {removedOnLoad: string[]}).removedOnLoad);
}

/** Whether the page has the mobile layout (the switch is at 996 px). */
export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 997;
}

/** On a doc page at mobile width: opens the menu (it shows the docs menu) and goes back to the primary menu. */
export async function openPrimaryMenu(page: Page): Promise<Locator> {
  await press(page.getByRole('button', {name: '打开或关闭导航菜单'}));
  const menu = page.locator('.navbar-sidebar');
  await press(menu.getByRole('button', {name: '← 回到主菜单'}));
  return menu;
}

/** The colour-mode toggle a reader can reach: in the navbar on desktop, inside the opened menu on mobile. */
export async function colourToggle(page: Page): Promise<Locator> {
  if (isMobile(page)) await press(page.getByRole('button', {name: '打开或关闭导航菜单'}));
  const toggle = page.locator('button[title*="模式"]:visible').first();
  await expect(toggle).toBeEnabled();
  return toggle;
}
