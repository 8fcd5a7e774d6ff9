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

/** Hosted Algolia DocSearch; all three unset means the embedded index. */
export const algolia = {
  appId: process.env.ALGOLIA_APP_ID?.trim() ?? '',
  apiKey: process.env.ALGOLIA_SEARCH_API_KEY?.trim() ?? '',
  indexName: process.env.ALGOLIA_INDEX_NAME?.trim() ?? '',
};
