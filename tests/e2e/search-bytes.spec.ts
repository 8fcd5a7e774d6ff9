// Issue #19's budget: everything a reader's phone downloads from the click on the search button to the first results
// (DocSearch's UI code, the engine, the index's meta file, the query's shards and the shown pages' files) stays under
// 260 KiB gzip. `docusaurus serve` does not compress, so each response body is gzipped here as a host would serve it.
// The site's idle-time prefetches of linked pages are not counted (see below).
import {gzipSync} from 'node:zlib';
import {expect, test} from './test';
import {press, visit} from './helpers';

const BUDGET_KIB = 260;

for (const query of [
  '显存不足',
  'RuntimeError: CUDA error: no kernel image is available for execution on the device',
]) {
  test(`click to first results for “${query.slice(0, 20)}” transfers under ${BUDGET_KIB} KiB gzip`, async ({page}) => {
    await visit(page, '/docs/documents/introduct');
    await page.waitForLoadState('networkidle');
    const bodies: Promise<number>[] = [];
    const urls: string[] = [];
    // Until the first results show: the links among them make the site prefetch their pages afterwards.
    let recording = true;
    page.on('response', (response) => {
      // The site's background prefetches of linked pages (`<link rel="prefetch">`, sent with `Sec-Purpose: prefetch`)
      // run in idle time whenever it comes, also while the search loads: they are not what the search costs.
      if (!recording || /prefetch/.test(response.request().headers()['sec-purpose'] ?? '')) return;
      urls.push(response.url());
      bodies.push(
        response.body().then(
          (body) => (/\.(png|jpe?g|webp|woff2?)$/.test(response.url()) ? body.length : gzipSync(body).length),
          () => 0,
        ),
      );
    });
    await press(page.locator('.DocSearch-Button'));
    await page.locator('.DocSearch-Input').fill(query);
    await expect(page.locator('.DocSearch-Hit a').first()).toBeVisible();
    recording = false;
    const total = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
    console.log(`${query.slice(0, 20)}: ${(total / 1024).toFixed(1)} KiB gzip in ${urls.length} responses`);
    expect(urls.some((u) => /\/search-index\/.+\/meta\.json$/.test(u))).toBe(true);
    expect(total / 1024, urls.join('\n')).toBeLessThan(BUDGET_KIB);
  });
}
