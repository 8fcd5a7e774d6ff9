// The content pipeline (src/content): front matter as Docusaurus parses it, one syntax tree per file with file line
// numbers, code blocks from the tree, ids and permalinks from the configuration, each file parsed once.
// tests/output/content.test.ts checks the site's permalinks against the built sitemap.
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {toString} from 'mdast-util-to-string';
import {codeBlocks, loadDocs, nodes, parseMarkdown, readMarkdown} from '../../src/content';
import {loadSiteDocs} from '../../src/content/site';

const FRONT = [
  '---',
  'title: "A: B"',
  "description: 'it''s # not a comment'",
  'tags: [lora, "sft"]',
  'sidebar_custom_props:',
  '  nested:',
  '    depth: 2',
  '    on: true',
  'summary: >-',
  '  folded',
  '  text',
  '---',
].join('\n');

test('front matter is YAML, parsed exactly as Docusaurus parses it', async () => {
  const text = `${FRONT}\n\n# 标题\n\n正文`;
  const parsed = await parseMarkdown(text);
  assert.deepEqual(parsed.frontMatter, {
    title: 'A: B',
    description: "it's # not a comment",
    tags: ['lora', 'sft'],
    sidebar_custom_props: {nested: {depth: 2, on: true}},
    summary: 'folded text',
  });
  const theirs = await DEFAULT_PARSE_FRONT_MATTER({
    filePath: 'x.md',
    fileContent: text,
  });
  assert.deepEqual(parsed.frontMatter, theirs.frontMatter);
  assert.equal(parsed.body, '# 标题\n\n正文');
  assert.equal(parsed.contentTitle, '标题');
  assert.equal((await parseMarkdown('没有front matter')).bodyOffset, 0);
});

test('the tree has the file’s line numbers, admonitions as directives, and `a:b` in prose as text', async () => {
  const parsed = await parseMarkdown(`${FRONT}\n\n## 小节 {#part}\n\n:::tip 提示\n键 key:value 照写。\n:::\n`);
  const all = [...nodes(parsed.tree)];
  const heading = all.find((n) => n.type === 'heading')!;
  assert.equal(heading.position?.start.line, 14);
  const admonition = all.find((n) => n.type === 'containerDirective');
  assert.ok(admonition && admonition.type === 'containerDirective');
  assert.equal(admonition.name, 'tip');
  assert.deepEqual(
    admonition.children.map((c) => toString(c)),
    ['提示', '键 key:value 照写。'],
  );
  assert.equal(admonition.position?.start.line, 16);
});

test('code blocks come from the tree: language, meta, code, file line, closed or not', async () => {
  const text = [
    '---',
    'title: T',
    '---',
    '1. 步骤',
    '',
    '   ```YAML title="a.yaml" fragment',
    '   a: 1',
    '   ```',
    '',
    '    indented code is not a fenced block',
    '',
    '~~~',
    'no language',
    '~~~',
    '',
    '````bash',
    'echo unclosed',
  ].join('\n');
  assert.deepEqual(codeBlocks(await parseMarkdown(text)), [
    {lang: 'yaml', meta: 'title="a.yaml" fragment', code: 'a: 1', line: 6, endLine: 8, closed: true},
    {lang: '', meta: '', code: 'no language', line: 12, endLine: 14, closed: true},
    {lang: 'bash', meta: '', code: 'echo unclosed', line: 16, endLine: 17, closed: false},
  ]);
});

test('a file is parsed once while its text stays the same', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'content-')), 'a.md');
  writeFileSync(file, '---\ntitle: 一\n---\n正文');
  const first = await readMarkdown(file);
  assert.equal(await readMarkdown(file), first, 'the same parse, not a second one');
  writeFileSync(file, '---\ntitle: 二\n---\n正文');
  const changed = await readMarkdown(file);
  assert.notEqual(changed, first);
  assert.equal(changed.frontMatter.title, '二');
});

test('ids, permalinks, titles, descriptions and categories follow the docs plugin’s rules and the configuration', async () => {
  const siteDir = mkdtempSync(join(tmpdir(), 'content-'));
  mkdirSync(join(siteDir, 'content/guide'), {recursive: true});
  writeFileSync(join(siteDir, 'content/guide/a.md'), '---\ntitle: 甲\ndescription: 甲的说明\n---\n正文');
  writeFileSync(join(siteDir, 'content/guide/b.md'), '---\nid: bee\nslug: /elsewhere\n---\n# 乙\n\n乙的第一段。');
  writeFileSync(join(siteDir, 'content/c.md'), '丙');
  const {docs} = await loadDocs({
    siteDir,
    docsPath: 'content',
    routeBasePath: 'help',
    baseUrl: '/base/',
    sidebars: {main: [{type: 'category', label: '指南', items: ['guide/bee', {type: 'doc', id: 'guide/a'}]}]},
  });
  assert.deepEqual(
    docs.map((d) => [d.id, d.permalink, d.title, d.description, d.category]),
    [
      ['guide/bee', '/base/help/elsewhere', '乙', '乙的第一段。', '指南'],
      ['guide/a', '/base/help/guide/a', '甲', '甲的说明', '指南'],
      ['c', '/base/help/c', 'c', '丙', '更多文档'],
    ],
  );
});

test('the site’s docs are loaded once: every reader gets the same parsed pages', async () => {
  const [a, b] = [await loadSiteDocs(), await loadSiteDocs()];
  assert.ok(a.docs.length >= 80);
  a.docs.forEach((doc, i) => assert.equal(b.docs[i]!.tree, doc.tree, doc.id));
  const byId = new Map(a.docs.map((d) => [d.id, d]));
  assert.equal(byId.get('documents/guide/shili/{product}')?.permalink, '/docs/documents/guide/shili/{product}');
  assert.equal(byId.get('documents/introduct')?.category, '平台介绍');
});

test('a tree kept on disk between processes is the tree the parser gives, and only for the same text', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-tree-'));
  const file = join(dir, 'page.md');
  const page = (extra: string) =>
    `---\ntitle: T\n---\n\n# 标题\n\n:::tip 提示\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n:::\n${extra}`;
  // The first parse writes the entry (parseMarkdown with a file name is what readMarkdown calls), the second reads it.
  const fresh = await parseMarkdown(page(''), file);
  const cached = await parseMarkdown(page(''), file);
  assert.deepEqual(JSON.parse(JSON.stringify(cached.tree)), JSON.parse(JSON.stringify(fresh.tree)));
  // Changed text: the entry does not serve it.
  const changed = await parseMarkdown(page('\n新的一段'), file);
  assert.match(toString(changed.tree), /新的一段/);
  // And the parser itself agrees with the cache for a real page of the site.
  const intro = join(import.meta.dirname, '../../docs/documents/introduct.md');
  const text = readFileSync(intro, 'utf8');
  const viaCache = await parseMarkdown(text, intro);
  const direct = await parseMarkdown(text);
  assert.deepEqual(JSON.parse(JSON.stringify(viaCache.tree)), JSON.parse(JSON.stringify(direct.tree)));
});
