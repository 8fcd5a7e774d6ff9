import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Page} from '@playwright/test';

/** Paths of every page in the production build's sitemap (`E2E_BUILD_DIR`, default `build`), as served locally. */
export function sitemapPaths(): string[] {
  const xml = readFileSync(join(process.cwd(), process.env.E2E_BUILD_DIR ?? 'build', 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')).pathname);
}

/** Collects console errors and uncaught page errors for the life of the page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Waits until React has hydrated the page, so client-side handlers (shortcuts, toggles) are attached. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
}
