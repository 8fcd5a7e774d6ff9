// Checks the code blocks readers copy into an instance against the pinned LLaMA-Factory release
// (scripts/llamafactory/reference.json, generated from its source by generate-reference.py):
// training/inference YAML keys and values, JSON syntax, dataset_info.json entries and the files they name,
// Python syntax, shell syntax (bash -n) and llamafactory-cli subcommands.
// The blocks come from the content pipeline (src/content `codeBlocks`: the mdast `code` nodes with language, meta and
// file line). A block opts out in its meta string: `fragment` (a partial snippet: keys, values and syntax are checked, required
// keys and named files are not) or `wrong` (a deliberately wrong example: not checked at all).
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {basename, dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import yaml from 'js-yaml';

const here = dirname(fileURLToPath(import.meta.url));

/** The committed reference data: the pinned LLaMA-Factory release's arguments, templates, CLI and dataset fields. */
export const reference = JSON.parse(readFileSync(join(here, 'reference.json'), 'utf8'));

/** Meta-string words that change what is checked; see README "编写和修改页面". */
export const OPT_OUT = {fragment: 'fragment', wrong: 'wrong'};

/** The meta string's bare words (outside title="..."), e.g. `fragment`. */
export function metaWords(meta) {
  return meta
    .replace(/\w+="[^"]*"/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

export function metaTitle(meta) {
  return /title="([^"]*)"/.exec(meta)?.[1] ?? '';
}

const ARGUMENTS = reference.arguments;
const TRAIN_GROUPS = reference.commandGroups.train;
const INFER_GROUPS = reference.commandGroups.infer;

/** The argument's reference entry within the given groups, or null. */
export function findArgument(name, groups = TRAIN_GROUPS) {
  for (const g of groups) if (ARGUMENTS[g]?.[name]) return {group: g, ...ARGUMENTS[g][name]};
  return null;
}

/** Keys whose presence marks a YAML mapping as a LLaMA-Factory config (as opposed to spack.yaml, compose files...). */
const ANCHORS = ['model_name_or_path', 'stage', 'finetuning_type', 'export_dir', 'adapter_name_or_path', 'template'];

/** A YAML mapping is a LLaMA-Factory config when it has an anchor key or most of its keys are arguments
 * (so a fragment such as `cutoff_len: 1024` is checked, a spack.yaml or .condarc is not). */
export function isConfig(data) {
  const keys = Object.keys(data);
  if (keys.some((k) => ANCHORS.includes(k))) return true;
  return keys.length > 0 && keys.filter((k) => findArgument(k)).length * 2 > keys.length;
}

function kindOf(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  if (value instanceof Date) return 'date';
  return 'dict';
}

function fits(value, kinds) {
  if (kinds.includes('any')) return true;
  const k = kindOf(value);
  if (kinds.includes(k)) return true;
  if (k === 'int' && kinds.includes('float')) return true;
  // HfArgumentParser turns a JSON string into a dict for dict-typed fields (e.g. deepspeed, ray_init_kwargs).
  if (k === 'dict' && kinds.includes('str') && kinds.includes('dict')) return true;
  return false;
}

function show(value) {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Which parser the config goes to: `llamafactory-cli export/chat/webchat/api` parse only the inference groups. */
export function configCommand(config, title = '') {
  if ('export_dir' in config) return 'infer';
  if (/(export|chat|infer|merge|api)[^/]*\.ya?ml/i.test(title) && !/predict/i.test(title)) return 'infer';
  if ('infer_backend' in config && !('do_train' in config) && !('do_predict' in config)) return 'infer';
  return 'train';
}

/** Findings for one LLaMA-Factory YAML config (a parsed mapping). */
export function checkConfig(config, {fragment = false, title = ''} = {}) {
  const errors = [];
  const command = configCommand(config, title);
  const groups = command === 'infer' ? INFER_GROUPS : TRAIN_GROUPS;
  for (const [key, value] of Object.entries(config)) {
    const arg = findArgument(key, groups);
    if (!arg) {
      const elsewhere = findArgument(key, TRAIN_GROUPS);
      errors.push(
        elsewhere
          ? `YAML key "${key}" is a training argument; llamafactory-cli export/chat reject it (v${reference.llamafactory.version})`
          : `YAML key "${key}" is not a LLaMA-Factory v${reference.llamafactory.version} argument`,
      );
      continue;
    }
    if (!fits(value, arg.kinds)) {
      errors.push(`YAML ${key}: ${show(value)} is ${kindOf(value)}, want ${arg.type}`);
      continue;
    }
    if (arg.choices && typeof value === 'string' && !arg.choices.includes(value)) {
      errors.push(`YAML ${key}: "${value}" is not one of ${arg.choices.join(', ')}`);
    }
    if (arg.choices && Array.isArray(value)) {
      for (const v of value)
        if (!arg.choices.includes(v)) errors.push(`YAML ${key}: "${v}" is not one of ${arg.choices.join(', ')}`);
    }
  }
  if (typeof config.template === 'string' && !reference.templates.includes(config.template)) {
    errors.push(
      `YAML template: "${config.template}" is not a template in LLaMA-Factory v${reference.llamafactory.version}`,
    );
  }
  const quantized = config.quantization_bit != null;
  const ftype = config.finetuning_type ?? 'lora';
  if (quantized && !['lora', 'oft'].includes(ftype)) {
    errors.push(`YAML quantization_bit needs finetuning_type lora or oft, not ${ftype} (hparams/parser.py)`);
  }
  if (config.adapter_name_or_path && !['lora', 'oft'].includes(ftype)) {
    errors.push(`YAML adapter_name_or_path is only valid with finetuning_type lora (hparams/parser.py)`);
  }
  const stage = config.stage ?? 'sft';
  for (const k of ['predict_with_generate', 'neat_packing', 'train_on_prompt', 'mask_history']) {
    if (config[k] === true && stage !== 'sft' && command === 'train')
      errors.push(`YAML ${k}: true needs stage sft (hparams/parser.py)`);
  }
  if (!fragment) {
    if (!('model_name_or_path' in config))
      errors.push('YAML config has no model_name_or_path (mark a partial snippet `fragment`)');
    if (config.do_train === true && !config.dataset)
      errors.push('YAML do_train without dataset (hparams/parser.py: "Please specify dataset for training.")');
    if (config.do_predict === true && config.predict_with_generate !== true && command === 'train') {
      errors.push(
        'YAML do_predict without predict_with_generate: true ("Please enable `predict_with_generate` to save model predictions.")',
      );
    }
  }
  return errors;
}

/** Findings for a YAML block: it parses; if it is a LLaMA-Factory config, its keys and values are checked. */
export function checkYaml(code, {fragment = false, title = ''} = {}) {
  let data;
  try {
    data = yaml.load(code);
  } catch (e) {
    return [`YAML does not parse: ${String(e.reason ?? e.message).split('\n')[0]}`];
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  if (!isConfig(data)) return [];
  return checkConfig(data, {fragment, title});
}

/** Parses JSON, or JSON Lines (one value a line). Returns {value, lines} or {error}. */
export function parseJson(code) {
  try {
    return {value: JSON.parse(code)};
  } catch (e) {
    const lines = code.split('\n').filter((l) => l.trim());
    if (lines.length > 1) {
      try {
        return {value: lines.map((l) => JSON.parse(l)), lines: true};
      } catch {
        /* report the whole-document error */
      }
    }
    return {error: e.message};
  }
}

const INFO = reference.datasetInfo;
const SOURCE_KEYS = INFO.sources;

/** Is this parsed JSON a dataset_info.json (an object whose values are dataset entries)? */
export function isDatasetInfo(value, title = '') {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.values(value);
  if (!entries.length || !entries.every((e) => e && typeof e === 'object' && !Array.isArray(e))) return false;
  if (/dataset_info/.test(title)) return true;
  return entries.every((e) => SOURCE_KEYS.some((k) => k in e) || 'columns' in e || 'formatting' in e);
}

/** Findings for the entries of a dataset_info.json example. `pageText` is the page outside this block, where the
 * files the entries name must appear; `files` maps a file name shown on the page to its parsed records. */
export function checkDatasetInfo(info, {fragment = false, pageText = '', files = new Map()} = {}) {
  const errors = [];
  for (const [name, entry] of Object.entries(info)) {
    const where = `dataset_info "${name}"`;
    for (const key of Object.keys(entry)) {
      if (!INFO.keys.includes(key))
        errors.push(`${where}: unknown key "${key}" (LLaMA-Factory reads ${INFO.keys.join(', ')})`);
    }
    const sources = SOURCE_KEYS.filter((k) => k in entry);
    if (!sources.length && !fragment) errors.push(`${where}: names no data (one of ${SOURCE_KEYS.join(', ')})`);
    const formatting = entry.formatting ?? 'alpaca';
    if (!INFO.formatting.includes(formatting))
      errors.push(`${where}: formatting "${formatting}" is not one of ${INFO.formatting.join(', ')}`);
    if ('ranking' in entry && typeof entry.ranking !== 'boolean')
      errors.push(`${where}: ranking must be true or false`);
    const columns = entry.columns ?? {};
    if (typeof columns !== 'object' || Array.isArray(columns)) errors.push(`${where}: columns must be an object`);
    for (const [k, v] of Object.entries(columns)) {
      if (!INFO.columns.includes(k))
        errors.push(`${where}: unknown column "${k}" (columns are ${INFO.columns.join(', ')})`);
      else if (typeof v !== 'string') errors.push(`${where}: column ${k} must name a field (a string)`);
    }
    const alpaca = formatting === 'alpaca';
    for (const k of Object.keys(columns)) {
      if (alpaca && k === 'messages')
        errors.push(`${where}: column "messages" belongs to sharegpt/openai, but formatting is alpaca`);
      if (!alpaca && ['prompt', 'query', 'response', 'history'].includes(k)) {
        errors.push(`${where}: column "${k}" belongs to alpaca, but formatting is ${formatting}`);
      }
    }
    if (entry.tags) {
      if (alpaca) errors.push(`${where}: tags apply to sharegpt/openai, but formatting is alpaca`);
      for (const k of Object.keys(entry.tags)) {
        if (!INFO.tags.includes(k)) errors.push(`${where}: unknown tag "${k}" (tags are ${INFO.tags.join(', ')})`);
      }
    }
    if (entry.ranking === true && !alpaca && !(columns.chosen && columns.rejected)) {
      errors.push(`${where}: a ranking sharegpt dataset needs columns chosen and rejected`);
    }
    if (fragment || !entry.file_name || typeof entry.file_name !== 'string') continue;
    const file = basename(entry.file_name);
    if (!pageText.includes(file)) {
      errors.push(`${where}: file_name ${entry.file_name} is not shown or created anywhere on this page`);
    }
    const records = files.get(file);
    if (records) errors.push(...checkRecords(where, entry, records));
  }
  return errors;
}

/** The columns a registered entry reads must exist in the sample records shown for it. As in data/parser.py, a
 * `columns` (or `tags`) object replaces the defaults: names it leaves out are read as None, not as the default. */
function checkRecords(where, entry, records) {
  const list = Array.isArray(records) ? records : [records];
  if (!list.length || !list.every((r) => r && typeof r === 'object' && !Array.isArray(r))) return [];
  const errors = [];
  const formatting = entry.formatting ?? 'alpaca';
  const columns = entry.columns ?? Object.fromEntries(INFO.columns.map((c) => [c, INFO.defaults[c] ?? null]));
  const has = (field) => list.some((r) => field in r);
  const missing = (col) => `${where}: column ${col} reads field "${columns[col]}", which no sample record has`;
  const read =
    formatting === 'alpaca'
      ? [
          'prompt',
          'query',
          'response',
          'history',
          'system',
          'tools',
          'images',
          'videos',
          'audios',
          'chosen',
          'rejected',
          'kto_tag',
        ]
      : ['messages', 'system', 'tools', 'images', 'videos', 'audios', 'chosen', 'rejected', 'kto_tag'];
  for (const col of read) {
    if (!columns[col] || has(columns[col])) continue;
    errors.push(
      missing(col) +
        (col === 'query' && !entry.columns
          ? ' (the default columns map query to "input": datasets fails with KeyError: \'input\'; list the columns you use)'
          : ''),
    );
  }
  if (formatting === 'alpaca' || !columns.messages) return errors;
  const tags = entry.tags ?? Object.fromEntries(INFO.tags.map((t) => [t, INFO.defaults[t]]));
  const turns = list.flatMap((r) => (Array.isArray(r[columns.messages]) ? r[columns.messages] : []));
  if (!turns.length) return errors;
  if (!turns.every((t) => t && tags.role_tag in t && tags.content_tag in t)) {
    errors.push(
      `${where}: messages need fields "${tags.role_tag}" and "${tags.content_tag}" (tags role_tag/content_tag)`,
    );
    return errors;
  }
  const roles = [tags.user_tag, tags.assistant_tag, tags.observation_tag, tags.function_tag].filter(Boolean);
  const bad = new Set();
  for (const r of list) {
    const msgs = Array.isArray(r[columns.messages]) ? r[columns.messages] : [];
    msgs.forEach((m, i) => {
      const role = m[tags.role_tag];
      if (!(roles.includes(role) || (i === 0 && tags.system_tag && role === tags.system_tag))) bad.add(role);
    });
  }
  if (bad.size) {
    errors.push(
      `${where}: role ${[...bad].map((r) => `"${r}"`).join(', ')} matches no tag (${roles.join(', ')}` +
        `${tags.system_tag ? `, ${tags.system_tag} first` : ''}); LLaMA-Factory drops such samples ("Invalid role tag")`,
    );
  }
  return errors;
}

const CLI = /(?:^|[\s;&|(`])(?:llamafactory-cli|lmf)\s+([A-Za-z][\w-]*)/gm;

/** `llamafactory-cli` invocations in a shell block must use a subcommand of the pinned release; placeholders are
 * not written as `<端口>`, which the shell reads as redirections (often without a syntax error). */
export function checkCli(code) {
  const errors = [];
  for (const m of code.matchAll(/<[^<>\n]*\p{Script=Han}[^<>\n]*>/gu)) {
    errors.push(`shell placeholder ${m[0]} is read as a redirection: write it without angle brackets`);
  }
  for (const m of code.matchAll(CLI)) {
    const sub = m[1];
    if (reference.cli.commands.includes(sub)) continue;
    errors.push(
      sub in reference.cli.removed
        ? `llamafactory-cli ${sub} does not work in v${reference.llamafactory.version} (${reference.cli.removed[sub]})`
        : `llamafactory-cli ${sub} is not a subcommand (${reference.cli.commands.join(', ')})`,
    );
  }
  return errors;
}

/** Python that parses every Python block with ast and runs `bash -n` on every shell block, in one process. */
const SYNTAX_CHECKER = String.raw`
import ast, json, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
blocks = json.load(sys.stdin)
def check(b):
    if b["lang"] == "python":
        try:
            ast.parse(b["code"])
            return None
        except SyntaxError as e:
            return f"Python does not parse: line {e.lineno}: {e.msg}"
    r = subprocess.run(["bash", "-n"], input=b["code"], capture_output=True, text=True)
    if r.returncode == 0:
        return None
    msg = " ".join(l.split(": ", 1)[-1] for l in r.stderr.strip().splitlines()[:2])
    return f"shell does not parse (bash -n): {msg}"
with ThreadPoolExecutor(4) as pool:
    print(json.dumps(list(pool.map(check, blocks))))
`;

/** Syntax findings for many Python and shell blocks at once (one python3 process): null for a block that parses. */
export function checkSyntax(blocks) {
  if (!blocks.length) return [];
  const r = spawnSync('python3', ['-c', SYNTAX_CHECKER], {
    input: JSON.stringify(blocks),
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`python3 syntax checker failed: ${r.stderr || r.error}`);
  return JSON.parse(r.stdout);
}

export const SHELL = new Set(['bash', 'sh', 'shell', 'zsh']);

/** Findings for the code blocks of one page (syntax of Python and shell blocks is batched: see `syntaxJobs`). Each
 * finding is {line, message}. `pageText` is the whole page, for the files dataset_info entries name. */
export function checkBlocks(blocks, pageText) {
  const findings = [];
  const files = new Map();
  for (const b of blocks) {
    const title = metaTitle(b.meta);
    if ((b.lang === 'json' || b.lang === 'jsonl') && title && !metaWords(b.meta).includes(OPT_OUT.wrong)) {
      const parsed = parseJson(b.code);
      if (!parsed.error) files.set(basename(title.replace(/[（(].*$/, '').trim()), parsed.value);
    }
  }
  for (const b of blocks) {
    const words = metaWords(b.meta);
    if (words.includes(OPT_OUT.wrong)) continue;
    const fragment = words.includes(OPT_OUT.fragment);
    const title = metaTitle(b.meta);
    const add = (messages) => findings.push(...messages.map((message) => ({line: b.line, message})));
    if (b.lang === 'yaml' || b.lang === 'yml') add(checkYaml(b.code, {fragment, title}));
    else if (b.lang === 'json' || b.lang === 'jsonl') {
      let parsed = parseJson(b.code);
      if (parsed.error && fragment) {
        const wrapped = parseJson(`{${b.code.trim().replace(/,\s*$/, '')}}`);
        if (!wrapped.error) parsed = wrapped;
      }
      if (parsed.error) add([`JSON does not parse: ${parsed.error}`]);
      else if (isDatasetInfo(parsed.value, title)) {
        const rest = pageText.replace(b.code, '');
        add(checkDatasetInfo(parsed.value, {fragment, pageText: rest, files}));
      }
    } else if (SHELL.has(b.lang)) add(checkCli(b.code));
  }
  return findings;
}

/** The blocks of a page whose syntax is checked by `checkSyntax`. */
export function syntaxJobs(blocks) {
  return blocks
    .filter((b) => !metaWords(b.meta).includes(OPT_OUT.wrong) && (b.lang === 'python' || SHELL.has(b.lang)))
    .map((b) => ({line: b.line, lang: b.lang === 'python' ? 'python' : 'bash', code: b.code}));
}
