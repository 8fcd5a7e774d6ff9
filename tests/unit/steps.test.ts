// Steps agree within a page (scripts/steps.mjs): planted pages that break each rule, pages that keep it, and every
// page of the site.
import assert from 'node:assert/strict';
import {readdirSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {parseMarkdown, readMarkdown} from '../../src/content';
import {siteSettings} from '../../src/content/site';
import {applySed, checkSteps, expand, shellCommands} from '../../scripts/steps.mjs';

const FRONT = '---\ntitle: 步骤\ndescription: 一页里前后步骤用到的端口、目录、文件名、数据集和环境要一致。\n---\n';

const fence = (lang: string, code: string, meta = '') => `\`\`\`${lang}${meta ? ` ${meta}` : ''}\n${code}\n\`\`\`\n`;

/** A planted page built from Markdown parts (paragraphs and code blocks): its findings, and `at(text, n)`, the file
 * line of the n-th line (from 1) containing `text`. */
async function plant(...parts: string[]) {
  const page = FRONT + parts.join('\n');
  const lines = page.split('\n');
  const at = (text: string, n = 1) => lines.map((l, i) => (l.includes(text) ? i + 1 : 0)).filter(Boolean)[n - 1]!;
  return {found: checkSteps(await parseMarkdown(page)), at};
}

async function findings(...parts: string[]) {
  return (await plant(...parts)).found;
}

const TRAIN = [
  'model_name_or_path: /shared-only/models/Qwen/Qwen3-8B',
  'stage: sft',
  'do_train: true',
  'finetuning_type: lora',
  'dataset: faq_demo',
  'template: qwen3',
  'output_dir: /workspace/user-data/models/output/qwen3-8b-faq',
].join('\n');
const chat = (adapter: string) =>
  `model_name_or_path: /shared-only/models/Qwen/Qwen3-8B\nadapter_name_or_path: ${adapter}\ntemplate: qwen3`;
const REGISTER = fence(
  'json',
  '{\n  "faq_demo": {\n    "file_name": "/workspace/user-data/datasets/faq/faq.json"\n  }\n}',
  'title="dataset_info.json"',
);

test('shell words: quotes, redirects, separators, variables and sed scripts', () => {
  assert.deepEqual(shellCommands(`API_PORT=8001 nohup llamafactory-cli api a.yaml > api.log 2>&1 &`), [
    ['API_PORT=8001', 'nohup', 'llamafactory-cli', 'api', 'a.yaml', '>', 'api.log', '2>&1'],
  ]);
  assert.deepEqual(shellCommands(`sed 's/a/b/; s/c/d/' x.yaml > y.yaml && echo ok # done`), [
    ['sed', 's/a/b/; s/c/d/', 'x.yaml', '>', 'y.yaml'],
    ['echo', 'ok'],
  ]);
  assert.deepEqual(
    expand('out-$x-${t}', new Map([['x', ['a', 'b']]])).map((v: string) => v.replace('\u0000', '*')),
    ['out-a-*', 'out-b-*'],
  );
  assert.equal(applySed('/adapter/d; s/lora/base/', 'adapter: x\noutput_dir: /o/lora'), 'output_dir: /o/base');
});

test('output folders: a later adapter must be an earlier training output_dir or a checkpoint in it', async () => {
  const ok = await findings(
    fence('yaml', TRAIN, 'title="sft.yaml"'),
    fence('yaml', chat('/workspace/user-data/models/output/qwen3-8b-faq'), 'title="chat.yaml"'),
    fence('yaml', chat('/workspace/user-data/models/output/qwen3-8b-faq/checkpoint-500'), 'title="chat2.yaml"'),
    fence(
      'bash',
      'vllm serve /shared-only/models/Qwen/Qwen3-8B --enable-lora \\\n  --lora-modules faq=/workspace/user-data/models/output/qwen3-8b-faq',
    ),
  );
  assert.deepEqual(ok, []);

  const {found, at} = await plant(
    fence('yaml', TRAIN, 'title="sft.yaml"'),
    fence('yaml', chat('/workspace/user-data/models/output/qwen3-8b-fqa'), 'title="chat.yaml"'),
  );
  assert.deepEqual(found, [
    {
      line: at('adapter_name_or_path'),
      message:
        'adapter_name_or_path /workspace/user-data/models/output/qwen3-8b-fqa points to an output folder no earlier ' +
        `step writes; earlier steps write /workspace/user-data/models/output/qwen3-8b-faq (line ${at('output_dir')}) ` +
        '(use that folder, or a checkpoint-N in it)',
    },
  ]);

  // Used (from Python) before the training step that writes it; a prediction's output_dir holds no model.
  const order = await findings(
    fence('python', 'args["adapter_name_or_path"] = "/workspace/user-data/models/output/qwen3-8b-faq"'),
    fence('yaml', TRAIN, 'title="sft.yaml"'),
    fence(
      'yaml',
      `${chat('/workspace/user-data/models/output/qwen3-8b-faq')}\ndo_predict: true\noutput_dir: /workspace/user-data/models/output/p`,
    ),
    fence('yaml', chat('/workspace/user-data/models/output/p'), 'title="chat.yaml"'),
  );
  assert.equal(order.length, 2);
  assert.match(order[0]!.message, /trains into it only later, line \d+: put that step first/);
  assert.match(order[1]!.message, /output\/p points to an output folder no earlier step writes/);

  // A page that trains nowhere (LlamaBoard, another page) is not held to the rule.
  assert.deepEqual(await findings(fence('yaml', chat('/workspace/user-data/models/output/any'))), []);
});

test('output folders: loops, variables and sed-derived configs are followed', async () => {
  const page = [
    fence('yaml', TRAIN.replace('qwen3-8b-faq', 'run-b'), 'title="sft_b.yaml"'),
    fence('yaml', chat('/workspace/user-data/models/output/run-b'), 'title="chat.yaml"'),
    fence('bash', "sed 's/run-b/run-a/' sft_b.yaml > sft_a.yaml"),
    fence(
      'bash',
      'for x in a b; do\n  llamafactory-cli train sft_$x.yaml\ndone\nfor x in a b c; do\n  llamafactory-cli chat chat.yaml \\\n    adapter_name_or_path=/workspace/user-data/models/output/run-$x\ndone',
    ),
  ];
  const found = await findings(...page);
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.match(found[0]!.message, /^adapter_name_or_path \/workspace\/user-data\/models\/output\/run-c points/);
});

test('ports: a client must reach a port a server on the page listens on', async () => {
  const server = fence(
    'bash',
    'API_PORT=8001 nohup llamafactory-cli api api.yaml > /workspace/user-data/logs/api.log 2>&1 &',
  );
  const client = (port: number) =>
    fence('python', `client = OpenAI(base_url="http://127.0.0.1:${port}/v1", api_key="x")`);
  assert.deepEqual(await findings(server, client(8001)), []);
  const {found, at} = await plant(server, client(8000));
  assert.deepEqual(found, [
    {
      line: at('OpenAI('),
      message:
        'http://127.0.0.1:8000 uses port 8000, but no step on this page starts a server there; ' +
        `the page starts llamafactory-cli api on 8001 (line ${at('API_PORT')})`,
    },
  ]);
  // Defaults: api and vllm serve 8000, webchat 7860; the server may come later on the page.
  assert.deepEqual(
    await findings(
      fence('bash', 'curl -s http://localhost:8000/v1/models\ncurl -s http://127.0.0.1:7860'),
      fence('bash', 'llamafactory-cli api api.yaml\nllamafactory-cli webchat chat.yaml'),
    ),
    [],
  );
  const webchat = await findings(
    fence('bash', 'GRADIO_SERVER_PORT=7861 llamafactory-cli webchat chat.yaml\ncurl http://127.0.0.1:7860'),
  );
  assert.match(webchat[0]!.message, /port 7860, .* llamafactory-cli webchat on 7861/);
  // Prose naming a server the code does not start: the reader starts it as another page says.
  assert.deepEqual(
    await findings(
      fence('bash', 'python main.py --port 8188'),
      '先用 `llamafactory-cli api` 启动接口。\n',
      client(8000),
    ),
    [],
  );
  // ... but not when the code starts that server on another port.
  assert.equal((await findings(server, '`llamafactory-cli api` 默认用 8000。\n', client(8000))).length, 1);
  // A page that starts no server is not held to the rule; the remote end of an ssh tunnel is not a client.
  assert.deepEqual(await findings(client(9999)), []);
  assert.deepEqual(await findings(fence('bash', 'ssh -N -L 17861:127.0.0.1:7861 lf-instance')), []);
});

test('dataset names: a config trains on datasets the page registered earlier, or on built-in ones', async () => {
  const sft = (names: string) => fence('yaml', TRAIN.replace('faq_demo', names), 'title="sft.yaml"');
  assert.deepEqual(await findings(REGISTER, sft('faq_demo,alpaca_zh_demo')), []);
  const {found, at} = await plant(REGISTER, sft('faq_dmeo'));
  assert.deepEqual(found, [
    {
      line: at('dataset: faq_dmeo'),
      message:
        'dataset "faq_dmeo" is not registered by an earlier step on this page and is not a built-in dataset of ' +
        `LLaMA-Factory v0.9.5; the page registers faq_demo (line ${at('"faq_demo"')})`,
    },
  ]);
  const order = await findings(sft('faq_demo'), REGISTER);
  assert.match(order[0]!.message, /registered only later, line \d+: register it first/);
  // A Python registration (loop values, f-strings) and a command-line dataset.
  const python = fence(
    'python',
    [
      'import json',
      'path = "/workspace/llamafactory/data/dataset_info.json"',
      'info = json.load(open(path, encoding="utf-8"))',
      'for split in ("train", "test"):',
      '    info[f"senti_{split}"] = {"file_name": f"/workspace/user-data/datasets/senti/{split}.json"}',
      'json.dump(info, open(path, "w", encoding="utf-8"))',
    ].join('\n'),
    'title="register.py"',
  );
  assert.deepEqual(await findings(python, sft('senti_train')), []);
  const cli = await findings(python, fence('bash', 'python scripts/vllm_infer.py --dataset senti_eval'));
  assert.match(cli[0]!.message, /^dataset "senti_eval" is not registered .* senti_train \(line \d+\), senti_test/);
  // Prose telling the reader to register a name counts; a fragment shows a setting, not the datasets trained on.
  assert.deepEqual(await findings(python, '按同样的写法再登记一个 `senti_eval`。\n', sft('senti_eval')), []);
  assert.deepEqual(await findings(python, fence('yaml', 'dataset: other_data', 'title="sft.yaml" fragment')), []);
  // A page that shows no registration is not held to the rule.
  assert.deepEqual(await findings(sft('anything')), []);
});

test('config files: llamafactory-cli runs a YAML file the page wrote earlier', async () => {
  const sft = fence('yaml', TRAIN, 'title="/workspace/user-data/configs/qwen3_8b_sft.yaml"');
  assert.deepEqual(
    await findings(sft, fence('bash', 'llamafactory-cli train /workspace/user-data/configs/qwen3_8b_sft.yaml')),
    [],
  );
  const {found, at} = await plant(
    sft,
    fence('bash', 'cd /workspace/user-data/configs\nllamafactory-cli train qwen3_sft.yaml'),
  );
  assert.deepEqual(found, [
    {
      line: at('llamafactory-cli train'),
      message:
        'llamafactory-cli train qwen3_sft.yaml: no earlier step on this page writes qwen3_sft.yaml; ' +
        `the page writes qwen3_8b_sft.yaml (line ${at('```yaml')})`,
    },
  ]);
  // Heredocs, sed output and cp write files too; a run before the file is written is out of order.
  const written = await findings(
    fence('bash', `cat > /workspace/user-data/quickstart/sft.yaml <<'YAML'\n${TRAIN}\nYAML`),
    fence('bash', "sed 's/qwen3-8b-faq/qwen3-8b-faq2/' sft.yaml > sft2.yaml\ncp sft2.yaml sft3.yaml"),
    fence(
      'bash',
      'llamafactory-cli train sft.yaml\nllamafactory-cli train sft2.yaml\nllamafactory-cli train sft3.yaml',
    ),
  );
  assert.deepEqual(written, []);
  const order = await findings(
    fence('bash', 'llamafactory-cli chat chat.yaml'),
    sft,
    fence('yaml', chat('x'), 'title="chat.yaml"'),
  );
  assert.match(order[0]!.message, /written only later, line \d+: put that step first/);
  // A command before any config, naming none of the page's files, illustrates the syntax.
  assert.deepEqual(await findings(fence('bash', 'llamafactory-cli train my.yaml learning_rate=5e-5'), sft), []);
  // A page that writes no YAML file is not held to the rule.
  assert.deepEqual(await findings(fence('bash', 'llamafactory-cli train my_sft.yaml')), []);
});

test('environments: activate what an earlier step created, or the image’s own', async () => {
  const create = fence('bash', 'conda create -p /workspace/envs/rag python=3.11 -y');
  assert.deepEqual(
    await findings(create, fence('bash', 'conda activate /workspace/envs/rag\nconda activate /opt/conda/envs/lf')),
    [],
  );
  const {found, at} = await plant(create, fence('bash', 'conda activate /workspace/envs/rga'));
  assert.deepEqual(found, [
    {
      line: at('conda activate'),
      message:
        'conda activate /workspace/envs/rga: no earlier step on this page creates this environment; ' +
        `the page creates /workspace/envs/rag (line ${at('conda create')}), and the image has /opt/conda/envs/lf`,
    },
  ]);
  const venv = fence('bash', '/opt/conda/envs/lf/bin/python -m venv /workspace/envs/comfyui');
  assert.deepEqual(await findings(venv, fence('bash', 'source /workspace/envs/comfyui/bin/activate')), []);
  assert.deepEqual(await findings(fence('bash', 'uv venv .venv --python=3.12 && source .venv/bin/activate')), []);
  assert.equal((await findings(venv, fence('bash', 'source /workspace/envs/comfy/bin/activate'))).length, 1);
  // Named environments; a page that creates none is not held to the rule.
  assert.deepEqual(await findings(fence('bash', 'conda create -n rag -y\nconda activate rag')), []);
  assert.deepEqual(await findings(fence('bash', 'conda activate /workspace/envs/elsewhere')), []);
});

test('wrong examples and output blocks are not steps', async () => {
  assert.deepEqual(
    await findings(
      fence('bash', 'API_PORT=8001 llamafactory-cli api api.yaml'),
      fence('python', 'OpenAI(base_url="http://127.0.0.1:8000/v1")', 'wrong'),
      fence('text', 'INFO:     Uvicorn running on http://0.0.0.0:8000'),
    ),
    [],
  );
});

test('every page of the site keeps its steps consistent', async () => {
  const dir = join(siteSettings.siteDir, siteSettings.docsPath);
  const files = readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((f) => /\.mdx?$/.test(f));
  assert.ok(files.length >= 90, `${files.length} pages`);
  const problems = [];
  for (const file of files) {
    for (const {line, message} of checkSteps(await readMarkdown(join(dir, file)))) {
      problems.push(`${file}:${line}: ${message}`);
    }
  }
  assert.deepEqual(problems, []);
});
