// Every page a reader can reach: each sitemap page, the search page with results and the not-found page. Each answers
// with its status, shows a non-empty title, logs no console or page error from the load to the last check, and has no
// serious or critical axe violation (WCAG 2.0/2.1 A and AA). One load per page serves all of these: it is the slowest
// part of the suite. The sampled pages (tests/e2e/sample.ts) are read whole, in light and dark mode and at both widths;
// every other page's own content is read in light mode without the colour rules, since its colours come from the
// components the sample already checks in both modes (tests/output/axe-sample.test.ts keeps that true).
//
// Each worker loads its pages one after another in one browser page of its own (a full load each time, from the
// address bar), as a reader moving through the site would, with the browser's cache warm: a fresh context per page
// made every load cold, about three times the time of the suite's longest spec.
import AxeBuilder from '@axe-core/playwright';
import {type Page} from '@playwright/test';
import {expect, test as base, recordCspViolations, describeCspViolations, type CspViolation} from './test';
import {hydrated, sitemapPaths, watchErrors} from './helpers';
import {DOC, NOT_FOUND, SAMPLE, SEARCH} from './sample';

const pages = [...sitemapPaths(), SEARCH, NOT_FOUND];

/** The worker's browser page, and the CSP violations its context has reported so far. */
interface Reader {
  page: Page;
  violations: CspViolation[];
}

const test = base.extend<object, {reader: Reader}>({
  reader: [
    async ({browser}, use, workerInfo) => {
      // The project's device settings (width, touch) and the config's base URL, as a test's own context gets them.
      const {viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, baseURL} = workerInfo.project.use;
      // Transitions (Infima's link and background colours) would let axe read a colour halfway through a mode switch.
      const context = await browser.newContext({
        viewport,
        isMobile,
        hasTouch,
        userAgent,
        deviceScaleFactor,
        baseURL,
        reducedMotion: 'reduce',
      });
      const violations = await recordCspViolations(context);
      // Each load starts with empty storage, as in a context of its own (a colour mode stored by the last page's
      // switch would otherwise carry over).
      await context.addInitScript(() => {
        if (window === window.top) {
          localStorage.clear();
          sessionStorage.clear();
        }
      });
      await use({page: await context.newPage(), violations});
      await context.close();
    },
    {scope: 'worker'},
  ],
});
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

/**
 * What is the same on every page, so axe reads it on the sampled pages only (SAMPLE): the navbar, the docs sidebar
 * and the footer; and the code blocks, whose token colours a unit test checks for every block of the docs
 * (tests/unit/prism.test.ts). On the other pages axe reads the page's own content: the article, its table of
 * contents, breadcrumbs and pagination. Excluding them halves the time axe takes on a long page.
 */
const SHARED = ['nav.navbar', '.theme-doc-sidebar-container', 'footer.footer', '.theme-code-block'];

/** Serious and critical violations, one entry per rule with the offending selectors and axe's explanation. */
async function axeViolations(page: Page, path: string, mode: Mode): Promise<string[]> {
  // Legacy mode runs axe.run() in the page itself. The default (runPartial in each frame, then finishRun in a new blank
  // page) serialises every checked node out of the page and opens a page per run: 35-45 % slower here, and the docs
  // have no frames for it to reach.
  let axe = new AxeBuilder({page}).setLegacyMode().options({resultTypes: ['violations']});
  if (!SAMPLE.includes(path)) {
    for (const selector of SHARED) axe = axe.exclude(selector);
    axe = axe.disableRules(COLOUR_RULES);
  }
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

/** Everything checked on one load of a page: status, title, errors, axe (in both modes on the sampled pages). */
async function check({page, violations}: Reader, path: string): Promise<void> {
  // Console and page errors, and CSP violations, from this page's load to its last check.
  const {errors, stop} = watchErrors(page);
  const seen = violations.length;
  const found: string[] = [];
  try {
    found.push(...(await test.step('open', () => open(page, path))));
    await test.step('light', () => switchMode(page, 'light'));
    found.push(...(await test.step('axe light', () => axeViolations(page, path, 'light'))));
    if (SAMPLE.includes(path)) {
      await test.step('dark', () => switchMode(page, 'dark'));
      found.push(...(await test.step('axe dark', () => axeViolations(page, path, 'dark'))));
    }
  } finally {
    stop();
  }
  // The not-found page's own 404 is what it is for; any other error is a fault.
  const faults = path === NOT_FOUND ? errors.filter((e) => !/^Failed to load resource: .*404/.test(e)) : errors;
  found.push(...faults.map((e) => `${decodeURIComponent(path)}: console or page error: ${e}`));
  found.push(...describeCspViolations(violations.slice(seen)).map((v) => `${decodeURIComponent(path)}: CSP: ${v}`));
  expect(found, `\n${found.join('\n')}\n`).toEqual([]);
}

test.describe('every page loads without errors and has no serious or critical WCAG 2.1 AA violation', () => {
  test('the page list covers the sitemap, the search page with results and the not-found page', () => {
    expect(pages.length).toBeGreaterThan(90);
    expect(pages).toEqual(expect.arrayContaining([DOC, SEARCH, NOT_FOUND]));
    expect(pages).toEqual(expect.arrayContaining(SAMPLE));
  });

  for (const path of pages) {
    const name = `${decodeURIComponent(path)}${SAMPLE.includes(path) ? ', light and dark' : ''}`;
    test(name, async ({reader}) => check(reader, path));
  }
  for (const path of SAMPLE) {
    test(`${decodeURIComponent(path)} at 390 px, light and dark`, {tag: '@mobile'}, async ({reader}) =>
      check(reader, path),
    );
  }
});
