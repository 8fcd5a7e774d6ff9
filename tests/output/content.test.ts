// The content pipeline's pages (src/content, read from the docs folder as scripts and tests read them) are the pages
// the production build has: the same permalinks as the sitemap's doc routes, baseUrl and route base included.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {loadSiteDocs, siteSettings} from '../../src/content/site';
import {sitemapPaths} from './output';

test('every doc the pipeline loads is a page of the build, and every doc page of the build is loaded', async () => {
  const {docs} = await loadSiteDocs();
  const docsRoute = `${siteSettings.baseUrl}${siteSettings.routeBasePath}/`;
  const built = sitemapPaths()
    .filter((p) => p.startsWith(docsRoute))
    .map((p) => decodeURI(p))
    .sort();
  assert.ok(built.length >= 80, `${built.length} doc pages in the sitemap`);
  assert.deepEqual(docs.map((d) => d.permalink).sort(), built);
});
