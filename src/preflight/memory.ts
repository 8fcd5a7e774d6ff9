// The memory part of 训练前检查: the estimator's figure per card (src/estimator, the function behind the instance page's
// estimator and every figure on the site) for the pasted config, when its model is one of the estimator's presets;
// otherwise a link into the estimator with the config's settings in its URL keys.
import {bestChange, CARD_COUNTS, estimate, LIMIT_GIB, smallestCards} from '../estimator/estimate';
import {DEFAULTS, parseValues, toQuery, type FormValues} from '../estimator/form';
import {MODELS} from '../estimator/models';
import type {Finding} from './check';

const ESTIMATOR_PAGE = '/docs/documents/guide/shili/%7Bproduct%7D';

/** The preset a `model_name_or_path` names: its last path segment (`/` or a Windows `\`) is the preset's hub name or id
 * (any case). */
export function presetOf(modelPath: unknown): string | null {
  if (typeof modelPath !== 'string') return null;
  const last =
    modelPath
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop()
      ?.toLowerCase() ?? '';
  return MODELS.find((m) => m.name.toLowerCase() === last || m.id === last)?.id ?? null;
}

/** LLaMA-Factory's DeepSpeed files: ds_z3_config.json, ds_z3_offload_config.json, ds_z3_fp8_config.json,
 * ds_z2_autotp_config.json … (examples/deepspeed). */
const ZERO_FILE = /ds_z([0-3])((?:_[a-z0-9]+)*)_config\.json$/;

/** Settings that change the memory in ways the estimator does not model. */
const OPTIMIZERS: Record<string, string> = {
  use_galore: 'GaLore',
  use_apollo: 'APOLLO',
  use_badam: 'BAdam',
  use_adam_mini: 'Adam-mini',
  use_muon: 'Muon',
  fp8: 'FP8',
  mixture_of_depths: 'Mixture-of-Depths',
};

/** The estimator's form values for a training config, and what the estimator cannot express. */
export function formValues(
  config: Record<string, unknown>,
  cards: number | null,
): {values: FormValues; unsure: string[]} {
  const values: FormValues = {...DEFAULTS};
  const unsure: string[] = [];
  values.model = presetOf(config.model_name_or_path) ?? DEFAULTS.model;
  const ftype = String(config.finetuning_type ?? 'lora');
  const bits = config.quantization_bit;
  if (ftype === 'lora') values.method = bits === 4 ? 'qlora4' : bits === 8 ? 'qlora8' : 'lora';
  else if (ftype === 'full' || ftype === 'freeze') values.method = ftype;
  else unsure.push(`finetuning_type: ${ftype}`);
  if (bits != null && config.quantization_method && config.quantization_method !== 'bnb')
    unsure.push(`quantization_method: ${String(config.quantization_method)}`);
  if (typeof config.lora_rank === 'number') values.rank = String(config.lora_rank);
  const target = String(config.lora_target ?? 'all').replace(/\s/g, '');
  if (target === 'q_proj,v_proj' || target === 'v_proj,q_proj') values.target = 'qv';
  else if (target !== 'all' && ftype === 'lora') unsure.push(`lora_target: ${target}（按 all 估算）`);
  if (config.pure_bf16 === true) values.precision = 'pure_bf16';
  if (config.deepspeed) {
    const m = ZERO_FILE.exec(String(config.deepspeed));
    if (m) {
      values.zero = `z${m[1]}`;
      values.offload = m[2]!.includes('_offload') ? '1' : '0';
    } else unsure.push(`deepspeed: ${String(config.deepspeed)}（看不出 ZeRO 阶段，按不用 DeepSpeed 估算）`);
  }
  for (const [key, name] of Object.entries(OPTIMIZERS)) {
    if (config[key] != null && config[key] !== false) unsure.push(`${key}（${name}，按普通 AdamW 估算）`);
  }
  // LLaMA-Factory's defaults where the config says nothing: cutoff_len 2048, transformers' batch size 8.
  values.cutoff = String(typeof config.cutoff_len === 'number' ? config.cutoff_len : 2048);
  values.batch = String(
    typeof config.per_device_train_batch_size === 'number' ? config.per_device_train_batch_size : 8,
  );
  values.gc = config.disable_gradient_checkpointing === true ? '0' : '1';
  values.liger = config.enable_liger_kernel === true ? '1' : '0';
  // packing: null (the default) packs in pre-training only (hparams/parser.py); neat_packing packs too.
  const packing = config.packing ?? (String(config.stage ?? 'sft') === 'pt' ? true : null);
  values.packing = packing === true || config.neat_packing === true ? '1' : '0';
  if (cards && (CARD_COUNTS as readonly number[]).includes(cards)) values.cards = String(cards);
  return {values, unsure};
}

/** The estimator's page with these settings in its URL. */
export function estimatorLink(values: FormValues, preset: boolean): string {
  const query = toQuery(preset ? values : {...values, model: DEFAULTS.model});
  return `${ESTIMATOR_PAGE}${query}#memory-estimate`;
}

/** A figure as the site's pages quote the estimator (src/estimator/markdown.ts `figureNumber`, which this page does not
 * import: it brings the Markdown parser along): whole GB from 10 up, one decimal below. */
export const figureNumber = (gib: number): string =>
  gib >= 10 ? String(Math.round(gib)) : String(Number(gib.toFixed(1)));

const gb = (gib: number) => `约 ${figureNumber(gib)} GB`;

export function memoryFinding(
  config: Record<string, unknown>,
  cards: number | null,
  lines: Map<string, number>,
): Finding | null {
  if (!('model_name_or_path' in config)) return null;
  const stage = String(config.stage ?? 'sft');
  const preset = presetOf(config.model_name_or_path);
  const {values, unsure} = formValues(config, cards);
  const line = lines.get('model_name_or_path');
  const link = (label: string) => ({to: estimatorLink(values, preset !== null), label});
  if (!preset || !['sft', 'pt'].includes(stage) || unsure.some((u) => u.startsWith('finetuning_type'))) {
    const reason = !preset
      ? `估算器的预设里没有 ${String(config.model_name_or_path)} 这个模型`
      : !['sft', 'pt'].includes(stage)
        ? `估算器按监督微调计算，stage: ${stage} 的显存构成不同（例如全参数 DPO 要多放一份参考模型，PPO 要放奖励模型）`
        : `估算器没有 ${unsure[0]} 这种方法`;
    return {
      id: 'memory.link',
      severity: 'info',
      box: 'yaml',
      line,
      title: '显存：在估算器里查看',
      why: `${reason}，本页不给数字。下面的链接打开估算器，已填好这份配置的方法、序列长度、批大小和 DeepSpeed${preset ? '' : '；在那里选择模型或填写自定义模型的参数'}。`,
      link: link('打开显存估算器（已填好这份配置）'),
    };
  }
  const {setup} = parseValues({...values, cards: '1'});
  if (!setup) return null;
  const name = MODELS.find((m) => m.id === preset)!.name;
  const notes = unsure.length ? `估算器表达不了的设置：${unsure.join('；')}。` : '';
  const assumed =
    `按 ${name}、${values.method}、cutoff_len ${values.cutoff}、每卡批大小 ${values.batch}` +
    `${values.zero === 'none' ? '' : `、DeepSpeed ZeRO-${values.zero.slice(1)}${values.offload === '1' ? ' offload' : ''}`} 估算，样本按都达到 cutoff_len 计。${notes}`;
  const fewest = smallestCards(setup);
  // With a setting the estimator cannot express, a figure over the limit is a warning, not a verdict.
  const over: Finding['severity'] = unsure.length ? 'warning' : 'error';
  const overWord = unsure.length ? '按估算放不下' : '放不下';
  if (cards !== null) {
    const result = estimate({...setup, cards});
    const fits = result.totalGiB <= LIMIT_GIB;
    const need = fewest === null ? '' : `至少需要 ${fewest} 张卡。`;
    const change = fewest === null ? bestChange(setup) : null;
    return {
      id: fits ? 'memory.fits' : 'memory.too-much',
      severity: fits ? 'ok' : over,
      box: 'yaml',
      line,
      title: `显存：${cards} 张卡时每卡${gb(result.totalGiB)}，${fits ? '放得下' : overWord}`,
      why: `${assumed}每张 H800 留 10% 余量后上限${gb(LIMIT_GIB)}。${fits ? '' : need}`,
      fix: fits
        ? undefined
        : change
          ? `按现在的设置 1 到 8 张卡都放不下；最有效的单项改动见估算器（例如开启 ZeRO-3、改用 QLoRA 或缩短 cutoff_len）。`
          : fewest !== null
            ? `换成 ${fewest} 张卡的实例${values.zero === 'none' && fewest > 1 ? '，并用 DeepSpeed ZeRO-3 切分权重' : ''}，或者调小批大小、cutoff_len。`
            : '调小批大小或 cutoff_len，改用 QLoRA，或者用 DeepSpeed ZeRO-3。',
      link: link('在显存估算器里调整这份配置'),
    };
  }
  if (fewest === null) {
    return {
      id: 'memory.too-much',
      severity: over,
      box: 'yaml',
      line,
      title: `显存：1、2、4、8 张卡都${overWord}`,
      why: `${assumed}8 张卡时每卡${gb(estimate({...setup, cards: 8}).totalGiB)}，上限${gb(LIMIT_GIB)}。`,
      fix: '调小批大小或 cutoff_len，改用 QLoRA，或者用 DeepSpeed ZeRO-3（多卡时切分权重）。',
      link: link('在显存估算器里调整这份配置'),
    };
  }
  const result = estimate({...setup, cards: fewest});
  return {
    id: 'memory.fits',
    severity: 'ok',
    box: 'yaml',
    line,
    title: `显存：至少需要 ${fewest} 张卡，那时每卡${gb(result.totalGiB)}`,
    why: `${assumed}每张 H800 留 10% 余量后上限${gb(LIMIT_GIB)}。填上卡数，本页按那个卡数估算。`,
    link: link('在显存估算器里查看明细'),
  };
}
