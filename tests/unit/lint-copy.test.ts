import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {createRequire} from 'node:module';
import {correct, runs} from '../../scripts/lint-copy.mjs';
import {parseMarkdown} from '../../src/content';

const require = createRequire(import.meta.url);
require('autocorrect-node').loadConfig(readFileSync(new URL('../../.autocorrectrc', import.meta.url), 'utf8'));

test('fenced code, indented or not, is kept apart from prose', async () => {
  const parsed = await parseMarkdown('一\n```python\nx = "条数:"\n```\n二\n   ~~~~text\n   ~~~\n   ~~~~\n三');
  assert.deepEqual(
    runs(parsed).map((r) => [r.code, r.lines.length]),
    [
      [false, 1],
      [true, 3],
      [false, 1],
      [true, 3],
      [false, 1],
    ],
  );
});

test('prose gets CJK spacing and full-width punctuation; code and quoted names do not change', async () => {
  const page = [
    '---',
    'description: 用LoRA微调7B模型,只需24GB显存.',
    '---',
    '',
    '视觉-语言-动作模型在21世纪很常见,用8卡训练.',
    '',
    '关注公众号“大模型微调online”。',
    '',
    '```python',
    'pattern = "超过|低于"',
    '```',
  ].join('\n');
  assert.equal(
    correct(await parseMarkdown(page)),
    [
      '---',
      'description: 用 LoRA 微调 7B 模型，只需 24GB 显存。',
      '---',
      '',
      '视觉-语言-动作模型在 21 世纪很常见，用 8 卡训练。',
      '',
      '关注公众号“大模型微调online”。',
      '',
      '```python',
      'pattern = "超过|低于"',
      '```',
    ].join('\n'),
  );
});

test('AutoCorrect’s gaps: an ASCII colon or semicolon, or half-width parentheses, in a Chinese sentence', async () => {
  const page = [
    '---',
    'description: 显存(GPU memory)不足时:先试 LoRA; 再试 QLoRA。',
    '---',
    '',
    '每张 H800: 80 GB 显存，训练时显存(GPU memory)不足时先试 LoRA; 再试 QLoRA。',
    '每张 H800：80 GB 显存，超过 1024：3 条。',
    '选择 **Python: Select Interpreter**，见 [参数(LoRA)](./a(b).md)，运行 `a: b; c(中)`，打开 <https://x.org/a;b>。',
    '时间 10:30，比例 1:1，调用 train() 和 foo(x)，约 :gpu-mem{model=qwen3-8b} GB。',
    '| 名称 | 值 |',
    '|:--|--:|',
    'English only: a; b (c)',
  ].join('\n');
  assert.equal(
    correct(await parseMarkdown(page)),
    [
      '---',
      'description: 显存（GPU memory）不足时：先试 LoRA；再试 QLoRA。',
      '---',
      '',
      '每张 H800：80 GB 显存，训练时显存（GPU memory）不足时先试 LoRA；再试 QLoRA。',
      '每张 H800：80 GB 显存，超过 1024：3 条。',
      '选择 **Python: Select Interpreter**，见 [参数（LoRA）](./a(b).md)，运行 `a: b; c(中)`，打开 <https://x.org/a;b>。',
      '时间 10:30，比例 1:1，调用 train() 和 foo(x)，约 :gpu-mem{model=qwen3-8b} GB。',
      '| 名称 | 值 |',
      '|:--|--:|',
      'English only: a; b (c)',
    ].join('\n'),
  );
});
