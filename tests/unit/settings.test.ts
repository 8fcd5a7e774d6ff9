import assert from 'node:assert/strict';
import {test} from 'node:test';
import {editLink, editUrlSetting, searchSettings} from '../../src/settings';

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

test('EDIT_URL is optional, must be https, and gets a trailing slash', () => {
  assert.equal(editUrlSetting({}), undefined);
  assert.equal(editUrlSetting({EDIT_URL: ' '}), undefined);
  assert.equal(
    editUrlSetting({EDIT_URL: 'https://github.com/org/docs/edit/main/docs'}),
    'https://github.com/org/docs/edit/main/docs/',
  );
  assert.throws(() => editUrlSetting({EDIT_URL: 'http://github.com/org/docs/'}), /必须以 https:\/\/ 开头/);
  assert.throws(() => editUrlSetting({EDIT_URL: 'github.com/org/docs'}), /不是有效的网址/);
});

test('edit links encode the special characters of page file names', () => {
  const base = 'https://github.com/org/docs/edit/main/docs/';
  assert.equal(editLink(base, 'documents/introduct.md'), `${base}documents/introduct.md`);
  assert.equal(editLink(base, 'documents/guide/shili/{product}.md'), `${base}documents/guide/shili/%7Bproduct%7D.md`);
  assert.equal(editLink(base, 'documents/guide/evaluate&predict.md'), `${base}documents/guide/evaluate%26predict.md`);
});
