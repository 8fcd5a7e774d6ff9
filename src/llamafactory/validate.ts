// The validator behind `npm run check:docs` for the code blocks readers copy, and behind the 训练前检查 page
// (guide/Train/preflight), which runs it in the browser on a pasted config: LLaMA-Factory YAML keys and values, JSON
// and JSON Lines, dataset_info.json entries and the sample records they read, llamafactory-cli subcommands. Checked
// against the pinned release's reference data (scripts/llamafactory/reference.json, generated from its source by
// generate-reference.py). No file system, no Node: scripts/llamafactory/code-blocks.mjs re-exports it for the checks
// and adds what needs Node (Python and shell syntax).
//
// Each check returns problems as data ({code, key, ...}); `describe*` words them in English for check:docs, the page
// words them in Chinese (src/preflight/findings.ts).
import yaml from 'js-yaml';
// Named imports: the bundler keeps only these parts of the file (its `messages` are most of it) in the page's chunk.
import {
  arguments as argumentGroups,
  cli,
  commandGroups,
  datasetInfo,
  llamafactory,
  templates,
} from '../../scripts/llamafactory/reference.json';

export interface Argument {
  type: string;
  kinds: string[];
  value?: unknown;
  choices?: string[];
}

const ARGUMENTS = argumentGroups as unknown as Record<string, Record<string, Argument>>;
const TRAIN_GROUPS: string[] = commandGroups.train;
const INFER_GROUPS: string[] = commandGroups.infer;
const TEMPLATES: string[] = templates;
const CLI = cli as {commands: string[]; removed: Record<string, string>};
const INFO = datasetInfo as unknown as {
  keys: string[];
  sources: string[];
  formatting: string[];
  columns: string[];
  tags: string[];
  defaults: Record<string, string | boolean | null>;
  builtin: Record<string, [string] | [string, string]>;
};

/** YAML as llamafactory-cli reads it: OmegaConf loads the file with PyYAML's SafeLoader (YAML 1.1), where unquoted
 * yes/no/on/off are booleans and digits may be grouped with `_`; js-yaml reads YAML 1.2, where they are strings. Its
 * float resolver also reads `1e-4` (no dot) as a number, as js-yaml does. */
const YAML11_BOOL = /^(?:yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|true|True|TRUE|false|False|FALSE)$/;
const YAML11_INT = /^[-+]?(?:0|[1-9][0-9_]*)$/;
export const YAML_SCHEMA = yaml.DEFAULT_SCHEMA.extend({
  implicit: [
    new yaml.Type('tag:yaml.org,2002:bool', {
      kind: 'scalar',
      resolve: (data: string | null) => data !== null && YAML11_BOOL.test(data),
      construct: (data: string) => /^(?:yes|on|true)$/i.test(data),
      predicate: (value: unknown) => typeof value === 'boolean',
    }),
    new yaml.Type('tag:yaml.org,2002:int', {
      kind: 'scalar',
      resolve: (data: string | null) => data !== null && YAML11_INT.test(data) && data.includes('_'),
      construct: (data: string) => Number(data.replace(/_/g, '')),
      predicate: (value: unknown) => Number.isInteger(value),
    }),
  ],
});

/** A YAML document as llamafactory-cli reads it (YAML 1.1 booleans, see YAML_SCHEMA). Throws js-yaml's errors. */
export function loadYaml(text: string): unknown {
  return yaml.load(text, {schema: YAML_SCHEMA});
}

/** The pinned release, e.g. `0.9.5`. */
export const VERSION: string = llamafactory.version;
export {INFO as DATASET_INFO, TEMPLATES, TRAIN_GROUPS, INFER_GROUPS};

/** Meta-string words that change what is checked; see CONTRIBUTING.md, 代码块. */
export const OPT_OUT = {fragment: 'fragment', wrong: 'wrong'};

/** The meta string's bare words (outside title="..."), e.g. `fragment`. */
export function metaWords(meta: string): string[] {
  return meta
    .replace(/\w+="[^"]*"/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

export function metaTitle(meta: string): string {
  return /title="([^"]*)"/.exec(meta)?.[1] ?? '';
}

/** The argument's reference entry within the given groups, or null. */
export function findArgument(name: string, groups: string[] = TRAIN_GROUPS): (Argument & {group: string}) | null {
  for (const g of groups) {
    const arg = ARGUMENTS[g]?.[name];
    if (arg && Object.hasOwn(ARGUMENTS[g]!, name)) return {group: g, ...arg};
  }
  return null;
}

/** Keys whose presence marks a YAML mapping as a LLaMA-Factory config (as opposed to spack.yaml, compose files...). */
const ANCHORS = ['model_name_or_path', 'stage', 'finetuning_type', 'export_dir', 'adapter_name_or_path', 'template'];

type Config = Record<string, unknown>;

/** A YAML mapping is a LLaMA-Factory config when it has an anchor key or most of its keys are arguments
 * (so a fragment such as `cutoff_len: 1024` is checked, a spack.yaml or .condarc is not). */
export function isConfig(data: Config): boolean {
  const keys = Object.keys(data);
  if (keys.some((k) => ANCHORS.includes(k))) return true;
  return keys.length > 0 && keys.filter((k) => findArgument(k)).length * 2 > keys.length;
}

export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  if (value instanceof Date) return 'date';
  return 'dict';
}

/** Values the code that reads an argument accepts beside its declared type. transformers' Trainer.train takes
 * `resume_from_checkpoint: true` as "the last checkpoint in output_dir" (trainer.py, `isinstance(…, bool)`); `false`
 * is not accepted (it reaches os.path.join). */
const ALSO_ACCEPTS: Record<string, (value: unknown) => boolean> = {
  resume_from_checkpoint: (value) => value === true,
};

function fits(value: unknown, kinds: string[], key = ''): boolean {
  if (ALSO_ACCEPTS[key]?.(value)) return true;
  if (kinds.includes('any')) return true;
  const k = kindOf(value);
  if (kinds.includes(k)) return true;
  if (k === 'int' && kinds.includes('float')) return true;
  // HfArgumentParser turns a JSON string into a dict for dict-typed fields (e.g. deepspeed, ray_init_kwargs).
  if (k === 'dict' && kinds.includes('str') && kinds.includes('dict')) return true;
  return false;
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Which parser the config goes to: `llamafactory-cli export/chat/webchat/api` parse only the inference groups. */
export function configCommand(config: Config, title = ''): 'train' | 'infer' {
  if ('export_dir' in config) return 'infer';
  if (/(export|chat|infer|merge|api)[^/]*\.ya?ml/i.test(title) && !/predict/i.test(title)) return 'infer';
  if ('infer_backend' in config && !('do_train' in config) && !('do_predict' in config)) return 'infer';
  return 'train';
}

/** Values upstream accepts only in SFT (hparams/parser.py: "… cannot be set as True except SFT."). */
export const SFT_ONLY = ['predict_with_generate', 'neat_packing', 'train_on_prompt', 'mask_history'];

/** What is wrong with one key or the config as a whole. `key` is the key the problem is about. */
export type ConfigProblem =
  | {code: 'unknown-key'; key: string}
  | {code: 'training-key'; key: string}
  | {code: 'type'; key: string; value: unknown; kind: string; want: string}
  | {code: 'choice'; key: string; value: string; choices: string[]}
  | {code: 'template'; key: 'template'; value: string}
  | {code: 'quantization-method'; key: 'quantization_bit'; method: string}
  | {code: 'adapter-method'; key: 'adapter_name_or_path'; method: string}
  | {code: 'sft-only'; key: string; stage: string}
  | {code: 'no-model'; key: 'model_name_or_path'}
  | {code: 'no-dataset'; key: 'do_train'}
  | {code: 'predict-without-generate'; key: 'do_predict'}
  | {code: 'fp16-bf16'; key: 'fp16'}
  | {code: 'not-positive'; key: string; value: number}
  | {code: 'streaming'; key: 'val_size' | 'max_samples' | 'streaming'; rule: 'val-size' | 'max-samples' | 'max-steps'}
  | {code: 'val-size-with-eval-dataset'; key: 'val_size'}
  | {code: 'no-eval-data'; key: string}
  | {code: 'no-reward-model'; key: 'stage'}
  | {code: 'lora-only'; key: string; method: string}
  | {code: 'infer-backend'; key: 'infer_backend'; value: string}
  | {code: 'zero3'; key: string}
  | {
      code: 'load-best';
      key: 'load_best_model_at_end';
      rule: 'strategies' | 'steps' | 'stage';
      eval: string;
      save: string;
      evalSteps?: number;
      saveSteps?: number;
    };

/** Settings hparams/parser.py get_train_args refuses when DeepSpeed runs ZeRO-3 (is_deepspeed_zero3_enabled), with its
 * message. */
export const ZERO3_INCOMPATIBLE: Record<string, string> = {
  predict_with_generate: '`predict_with_generate` is incompatible with DeepSpeed ZeRO-3.',
  use_unsloth: 'Unsloth is incompatible with DeepSpeed ZeRO-3.',
  use_kt: 'KTransformers is incompatible with DeepSpeed ZeRO-3.',
  pissa_init: 'Please use scripts/pissa_init.py to initialize PiSSA in DeepSpeed ZeRO-3.',
  pure_bf16: '`pure_bf16` is incompatible with DeepSpeed ZeRO-3.',
};

/** A DeepSpeed file named for ZeRO-3: LLaMA-Factory's ds_z3_config.json, ds_z3_offload_config.json, or zero3.json. */
export const isZero3File = (deepspeed: unknown): boolean =>
  typeof deepspeed === 'string' && /(?:^|[^a-z0-9])(?:ds_)?z(?:ero)?[_-]?3(?![0-9])/i.test(deepspeed.split('/').pop()!);

/** Arguments an older release or transformers named otherwise: what a config copied from an old issue or blog still
 * says. transformers 4.41 renamed `evaluation_strategy` to `eval_strategy` (4.57's TrainingArguments has the new name
 * only); LLaMA-Factory renamed the DPO arguments to `pref_*` when it added SimPO (v0.8.0 has pref_beta, v0.7.1
 * dpo_beta). */
export const RENAMED: Record<string, string> = {
  evaluation_strategy: 'eval_strategy',
  dpo_beta: 'pref_beta',
  dpo_ftx: 'pref_ftx',
  dpo_loss: 'pref_loss',
};

/** Counts that must be at least 1: a batch size of 0 stops torch's DataLoader ("batch_size should be a positive integer
 * value"), 0 accumulation steps divides by zero when the trainer counts the steps of an epoch. */
const POSITIVE = ['per_device_train_batch_size', 'gradient_accumulation_steps'];
/** FinetuningArguments.__post_init__ (hparams/finetuning_args.py): "`use_dora` is only valid for LoRA training." … */
export const LORA_ONLY = ['loraplus_lr_ratio', 'use_rslora', 'use_dora', 'pissa_init'];

/** Problems of one LLaMA-Factory YAML config (a parsed mapping). `fragment`: a partial snippet, required keys are
 * not asked for. */
export function configProblems(config: Config, {fragment = false, title = ''} = {}): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const command = configCommand(config, title);
  const groups = command === 'infer' ? INFER_GROUPS : TRAIN_GROUPS;
  for (const [key, value] of Object.entries(config)) {
    const arg = findArgument(key, groups);
    if (!arg) {
      problems.push({code: findArgument(key, TRAIN_GROUPS) ? 'training-key' : 'unknown-key', key});
      continue;
    }
    if (!fits(value, arg.kinds, key)) {
      problems.push({code: 'type', key, value, kind: kindOf(value), want: arg.type});
      continue;
    }
    const choices = arg.choices;
    if (choices && typeof value === 'string' && !choices.includes(value)) {
      problems.push({code: 'choice', key, value, choices});
    }
    if (choices && Array.isArray(value)) {
      for (const v of value) if (!choices.includes(v)) problems.push({code: 'choice', key, value: v, choices});
    }
  }
  if (typeof config.template === 'string' && !TEMPLATES.includes(config.template)) {
    problems.push({code: 'template', key: 'template', value: config.template});
  }
  const quantized = config.quantization_bit != null;
  const ftype = String(config.finetuning_type ?? 'lora');
  // A finetuning_type that is not one of the methods is reported as a choice; the checks of a method need a method.
  const method = findArgument('finetuning_type')?.choices?.includes(ftype) ?? true;
  if (method && quantized && !['lora', 'oft'].includes(ftype)) {
    problems.push({code: 'quantization-method', key: 'quantization_bit', method: ftype});
  }
  // hparams/parser.py _verify_model_args: "Adapter is only valid for the LoRA method." (OFT included).
  if (method && config.adapter_name_or_path && ftype !== 'lora') {
    problems.push({code: 'adapter-method', key: 'adapter_name_or_path', method: ftype});
  }
  if (method && ftype !== 'lora') {
    for (const k of LORA_ONLY) {
      if (config[k] != null && config[k] !== false) problems.push({code: 'lora-only', key: k, method: ftype});
    }
  }
  const stage = String(config.stage ?? 'sft');
  const train = command === 'train';
  for (const k of SFT_ONLY) {
    if (config[k] === true && stage !== 'sft' && train) problems.push({code: 'sft-only', key: k, stage});
  }
  // transformers TrainingArguments.__post_init__: "At most one of fp16 and bf16 can be True, but not both".
  if (config.fp16 === true && config.bf16 === true && train) problems.push({code: 'fp16-bf16', key: 'fp16'});
  for (const k of POSITIVE) {
    const v = config[k];
    if (typeof v === 'number' && v < 1 && train) problems.push({code: 'not-positive', key: k, value: v});
  }
  // hparams/data_args.py __post_init__ and hparams/parser.py get_train_args.
  const valSize = typeof config.val_size === 'number' ? config.val_size : 0;
  if (config.streaming === true) {
    if (valSize > 1e-6 && valSize < 1) problems.push({code: 'streaming', key: 'val_size', rule: 'val-size'});
    if (config.max_samples != null) problems.push({code: 'streaming', key: 'max_samples', rule: 'max-samples'});
    const maxSteps = config.max_steps;
    if (train && !fragment && (maxSteps == null || maxSteps === -1)) {
      problems.push({code: 'streaming', key: 'streaming', rule: 'max-steps'});
    }
  }
  if (config.eval_dataset != null && valSize > 1e-6)
    problems.push({code: 'val-size-with-eval-dataset', key: 'val_size'});
  if (train && config.infer_backend != null && config.infer_backend !== 'huggingface') {
    problems.push({code: 'infer-backend', key: 'infer_backend', value: String(config.infer_backend)});
  }
  if (train && isZero3File(config.deepspeed)) {
    for (const k of Object.keys(ZERO3_INCOMPATIBLE)) if (config[k] === true) problems.push({code: 'zero3', key: k});
  }
  const loadBest = loadBestProblem(config, stage);
  if (train && loadBest) problems.push(loadBest);
  if (!fragment) {
    if (!('model_name_or_path' in config)) problems.push({code: 'no-model', key: 'model_name_or_path'});
    if (config.do_train === true && !config.dataset) problems.push({code: 'no-dataset', key: 'do_train'});
    // parser.py asks it of SFT only (RM predicts rewards without generating).
    if (config.do_predict === true && config.predict_with_generate !== true && train && stage === 'sft') {
      problems.push({code: 'predict-without-generate', key: 'do_predict'});
    }
    if (train && config.eval_dataset == null && !(valSize > 1e-6)) {
      // transformers turns do_eval on for any eval_strategy but "no"; parser.py then wants data to evaluate on.
      const strategy = config.eval_strategy;
      const why = ['do_eval', 'do_predict', 'predict_with_generate'].find((k) => config[k] === true);
      const key = why ?? (typeof strategy === 'string' && strategy !== 'no' ? 'eval_strategy' : null);
      if (key) problems.push({code: 'no-eval-data', key});
    }
    if (train && stage === 'ppo' && !config.reward_model) problems.push({code: 'no-reward-model', key: 'stage'});
  }
  return problems;
}

/** `load_best_model_at_end: true` needs checkpoints saved where evaluations happen: transformers 4.57
 * TrainingArguments.__post_init__ (training_args.py) raises when eval_strategy and save_strategy differ or save_steps is
 * not a multiple of eval_steps (eval_steps defaults to logging_steps); hparams/parser.py refuses it for RM and PPO. */
function loadBestProblem(config: Config, stage: string): ConfigProblem | null {
  if (config.load_best_model_at_end !== true) return null;
  const strategy = (key: string, fallback: string) =>
    typeof config[key] === 'string' ? String(config[key]) : fallback;
  const evalStrategy = strategy('eval_strategy', 'no');
  const saveStrategy = strategy('save_strategy', 'steps');
  const base = {code: 'load-best', key: 'load_best_model_at_end', eval: evalStrategy, save: saveStrategy} as const;
  if (['rm', 'ppo'].includes(stage)) return {...base, rule: 'stage'};
  if (saveStrategy === 'best') return null;
  if (evalStrategy !== saveStrategy) return {...base, rule: 'strategies'};
  if (evalStrategy !== 'steps') return null;
  const num = (key: string, fallback: number) => (typeof config[key] === 'number' ? (config[key] as number) : fallback);
  const saveSteps = num('save_steps', 500);
  const evalSteps = num('eval_steps', 0) || num('logging_steps', 500);
  // Ratios (below 1) on both sides are compared as ratios; only whole step counts are checked here.
  if (saveSteps >= 1 && evalSteps >= 1 && saveSteps % evalSteps !== 0)
    return {...base, rule: 'steps', evalSteps, saveSteps};
  return null;
}

/** A config problem as check:docs reports it. */
export function describeConfigProblem(p: ConfigProblem): string {
  const v = `v${VERSION}`;
  switch (p.code) {
    case 'unknown-key': {
      const near = RENAMED[p.key] ?? misspelt(p.key, ARGUMENT_NAMES);
      return `YAML key "${p.key}" is not a LLaMA-Factory ${v} argument${near ? `; did you mean "${near}"?` : ''}`;
    }
    case 'training-key':
      return `YAML key "${p.key}" is a training argument; llamafactory-cli export/chat reject it (${v})`;
    case 'type':
      return `YAML ${p.key}: ${show(p.value)} is ${p.kind}, want ${p.want}`;
    case 'choice':
      return `YAML ${p.key}: "${p.value}" is not one of ${p.choices.join(', ')}`;
    case 'template':
      return `YAML template: "${p.value}" is not a template in LLaMA-Factory ${v}`;
    case 'quantization-method':
      return `YAML quantization_bit needs finetuning_type lora or oft, not ${p.method} (hparams/parser.py)`;
    case 'adapter-method':
      return `YAML adapter_name_or_path is only valid with finetuning_type lora (hparams/parser.py)`;
    case 'sft-only':
      return `YAML ${p.key}: true needs stage sft (hparams/parser.py)`;
    case 'no-model':
      return 'YAML config has no model_name_or_path (mark a partial snippet `fragment`)';
    case 'no-dataset':
      return 'YAML do_train without dataset (hparams/parser.py: "Please specify dataset for training.")';
    case 'predict-without-generate':
      return 'YAML do_predict without predict_with_generate: true ("Please enable `predict_with_generate` to save model predictions.")';
    case 'fp16-bf16':
      return 'YAML fp16 and bf16 are both true (transformers: "At most one of fp16 and bf16 can be True, but not both")';
    case 'not-positive':
      return `YAML ${p.key}: ${p.value} must be at least 1`;
    case 'streaming':
      return p.rule === 'val-size'
        ? 'YAML val_size below 1 with streaming ("Streaming mode should have an integer val size.")'
        : p.rule === 'max-samples'
          ? 'YAML max_samples with streaming ("`max_samples` is incompatible with `streaming`.")'
          : 'YAML streaming without max_steps ("Please specify `max_steps` in streaming mode.")';
    case 'val-size-with-eval-dataset':
      return 'YAML val_size with eval_dataset ("Cannot specify `val_size` if `eval_dataset` is not None.")';
    case 'no-eval-data':
      return `YAML ${p.key} without eval_dataset or val_size ("Please make sure eval_dataset be provided or val_size >1e-6")`;
    case 'no-reward-model':
      return 'YAML stage ppo without reward_model ("`reward_model` is necessary for PPO training.")';
    case 'lora-only':
      return `YAML ${p.key} needs finetuning_type lora, not ${p.method} (hparams/finetuning_args.py)`;
    case 'infer-backend':
      return `YAML infer_backend: ${p.value} in a training config ("vLLM/SGLang backend is only available for API, CLI and Web.")`;
    case 'zero3':
      return `YAML ${p.key} with a ZeRO-3 deepspeed config ("${ZERO3_INCOMPATIBLE[p.key]}")`;
    case 'load-best':
      return p.rule === 'stage'
        ? 'YAML load_best_model_at_end in RM or PPO ("RM and PPO stages do not support `load_best_model_at_end`.")'
        : p.rule === 'strategies'
          ? `YAML load_best_model_at_end with eval_strategy ${p.eval} and save_strategy ${p.save} (transformers: "--load_best_model_at_end requires the save and eval strategy to match")`
          : `YAML load_best_model_at_end with save_steps ${p.saveSteps} not a multiple of eval_steps ${p.evalSteps}`;
  }
}

/** Findings for one LLaMA-Factory YAML config (a parsed mapping), in English. */
export function checkConfig(config: Config, options: {fragment?: boolean; title?: string} = {}): string[] {
  return configProblems(config, options).map(describeConfigProblem);
}

/** Findings for a YAML block: it parses; if it is a LLaMA-Factory config, its keys and values are checked. */
export function checkYaml(code: string, {fragment = false, title = ''} = {}): string[] {
  let data: unknown;
  try {
    data = loadYaml(code);
  } catch (e) {
    const error = e as {reason?: string; message: string};
    return [`YAML does not parse: ${String(error.reason ?? error.message).split('\n')[0]}`];
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  if (!isConfig(data as Config)) return [];
  return checkConfig(data as Config, {fragment, title});
}

/** Parses JSON, or JSON Lines (one value a line). Returns {value, lines} or {error}. */
export function parseJson(code: string): {value: unknown; lines?: true; error?: undefined} | {error: string} {
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
    return {error: (e as Error).message};
  }
}

const SOURCE_KEYS = INFO.sources;

/** Is this parsed JSON a dataset_info.json (an object whose values are dataset entries)? */
export function isDatasetInfo(value: unknown, title = ''): value is Record<string, DatasetEntry> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.values(value);
  if (!entries.length || !entries.every((e) => e && typeof e === 'object' && !Array.isArray(e))) return false;
  if (/dataset_info/.test(title)) return true;
  return entries.every((e) => SOURCE_KEYS.some((k) => k in e) || 'columns' in e || 'formatting' in e);
}

export interface DatasetEntry {
  [key: string]: unknown;
  formatting?: string;
  ranking?: boolean;
  file_name?: string;
  columns?: Record<string, unknown>;
  tags?: Record<string, unknown>;
}

/** What is wrong with one dataset_info.json entry (`name`), or with the sample records shown for it. */
export type EntryProblem =
  | {code: 'unknown-key'; name: string; key: string}
  | {code: 'no-source'; name: string}
  | {code: 'formatting'; name: string; value: string}
  | {code: 'ranking-type'; name: string}
  | {code: 'columns-type'; name: string}
  | {code: 'unknown-column'; name: string; column: string}
  | {code: 'column-type'; name: string; column: string}
  | {code: 'alpaca-messages'; name: string}
  | {code: 'alpaca-column'; name: string; column: string; formatting: string}
  | {code: 'tags-alpaca'; name: string}
  | {code: 'unknown-tag'; name: string; tag: string}
  | {code: 'ranking-columns'; name: string}
  | {code: 'file-not-shown'; name: string; file: string}
  | {code: 'missing-field'; name: string; column: string; field: string; defaultQuery: boolean}
  | {code: 'turn-fields'; name: string; role: string; content: string}
  | {code: 'roles'; name: string; roles: string[]; allowed: string[]; system: string | null}
  /** A system turn after the first: only messages[0] is taken as the system prompt (data/converter.py). */
  | {code: 'system-turn'; name: string; role: string}
  /** OpenAI `tool_calls` in a format that reads only the role and content of a turn. */
  | {code: 'tool-calls'; name: string}
  /** The kto_tag field holds something other than true/false ("true", 1): not a KTO example (data/converter.py). */
  | {code: 'kto-tag-type'; name: string; field: string; value: unknown};

/** Problems of the entries of a dataset_info.json. `pageText` is the page outside this block, where the files the
 * entries name must appear (null: not checked); `files` maps a file name to its parsed sample records. */
export function datasetInfoProblems(
  info: Record<string, DatasetEntry>,
  {
    fragment = false,
    pageText = null,
    files = new Map(),
  }: {fragment?: boolean; pageText?: string | null; files?: Map<string, unknown>} = {},
): EntryProblem[] {
  const problems: EntryProblem[] = [];
  for (const [name, entry] of Object.entries(info)) {
    for (const key of Object.keys(entry)) {
      if (!INFO.keys.includes(key)) problems.push({code: 'unknown-key', name, key});
    }
    const sources = SOURCE_KEYS.filter((k) => k in entry);
    if (!sources.length && !fragment) problems.push({code: 'no-source', name});
    const formatting = String(entry.formatting ?? 'alpaca');
    if (!INFO.formatting.includes(formatting)) problems.push({code: 'formatting', name, value: formatting});
    if ('ranking' in entry && typeof entry.ranking !== 'boolean') problems.push({code: 'ranking-type', name});
    const columns = (entry.columns ?? {}) as Record<string, unknown>;
    if (typeof columns !== 'object' || Array.isArray(columns)) problems.push({code: 'columns-type', name});
    for (const [k, v] of Object.entries(columns)) {
      if (!INFO.columns.includes(k)) problems.push({code: 'unknown-column', name, column: k});
      else if (typeof v !== 'string') problems.push({code: 'column-type', name, column: k});
    }
    const alpaca = formatting === 'alpaca';
    for (const k of Object.keys(columns)) {
      if (alpaca && k === 'messages') problems.push({code: 'alpaca-messages', name});
      if (!alpaca && ['prompt', 'query', 'response', 'history'].includes(k)) {
        problems.push({code: 'alpaca-column', name, column: k, formatting});
      }
    }
    if (entry.tags) {
      if (alpaca) problems.push({code: 'tags-alpaca', name});
      for (const k of Object.keys(entry.tags)) {
        if (!INFO.tags.includes(k)) problems.push({code: 'unknown-tag', name, tag: k});
      }
    }
    // Without them data/converter.py reads example[None] for a ranking sample: KeyError: None (Alpaca and ShareGPT).
    if (entry.ranking === true && !(columns.chosen && columns.rejected)) {
      problems.push({code: 'ranking-columns', name});
    }
    if (fragment || !entry.file_name || typeof entry.file_name !== 'string') continue;
    const file = basename(entry.file_name);
    if (pageText !== null && !pageText.includes(file)) {
      problems.push({code: 'file-not-shown', name, file: entry.file_name});
    }
    const records = files.get(file);
    if (records) problems.push(...recordProblems(name, entry, records));
  }
  return problems;
}

function basename(path: string): string {
  return path.replace(/\/+$/, '').split('/').pop() ?? path;
}

/** The columns an entry reads, as data/parser.py sets them: a `columns` object replaces the defaults (names it
 * leaves out are read as None, not as the default). */
export function entryColumns(entry: DatasetEntry): Record<string, string | null> {
  const given = entry.columns as Record<string, string> | undefined;
  return given ?? Object.fromEntries(INFO.columns.map((c) => [c, (INFO.defaults[c] as string | undefined) ?? null]));
}

/** The role and content tags an entry reads (`tags` replaces the defaults, like `columns`). */
export function entryTags(entry: DatasetEntry): Record<string, string | null> {
  const given = entry.tags as Record<string, string> | undefined;
  return given ?? Object.fromEntries(INFO.tags.map((t) => [t, (INFO.defaults[t] as string | undefined) ?? null]));
}

const ALPACA_READS = [
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
];
const MESSAGES_READS = ['messages', 'system', 'tools', 'images', 'videos', 'audios', 'chosen', 'rejected', 'kto_tag'];

/** The columns a registered entry reads must exist in the sample records shown for it. */
export function recordProblems(name: string, entry: DatasetEntry, records: unknown): EntryProblem[] {
  const list = (Array.isArray(records) ? records : [records]) as Array<Record<string, unknown>>;
  if (!list.length || !list.every((r) => r && typeof r === 'object' && !Array.isArray(r))) return [];
  const problems: EntryProblem[] = [];
  const formatting = entry.formatting ?? 'alpaca';
  const columns = entryColumns(entry);
  const has = (field: string) => list.some((r) => field in r);
  for (const col of formatting === 'alpaca' ? ALPACA_READS : MESSAGES_READS) {
    const field = columns[col];
    if (!field || has(field)) continue;
    problems.push({code: 'missing-field', name, column: col, field, defaultQuery: col === 'query' && !entry.columns});
  }
  const ktoField = columns.kto_tag;
  const ktoValue = ktoField
    ? list.find((r) => ktoField in r && typeof r[ktoField] !== 'boolean')?.[ktoField]
    : undefined;
  if (ktoField && ktoValue !== undefined) problems.push({code: 'kto-tag-type', name, field: ktoField, value: ktoValue});
  const messages = columns.messages;
  if (formatting === 'alpaca' || !messages) return problems;
  const tags = entryTags(entry);
  const turnsOf = (r: Record<string, unknown>) =>
    (Array.isArray(r[messages]) ? r[messages] : []) as Array<Record<string, unknown>>;
  const turns = list.flatMap(turnsOf);
  if (!turns.length) return problems;
  const roleTag = tags.role_tag ?? '';
  const contentTag = tags.content_tag ?? '';
  if (!turns.every((t) => t && typeof t === 'object' && roleTag in t && contentTag in t)) {
    problems.push({code: 'turn-fields', name, role: roleTag, content: contentTag});
    return problems;
  }
  const roles = [tags.user_tag, tags.assistant_tag, tags.observation_tag, tags.function_tag].filter(
    (r): r is string => !!r,
  );
  const bad = new Set<string>();
  let laterSystem = false;
  for (const r of list) {
    turnsOf(r).forEach((m, i) => {
      const role = m[roleTag] as string;
      if (roles.includes(role) || (i === 0 && tags.system_tag && role === tags.system_tag)) return;
      if (tags.system_tag && role === tags.system_tag) laterSystem = true;
      else bad.add(role);
    });
  }
  if (bad.size) problems.push({code: 'roles', name, roles: [...bad], allowed: roles, system: tags.system_tag ?? null});
  if (laterSystem) problems.push({code: 'system-turn', name, role: tags.system_tag!});
  // data/converter.py: only the OpenAI converter reads tool_calls (into a function turn).
  if (formatting !== 'openai' && turns.some((t) => t && typeof t === 'object' && t.tool_calls != null)) {
    problems.push({code: 'tool-calls', name});
  }
  return problems;
}

/** An entry problem as check:docs reports it. */
export function describeEntryProblem(p: EntryProblem): string {
  const where = `dataset_info "${p.name}"`;
  switch (p.code) {
    case 'unknown-key':
      return `${where}: unknown key "${p.key}" (LLaMA-Factory reads ${INFO.keys.join(', ')})`;
    case 'no-source':
      return `${where}: names no data (one of ${SOURCE_KEYS.join(', ')})`;
    case 'formatting':
      return `${where}: formatting "${p.value}" is not one of ${INFO.formatting.join(', ')}`;
    case 'ranking-type':
      return `${where}: ranking must be true or false`;
    case 'columns-type':
      return `${where}: columns must be an object`;
    case 'unknown-column':
      return `${where}: unknown column "${p.column}" (columns are ${INFO.columns.join(', ')})`;
    case 'column-type':
      return `${where}: column ${p.column} must name a field (a string)`;
    case 'alpaca-messages':
      return `${where}: column "messages" belongs to sharegpt/openai, but formatting is alpaca`;
    case 'alpaca-column':
      return `${where}: column "${p.column}" belongs to alpaca, but formatting is ${p.formatting}`;
    case 'tags-alpaca':
      return `${where}: tags apply to sharegpt/openai, but formatting is alpaca`;
    case 'unknown-tag':
      return `${where}: unknown tag "${p.tag}" (tags are ${INFO.tags.join(', ')})`;
    case 'ranking-columns':
      return `${where}: a ranking dataset needs columns chosen and rejected`;
    case 'file-not-shown':
      return `${where}: file_name ${p.file} is not shown or created anywhere on this page`;
    case 'missing-field':
      return (
        `${where}: column ${p.column} reads field "${p.field}", which no sample record has` +
        (p.defaultQuery
          ? ' (the default columns map query to "input": datasets fails with KeyError: \'input\'; list the columns you use)'
          : '')
      );
    case 'turn-fields':
      return `${where}: messages need fields "${p.role}" and "${p.content}" (tags role_tag/content_tag)`;
    case 'roles':
      return (
        `${where}: role ${p.roles.map((r) => `"${r}"`).join(', ')} matches no tag (${p.allowed.join(', ')}` +
        `${p.system ? `, ${p.system} first` : ''}); LLaMA-Factory drops such samples ("Invalid role tag")`
      );
    case 'system-turn':
      return `${where}: a "${p.role}" turn after the first; only the first turn is read as the system prompt, the sample is dropped ("Invalid role tag")`;
    case 'tool-calls':
      return `${where}: turns with tool_calls are read only by formatting openai; sharegpt reads role and content (content null: "Expected a string, got None")`;
    case 'kto-tag-type':
      return `${where}: kto_tag field "${p.field}" holds ${JSON.stringify(p.value)}, not true or false; such samples are not KTO samples`;
  }
}

/** Findings for the entries of a dataset_info.json example, in English (check:docs). */
export function checkDatasetInfo(
  info: Record<string, DatasetEntry>,
  {
    fragment = false,
    pageText = '',
    files = new Map(),
  }: {fragment?: boolean; pageText?: string; files?: Map<string, unknown>} = {},
): string[] {
  return datasetInfoProblems(info, {fragment, pageText, files}).map(describeEntryProblem);
}

const CLI_CALL = /(?:^|[\s;&|(`])(?:llamafactory-cli|lmf)\s+([A-Za-z][\w-]*)/gm;

/** `llamafactory-cli` invocations in a shell block must use a subcommand of the pinned release; placeholders are
 * not written as `<端口>`, which the shell reads as redirections (often without a syntax error). */
export function checkCli(code: string): string[] {
  const errors: string[] = [];
  for (const m of code.matchAll(/<[^<>\n]*\p{Script=Han}[^<>\n]*>/gu)) {
    errors.push(`shell placeholder ${m[0]} is read as a redirection: write it without angle brackets`);
  }
  for (const m of code.matchAll(CLI_CALL)) {
    const sub = m[1]!;
    if (CLI.commands.includes(sub)) continue;
    errors.push(
      sub in CLI.removed
        ? `llamafactory-cli ${sub} does not work in v${VERSION} (${CLI.removed[sub]})`
        : `llamafactory-cli ${sub} is not a subcommand (${CLI.commands.join(', ')})`,
    );
  }
  return errors;
}

/** Edit distance with adjacent transpositions (optimal string alignment): `lora_rnak` is one edit from `lora_rank`. */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const d = Array.from({length: a.length + 1}, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

const ARGUMENT_NAMES = Object.values(ARGUMENTS).flatMap((group) => Object.keys(group));

/** Names the reference knows besides arguments: templates, subcommands, dataset_info keys, columns and tags. */
const KNOWN = new Set([...TEMPLATES, ...CLI.commands, ...INFO.keys, ...INFO.columns, ...INFO.tags, ...ARGUMENT_NAMES]);

/** The argument or template a misspelt name is closest to, or null when the name is known or not close to one.
 * `among`: the names to look in (default: every argument and template). */
export function misspelt(name: string, among: readonly string[] = [...ARGUMENT_NAMES, ...TEMPLATES]): string | null {
  if (KNOWN.has(name)) return null;
  const limit = name.length >= 12 ? 2 : 1;
  let best: {known: string; d: number} | null = null;
  for (const known of among) {
    const d = distance(name, known);
    if (d <= limit && (!best || d < best.d)) best = {known, d};
  }
  return best?.known ?? null;
}

/** The names of the arguments a command parses. */
export function argumentNames(groups: string[] = TRAIN_GROUPS): string[] {
  return groups.flatMap((g) => Object.keys(ARGUMENTS[g] ?? {}));
}
