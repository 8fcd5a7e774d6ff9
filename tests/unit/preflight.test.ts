// 训练前检查 (src/preflight, the page guide/Train/preflight): every YAML block on the site passes it with no finding
// worded as an error; planted broken configs and datasets give the expected findings, with their lines; every link
// of a finding leads to an existing section.
import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {codeBlocks, readMarkdown} from '../../src/content';
import {loadSiteDocs, siteSettings} from '../../src/content/site';
import {headingIds} from '../../scripts/check-docs.mjs';
import {ERROR_WORDS, findingText, LINKS, preflight, type Finding, type Input} from '../../src/preflight/check';
import {figureNumber} from '../../src/preflight/memory';
import {figureNumber as siteFigureNumber} from '../../src/estimator/markdown';
import {estimate} from '../../src/estimator/estimate';
import {DEFAULTS, parseValues} from '../../src/estimator/form';

const erroneous = (f: Finding) => f.severity === 'error' || ERROR_WORDS.some((w) => findingText(f).includes(w));

test('every YAML block on the site passes the preflight with no finding worded as an error', async () => {
  const {docs} = await loadSiteDocs();
  let checked = 0;
  const bad: string[] = [];
  for (const d of docs) {
    for (const b of codeBlocks(d)) {
      if (b.lang !== 'yaml' && b.lang !== 'yml') continue;
      const words = b.meta.split(/\s+/);
      if (words.includes('wrong')) continue;
      checked++;
      for (const f of preflight({yaml: b.code}, {fragment: words.includes('fragment')}).filter(erroneous)) {
        bad.push(`${d.id}:${b.line + (f.line ?? 0)} ${f.id}: ${f.title}`);
      }
    }
  }
  assert.deepEqual(bad, []);
  assert.ok(checked > 100, `only ${checked} YAML blocks found`);
});

const CONFIG = `### model
model_name_or_path: Qwen/Qwen3-8B
trust_remote_code: true

### method
stage: sft
do_train: true
finetuning_type: lora
lora_rank: 8
lora_target: all

### dataset
dataset: service_qa
template: qwen3
cutoff_len: 2048
max_samples: 1000

### output
output_dir: /workspace/user-data/models/output/qwen3-8b-lora-sft
logging_steps: 10
save_steps: 500

### train
per_device_train_batch_size: 2
gradient_accumulation_steps: 8
learning_rate: 1.0e-4
num_train_epochs: 3.0
bf16: true
`;
const INFO = `{
  "service_qa": {
    "file_name": "/workspace/user-data/datasets/service_qa/service_qa.json",
    "columns": {"prompt": "instruction", "query": "input", "response": "output"}
  }
}`;
const DATA = `[
  {"instruction": "冰箱冷藏室结冰怎么办？", "input": "", "output": "先把冷藏温度调到 4 到 6 摄氏度。"},
  {"instruction": "冰箱声音很大正常吗？", "input": "", "output": "压缩机启动时有轻微嗡嗡声属于正常现象。"}
]`;
const GOOD: Input = {yaml: CONFIG, datasetInfo: INFO, data: DATA, cards: '1'};

/** The config with `line` (1-based) replaced, or a line added at the end. */
function edit(replace: Record<number, string>, add = ''): string {
  return (
    CONFIG.split('\n')
      .map((l, i) => replace[i + 1] ?? l)
      .join('\n') + add
  );
}

test('a correct config, entry and data give no problem and show the converted sample and memory', () => {
  const findings = preflight(GOOD);
  assert.deepEqual(findings.filter(erroneous), []);
  assert.deepEqual(
    findings.filter((f) => f.severity === 'warning'),
    [],
  );
  const preview = findings.find((f) => f.id === 'data.preview')!;
  assert.equal(preview.line, 2);
  assert.deepEqual(preview.sample?.prompt, [{role: 'user', content: '冰箱冷藏室结冰怎么办？'}]);
  assert.deepEqual(preview.sample?.response, [{role: 'assistant', content: '先把冷藏温度调到 4 到 6 摄氏度。'}]);
  const memory = findings.find((f) => f.id === 'memory.fits')!;
  const {setup} = parseValues({...DEFAULTS, model: 'qwen3-8b', batch: '2', cutoff: '2048'});
  assert.equal(memory.title, `显存：1 张卡时每卡约 ${figureNumber(estimate(setup!).totalGiB)} GB，放得下`);
  // The estimator's defaults are this config's settings (Qwen3-8B, LoRA rank 8, cutoff_len 2048, batch 2): no query.
  assert.equal(memory.link.to, '/docs/documents/guide/shili/%7Bproduct%7D#memory-estimate');
  const full = preflight({...GOOD, yaml: edit({15: 'cutoff_len: 4096', 24: 'per_device_train_batch_size: 1'})});
  assert.equal(
    full.find((f) => f.id.startsWith('memory.'))!.link.to,
    '/docs/documents/guide/shili/%7Bproduct%7D?cutoff=4096&batch=1#memory-estimate',
  );
});

/** Planted mistakes: the input, the finding id expected, its box and line (when it has one). */
const PLANTED: Array<{name: string; input: Input; id: string; box?: string; line?: number; text?: RegExp}> = [
  // (a) the validator of check:docs
  {name: 'misspelt key', input: {yaml: edit({9: 'lora_rnak: 8'})}, id: 'yaml.unknown-key', line: 9, text: /lora_rank/},
  {name: 'unknown key', input: {yaml: edit({}, 'use_magic: true\n')}, id: 'yaml.unknown-key', line: 29},
  {name: 'wrong type', input: {yaml: edit({26: 'learning_rate: fast'})}, id: 'yaml.type', line: 26},
  {name: 'quoted boolean', input: {yaml: edit({28: 'bf16: "yes"'})}, id: 'yaml.type', line: 28, text: /true 或 false/},
  {name: 'wrong choice', input: {yaml: edit({8: 'finetuning_type: qlora'})}, id: 'yaml.choice', line: 8},
  {name: 'template', input: {yaml: edit({14: 'template: qwen-3'})}, id: 'yaml.template', line: 14, text: /qwen3/},
  {name: 'SFT only', input: {yaml: edit({6: 'stage: pt'}, 'train_on_prompt: true\n')}, id: 'yaml.sft-only', line: 29},
  {
    name: 'quantized full',
    input: {yaml: edit({8: 'finetuning_type: full'}, 'quantization_bit: 4\n')},
    id: 'yaml.quantization-method',
    line: 29,
  },
  {name: 'no model', input: {yaml: edit({2: '# model'})}, id: 'yaml.no-model'},
  {
    name: 'export key in export config',
    input: {
      yaml: 'model_name_or_path: Qwen/Qwen3-8B\nexport_dir: /workspace/user-data/models/merged/x\nlearning_rate: 1.0e-4\n',
    },
    id: 'yaml.training-key-in-infer',
    line: 3,
  },
  {name: 'YAML syntax', input: {yaml: edit({15: 'cutoff_len 2048'})}, id: 'yaml.parse', line: 15},
  // (b) datasets
  {
    name: 'dataset missing from the given info',
    input: {...GOOD, yaml: edit({13: 'dataset: service_qa2'})},
    id: 'yaml.dataset-not-in-info',
    line: 13,
    text: /service_qa/,
  },
  {
    name: 'file name as dataset',
    input: {...GOOD, yaml: edit({13: 'dataset: service_qa.json'})},
    id: 'yaml.dataset-file-name',
    line: 13,
  },
  {
    name: 'preference data in SFT',
    input: {yaml: edit({13: 'dataset: dpo_zh_demo'})},
    id: 'yaml.dataset-stage',
    line: 13,
  },
  {
    name: 'Alpaca without input under the default mapping',
    input: {
      ...GOOD,
      datasetInfo: '"service_qa": {"file_name": "service_qa.json"}',
      data: '{"instruction": "a", "output": "b"}\n{"instruction": "c", "output": "d"}',
    },
    id: 'data.alpaca-no-input',
    box: 'data',
    line: 1,
  },
  {
    name: 'messages read as conversations',
    input: {
      ...GOOD,
      datasetInfo: '{"service_qa": {"file_name": "s.jsonl", "formatting": "sharegpt"}}',
      data: '{"messages": [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}]}',
    },
    id: 'data.messages-as-conversations',
    box: 'data',
    line: 1,
  },
  {
    name: 'renamed column',
    input: {
      ...GOOD,
      datasetInfo: '{"service_qa": {"file_name": "s.json", "columns": {"prompt": "question", "response": "answer"}}}',
      data: '[{"q": "a", "answer": "b"}]',
    },
    id: 'data.missing-field',
    box: 'data',
    line: 1,
  },
  {
    name: 'roles that match no tag',
    input: {
      ...GOOD,
      datasetInfo: '{"service_qa": {"file_name": "s.json", "formatting": "sharegpt"}}',
      data: '{"conversations": [{"from": "user", "value": "a"}, {"from": "gpt", "value": "b"}]}',
    },
    id: 'data.roles',
    box: 'data',
    line: 1,
  },
  {
    name: 'a sample that ends with the user',
    input: {
      ...GOOD,
      datasetInfo: '{"service_qa": {"file_name": "s.json", "formatting": "sharegpt"}}',
      data: '{"conversations": [{"from": "human", "value": "a"}, {"from": "gpt", "value": "b"}, {"from": "human", "value": "c"}]}',
    },
    id: 'data.dropped',
    box: 'data',
    line: 1,
    text: /Invalid message count/,
  },
  {
    name: 'pretty-printed objects without [ ]',
    input: {
      ...GOOD,
      data: '{\n  "instruction": "a",\n  "input": "",\n  "output": "b"\n}\n{\n  "instruction": "c",\n  "input": "",\n  "output": "d"\n}',
    },
    id: 'data.multiline',
    box: 'data',
    line: 1,
  },
  {
    name: 'object of records',
    input: {...GOOD, data: '{"train": [{"instruction": "a", "input": "", "output": "b"}]}'},
    id: 'data.top-level-object',
    box: 'data',
    line: 1,
  },
  {
    name: 'broken JSON line',
    input: {
      ...GOOD,
      data: '{"instruction": "a", "input": "", "output": "b"}\n{"instruction": “c”, "input": "", "output": "d"}\n{"instruction": "e", "input": "", "output": "f"}',
    },
    id: 'data.json',
    box: 'data',
    line: 2,
  },
  {
    name: 'misspelt entry key',
    input: {...GOOD, datasetInfo: '{"service_qa": {"file_name": "s.json", "colums": {"prompt": "instruction"}}}'},
    id: 'info.misspelt-key',
    box: 'datasetInfo',
    line: 1,
    text: /columns/,
  },
  {
    name: 'dataset_info syntax',
    input: {...GOOD, datasetInfo: '{\n  "service_qa": {\n    "file_name": "s.json",\n  }\n}'},
    id: 'info.parse',
    box: 'datasetInfo',
    line: 4,
  },
  // (c) launching
  {
    name: 'DeepSpeed on one card',
    input: {...GOOD, yaml: edit({}, 'deepspeed: /workspace/user-data/configs/ds_z3_config.json\n')},
    id: 'launch.force-torchrun',
    line: 29,
    text: /FORCE_TORCHRUN=1/,
  },
  {name: 'output_dir resumes', input: GOOD, id: 'launch.output-dir', line: 19, text: /Resuming training from/},
  {
    name: 'path outside the conventions',
    input: {...GOOD, yaml: edit({19: 'output_dir: /workspace/output/qwen3'})},
    id: 'launch.path',
    line: 19,
    text: /\/workspace\/user-data\/models\/output\//,
  },
  {
    name: 'LlamaBoard folder',
    input: {...GOOD, yaml: edit({19: 'output_dir: /workspace/llamafactory/saves/qwen3'})},
    id: 'launch.path',
    line: 19,
  },
  {name: 'card count', input: {...GOOD, cards: '十六'}, id: 'cards.range', box: 'cards'},
  // (d) memory
  {
    name: 'too much for the cards',
    input: {
      ...GOOD,
      yaml: edit({2: 'model_name_or_path: meta-llama/Llama-3.1-70B-Instruct', 8: 'finetuning_type: full'}),
    },
    id: 'memory.too-much',
    line: 2,
  },
  {
    name: 'unknown model: a link into the estimator',
    input: {...GOOD, yaml: edit({2: 'model_name_or_path: /workspace/user-data/models/my-own-7b'})},
    id: 'memory.link',
    line: 2,
  },
];

for (const planted of PLANTED) {
  test(`planted: ${planted.name}`, () => {
    const findings = preflight(planted.input);
    const hit = findings.find((f) => f.id === planted.id);
    assert.ok(hit, `no ${planted.id}; got ${findings.map((f) => `${f.id}@${f.line}`).join(', ')}`);
    if (planted.box) assert.equal(hit.box, planted.box);
    if (planted.line !== undefined) assert.equal(hit.line, planted.line);
    if (planted.text) assert.match(findingText(hit), planted.text);
    assert.ok(hit.why.length > 10 && hit.link.to.startsWith('/docs/'));
  });
}

test('the planted set covers config, dataset, launch and memory findings', () => {
  const kinds = new Set(PLANTED.map((p) => p.id.split('.')[0]));
  assert.deepEqual([...kinds].sort(), ['cards', 'data', 'info', 'launch', 'memory', 'yaml']);
  assert.ok(PLANTED.length >= 15);
});

test('a built-in dataset the page cannot see is not unknown, and one it cannot see is looked up', () => {
  for (const yaml of [edit({13: 'dataset: alpaca_zh_demo,identity'}), edit({13: 'dataset: my_private_set'})]) {
    const findings = preflight({yaml});
    assert.deepEqual(findings.filter(erroneous), []);
    assert.ok(findings.some((f) => /dataset-(builtin|lookup)/.test(f.id)));
  }
});

test('multi-card DeepSpeed needs no FORCE_TORCHRUN and memory follows the card count', () => {
  const yaml = edit({8: 'finetuning_type: full'}, 'deepspeed: /workspace/user-data/configs/ds_z3_config.json\n');
  const findings = preflight({yaml, cards: '4'});
  assert.ok(!findings.some((f) => f.id === 'launch.force-torchrun'));
  assert.ok(findings.some((f) => f.id === 'launch.torchrun'));
  assert.match(findings.find((f) => f.id.startsWith('memory.'))!.title, /4 张卡时每卡约 \d+ GB/);
});

test('every finding links to an existing section of the site', async () => {
  const docsDir = join(siteSettings.siteDir, siteSettings.docsPath);
  const targets = new Set(Object.values(LINKS).map((l) => l.to));
  for (const p of PLANTED) for (const f of preflight(p.input)) targets.add(f.link.to.replace(/\?[^#]*/, ''));
  for (const to of targets) {
    const [path, anchor] = decodeURIComponent(to)
      .replace(/^\/docs\//, '')
      .split('#') as [string, string?];
    const file = join(docsDir, `${path}.md`);
    assert.ok(existsSync(file), `${to}: no page ${file}`);
    if (anchor) assert.ok(headingIds(await readMarkdown(file)).includes(anchor), `${to}: no heading {#${anchor}}`);
  }
});

test('memory figures are worded as the site words the estimator', () => {
  for (const gib of [0.5, 9.94, 10.4, 39.6, 71.2]) assert.equal(figureNumber(gib), siteFigureNumber(gib));
});

test('every dataset_info.json entry on the site, with the sample file its page shows, passes with no error', async () => {
  const {docs} = await loadSiteDocs();
  let checked = 0;
  const bad: string[] = [];
  for (const d of docs) {
    const blocks = codeBlocks(d).filter((b) => !b.meta.split(/\s+/).includes('wrong'));
    const files = new Map<string, string>();
    for (const b of blocks) {
      const title = /title="([^"]*)"/
        .exec(b.meta)?.[1]
        ?.replace(/[（(].*$/, '')
        .trim();
      if (title && /\.jsonl?$/.test(title)) files.set(title.split('/').pop()!, b.code);
    }
    for (const b of blocks) {
      if (b.lang !== 'json' || !/dataset_info/.test(b.meta)) continue;
      let info: Record<string, {file_name?: string; ranking?: boolean; columns?: Record<string, string>}>;
      try {
        info = JSON.parse(b.meta.includes('fragment') ? `{${b.code.trim().replace(/,\s*$/, '')}}` : b.code);
      } catch {
        continue;
      }
      for (const [name, entry] of Object.entries(info)) {
        const data = typeof entry.file_name === 'string' ? files.get(entry.file_name.split('/').pop()!) : undefined;
        if (!data) continue;
        checked++;
        // The stage the page trains the entry in: preference data in DPO, plain text in pre-training, KTO data in KTO.
        const columns = Object.keys(entry.columns ?? {});
        const stage = entry.ranking
          ? 'dpo'
          : columns.includes('kto_tag')
            ? 'kto'
            : columns.join() === 'prompt'
              ? 'pt'
              : 'sft';
        const yaml = `stage: ${stage}\ndataset: ${name}\n`;
        const findings = preflight({yaml, datasetInfo: b.code, data}, {fragment: true});
        for (const f of findings.filter(erroneous)) bad.push(`${d.id}:${b.line} ${name} ${f.id}: ${f.title}`);
      }
    }
  }
  assert.deepEqual(bad, []);
  assert.ok(checked > 10, `only ${checked} entries with their sample files found`);
});
