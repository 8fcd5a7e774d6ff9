import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative} from 'node:path';
import {test} from 'node:test';
import {IMAGE_BUDGET, checkExternal, checkFile, depthFloor, headingIds} from '../../scripts/check-docs.mjs';
import {parseMarkdown} from '../../src/content';
import {reference} from '../../scripts/llamafactory/code-blocks.mjs';
import {conventions} from '../../scripts/conventions.mjs';

const han = (n: number) => '微调'.repeat(Math.ceil(n / 2)).slice(0, n);
const goodFront =
  '---\ntitle: 显存不足\ndescription: 训练时出现 CUDA out of memory 报错的原因，以及按代价从低到高排列的解决办法。\n---\n';

function page(body: string, front = goodFront): string {
  const dir = mkdtempSync(join(tmpdir(), 'check-docs-'));
  const file = join(dir, 'page.md');
  writeFileSync(file, front + body);
  return file;
}

test('depth floors follow the page type', async () => {
  assert.equal(depthFloor('documents/problems/outofmemory'), 500);
  assert.equal(depthFloor('documents/best-practice/weclone'), 1500);
  assert.equal(depthFloor('documents/guide/Train/parameter'), 800);
});

test('heading ids ignore headings inside code blocks', async () => {
  assert.deepEqual(
    headingIds(await parseMarkdown('## 一 {#one}\n```bash\n## not-a-heading {#two}\n```\n### 三 {#three}')),
    ['one', 'three'],
  );
});

test('a well-formed page passes', async () => {
  const {errors} = await checkFile(
    page(`## 现象 {#symptom}\n\n${han(900)}\n\n\`\`\`text\nCUDA out of memory\n\`\`\`\n`),
  );
  assert.deepEqual(errors, []);
});

test('each mechanical rule reports its finding', async () => {
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
  const {errors} = await checkFile(page(body, '---\ntitle: T\ndescription: 太短\n---\n'));
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

test('a code block without its closing fence is reported', async () => {
  const {errors} = await checkFile(page(`${han(900)}\n\n\`\`\`bash\necho 没有结尾\n`));
  assert.deepEqual(errors, ['unclosed code block']);
});

test('links to anchors on other pages are checked against their heading ids (file line numbers)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-docs-'));
  mkdirSync(join(dir, 'a'));
  writeFileSync(join(dir, 'a', 'target.md'), `${goodFront}## 有 {#present}\n\n### 也有 {#also-present}\n`);
  const file = join(dir, 'page.md');
  writeFileSync(file, `${goodFront}${han(900)}\n[好](./a/target.md#present) [坏](./a/target.md#absent)\n`);
  const {errors} = await checkFile(file);
  // The message lists the target page's anchors: the fix is one of them.
  assert.deepEqual(errors, ['line 6: anchor #absent not found in ./a/target.md; its anchors: #present, #also-present']);
});

test('placeholder text names the word that matched; 占位 on its own is an ordinary word', async () => {
  const body = `${han(900)}\n\n本节待补充。\n\n示例：TODO 之后再写。\n\n训练时用 \`pad\` 补齐，模型会先占位，再显示占位符。\n\nthe todo_list module\n`;
  assert.deepEqual((await checkFile(page(body))).errors, [
    'line 7: placeholder text "待补充": write the content, or leave the sentence out',
    'line 9: placeholder text "TODO": write the content, or leave the sentence out',
  ]);
});

test('a page below its depth floor is told how many characters it lacks', async () => {
  const {errors} = await checkFile(page(`## 现象 {#symptom}\n\n${han(300)}\n`));
  assert.deepEqual(errors, [
    'only 302 CJK characters outside code, floor is 800 for a guide or reference page: write about 498 more (CONTRIBUTING.md, 篇幅下限)',
  ]);
});

test('images must be committed, described in Chinese and within the size budget', async () => {
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
  assert.deepEqual((await checkFile(file)).errors, [
    'line 7: image ./ok.svg needs Chinese alt text describing it',
    `line 8: image ./missing.png does not exist: put the file at ${relative(process.cwd(), join(dir, 'missing.png'))}`,
    'line 8: link target ./missing.png does not exist',
    `line 9: image ./big.png is ${Math.round((IMAGE_BUDGET + 1) / 1024)} KiB, budget ${IMAGE_BUDGET / 1024} KiB`,
    'line 10: image https://example.com/a.png is not committed: put it under static/img/ (the site works offline)',
  ]);
});

test('external links must be well-formed https', async () => {
  assert.equal(checkExternal('https://github.com/hiyouga/LLaMA-Factory#supported-models'), null);
  assert.equal(checkExternal('mailto:someone@example.com'), null);
  assert.match(checkExternal('http://example.com') ?? '', /must use https/);
  assert.match(checkExternal('https://localhost:8000/x') ?? '', /no valid host name/);
  assert.match(checkExternal('https://exa mple.com') ?? '', /valid|host/);
  const {errors} = await checkFile(
    page(`${han(900)}\n[旧链接](http://example.com) \`[代码里](http://x)\` <http://example.org>\n`),
  );
  assert.deepEqual(errors, [
    'line 6: external link http://example.com must use https://',
    'line 6: external link http://example.org must use https://',
  ]);
});

/** The code-block findings of a page made of `blocks` (prose padded to the depth floor), without the line prefix. */
async function blockErrors(...blocks: string[]): Promise<string[]> {
  return (await await checkFile(page(`${han(900)}\n\n${blocks.join('\n\n')}\n`))).errors.map((e: string) =>
    e.replace(/^line \d+: /, ''),
  );
}

const fence = (lang: string, code: string, meta = '') => `\`\`\`${lang}${meta ? ` ${meta}` : ''}\n${code}\n\`\`\``;
const goodYaml = [
  'model_name_or_path: /shared-only/models/Qwen/Qwen3-8B',
  'stage: sft',
  'do_train: true',
  'finetuning_type: lora',
  'lora_rank: 8',
  'dataset: my_data',
  'template: qwen3_nothink',
  'cutoff_len: 2048',
  'learning_rate: 1.0e-4',
  'num_train_epochs: 3',
  'bf16: true',
  'flash_attn: fa2',
  'lr_scheduler_type: cosine',
  'output_dir: /workspace/user-data/models/output/qwen3-8b-lora',
].join('\n');

test('the reference names the pinned release, its CLI and templates', async () => {
  assert.match(reference.llamafactory.version, /^\d+\.\d+\.\d+$/);
  assert.ok(reference.cli.commands.includes('train'));
  assert.ok(!reference.cli.commands.includes('eval'));
  assert.ok(reference.templates.includes('qwen3_nothink'));
  assert.deepEqual(reference.arguments.model.flash_attn.choices, ['auto', 'disabled', 'sdpa', 'fa2', 'fa3']);
});

test('a complete training YAML passes; a broken YAML block fails to parse', async () => {
  assert.deepEqual(await blockErrors(fence('yaml', goodYaml, 'title="qwen3_lora_sft.yaml"')), []);
  assert.match((await blockErrors(fence('yaml', 'stage: sft\n  bad: [indent')))[0] ?? '', /YAML does not parse/);
});

test('YAML keys must be arguments of the pinned release; a misspelt one gets "did you mean"', async () => {
  assert.deepEqual(await blockErrors(fence('yaml', `${goodYaml}\nlora_rnak: 8\nmy_own_setting: 1`)), [
    `YAML key "lora_rnak" is not a LLaMA-Factory v${reference.llamafactory.version} argument; did you mean "lora_rank"?`,
    `YAML key "my_own_setting" is not a LLaMA-Factory v${reference.llamafactory.version} argument`,
  ]);
});

test('YAML values must fit: stage, finetuning_type, template, booleans, numbers', async () => {
  const broken = goodYaml
    .replace('stage: sft', 'stage: grpo')
    .replace('finetuning_type: lora', 'finetuning_type: qlora')
    .replace('template: qwen3_nothink', 'template: gpt')
    .replace('bf16: true', 'bf16: "yes"')
    .replace('lora_rank: 8', 'lora_rank: eight')
    .replace('flash_attn: fa2', 'flash_attn: flashattn2');
  const text = (await blockErrors(fence('yaml', broken))).join('\n');
  for (const expected of [
    'YAML stage: "grpo" is not one of pt, sft, rm, ppo, dpo, kto',
    'YAML finetuning_type: "qlora" is not one of',
    'YAML template: "gpt" is not a template',
    'YAML bf16: yes is str, want bool',
    'YAML lora_rank: eight is str, want int',
    'YAML flash_attn: "flashattn2" is not one of auto, disabled, sdpa, fa2, fa3',
  ]) {
    assert.ok(text.includes(expected), `missing: ${expected}\n${text}`);
  }
});

test('YAML combinations the release rejects are reported', async () => {
  const text = (
    await blockErrors(
      fence('yaml', goodYaml.replace('finetuning_type: lora', 'finetuning_type: full') + '\nquantization_bit: 4'),
      fence('yaml', goodYaml.replace('stage: sft', 'stage: dpo') + '\ntrain_on_prompt: true'),
      fence('yaml', goodYaml.replace('dataset: my_data\n', '')),
    )
  ).join('\n');
  assert.match(text, /quantization_bit needs finetuning_type lora or oft, not full/);
  assert.match(text, /train_on_prompt: true needs stage sft/);
  assert.match(text, /do_train without dataset/);
});

test('export and chat YAML may not carry training arguments', async () => {
  const exportYaml = [
    'model_name_or_path: /shared-only/models/Qwen/Qwen3-8B',
    'adapter_name_or_path: /workspace/user-data/models/output/qwen3-8b-lora',
    'template: qwen3_nothink',
    'finetuning_type: lora',
    'export_dir: /workspace/user-data/models/merged/qwen3-8b-merged',
  ].join('\n');
  assert.deepEqual(await blockErrors(fence('yaml', exportYaml, 'title="qwen3_export.yaml"')), []);
  assert.match(
    (await blockErrors(fence('yaml', `${exportYaml}\noutput_dir: /tmp/x`)))[0] ?? '',
    /"output_dir" is a training argument; llamafactory-cli export\/chat reject it/,
  );
});

test('a partial YAML snippet must say `fragment`; `wrong` skips a deliberately broken block', async () => {
  assert.match(
    (await blockErrors(fence('yaml', 'cutoff_len: 1024\nper_device_train_batch_size: 1')))[0] ?? '',
    /fragment/,
  );
  assert.deepEqual(
    await blockErrors(fence('yaml', 'cutoff_len: 1024\nper_device_train_batch_size: 1', 'fragment')),
    [],
  );
  assert.match((await blockErrors(fence('yaml', 'cutoff_len: long', 'fragment')))[0] ?? '', /cutoff_len: long is str/);
  assert.deepEqual(await blockErrors(fence('yaml', 'template: gpt\nstage: grpo', 'title="旧写法" wrong')), []);
  assert.deepEqual(await blockErrors(fence('yaml', 'spack:\n  specs: [zlib]', 'title="spack.yaml"')), []);
});

test('JSON blocks must parse (JSON Lines too); a fragment may omit the outer braces', async () => {
  assert.deepEqual(await blockErrors(fence('json', '{"a": 1}'), fence('json', '{"a": 1}\n{"a": 2}')), []);
  assert.match((await blockErrors(fence('json', '{"a": 1,}')))[0] ?? '', /JSON does not parse/);
  assert.match((await blockErrors(fence('json', '// 注释\n{"a": 1}')))[0] ?? '', /JSON does not parse/);
  assert.deepEqual(await blockErrors(fence('json', '"my_data": {"file_name": "my_data.json"}', 'fragment')), []);
  assert.deepEqual(await blockErrors(fence('json', '{"a": 1,}', 'wrong')), []);
});

const records = JSON.stringify([{instruction: '问', input: '', output: '答'}]);

test('dataset_info.json entries follow the schema', async () => {
  const info = {
    good: {file_name: 'my_data.json'},
    bad: {
      file_name: 'my_data.json',
      formatting: 'chatml',
      column: {prompt: 'q'},
      columns: {question: 'q'},
      tags: {role: 'role'},
    },
    mixed: {file_name: 'my_data.json', columns: {messages: 'conversations'}},
    nothing: {formatting: 'sharegpt'},
  };
  const text = (
    await blockErrors(
      fence('json', records, 'title="my_data.json"'),
      fence('json', JSON.stringify(info, null, 2), 'title="dataset_info.json"'),
    )
  ).join('\n');
  for (const expected of [
    'dataset_info "bad": unknown key "column"',
    'dataset_info "bad": formatting "chatml" is not one of alpaca, sharegpt, openai',
    'dataset_info "bad": unknown column "question"',
    'dataset_info "bad": unknown tag "role"',
    'dataset_info "mixed": column "messages" belongs to sharegpt/openai, but formatting is alpaca',
    'dataset_info "nothing": names no data',
  ]) {
    assert.ok(text.includes(expected), `missing: ${expected}\n${text}`);
  }
  assert.ok(!text.includes('"good"'), text);
});

test('dataset_info.json entries must name files the page shows, with the fields they read', async () => {
  const info = (entry: object) => fence('json', JSON.stringify({my_data: entry}), 'title="dataset_info.json"');
  assert.deepEqual(
    await blockErrors(fence('json', records, 'title="my_data.json"'), info({file_name: 'my_data.json'})),
    [],
  );
  assert.match(
    (await blockErrors(info({file_name: 'other.json'})))[0] ?? '',
    /other\.json is not shown or created anywhere/,
  );
  const noInput = JSON.stringify([{instruction: '问', output: '答'}]);
  assert.match(
    (await blockErrors(fence('json', noInput, 'title="my_data.json"'), info({file_name: 'my_data.json'})))[0] ?? '',
    /column query reads field "input", which no sample record has \(.*KeyError: 'input'/,
  );
  const chat = JSON.stringify([
    {
      messages: [
        {role: 'user', content: '问'},
        {role: 'assistant', content: '答'},
      ],
    },
  ]);
  const sharegpt = {file_name: 'chat.json', formatting: 'sharegpt', columns: {messages: 'messages'}};
  assert.match(
    (await blockErrors(fence('json', chat, 'title="chat.json"'), info(sharegpt)))[0] ?? '',
    /messages need fields "from" and "value"/,
  );
  const tagged = {
    ...sharegpt,
    tags: {role_tag: 'role', content_tag: 'content', user_tag: 'user', assistant_tag: 'assistant'},
  };
  assert.deepEqual(await blockErrors(fence('json', chat, 'title="chat.json"'), info(tagged)), []);
  // With `tags`, a tag it leaves out is None: a leading system message is then an invalid role and the sample is dropped.
  const withSystem = JSON.stringify([
    {
      messages: [
        {role: 'system', content: '你是客服'},
        {role: 'user', content: '问'},
        {role: 'assistant', content: '答'},
      ],
    },
  ]);
  assert.match(
    (await blockErrors(fence('json', withSystem, 'title="chat.json"'), info(tagged)))[0] ?? '',
    /role "system" matches no tag .*"Invalid role tag"/,
  );
  const withSystemTag = {...tagged, tags: {...tagged.tags, system_tag: 'system'}};
  assert.deepEqual(await blockErrors(fence('json', withSystem, 'title="chat.json"'), info(withSystemTag)), []);
  // With `columns`, a column it leaves out is not read: instruction/output data without input is fine.
  const listed = {file_name: 'my_data.json', columns: {prompt: 'instruction', response: 'output'}};
  assert.deepEqual(await blockErrors(fence('json', noInput, 'title="my_data.json"'), info(listed)), []);
  assert.deepEqual(await blockErrors(info({file_name: 'elsewhere.json'}).replace('title=', 'fragment title=')), []);
});

test('Python blocks must compile and shell blocks must pass bash -n', async () => {
  assert.deepEqual(
    await blockErrors(fence('python', 'import json\nprint(json.dumps({"a": 1}))'), fence('bash', 'ls -l | wc -l')),
    [],
  );
  assert.match((await blockErrors(fence('python', 'def f(:\n    pass')))[0] ?? '', /Python does not parse: line 1/);
  assert.match((await blockErrors(fence('python', '!pip install vllm')))[0] ?? '', /Python does not parse/);
  assert.match((await blockErrors(fence('bash', 'kill <PID>')))[0] ?? '', /shell does not parse \(bash -n\)/);
  assert.deepEqual(await blockErrors(fence('bash', 'ssh -p <端口> root@host')), [
    'shell placeholder <端口> is read as a redirection: write it without angle brackets',
  ]);
  assert.match((await blockErrors(fence('bash', 'if true; then echo x')))[0] ?? '', /shell does not parse/);
  assert.deepEqual(await blockErrors(fence('bash', 'if true; then echo x', 'wrong')), []);
});

test('llamafactory-cli lines must use subcommands of the pinned release', async () => {
  assert.deepEqual(
    await blockErrors(
      fence('bash', 'FORCE_TORCHRUN=1 llamafactory-cli train a.yaml && lmf export b.yaml\nllamafactory-cli webui'),
    ),
    [],
  );
  const text = (await blockErrors(fence('bash', 'llamafactory-cli eval e.yaml\nllamafactory-cli predict p.yaml'))).join(
    '\n',
  );
  assert.match(text, /llamafactory-cli eval does not work in v/);
  assert.match(text, /llamafactory-cli predict is not a subcommand/);
});

test('the reference holds the message templates of the pinned sources', () => {
  const sets = reference.messages;
  assert.equal(sets.llamafactory.version, reference.llamafactory.version);
  assert.ok(sets.llamafactory.templates.length > 300);
  assert.ok(
    sets.llamafactory.templates.some(([t]: [string]) => t === 'Undefined dataset {} in {}.'),
    'f-string parts become {}',
  );
  assert.ok(sets.peft.templates.length > 100);
});

test('quoted messages must be traced to the pinned sources', async () => {
  const body = [
    `${han(900)}`,
    '```text',
    'ValueError: Undefined dataset customer_service in dataset_info.json.',
    'ValueError: The number of images does not match the number of <image> tokens in [...]',
    "KeyError: 'input'",
    '[INFO|2025-06-01 10:00:00] llamafactory.data.loader:58 >> Loading dataset service_qa.json...',
    'ValueError: `predict_with_generate` cannot be set as True while training.',
    '```',
    '',
    '报错 `ValueError: Please enable predict_with_generate to save model predictions.` 时，打开它。',
    '报错 `ValueError: Cannot merge adapters into a quantized model.` 时，去掉量化。',
  ].join('\n');
  const {errors} = await checkFile(page(body));
  assert.equal(errors.length, 2, errors.join('\n'));
  assert.match(
    String(errors[0]),
    /^line 11: quoted message "ValueError: `predict_with_generate` cannot be set as True while training\."/,
  );
  assert.match(
    String(errors[0]),
    /nearest known message: "`predict_with_generate` cannot be set as True except SFT\." \(llamafactory 0\.9\.5, src\/llamafactory\/hparams\/parser\.py:\d+\)/,
  );
  assert.match(String(errors[0]), /origin="…"/);
  assert.match(
    String(errors[1]),
    /^line 15: quoted message `ValueError: Cannot merge adapters into a quantized model\.`/,
  );
  assert.match(String(errors[1]), /nearest known message: "Cannot merge adapters to a quantized model\."/);
  // A PyTorch error gets the origin to write.
  const torch = await checkFile(
    page(`${han(900)}\n\n\`\`\`text\ntorch.OutOfMemoryError: CUDA out of memory.\n\`\`\`\n`),
  );
  assert.match(String(torch.errors[0]), /put it in a block marked ```text origin="PyTorch"```$/);
});

test('transformers messages are traced to the templates extracted from the transformers wheel', async () => {
  const tf = reference.messages.transformers;
  assert.equal(tf.version, reference.transformers.version);
  assert.equal(tf.curated, undefined, 'extracted by generate-reference.py, not hand-listed');
  const body = [
    han(900),
    '```text',
    'ValueError: Qwen3ForCausalLM does not support an attention implementation through torch.nn.functional.scaled_dot_product_attention yet.',
    "OSError: We couldn't connect to 'https://huggingface.co' to load the files, and couldn't find them in the cached files.",
    '```',
    '',
    '```text',
    "OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in the cached files and it looks like Qwen/Qwen3-8B is not the path to a directory containing a file named config.json.",
    '```',
  ].join('\n');
  const {errors} = await checkFile(page(body));
  assert.equal(errors.length, 1, errors.join('\n'));
  assert.match(
    String(errors[0]),
    /^line 12: quoted message "OSError: We couldn't connect to 'https:\/\/huggingface\.co' to load this file/,
  );
  assert.match(
    String(errors[0]),
    /nearest known message: "We couldn't connect to '\{\}' to load the files, and couldn't find them in the cached files\. .*" \(transformers 4\.57\.6, src\/transformers\/utils\/hub\.py:\d+\)/,
  );
});

test('a message from outside the pinned sources carries its origin; inline quotes of it need that block', async () => {
  const outside = 'RuntimeError: CUDA error: out of memory';
  const marked = await checkFile(
    page(`${han(900)}\n\n\`\`\`text origin="PyTorch"\n${outside}\n\`\`\`\n\n有时报 \`${outside}\`。\n`),
  );
  assert.deepEqual(marked.errors, []);
  const unmarked = await checkFile(page(`${han(900)}\n\n\`\`\`text\n${outside}\n\`\`\`\n\n有时报 \`${outside}\`。\n`));
  assert.equal(unmarked.errors.length, 2, unmarked.errors.join('\n'));
  assert.match(
    String(unmarked.errors[0]),
    /^line 8: quoted message "RuntimeError: CUDA error: out of memory" is not in the pinned sources; no known message is close/,
  );
  assert.match(String(unmarked.errors[1]), /^line 11: quoted message `RuntimeError/);
});

test('a line that reads almost like a known message but differs is a misquote, even without a prefix', async () => {
  const body = [
    han(900),
    '```text origin="PyTorch"',
    'Invalid role tag in [...].',
    'Skipping this abnormal example.',
    'The samples between different datasets will not be shuffled in streaming mode.',
    '```',
    '',
    '日志里的 `not applicable in the current training stage` 说明数据集与阶段不符。',
  ].join('\n');
  const {errors} = await checkFile(page(body));
  assert.equal(errors.length, 1, errors.join('\n'));
  assert.match(
    String(errors[0]),
    /^line 9: "The samples between different datasets will not be shuffled in streaming mode\." reads like a known message/,
  );
  assert.match(String(errors[0]), /"The samples between different datasets will not be mixed in streaming mode\."/);
});

test('arguments in prose are checked like arguments in code', async () => {
  const body = [
    han(900),
    '',
    '## 参数 {#args}',
    '',
    '把 `stage: orpo` 写进配置；`finetuning_type: qlora` 也行；`template: qwen4`；`lora_rank: 八` 不检查。',
    '设置 `lora_rnak` 和 `--per_device_train_batchsize 2`；`learning_rate: 1e-4`、`flash_attn: fa2` 都对。',
    '运行 `llamafactory-cli evaluate <配置>`，或者 `llamafactory-cli train examples/train_lora/qwen3_lora_sft.yaml`。',
    '示例见 `examples/train_lora/qwen9_lora_sft.yaml`，脚本 `scripts/vllm_infer.py` 存在。',
    '想只训练最后一轮就设 `mask_history: true`。',
  ].join('\n');
  const {errors} = await checkFile(page(body));
  const text = errors.join('\n');
  for (const expected of [
    /line 9: stage: "orpo" is not one of pt, sft, rm, ppo, dpo, kto/,
    /line 9: finetuning_type: "qlora" is not one of/,
    /line 9: template: "qwen4" is not a template in LLaMA-Factory v0\.9\.5/,
    /line 10: `lora_rnak` is not an argument or template of LLaMA-Factory v0\.9\.5; did you mean `lora_rank`\?/,
    /line 10: `per_device_train_batchsize` is not an argument .*did you mean `per_device_train_batch_size`\?/,
    /line 11: llamafactory-cli evaluate is not a subcommand/,
    /line 12: examples\/train_lora\/qwen9_lora_sft\.yaml is not a file of LLaMA-Factory v0\.9\.5/,
    /line 13: `mask_history: true` works only with stage sft .*say so where you write it/,
  ]) {
    assert.match(text, expected);
  }
  assert.equal(errors.length, 8, text);
});

test('a value upstream accepts only in some stages passes when its section names the stage', async () => {
  const body = `${han(900)}\n\n## 指令监督微调 {#sft}\n\n只训练最后一轮时设 \`mask_history: true\`。\n\n运行 \`llamafactory-cli eval\` 已不再可用。\n`;
  assert.deepEqual((await checkFile(page(body))).errors, []);
});

test('paths, upload size bounds and click labels must follow src/content/conventions.json; messages give the fix', async () => {
  const body = [
    han(900),
    '',
    '```bash',
    'mkdir -p /workspace/user-data/logs',
    'llamafactory-cli train a.yaml > /workspace/llamafactory/logs/train.log 2>&1',
    'cp -r out /workspace/user-data/outputs/run1',
    'python /workspace/check.py',
    'ls /workspace/user-data/models/output/Qwen3-8B/lora /workspace/user-data/datasets/a/train.json /workspace/user-data/configs/prep.py',
    '```',
    '',
    '`/workspace/llamafactory/output` 目录仍然存在，但本站不用它。',
    '',
    '几百 MB 以内用 JupyterLab 上传；几 GB 以上用 SFTP 上传。',
    '',
    '| 大小 | 方式 |',
    '|---|---|',
    '| 几十 MB 以内 | 文件管理网页上传 |',
    '| 几十 GB 以上 | 对象存储 |',
    '',
    '进入 **实例空间**，点击 **开始微调**，再选择 **控制台 ＞ 实例**，然后点击 **开始训练吧**。',
    '',
    '在 LlamaBoard 中切换到 **Train**，点击 **预览命令** 和 **预览指令**。',
    '',
    '把数据放进 `/workspace/mydata`，再点击 **购买算力**。',
    '',
    '在 JupyterLab 中点击 **Upload Files**。',
    '',
    '在 LlamaBoard 中点击 **一键部署**。',
  ].join('\n');
  const {errors} = await checkFile(page(body));
  const text = errors.join('\n');
  const groups = conventions.labels as unknown as Record<string, string[]>;
  const labels = (group: string) => groups[group]!.join(', ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const expected of [
    /line 9: \/workspace\/llamafactory\/logs\/train\.log: \/workspace\/llamafactory\/logs belongs to LlamaBoard; 你用命令行启动的训练、服务的日志放在 \/workspace\/user-data\/logs\/ .*: write \/workspace\/user-data\/logs\/train\.log$/m,
    /line 10: \/workspace\/user-data\/outputs\/run1: 训练产物.*放在 \/workspace\/user-data\/models\/output\/ \(src\/content\/conventions\.json "paths"\): write \/workspace\/user-data\/models\/output\/run1$/m,
    /line 11: \/workspace\/check\.py is a file directly in \/workspace; 你自己写的处理、检查脚本（.py、.sh）放在 \/workspace\/user-data\/scripts\/ .*: write \/workspace\/user-data\/scripts\/check\.py$/m,
    /line 12: \/workspace\/user-data\/configs\/prep\.py: 你自己写的处理、检查脚本（.py、.sh）放在 \/workspace\/user-data\/scripts\/ .*: write \/workspace\/user-data\/scripts\/prep\.py$/m,
    // A folder is called a folder, and the message names the folder to use.
    /line 28: \/workspace\/mydata is a folder directly in \/workspace; 其他项目文件夹.*放在 \/workspace\/user-data\/ .*: write \/workspace\/user-data\/mydata$/m,
    /line 17: "几 GB 以上" for SFTP contradicts the site's convention "几百 MB 以上"/,
    // A label close to a known one gets it; an unrelated one gets its group's labels and how to add one.
    /line 24: bold label "实例" is not a known interface label; did you mean "实例空间"\?/,
    /line 26: bold label "预览指令" .*did you mean "预览命令"\?/,
    /line 24: bold label "开始训练吧" .*did you mean "开始训练"\?/,
    new RegExp(
      `line 28: bold label "购买算力" is not a known interface label\\. The console labels are: ${labels('console')}\\. If the interface shows "购买算力", add it to "labels" › "console" in src/content/conventions\\.json`,
    ),
    new RegExp(
      `line 30: bold label "Upload Files" is not a known interface label\\. The clients labels are: ${labels('clients')}\\.`,
    ),
    /line 32: bold label "一键部署" is not a known interface label: LlamaBoard's labels are LLaMA-Factory v0\.9\.5's own \(webui\/locales\.py/,
  ]) {
    assert.match(text, expected);
  }
  assert.equal(errors.length, 12, text);
});

test('GPU-memory figures come from the estimator; hand-written ones fail with the line', async () => {
  const body = [
    han(900),
    '',
    'Qwen3-8B 做 LoRA 时显存峰值约 30 GB，权重约 :gpu-mem{model=qwen3-8b show=weights} GB。',
    '',
    '| 模型 | 显存 |',
    '|---|---|',
    '| Qwen3-14B | 32 到 64 GB |',
    '| Qwen3-8B | 约 :gpu-mem{model=qwen3-8b} GB |',
    '',
    'H800 每卡 80 GB 显存；QLoRA 论文用单张 48 GB 显卡；经验上 LoRA 约需参数量 × 2 GB 显存。',
    '',
    '导出的目录约 16 GB。行内代码 `显存 12 GB` 不算。',
    '',
    '```text',
    'GPU 0 显存 79.65 GiB，已用 70 GB',
    '```',
  ].join('\n');
  const {errors} = await checkFile(page(body));
  const text = errors.join('\n');
  for (const expected of [
    /line 7: GPU-memory figure "30 GB" is written by hand: quote the estimator/,
    /line 11: GPU-memory figure "32 到 64 GB" is written by hand/,
  ]) {
    assert.match(text, expected);
  }
  assert.equal(errors.length, 2, text);
  const wrong = await checkFile(page(`${han(900)}\n\n显存估算：:gpu-mem{model=qwen3-8b seq=512} GB。\n`));
  assert.equal(wrong.errors.length, 1);
  assert.match(wrong.errors[0]!, /^:gpu-mem\{model=qwen3-8b seq=512\}: unknown attribute "seq" .*\(line 7\)$/);
});

test('a hand-written memory figure gets the directive built from the page’s own training YAML', async () => {
  const yamlBlock = (model: string) =>
    fence(
      'yaml',
      `model_name_or_path: ${model}\nstage: sft\ndo_train: true\nfinetuning_type: lora\nlora_rank: 16\nquantization_bit: 4\n` +
        'dataset: alpaca_zh_demo\ntemplate: qwen3_nothink\ncutoff_len: 1024\nper_device_train_batch_size: 4\n' +
        'deepspeed: /workspace/user-data/configs/ds_z3_config.json\noutput_dir: /workspace/user-data/models/output/a',
      'title="train.yaml"',
    );
  const body = `${han(900)}\n\n${yamlBlock('/shared-only/models/Qwen/Qwen3-8B')}\n训练时每卡显存约 20 GB。\n`;
  const {errors} = await checkFile(page(body));
  assert.equal(errors.length, 1, errors.join('\n'));
  assert.match(
    errors[0]!,
    /^line 21: GPU-memory figure "20 GB" is written by hand: write `约 :gpu-mem\{model=qwen3-8b method=qlora4 rank=16 zero=z3 cutoff=1024 batch=4\} GB`, the training config of line 7 \(it shows \d+(\.\d)? today\)/,
  );
  // A model the estimator does not have: the ids to choose from.
  const other = await checkFile(
    page(`${han(900)}\n\n${yamlBlock('/shared-only/models/Org/Some-9B')}\n显存约 20 GB。\n`),
  );
  assert.match(
    other.errors[0]!,
    /model_name_or_path \/shared-only\/models\/Org\/Some-9B is not one of the estimator's models \(qwen3-4b, .*qwen3-8b, .*\)/,
  );
  // A wrong model id in a directive lists the ids.
  const id = await checkFile(page(`${han(900)}\n\n显存约 :gpu-mem{model=qwen3-9b} GB。\n`));
  assert.match(id.errors[0]!, /model: is not a preset model; the model ids are qwen3-4b, .*qwen3-8b, .* \(or custom\)/);
});

test('the generator extracts message templates with their formatted parts as {}', () => {
  const source = [
    'import logging, warnings',
    'logger = logging.getLogger(__name__)',
    'def f(name, n):',
    '    if n: raise ValueError(f"Undefined dataset {name} in {DATA_CONFIG}.")',
    '    logger.warning_rank0("Loaded {} adapter(s): {}".format(n, name))',
    '    warnings.warn("Value %s is deprecated, use %d." % (name, n))',
    '    assert n > 0, "Need at least " + str(n) + " samples."',
    '    print("Figure saved at:", name)',
    '    hint = f"To fix: run `pip install {name}`."',
    '    other = f"not a message {name}"',
    '    raise KeyError(name)',
  ].join('\n');
  const script = [
    'import importlib.util, json, sys',
    'spec = importlib.util.spec_from_file_location("gen", "scripts/llamafactory/generate-reference.py")',
    'gen = importlib.util.module_from_spec(spec); spec.loader.exec_module(gen)',
    'print(json.dumps(gen.messages({"pkg/mod.py": sys.stdin.read()}, "pkg")))',
  ].join('\n');
  const r = spawnSync('python3', ['-c', script], {input: source, encoding: 'utf8'});
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), [
    ['Figure saved at: {}', 'pkg/mod.py:8'],
    ['Loaded {} adapter(s): {}', 'pkg/mod.py:5'],
    ['Need at least {} samples.', 'pkg/mod.py:7'],
    ['To fix: run `pip install {}`.', 'pkg/mod.py:9'],
    ['Undefined dataset {} in {}.', 'pkg/mod.py:4'],
    ['Value {} is deprecated, use {}.', 'pkg/mod.py:6'],
  ]);
});

test('facts stated on several pages must agree with their one home (src/content/conventions.json "facts")', async () => {
  // Each wording below is one the audit of issue #36 found on a page.
  const planted = [
    han(900),
    '',
    '多卡训练需要设置 `FORCE_TORCHRUN=1`。',
    '',
    '- 启动命令用 `nohup` 放到后台，多卡时加 `FORCE_TORCHRUN=1`。',
    '',
    '如果只有 0 号卡在工作，检查是否漏了 `FORCE_TORCHRUN=1`。',
    '',
    '```bash',
    'conda create --prefix /workspace/envs/lightllm python=3.11 -y',
    '```',
    '',
    '`llamafactory-cli api` 默认监听 8001 端口。',
    '',
    '| `lora_rank` | 16 | 不超过 vLLM 默认支持的 LoRA 秩上限 |',
    '|---|---|---|',
    '',
    'FileZilla 再次传输同名文件时，在对话框中选择“继续”。',
    '',
    '几百 MB 以内用 JupyterLab 上传，几个 GB 以上用 SFTP。',
  ].join('\n');
  const {errors} = await checkFile(page(planted));
  const text = errors.join('\n');
  for (const expected of [
    /line 7: "多卡训练需要设置 FORCE_TORCHRUN" contradicts the site's fact: .*\(home: documents\/guide\/shili\/\{product\}\.md#gpu-count-and-config; src\/content\/conventions\.json "facts" launcher\)/,
    /line 9: "多卡时加 FORCE_TORCHRUN" contradicts the site's fact/,
    /line 11: "只有 0 号卡在工作，检查是否漏了 FORCE_TORCHRUN" contradicts the site's fact/,
    /line 14: "python=3\.11" says 3\.11 where the site's fact says 3\.10: .*home: documents\/best-practice\/lightLLMagent\.md#install-lightllm/,
    /line 17: "默认监听 8001" says 8001 where the site's fact says 8000/,
    /line 19: this states it without naming the tool it holds for \(vllm_infer or llamafactory-cli/,
    /line 22: "选择“继续" says 继续 where the site's fact says 续传/,
    /line 24: "几个 GB 以上" for SFTP contradicts the site's convention "几百 MB 以上"/,
  ]) {
    assert.match(text, expected);
  }
  assert.equal(errors.length, 8, text);

  // The same facts, stated as their homes state them, pass; so does a wrong wording quoted as one not to use.
  const agreeing = [
    han(900),
    '',
    '卡数多于 1 时，`llamafactory-cli train` 自动用 torchrun 启动；只有在单卡上使用 DeepSpeed 时才必须加 `FORCE_TORCHRUN=1`。不要写“多卡必须加 `FORCE_TORCHRUN=1`”。',
    '',
    '```bash',
    'conda create -p /workspace/envs/lightllm python=3.10 -y',
    '```',
    '',
    '`llamafactory-cli api` 默认监听 8000 端口（环境变量 `API_PORT` 可改）；`webchat` 默认 7860。',
    '',
    'vLLM 加载 LoRA 时有最大秩限制。`scripts/vllm_infer.py` 用 vLLM 自己的默认值 16；`llamafactory-cli` 用 `vllm_max_lora_rank`，默认 32。',
    '',
    'FileZilla 在“目标文件已经存在”对话框中选择“续传”。',
  ].join('\n');
  const ok = await checkFile(page(agreeing));
  assert.deepEqual(ok.errors, []);
});

test('every fact names a home page and section that exist', async () => {
  const {conventions} = await import('../../scripts/conventions.mjs');
  for (const fact of conventions.facts.list as Array<{id: string; home: string}>) {
    const [path, anchor] = fact.home.split('#');
    const ids = headingIds(await parseMarkdown(readFileSync(join('docs', path!), 'utf8')));
    assert.ok(ids.includes(anchor!), `${fact.id}: #${anchor} is not a heading of ${path}`);
  }
});
