// Accessibility: axe-core (WCAG 2.0/2.1 A and AA) on every sitemap page, the search page with results and the
// not-found page, in light and dark mode, with no serious or critical violation; and the keyboard paths that the other
// specs do not already cover (skip link target, sidebar categories, search opened with `/`, colour-mode toggle).
import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Locator, type Page} from '@playwright/test';
import {hydrated, isMobile, sitemapPaths} from './helpers';

const DOC = '/docs/documents/introduct';
const EXTRA = ['/search?q=显存', '/no-such-page'];
const pages = [...sitemapPaths(), ...EXTRA];
const GROUPS = 10;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
type Mode = 'light' | 'dark';

/** Loads a page and waits until what a reader sees has settled: hydration, search results, Mermaid diagrams. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator('.navbar button[title*="模式"]').first()).toBeEnabled();
  // The search page shows results once the embedded index (about 440 KiB gzip) is loaded and read: seconds on a busy
  // 2-core machine. This spec checks the results' accessibility; search.spec.ts checks the search itself.
  if (path.startsWith('/search?')) await expect(page.locator('article h2 a').first()).toBeVisible({timeout: 30_000});
  // Diagrams are drawn only near the viewport: bring each placeholder into view so axe sees the drawn SVG.
  // (In the page, in one step: a placeholder near the viewport may turn into its diagram at any moment.)
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const placeholders = document.querySelectorAll('[aria-label="图表加载中"]');
          placeholders[0]?.scrollIntoView({block: 'center'});
          return placeholders.length;
        }),
      {timeout: 30_000},
    )
    .toBe(0);
  await expect(page.locator('.docusaurus-mermaid-container:not(:has(svg))')).toHaveCount(0, {timeout: 10_000});
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Stores the colour mode the way the toggle does and tells the page, so React re-renders code blocks and diagrams. */
async function switchMode(page: Page, mode: Mode): Promise<void> {
  const diagramStyles = () =>
    page.locator('.docusaurus-mermaid-container svg style').evaluateAll((els) => els.map((el) => el.textContent));
  const changes = (await page.locator('html').getAttribute('data-theme')) !== mode;
  const before = await diagramStyles();
  await page.evaluate((newValue) => {
    const oldValue = localStorage.getItem('theme');
    localStorage.setItem('theme', newValue);
    window.dispatchEvent(new StorageEvent('storage', {key: 'theme', oldValue, newValue, storageArea: localStorage}));
  }, mode);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  await expect(page.locator('html')).toHaveAttribute('data-theme-choice', mode);
  if (changes && before.length > 0) {
    await expect.poll(async () => (await diagramStyles()).every((style, i) => style !== before[i])).toBe(true);
  }
  // Let React commit what the mode re-renders before axe reads the colours (code blocks follow it by CSS alone).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** What depends on the colour mode; everything else axe checks (names, roles, structure) is the same in both modes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Serious and critical violations, one entry per rule with the offending selectors and axe's explanation. */
async function violations(page: Page, path: string, mode: Mode): Promise<string[]> {
  const axe = new AxeBuilder({page}).options({resultTypes: ['violations']});
  // Light mode gets every WCAG A/AA rule; dark mode, only the colour rules (it saves a third of the run time).
  const results = await (mode === 'light' ? axe.withTags(WCAG_TAGS) : axe.withRules(COLOUR_RULES)).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const why = n.any[0]?.message ?? n.failureSummary?.split('\n')[1]?.trim() ?? '';
        return `      ${n.target.join(' >>> ')}  — ${why}`;
      });
      return [`${decodeURIComponent(path)} [${mode}] ${v.id} (${v.impact}): ${v.help} ${v.helpUrl}`, ...nodes].join(
        '\n',
      );
    });
}

test.describe('axe: no serious or critical WCAG 2.1 AA violation', () => {
  // Transitions (Infima's link and background colours) would let axe read a colour halfway through the mode switch.
  test.use({reducedMotion: 'reduce'});

  test('the page list covers the sitemap, the search page with results and the not-found page', () => {
    expect(pages.length).toBeGreaterThan(90);
    expect(pages).toEqual(expect.arrayContaining([DOC, ...EXTRA]));
  });

  const size = Math.ceil(pages.length / GROUPS);
  for (let g = 0; g < GROUPS; g++) {
    const group = pages.slice(g * size, (g + 1) * size);
    if (group.length === 0) continue;
    test(`pages ${g * size + 1}–${g * size + group.length} of ${pages.length}, light and dark`, async ({page}) => {
      test.setTimeout(group.length * 60_000);
      const found: string[] = [];
      for (const path of group) {
        await test.step(decodeURIComponent(path), async () => {
          await open(page, path);
          await switchMode(page, 'light');
          found.push(...(await violations(page, path, 'light')));
          await switchMode(page, 'dark');
          found.push(...(await violations(page, path, 'dark')));
        });
      }
      expect(found, `\n${found.join('\n')}\n`).toEqual([]);
    });
  }
});

/** Presses Tab until `target` has focus, as a keyboard user would reach it; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  await expect(target, `not reached in ${limit} Tab presses`).toBeFocused();
}

/** On a phone the navbar items and the sidebar live in the menu, which the keyboard opens first. */
async function openMenuIfMobile(page: Page): Promise<void> {
  if (!isMobile(page)) return;
  const menu = page.getByRole('button', {name: '打开或关闭导航菜单'});
  await tabTo(page, menu);
  await page.keyboard.press('Enter');
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
}

// The first focus stop being the skip link, Ctrl+K, and `/` opening search are in layout-rules and search specs.
test.describe('keyboard', () => {
  test('the skip link moves focus past the navbar into the main content', async ({page}) => {
    await page.goto(DOC);
    await hydrated(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', {name: '跳到主要内容'})).toBeFocused();
    await page.keyboard.press('Enter');
    // The next Tab starts from the main content (the breadcrumbs), not from the navbar.
    await page.keyboard.press('Tab');
    await expect(page.locator('main :focus')).toHaveCount(1);
    await expect(page.locator('nav.navbar :focus')).toHaveCount(0);
  });

  test('Tab reaches a sidebar category; Enter expands it and Enter again collapses it', async ({page}) => {
    await page.goto(DOC);
    await hydrated(page);
    await openMenuIfMobile(page);
    const category = page.getByRole('button', {name: '模型训练', exact: true});
    const child = category.locator('xpath=ancestor::li[1]').getByRole('link', {name: '训练参数详解'});
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    await tabTo(page, category);
    await page.keyboard.press('Enter');
    await expect(category).toHaveAttribute('aria-expanded', 'true');
    await expect(child).toBeVisible();
    await expect(category).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    await expect(child).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${DOC}$`));
  });

  test('the colour mode toggle switches with Enter and with Space and keeps focus', async ({page}) => {
    await page.goto(DOC);
    await hydrated(page);
    await openMenuIfMobile(page);
    const toggle = page.locator('button[title*="模式"]:visible').first();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(toggle).toBeFocused();
  });
});
