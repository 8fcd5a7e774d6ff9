// "编辑此页": on the test build, made with EDIT_URL set (scripts/test.sh), each page links to its Markdown file in the
// repository, in a new tab; the production build, made without the setting, has no edit link on any page.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {builtText, sitemapPaths, tags, testBuildDir} from './output';

const EDIT_URL = process.env.TEST_EDIT_URL ?? 'https://git.example.com/llamafactory/docs/edit/main/docs/';
const editLinks = (html: string) => tags(html, 'a').filter((a) => /\btheme-edit-this-page\b/.test(a.class ?? ''));

for (const [path, file] of [
  ['/docs/documents/introduct', 'documents/introduct.md'],
  ['/docs/documents/guide/Train/evaluate&predict', 'documents/guide/Train/evaluate%26predict.md'],
  ['/docs/documents/guide/shili/%7Bproduct%7D', 'documents/guide/shili/%7Bproduct%7D.md'],
] as const) {
  test(`the edit link of ${decodeURI(path)} opens its Markdown file in the repository`, () => {
    const html = builtText(path, testBuildDir);
    const links = editLinks(html);
    assert.equal(links.length, 1);
    assert.equal(links[0]!.href, EDIT_URL + file);
    assert.equal(links[0]!.target, '_blank');
    assert.match(html, /class="?theme-edit-this-page"?[^>]*>(?:<svg[\s\S]*?<\/svg>)?编辑此页<\/a>/);
  });
}

test('without EDIT_URL no page shows an edit link', () => {
  for (const path of sitemapPaths()) assert.deepEqual(editLinks(builtText(path)), [], path);
});
