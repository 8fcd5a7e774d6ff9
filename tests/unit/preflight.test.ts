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

// A held-out probe: LLaMA-Factory v0.9.5's own examples/ (correct: no finding worded as an error, no warning) and
// broken configs and data as readers paste them, each with what v0.9.5 does at launch (hparams/parser.py,
// hparams/data_args.py, hparams/finetuning_args.py, data/converter.py, transformers' TrainingArguments, datasets).
const EXAMPLE = `### model
model_name_or_path: Qwen/Qwen3-4B-Instruct-2507
trust_remote_code: true

### method
stage: sft
do_train: true
finetuning_type: lora
lora_rank: 8
lora_target: all

### dataset
dataset: identity,alpaca_en_demo
template: qwen3_nothink
cutoff_len: 2048
max_samples: 1000
preprocessing_num_workers: 16
dataloader_num_workers: 4

### output
output_dir: saves/qwen3-4b/lora/sft
logging_steps: 10
save_steps: 500
plot_loss: true
overwrite_output_dir: true
save_only_model: false
report_to: none  # choices: [none, wandb, tensorboard, swanlab, mlflow]

### train
per_device_train_batch_size: 1
gradient_accumulation_steps: 8
learning_rate: 1.0e-4
num_train_epochs: 3.0
lr_scheduler_type: cosine
warmup_ratio: 0.1
bf16: true
ddp_timeout: 180000000
resume_from_checkpoint: null

### eval
# eval_dataset: alpaca_en_demo
# val_size: 0.1
# per_device_eval_batch_size: 1
# eval_strategy: steps
# eval_steps: 500
`;
/** The example with each [from, to] replaced (each must occur). */
function swap(text: string, ...pairs: Array<[string | RegExp, string]>): string {
  return pairs.reduce((t, [from, to]) => {
    assert.ok(typeof from === 'string' ? t.includes(from) : from.test(t), `no ${String(from)}`);
    return t.replace(from, to);
  }, text);
}
const stage = (s: string, dataset: string, ...more: Array<[string | RegExp, string]>) =>
  swap(EXAMPLE, ['stage: sft', `stage: ${s}`], ['dataset: identity,alpaca_en_demo', `dataset: ${dataset}`], ...more);
const FULL_DS3 = swap(
  EXAMPLE,
  [
    'finetuning_type: lora\nlora_rank: 8\nlora_target: all',
    'finetuning_type: full\ndeepspeed: examples/deepspeed/ds_z3_config.json',
  ],
  ['learning_rate: 1.0e-4', 'learning_rate: 1.0e-5'],
);
const CS = swap(
  EXAMPLE,
  ['dataset: identity,alpaca_en_demo', 'dataset: cs_faq\ndataset_dir: /workspace/llamafactory/data'],
  ['output_dir: saves/qwen3-4b/lora/sft', 'output_dir: /workspace/user-data/models/output/qwen3-4b-cs-faq'],
);
const CS_INFO = `{
  "cs_faq": {
    "file_name": "/workspace/user-data/datasets/cs_faq/cs_faq.jsonl",
    "columns": {"prompt": "instruction", "query": "input", "response": "output"}
  }
}`;
const CS_ROWS = [
  '{"instruction": "退货要多久到账？", "input": "", "output": "审核通过后 1 到 3 个工作日原路退回。"}',
  '{"instruction": "能开发票吗？", "input": "订单号 1234", "output": "可以，在订单详情页申请电子发票。"}',
];
const MLLM_INFO = `"mllm_demo": {
    "file_name": "mllm_demo.json",
    "formatting": "sharegpt",
    "columns": {"messages": "messages", "images": "images"},
    "tags": {"role_tag": "role", "content_tag": "content", "user_tag": "user", "assistant_tag": "assistant"}
  },`;
const MLLM_DATA = `[
  {
    "messages": [
      {"content": "<image>Who are they?", "role": "user"},
      {"content": "They're Kane and Gretzka from Bayern Munich.", "role": "assistant"}
    ],
    "images": ["mllm_demo_data/1.jpg"]
  },
  {
    "messages": [
      {"content": "<image>Who is he?",`;
const CHAT_LOG = (entry: string) => ({
  yaml: swap(CS, ['dataset: cs_faq', 'dataset: chat_log']),
  datasetInfo: `{"chat_log": {"file_name": "chat_log.json", ${entry}}}`,
  data: '{"conversations": [{"from": "human", "value": "你好"}, {"from": "gpt", "value": "您好，请问有什么可以帮您？"}]}',
});

const HELD_OUT_CORRECT: Array<{name: string; input: Input; warnings?: string[]}> = [
  {name: 'examples/train_lora/qwen3_lora_sft.yaml', input: {yaml: EXAMPLE, cards: '1'}},
  {
    name: 'examples/train_qlora/qwen3_lora_sft_otfq.yaml',
    input: {
      yaml: swap(EXAMPLE, ['trust_remote_code', 'quantization_bit: 4\nquantization_method: bnb\ntrust_remote_code']),
      cards: '1',
    },
  },
  {name: 'examples/train_full/qwen3_full_sft.yaml on 8 cards', input: {yaml: FULL_DS3, cards: '8'}},
  {
    name: 'examples/train_lora/qwen3_lora_dpo.yaml',
    input: {
      yaml: stage('dpo', 'dpo_en_demo', ['lora_target: all', 'lora_target: all\npref_beta: 0.1\npref_loss: sigmoid']),
    },
  },
  {
    name: 'examples/train_lora/qwen3_lora_kto.yaml',
    input: {yaml: stage('kto', 'kto_en_demo', ['lora_target: all', 'lora_target: all\npref_beta: 0.1'])},
  },
  {
    name: 'examples/train_lora/qwen3_lora_pretrain.yaml',
    input: {yaml: stage('pt', 'c4_demo', ['template: qwen3_nothink\n', ''])},
  },
  {name: 'examples/train_lora/qwen3_lora_reward.yaml', input: {yaml: stage('rm', 'dpo_en_demo')}},
  {
    name: 'a PPO config (examples of 0.9.x)',
    input: {
      yaml:
        stage('ppo', 'identity,alpaca_en_demo', [
          'trust_remote_code',
          'reward_model: saves/qwen3-4b/lora/reward\ntrust_remote_code',
        ]) + '\n### generate\nmax_new_tokens: 512\ntop_k: 0\ntop_p: 0.9\n',
    },
  },
  {
    name: 'Qwen2-VL with the mllm_demo entry and a cut-off sample',
    input: {
      yaml: swap(
        EXAMPLE,
        [
          'Qwen/Qwen3-4B-Instruct-2507',
          'Qwen/Qwen2.5-VL-7B-Instruct\nimage_max_pixels: 262144\nvideo_max_pixels: 16384',
        ],
        ['dataset: identity,alpaca_en_demo', 'dataset: mllm_demo,identity,alpaca_en_demo  # video: mllm_video_demo'],
        ['template: qwen3_nothink', 'template: qwen2_vl'],
      ),
      datasetInfo: MLLM_INFO,
      data: MLLM_DATA,
      cards: '1',
    },
  },
  {
    name: 'examples/merge_lora/qwen3_lora_sft.yaml pasted',
    input: {
      yaml: '### Note: DO NOT use quantized model or quantization_bit when merging lora adapters\n\n### model\nmodel_name_or_path: Qwen/Qwen3-4B-Instruct-2507\nadapter_name_or_path: saves/qwen3-4b/lora/sft\ntemplate: qwen3_nothink\ntrust_remote_code: true\n\n### export\nexport_dir: saves/qwen3_sft_merged\nexport_size: 5\nexport_device: cpu  # choices: [cpu, auto]\nexport_legacy_format: false\n',
    },
  },
  {
    name: 'examples/inference/qwen3_lora_sft.yaml pasted',
    input: {
      yaml: 'model_name_or_path: Qwen/Qwen3-4B-Instruct-2507\nadapter_name_or_path: saves/qwen3-4b/lora/sft\ntemplate: qwen3_nothink\ninfer_backend: huggingface  # choices: [huggingface, vllm, sglang, ktransformers]\ntrust_remote_code: true\n',
    },
  },
  {
    name: 'a config written as JSON',
    input: {
      yaml: JSON.stringify(
        {
          model_name_or_path: 'Qwen/Qwen3-8B',
          stage: 'sft',
          do_train: true,
          finetuning_type: 'lora',
          dataset: 'cs_faq',
          dataset_dir: '/workspace/llamafactory/data',
          template: 'qwen3',
          output_dir: '/workspace/user-data/models/output/qwen3-8b-cs',
          per_device_train_batch_size: 2,
          learning_rate: 0.0001,
          bf16: true,
        },
        null,
        2,
      ),
      datasetInfo: CS_INFO,
      data: CS_ROWS.join('\n'),
      cards: '1',
    },
    // v0.9.5 cannot load a .json config file (hparams/parser.py): the page says to save it as .yaml.
    warnings: ['yaml.json-config@1'],
  },
  {
    name: 'CRLF line ends, learning_rate: 1e-4 and bf16: yes (YAML 1.1, as OmegaConf reads it)',
    input: {
      yaml: swap(CS, ['learning_rate: 1.0e-4', 'learning_rate: 1e-4'], ['bf16: true', 'bf16: yes']).replace(
        /\n/g,
        '\r\n',
      ),
      datasetInfo: CS_INFO.replace(/\n/g, '\r\n'),
      data: CS_ROWS.join('\r\n'),
      cards: '1',
    },
  },
  {
    name: 'a [ ] array in a .jsonl file (datasets falls back to reading the whole file)',
    input: {yaml: CS, datasetInfo: CS_INFO, data: `[\n${CS_ROWS.join(',\n')}\n]`},
  },
  {
    name: 'CSV rows for a .csv entry',
    input: {
      yaml: CS,
      datasetInfo: '{"cs_faq": {"file_name": "cs_faq.csv"}}',
      data: 'instruction,input,output\n退货要多久到账？,,审核通过后 1 到 3 个工作日原路退回。\n"能开发票吗？","订单号 1234","可以，在订单详情页申请电子发票。"\n',
    },
  },
];

for (const {name, input, warnings = []} of HELD_OUT_CORRECT) {
  test(`held out, correct: ${name}`, () => {
    const findings = preflight(input);
    assert.deepEqual(
      findings.filter((f) => erroneous(f)).map((f) => `${f.id}@${f.line}: ${f.title}`),
      [],
    );
    assert.deepEqual(
      findings.filter((f) => f.severity === 'warning').map((f) => `${f.id}@${f.line}`),
      warnings,
    );
  });
}

test('held out: a JSON config has its lines, a pasted sample is converted, exports are told apart', () => {
  const input = (name: string) => HELD_OUT_CORRECT.find((c) => c.name.startsWith(name))!.input;
  assert.equal(preflight(input('a config written as JSON')).find((f) => f.id === 'launch.output-dir')?.line, 9);
  assert.deepEqual(preflight(input('Qwen2-VL')).find((f) => f.id === 'data.preview')?.sample?.prompt, [
    {role: 'user', content: '<image>Who are they?'},
  ]);
  for (const name of ['examples/merge_lora', 'examples/inference'])
    assert.ok(preflight(input(name)).some((f) => f.id === 'yaml.infer-config'));
});

const HELD_OUT_BROKEN: Array<{name: string; input: Input; id: string; line?: number; text?: RegExp}> = [
  {
    name: 'learning_rate quoted: a str reaches the optimizer',
    input: {yaml: swap(EXAMPLE, ['learning_rate: 1.0e-4', 'learning_rate: "1e-4"'])},
    id: 'yaml.type',
    line: 32,
    text: /去掉引号/,
  },
  {
    name: 'lora_target under full fine-tuning is left unused',
    input: {yaml: swap(EXAMPLE, ['finetuning_type: lora', 'finetuning_type: full'])},
    id: 'yaml.unused-key',
    line: 9,
  },
  {
    name: 'finetuning_type: qlora (AssertionError: Invalid fine-tuning method.)',
    input: {yaml: swap(EXAMPLE, ['finetuning_type: lora', 'finetuning_type: qlora\nquantization_bit: 4'])},
    id: 'yaml.choice',
    line: 8,
    text: /`lora`/,
  },
  {
    name: 'stage: dpo with an Alpaca entry',
    input: {yaml: swap(CS, ['stage: sft', 'stage: dpo']), datasetInfo: CS_INFO, data: CS_ROWS.join('\n')},
    id: 'yaml.dataset-stage',
    line: 13,
  },
  {
    name: 'misspelt template',
    input: {yaml: swap(EXAMPLE, ['template: qwen3_nothink', 'template: qwen3_no_think'])},
    id: 'yaml.template',
    line: 14,
    text: /qwen3_nothink/,
  },
  {
    name: 'per_device_train_batch_size: 0',
    input: {yaml: swap(EXAMPLE, ['per_device_train_batch_size: 1', 'per_device_train_batch_size: 0'])},
    id: 'yaml.not-positive',
    line: 30,
  },
  {
    name: 'bf16 and fp16 together',
    input: {yaml: swap(EXAMPLE, ['bf16: true', 'bf16: true\nfp16: true'])},
    id: 'yaml.fp16-bf16',
    line: 37,
    text: /At most one of fp16 and bf16/,
  },
  {
    name: 'val_size 0.1 with streaming',
    input: {
      yaml: swap(
        EXAMPLE,
        ['max_samples: 1000', 'streaming: true\nmax_steps: 3000'],
        ['# val_size: 0.1', 'val_size: 0.1'],
      ),
    },
    id: 'yaml.streaming',
    line: 43,
    text: /integer val size/,
  },
  {
    name: 'streaming with max_samples and no max_steps',
    input: {yaml: swap(EXAMPLE, ['max_samples: 1000', 'max_samples: 1000\nstreaming: true'])},
    id: 'yaml.streaming',
    line: 16,
    text: /max_samples/,
  },
  {
    name: 'eval_strategy uncommented without val_size',
    input: {
      yaml: swap(EXAMPLE, [
        '# per_device_eval_batch_size: 1\n# eval_strategy: steps\n# eval_steps: 500',
        'per_device_eval_batch_size: 1\neval_strategy: steps\neval_steps: 500',
      ]),
    },
    id: 'yaml.no-eval-data',
    line: 44,
  },
  {
    name: 'a DeepSpeed file under /root',
    input: {yaml: swap(FULL_DS3, [/deepspeed: .*/, 'deepspeed: /root/ds_z3_config.json']), cards: '2'},
    id: 'launch.not-kept',
    line: 9,
  },
  {
    name: 'a tab after a colon (PyYAML refuses it, js-yaml does not)',
    input: {yaml: swap(EXAMPLE, ['lora_rank: 8', 'lora_rank:\t8'])},
    id: 'yaml.parse',
    line: 9,
    text: /Tab/,
  },
  {
    name: 'a key written twice (OmegaConf: found duplicate key)',
    input: {yaml: `${EXAMPLE}learning_rate: 5.0e-5\n`},
    id: 'yaml.parse',
    line: 46,
    text: /第 32 行和第 46 行/,
  },
  {
    name: 'an unclosed [ points at its own line',
    input: {yaml: swap(EXAMPLE, ['dataset: identity,alpaca_en_demo', 'dataset: [identity, alpaca_en_demo'])},
    id: 'yaml.parse',
    line: 13,
  },
  {
    name: 'formatting: sharegtp (Dataset converter sharegtp not found.)',
    input: CHAT_LOG('"formatting": "sharegtp"'),
    id: 'info.formatting',
    text: /`sharegpt`/,
  },
  {
    name: 'columns.system names a field the samples lack',
    input: {
      yaml: CS,
      datasetInfo:
        '{"cs_faq": {"file_name": "cs_faq.jsonl", "columns": {"prompt": "instruction", "query": "input", "response": "output", "system": "system_prompt"}}}',
      data: CS_ROWS.join('\n'),
    },
    id: 'data.missing-field',
    line: 1,
    text: /system_prompt/,
  },
  {
    name: 'from/value turns read with role/content tags',
    input: CHAT_LOG(
      '"formatting": "sharegpt", "tags": {"role_tag": "role", "content_tag": "content", "user_tag": "user", "assistant_tag": "assistant"}',
    ),
    id: 'data.turn-fields',
    line: 1,
    text: /删掉条目里的 tags/,
  },
  {
    name: 'JSON Lines whose lines are arrays of turns',
    input: {
      ...CHAT_LOG('"formatting": "sharegpt"'),
      data: '[{"from": "human", "value": "你好"}, {"from": "gpt", "value": "您好"}]\n[{"from": "human", "value": "在吗"}, {"from": "gpt", "value": "在的"}]',
    },
    id: 'data.turn-list',
    line: 1,
  },
  {
    name: 'CSV rows for a .json entry',
    input: {
      yaml: CS,
      datasetInfo: '{"cs_faq": {"file_name": "cs_faq.json"}}',
      data: 'instruction,input,output\n退货要多久到账？,,1 到 3 个工作日。\n',
    },
    id: 'data.file-kind',
    line: 1,
  },
  {
    name: 'a BOM before a [ ] array',
    input: {yaml: CS, datasetInfo: CS_INFO, data: `\ufeff[\n${CS_ROWS.join(',\n')}\n]`},
    id: 'data.bom',
    line: 1,
  },
  {
    name: 'PPO without reward_model',
    input: {yaml: stage('ppo', 'alpaca_en_demo')},
    id: 'yaml.no-reward-model',
    line: 6,
  },
  {
    name: 'use_dora with full fine-tuning',
    input: {yaml: swap(FULL_DS3, ['finetuning_type: full', 'finetuning_type: full\nuse_dora: true']), cards: '8'},
    id: 'yaml.lora-only',
    line: 9,
  },
];

for (const broken of HELD_OUT_BROKEN) {
  test(`held out, broken: ${broken.name}`, () => {
    const findings = preflight(broken.input);
    const hit = findings.find((f) => f.id === broken.id);
    assert.ok(hit, `no ${broken.id}; got ${findings.map((f) => `${f.id}@${f.line}`).join(', ')}`);
    if (broken.line !== undefined) assert.equal(hit.line, broken.line);
    if (broken.text) assert.match(findingText(hit), broken.text);
  });
}

test('held out: an empty paste says nothing; a megatron or v1 config is named, not listed key by key', () => {
  assert.deepEqual(preflight({yaml: '  \n', datasetInfo: '', data: '', cards: ''}), []);
  const megatron = preflight({yaml: `${EXAMPLE}tensor_model_parallel_size: 4\nsequence_parallel: true\n`});
  assert.deepEqual(
    megatron.filter((f) => f.severity !== 'info' && f.severity !== 'ok').map((f) => f.id),
    ['yaml.megatron'],
  );
  const v1 = preflight({
    yaml: 'model: Qwen/Qwen3-4B\nmodel_class: llm\ntemplate: qwen3_nothink\ntrain_dataset: data/v1_sft_demo.yaml\nmicro_batch_size: 1\n',
  });
  assert.deepEqual(
    v1.map((f) => f.id),
    ['yaml.v1-config'],
  );
});

// A second held-out round: configs and data as readers paste them (LLaMA-Factory issues #3963, #5978, #8221, the site's
// pages), each with what v0.9.5 and transformers 4.57 do at launch: transformers training_args.py
// (load_best_model_at_end, warmup_steps), trainer.py (resume_from_checkpoint: true, max_steps), data_args.py (dataset
// split on ","), data/parser.py (dataset_info.json read from dataset_dir), data/converter.py (system turns, tool_calls,
// kto_tag, chosen and rejected), data/processor/feedback.py and supervised.py, formatter.py, README's template table.
const ROUND2 = (more: string) => `### model
model_name_or_path: /workspace/user-data/models/Qwen3-8B
trust_remote_code: true

### method
stage: sft
do_train: true
finetuning_type: lora
lora_rank: 8
lora_target: all

### dataset
dataset_dir: /workspace/llamafactory/data
dataset: faq_v1
template: qwen3
cutoff_len: 2048
${more}`;
const ROUND2_TRAIN = `
### output
output_dir: /workspace/user-data/models/output/qwen3-8b-faq
logging_steps: 10
save_steps: 500

### train
per_device_train_batch_size: 2
gradient_accumulation_steps: 8
learning_rate: 1.0e-4
num_train_epochs: 3.0
bf16: true
`;
const FAQ_INFO = `{
  "faq_v1": {
    "file_name": "/workspace/user-data/datasets/faq/faq_v1.json",
    "columns": {"prompt": "instruction", "query": "input", "response": "output"}
  },
  "faq_2": {
    "file_name": "/workspace/user-data/datasets/faq/faq_v2.json",
    "columns": {"prompt": "instruction", "query": "input", "response": "output"}
  }
}`;
const ISSUE_3963 = `### model
model_name_or_path: Qwen/Qwen1.5-0.5B

### method
stage: sft
do_train: true
finetuning_type: lora
lora_target: q_proj,v_proj

### dataset
dataset: alpaca_zh_demo
template: qwen
cutoff_len: 1024
max_samples: 1000
overwrite_cache: true
preprocessing_num_workers: 16

### output
output_dir: saves/qwen-xd/lora/sft
logging_steps: 10
save_steps: 500
plot_loss: true
overwrite_output_dir: true

### train
per_device_train_batch_size: 1
gradient_accumulation_steps: 8
learning_rate: 0.0001
num_train_epochs: 3.0
lr_scheduler_type: cosine
warmup_steps: 0.1
fp16: true

### eval
val_size: 0.1
per_device_eval_batch_size: 1
evaluation_strategy: steps
eval_steps: 500
`;
const KTO_ROWS = [
  '{"conversations": [{"from": "human", "value": "油烟机吸力变小了怎么办？"}, {"from": "gpt", "value": "先拆下油网清洗。"}]',
  '{"conversations": [{"from": "human", "value": "油烟机吸力变小了怎么办？"}, {"from": "gpt", "value": "买个新的吧。"}]',
];
const stageOf = (s: string, dataset: string, more = ROUND2_TRAIN) =>
  swap(ROUND2(more), ['stage: sft', `stage: ${s}`], ['dataset: faq_v1', `dataset: ${dataset}`]);

const HELD_OUT_2_CORRECT: Array<{name: string; input: Input; ids?: string[]}> = [
  {
    name: 'anchors, comments, image_max_pixels left from a VL example, load_best_model_at_end with matching steps',
    input: {
      yaml: swap(
        ROUND2(
          `${ROUND2_TRAIN.replace('save_steps: 500', 'save_steps: &every 200').replace('per_device_train_batch_size: 2', 'per_device_train_batch_size: &bs 2')}\n### eval\nval_size: 0.05\nper_device_eval_batch_size: *bs\neval_strategy: steps\neval_steps: *every\nload_best_model_at_end: true\n`,
        ),
        [
          'model_name_or_path: /workspace/user-data/models/Qwen3-8B',
          'model_name_or_path: /workspace/user-data/models/Qwen3-8B   # 本地模型\nimage_max_pixels: 262144  # 从 qwen2_vl 示例里抄来的',
        ],
        ['lora_rank: 8', 'lora_rank: &rank 16\nlora_alpha: 32'],
      ),
      datasetInfo: FAQ_INFO,
      data: CS_ROWS.join('\n'),
      cards: '1',
    },
  },
  {
    name: 'resume_from_checkpoint of another run, max_steps with epochs, report_to: wandb',
    input: {
      yaml: ROUND2(
        `${ROUND2_TRAIN.replace('qwen3-8b-faq', 'qwen3-8b-faq-v2').replace('save_steps: 500', 'save_steps: 500\nreport_to: wandb')}max_steps: 1500\nresume_from_checkpoint: /workspace/user-data/models/output/qwen3-8b-faq-v1/checkpoint-500\n`,
      ),
      datasetInfo: FAQ_INFO,
      cards: '1',
    },
    ids: ['launch.resume@31', 'yaml.max-steps@30', 'launch.wandb@22'],
  },
  {
    name: 'resume_from_checkpoint: true (the last checkpoint of output_dir, trainer.py)',
    input: {yaml: ROUND2(`${ROUND2_TRAIN}resume_from_checkpoint: true\n`), datasetInfo: FAQ_INFO, cards: '1'},
    ids: ['launch.resume@29'],
  },
  {
    name: 'ChatGLM3 with lora_target: q_proj,v_proj (no module names in the paste: nothing to say)',
    input: {
      yaml: 'model_name_or_path: /workspace/user-data/models/chatglm3-6b\ntrust_remote_code: true\nstage: sft\ndo_train: true\nfinetuning_type: lora\nlora_target: q_proj,v_proj\ndataset_dir: /workspace/llamafactory/data\ndataset: alpaca_zh_demo\ntemplate: chatglm3\ncutoff_len: 1024\noutput_dir: /workspace/user-data/models/output/chatglm3-6b-lora\nper_device_train_batch_size: 2\nlearning_rate: 5.0e-5\nfp16: true\n',
      cards: '1',
    },
  },
];

for (const {name, input, ids} of HELD_OUT_2_CORRECT) {
  test(`held out 2, correct: ${name}`, () => {
    const findings = preflight(input);
    assert.deepEqual(
      findings.filter((f) => erroneous(f) || f.severity === 'warning').map((f) => `${f.id}@${f.line}: ${f.title}`),
      [],
    );
    const got = findings.map((f) => `${f.id}@${f.line}`);
    for (const id of ids ?? []) assert.ok(got.includes(id), `no ${id}; got ${got.join(', ')}`);
  });
}

const HELD_OUT_2_BROKEN: Array<{name: string; input: Input; id: string; line?: number; text?: RegExp}> = [
  {
    name: 'load_best_model_at_end without evaluation (training_args.py: save and eval strategy must match)',
    input: {yaml: ROUND2(`${ROUND2_TRAIN}load_best_model_at_end: true\n`), cards: '1'},
    id: 'yaml.load-best',
    line: 29,
    text: /requires the save and eval strategy to match/,
  },
  {
    name: 'load_best_model_at_end with save_steps not a multiple of eval_steps',
    input: {
      yaml: ROUND2(
        `${ROUND2_TRAIN}val_size: 0.1\neval_strategy: steps\neval_steps: 300\nload_best_model_at_end: true\n`,
      ),
    },
    id: 'yaml.load-best',
    line: 32,
    text: /eval_steps: 500/,
  },
  {
    name: 'dataset: faq_v1, faq_v2 with faq_v2 not in the pasted dataset_info.json (suggests faq_2, not faq_v1)',
    input: {yaml: swap(ROUND2(ROUND2_TRAIN), ['dataset: faq_v1', 'dataset: faq_v1, faq_v2']), datasetInfo: FAQ_INFO},
    id: 'yaml.dataset-not-in-info',
    line: 14,
    text: /faq_2/,
  },
  {
    name: 'a built-in dataset with dataset_dir pointing at the user folder',
    input: {
      yaml: swap(
        ROUND2(ROUND2_TRAIN),
        ['dataset_dir: /workspace/llamafactory/data', 'dataset_dir: /workspace/user-data/datasets'],
        ['dataset: faq_v1', 'dataset: identity,faq_v1'],
      ),
      datasetInfo: FAQ_INFO,
    },
    id: 'yaml.dataset-builtin-elsewhere',
    line: 14,
    text: /Undefined dataset identity/,
  },
  {
    name: 'template: qwen for Qwen3-8B (README: Qwen3 → qwen3/qwen3_nothink)',
    input: {yaml: swap(ROUND2(ROUND2_TRAIN), ['template: qwen3', 'template: qwen']), cards: '1'},
    id: 'yaml.template-model',
    line: 15,
    text: /template: qwen3/,
  },
  {
    name: 'issue #3963: evaluation_strategy is eval_strategy in transformers 4.57',
    input: {yaml: ISSUE_3963},
    id: 'yaml.unknown-key',
    line: 37,
    text: /`eval_strategy`/,
  },
  {
    name: 'issue #3963: warmup_steps: 0.1 is 0.1 steps, the ratio is warmup_ratio',
    input: {yaml: ISSUE_3963},
    id: 'yaml.type',
    line: 31,
    text: /warmup_ratio: 0\.1/,
  },
  {
    name: 'stage: kto with a ShareGPT entry without kto_tag (feedback.py drops every sample)',
    input: {
      yaml: stageOf('kto', 'chat_feedback'),
      datasetInfo:
        '"chat_feedback": {"file_name": "/workspace/user-data/datasets/chat_feedback/chat_feedback.jsonl", "formatting": "sharegpt", "columns": {"messages": "conversations"}}',
      data: KTO_ROWS.map((r, i) => `${r}, "label": ${i === 0}}`).join('\n'),
    },
    id: 'yaml.kto-data',
    line: 14,
    text: /Cannot find valid samples/,
  },
  {
    name: 'KTO data converted from CSV: kto_tag "true" is a string',
    input: {
      yaml: stageOf('kto', 'service_kto'),
      datasetInfo:
        '{"service_kto": {"file_name": "/workspace/user-data/datasets/service_kto/service_kto.json", "formatting": "sharegpt", "columns": {"messages": "conversations", "kto_tag": "kto_tag"}}}',
      data: `[\n${KTO_ROWS.map((r, i) => `  ${r}, "kto_tag": "${i === 0}"}`).join(',\n')}\n]`,
    },
    id: 'data.kto-tag',
    line: 2,
    text: /不带引号/,
  },
  {
    name: 'the built-in KTO set in SFT (supervised.py wants one response)',
    input: {yaml: stageOf('sft', 'kto_en_demo')},
    id: 'yaml.kto-data',
    line: 14,
  },
  {
    name: 'an Alpaca entry with ranking: true and no columns.chosen (KeyError: None)',
    input: {
      yaml: stageOf('dpo', 'faq_pref'),
      datasetInfo:
        '"faq_pref": {\n  "file_name": "/workspace/user-data/datasets/faq_pref/faq_pref.json",\n  "ranking": true,\n  "columns": {"prompt": "instruction", "query": "input"}\n}',
      data: '[{"instruction": "退货要多久到账？", "input": "", "chosen": "审核通过后 1 到 3 个工作日原路退回。", "rejected": "不知道。"}]',
    },
    id: 'info.ranking-columns',
    line: 1,
    text: /KeyError: None/,
  },
  {
    name: 'a system turn in the middle of a ShareGPT conversation (#5978)',
    input: {
      yaml: stageOf('sft', 'chat_log'),
      datasetInfo:
        '{"chat_log": {"file_name": "chat_log.jsonl", "formatting": "sharegpt", "columns": {"messages": "conversations", "system": "system"}}}',
      data: '{"conversations": [{"from": "human", "value": "现在几点？"}, {"from": "gpt", "value": "下午三点。"}, {"from": "system", "value": "当前时间：15:05"}, {"from": "human", "value": "那现在呢？"}, {"from": "gpt", "value": "下午三点零五分。"}], "system": "你是一名助理。"}',
    },
    id: 'data.system-turn',
    line: 1,
    text: /Invalid role tag/,
  },
  {
    name: 'an OpenAI export with tool_calls read as sharegpt (content null: Expected a string, got None)',
    input: {
      yaml: stageOf('sft', 'tool_chat'),
      datasetInfo:
        '{"tool_chat": {"file_name": "tool_chat.jsonl", "formatting": "sharegpt", "columns": {"messages": "messages", "tools": "tools"}, "tags": {"role_tag": "role", "content_tag": "content", "user_tag": "user", "assistant_tag": "assistant", "observation_tag": "tool", "system_tag": "system"}}}',
      data: '{"messages": [{"role": "user", "content": "北京今天天气怎么样？"}, {"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"北京\\"}"}}]}, {"role": "tool", "tool_call_id": "call_1", "content": "晴，25 度"}, {"role": "assistant", "content": "北京今天晴，25 度。"}], "tools": "[]"}',
    },
    id: 'data.tool-calls',
    line: 1,
    text: /Expected a string, got None/,
  },
  {
    name: 'a config written on Windows: the model path',
    input: {
      yaml: 'model_name_or_path: D:\\models\\Qwen2.5-7B-Instruct\nstage: sft\ndo_train: true\nfinetuning_type: lora\ndataset_dir: D:\\LLaMA-Factory\\data\ndataset: alpaca_zh_demo\ntemplate: qwen\noutput_dir: D:\\LLaMA-Factory\\saves\\Qwen2.5-7B-Instruct\\lora\\train_2025-06-01\nper_device_train_batch_size: 2\nbf16: true\n',
    },
    id: 'launch.windows-path',
    line: 1,
    text: /HFValidationError/,
  },
  {
    name: 'a full-width comma in dataset, copied from a chat app',
    input: {yaml: swap(ROUND2(ROUND2_TRAIN), ['dataset: faq_v1', 'dataset: faq_v1，identity']), datasetInfo: FAQ_INFO},
    id: 'yaml.full-width',
    line: 14,
    text: /dataset: faq_v1,identity/,
  },
  {
    name: 'a full-width space after the colon points at its own line',
    input: {yaml: swap(ROUND2(ROUND2_TRAIN), ['template: qwen3', 'template:\u3000qwen3'])},
    id: 'yaml.parse',
    line: 15,
    text: /全角空格/,
  },
  {
    name: 'a Windows path in double quotes (unknown escape sequence)',
    input: {yaml: swap(ROUND2(ROUND2_TRAIN), [/model_name_or_path: .*/, 'model_name_or_path: "D:\\models\\Qwen3-8B"'])},
    id: 'yaml.parse',
    line: 2,
    text: /Windows/,
  },
  {
    name: 'curly quotes around output_dir',
    input: {
      yaml: swap(ROUND2(ROUND2_TRAIN), [
        'output_dir: /workspace/user-data/models/output/qwen3-8b-faq',
        'output_dir: “/workspace/user-data/models/output/qwen3-8b-faq”',
      ]),
    },
    id: 'yaml.full-width',
    line: 19,
  },
];

for (const broken of HELD_OUT_2_BROKEN) {
  test(`held out 2, broken: ${broken.name}`, () => {
    const findings = preflight(broken.input);
    const hit = findings.find((f) => f.id === broken.id);
    assert.ok(hit, `no ${broken.id}; got ${findings.map((f) => `${f.id}@${f.line}`).join(', ')}`);
    if (broken.line !== undefined) assert.equal(hit.line, broken.line);
    if (broken.text) assert.match(findingText(hit), broken.text);
    assert.ok(hit.why.length > 10 && hit.fix && hit.link.to.startsWith('/docs/'));
  });
}

test('held out 2: Windows and full-width values are worded once, not also as relative paths or unknown names', () => {
  const windows = preflight(HELD_OUT_2_BROKEN.find((b) => b.name.includes('Windows'))!.input);
  assert.deepEqual(
    windows.filter((f) => f.id === 'launch.windows-path').map((f) => `${f.severity}@${f.line}`),
    ['error@1', 'error@5', 'warning@8'],
  );
  assert.ok(!windows.some((f) => f.id === 'launch.output-relative'));
  const wide = preflight(HELD_OUT_2_BROKEN.find((b) => b.name.includes('full-width comma'))!.input);
  assert.ok(!wide.some((f) => /dataset-(not-in-info|lookup)/.test(f.id)));
  const stage = preflight({yaml: swap(ROUND2(ROUND2_TRAIN), ['stage: sft', 'stage: “sft”'])});
  assert.deepEqual(
    stage.filter((f) => f.line === 6).map((f) => f.id),
    ['yaml.full-width'],
  );
});

// A third held-out round, written blind (before reading this tool's code): configs from LLaMA-Factory issues (#6924
// role/content turns read with the default tags) and the site's best-practice pages, lightly changed. What v0.9.5 does:
// hparams/parser.py get_train_args (FORCE_TORCHRUN, ZeRO-3 with predict_with_generate or Unsloth), data/parser.py
// (default columns and tags), data/converter.py (ShareGPT chosen and rejected must be messages), processor/pairwise.py,
// mm_plugin.py _validate_input (a text template refuses images).
const HELD_OUT_3_CORRECT: Array<{name: string; input: Input}> = [
  {
    name: 'smart_home 页配置改成 1e-4 学习率 + cosine_with_min_lr/lr_scheduler_kwargs，不写 lora_target，Alpaca 带 system 列',
    input: {
      yaml: `### model
model_name_or_path: /workspace/user-data/models/Qwen3-4B-Instruct-2507
trust_remote_code: true

### method
stage: sft
do_train: true
finetuning_type: lora
lora_rank: 16
lora_alpha: 32

### dataset
dataset_dir: /workspace/llamafactory/data
dataset: smart_home_train
template: qwen3_nothink
cutoff_len: 1024
preprocessing_num_workers: 16

### output
output_dir: /workspace/user-data/models/output/qwen3-4b-smarthome-lora
logging_steps: 10
save_steps: 200
plot_loss: true
overwrite_output_dir: true
report_to: none

### train
per_device_train_batch_size: 8
gradient_accumulation_steps: 2
learning_rate: 1e-4
num_train_epochs: 3
lr_scheduler_type: cosine_with_min_lr
lr_scheduler_kwargs:
  min_lr_rate: 0.1
warmup_ratio: 0.05
bf16: true

### eval
val_size: 0.05
per_device_eval_batch_size: 8
eval_strategy: steps
eval_steps: 200
`,
      datasetInfo: `"smart_home_train": {
  "file_name": "smart_home_train.jsonl",
  "columns": {
    "prompt": "instruction",
    "query": "input",
    "response": "output",
    "system": "system"
  }
}`,
      data: `{"instruction": "把客厅的灯调暗一点", "input": "", "output": "{\\"device\\": \\"living_room_light\\", \\"action\\": \\"dim\\"}", "system": "你是智能家居助手，只输出 JSON。"}
{"instruction": "打开卧室空调，26 度", "input": "", "output": "{\\"device\\": \\"bedroom_ac\\", \\"action\\": \\"on\\", \\"temp\\": 26}", "system": "你是智能家居助手，只输出 JSON。"}`,
      cards: '1',
    },
  },
  {
    name: 'Qwen2.5-VL-7B-Instruct + qwen2_vl，sharegpt messages 带 tags 和 images 列，2 卡 ZeRO-2',
    input: {
      yaml: `model_name_or_path: /workspace/user-data/models/Qwen2.5-VL-7B-Instruct
image_max_pixels: 262144
trust_remote_code: true

stage: sft
do_train: true
finetuning_type: lora
lora_rank: 8
lora_target: all
freeze_vision_tower: true
deepspeed: /workspace/user-data/configs/ds_z2_config.json

dataset_dir: /workspace/user-data/datasets/receipts
dataset: receipt_vqa
template: qwen2_vl
cutoff_len: 2048
preprocessing_num_workers: 8

output_dir: /workspace/user-data/models/output/qwen25vl-7b-receipt-lora
logging_steps: 10
save_steps: 100
plot_loss: true
overwrite_output_dir: true

per_device_train_batch_size: 2
gradient_accumulation_steps: 8
learning_rate: 1.0e-4
num_train_epochs: 3.0
lr_scheduler_type: cosine
warmup_ratio: 0.1
bf16: true
ddp_timeout: 180000000
`,
      datasetInfo: `{
  "receipt_vqa": {
    "file_name": "receipt_vqa.json",
    "formatting": "sharegpt",
    "columns": {
      "messages": "messages",
      "images": "images"
    },
    "tags": {
      "role_tag": "role",
      "content_tag": "content",
      "user_tag": "user",
      "assistant_tag": "assistant",
      "system_tag": "system"
    }
  }
}`,
      data: `[
  {
    "messages": [
      {"role": "user", "content": "<image>这张小票的总金额是多少？"},
      {"role": "assistant", "content": "总金额是 86.50 元。"}
    ],
    "images": ["images/receipt_0001.jpg"]
  },
  {
    "messages": [
      {"role": "user", "content": "<image>小票上的商户名称是什么？"},
      {"role": "assistant", "content": "商户名称是“便民超市”。"}
    ],
    "images": ["images/receipt_0002.jpg"]
  }
]`,
      cards: '2',
    },
  },
  {
    name: 'DPO，sharegpt 偏好数据（chosen/rejected 为对象），4 卡 ZeRO-3',
    input: {
      yaml: `model_name_or_path: /workspace/user-data/models/Qwen2.5-7B-Instruct
trust_remote_code: true

stage: dpo
do_train: true
finetuning_type: lora
lora_rank: 8
lora_target: all
pref_beta: 0.1
pref_loss: sigmoid
deepspeed: /workspace/user-data/configs/ds_z3_config.json

dataset_dir: /workspace/user-data/datasets
dataset: dpo_customer_service
template: qwen
cutoff_len: 2048
preprocessing_num_workers: 16

output_dir: /workspace/user-data/models/output/qwen25-7b-dpo-lora
logging_steps: 10
save_steps: 500
plot_loss: true
overwrite_output_dir: true

per_device_train_batch_size: 1
gradient_accumulation_steps: 8
learning_rate: 5.0e-6
num_train_epochs: 3.0
lr_scheduler_type: cosine
warmup_ratio: 0.1
bf16: true
ddp_timeout: 180000000
`,
      datasetInfo: `"dpo_customer_service": {
  "file_name": "dpo_customer_service.json",
  "ranking": true,
  "formatting": "sharegpt",
  "columns": {
    "messages": "conversations",
    "chosen": "chosen",
    "rejected": "rejected"
  }
}`,
      data: `[
  {
    "conversations": [{"from": "human", "value": "我的快递三天没动了怎么办？"}],
    "chosen": {"from": "gpt", "value": "很抱歉让您久等了。请提供运单号，我马上帮您联系网点核实。"},
    "rejected": {"from": "gpt", "value": "等着吧。"}
  }
]`,
      cards: '4',
    },
  },
  {
    name: 'Qwen3-8B + qwen3 + enable_thinking: false，自带数据集 identity,alpaca_zh_demo，lora_target 逗号后带空格，load_best_model_at_end',
    input: {
      yaml: `model_name_or_path: Qwen/Qwen3-8B
trust_remote_code: true

stage: sft
do_train: true
finetuning_type: lora
lora_target: q_proj, v_proj
lora_rank: 8

dataset_dir: /workspace/llamafactory/data
dataset: identity,alpaca_zh_demo
template: qwen3
enable_thinking: false
cutoff_len: 2048
max_samples: 1000
overwrite_cache: true
preprocessing_num_workers: 16

output_dir: /workspace/user-data/models/output/qwen3-8b-identity-lora
logging_steps: 10
save_steps: 200
plot_loss: true
overwrite_output_dir: true
report_to: tensorboard

per_device_train_batch_size: 1
gradient_accumulation_steps: 8
learning_rate: 1.0e-4
num_train_epochs: 3.0
lr_scheduler_type: cosine
warmup_ratio: 0.1
bf16: true

val_size: 0.1
per_device_eval_batch_size: 1
eval_strategy: steps
eval_steps: 100
load_best_model_at_end: true
`,
      cards: '1',
    },
  },
  {
    name: '增量预训练 stage: pt，Qwen2.5-1.5B 基座全参 8 卡 ZeRO-3，columns.prompt 指向 text，不写 template',
    input: {
      yaml: `model_name_or_path: /workspace/user-data/models/Qwen2.5-1.5B

stage: pt
do_train: true
finetuning_type: full
deepspeed: /workspace/user-data/configs/ds_z3_config.json

dataset_dir: /workspace/user-data/datasets/law
dataset: law_corpus
cutoff_len: 2048
overwrite_cache: true
preprocessing_num_workers: 32

output_dir: /workspace/user-data/models/output/qwen25-1.5b-law-pt
logging_steps: 10
save_steps: 1000
plot_loss: true
overwrite_output_dir: true

per_device_train_batch_size: 4
gradient_accumulation_steps: 4
learning_rate: 1.0e-5
num_train_epochs: 1.0
lr_scheduler_type: cosine
warmup_ratio: 0.01
bf16: true
ddp_timeout: 180000000
`,
      datasetInfo: `{
  "law_corpus": {
    "file_name": "law_corpus.jsonl",
    "columns": {
      "prompt": "text"
    }
  }
}`,
      data: `{"text": "第一条 为了保护民事主体的合法权益，调整民事关系，维护社会和经济秩序，制定本法。"}
{"text": "第二条 民法调整平等主体的自然人、法人和非法人组织之间的人身关系和财产关系。"}`,
      cards: '8',
    },
  },
];

for (const {name, input} of HELD_OUT_3_CORRECT) {
  test(`held out 3, correct: ${name}`, () => {
    assert.deepEqual(
      preflight(input)
        .filter((f) => erroneous(f) || f.severity === 'warning')
        .map((f) => `${f.id}@${f.line}: ${f.title}`),
      [],
    );
  });
}

const HELD_OUT_3_BROKEN: Array<{
  name: string;
  input: Input;
  id: string;
  line: number;
  text: RegExp;
  severity?: string;
  absent?: string[];
}> = [
  {
    name: 'sharegpt 条目 columns.messages=messages，样本用 role/content，没写 tags（issue #6924 同类）',
    input: {
      yaml: `model_name_or_path: /workspace/user-data/models/Qwen2.5-7B-Instruct
stage: sft
do_train: true
finetuning_type: lora
lora_target: all
dataset_dir: /workspace/user-data/datasets
dataset: chat_sft
template: qwen
cutoff_len: 2048
output_dir: /workspace/user-data/models/output/qwen25-7b-chat-lora
per_device_train_batch_size: 2
gradient_accumulation_steps: 8
learning_rate: 1.0e-4
num_train_epochs: 3.0
bf16: true
`,
      datasetInfo: `"chat_sft": {
  "file_name": "chat_sft.json",
  "formatting": "sharegpt",
  "columns": {
    "messages": "messages"
  }
}`,
      data: `[
  {"messages": [{"role": "system", "content": "你是客服助手。"}, {"role": "user", "content": "怎么退货？"}, {"role": "assistant", "content": "在订单页点击申请售后即可。"}]}
]`,
      cards: '1',
    },
    id: 'data.turn-fields',
    line: 2,
    text: /KeyError: 'from'/,
  },
  {
    name: 'DPO sharegpt 偏好数据，chosen/rejected 写成字符串（Alpaca 偏好的写法）',
    input: {
      yaml: `model_name_or_path: /workspace/user-data/models/Qwen2.5-7B-Instruct
stage: dpo
do_train: true
finetuning_type: lora
lora_target: all
pref_beta: 0.1
dataset_dir: /workspace/user-data/datasets
dataset: dpo_zh_mine
template: qwen
cutoff_len: 2048
output_dir: /workspace/user-data/models/output/qwen25-7b-dpo
per_device_train_batch_size: 1
gradient_accumulation_steps: 8
learning_rate: 5.0e-6
num_train_epochs: 2.0
bf16: true
`,
      datasetInfo: `"dpo_zh_mine": {
  "file_name": "dpo_zh_mine.json",
  "ranking": true,
  "formatting": "sharegpt",
  "columns": {
    "messages": "conversations",
    "chosen": "chosen",
    "rejected": "rejected"
  }
}`,
      data: `[
  {
    "conversations": [{"from": "human", "value": "用一句话介绍杭州。"}],
    "chosen": "杭州是浙江省会，以西湖闻名。",
    "rejected": "不知道。"
  }
]`,
      cards: '2',
    },
    id: 'data.dropped',
    line: 2,
    text: /chosen 和 rejected 要是消息对象/,
  },
  {
    name: 'qwen80B 页的预测配置加上 ZeRO-3（predict_with_generate + ds_z3）',
    input: {
      yaml: `model_name_or_path: /workspace/user-data/models/Qwen3-Next-80B-A3B-Instruct
adapter_name_or_path: /workspace/user-data/models/output/qwen3-next-80b-policy-lora
trust_remote_code: true

stage: sft
do_predict: true
finetuning_type: lora
predict_with_generate: true
deepspeed: /workspace/user-data/configs/ds_z3_config.json

dataset_dir: /workspace/llamafactory/data
eval_dataset: policy_summary_test
template: qwen3_nothink
cutoff_len: 8192

output_dir: /workspace/user-data/models/output/qwen3-next-80b-predict
overwrite_output_dir: true
per_device_eval_batch_size: 1
`,
      cards: '4',
    },
    id: 'yaml.zero3',
    line: 8,
    text: /`predict_with_generate` is incompatible with DeepSpeed ZeRO-3/,
  },
  {
    name: 'use_unsloth: true 配 ZeRO-3，2 卡',
    input: {
      yaml: `model_name_or_path: /workspace/user-data/models/Meta-Llama-3-8B-Instruct
use_unsloth: true
stage: sft
do_train: true
finetuning_type: lora
lora_target: all
deepspeed: /workspace/user-data/configs/ds_z3_config.json
dataset_dir: /workspace/llamafactory/data
dataset: alpaca_en_demo
template: llama3
cutoff_len: 2048
output_dir: /workspace/user-data/models/output/llama3-8b-unsloth
per_device_train_batch_size: 2
gradient_accumulation_steps: 4
learning_rate: 1.0e-4
num_train_epochs: 3.0
bf16: true
`,
      cards: '2',
    },
    id: 'yaml.zero3',
    line: 2,
    text: /Unsloth is incompatible with DeepSpeed ZeRO-3/,
  },
  {
    name: 'Qwen2-VL-7B-Instruct 用了 template: qwen，数据带图片',
    input: {
      yaml: `model_name_or_path: /workspace/user-data/models/Qwen2-VL-7B-Instruct
stage: sft
do_train: true
finetuning_type: lora
lora_target: all
dataset_dir: /workspace/llamafactory/data
dataset: mllm_demo
template: qwen
cutoff_len: 2048
output_dir: /workspace/user-data/models/output/qwen2vl-7b-lora
per_device_train_batch_size: 1
gradient_accumulation_steps: 8
learning_rate: 1.0e-4
num_train_epochs: 3.0
bf16: true
`,
      cards: '1',
    },
    id: 'yaml.template-model',
    line: 8,
    text: /does not support image input/,
    severity: 'error',
  },
  {
    name: 'medical_image 页配置换成 Qwen3-VL-8B，单卡仍带 ZeRO-3',
    input: {
      yaml: `### model
model_name_or_path: /workspace/user-data/models/Qwen3-VL-8B-Instruct
image_max_pixels: 262144
trust_remote_code: true

### method
stage: sft
do_train: true
finetuning_type: lora
lora_rank: 16
lora_alpha: 32
lora_dropout: 0.05
lora_target: all
freeze_vision_tower: true
freeze_multi_modal_projector: true
deepspeed: /workspace/user-data/configs/ds_z3_config.json

### dataset
dataset_dir: /workspace/llamafactory/data
dataset: mllm_demo
template: qwen3_vl_nothink
cutoff_len: 2048
preprocessing_num_workers: 16
dataloader_num_workers: 4

### output
output_dir: /workspace/user-data/models/output/qwen3vl-8b-demo-lora
logging_steps: 10
save_steps: 200
plot_loss: true
overwrite_output_dir: true
save_only_model: false
report_to: none

### train
per_device_train_batch_size: 1
gradient_accumulation_steps: 8
learning_rate: 1.0e-4
num_train_epochs: 2.0
lr_scheduler_type: cosine
warmup_ratio: 0.05
bf16: true
ddp_timeout: 180000000
`,
      cards: '1',
    },
    id: 'launch.force-torchrun',
    line: 16,
    text: /FORCE_TORCHRUN=1/,
  },
  {
    name: 'stage: pt，条目只写 file_name、样本是 {"text": ...}（没写 columns.prompt）',
    input: {
      yaml: `model_name_or_path: /workspace/user-data/models/Qwen2.5-0.5B
stage: pt
do_train: true
finetuning_type: lora
lora_target: all
dataset_dir: /workspace/user-data/datasets
dataset: my_corpus
cutoff_len: 1024
output_dir: /workspace/user-data/models/output/qwen25-05b-pt
per_device_train_batch_size: 4
gradient_accumulation_steps: 4
learning_rate: 1.0e-4
num_train_epochs: 1.0
bf16: true
`,
      datasetInfo: `"my_corpus": {
  "file_name": "my_corpus.jsonl"
}`,
      data: `{"text": "机器学习是人工智能的一个分支。"}
{"text": "深度学习使用多层神经网络。"}`,
      cards: '1',
    },
    id: 'data.missing-field',
    line: 1,
    text: /KeyError: 'instruction'/,
    absent: ['data.alpaca-no-input'],
  },
];

for (const broken of HELD_OUT_3_BROKEN) {
  test(`held out 3, broken: ${broken.name}`, () => {
    const findings = preflight(broken.input);
    const hit = findings.find((f) => f.id === broken.id);
    assert.ok(hit, `no ${broken.id}; got ${findings.map((f) => `${f.id}@${f.line}`).join(', ')}`);
    assert.equal(hit.line, broken.line);
    assert.equal(hit.severity, broken.severity ?? 'error');
    assert.match(findingText(hit), broken.text);
    assert.ok(hit.why.length > 10 && hit.fix && hit.link.to.startsWith('/docs/'));
    for (const id of broken.absent ?? []) assert.ok(!findings.some((f) => f.id === id), `${id} reported`);
  });
}

test('every finding links to an existing section of the site', async () => {
  const docsDir = join(siteSettings.siteDir, siteSettings.docsPath);
  const targets = new Set(Object.values(LINKS).map((l) => l.to));
  for (const p of [
    ...PLANTED,
    ...HELD_OUT_CORRECT,
    ...HELD_OUT_BROKEN,
    ...HELD_OUT_2_CORRECT,
    ...HELD_OUT_2_BROKEN,
    ...HELD_OUT_3_CORRECT,
    ...HELD_OUT_3_BROKEN,
  ])
    for (const f of preflight(p.input)) targets.add(f.link.to.replace(/\?[^#]*/, ''));
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

// Defects an independent reviewer found, each checked against v0.9.5, transformers 4.57.6, PyYAML 6.0 and pandas:
// a .json config file does not load (hparams/parser.py:94-96), tabs in block scalars are text (scan_block_scalar),
// fixes follow src/content/conventions.json, output_dir expands `~` (training_args.py:1618), FILEEXT2TYPE is
// case-sensitive (data/loader.py:84-86), negative accumulation trains no step (trainer.py:2608-2617, :2781),
// pandas.read_csv drops a leading BOM (pandas tests test_first_row_bom).
const REVIEWED: Array<{
  name: string;
  input: Input;
  id: string;
  severity?: string;
  line?: number;
  text?: RegExp;
  not?: RegExp;
  absent?: string[];
}> = [
  {
    name: 'a JSON config: saved as .yaml, not .json',
    input: {yaml: JSON.stringify({model_name_or_path: 'Qwen/Qwen3-8B', stage: 'sft', do_train: true, dataset: 'x'})},
    id: 'yaml.json-config',
    severity: 'warning',
    line: 1,
    text: /PosixPath.*\.yaml/,
  },
  {
    name: 'a JSON config indented with tabs (PyYAML reads the .yaml file)',
    input: {yaml: '{\n\t"model_name_or_path": "Qwen/Qwen3-8B",\n\t"stage": "sft"\n}'},
    id: 'yaml.parse',
    line: 2,
    text: /存成 \.yaml/,
  },
  {
    name: 'a tab in the text of a block scalar is read as it is',
    input: {
      yaml: swap(EXAMPLE, ['cutoff_len: 2048', 'cutoff_len: 2048\ndefault_system: |\n  你是客服。\t请礼貌回答。']),
    },
    id: 'yaml.dataset-builtin',
    absent: ['yaml.parse'],
  },
  {
    name: 'a tab as the indentation of a block scalar is not',
    input: {yaml: swap(EXAMPLE, ['cutoff_len: 2048', 'cutoff_len: 2048\ndefault_system: >\n\t你是客服。'])},
    id: 'yaml.parse',
    line: 17,
    text: /Tab/,
  },
  {
    name: 'dataset_dir under ~: not expanded (data/parser.py opens it as it is), a fix that is a sentence',
    input: {yaml: swap(EXAMPLE, ['dataset: identity', 'dataset_dir: ~/data\ndataset: identity'])},
    id: 'launch.not-kept',
    severity: 'error',
    line: 13,
    text: /Cannot open[^]*dataset_dir 改写成 \/workspace\/llamafactory\/data（/,
    not: /dataset_info\.json放在/,
  },
  {
    name: 'tokenized_path under /tmp: the site keeps caches in /workspace/tmp/',
    input: {yaml: swap(EXAMPLE, ['cutoff_len: 2048', 'cutoff_len: 2048\ntokenized_path: /tmp/tokenized'])},
    id: 'launch.not-kept',
    line: 16,
    text: /tokenized_path: \/workspace\/tmp\/tokenized\//,
  },
  {
    name: 'output_dir: ~/out is expanded, not relative (still not kept)',
    input: {yaml: swap(EXAMPLE, ['output_dir: saves/qwen3-4b/lora/sft', 'output_dir: ~/out'])},
    id: 'launch.not-kept',
    line: 21,
    absent: ['launch.output-relative'],
  },
  {
    name: 'file_name train.CSV (Allowed file types: …)',
    input: {yaml: CS, datasetInfo: '{"cs_faq": {"file_name": "/workspace/user-data/datasets/cs_faq/train.CSV"}}'},
    id: 'info.extension-case',
    severity: 'error',
    line: 1,
    text: /mv train\.CSV train\.csv/,
  },
  {
    name: 'gradient_accumulation_steps: -1 trains no step',
    input: {yaml: swap(EXAMPLE, ['gradient_accumulation_steps: 8', 'gradient_accumulation_steps: -1'])},
    id: 'yaml.not-positive',
    line: 31,
    text: /not to be a single sample/,
    not: /算成负数/,
  },
  {
    name: 'gradient_accumulation_steps: 0 divides by zero',
    input: {yaml: swap(EXAMPLE, ['gradient_accumulation_steps: 8', 'gradient_accumulation_steps: 0'])},
    id: 'yaml.not-positive',
    line: 31,
    text: /ZeroDivisionError/,
  },
  {
    name: 'a CSV with a BOM: pandas drops it, the first column keeps its name',
    input: {
      yaml: CS,
      datasetInfo: '{"cs_faq": {"file_name": "cs_faq.csv"}}',
      data: '\ufeffinstruction,input,output\n退货要多久到账？,,1 到 3 个工作日。\n',
    },
    id: 'data.bom',
    severity: 'info',
    line: 1,
    text: /pandas\.read_csv.*`instruction`/,
    not: /平台的数据集检测/,
  },
  {
    name: 'PPO reusing an output_dir (auto-resume, then ppo_train stops at resume_from_checkpoint)',
    input: {yaml: swap(stage('ppo', 'alpaca_en_demo'), ['overwrite_output_dir: true', 'reward_model: saves/rm'])},
    id: 'launch.ppo-output-dir',
    severity: 'warning',
    line: 21,
    text: /will be supported in the future version/,
  },
  {
    name: 'PPO with resume_from_checkpoint',
    input: {
      yaml: swap(
        stage('ppo', 'alpaca_en_demo'),
        ['overwrite_output_dir: true', 'reward_model: saves/rm'],
        ['resume_from_checkpoint: null', 'resume_from_checkpoint: true'],
      ),
    },
    id: 'launch.ppo-resume',
    severity: 'error',
    line: 38,
  },
  {
    name: 'RM with full fine-tuning drops resume_from_checkpoint (parser.py: Cannot resume from checkpoint)',
    input: {
      yaml: swap(
        stage('rm', 'dpo_en_demo'),
        ['finetuning_type: lora', 'finetuning_type: full'],
        ['resume_from_checkpoint: null', 'resume_from_checkpoint: true'],
      ),
    },
    id: 'launch.resume-ignored',
    severity: 'warning',
    line: 38,
    absent: ['launch.resume'],
  },
  {
    name: 'evaluation_strategy: renamed in transformers 4.41',
    input: {yaml: ISSUE_3963},
    id: 'yaml.unknown-key',
    line: 37,
    text: /4\.41 起改名为 `eval_strategy`/,
  },
];

for (const r of REVIEWED) {
  test(`reviewed: ${r.name}`, () => {
    const findings = preflight(r.input);
    const hit = findings.find((f) => f.id === r.id);
    assert.ok(hit, `no ${r.id}; got ${findings.map((f) => `${f.id}@${f.line}`).join(', ')}`);
    if (r.severity) assert.equal(hit.severity, r.severity);
    if (r.line !== undefined) assert.equal(hit.line, r.line);
    if (r.text) assert.match(findingText(hit), r.text);
    if (r.not) assert.doesNotMatch(findingText(hit), r.not);
    for (const id of r.absent ?? []) assert.ok(!findings.some((f) => f.id === id), `${id} reported`);
  });
}
