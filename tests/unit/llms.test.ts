import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';
import {loadDocs, type DocSet} from '../../src/content';
import {llmsFull, llmsIndex, plainMarkdown, type LlmsSite} from '../../src/llms/markdown';

const SITE = 'https://docs.example';
const front = (title: string) => `---\ntitle: ${title}\ndescription: 每个常用参数的含义与默认值。\n---\n`;
const PARAMETER = [
  front('训练参数详解'),
  '正文见 [导出](./export.md#merge) 和 [格式](../format.md)，外链 [GitHub](https://github.com/x/y.md) 不变，',
  '代码里的 `[导出](./export.md)` 也不变。',
  '',
  '## LoRA 参数 {#lora}',
  '',
  ':::tip 提示',
  '先试 `lora_rank: 8`。',
  '',
  '```yaml title="a.yaml"',
  '## 不是标题 {#not-an-id}',
  '```',
  ':::',
  '',
  '![LoRA 结构示意](/img/docs/lora.svg) 见[首页](/docs/documents/introduct)',
].join('\n');

/** A docs folder with the three pages the sample links, read by the content pipeline as the site reads its own. */
async function content(baseUrl = '/'): Promise<DocSet & {site: LlmsSite}> {
  const siteDir = mkdtempSync(join(tmpdir(), 'llms-'));
  mkdirSync(join(siteDir, 'docs/documents/guide/Train'), {recursive: true});
  writeFileSync(join(siteDir, 'docs/documents/guide/Train/parameter.md'), PARAMETER);
  writeFileSync(join(siteDir, 'docs/documents/guide/Train/export.md'), `${front('导出')}## 合并 {#merge}\n`);
  writeFileSync(join(siteDir, 'docs/documents/guide/format.md'), `${front('格式')}正文\n`);
  const sidebars = {s: [{type: 'category', label: '模型训练', items: ['documents/guide/Train/parameter']}]};
  const set = await loadDocs({siteDir, docsPath: 'docs', routeBasePath: 'docs', baseUrl, sidebars});
  return {...set, site: {siteUrl: SITE, resolveLink: set.resolveLink}};
}

test('a page becomes plain Markdown: title, summary, no front matter or heading ids, quotes for admonitions', async () => {
  const {docs, site} = await content();
  const md = plainMarkdown(docs[0]!, site);
  assert.ok(md.startsWith('# 训练参数详解\n\n> 每个常用参数的含义与默认值。\n'));
  assert.ok(!md.includes('title: '), 'front matter removed');
  assert.ok(md.includes('## LoRA 参数\n'), 'heading id removed');
  assert.ok(md.includes('> **提示**\n>\n> 先试 `lora_rank: 8`。'));
  assert.ok(md.includes('> ## 不是标题 {#not-an-id}'), 'code inside an admonition is quoted, not rewritten');
  assert.ok(!md.includes(':::'));
});

test('relative page links become the linked pages’ URLs; other links and code are kept', async () => {
  const {docs, site} = await content();
  const md = plainMarkdown(docs[0]!, site);
  assert.ok(md.includes(`[导出](${SITE}/docs/documents/guide/Train/export#merge)`));
  assert.ok(md.includes(`[格式](${SITE}/docs/documents/guide/format)`));
  assert.ok(md.includes('[GitHub](https://github.com/x/y.md)'));
  assert.ok(md.includes('`[导出](./export.md)`'), 'inline code is not a link');
});

test('images and other site paths become absolute URLs, so the Markdown reads the same anywhere', async () => {
  const {docs, site} = await content();
  const md = plainMarkdown(docs[0]!, site);
  assert.ok(md.includes(`![LoRA 结构示意](${SITE}/img/docs/lora.svg)`));
  assert.ok(md.includes(`[首页](${SITE}/docs/documents/introduct)`));
});

test('page URLs follow baseUrl and the docs route from the configuration', async () => {
  const {docs, site} = await content('/site/');
  assert.equal(docs[0]!.permalink, '/site/docs/documents/guide/Train/parameter');
  assert.ok(plainMarkdown(docs[0]!, site).includes(`[导出](${SITE}/site/docs/documents/guide/Train/export#merge)`));
});

test('llms.txt groups pages by category in the given order', async () => {
  const {docs, site} = await content();
  const txt = llmsIndex(docs, {siteUrl: SITE, title: '文档', summary: '摘要'});
  assert.match(txt, /^# 文档\n\n> 摘要\n/);
  const lines = txt.split('\n').filter((l) => l.startsWith('## ') || l.startsWith('- ['));
  assert.deepEqual(lines, [
    '## 模型训练',
    `- [训练参数详解](${SITE}/docs/documents/guide/Train/parameter.md): 每个常用参数的含义与默认值。`,
    '## 更多文档',
    `- [格式](${SITE}/docs/documents/guide/format.md): 每个常用参数的含义与默认值。`,
    `- [导出](${SITE}/docs/documents/guide/Train/export.md): 每个常用参数的含义与默认值。`,
  ]);
  const full = llmsFull(docs, {...site, title: '文档'});
  assert.equal(full.match(/^# (训练参数详解|导出|格式)$/gm)?.length, 3);
  assert.equal(full.match(/^---$/gm)?.length, 2);
});
