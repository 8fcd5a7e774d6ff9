// /llms.txt, /llms-full.txt and each page's Markdown at its URL plus `.md`, read from the production build: every
// doc page, nothing else.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {builtText, sitemapPaths} from './output';

const docPaths = sitemapPaths()
  .filter((p) => p.startsWith('/docs/documents/'))
  .map((p) => decodeURI(p))
  .sort();

test('llms.txt lists every doc page once, and nothing else', () => {
  const txt = builtText('/llms.txt');
  assert.match(txt, /^# LlamaFactory Online 文档\n\n> /);
  const listed = [...txt.matchAll(/^- \[([^\]]+)\]\(https?:\/\/[^/]+(\/docs\/documents\/[^)]+)\.md\): (.+)$/gm)];
  const paths = listed.map((m) => decodeURI(m[2]!));
  assert.equal(new Set(paths).size, paths.length);
  assert.deepEqual(paths.sort(), docPaths);
  for (const m of listed) assert.ok(m[3]!.length >= 20, `${m[1]}: summary too short`);
  assert.ok(txt.includes('## 常见问题'));
});

test('every page has its Markdown at its URL plus .md', () => {
  for (const path of docPaths) {
    const md = builtText(`${encodeURI(path)}.md`);
    assert.match(md, /^# \S/, path);
    assert.doesNotMatch(md, /^---\ntitle:/, path);
    const prose = md.replace(/^(`{3,}|~{3,})[\s\S]*?^\1\s*$/gm, '');
    assert.doesNotMatch(prose, /\{#[a-z0-9-]+\}\s*$/m, path);
  }
});

test('llms-full.txt holds every page once', () => {
  const full = builtText('/llms-full.txt');
  const sources = [...full.matchAll(/^来源：https?:\/\/[^/]+(\/docs\/documents\/\S+)$/gm)].map((m) => decodeURI(m[1]!));
  assert.deepEqual(sources.sort(), docPaths);
});
