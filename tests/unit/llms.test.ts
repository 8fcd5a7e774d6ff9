import assert from 'node:assert/strict';
import {test} from 'node:test';
import {llmsFull, llmsIndex, plainMarkdown, type LlmsPage} from '../../src/llms/markdown';

const SITE = 'https://docs.example';
const page: LlmsPage = {
  id: 'guide/Train/parameter',
  title: '训练参数详解',
  description: '每个常用参数的含义与默认值。',
  category: '模型训练',
  markdown: [
    '---',
    'title: 训练参数详解',
    'description: 每个常用参数的含义与默认值。',
    '---',
    '',
    '正文见 [导出](./export.md#merge) 和 [格式](../format.md)，外链 [GitHub](https://github.com/x/y.md) 不变。',
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
  ].join('\n'),
};

test('a page becomes plain Markdown: title, summary, no front matter or heading ids, quotes for admonitions', () => {
  const md = plainMarkdown(page, SITE);
  assert.ok(md.startsWith('# 训练参数详解\n\n> 每个常用参数的含义与默认值。\n'));
  assert.ok(!md.includes('title: '), 'front matter removed');
  assert.ok(md.includes('## LoRA 参数\n'), 'heading id removed');
  assert.ok(md.includes('> **提示**\n>\n> 先试 `lora_rank: 8`。'));
  assert.ok(md.includes('> ## 不是标题 {#not-an-id}'), 'code inside an admonition is quoted, not rewritten');
  assert.ok(!md.includes(':::'));
});

test('relative page links become absolute page URLs; other links are kept', () => {
  const md = plainMarkdown(page, SITE);
  assert.ok(md.includes(`[导出](${SITE}/docs/documents/guide/Train/export#merge)`));
  assert.ok(md.includes(`[格式](${SITE}/docs/documents/guide/format)`));
  assert.ok(md.includes('[GitHub](https://github.com/x/y.md)'));
});

test('images and other site paths become absolute URLs, so the Markdown reads the same anywhere', () => {
  const md = plainMarkdown(
    {...page, markdown: '![LoRA 结构示意](/img/docs/lora.svg) 见[首页](/docs/documents/introduct)'},
    SITE,
  );
  assert.ok(md.includes(`![LoRA 结构示意](${SITE}/img/docs/lora.svg)`));
  assert.ok(md.includes(`[首页](${SITE}/docs/documents/introduct)`));
});

test('llms.txt groups pages by category in the given order', () => {
  const pages = [
    {...page, id: 'a', title: 'A', category: '一'},
    {...page, id: 'b', title: 'B', category: '一'},
    {...page, id: 'c', title: 'C', category: '二'},
  ];
  const txt = llmsIndex(pages, {siteUrl: SITE, title: '文档', summary: '摘要'});
  assert.match(txt, /^# 文档\n\n> 摘要\n/);
  const lines = txt.split('\n').filter((l) => l.startsWith('## ') || l.startsWith('- ['));
  assert.deepEqual(lines, [
    '## 一',
    `- [A](${SITE}/docs/documents/a.md): 每个常用参数的含义与默认值。`,
    `- [B](${SITE}/docs/documents/b.md): 每个常用参数的含义与默认值。`,
    '## 二',
    `- [C](${SITE}/docs/documents/c.md): 每个常用参数的含义与默认值。`,
  ]);
  const full = llmsFull(pages, {siteUrl: SITE, title: '文档'});
  assert.equal(full.match(/^# [ABC]$/gm)?.length, 3);
  assert.equal(full.match(/^---$/gm)?.length, 2);
});
