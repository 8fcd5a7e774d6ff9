// Checks `search:push` without a network: the environment check and its messages, the DocSearch index settings,
// the escaped records, and that a run without variables stops before any client is created.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {synonymGroups} from '../../src/search/shared/synonyms';
import {
  ALGOLIA_SETTINGS,
  algoliaRecords,
  algoliaSynonyms,
  main,
  readPushConfig,
  REQUIRED_VARIABLES,
  resolveSiteUrl,
} from '../../scripts/search-push';
import {siteUrl} from '../../src/settings';

const FULL = {ALGOLIA_APP_ID: 'APPID', ALGOLIA_ADMIN_API_KEY: 'admin-key', ALGOLIA_INDEX_NAME: 'docs'};

test('without its variables the push refuses and names each missing one in Chinese', () => {
  const none = readPushConfig({});
  assert.equal(none.ok, false);
  if (none.ok) return;
  for (const name of REQUIRED_VARIABLES) assert.ok(none.error.includes(name), name);
  assert.match(none.error, /缺少环境变量：ALGOLIA_APP_ID、ALGOLIA_ADMIN_API_KEY、ALGOLIA_INDEX_NAME。/);
  assert.match(none.error, /--dry-run/);

  const partial = readPushConfig({ALGOLIA_APP_ID: 'APPID', ALGOLIA_INDEX_NAME: '  '});
  assert.equal(partial.ok, false);
  if (partial.ok) return;
  assert.match(partial.error, /缺少环境变量：ALGOLIA_ADMIN_API_KEY、ALGOLIA_INDEX_NAME。/, 'blank counts as missing');
  assert.ok(!partial.error.includes('缺少环境变量：ALGOLIA_APP_ID'));
});

test('a complete environment gives the config; SITE_URL defaults to the site URL and loses its trailing slash', () => {
  const read = readPushConfig(FULL);
  assert.deepEqual(read, {ok: true, config: {appId: 'APPID', adminApiKey: 'admin-key', indexName: 'docs', siteUrl}});
  const custom = readPushConfig({...FULL, SITE_URL: 'https://docs.example.com/'});
  assert.ok(custom.ok && custom.config.siteUrl === 'https://docs.example.com');
  assert.equal(resolveSiteUrl({SITE_URL: 'ftp://x'}), null);
  const bad = readPushConfig({...FULL, SITE_URL: 'not a url'});
  assert.ok(!bad.ok && bad.error.includes('SITE_URL 不是有效的 http(s) 地址'));
});

test('the index settings are what DocSearch needs', () => {
  assert.deepEqual(ALGOLIA_SETTINGS.searchableAttributes, [
    'unordered(hierarchy.lvl0)',
    'unordered(hierarchy.lvl1)',
    'unordered(hierarchy.lvl2)',
    'unordered(hierarchy.lvl3)',
    'unordered(hierarchy.lvl4)',
    'unordered(hierarchy.lvl5)',
    'unordered(hierarchy.lvl6)',
    'content',
  ]);
  // DocSearch's contextual search filters on these two facets.
  assert.ok(ALGOLIA_SETTINGS.attributesForFaceting.includes('language'));
  assert.ok(ALGOLIA_SETTINGS.attributesForFaceting.includes('docusaurus_tag'));
  assert.deepEqual(ALGOLIA_SETTINGS.attributesToRetrieve, [
    'hierarchy',
    'content',
    'anchor',
    'url',
    'url_without_anchor',
    'type',
  ]);
  assert.deepEqual(ALGOLIA_SETTINGS.customRanking, [
    'desc(weight.pageRank)',
    'desc(weight.level)',
    'asc(weight.position)',
  ]);
  assert.equal(ALGOLIA_SETTINGS.distinct, true);
  assert.equal(ALGOLIA_SETTINGS.attributeForDistinct, 'url');
  assert.deepEqual(ALGOLIA_SETTINGS.queryLanguages, ['zh', 'en']);
  assert.deepEqual(ALGOLIA_SETTINGS.indexLanguages, ['zh', 'en']);
  assert.equal(ALGOLIA_SETTINGS.removeStopWords, false);
  assert.equal(ALGOLIA_SETTINGS.highlightPreTag, '<mark>');
  assert.equal(ALGOLIA_SETTINGS.highlightPostTag, '</mark>');
  assert.equal(ALGOLIA_SETTINGS.advancedSyntax, true);
});

test('records have absolute anchored URLs, both top levels, and escaped text', async () => {
  const records = await algoliaRecords('https://docs.example');
  assert.ok(records.length > 1000);
  assert.ok(
    records.every(
      (r) => r.url.startsWith('https://docs.example/docs/documents/') && r.hierarchy.lvl0 && r.hierarchy.lvl1,
    ),
  );
  assert.ok(records.every((r) => r.url === r.url_without_anchor + (r.anchor ? `#${r.anchor}` : '')));
  assert.ok(records.every((r) => r.language === 'zh-Hans' && r.docusaurus_tag === 'docs-default-current'));
  const texts = records.flatMap((r) => [r.content, ...Object.values(r.hierarchy)]).filter((t): t is string => !!t);
  assert.ok(
    texts.every((t) => !/[<>"']/.test(t)),
    'no raw markup characters',
  );
  assert.ok(
    texts.some((t) => t.includes('&#60;')),
    'page text with < is escaped, not dropped',
  );
  assert.equal(new Set(records.map((r) => r.objectID)).size, records.length);
});

test('a run without variables stops before any request; --dry-run prints and needs none', async (t) => {
  const errors: string[] = [];
  const logs: string[] = [];
  t.mock.method(console, 'error', (message: string) => errors.push(message));
  t.mock.method(console, 'log', (message: string) => logs.push(message));
  assert.equal(await main([], {}), 1);
  assert.match(errors.join('\n'), /缺少环境变量/);
  assert.equal(await main(['--dry-run'], {}), 0);
  const printed = logs.join('\n');
  assert.match(printed, /"searchableAttributes"/);
  assert.match(printed, /记录数：\d+/);
  assert.match(printed, /"objectID": "0-0"/);
  assert.match(printed, /同义词（替换索引中的全部同义词）：\d+ 组/);
  assert.match(printed, /synonyms-1: 免费试用 = 免费体验/);
});

test('the synonyms sent to Algolia are the entries the embedded engine uses, two-way and one-way', () => {
  const synonyms = algoliaSynonyms();
  const expected = synonymGroups().flatMap((e) =>
    Array.isArray(e)
      ? [{objectID: undefined, type: 'synonym', synonyms: e}]
      : e.from.map((input) => ({objectID: undefined, type: 'oneWaySynonym', input, synonyms: e.to})),
  );
  assert.deepEqual(
    synonyms.map((s) => ({...s, objectID: undefined})),
    expected,
  );
  assert.ok(synonyms.some((s) => s.type === 'oneWaySynonym' && s.input === 'invoice' && s.synonyms.includes('发票')));
  assert.ok(synonyms.every((s) => /^synonyms-\d+(-\d+)?$/.test(s.objectID)));
  assert.equal(new Set(synonyms.map((s) => s.objectID)).size, synonyms.length);
});
