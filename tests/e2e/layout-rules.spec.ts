// Layout and state rules of spec §2 and §4, each as a reader would notice it.
import {type Page} from '@playwright/test';
import {expect, test} from './test';
import {TEST_BUILD_URL, colourToggle, idle, openPrimaryMenu, press, reload, visit} from './helpers';

const DOC = '/docs/documents/introduct';
const LONG_DOC = '/docs/documents/guide/Train/parameter';

/** Scrolls down 1500 px in ten steps, one per frame, so that the page sees ten scroll events as a reader's would. */
async function scrollDown(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let i = 0; i < 10; i++) {
      window.scrollBy(0, 150);
      await frame();
    }
  });
}

/**
 * Waits until the page has stopped scrolling (the same position over five frames) and the navbar has handled the
 * last scroll event (scroll events fire before the frame's callbacks; React commits within the next task).
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let still = 0;
    let last = window.scrollY;
    while (still < 5) {
      await frame();
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
    }
    await new Promise((resolve) => setTimeout(resolve));
  });
}

test('the navbar hides when scrolling down past its height', {tag: '@both'}, async ({page}) => {
  await visit(page, LONG_DOC);
  const navbar = page.locator('nav.navbar');
  await expect(navbar).not.toHaveClass(/navbarHidden/);
  await scrollDown(page);
  await expect(navbar).toHaveClass(/navbarHidden/);
});

test.describe('the hidden navbar reappears', () => {
  /** The navbar is shown and the heading sits below it, not under it. */
  async function expectHeadingBelowShownNavbar(page: Page, id: string) {
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await settled(page);
    expect(await page.locator('nav.navbar').getAttribute('class')).not.toMatch(/navbarHidden/);
    const {top, navbarHeight} = await page.evaluate((i) => {
      return {
        top: document.getElementById(i)!.getBoundingClientRect().top,
        navbarHeight: document.querySelector<HTMLElement>('nav.navbar')!.offsetHeight,
      };
    }, id);
    expect(top).toBeGreaterThanOrEqual(navbarHeight);
    expect(top).toBeLessThan(navbarHeight + 100);
  }

  test('on scrolling up', {tag: '@both'}, async ({page}) => {
    await visit(page, LONG_DOC);
    const navbar = page.locator('nav.navbar');
    await scrollDown(page);
    await expect(navbar).toHaveClass(/navbarHidden/);
    await page.evaluate(() => window.scrollBy(0, -100));
    await expect(navbar).not.toHaveClass(/navbarHidden/);
  });

  test(
    'after an in-page link scrolls down to a heading, which is not hidden under it',
    {tag: '@both'},
    async ({page}) => {
      await visit(page, LONG_DOC);
      await press(page.locator('article a[href="#llamaboard-defaults"]').first());
      await expectHeadingBelowShownNavbar(page, 'llamaboard-defaults');
    },
  );

  test('after a table-of-contents link, once scrolling down has hidden it', async ({page}) => {
    await visit(page, LONG_DOC);
    await scrollDown(page);
    await expect(page.locator('nav.navbar')).toHaveClass(/navbarHidden/);
    await press(page.locator('.theme-doc-toc-desktop a[href="#recipes"]'));
    await expectHeadingBelowShownNavbar(page, 'recipes');
  });
});

test.describe('collapsible sidebar categories', () => {
  /**
   * Expands the category and returns every `transition` its collapsible was given on the way. Docusaurus shows the
   * items (display: block) one animation frame before it sets the transition, so the items being visible is not the
   * end: wait until a transition was recorded. Each style change is read from the new style and from the one it
   * replaced, so a transition set and cleared within one task is still seen.
   */
  async function transitionsWhileExpanding(page: Page): Promise<string[]> {
    await visit(page, DOC);
    const item = page.locator('.theme-doc-sidebar-item-category', {hasText: '模型训练'}).first();
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as {transitions: string[]}).transitions = []);
      const transitionOf = (style: string | null) => /(?:^|;)\s*transition:\s*([^;]+)/.exec(style ?? '')?.[1]?.trim();
      new MutationObserver((records) => {
        for (const r of records) {
          for (const t of [transitionOf(r.oldValue), transitionOf((r.target as Element).getAttribute('style'))]) {
            if (t && !seen.includes(t)) seen.push(t);
          }
        }
      }).observe(document.querySelector('.theme-doc-sidebar-menu')!, {
        attributes: true,
        attributeOldValue: true,
        subtree: true,
        attributeFilter: ['style'],
      });
    });
    await press(item.locator('.menu__link').first());
    await expect(item.getByRole('link', {name: '训练参数详解'})).toBeVisible();
    const transitions = () => page.evaluate(() => (window as unknown as {transitions: string[]}).transitions);
    await expect.poll(async () => (await transitions()).length).toBeGreaterThan(0);
    return transitions();
  }

  test('animate their height', async ({page}) => {
    const transitions = await transitionsWhileExpanding(page);
    expect(
      transitions.some((t) => /height \d{2,}ms/.test(t)),
      transitions.join(' | '),
    ).toBe(true);
  });

  test('take 1 ms with a reduced-motion preference', async ({page}) => {
    await page.emulateMedia({reducedMotion: 'reduce'});
    const transitions = await transitionsWhileExpanding(page);
    expect(transitions.length).toBeGreaterThan(0);
    expect(
      transitions.every((t) => /height 1ms/.test(t)),
      transitions.join(' | '),
    ).toBe(true);
  });
});

test.describe('prefetching', () => {
  /**
   * Brings the next-page link into view and hovers it, then waits for the browser to be idle a few times over, so
   * that the idle-time prefetch queue (src/clientModules/idlePrefetch.ts, worked off in idle callbacks) has handled
   * the route. Returns how to count the chunks the page has since asked the browser to prefetch (Docusaurus adds the
   * `<link rel="prefetch">` elements synchronously) and the chunk requests made since the page had loaded.
   */
  async function prefetchesOfNextLink(page: Page): Promise<{links: () => Promise<number>; requests: () => number}> {
    await visit(page, DOC);
    await page.waitForLoadState('networkidle');
    await idle(page, 3);
    let requests = 0;
    page.on('request', (r) => {
      if (/\/assets\/js\//.test(r.url())) requests++;
    });
    // Chunks the bundle itself prefetches as it starts (webpackPrefetch: Prism) are not route prefetches.
    const prefetchLinks = page.locator('link[rel="prefetch"][href*="/assets/js/"]');
    const before = await prefetchLinks.count();
    const link = page.locator('a.pagination-nav__link--next');
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    await idle(page, 3);
    return {links: async () => (await prefetchLinks.count()) - before, requests: () => requests};
  }

  test('links are prefetched on a normal connection', async ({page}) => {
    const {links, requests} = await prefetchesOfNextLink(page);
    await expect.poll(links).toBeGreaterThan(0);
    await expect.poll(requests).toBeGreaterThan(0);
  });

  for (const connection of [
    {effectiveType: '2g', saveData: false},
    {effectiveType: '4g', saveData: true},
  ]) {
    test(`links are not prefetched on ${connection.saveData ? 'Save-Data' : '2g'}`, async ({page}) => {
      await page.addInitScript((c) => {
        Object.defineProperty(navigator, 'connection', {configurable: true, value: c});
      }, connection);
      const {links, requests} = await prefetchesOfNextLink(page);
      expect(await links()).toBe(0);
      expect(requests()).toBe(0);
    });
  }
});

test.describe('announcement bar', () => {
  test('closing it is remembered across reloads', async ({page}) => {
    await visit(page, DOC);
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toBeVisible();
    await press(bar.getByRole('button', {name: '关闭', exact: true}));
    await expect(bar).toBeHidden();
    await reload(page);
    await expect(bar).toBeHidden();
  });

  test('a new announcement id resets the dismissal', async ({page}) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
      sessionStorage.setItem('seeded', '1');
    });
    await visit(page, DOC);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('false');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('docusaurus.announcement.id')))
      .toBe('docs-2026-11');
    // Docusaurus hides the bar before hydration from the stored flag, so the reset shows from the next page view.
    await reload(page);
    await expect(page.locator('.theme-announcement-bar')).toBeVisible();
  });
});

test('a stored docs version preference naming no known version is cleared', async ({page}) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('docs-preferred-version-default', 'v0-removed');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await visit(page, DOC);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
});

test.describe('colour mode', () => {
  test('the toggle is disabled in the server HTML and enabled once the client has rendered', async ({page}) => {
    const html = await (await page.request.get(DOC)).text();
    expect(html).toMatch(/<button[^>]*\bdisabled\b[^>]*title="?[^"\s>]*模式/);
    await visit(page, DOC);
    await expect(page.locator('button[title*="模式"]').first()).toBeEnabled();
  });

  test(
    'the toggle goes light, dark, light; other tabs follow and a reload keeps the choice',
    {tag: '@both'},
    async ({page, context}) => {
      await visit(page, DOC);
      const other = await context.newPage();
      await visit(other, DOC);
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-theme', 'light');
      await press(await colourToggle(page));
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await reload(page);
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await press(await colourToggle(page));
      await expect(html).toHaveAttribute('data-theme', 'light');
      await expect(other.locator('html')).toHaveAttribute('data-theme', 'light');
    },
  );

  // A site that turns the switch off later must not keep readers on their old choice: the test build has the switch
  // disabled (E2E_FIXTURES in src/settings.ts).
  test('a stored choice is deleted when the switch is disabled', async ({page}) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      localStorage.setItem('theme', 'dark');
      sessionStorage.setItem('seeded', '1');
    });
    await visit(page, TEST_BUILD_URL + DOC);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await expect(page.locator('button[title*="模式"]')).toHaveCount(0);
    await reload(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('mobile menu at 390 px', () => {
  test('opens on the docs menu, whose back button leads to the primary menu', {tag: '@mobile'}, async ({page}) => {
    await visit(page, DOC);
    await press(page.getByRole('button', {name: '打开或关闭导航菜单'}));
    const menu = page.locator('.navbar-sidebar');
    const back = menu.getByRole('button', {name: '← 回到主菜单'});
    // The two menus slide sideways: the one not shown is moved out of the viewport, not removed.
    await expect(back).toBeInViewport();
    await expect(menu.getByRole('link', {name: '平台介绍'}).first()).toBeInViewport();
    await expect(menu.getByRole('link', {name: /返回控制台/})).not.toBeInViewport();
    await press(back);
    await expect(back).not.toBeInViewport();
    await expect(menu.getByRole('link', {name: '平台介绍'}).first()).not.toBeInViewport();
    const primary = menu.locator('.navbar-sidebar__item').first();
    for (const name of ['文档', '控制台概览', /返回控制台/]) {
      await expect(primary.getByRole('link', {name, exact: typeof name === 'string'})).toBeInViewport();
    }
  });

  test('a dropdown starts collapsed when none of its links is the current page', {tag: '@mobile'}, async ({page}) => {
    await visit(page, DOC);
    const menu = await openPrimaryMenu(page);
    // The language dropdown: its one link goes through a full page load (pathname://), never a route match.
    const dropdown = menu.locator('.menu__list-item', {has: page.getByRole('button', {name: /选择语言/})});
    const language = dropdown.getByRole('link', {name: '简体中文'});
    await expect(dropdown).toHaveClass(/menu__list-item--collapsed/);
    await expect(language).toBeHidden();
    await press(dropdown.getByRole('button', {name: '展开下拉菜单'}));
    await expect(dropdown).not.toHaveClass(/menu__list-item--collapsed/);
    await expect(language).toBeVisible();
  });

  // Our navbar has no dropdown with a route link (the spec does not ask for one); the test build has one, "更多",
  // holding the overview page (E2E_FIXTURES in src/settings.ts).
  test('a dropdown holding the current page starts expanded', {tag: '@mobile'}, async ({page}) => {
    await visit(page, TEST_BUILD_URL + '/docs/documents/overview');
    const menu = await openPrimaryMenu(page);
    const dropdown = menu.locator('.menu__list-item', {has: page.getByRole('button', {name: '更多'})});
    await expect(dropdown).not.toHaveClass(/menu__list-item--collapsed/);
    await expect(dropdown.getByRole('link', {name: '概览页'})).toBeInViewport();
  });
});
