import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';
import {
  IMAGE_BUDGET,
  checkExternal,
  checkFile,
  depthFloor,
  headingIds,
  parseFrontMatter,
} from '../../scripts/check-docs.mjs';

const han = (n: number) => '微调'.repeat(Math.ceil(n / 2)).slice(0, n);
const goodFront =
  '---\ntitle: 显存不足\ndescription: 训练时出现 CUDA out of memory 报错的原因，以及按代价从低到高排列的解决办法。\n---\n';

function page(body: string, front = goodFront): string {
  const dir = mkdtempSync(join(tmpdir(), 'check-docs-'));
  const file = join(dir, 'page.md');
  writeFileSync(file, front + body);
  return file;
}

test('depth floors follow the page type', () => {
  assert.equal(depthFloor('documents/problems/outofmemory'), 500);
  assert.equal(depthFloor('documents/best-practice/weclone'), 1500);
  assert.equal(depthFloor('documents/guide/Train/parameter'), 800);
});

test('front matter is parsed and quotes are stripped', () => {
  const {data, body} = parseFrontMatter('---\ntitle: "A: B"\ndescription: x\n---\n正文');
  assert.deepEqual(data, {title: 'A: B', description: 'x'});
  assert.equal(body, '正文');
});

test('heading ids ignore headings inside code blocks', () => {
  assert.deepEqual(headingIds('## 一 {#one}\n```bash\n## not-a-heading {#two}\n```\n### 三 {#three}'), [
    'one',
    'three',
  ]);
});

test('a well-formed page passes', () => {
  const {errors} = checkFile(page(`## 现象 {#symptom}\n\n${han(900)}\n\n\`\`\`text\nCUDA out of memory\n\`\`\`\n`));
  assert.deepEqual(errors, []);
});

test('each mechanical rule reports its finding', () => {
  const body = [
    '# 一级标题',
    '## 没有 id',
    '## 坏 id {#Bad_Id}',
    '```',
    'echo hi',
    '```',
    '这里待补充。',
    '[坏链接](./missing.md)',
    '[坏锚点](#nowhere)',
  ].join('\n');
  const {errors} = checkFile(page(body, '---\ntitle: T\ndescription: 太短\n---\n'));
  const text = errors.join('\n');
  for (const expected of [
    'description is 2 characters',
    'level-1 heading',
    'heading without an explicit id',
    'is not lowercase ASCII',
    'code block without a language',
    'placeholder text',
    'link target ./missing.md does not exist',
    'anchor #nowhere not found',
    'CJK characters outside code, floor is 800',
  ]) {
    assert.match(text, new RegExp(expected.replace(/[.#]/g, '\\$&')));
  }
});

test('links to anchors on other pages are checked against their heading ids (file line numbers)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-docs-'));
  mkdirSync(join(dir, 'a'));
  writeFileSync(join(dir, 'a', 'target.md'), `${goodFront}## 有 {#present}\n`);
  const file = join(dir, 'page.md');
  writeFileSync(file, `${goodFront}${han(900)}\n[好](./a/target.md#present) [坏](./a/target.md#absent)\n`);
  const {errors} = checkFile(file);
  assert.deepEqual(errors, ['line 6: anchor #absent not found in ./a/target.md']);
});

test('images must be committed, described in Chinese and within the size budget', () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-docs-'));
  writeFileSync(join(dir, 'ok.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'big.png'), Buffer.alloc(IMAGE_BUDGET + 1));
  const file = join(dir, 'page.md');
  const lines = [
    '![训练流程示意图](./ok.svg)',
    '![diagram](./ok.svg)',
    '![缺失的图](./missing.png)',
    '![过大的图](./big.png)',
    '![外链图片](https://example.com/a.png)',
  ];
  writeFileSync(file, `${goodFront}${han(900)}\n${lines.join('\n')}\n`);
  assert.deepEqual(checkFile(file).errors, [
    'line 7: image ./ok.svg needs Chinese alt text describing it',
    'line 8: image ./missing.png does not exist',
    'line 8: link target ./missing.png does not exist',
    `line 9: image ./big.png is ${Math.round((IMAGE_BUDGET + 1) / 1024)} KiB, budget ${IMAGE_BUDGET / 1024} KiB`,
    'line 10: image https://example.com/a.png is not committed: put it under static/img/ (the site works offline)',
  ]);
});

test('external links must be well-formed https', () => {
  assert.equal(checkExternal('https://github.com/hiyouga/LLaMA-Factory#supported-models'), null);
  assert.equal(checkExternal('mailto:someone@example.com'), null);
  assert.match(checkExternal('http://example.com') ?? '', /must use https/);
  assert.match(checkExternal('https://localhost:8000/x') ?? '', /no valid host name/);
  assert.match(checkExternal('https://exa mple.com') ?? '', /valid|host/);
  const {errors} = checkFile(
    page(`${han(900)}\n[旧链接](http://example.com) \`[代码里](http://x)\` <http://example.org>\n`),
  );
  assert.deepEqual(errors, [
    'line 6: external link http://example.com must use https://',
    'line 6: external link http://example.org must use https://',
  ]);
});
