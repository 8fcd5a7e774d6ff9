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

/** The page `/` redirects to. */
export const homeDocPath = '/docs/documents/introduct';

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
