// The hosted path: the same modal on a build made with Algolia credentials, with Algolia's endpoints intercepted.
import {type Page, type Route} from '@playwright/test';
import {expect, test} from './test';
import {TEST_BUILD_URL, visit} from './helpers';

test.use({baseURL: TEST_BUILD_URL});

const QUERIES = /algolia\.net|algolianet\.com/;

function hit(url: string, title: string, content: string) {
  return {
    objectID: url,
    type: 'content',
    url: `https://docs.llamafactory.com.cn${url}`,
    url_without_anchor: `https://docs.llamafactory.com.cn${url.split('#')[0]}`,
    anchor: url.split('#')[1] ?? null,
    content,
    hierarchy: {lvl0: '常见问题', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
    _highlightResult: {
      hierarchy: {
        lvl0: {value: '常见问题', matchLevel: 'none', matchedWords: []},
        lvl1: {value: title, matchLevel: 'none', matchedWords: []},
      },
      content: {value: content.replace('显存', '<mark>显存</mark>'), matchLevel: 'full', matchedWords: ['显存']},
    },
    _snippetResult: {
      hierarchy: {lvl1: {value: title, matchLevel: 'none'}},
      content: {value: content.replace('显存', '<mark>显存</mark>'), matchLevel: 'full'},
    },
  };
}

async function open(page: Page) {
  await visit(page, '/docs/documents/introduct');
  await page.keyboard.press('Control+k');
  await expect(page.locator('.DocSearch-Input')).toBeFocused();
}

test(
  'a query goes to Algolia with the spec’s parameters and renders its hits',
  {tag: '@both'},
  async ({page}, testInfo) => {
    const bodies: Record<string, unknown>[] = [];
    await page.route(QUERIES, async (route: Route) => {
      const body = route.request().postDataJSON() as {requests: Record<string, unknown>[]};
      bodies.push(...body.requests);
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          results: [
            {
              hits: [
                hit(
                  '/docs/documents/problems/outofmemory#symptom',
                  '显存不足',
                  '训练时显存不足会报 CUDA out of memory',
                ),
              ],
              nbHits: 1,
              page: 0,
              nbPages: 1,
              hitsPerPage: 20,
              query: body.requests[0]!.query,
              index: 'docs',
              params: '',
              processingTimeMS: 1,
            },
          ],
        }),
      });
    });
    await open(page);
    await expect(page.locator('link[rel="preconnect"][href="https://TESTAPP-dsn.algolia.net"]')).toHaveCount(1);
    await page.locator('.DocSearch-Input').fill('显存');
    const link = page.locator('.DocSearch-Hit a').first();
    await expect(link).toHaveAttribute('href', '/docs/documents/problems/outofmemory#symptom');
    await expect(page.locator('.DocSearch-Hit mark').first()).toHaveText('显存');
    const request = bodies.find((b) => b.query === '显存')!;
    const words = testInfo.project.name === 'mobile' ? 5 : 10;
    expect(request).toMatchObject({
      query: '显存',
      indexName: 'docs',
      hitsPerPage: 20,
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      snippetEllipsisText: '…',
      attributesToRetrieve: expect.arrayContaining(['hierarchy.lvl0', 'hierarchy.lvl6', 'content', 'type', 'url']),
      attributesToSnippet: ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6']
        .map((l) => `hierarchy.${l}:${words}`)
        .concat(`content:${words}`),
      facetFilters: ['language:zh-Hans', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    });
  },
);

test('when every Algolia host fails, the modal says it cannot fetch results', async ({page}) => {
  const hosts = new Set<string>();
  await page.route(QUERIES, (route) => {
    hosts.add(new URL(route.request().url()).host);
    return route.abort('connectionrefused');
  });
  await open(page);
  await page.locator('.DocSearch-Input').fill('显存');
  await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('无法获取结果', {timeout: 15_000});
  await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('你可能需要检查网络连接。');
  expect(hosts.size).toBeGreaterThan(1); // the client retried other hosts
});
