// Every page a reader can reach: each sitemap page, the search page with results and the not-found page, in light and
// dark mode. Each answers with its status, shows a non-empty title, logs no console or page error from the load to
// the last check, and has no serious or critical axe violation (WCAG 2.0/2.1 A and AA). One load per page serves all
// of these: it is the slowest part of the suite.
import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Page} from '@playwright/test';
import {collectErrors, hydrated, sitemapPaths} from './helpers';

const DOC = '/docs/documents/introduct';
const SEARCH = '/search?q=显存';
const NOT_FOUND = '/no-such-page';
const pages = [...sitemapPaths(), SEARCH, NOT_FOUND];
const GROUPS = 10;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
type Mode = 'light' | 'dark';

/**
 * Loads a page and waits until what a reader sees has settled: hydration, search results, Mermaid diagrams. Returns
 * what is wrong with the load itself: an unexpected status or an empty title.
 */
async function open(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  const status = (await page.goto(path))?.status();
  const expected = path === NOT_FOUND ? 404 : 200;
  if (status !== expected) problems.push(`${decodeURIComponent(path)}: status ${status}, expected ${expected}`);
  await hydrated(page);
  // Lazy chunks have settled once the colour toggle is enabled.
  await expect(page.locator('.navbar button[title*="模式"]').first()).toBeEnabled();
  const title = page.locator('h1').first();
  await expect(title).toBeVisible();
  if (!(await title.textContent())?.trim()) problems.push(`${decodeURIComponent(path)}: empty <h1>`);
  // The search page shows results once the embedded index (about 440 KiB gzip) is loaded and read: seconds on a busy
  // 2-core machine. This spec checks the results' accessibility; search.spec.ts checks the search itself.
  if (path === SEARCH) await expect(page.locator('article h2 a').first()).toBeVisible({timeout: 30_000});
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
  return problems;
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

test.describe('every page loads without errors and has no serious or critical WCAG 2.1 AA violation', () => {
  // Transitions (Infima's link and background colours) would let axe read a colour halfway through the mode switch.
  test.use({reducedMotion: 'reduce'});

  test('the page list covers the sitemap, the search page with results and the not-found page', () => {
    expect(pages.length).toBeGreaterThan(90);
    expect(pages).toEqual(expect.arrayContaining([DOC, SEARCH, NOT_FOUND]));
  });

  const size = Math.ceil(pages.length / GROUPS);
  for (let g = 0; g < GROUPS; g++) {
    const group = pages.slice(g * size, (g + 1) * size);
    if (group.length === 0) continue;
    test(`pages ${g * size + 1}–${g * size + group.length} of ${pages.length}, light and dark`, async ({page}) => {
      test.setTimeout(group.length * 60_000);
      const found: string[] = [];
      const allErrors = collectErrors(page);
      for (const path of group) {
        await test.step(decodeURIComponent(path), async () => {
          const from = allErrors.length;
          found.push(...(await open(page, path)));
          await switchMode(page, 'light');
          found.push(...(await violations(page, path, 'light')));
          await switchMode(page, 'dark');
          found.push(...(await violations(page, path, 'dark')));
          // The not-found page's own 404 is what it is for; any other error is a fault.
          const errors = allErrors.slice(from);
          const faults = path === NOT_FOUND ? errors.filter((e) => !/^Failed to load resource: .*404/.test(e)) : errors;
          found.push(...faults.map((e) => `${decodeURIComponent(path)}: console or page error: ${e}`));
        });
      }
      expect(found, `\n${found.join('\n')}\n`).toEqual([]);
    });
  }
});
