// Site constants a deployer may change, read in one place from the environment (documented in README.md).
// This module runs in Node when docusaurus.config.ts is loaded; the browser gets the values through the config.

function env(name: string, fallback: string): string {
  const value = process.env[name]?.trim();
  return value ? value : fallback;
}

/** The product's name; the site title is derived from it. */
export const productName = env('PRODUCT_NAME', 'LlamaFactory Online');

/** Public URL of the docs site (no trailing slash, no path). */
export const siteUrl = env('SITE_URL', 'https://docs.llamafactory.com.cn');

/** The platform console's overview page, linked from the navbar. */
export const consoleUrl = env('CONSOLE_URL', 'https://www.llamafactory.com.cn/overview');

/**
 * Where each page's "编辑此页" link points: the repository's docs folder as an editor URL, for example
 * `https://github.com/ORG/REPO/edit/main/docs/`; the page's path under docs/ is appended. Unset: no edit link,
 * because a guessed repository would give readers a dead link.
 */
export function editUrlSetting(environment: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = environment.EDIT_URL?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`EDIT_URL 不是有效的网址：${value}`);
  }
  if (url.protocol !== 'https:') throw new Error(`EDIT_URL 必须以 https:// 开头：${value}`);
  return value.endsWith('/') ? value : `${value}/`;
}

/** The edit link of the doc at `docPath` (relative to docs/, e.g. `documents/guide/shili/{product}.md`). */
export function editLink(base: string, docPath: string): string {
  return base + docPath.split('/').map(encodeURIComponent).join('/');
}

/**
 * The test build only (`E2E_FIXTURES=1`, scripts/test.sh): adds the fixture pages and navbar items of
 * tests/e2e/fixtures, a navbar dropdown holding a route link and a disabled colour switch, so that the e2e suite
 * reaches the error screens and layout states the real config never produces. Never set it for a deploy.
 */
export const e2eFixtures = process.env.E2E_FIXTURES === '1';

/** The docs plugin's `routeBasePath`: doc pages live under `/docs/`. */
export const docsRouteBasePath = 'docs';

/** The page `/` redirects to (and the logo links to): the docs route plus the doc's id. */
export const homeDocPath = `/${docsRouteBasePath}/documents/introduct`;

/**
 * Search backend. With ALGOLIA_APP_ID, ALGOLIA_SEARCH_API_KEY and ALGOLIA_INDEX_NAME all set, the hosted
 * Algolia index; with none set, the embedded index built with the site. Anything in between is an error.
 */
export function searchSettings(environment: NodeJS.ProcessEnv = process.env) {
  const appId = environment.ALGOLIA_APP_ID?.trim() ?? '';
  const apiKey = environment.ALGOLIA_SEARCH_API_KEY?.trim() ?? '';
  const indexName = environment.ALGOLIA_INDEX_NAME?.trim() ?? '';
  if (!appId && !apiKey && !indexName) {
    // The embedded index: these values only name its storage keys; nothing is sent anywhere.
    return {local: true, appId: 'local', apiKey: 'local', indexName: 'embedded-zh-Hans'} as const;
  }
  const missing = [
    !appId && 'appId is missing (ALGOLIA_APP_ID)',
    !apiKey && 'apiKey is missing (ALGOLIA_SEARCH_API_KEY)',
    !indexName && 'indexName is missing (ALGOLIA_INDEX_NAME)',
  ].filter(Boolean);
  if (missing.length) throw new Error(`Algolia 搜索配置不完整：${missing.join('; ')}`);
  return {local: false, appId, apiKey, indexName} as const;
}

/**
 * For `npm run bench:hydration` only: BENCH_STOCK_TEMPLATE=1 builds the site with Docusaurus' own page template
 * instead of src/ssrTemplate.ts, the variant the benchmark compares against.
 */
export const stockTemplate = process.env.BENCH_STOCK_TEMPLATE === '1';
