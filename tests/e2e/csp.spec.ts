// The production host: the Content-Security-Policy blocks and reports an injected inline script, every feature runs
// under it without a violation in both search modes, and the served headers follow deploy/nginx/docs.conf (cache rules,
// 404, content types, precompressed gzip, the Observatory grade). Runs against the nginx harness
// (scripts/serve-nginx.ts); under `docusaurus serve` the header tests fail by design.
import {type Page} from '@playwright/test';
import {expect, test} from './test';
import {grade} from '../unit/observatory';
import {hydrated} from './helpers';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const HOSTED = `http://localhost:${PORT + 1}`;
const DOC = '/docs/documents/introduct';

/** Serves `path` with `edit` applied to its HTML and, optionally, the CSP response header removed. */
async function serveEdited(page: Page, path: string, edit: (html: string) => string, {dropHeader = false} = {}) {
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    const headers = {...response.headers()};
    if (dropHeader) delete headers['content-security-policy'];
    delete headers['content-length'];
    delete headers['content-encoding'];
    await route.fulfill({response, headers, body: edit(await response.text())});
  });
}

const INJECTED = 'window.__injected = true;';
const inject = (html: string) => html.replace('</body>', `<script>${INJECTED}</script></body>`);

test.describe('an injected inline script', () => {
  // These tests provoke violations and check them (tests/e2e/test.ts fails any other test on a violation).
  test.use({allowCspViolations: true});
  test('is blocked and reported under the header and meta policies', async ({page, cspViolations: violations}) => {
    await serveEdited(page, DOC, inject);
    await page.goto(DOC);
    await hydrated(page);
    expect(await page.evaluate(() => (window as {__injected?: boolean}).__injected)).toBeUndefined();
    await expect.poll(() => violations.filter((v) => v.blocked === 'inline')).toHaveLength(2);
    expect(violations.every((v) => v.directive === 'script-src-elem' && v.url.endsWith(DOC))).toBe(true);
  });

  test('is blocked by the <meta> policy alone, on a host that sets no header', async ({
    page,
    cspViolations: violations,
  }) => {
    await serveEdited(page, DOC, inject, {dropHeader: true});
    const response = await page.goto(DOC);
    expect(response?.headers()['content-security-policy']).toBeUndefined();
    await hydrated(page);
    expect(await page.evaluate(() => (window as {__injected?: boolean}).__injected)).toBeUndefined();
    await expect.poll(() => violations.map((v) => `${v.directive} ${v.blocked}`)).toEqual(['script-src-elem inline']);
  });

  test('the site’s own inline scripts run: the colour mode is set before paint and the page hydrates', async ({
    page,
    cspViolations: violations,
  }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(DOC);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(violations).toEqual([]);
  });
});

// Every other spec runs under the production CSP and fails on any violation (tests/e2e/test.ts): the search modal and
// page, Mermaid, image zoom, copy buttons, the colour-mode script and the error screens are all exercised there.
test.describe('the hosted search build', () => {
  test('hosted Algolia search: modal and search page reach only the allowed hosts', async ({page}) => {
    const hosts = new Set<string>();
    await page.route(/algolia\.net|algolianet\.com/, async (route) => {
      hosts.add(new URL(route.request().url()).host);
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          results: [
            {hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 20, query: '显存', params: '', index: 'docs'},
          ],
        }),
      });
    });
    await page.goto(`${HOSTED}${DOC}`);
    await hydrated(page);
    const response = await page.request.get(`${HOSTED}${DOC}`);
    const connect = /connect-src ([^;]+)/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
    expect(connect).toBe(
      "'self' https://testapp-dsn.algolia.net https://testapp-1.algolianet.com https://testapp-2.algolianet.com https://testapp-3.algolianet.com",
    );
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('显存');
    await expect(page.locator('.DocSearch-NoResults, .DocSearch-Hit').first()).toBeVisible({timeout: 15_000});
    await page.goto(`${HOSTED}/search?q=显存`);
    await expect.poll(() => hosts.size).toBeGreaterThan(0);
    expect([...hosts].every((h) => /^testapp-(dsn\.algolia\.net|[123]\.algolianet\.com)$/i.test(h))).toBe(true);
  });
});

test.describe('served headers', () => {
  test('hashed assets are immutable for a year; pages and the files naming them are revalidated', async ({page}) => {
    const html = await (await page.request.get(DOC)).text();
    const main = /"(\/assets\/js\/main\.[0-9a-f]+\.js)"/.exec(html)?.[1];
    expect(main, 'the site bundle named by the page').toBeTruthy();
    expect((await page.request.get(main!)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of [DOC, '/sitemap.xml', '/llms.txt', '/manifest.webmanifest', '/img/logo.svg', `${DOC}.md`]) {
      expect((await page.request.get(path)).headers()['cache-control'], path).toBe('no-cache');
    }
  });

  test('/ redirects once to the home doc, which is served without a further redirect', async ({page}) => {
    const home = await page.request.get('/', {maxRedirects: 0});
    expect(home.status()).toBe(302);
    expect(home.headers().location).toBe(DOC);
    expect((await page.request.get(DOC, {maxRedirects: 0})).status()).toBe(200);
  });

  test('an unknown path is the 404 page with status 404', async ({page}) => {
    for (const path of ['/docs/documents/no-such-page', '/assets/js/no-such-chunk.js', '/docs/documents/']) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain('找不到页面');
    }
  });

  test('Markdown and llms files are text with a charset', async ({page}) => {
    expect((await page.request.get(`${DOC}.md`)).headers()['content-type']).toBe('text/markdown; charset=utf-8');
    for (const path of ['/llms.txt', '/llms-full.txt']) {
      expect((await page.request.get(path)).headers()['content-type'], path).toBe('text/plain; charset=utf-8');
    }
  });

  test('the precompressed gzip file is served when asked, with its length', async ({page}) => {
    for (const path of [DOC, '/llms-full.txt']) {
      const response = await page.request.get(path, {headers: {'accept-encoding': 'gzip'}});
      expect(response.headers()['content-encoding'], path).toBe('gzip');
      // gzip_static sends the .gz with its length; nginx's on-the-fly gzip would stream it chunked.
      expect(Number(response.headers()['content-length']), path).toBeGreaterThan(0);
      expect(response.headers()['vary'], path).toMatch(/accept-encoding/i);
    }
  });

  test('the headers grade A+ by Mozilla HTTP Observatory’s rules (as served over https)', async ({page}) => {
    const response = await page.request.get(DOC);
    const result = grade({
      headers: response.headers(),
      html: await response.text(),
      origin: 'https://docs.llamafactory.com.cn',
      // deploy/nginx/server.conf.example; tests/unit/host-headers.test.ts reads it.
      httpRedirectsToHttpsSameHost: true,
    });
    expect(result.grade, result.tests.map((t) => `${t.test}: ${t.result} (${t.modifier})`).join('\n')).toBe('A+');
  });
});
