import assert from 'node:assert/strict';
import {test} from 'node:test';
import {searchSettings} from '../../src/settings';

test('no Algolia variables selects the embedded index', () => {
  assert.equal(searchSettings({}).local, true);
  assert.equal(searchSettings({ALGOLIA_APP_ID: '  '}).local, true);
});

test('all three Algolia variables select the hosted index', () => {
  const s = searchSettings({ALGOLIA_APP_ID: 'APP', ALGOLIA_SEARCH_API_KEY: 'key', ALGOLIA_INDEX_NAME: 'docs'});
  assert.deepEqual(s, {local: false, appId: 'APP', apiKey: 'key', indexName: 'docs'});
});

test('an incomplete Algolia configuration fails and names what is missing', () => {
  assert.throws(() => searchSettings({ALGOLIA_SEARCH_API_KEY: 'key', ALGOLIA_INDEX_NAME: 'docs'}), /appId is missing/);
  assert.throws(() => searchSettings({ALGOLIA_APP_ID: 'APP', ALGOLIA_INDEX_NAME: 'docs'}), /apiKey is missing/);
  assert.throws(() => searchSettings({ALGOLIA_APP_ID: 'APP'}), /apiKey is missing.*indexName is missing/);
});
