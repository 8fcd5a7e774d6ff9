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
