// The production host: the Content-Security-Policy blocks and reports an injected inline script, every feature runs
// under it without a violation in both search modes, and the served headers follow deploy/nginx/docs.conf (cache rules,
// 404, content types, precompressed gzip, the Observatory grade). Runs against the nginx harness
// (scripts/serve-nginx.ts); under `docusaurus serve` the header tests fail by design.
import {expect, test, type Page} from '@playwright/test';
import {grade} from '../unit/observatory';
import {hydrated, isMobile} from './helpers';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const HOSTED = `http://localhost:${PORT + 1}`;
const DOC = '/docs/documents/introduct';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  url: string;
}

/** Every `securitypolicyviolation` the page's documents report, for the life of the page (reloads included). */
async function recordViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('__cspSpecViolation', (violation: Violation) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as {__cspSpecViolation: (v: unknown) => void}).__cspSpecViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        url: event.documentURI,
      });
    });
  });
  return violations;
}

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
  test('is blocked and reported under the header and meta policies', async ({page}) => {
    const violations = await recordViolations(page);
    await serveEdited(page, DOC, inject);
    await page.goto(DOC);
    await hydrated(page);
    expect(await page.evaluate(() => (window as {__injected?: boolean}).__injected)).toBeUndefined();
    await expect.poll(() => violations.filter((v) => v.blocked === 'inline')).toHaveLength(2);
    expect(violations.every((v) => v.directive === 'script-src-elem' && v.url.endsWith(DOC))).toBe(true);
  });

  test('is blocked by the <meta> policy alone, on a host that sets no header', async ({page}) => {
    const violations = await recordViolations(page);
    await serveEdited(page, DOC, inject, {dropHeader: true});
    const response = await page.goto(DOC);
    expect(response?.headers()['content-security-policy']).toBeUndefined();
    await hydrated(page);
    expect(await page.evaluate(() => (window as {__injected?: boolean}).__injected)).toBeUndefined();
    await expect.poll(() => violations.map((v) => `${v.directive} ${v.blocked}`)).toEqual(['script-src-elem inline']);
  });

  test('the site’s own inline scripts run: the colour mode is set before paint and the page hydrates', async ({
    page,
  }) => {
    const violations = await recordViolations(page);
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(DOC);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(violations).toEqual([]);
  });
});

test.describe('every feature runs without a violation', () => {
  let violations: Violation[] = [];
  test.beforeEach(async ({page}) => {
    violations = await recordViolations(page);
  });
  test.afterEach(() => {
    expect(violations, 'securitypolicyviolation events').toEqual([]);
  });

  test('doc page: colour toggle, copy button, idle prefetch', async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/docs/documents/guide/Train/parameter');
    await hydrated(page);
    const block = page.locator('.theme-code-block').first();
    await block.scrollIntoViewIfNeeded();
    await block.hover();
    await block.getByRole('button', {name: '复制代码到剪贴板'}).click();
    expect((await page.evaluate(() => navigator.clipboard.readText())).length).toBeGreaterThan(0);
    // Links in view are prefetched in idle time (src/clientModules/idlePrefetch.ts).
    await expect(page.locator('link[rel="prefetch"]').first()).toBeAttached({timeout: 15_000});
    if (isMobile(page)) await page.getByRole('button', {name: '打开或关闭导航菜单'}).click();
    await page.locator('button[title*="模式"]:visible').first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('Mermaid diagram and image zoom', async ({page}) => {
    await page.goto('/docs/documents/overview');
    await hydrated(page);
    // Diagrams are drawn when they come near the viewport (src/theme/Mermaid).
    await page.locator('.docusaurus-mermaid-container, [aria-label="图表加载中"]').first().scrollIntoViewIfNeeded();
    await expect(page.locator('.docusaurus-mermaid-container svg g.node').first()).toBeVisible();
    await page.goto('/docs/documents/guide/Train/mintor');
    await hydrated(page);
    const image = page.locator('.theme-doc-markdown img').first();
    await image.scrollIntoViewIfNeeded();
    await image.click();
    await expect(page.locator('.medium-zoom-image--opened')).toBeVisible();
  });

  test('embedded search: modal and search page', async ({page}) => {
    await page.goto(DOC);
    await hydrated(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('显存');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible({timeout: 15_000});
    await page.goto('/search?q=显存');
    await expect(page.locator('.search-result-match, article h2 a').first()).toBeVisible({timeout: 15_000});
  });

  test('not-found page and the crash screen', async ({page}) => {
    const response = await page.goto('/docs/documents/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('找不到页面');
    await hydrated(page);
    // The crash screen: the overview's content chunk throws when rendered (as in errors.spec.ts).
    const marker = [...'本页只讲'].map((c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    await page.route(/\/assets\/js\/.*\.js$/, async (route) => {
      try {
        const chunk = await route.fetch();
        const body = await chunk.text();
        if (!body.includes(`children:"${marker}`)) return await route.fulfill({response: chunk});
        const crash = `(()=>{throw new Error("注入的渲染错误")})()`;
        return await route.fulfill({response: chunk, body: body.replace(`children:"${marker}`, `children:${crash}+"`)});
      } catch {
        return undefined;
      }
    });
    await page.goto(DOC);
    await hydrated(page);
    await page.locator('a.pagination-nav__link--next').click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('页面崩溃了');
    await page.unrouteAll({behavior: 'ignoreErrors'});
  });

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
