// The performance budget: the script a doc page loads on first visit (cold cache), gzip-compressed, and the embedded
// search index never part of it.
import {gzipSync} from 'node:zlib';
import {type Response} from '@playwright/test';
import {expect, test} from './test';
import {LATE_PRELOAD_MS} from '../../src/ssrTemplate';

/**
 * The issue's target: no more script than a stock Docusaurus classic site. Stock here means Docusaurus 3.10.2 classic
 * (React 19, Faster) with the same pages, Mermaid and the same extra Prism languages: on these three pages it loads
 * 389.8, 210.5 and 393.7 KiB (Lighthouse transfer sizes, from the interleaved benchmark quoted in issue #22; the
 * earlier 178.0 / 189.7 / 181.9 KiB were a stock site without Mermaid or the extra languages). Stock loads Mermaid
 * with every page that has a diagram; this site loads it, the search modal, Prism and the image zoom on first use.
 * Each ceiling is this site's figure in this test's measure (gzip of each script body, 1280 px) on 2026-11-25 plus
 * about 3 %: 181.1, 193.3 and 375.7 KiB. WeClone's first screen shows a diagram, so Mermaid (about 150 KiB) is part of
 * its first load, as on stock; the other two draw theirs only when scrolled near. The ceilings stop the first load from
 * growing unnoticed (Mermaid loading with a page whose diagrams are out of view fails the first); lower them as it
 * shrinks. 2026-11-26: 187.7 / 200.5 / 383.8 KiB, the first two raised by 2–3 KiB for the two tool pages in the route
 * table and sidebar data, the search paste handler and the early search script (issues #35, #38).
 * `npm run bench:lighthouse` prints the same pages' transfer sizes (Lighthouse's 412 px mobile view).
 */
const BUDGET_KIB: Record<string, number> = {
  '/docs/documents/introduct': 189,
  '/docs/documents/guide/Train/parameter': 202,
  '/docs/documents/best-practice/weclone': 387,
};
const PAGES = Object.keys(BUDGET_KIB);

/**
 * The search engine chunk by name (webpackChunkName in src/search/client/client.ts) or, if bundled anywhere else, by
 * the index location it carries (the index files themselves are JSON under /search-index/, see search.spec.ts).
 */
const SEARCH_INDEX_NAME = /\/search-engine\.[0-9a-f]+\.js$/;
const SEARCH_INDEX_CONTENT = /\/search-index\/[0-9a-f]{10}\//;

test.describe('performance budget', () => {
  for (const path of PAGES) {
    const budget = BUDGET_KIB[path]! * 1024;
    test(`${path}: initial-load script within ${BUDGET_KIB[path]} KiB gzip, no search index`, async ({page}) => {
      const scripts: Promise<{url: string; raw: number; gzip: number; index: boolean}>[] = [];
      const onResponse = (response: Response) => {
        if (response.request().resourceType() !== 'script') return;
        scripts.push(
          response.body().then((body) => ({
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body).length,
            index: SEARCH_INDEX_NAME.test(response.url()) || SEARCH_INDEX_CONTENT.test(body.toString('utf8')),
          })),
        );
      };
      page.on('response', onResponse);
      await page.goto(path, {waitUntil: 'load'});
      // The bundle starts after the first frame (src/ssrTemplate.ts), so wait for the page to come alive first.
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      await page.waitForLoadState('networkidle');
      // What the first load brought; a script fetched later (idle prefetch) is not read, so its body is not left
      // pending when the test ends.
      page.off('response', onResponse);
      const loaded = await Promise.all(scripts);
      const total = loaded.reduce((sum, s) => sum + s.gzip, 0);
      const breakdown = loaded
        .sort((a, b) => b.gzip - a.gzip)
        .map((s) => `${(s.gzip / 1024).toFixed(1).padStart(6)} KiB  ${s.url}`)
        .join('\n');
      test.info().annotations.push({
        type: 'script',
        description: `${(total / 1024).toFixed(1)} KiB gzip in ${loaded.length} scripts`,
      });
      console.log(`${path}: ${(total / 1024).toFixed(1)} KiB gzip in ${loaded.length} scripts\n${breakdown}`);

      expect(loaded.length).toBeGreaterThan(0);
      expect(
        loaded.filter((s) => s.index).map((s) => s.url),
        'search index loaded with the page',
      ).toEqual([]);
      expect(total, `script bytes (gzip) on ${path}:\n${breakdown}`).toBeLessThanOrEqual(budget);
    });
  }
});

test('the site bundle starts after the first contentful paint, the route chunks then or after LATE_PRELOAD_MS (src/ssrTemplate.ts)', async ({
  page,
}) => {
  // When a <script> for the bundle enters the document.
  await page.addInitScript(() => {
    const w = window as unknown as {bundleInserted?: number};
    new MutationObserver((records) => {
      for (const r of records) {
        for (const node of Array.from(r.addedNodes)) {
          if (node instanceof HTMLScriptElement && /\/main\.[0-9a-f]+\.js$/.test(node.src)) {
            w.bundleInserted ??= performance.now();
          }
        }
      }
    }).observe(document, {childList: true, subtree: true});
  });
  const response = await page.goto('/docs/documents/introduct');
  const html = (await response!.text()).replace(/<div id="?__docusaurus"?>[\s\S]*<\/footer>/, '');
  expect(html, 'no <script src> for the bundle in the HTML').not.toMatch(/<script[^>]+src="?\/assets\/js\/main\./);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  const {paint, bundleInserted, chunks} = await page.evaluate(() => {
    const named = JSON.parse(document.getElementById('__docusaurus-preloads')?.textContent ?? '[]') as string[];
    // The first request of each chunk (an idle prefetch of a linked page may ask for it again later).
    const resources = performance.getEntriesByType('resource');
    const starts = named
      .map((href) => Math.min(...resources.filter((e) => e.name.endsWith(href)).map((e) => e.startTime)))
      .filter((start) => Number.isFinite(start));
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      bundleInserted: (window as unknown as {bundleInserted?: number}).bundleInserted,
      chunks: {named: named.length, starts},
    };
  });
  expect(paint, 'a first contentful paint').toBeDefined();
  expect(bundleInserted, 'the bundle was started by the page').toBeDefined();
  expect(bundleInserted!).toBeGreaterThanOrEqual(paint!);
  expect(chunks.named, 'the page names its route chunks').toBeGreaterThan(0);
  expect(chunks.starts.length, 'every named route chunk was requested').toBe(chunks.named);
  // The chunks wait for the paint, or for LATE_PRELOAD_MS when the paint is late (a loaded machine); 1 ms for the
  // timers' coarsened clock.
  expect(Math.min(...chunks.starts)).toBeGreaterThanOrEqual(Math.min(paint!, LATE_PRELOAD_MS) - 1);
});
