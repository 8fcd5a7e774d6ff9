// The estimator's choices as text (form fields and the page's query string): defaults, validation with a message per
// field, the Setup they describe, and the LLaMA-Factory YAML keys that express them. Pure TypeScript.
import type {LoraTarget, Method, Precision, Setup, Zero} from './estimate';
import {CARD_COUNTS} from './estimate';
import {findModel, MODELS, type Architecture} from './models';

export type Field =
  | 'model'
  | 'params'
  | 'active'
  | 'layers'
  | 'hidden'
  | 'heads'
  | 'kvHeads'
  | 'vocab'
  | 'method'
  | 'rank'
  | 'target'
  | 'precision'
  | 'zero'
  | 'offload'
  | 'cutoff'
  | 'batch'
  | 'gc'
  | 'liger'
  | 'packing'
  | 'cards';

export type FormValues = Record<Field, string>;

/** Query-string key of each field (short, stable: shared links depend on them). */
export const QUERY_KEYS: Record<Field, string> = {
  model: 'model',
  params: 'params',
  active: 'active',
  layers: 'layers',
  hidden: 'hidden',
  heads: 'heads',
  kvHeads: 'kv',
  vocab: 'vocab',
  method: 'method',
  rank: 'rank',
  target: 'target',
  precision: 'precision',
  zero: 'zero',
  offload: 'offload',
  cutoff: 'cutoff',
  batch: 'batch',
  gc: 'gc',
  liger: 'liger',
  packing: 'packing',
  cards: 'cards',
};

export const CUSTOM = 'custom';
export const METHODS: readonly Method[] = ['full', 'freeze', 'lora', 'qlora8', 'qlora4'];
export const ZERO_CHOICES: readonly Zero[] = ['none', 'z0', 'z1', 'z2', 'z3'];

export const DEFAULTS: FormValues = {
  model: 'qwen3-8b',
  params: '7',
  active: '',
  layers: '32',
  hidden: '4096',
  heads: '32',
  kvHeads: '8',
  vocab: '32000',
  method: 'lora',
  rank: '8',
  target: 'all',
  precision: 'bf16',
  zero: 'none',
  offload: '0',
  cutoff: '2048',
  batch: '2',
  gc: '1',
  liger: '0',
  packing: '0',
  cards: '1',
};

/** Values from a query string; missing keys take the defaults, unknown keys are ignored. */
export function fromQuery(search: string): FormValues {
  const params = new URLSearchParams(search);
  const values = {...DEFAULTS};
  for (const field of Object.keys(QUERY_KEYS) as Field[]) {
    const v = params.get(QUERY_KEYS[field]);
    if (v !== null) values[field] = v.slice(0, 40);
  }
  return values;
}

/** The query string for values: only what differs from the defaults, custom figures only for a custom model. */
export function toQuery(values: FormValues): string {
  const params = new URLSearchParams();
  for (const field of Object.keys(QUERY_KEYS) as Field[]) {
    if (CUSTOM_FIELDS.includes(field) && values.model !== CUSTOM) continue;
    if (values[field] !== DEFAULTS[field]) params.set(QUERY_KEYS[field], values[field]);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export const CUSTOM_FIELDS: readonly Field[] = ['params', 'active', 'layers', 'hidden', 'heads', 'kvHeads', 'vocab'];

/** Why a field's input is rejected: a code and the figures its message names. The page's component words it in
 * Chinese (src/components/GpuEstimator, translations in i18n/zh-Hans/code.json); `describeError` words it for the
 * build's messages to page writers. */
export type ErrorCode =
  | 'required'
  | 'notNumber'
  | 'notInteger'
  | 'integerRange'
  | 'decimalRange'
  | 'activeOverTotal'
  | 'headsDivideHidden'
  | 'kvDivideHeads'
  | 'paramsBelowEmbedding'
  | 'shapeMismatch'
  | 'unknownModel'
  | 'unknownMethod'
  | 'rankOverHidden'
  | 'unknownTarget'
  | 'unknownPrecision'
  | 'pureBf16Zero3'
  | 'unknownZero'
  | 'cardCount';

export interface FieldError {
  code: ErrorCode;
  /** Figures the message names: min and max of a range, the model's hidden size. */
  values?: {min?: number; max?: number; hidden?: number};
}

const DESCRIPTIONS: Record<ErrorCode, string> = {
  required: 'is empty',
  notNumber: 'is not a number',
  notInteger: 'must be a whole number',
  integerRange: 'must be a whole number from {min} to {max}',
  decimalRange: 'must be above 0 and at most {max}',
  activeOverTotal: 'active parameters exceed the total',
  headsDivideHidden: 'the hidden size must be a multiple of the attention heads',
  kvDivideHeads: 'the KV heads must divide the attention heads',
  paramsBelowEmbedding: 'the parameter count is below the embedding (vocab × hidden)',
  shapeMismatch: 'layers and hidden size do not match the parameter count',
  unknownModel: `is not a preset model; the model ids are ${MODELS.map((m) => m.id).join(', ')} (or custom)`,
  unknownMethod: 'must be full, freeze, lora, qlora8 or qlora4',
  rankOverHidden: 'the LoRA rank exceeds the hidden size ({hidden})',
  unknownTarget: 'must be all or qv',
  unknownPrecision: 'must be bf16 or pure_bf16',
  pureBf16Zero3:
    'pure_bf16 cannot be used with ZeRO-3 (LLaMA-Factory: "`pure_bf16` is incompatible with DeepSpeed ZeRO-3.")',
  unknownZero: `must be one of none, z0, z1, z2, z3`,
  cardCount: 'must be 1, 2, 4 or 8',
};

/** An error in English, for messages to page writers (build, check:docs). */
export function describeError(e: FieldError): string {
  return DESCRIPTIONS[e.code].replace(/\{(\w+)\}/g, (_, k: string) => String(e.values?.[k as 'min'] ?? ''));
}

type Errors = Partial<Record<Field, FieldError>>;

/** A whole number in [min, max], or why not. */
function integer(text: string, min: number, max: number): number | FieldError {
  const t = text.trim();
  if (t === '') return {code: 'required'};
  if (!/^[-+]?\d+$/.test(t)) return {code: /^[-+]?\d*\.\d+$/.test(t) ? 'notInteger' : 'notNumber'};
  const n = Number(t);
  if (n < min || n > max) return {code: 'integerRange', values: {min, max}};
  return n;
}

/** A positive decimal in (0, max], or why not. */
function decimal(text: string, max: number): number | FieldError {
  const t = text.trim();
  if (t === '') return {code: 'required'};
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t)) return {code: 'notNumber'};
  const n = Number(t);
  if (!(n > 0) || n > max) return {code: 'decimalRange', values: {max}};
  return n;
}

export interface Parsed {
  setup: Setup | null;
  errors: Errors;
}

/** Checks every field; the setup is null while any field has an error. */
export function parseValues(v: FormValues): Parsed {
  const errors: Errors = {};
  const take = (field: Field, r: number | FieldError): number | undefined => {
    if (typeof r !== 'number') {
      errors[field] = r;
      return undefined;
    }
    return r;
  };

  let model: Architecture | undefined;
  if (v.model === CUSTOM) {
    const paramsB = take('params', decimal(v.params, 2000));
    const active = v.active.trim() === '' ? undefined : take('active', decimal(v.active, 2000));
    const layers = take('layers', integer(v.layers, 1, 512));
    const hidden = take('hidden', integer(v.hidden, 64, 65536));
    const heads = take('heads', integer(v.heads, 1, 1024));
    const kvHeads = take('kvHeads', integer(v.kvHeads, 1, 1024));
    const vocab = take('vocab', integer(v.vocab, 1000, 1_000_000));
    if (paramsB !== undefined && active !== undefined && active > paramsB) errors.active = {code: 'activeOverTotal'};
    if (hidden !== undefined && heads !== undefined && hidden % heads !== 0) errors.heads = {code: 'headsDivideHidden'};
    if (heads !== undefined && kvHeads !== undefined && (kvHeads > heads || heads % kvHeads !== 0))
      errors.kvHeads = {code: 'kvDivideHeads'};
    if (paramsB !== undefined && layers !== undefined && hidden !== undefined && vocab !== undefined) {
      const embedding = (vocab * hidden) / 1e9;
      if (embedding >= paramsB) errors.params = {code: 'paramsBelowEmbedding'};
      else if (2 * layers * hidden * hidden > paramsB * 1e9 - vocab * hidden) errors.layers = {code: 'shapeMismatch'};
    }
    if (
      paramsB !== undefined &&
      layers !== undefined &&
      hidden !== undefined &&
      heads !== undefined &&
      kvHeads !== undefined &&
      vocab !== undefined &&
      !Object.keys(errors).length
    ) {
      model = {paramsB, activeB: active, layers, hidden, heads, kvHeads, headDim: hidden / heads, vocab, tied: false};
    }
  } else {
    model = findModel(v.model);
    if (!model) errors.model = {code: 'unknownModel'};
  }

  const method = (METHODS as readonly string[]).includes(v.method) ? (v.method as Method) : undefined;
  if (!method) errors.method = {code: 'unknownMethod'};
  const adapter = method === 'lora' || method === 'qlora4' || method === 'qlora8';
  let rank = Number(DEFAULTS.rank);
  if (adapter) {
    const r = take('rank', integer(v.rank, 1, 65536));
    if (r !== undefined) {
      if (model && r > model.hidden) errors.rank = {code: 'rankOverHidden', values: {hidden: model.hidden}};
      rank = r;
    }
  }
  const target: LoraTarget = v.target === 'qv' ? 'qv' : 'all';
  if (v.target !== 'qv' && v.target !== 'all') errors.target = {code: 'unknownTarget'};
  const precision: Precision = v.precision === 'pure_bf16' ? 'pure_bf16' : 'bf16';
  if (v.precision !== 'bf16' && v.precision !== 'pure_bf16') errors.precision = {code: 'unknownPrecision'};
  const zero = (ZERO_CHOICES as readonly string[]).includes(v.zero) ? (v.zero as Zero) : undefined;
  if (!zero) errors.zero = {code: 'unknownZero'};
  // hparams/parser.py (v0.9.5) stops a run that asks for both.
  if (precision === 'pure_bf16' && zero === 'z3') errors.precision = {code: 'pureBf16Zero3'};
  const offload = v.offload === '1';
  const cutoffLen = take('cutoff', integer(v.cutoff, 1, 262144));
  const batchSize = take('batch', integer(v.batch, 1, 1024));
  const gradientCheckpointing = v.gc !== '0';
  const liger = v.liger === '1';
  const packing = v.packing === '1';
  const cards = take('cards', integer(v.cards, 1, 8));
  if (cards !== undefined && !(CARD_COUNTS as readonly number[]).includes(cards)) errors.cards = {code: 'cardCount'};
  if (
    Object.keys(errors).length ||
    !model ||
    !method ||
    !zero ||
    cutoffLen === undefined ||
    batchSize === undefined ||
    cards === undefined
  )
    return {setup: null, errors};
  return {
    setup: {
      model,
      method,
      loraRank: rank,
      loraTarget: target,
      precision,
      zero,
      offload: offload && (zero === 'z2' || zero === 'z3'),
      cutoffLen,
      batchSize,
      gradientCheckpointing,
      liger,
      packing,
      cards,
    },
    errors,
  };
}

/** Where the site's pages keep DeepSpeed configs (copies of LLaMA-Factory's examples/deepspeed). */
export const DEEPSPEED_DIR = '/workspace/user-data/configs';

export function deepspeedFile(zero: Zero, offload: boolean): string | null {
  if (zero === 'none') return null;
  const stage = zero.slice(1);
  return `${DEEPSPEED_DIR}/ds_z${stage}${offload && (zero === 'z2' || zero === 'z3') ? '_offload' : ''}_config.json`;
}

/** The LLaMA-Factory v0.9.5 YAML keys (a fragment of a training config) that express the setup. */
export function yamlFor(s: Setup): string {
  const lines: string[] = [];
  const adapter = s.method === 'lora' || s.method === 'qlora4' || s.method === 'qlora8';
  lines.push(`finetuning_type: ${adapter ? 'lora' : s.method}`);
  if (adapter)
    lines.push(`lora_rank: ${s.loraRank}`, `lora_target: ${s.loraTarget === 'qv' ? 'q_proj,v_proj' : 'all'}`);
  if (s.method === 'freeze') lines.push('freeze_trainable_layers: 2');
  if (s.method === 'qlora4') lines.push('quantization_bit: 4', 'quantization_method: bnb');
  if (s.method === 'qlora8') lines.push('quantization_bit: 8', 'quantization_method: bnb');
  const ds = deepspeedFile(s.zero, s.offload);
  if (ds) lines.push(`deepspeed: ${ds}`);
  lines.push(`cutoff_len: ${s.cutoffLen}`, `per_device_train_batch_size: ${s.batchSize}`, 'bf16: true');
  if (s.precision === 'pure_bf16') lines.push('pure_bf16: true');
  if (!s.gradientCheckpointing) lines.push('disable_gradient_checkpointing: true');
  if (s.liger) lines.push('enable_liger_kernel: true');
  if (s.packing) lines.push('packing: true');
  return `${lines.join('\n')}\n`;
}
