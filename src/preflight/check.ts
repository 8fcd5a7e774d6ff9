// 训练前检查 (guide/Train/preflight): a pasted training config, optionally its dataset_info.json entry, the first lines
// of the data file and the card count, checked before the reader pays for a card. The YAML goes through the validator
// of `npm run check:docs` (src/llamafactory/validate.ts); the dataset through the same release's dataset rules and a
// copy of its converter; the launch through the site's launcher fact and path conventions; the memory through the
// estimator (src/estimator). Every finding has its line, why, the fix and the section of this site that explains it.
// Pure TypeScript: the page's component renders the findings, the unit tests read them.
import {
  argumentNames,
  configCommand,
  configProblems,
  DATASET_INFO,
  datasetInfoProblems,
  entryColumns,
  findArgument,
  INFER_GROUPS,
  isConfig,
  LORA_ONLY,
  misspelt,
  recordProblems,
  RENAMED,
  TEMPLATES,
  TRAIN_GROUPS,
  VERSION,
  type ConfigProblem,
  type DatasetEntry,
  type EntryProblem,
  ZERO3_INCOMPATIBLE,
} from '../llamafactory/validate';
import {conventionalPath, pathProblem, workspacePaths} from '../content/workspace-paths';
import {convert, type Converted} from './convert';
import {extensionCase, fileKind, isJsonConfig, parseData, parseDatasetInfo, parseYaml, type DataSample} from './parse';
import {memoryFinding} from './memory';

/** error: the run fails or trains on the wrong thing; warning: it may, depending on what the page cannot see; info:
 * what will happen, nothing to fix; ok: a check that passed, worth saying (the memory figure, the converted sample). */
export type Severity = 'error' | 'warning' | 'info' | 'ok';
/** Which text box a finding's line is in. */
export type Box = 'yaml' | 'datasetInfo' | 'data' | 'cards';

export interface DocLink {
  /** Site path with anchor, e.g. `/docs/documents/problems/customDataset#key-error`. */
  to: string;
  label: string;
}

export interface Finding {
  /** Stable id of the kind of finding, e.g. `yaml.unknown-key` (tests and styling read it). */
  id: string;
  severity: Severity;
  box: Box;
  line?: number;
  title: string;
  why: string;
  fix?: string;
  link: DocLink;
  /** The first sample as LLaMA-Factory converts it (finding `data.preview`). */
  sample?: Converted;
}

export interface Input {
  yaml: string;
  datasetInfo?: string;
  data?: string;
  cards?: string;
}

/** Words a finding about a correct config never uses (issue #38). */
export const ERROR_WORDS = ['错误', '无效', '不存在', '未知', '不支持'];

const doc = (path: string, label: string): DocLink => ({to: `/docs/documents/${path}`, label});
export const LINKS = {
  override: doc('guide/Train/parameter#view-and-override', '训练参数详解：如何查看与覆盖参数'),
  modelArgs: doc('guide/Train/parameter#model-args', '训练参数详解：模型参数'),
  methodArgs: doc('guide/Train/parameter#method-args', '训练参数详解：训练阶段与微调方法'),
  loraArgs: doc('guide/Train/parameter#lora-args', '训练参数详解：LoRA 参数'),
  dataArgs: doc('guide/Train/parameter#data-args', '训练参数详解：数据参数'),
  template: doc('guide/Train/parameter#template', '训练参数详解：模板对照'),
  trainArgs: doc('guide/Train/parameter#train-args', '训练参数详解：训练参数'),
  outputArgs: doc('guide/Train/parameter#output-args', '训练参数详解：输出、保存与日志参数'),
  evalArgs: doc('guide/Train/parameter#eval-args', '训练参数详解：验证集与评估参数'),
  preferenceArgs: doc('guide/Train/parameter#preference-args', '训练参数详解：偏好训练参数'),
  deepspeed: doc('guide/Train/parameter#multi-gpu-deepspeed', '训练参数详解：多卡与 DeepSpeed'),
  launcher: doc('guide/shili/%7Bproduct%7D#gpu-count-and-config', '实例规格：卡数与训练配置的关系'),
  qlora: doc('problems/outofmemory#qlora', '显存不足：使用 QLoRA'),
  predict: doc('guide/Train/evaluate&predict#cli', '评估与预测：用命令行和 YAML 预测'),
  exportArgs: doc('guide/Train/export#export-parameters', '导出模型：导出参数'),
  chat: doc('guide/Train/chat#cli-chat', '对话：在终端中对话'),
  resume: doc('problems/continueTrain#auto-resume', '断点续训：用同一个输出目录自动续训'),
  checkpoints: doc('guide/Train/structure#checkpoints', '训练产物的结构：检查点'),
  docPaths: doc('guide/workspace#doc-paths', '实例空间：本站示例使用的目录'),
  howFound: doc('guide/dataset#how-training-finds', '数据集：训练如何找到数据集'),
  undefinedDataset: doc('problems/customDataset#undefined-dataset', '自定义数据集无法加载：Undefined dataset'),
  stageMismatch: doc('problems/customDataset#stage-mismatch', '自定义数据集无法加载：数据类型与训练阶段要匹配'),
  keyError: doc('problems/customDataset#key-error', '自定义数据集无法加载：KeyError'),
  datasetDir: doc('guide/dataProcessing/datasetDir#dataset-dir', '数据集目录：dataset_dir 与 file_name 如何拼出路径'),
  topLevelKeys: doc('guide/dataProcessing/datasetConfig#top-level-keys', '配置 dataset_info.json：顶层键'),
  columns: doc('guide/dataProcessing/datasetConfig#columns', '配置 dataset_info.json：columns'),
  tags: doc('guide/dataProcessing/datasetConfig#tags', '配置 dataset_info.json：tags'),
  platformKeys: doc('guide/dataProcessing/datasetConfig#platform-keys', '配置 dataset_info.json：平台登记的附加键'),
  alpacaRegister: doc('guide/format#alpaca-register', '数据格式：Alpaca 注册条目'),
  alpacaPrompt: doc('guide/format#alpaca-prompt', '数据格式：Alpaca 提示词如何拼接'),
  sharegptRoles: doc('guide/format#sharegpt-roles', '数据格式：ShareGPT 角色顺序规则'),
  openai: doc('guide/format#openai', '数据格式：OpenAI messages 格式'),
  sharegptTools: doc('guide/format#sharegpt-tools', '数据格式：工具调用的完整示例'),
  kto: doc('guide/dataProcessing/datasetType#kto', '数据集类型：KTO 数据'),
  monitor: doc('guide/Train/mintor#choose-method', '训练监控：选择监控方式'),
  fileTypes: doc('guide/format#file-types', '数据格式：文件类型与编码'),
  topLevel: doc('problems/detectionunsuccessful#top-level', '数据集检测不通过：顶层必须是样本列表'),
  parse: doc('problems/detectionunsuccessful#parse', '数据集检测不通过：确认文件能被解析'),
  preference: doc('guide/dataProcessing/datasetType#preference-stage', '数据集类型：偏好数据的训练阶段'),
  preferenceSharegpt: doc(
    'guide/dataProcessing/datasetType#preference-sharegpt',
    '数据集类型：偏好数据的 ShareGPT 写法',
  ),
  loss: doc('guide/format#loss', '数据格式：哪些内容参与训练'),
  estimator: doc('guide/shili/%7Bproduct%7D#memory-estimate', '实例规格：显存需求估算'),
  outOfMemory: doc('problems/outofmemory#solutions', '显存不足：解决方法'),
  thisPage: doc('guide/Train/preflight#what-it-checks', '训练前检查：检查哪些内容'),
  precision: doc('guide/Train/parameter#precision-and-speed', '训练参数详解：精度与加速'),
  batchSize: doc('guide/Train/parameter#effective-batch-size', '训练参数详解：有效批大小与训练步数'),
  freezeArgs: doc('guide/Train/parameter#freeze-args', '训练参数详解：冻结微调参数'),
  vllmInfer: doc('guide/Train/evaluate&predict#vllm-infer', '评估与预测：用 vLLM 批量推理后打分'),
  persistence: doc('guide/workspace#persistence', '实例空间：哪些内容会保留'),
  encoding: doc('problems/uploadDatasets#fix-encoding', '数据集上传问题：修正编码问题'),
  csvToAlpaca: doc('guide/dataProcessing/datasetConvert#csv-to-alpaca', '数据格式转换：CSV 问答表转 Alpaca'),
};

const KIND_NAMES: Record<string, string> = {
  str: '字符串',
  int: '整数',
  float: '小数',
  bool: '布尔值',
  list: '列表',
  dict: '映射',
  null: '空值',
  date: '日期',
};
const TYPE_WORDS: Record<string, string> = {...KIND_NAMES, None: '空值（null）', Literal: '可选值之一', Any: '任意值'};

/** A Python type as the reader reads it: `int | None` → 整数或空值; `Union[IntervalStrategy, str]` → 字符串. */
function typeName(type: string, key?: string): string {
  const words = type
    .split('|')
    .map((t) => t.trim().replace(/\[.*$/, ''))
    .map((t) => TYPE_WORDS[t]);
  if (words.every(Boolean)) return words.join('或');
  // Union[...], Optional[...], enums: say what the reference accepts (its kinds).
  const kinds = (key && findArgument(key, [...TRAIN_GROUPS, ...INFER_GROUPS])?.kinds) || [];
  return kinds.map((k) => KIND_NAMES[k] ?? k).join('或') || type;
}

const isNumeric = (v: unknown) => typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v.trim()));

const code = (s: unknown) => `\`${typeof s === 'string' ? s : JSON.stringify(s)}\``;

/** The section of the parameter reference for an argument's group. */
function groupLink(name: string): DocLink {
  const group = findArgument(name, [...TRAIN_GROUPS, 'evaluation'])?.group;
  if (/^lora_|^pissa|^loraplus|^use_rslora|^use_dora|^additional_target/.test(name)) return LINKS.loraArgs;
  if (/^pref_|^dpo_|^kto_|^simpo|^ref_model/.test(name)) return LINKS.preferenceArgs;
  if (group === 'model') return LINKS.modelArgs;
  if (group === 'data') return LINKS.dataArgs;
  if (group === 'finetuning') return LINKS.methodArgs;
  if (/^(output_dir|logging|save_|plot_loss|report_to|overwrite_output_dir|resume_from)/.test(name))
    return LINKS.outputArgs;
  if (/^(eval|do_eval|do_predict|per_device_eval|predict_with)/.test(name)) return LINKS.evalArgs;
  return LINKS.trainArgs;
}

/** A YAML problem of the shared validator, worded for the reader. */
/** How to keep each setting parser.py refuses under ZeRO-3. */
const ZERO3_FIX: Record<string, string> = {
  predict_with_generate:
    '预测时去掉 deepspeed（多卡时每张卡各放一份模型）；模型一张卡放不下时，用 scripts/vllm_infer.py 批量生成。',
  use_unsloth: '去掉 use_unsloth，或者把 deepspeed 换成 ZeRO-2 的配置（ds_z2_config.json）。',
  pissa_init:
    '先用 scripts/pissa_init.py 初始化 PiSSA，再用 adapter_name_or_path 加载它的输出；或者换成 ZeRO-2 的配置。',
  pure_bf16: '去掉 pure_bf16、保留 bf16: true，或者把 deepspeed 换成 ZeRO-2 的配置（ds_z2_config.json）。',
};

function configFinding(p: ConfigProblem, command: 'train' | 'infer', line?: number): Finding {
  const base = {severity: 'error' as const, box: 'yaml' as const, line};
  switch (p.code) {
    case 'unknown-key': {
      const renamed = RENAMED[p.key];
      const near = renamed ?? misspelt(p.key, argumentNames(command === 'infer' ? INFER_GROUPS : TRAIN_GROUPS));
      return {
        ...base,
        id: 'yaml.unknown-key',
        title: near
          ? `${code(p.key)} 不是 LLaMA-Factory v${VERSION} 的参数，应该是 ${code(near)}`
          : `${code(p.key)} 不是 LLaMA-Factory v${VERSION} 的参数`,
        why: `llamafactory-cli 用 HfArgumentParser 读取配置，遇到不认识的键直接退出：Some keys are not used by the HfArgumentParser: ['${p.key}']。${renamed ? `${code(p.key)} 是旧版本的写法，${p.key === 'evaluation_strategy' ? 'transformers 4.41 起' : 'LLaMA-Factory 0.8.0 起'}改名为 ${code(renamed)}，现在的版本只认新名字，从旧的教程或 issue 复制来的配置常带着它。` : ''}`,
        fix: near ? `把 ${code(p.key)} 改成 ${code(near)}。` : '删掉这一行，或者在参数表里找到你要的参数名。',
        link: near ? groupLink(near) : LINKS.override,
      };
    }
    case 'training-key':
      return {
        ...base,
        id: 'yaml.training-key-in-infer',
        title: `${code(p.key)} 是训练参数，导出和对话配置里不能写`,
        why: 'llamafactory-cli export、chat、webchat、api 只读取模型、数据、微调和生成参数，遇到训练参数会退出。这份配置有 export_dir 或 infer_backend，会被当作导出或对话配置。',
        fix: `删掉 ${code(p.key)}；要训练的话，去掉 export_dir，用 llamafactory-cli train 启动。`,
        link: LINKS.exportArgs,
      };
    case 'type':
      return {
        ...base,
        id: 'yaml.type',
        title: `${code(p.key)} 的值 ${code(p.value)} 是${KIND_NAMES[p.kind] ?? p.kind}，应为${typeName(p.want, p.key)}`,
        why: `LLaMA-Factory v${VERSION} 中 ${code(p.key)} 的类型是 ${code(p.want)}，解析时不转换也不检查类型，写错类型的值会按 Python 的真假和运算规则被误用（例如带引号的 "false" 是非空字符串，会被当作真）。`,
        fix:
          p.key === 'warmup_steps' && typeof p.value === 'number' && p.value < 1
            ? `warmup_steps 是预热的步数，${p.value} 步等于不预热。想按总步数的比例预热，写 \`warmup_ratio: ${p.value}\`，删掉 warmup_steps。`
            : p.key === 'resume_from_checkpoint' && p.value === false
              ? '不续训就删掉这一行或写 `resume_from_checkpoint: null`；写 false 时训练器把它当作路径，开始训练时报 TypeError。要接着 output_dir 里最新的检查点训练，写 true。'
              : p.want.includes('bool') && p.kind === 'str'
                ? '写成不带引号的 true 或 false。'
                : /\b(int|float)\b/.test(p.want) && p.kind === 'str' && isNumeric(p.value)
                  ? `去掉引号，写成 \`${p.key}: ${String(p.value).trim()}\`。`
                  : p.kind === 'bool' && /\bstr\b/.test(p.want)
                    ? `LLaMA-Factory 按 YAML 1.1 读取配置，不带引号的 yes、no、on、off 是布尔值；要写这个词本身就加上引号，例如 \`eval_strategy: "no"\`。`
                    : p.want.includes('str') && !p.want.includes('list')
                      ? '多个值写成一个用英文逗号分隔的字符串，例如 `dataset: a,b`。'
                      : `改成${typeName(p.want, p.key)}。`,
        link: groupLink(p.key),
      };
    case 'choice': {
      const near = nearest(p.value, p.choices);
      return {
        ...base,
        id: 'yaml.choice',
        title: `${code(p.key)} 不能取 ${code(p.value)}`,
        why: `LLaMA-Factory v${VERSION} 中 ${code(p.key)} 只接受：${p.choices.join('、')}。`,
        fix: near ? `改成 ${code(near)}。` : `从上面的取值中选一个。`,
        link: groupLink(p.key),
      };
    }
    case 'template': {
      const near = nearest(p.value, TEMPLATES);
      return {
        ...base,
        id: 'yaml.template',
        title: `对话模板 ${code(p.value)} 在 LLaMA-Factory v${VERSION} 中没有`,
        why: `训练开始时报 Template ${p.value} does not exist.（data/template.py）。`,
        fix: near ? `改成 ${code(near)}，并确认它与模型配套。` : '按模型选模板：Qwen3 用 qwen3，Llama 3 用 llama3。',
        link: LINKS.template,
      };
    }
    case 'quantization-method':
      return {
        ...base,
        id: 'yaml.quantization-method',
        title: `${code('quantization_bit')} 只能和 LoRA 或 OFT 一起用，这里是 ${code(p.method)}`,
        why: 'LLaMA-Factory 只能在量化后的模型上训练 LoRA 或 OFT 适配器：Quantization is only compatible with the LoRA or OFT method.',
        fix: '改成 finetuning_type: lora（QLoRA），或者删掉 quantization_bit。',
        link: LINKS.qlora,
      };
    case 'adapter-method':
      return {
        ...base,
        id: 'yaml.adapter-method',
        title: `${code('adapter_name_or_path')} 只能和 LoRA 一起用，这里是 ${code(p.method)}`,
        why: '适配器只能加载到 LoRA 训练里，其他方法启动时报 Adapter is only valid for the LoRA method.（hparams/parser.py）。',
        fix: '改成 finetuning_type: lora，或者先把适配器合并导出，再把导出的目录写进 model_name_or_path。',
        link: LINKS.methodArgs,
      };
    case 'sft-only':
      return {
        ...base,
        id: 'yaml.sft-only',
        title: `${code(`${p.key}: true`)} 只用于 SFT，这里的 stage 是 ${code(p.stage)}`,
        why: `LLaMA-Factory 在参数检查时退出：${p.key === 'train_on_prompt' || p.key === 'mask_history' ? '`train_on_prompt` or `mask_history`' : `\`${p.key}\``} cannot be set as True except SFT.`,
        fix: `删掉 ${code(p.key)}，或者把 stage 改成 sft。`,
        link: LINKS.methodArgs,
      };
    case 'no-model':
      return {
        ...base,
        id: 'yaml.no-model',
        title: '缺少 `model_name_or_path`',
        why: '没有它，训练不知道加载哪个模型。',
        fix: '写上模型目录或 Hugging Face 名称，例如 `model_name_or_path: Qwen/Qwen3-8B`。',
        link: LINKS.modelArgs,
      };
    case 'no-dataset':
      return {
        ...base,
        id: 'yaml.no-dataset',
        title: '`do_train: true` 但没有 `dataset`',
        why: 'LLaMA-Factory 在参数检查时退出：Please specify dataset for training.',
        fix: '写上在 dataset_info.json 中登记的数据集名称，例如 `dataset: service_qa`。',
        link: LINKS.dataArgs,
      };
    case 'predict-without-generate':
      return {
        ...base,
        id: 'yaml.predict-without-generate',
        title: '`do_predict: true` 需要 `predict_with_generate: true`',
        why: 'LLaMA-Factory 在参数检查时退出：Please enable `predict_with_generate` to save model predictions.',
        fix: '加一行 `predict_with_generate: true`。',
        link: LINKS.predict,
      };
    case 'fp16-bf16':
      return {
        ...base,
        id: 'yaml.fp16-bf16',
        title: '`fp16` 和 `bf16` 同时是 true',
        why: '两种混合精度只能选一种，transformers 读取训练参数时就退出：At most one of fp16 and bf16 can be True, but not both。',
        fix: '平台的 H800 支持 bf16：删掉 `fp16: true`，只留 `bf16: true`。',
        link: LINKS.precision,
      };
    case 'not-positive':
      return {
        ...base,
        id: 'yaml.not-positive',
        title: `${code(p.key)} 是 ${p.value}，至少要是 1`,
        why:
          p.key === 'gradient_accumulation_steps'
            ? p.value === 0
              ? '训练器用每轮的批次数除以它来算更新步数，为 0 时开始训练就报 ZeroDivisionError: integer division or modulo by zero。'
              : '训练器按它把每轮的批次分组更新，负数时一组也分不出来：训练照常启动、不报错，但一步也不更新，日志里是 There seems not to be a single sample in your epoch_iterator, stopping training at step 0!，保存下来的是没有训练过的模型。'
            : '每卡批大小为 0 时没有样本可读，创建数据加载器时报 batch_size should be a positive integer value。',
        fix: `改成 1 或更大的整数，例如 \`${p.key}: ${p.key === 'gradient_accumulation_steps' ? 8 : 1}\`。`,
        link: LINKS.batchSize,
      };
    case 'streaming':
      return {
        ...base,
        id: 'yaml.streaming',
        title:
          p.rule === 'val-size'
            ? '`streaming: true` 时 `val_size` 要写成条数'
            : p.rule === 'max-samples'
              ? '`streaming: true` 时不能写 `max_samples`'
              : '`streaming: true` 时要写 `max_steps`',
        why:
          p.rule === 'val-size'
            ? '流式读取时不知道数据总数，不能按比例划出验证集，读取参数时报 Streaming mode should have an integer val size.'
            : p.rule === 'max-samples'
              ? '读取参数时报 `max_samples` is incompatible with `streaming`.'
              : '流式读取时不知道一轮有多少步，参数检查时报 Please specify `max_steps` in streaming mode.',
        fix:
          p.rule === 'val-size'
            ? '写成整数条数，例如 `val_size: 500`；或者去掉 streaming。'
            : p.rule === 'max-samples'
              ? '删掉 max_samples，或者去掉 streaming。'
              : '加上总步数，例如 `max_steps: 3000`（按 样本数 ÷ 有效批大小 × 轮数 估算）。',
        link: p.rule === 'max-steps' ? LINKS.batchSize : LINKS.dataArgs,
      };
    case 'val-size-with-eval-dataset':
      return {
        ...base,
        id: 'yaml.val-size-with-eval-dataset',
        title: '`val_size` 和 `eval_dataset` 只能写一个',
        why: '两者都是验证集的来源，读取参数时报 Cannot specify `val_size` if `eval_dataset` is not None.',
        fix: '有单独的验证集就删掉 val_size；想从训练集里划分就删掉 eval_dataset。',
        link: LINKS.dataArgs,
      };
    case 'no-eval-data':
      return {
        ...base,
        id: 'yaml.no-eval-data',
        title: `${p.key === 'eval_strategy' ? '`eval_strategy` 要求训练中评估' : code(`${p.key}: true`)}，但没有 \`val_size\` 或 \`eval_dataset\``,
        why: `${p.key === 'eval_strategy' ? 'eval_strategy 不是 no 时 transformers 会打开 do_eval；' : ''}要评估就要有数据，参数检查时报 Please make sure eval_dataset be provided or val_size >1e-6。`,
        fix: '加上 `val_size: 0.1`（从训练集划出 10%），或者写 `eval_dataset: 验证集名称`；不需要评估就删掉这一行。',
        link: LINKS.evalArgs,
      };
    case 'no-reward-model':
      return {
        ...base,
        id: 'yaml.no-reward-model',
        title: '`stage: ppo` 需要 `reward_model`',
        why: 'PPO 用奖励模型给生成的回答打分，读取参数时报 `reward_model` is necessary for PPO training.',
        fix: '先用 stage: rm 训练奖励模型，再写 `reward_model: 奖励模型的目录`。',
        link: LINKS.preferenceArgs,
      };
    case 'lora-only':
      return {
        ...base,
        id: 'yaml.lora-only',
        title: `${code(p.key)} 只用于 LoRA，这里是 ${code(p.method)}`,
        why: `读取参数时报 \`${p.key}\` is only valid for LoRA training.（hparams/finetuning_args.py）。`,
        fix: `删掉 ${code(p.key)}，或者把 finetuning_type 改成 lora。`,
        link: LINKS.loraArgs,
      };
    case 'load-best':
      return {
        ...base,
        id: 'yaml.load-best',
        title:
          p.rule === 'stage'
            ? '`load_best_model_at_end` 不能用于 RM 和 PPO'
            : p.rule === 'strategies'
              ? `\`load_best_model_at_end: true\` 要求评估和保存的时机一致，这里评估是 ${code(p.eval)}、保存是 ${code(p.save)}`
              : `\`load_best_model_at_end: true\` 要求 save_steps（${p.saveSteps}）是 eval_steps（${p.evalSteps}）的整数倍`,
        why:
          p.rule === 'stage'
            ? '参数检查时报 RM and PPO stages do not support `load_best_model_at_end`.（hparams/parser.py）。'
            : `训练结束时要载入评估结果最好的那个检查点，所以每次保存时都要有评估结果。transformers 读取训练参数时就退出：${p.rule === 'strategies' ? '--load_best_model_at_end requires the save and eval strategy to match' : '--load_best_model_at_end requires the saving steps to be a round multiple of the evaluation steps'}。${p.eval === 'no' ? 'eval_strategy 不写时是 no，即不评估。' : ''}`,
        fix:
          p.rule === 'stage'
            ? '删掉 load_best_model_at_end。'
            : p.rule === 'strategies'
              ? p.eval === 'no'
                ? '不需要评估就删掉 load_best_model_at_end；需要的话加上 `val_size: 0.1`、`eval_strategy: steps`，并让 `eval_steps` 与 `save_steps` 相同。'
                : `把 save_strategy 改成 ${code(p.eval)}（或者删掉 load_best_model_at_end）。`
              : `把 eval_steps 改成 save_steps 的约数，例如与 save_steps 相同：\`eval_steps: ${p.saveSteps}\`。`,
        link: LINKS.evalArgs,
      };
    case 'infer-backend':
      return {
        ...base,
        id: 'yaml.infer-backend',
        title: `训练配置里的 ${code(`infer_backend: ${p.value}`)} 不能用`,
        why: 'llamafactory-cli train（包括 do_predict 预测）只用 huggingface 后端，参数检查时报 vLLM/SGLang backend is only available for API, CLI and Web.',
        fix: '删掉 infer_backend；要用 vLLM 批量生成，用 scripts/vllm_infer.py。',
        link: LINKS.vllmInfer,
      };
    case 'zero3':
      return {
        ...base,
        id: 'yaml.zero3',
        title: `${code(`${p.key}: true`)} 不能和 DeepSpeed ZeRO-3 一起用`,
        why: `deepspeed 指向 ZeRO-3 的配置文件，LLaMA-Factory 在参数检查时退出：${ZERO3_INCOMPATIBLE[p.key]}`,
        fix: ZERO3_FIX[p.key] ?? '把 deepspeed 换成 ZeRO-2 的配置（ds_z2_config.json），或者去掉这一项。',
        link: LINKS.deepspeed,
      };
  }
}

/** The closest of `among` to a misspelt value, or null. */
function nearest(value: string, among: readonly string[]): string | null {
  const lower = value.toLowerCase();
  const exact = among.find((c) => c.toLowerCase() === lower);
  if (exact) return exact;
  return misspelt(value, among) ?? among.find((c) => c.startsWith(lower) || lower.startsWith(c)) ?? null;
}

/** The dataset names a config names (`a,b` or a list). */
function names(value: unknown): string[] {
  if (Array.isArray(value))
    return value
      .map(String)
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

/** Keys of a dataset_info.json entry LLaMA-Factory reads. */
const ENTRY_KEYS = DATASET_INFO.keys;

function entryFinding(p: EntryProblem, line: number | undefined, box: Box = 'datasetInfo'): Finding | null {
  const base = {severity: 'error' as const, box, line};
  const at = `条目 ${code(p.name)}`;
  switch (p.code) {
    case 'unknown-key': {
      const near = misspelt(p.key, ENTRY_KEYS) ?? nearest(p.key, ENTRY_KEYS);
      if (near && near !== p.key && !/^(customized_status|total_tokens|avg_tokens)$/.test(p.key)) {
        return {
          ...base,
          severity: 'warning',
          id: 'info.misspelt-key',
          title: `${at} 的 ${code(p.key)} 应该是 ${code(near)}`,
          why: 'LLaMA-Factory 只读取它认识的键，写错的键被忽略，它要说明的设置也就没有生效。',
          fix: `把 ${code(p.key)} 改成 ${code(near)}。`,
          link: LINKS.topLevelKeys,
        };
      }
      return {
        ...base,
        severity: 'info',
        id: 'info.extra-key',
        title: `${at} 的 ${code(p.key)} 不影响训练`,
        why: 'LLaMA-Factory 只读取它认识的键，其余的键（例如平台登记时加的 customized_status）会被忽略。',
        link: LINKS.platformKeys,
      };
    }
    case 'no-source':
      return {
        ...base,
        id: 'info.no-source',
        title: `${at} 没有写数据在哪里`,
        why: '条目要用 file_name（本地文件或文件夹）、hf_hub_url、ms_hub_url 等之一指出数据；都没有时训练找不到数据。',
        fix: '加上 `"file_name": "/workspace/user-data/datasets/…/train.json"`。',
        link: LINKS.datasetDir,
      };
    case 'formatting': {
      const near = nearest(p.value, DATASET_INFO.formatting);
      return {
        ...base,
        id: 'info.formatting',
        title: `${at} 的 formatting 不能取 ${code(p.value)}`,
        why: `LLaMA-Factory v${VERSION} 的 formatting 只有 ${DATASET_INFO.formatting.join('、')} 三种，加载数据时报 Dataset converter ${p.value} not found.`,
        fix: near ? `改成 ${code(near)}。` : '单轮问答写 alpaca，多轮对话写 sharegpt。',
        link: LINKS.topLevelKeys,
      };
    }
    case 'ranking-type':
      return {
        ...base,
        id: 'info.ranking',
        title: `${at} 的 ranking 要写成 true 或 false`,
        why: '带引号的 "true" 是字符串：LLaMA-Factory 检查训练阶段时不把它当作 true，转换数据时却按偏好数据处理，两处对不上。',
        fix: '写成不带引号的 true。',
        link: LINKS.topLevelKeys,
      };
    case 'columns-type':
      return {
        ...base,
        id: 'info.columns-type',
        title: `${at} 的 columns 要写成对象`,
        why: 'columns 是“内部名 → 数据里的字段名”的映射，例如 {"prompt": "instruction"}。',
        link: LINKS.columns,
      };
    case 'unknown-column': {
      const near = nearest(p.column, DATASET_INFO.columns);
      return {
        ...base,
        id: 'info.column-name',
        title: `${at} 的 columns 里没有 ${code(p.column)} 这一项`,
        why: `columns 的键是 LLaMA-Factory 的内部名：${DATASET_INFO.columns.join('、')}；值才是你数据里的字段名。`,
        fix: near ? `改成 ${code(near)}。` : '键写内部名，值写你的字段名。',
        link: LINKS.columns,
      };
    }
    case 'column-type':
      return {
        ...base,
        id: 'info.column-type',
        title: `${at} 的 columns.${p.column} 要写字段名（字符串）`,
        why: 'columns 的每个值是数据里一个字段的名字。',
        link: LINKS.columns,
      };
    case 'alpaca-messages':
      return {
        ...base,
        id: 'info.alpaca-messages',
        title: `${at} 写了 columns.messages，但 formatting 是 alpaca`,
        why: 'messages 只在 sharegpt 和 openai 格式里读取；formatting 省略时就是 alpaca，对话列表不会被读到。',
        fix: '加上 `"formatting": "sharegpt"`。',
        link: LINKS.topLevelKeys,
      };
    case 'alpaca-column':
      return {
        ...base,
        id: 'info.alpaca-column',
        title: `${at} 的 columns.${p.column} 属于 Alpaca 格式，但 formatting 是 ${p.formatting}`,
        why: '多轮对话格式只读 messages、system、tools 等列，prompt、query、response、history 被忽略。',
        fix: '按数据的样子二选一：改成 alpaca，或者只写 messages 等对话格式的列。',
        link: LINKS.columns,
      };
    case 'tags-alpaca':
      return {
        ...base,
        severity: 'warning',
        id: 'info.tags-alpaca',
        title: `${at} 写了 tags，但 formatting 是 alpaca`,
        why: 'tags 说明对话列表里的角色键和角色值，只在 sharegpt、openai 格式里读取。',
        fix: '数据是对话列表的话，加上 `"formatting": "sharegpt"`。',
        link: LINKS.tags,
      };
    case 'unknown-tag':
      return {
        ...base,
        id: 'info.tag-name',
        title: `${at} 的 tags 里没有 ${code(p.tag)} 这一项`,
        why: `tags 的键只有 ${DATASET_INFO.tags.join('、')}。`,
        link: LINKS.tags,
      };
    case 'ranking-columns':
      return {
        ...base,
        id: 'info.ranking-columns',
        title: `${at} 是偏好数据（ranking: true），要写 columns.chosen 和 columns.rejected`,
        why: '偏好数据的每条样本有一个较好和一个较差的回答，LLaMA-Factory 只从 columns 里写明的 chosen、rejected 两列读取它们；这两项没有默认值，缺了它们转换时按空列名取值，报 KeyError: None。',
        fix: '在 columns 里加上 `"chosen": "chosen", "rejected": "rejected"`（值写数据里的字段名）。',
        link: LINKS.preference,
      };
    case 'system-turn':
      return {
        ...base,
        box: 'data',
        id: 'data.system-turn',
        title: `对话中间有一轮 ${code(p.role)}，这条样本会被跳过`,
        why: `LLaMA-Factory 只把第一轮的 ${p.role} 当作系统提示词；之后的轮次必须是提问和回答交替，中间出现 ${p.role} 时日志里是 Invalid role tag，样本被跳过，全部被跳过时报 Cannot find valid samples。`,
        fix: '把这段系统信息并进它后面那一轮提问的开头，或者放到样本的 system 字段里（条目的 columns 写 "system"）。',
        link: LINKS.sharegptRoles,
      };
    case 'tool-calls':
      return {
        ...base,
        box: 'data',
        id: 'data.tool-calls',
        title: `样本里有 tool_calls，${at} 的 formatting 却是 \`sharegpt\``,
        why: 'sharegpt 格式每一轮只读取角色和内容，tool_calls 里的函数调用被丢掉；调用那一轮的 content 是 null 时，处理数据时报 RuntimeError: Expected a string, got None。LLaMA-Factory 只在 formatting 为 openai 时把 tool_calls 转成一轮函数调用。',
        fix: '按本站的工具调用写法转换：带 tool_calls 的那一轮改成角色 function_call、内容为 {"name": …, "arguments": …} 的 JSON 字符串，工具返回改成 observation，tags 里写上这两个角色值。也可以把条目改成 `"formatting": "openai"` 并在 tags 里加 `"observation_tag": "tool"`、`"function_tag": "function_call"`，但 openai 格式会改写系统提示词。',
        link: LINKS.sharegptTools,
      };
    case 'kto-tag-type':
      return null; // worded with the stage (checkData)
    case 'file-not-shown':
      return null;
    case 'missing-field':
      return null; // worded with the sample lines (dataFieldFinding)
    case 'turn-fields':
      return {
        ...base,
        box: 'data',
        id: 'data.turn-fields',
        title: `对话里的每一轮要有 ${code(p.role)} 和 ${code(p.content)} 两个字段`,
        why: `${at} 按 tags 的 role_tag（${p.role}）和 content_tag（${p.content}）读取每一轮；没有写 tags 时默认是 from 和 value，转换时报 KeyError。`,
        fix: '数据用 role 和 content 的话，在 tags 里写 `"role_tag": "role", "content_tag": "content"` 和对应的角色值。',
        link: LINKS.tags,
      };
    case 'roles':
      return {
        ...base,
        box: 'data',
        id: 'data.roles',
        title: `角色 ${p.roles.map(code).join('、')} 与条目的 tags 对不上`,
        why: `LLaMA-Factory 只认 ${p.allowed.join('、')}${p.system ? `（以及放在第一轮的 ${p.system}）` : ''}，其他角色的样本被跳过，日志里是 Invalid role tag，全部被跳过时报 Cannot find valid samples（formatting 为 openai 时则直接报 KeyError 退出）。`,
        fix: '在 tags 里把 user_tag、assistant_tag、system_tag 写成数据里的角色值。',
        link: LINKS.sharegptRoles,
      };
  }
}

/** A column of the entry reads a field none of the pasted records has. */
function dataFieldFinding(
  p: Extract<EntryProblem, {code: 'missing-field'}>,
  records: DataSample,
  entry: DatasetEntry,
): Finding {
  const first = records.records[0]?.line;
  const fields = Object.keys((records.records[0]?.value ?? {}) as object);
  const base = {box: 'data' as const, line: first};
  if (p.defaultQuery) {
    return {
      ...base,
      severity: 'warning',
      id: 'data.alpaca-no-input',
      title: '样本没有 `input` 字段，而条目没有写 columns',
      why: '没写 columns 时按默认映射读取 instruction、input、output。LLaMA-Factory v0.9.5 的 Alpaca 转换用 example["input"] 取值：整个文件都没有 input 字段时报 KeyError: \'input\'（只要有一条带 input，其余缺少的按空处理）。',
      fix: '在条目里写明用到的列：`"columns": {"prompt": "instruction", "response": "output"}`；或者给每条样本加 `"input": ""`。',
      link: LINKS.keyError,
    };
  }
  if (p.column === 'messages' && p.field === 'conversations' && fields.includes('messages')) {
    return {
      ...base,
      severity: 'error',
      id: 'data.messages-as-conversations',
      title: '样本的对话在 `messages` 里，条目按 ShareGPT 默认读取 `conversations`',
      why: `条目 ${code(p.name)} 没有写 columns.messages，LLaMA-Factory 读取默认的 conversations 字段，转换时报 KeyError: 'conversations'。`,
      fix: '在条目里写 `"columns": {"messages": "messages"}`，并用 tags 说明 role、content 和 user、assistant、system 这几个角色值。',
      link: LINKS.openai,
    };
  }
  const near = nearest(p.field, fields);
  return {
    ...base,
    severity: 'error',
    id: 'data.missing-field',
    title: `条目的 columns.${p.column} 读取 ${code(p.field)}，样本里没有这个字段`,
    why: `粘贴的样本只有 ${fields.map(code).join('、') || '（没有字段）'}。${entry.columns ? '写了 columns 时，LLaMA-Factory 只读取其中列出的字段' : '没写 columns 时按默认字段名读取'}，文件里没有这个字段时转换报 KeyError: '${p.field}'。`,
    fix: near
      ? `把 columns.${p.column} 改成 ${code(near)}。`
      : `把 columns.${p.column} 改成样本里的字段名，或者删掉这一项。`,
    link: LINKS.keyError,
  };
}

/** The turns of a conversation lack the fields the entry's tags name: say which fields and roles the data has. */
function turnFieldsFinding(
  p: Extract<EntryProblem, {code: 'turn-fields'}>,
  records: DataSample,
  entry: DatasetEntry,
): Finding {
  const finding = entryFinding(p, records.records[0]?.line, 'data')!;
  const column = entryColumns(entry).messages ?? 'conversations';
  const turns = records.records.flatMap((r) => {
    const list = (r.value as Record<string, unknown>)[column];
    return Array.isArray(list) ? (list as Array<Record<string, unknown>>) : [];
  });
  const keys = Object.keys(turns.find((t) => t && typeof t === 'object') ?? {});
  const role = keys.find((k) => ['from', 'role'].includes(k));
  const content = keys.find((k) => ['value', 'content', 'text'].includes(k));
  if (!role || !content) return finding;
  const roles = [...new Set(turns.map((t) => t?.[role]).filter((r): r is string => typeof r === 'string'))];
  const defaults = role === 'from' && content === 'value' && roles.every((r) => ['human', 'gpt', 'system'].includes(r));
  return {
    ...finding,
    why: `条目的 tags 按 ${code(p.role)} 和 ${code(p.content)} 读取每一轮，样本里每一轮的字段却是 ${code(role)} 和 ${code(content)}，转换时报 KeyError: '${p.role}'。`,
    fix: defaults
      ? '数据是 ShareGPT 的默认写法（from、value，角色 human、gpt）：删掉条目里的 tags 即可。'
      : `把 tags 改成 \`"role_tag": "${role}", "content_tag": "${content}"\`，user_tag、assistant_tag 写成数据里的角色值（这里有 ${roles.map(code).join('、')}）。`,
  };
}

/** The entry LLaMA-Factory would use for the pasted data, when the reader gave no dataset_info.json: read from the
 * records' fields as the site's pages register such data. */
function guessEntry(record: Record<string, unknown>): {entry: DatasetEntry; how: string} {
  if (Array.isArray(record.conversations))
    return {entry: {formatting: 'sharegpt'}, how: 'ShareGPT 格式（conversations）'};
  if (Array.isArray(record.messages)) {
    const turn = (record.messages as Array<Record<string, unknown>>)[0] ?? {};
    if ('role' in turn)
      return {
        entry: {
          formatting: 'sharegpt',
          columns: {messages: 'messages'},
          tags: {
            role_tag: 'role',
            content_tag: 'content',
            user_tag: 'user',
            assistant_tag: 'assistant',
            system_tag: 'system',
          },
        },
        how: 'OpenAI messages 格式（按本站的 sharegpt + tags 写法）',
      };
    return {entry: {formatting: 'sharegpt', columns: {messages: 'messages'}}, how: 'ShareGPT 格式（messages）'};
  }
  const columns: Record<string, string> = {};
  for (const [column, field] of [
    ['prompt', 'instruction'],
    ['query', 'input'],
    ['response', 'output'],
    ['system', 'system'],
    ['history', 'history'],
  ] as const) {
    if (field in record) columns[column] = field;
  }
  return {entry: {columns}, how: 'Alpaca 格式'};
}

/** Stages whose datasets must be pairwise (`ranking: true`): loader.py asks stage "rm" for RM and DPO. */
const RANKING_STAGES = ['rm', 'dpo'];

interface DatasetPart {
  findings: Finding[];
}

function checkDatasets(config: Record<string, unknown>, input: Input, yamlLines: Map<string, number>): DatasetPart {
  const findings: Finding[] = [];
  const stage = String(config.stage ?? 'sft');
  const dir =
    typeof config.dataset_dir === 'string'
      ? code(config.dataset_dir)
      : '默认的 `data`（启动训练时所在目录下的 data，配置里没写 dataset_dir）';
  const trainNames = names(config.dataset);
  const evalNames = names(config.eval_dataset);
  const all = [...trainNames, ...evalNames];
  // Built-in datasets are registered in LLaMA-Factory's data/dataset_info.json: found when dataset_dir is that folder
  // (the default `data` when launched from LLaMA-Factory's folder, /workspace/llamafactory/data on the platform).
  const builtinDir =
    typeof config.dataset_dir !== 'string' ||
    /^(?:\.\/)?data\/?$|(?:^|\/)(?:llamafactory|LLaMA-Factory|LlamaFactory)\/data\/?$/i.test(
      config.dataset_dir.trim(),
    ) ||
    isWindowsPath(config.dataset_dir) ||
    !!wrongMark('dataset_dir', config.dataset_dir);
  const lineOf = (name: string) =>
    evalNames.includes(name) && !trainNames.includes(name) ? yamlLines.get('eval_dataset') : yamlLines.get('dataset');
  const infoText = input.datasetInfo?.trim() ?? '';
  let info: Record<string, DatasetEntry> | null = null;
  let infoLines = new Map<string, number>();
  if (infoText) {
    const parsed = parseDatasetInfo(infoText);
    if (!parsed.ok) {
      findings.push({
        id: 'info.parse',
        severity: 'error',
        box: 'datasetInfo',
        line: parsed.line,
        title:
          parsed.reason === 'not-object' ? 'dataset_info.json 的最外层要是对象' : 'dataset_info.json 不是合法的 JSON',
        why:
          parsed.reason === 'not-object'
            ? '它的每个键是数据集名称，值是这个数据集的条目。'
            : `训练时报 Cannot open …/dataset_info.json due to …。解析器说：${parsed.reason}`,
        fix: '常见原因是最后一项后面多了逗号、用了中文引号或单引号、少了逗号。',
        link: doc('problems/customDataset#cannot-open', '自定义数据集无法加载：修复 dataset_info.json 的语法'),
      });
    } else {
      const value = parsed.value;
      // One entry pasted on its own ({"file_name": …}): it is the entry of the (first) dataset the config names.
      const bare = ENTRY_KEYS.some((k) => k in value) && !Object.values(value).every((v) => v && typeof v === 'object');
      info = (bare ? {[trainNames[0] ?? 'dataset']: value} : value) as Record<string, DatasetEntry>;
      infoLines = bare ? new Map([[trainNames[0] ?? 'dataset', 1]]) : parsed.lines;
      for (const p of datasetInfoProblems(info, {pageText: null})) {
        const f = entryFinding(p, infoLines.get(p.name));
        if (f) findings.push(f);
      }
      for (const [name, entry] of Object.entries(info)) {
        if (isWindowsPath(entry.file_name)) {
          findings.push({
            id: 'info.windows-path',
            severity: 'error',
            box: 'datasetInfo',
            line: infoLines.get(name),
            title: `条目 ${code(name)} 的 file_name 是 Windows 的路径 ${code(entry.file_name)}`,
            why: '实例是 Linux，没有盘符，反斜杠也不是目录分隔符，训练时找不到这个文件。',
            fix: `把数据上传到实例后写实例上的路径，例如 ${code(`${conventionalPath('datasets')?.path ?? '/workspace/user-data/datasets/'}…/train.json`)}。`,
            link: LINKS.datasetDir,
          });
          continue;
        }
        const ext = extensionCase(entry.file_name);
        if (ext) {
          const file = String(entry.file_name).split('/').pop()!;
          findings.push({
            id: 'info.extension-case',
            severity: 'error',
            box: 'datasetInfo',
            line: infoLines.get(name),
            title: `条目 ${code(name)} 的 file_name 扩展名是 ${code(`.${ext.written}`)}，要写成小写的 ${code(`.${ext.known}`)}`,
            why: `LLaMA-Factory 按扩展名选择读取方式，查表时区分大小写：表里只有小写的 arrow、csv、json、jsonl、parquet、txt（extras/constants.py 的 FILEEXT2TYPE），查不到 ${ext.written}，加载数据时报 Allowed file types: arrow,csv,json,jsonl,parquet,txt.`,
            fix: `把文件改名为小写的扩展名（例如 \`mv ${file} ${file.replace(/\.\w+$/, `.${ext.known}`)}\`），并同步修改 file_name。`,
            link: LINKS.fileTypes,
          });
        }
        if (typeof entry.file_name === 'string') {
          for (const path of workspacePaths(entry.file_name)) {
            const f = pathFinding(path, infoLines.get(name), 'datasetInfo', 'file_name');
            if (f) findings.push(f);
          }
          const f = notKeptFinding(entry.file_name, infoLines.get(name), 'datasetInfo', 'file_name');
          if (f) findings.push(f);
        }
      }
    }
  }

  for (const name of all) {
    const entry = info?.[name];
    const builtin = DATASET_INFO.builtin[name];
    const line = lineOf(name);
    if (wrongMark('dataset', name)) continue; // the name as written matches nothing: see yaml.full-width
    if (/\.(jsonl?|csv|parquet|arrow|txt)$/i.test(name) && !entry) {
      findings.push({
        id: 'yaml.dataset-file-name',
        severity: 'error',
        box: 'yaml',
        line,
        title: `dataset 写的是文件名 ${code(name)}，应该写登记的名称`,
        why: `训练在 dataset_info.json 中按名字查找，找不到时报 Undefined dataset ${name} in dataset_info.json.`,
        fix: `写 dataset_info.json 中这个文件所在条目的名称，例如 ${code(name.replace(/\.\w+$/, ''))}。`,
        link: LINKS.undefinedDataset,
      });
      continue;
    }
    if (entry) {
      const ranking = entry.ranking === true;
      findings.push(...stageFinding(name, ranking, stage, line));
      const columns = entry.columns && typeof entry.columns === 'object' ? entry.columns : {};
      if (!ranking) findings.push(...ktoFinding(name, typeof columns.kto_tag === 'string', stage, line));
      continue;
    }
    if (builtin && !builtinDir) {
      findings.push({
        id: 'yaml.dataset-builtin-elsewhere',
        severity: 'warning',
        box: 'yaml',
        line,
        title: `${code(name)} 是 LLaMA-Factory 自带的数据集，但 dataset_dir 指向 ${code(config.dataset_dir)}`,
        why: `训练只读取 dataset_dir 下的 dataset_info.json，${code(name)} 登记在 LLaMA-Factory 自带的 data/dataset_info.json 里（平台上是 /workspace/llamafactory/data）。${code(config.dataset_dir)} 下的 dataset_info.json 没有这一条时报 Undefined dataset ${name} in dataset_info.json.`,
        fix: `把 ${code(name)} 的条目从 /workspace/llamafactory/data/dataset_info.json 复制进 ${code(config.dataset_dir)} 下的 dataset_info.json（file_name 写成绝对路径）；或者把 dataset_dir 改回 /workspace/llamafactory/data，并在那里登记你自己的数据集。`,
        link: LINKS.howFound,
      });
      findings.push(...stageFinding(name, builtin[1] === 'ranking', stage, line));
      continue;
    }
    if (builtin) {
      findings.push({
        id: 'yaml.dataset-builtin',
        severity: 'info',
        box: 'yaml',
        line,
        title: `${code(name)} 是 LLaMA-Factory v${VERSION} 自带的数据集`,
        why: `它登记在 LLaMA-Factory 的 data/dataset_info.json 中。训练时在 dataset_dir（这里是${dir}）的 dataset_info.json 里按名字查找；dataset_dir 是 LLaMA-Factory 自带的 data 目录（平台上是 /workspace/llamafactory/data）时就能找到。`,
        link: LINKS.howFound,
      });
      findings.push(...stageFinding(name, builtin[1] === 'ranking', stage, line));
      if (builtin[1] !== 'ranking') findings.push(...ktoFinding(name, builtin[1] === 'kto', stage, line));
      continue;
    }
    if (info) {
      // A name the config already uses is not the one meant (dataset: faq_v1, faq_v2 → not faq_v1).
      const near = nearest(
        name,
        Object.keys(info).filter((n) => !all.includes(n)),
      );
      findings.push({
        id: 'yaml.dataset-not-in-info',
        severity: 'warning',
        box: 'yaml',
        line,
        title: `粘贴的 dataset_info.json 里没有 ${code(name)}`,
        why: `训练时在 dataset_dir（这里是${dir}）的 dataset_info.json 里按名字查找；那里也没有这个名字时报 Undefined dataset ${name} in dataset_info.json.`,
        fix: near
          ? `名字要与条目完全一致：是不是 ${code(near)}？`
          : '把这个数据集的条目加进 dataset_dir 下的 dataset_info.json，或者把 dataset 改成已登记的名字。',
        link: LINKS.undefinedDataset,
      });
    } else {
      findings.push({
        id: 'yaml.dataset-lookup',
        severity: 'info',
        box: 'yaml',
        line,
        title: `${code(name)} 将在 dataset_dir 的 dataset_info.json 中查找`,
        why: `这里的 dataset_dir 是${dir}。本页看不到你的 dataset_info.json；把这个数据集的条目粘贴到下面，就能核对它的格式和字段。`,
        fix:
          typeof config.dataset_dir === 'string'
            ? undefined
            : '在平台上用命令行训练时，写上 `dataset_dir: /workspace/llamafactory/data`。',
        link: LINKS.howFound,
      });
    }
  }

  if (input.data?.trim()) findings.push(...checkData(input.data, info, trainNames[0], stage));
  return {findings};
}

/** KTO reads a boolean kto_tag per sample (data/converter.py): without one a sample has one response, which the
 * feedback processor drops (processor/feedback.py: "Dropped invalid example"); with one it has two, which the supervised
 * processor drops (processor/supervised.py). All dropped: Cannot find valid samples (data/loader.py). */
function ktoFinding(name: string, kto: boolean, stage: string, line?: number): Finding[] {
  if (!(stage === 'kto' && !kto) && !(stage === 'sft' && kto)) return [];
  return [
    {
      id: 'yaml.kto-data',
      severity: 'error',
      box: 'yaml',
      line,
      title: kto
        ? `${code(name)} 是 KTO 数据（有 kto_tag），不能用于 stage: sft`
        : `stage: kto 要用带 kto_tag 的数据，${code(name)} 没有`,
      why: kto
        ? 'KTO 样本转换后有一个回答和一个空回答，SFT 要求恰好一个回答，这样的样本都被丢弃（日志 Dropped invalid example），最后报 Cannot find valid samples。'
        : 'KTO 按每条样本的布尔标签 kto_tag 区分好、坏回答；条目的 columns 里没有 kto_tag 时，样本只有一个回答，KTO 的数据处理把它们全部丢弃（日志 Dropped invalid example），最后报 Cannot find valid samples。',
      fix: kto
        ? '把 stage 改成 kto，或者换一个 SFT 数据集。'
        : '给每条样本加一个布尔字段（例如 "kto_tag": true 表示好回答、false 表示差回答），并在条目的 columns 里写 `"kto_tag": "kto_tag"`；或者把 stage 改成 sft。',
      link: LINKS.kto,
    },
  ];
}

function stageFinding(name: string, ranking: boolean, stage: string, line?: number): Finding[] {
  const wantsRanking = RANKING_STAGES.includes(stage);
  if (ranking === wantsRanking || !['sft', 'pt', 'rm', 'dpo', 'kto', 'ppo'].includes(stage)) return [];
  return [
    {
      id: 'yaml.dataset-stage',
      severity: 'error',
      box: 'yaml',
      line,
      title: ranking
        ? `${code(name)} 是偏好数据（ranking: true），不能用于 stage: ${stage}`
        : `stage: ${stage} 要用偏好数据（ranking: true），${code(name)} 不是`,
      why: '加载数据时报 The dataset is not applicable in the current training stage.：RM 和 DPO 只读偏好数据，其他阶段只读非偏好数据。',
      fix: ranking
        ? '把 stage 改成 dpo（或 rm），或者换一个 SFT 数据集。'
        : '换一个偏好数据集，或者把 stage 改成 sft。',
      link: LINKS.stageMismatch,
    },
  ];
}

const ROLE_NAMES: Record<string, string> = {
  user: 'user（提问）',
  assistant: 'assistant（回答）',
  observation: 'observation（工具结果）',
  function: 'function（工具调用）',
  system: 'system（系统提示词）',
};
export {ROLE_NAMES};

function checkData(
  text: string,
  info: Record<string, DatasetEntry> | null,
  first: string | undefined,
  stage: string,
): Finding[] {
  const findings: Finding[] = [];
  const infoEntries = info ? Object.entries(info) : [];
  const chosen = (first && info?.[first] ? [first, info[first]] : infoEntries[0]) as [string, DatasetEntry] | undefined;
  const kind = fileKind(chosen?.[1].file_name);
  const parsed = parseData(text, kind);
  if ('code' in parsed) {
    if (parsed.code === 'kind') {
      findings.push({
        id: 'data.file-kind',
        severity: 'error',
        box: 'data',
        line: parsed.line,
        title:
          parsed.content === 'csv'
            ? `粘贴的是 CSV，但条目的 file_name 是 ${code(chosen?.[1].file_name)}`
            : `粘贴的是 JSON，但条目的 file_name 是 ${code(chosen?.[1].file_name)}`,
        why: `LLaMA-Factory 按文件扩展名选择读取方式（.json、.jsonl 按 JSON，.csv 按 CSV），不看内容；${parsed.content === 'csv' ? '用 JSON 读取 CSV 文本时 datasets 报 JSON parse error' : '用 CSV 读取 JSON 文本时，每一行被拆成逗号分隔的字段，列名和列数都对不上'}。`,
        fix:
          parsed.content === 'csv'
            ? '把文件扩展名改成 .csv 并同步修改 file_name；或者把 CSV 转换成 JSON。'
            : '把文件扩展名改成 .json（JSON Lines 用 .jsonl）并同步修改 file_name。',
        link: parsed.content === 'csv' ? LINKS.csvToAlpaca : LINKS.fileTypes,
      });
    } else if (parsed.code === 'csv-rows') {
      findings.push({
        id: 'data.csv-rows',
        severity: 'error',
        box: 'data',
        line: parsed.line,
        title: 'CSV 的行与第一行的列名对不上',
        why: 'datasets 读取 CSV 时把第一行当作列名，之后每一行的字段数要与列名一样多。',
        fix: '含逗号或换行的字段用英文双引号括起来，字段里的双引号写成两个双引号。',
        link: LINKS.csvToAlpaca,
      });
    } else if (parsed.code === 'object') {
      findings.push({
        id: 'data.top-level-object',
        severity: 'error',
        box: 'data',
        line: parsed.line,
        title: '数据的最外层是一个对象，不是样本列表',
        why: `LLaMA-Factory 用 datasets 读取 JSON：文件要么是 JSON Lines（一行一条样本），要么是 [ … ] 样本数组。这里最外层的键是 ${parsed.keys.slice(0, 5).map(code).join('、')}，读不出样本。`,
        fix: '把样本放进一个数组：[ {…}, {…} ]，或者改成一行一条。',
        link: LINKS.topLevel,
      });
    } else if (parsed.code === 'multiline') {
      findings.push({
        id: 'data.multiline',
        severity: 'error',
        box: 'data',
        line: parsed.line,
        title: '一条样本占了好几行，但外面没有 [ ]',
        why: 'JSON Lines 要求一行一条完整的样本；分行书写的样本必须放在一个数组里，否则 datasets 解析失败。',
        fix: '给所有样本外面加上 [ ]，样本之间用逗号分隔；或者把每条样本压成一行（.jsonl）。',
        link: LINKS.fileTypes,
      });
    } else {
      findings.push({
        id: 'data.json',
        severity: 'error',
        box: 'data',
        line: parsed.line,
        title: '这一行不是合法的 JSON',
        why: `datasets 读取时会在这里失败。${parsed.reason === 'record' ? '' : `解析器说：${parsed.reason}`}`,
        fix: '常见原因是中文引号、单引号、多余或缺少的逗号，以及字符串里没有转义的双引号和换行。',
        link: LINKS.parse,
      });
    }
    return findings;
  }
  if (parsed.bom) {
    // datasets reads JSON Lines with pyarrow, which skips the mark; a JSON array it reads with pandas (ujson), which
    // stops at it ("Expected object or value"), and then raises pyarrow's JSON parse error. A CSV it reads with
    // pandas.read_csv, whose parser drops a leading BOM (pandas tests test_first_row_bom); a .txt file with
    // open(encoding="utf-8"), which keeps it in the first line.
    const array = parsed.layout === 'array' || parsed.layout === 'single';
    findings.push({
      id: 'data.bom',
      severity: array ? 'error' : parsed.layout === 'lines' ? 'warning' : 'info',
      box: 'data',
      line: 1,
      title: '文件开头有 BOM（U+FEFF）',
      why: array
        ? '这是 [ … ] 数组格式的 JSON：datasets 改用 pandas 整体读取，遇到开头的 BOM 就失败，训练时报 JSON parse error。'
        : parsed.layout === 'csv'
          ? `LLaMA-Factory 用 datasets 读取 CSV，datasets 调用 pandas.read_csv，它会跳过文件开头的 BOM，第一列的列名照常是 ${code(Object.keys((parsed.records[0]?.value ?? {}) as object)[0] ?? '')}，训练能读取这个文件。别的程序按 UTF-8 读取时，BOM 可能留在第一列的列名前面（例如 Python 的 csv 模块）。`
          : parsed.layout === 'text'
            ? 'datasets 按 UTF-8 逐行读取 .txt 文件，BOM 会留在第一行的开头，成为第一条文本的第一个字符；训练能进行。'
            : '每行一条的格式 datasets 能读取，但平台的数据集检测按 UTF-8 解析时会在第一行失败。',
      fix: "另存为不带 BOM 的 UTF-8，或者执行 `sed -i '1s/^\\xEF\\xBB\\xBF//' 文件名`。",
      link: LINKS.encoding,
    });
    if (array) return findings;
  }
  // Turns where samples belong: lines that are [ {from…}, {from…} ], or an array of {role, content} objects.
  const isTurn = (v: unknown) =>
    !!v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.keys(v).some((k) => ['from', 'role'].includes(k)) &&
    Object.keys(v).every((k) => TURN_FIELDS.includes(k));
  const turnLists = parsed.records.length > 0 && parsed.records.every((r) => Array.isArray(r.value));
  if (turnLists || (parsed.records.length > 0 && parsed.records.every((r) => isTurn(r.value)))) {
    const list = chosen?.[1] ? (entryColumns(chosen[1]).messages ?? 'conversations') : 'conversations';
    findings.push({
      id: 'data.turn-list',
      severity: 'error',
      box: 'data',
      line: parsed.records[0]!.line,
      title: turnLists ? '每一行是一个 [ … ] 数组，不是一条样本对象' : '这些 {…} 是对话的一轮，不是一条样本',
      why: turnLists
        ? `datasets 要求每行是一个 {…} 对象，以 [ 开头的行读取时报 JSON parse error。一段对话的各轮要放进一条样本的 ${list} 列表里。`
        : `datasets 把最外层数组里的每个 {…} 当作一条样本；这里每个 {…} 只有角色和内容，转换时找不到 ${list}，报 KeyError: '${list}'。`,
      fix: `每条样本写成 {"${list}": [ {…第一轮…}, {…第二轮…} ]}，JSON Lines 一行一条。`,
      link: LINKS.sharegptRoles,
    });
    return findings;
  }
  const records = parsed.records.filter((r) => r.value && typeof r.value === 'object' && !Array.isArray(r.value));
  if (!records.length) return findings;
  const sample: DataSample = {...parsed, records};
  const firstRecord = records[0]!.value as Record<string, unknown>;
  let entry: DatasetEntry;
  let name: string;
  let guessed: string | null = null;
  if (chosen) [name, entry] = chosen;
  else {
    const guess = guessEntry(firstRecord);
    entry = guess.entry;
    name = first ?? 'dataset';
    guessed = guess.how;
  }
  if (!guessed) {
    const problems = recordProblems(
      name,
      entry,
      sample.records.map((r) => r.value),
    );
    // Samples without `instruction` either (a corpus of {"text": …}) are told by the prompt column's finding; the advice
    // to map instruction and output would be wrong for them.
    const noPrompt = problems.some((p) => p.code === 'missing-field' && p.column === 'prompt');
    for (const p of problems) {
      if (p.code === 'missing-field' && p.defaultQuery && noPrompt) continue;
      if (p.code === 'missing-field') findings.push(dataFieldFinding(p, sample, entry));
      else if (p.code === 'turn-fields') findings.push(turnFieldsFinding(p, sample, entry));
      else if (p.code === 'kto-tag-type') {
        if (stage !== 'kto') continue;
        const bad = sample.records.find((r) => typeof (r.value as Record<string, unknown>)[p.field] !== 'boolean');
        findings.push({
          id: 'data.kto-tag',
          severity: 'error',
          box: 'data',
          line: bad?.line,
          title: `kto_tag 字段 ${code(p.field)} 的值是 ${code(JSON.stringify(p.value))}，要写成不带引号的 true 或 false`,
          why: 'LLaMA-Factory 只在 kto_tag 是 JSON 布尔值时把样本当作 KTO 样本；字符串 "true"、数字 1 都不算，这样的样本只有一个回答，被 KTO 的数据处理丢弃（日志 Dropped invalid example），全部被丢弃时报 Cannot find valid samples。',
          fix: `把 ${code(p.field)} 改成 true 或 false（不带引号）；从 CSV 或 Excel 转换时在脚本里转成布尔值。`,
          link: LINKS.kto,
        });
      } else {
        const f = entryFinding(p, sample.records[0]?.line, 'data');
        if (f) findings.push(f);
      }
    }
  }
  // An entry LLaMA-Factory cannot read (formatting: sharegtp, preference data without chosen and rejected) has no
  // converted sample to show.
  const columns = entryColumns(entry);
  if (
    findings.some((f) => f.severity === 'error') ||
    !DATASET_INFO.formatting.includes(entry.formatting ?? 'alpaca') ||
    (entry.ranking === true && !(columns.chosen && columns.rejected))
  )
    return findings;
  const converted = convert(entry, firstRecord);
  const how = guessed
    ? `本页没有 dataset_info.json 条目，按样本的字段当作${guessed}读取。`
    : `按条目 ${code(name)}（formatting: ${entry.formatting ?? 'alpaca'}）读取。`;
  // converter.py reads ShareGPT chosen and rejected as messages ({"from": "gpt", "value": …}); strings, the Alpaca way,
  // leave the example without its two answers and processor/pairwise.py drops it.
  const stringPair =
    entry.formatting === 'sharegpt' &&
    entry.ranking === true &&
    [columns.chosen, columns.rejected].every((c) => typeof firstRecord[c!] === 'string');
  if (converted.dropped && stringPair && ['dpo', 'rm'].includes(stage)) {
    const tag = (k: string, d: string) => String((entry.tags as Record<string, unknown> | undefined)?.[k] ?? d);
    const message = `{"${tag('role_tag', 'from')}": "${tag('assistant_tag', 'gpt')}", "${tag('content_tag', 'value')}": "…"}`;
    findings.push({
      id: 'data.dropped',
      severity: 'error',
      box: 'data',
      line: records[0]!.line,
      title: 'ShareGPT 偏好数据的 chosen 和 rejected 要是消息对象，这里是字符串',
      why: `${how}formatting: sharegpt 时 LLaMA-Factory 只在 chosen 和 rejected 都是 ${message} 这样的对象时读出两个回答；写成字符串（Alpaca 偏好数据的写法）时样本没有两个回答，日志里是 Dropped invalid example，所有样本都被跳过时报 Cannot find valid samples。`,
      fix: `把 ${code(`"chosen": "…"`)} 写成 ${code(`"chosen": ${message}`)}，rejected 同样；或者把条目和样本都改成 Alpaca 偏好数据的写法（去掉 formatting: sharegpt）。`,
      link: LINKS.preferenceSharegpt,
      sample: converted,
    });
    return findings;
  }
  if (converted.dropped && ['sft', 'dpo', 'rm'].includes(stage)) {
    findings.push({
      id: 'data.dropped',
      severity: 'error',
      box: 'data',
      line: records[0]!.line,
      title: '第一条样本会被跳过',
      why: `${how}LLaMA-Factory 转换后日志里是 ${converted.dropped}：${converted.dropped === 'Invalid role tag' ? '角色要从 user 开始，user 与 assistant 交替（system 只能在第一轮）' : converted.dropped === 'Invalid message count' ? (entry.ranking === true ? '偏好数据去掉 system 后轮数要是奇数，最后一轮是 user，回答放在 chosen 和 rejected 里' : '去掉 system 后轮数要是偶数，最后一轮是 assistant') : '要有一个问题和一个字符串回答'}。所有样本都被跳过时报 Cannot find valid samples。`,
      fix: '按角色顺序规则修改样本，或者在 tags 里写对角色值。',
      link: LINKS.sharegptRoles,
      sample: converted,
    });
    return findings;
  }
  findings.push({
    id: 'data.preview',
    severity: 'ok',
    box: 'data',
    line: records[0]!.line,
    title: '第一条样本转换后的样子',
    why: `${how}prompt 是模型读到的输入，response 是要学会输出的回答（训练只在回答上计算损失）。`,
    link: entry.formatting && entry.formatting !== 'alpaca' ? LINKS.sharegptRoles : LINKS.alpacaPrompt,
    sample: converted,
  });
  if (entry.formatting === 'openai' && /detailed thinking off$/.test(converted.system)) {
    findings.push({
      id: 'data.openai-system',
      severity: 'warning',
      box: 'datasetInfo',
      title: 'formatting: openai 会改写系统提示词',
      why: `LLaMA-Factory v${VERSION} 的 OpenAI 转换在没有工具时给系统提示词加上 detailed thinking off（没有系统提示词时就用它），见上面的 system。`,
      fix: '本站用 "formatting": "sharegpt" 加 tags 读取 OpenAI 风格的 messages，系统提示词保持原样。',
      link: LINKS.openai,
    });
  }
  if (sample.layout === 'csv' && !kind) {
    findings.push({
      id: 'data.csv',
      severity: 'info',
      box: 'data',
      line: records[0]!.line - 1,
      title: '这段内容按 CSV 读取：第一行是列名',
      why: 'LLaMA-Factory 按文件扩展名选择读取方式：文件名以 .csv 结尾时按 CSV 读取；以 .json 或 .jsonl 结尾时读不了这段内容。CSV 的字段都是字符串，放不下 history、对话列表这样的嵌套内容。',
      link: LINKS.fileTypes,
    });
  }
  if (sample.layout === 'single') {
    findings.push({
      id: 'data.single-object',
      severity: 'info',
      box: 'data',
      line: records[0]!.line,
      title: '按一条样本读取了这段内容',
      why: '它是分成几行写的一条样本。作为整个文件时，datasets 要求 [ {…}, {…} ] 的数组或一行一条的 JSON Lines；从数组里复制出的一条样本没有问题。',
      link: LINKS.fileTypes,
    });
  }
  if (sample.truncated) {
    findings.push({
      id: 'data.truncated',
      severity: 'info',
      box: 'data',
      title: '最后一条样本没有粘贴完整，已略过',
      why: '本页只检查完整的样本；只粘贴文件的前几条就够了。',
      link: LINKS.fileTypes,
    });
  }
  return findings;
}

/** Where the site keeps what a key names (src/content/conventions.json "paths"). */
const KEY_CONVENTION: Record<string, string> = {
  output_dir: 'outputs',
  adapter_name_or_path: 'outputs',
  resume_from_checkpoint: 'outputs',
  export_dir: 'merged',
  model_name_or_path: 'models',
  deepspeed: 'configs',
  file_name: 'datasets',
  dataset_dir: 'datasetDir',
  media_dir: 'datasets',
  logging_dir: 'logs',
  cache_dir: 'huggingface',
  tokenized_path: 'tmp',
};

/** What the site keeps in each conventional location (src/content/conventions.json "paths"), as a fix names it. */
const KEPT_AS: Record<string, string> = {
  outputs: '训练产物',
  merged: '合并导出的模型',
  models: '模型',
  configs: '配置文件',
  scripts: '脚本',
  logs: '日志',
  datasets: '数据集',
  datasetDir: '平台上 LLaMA-Factory 的数据目录（dataset_info.json 所在的 dataset_dir）',
  huggingface: 'Hugging Face 的下载缓存',
  tmp: '临时文件和缓存（例如 tokenized_path 的分词缓存）',
  projects: '其他项目文件夹',
  envs: '自建的 conda 环境',
  codelab: '代码复现项目',
  spack: 'Spack 软件环境',
};

/** The site's place for a convention, as one sentence: 本站把训练产物放在 /workspace/user-data/models/output/。 */
function placeSentence(convention: string): string | null {
  const where = conventionalPath(convention);
  return where ? `本站把${KEPT_AS[convention] ?? where.what}放在 ${where.path}。` : null;
}

/** The fields a turn of a conversation has (ShareGPT and OpenAI styles). */
const TURN_FIELDS = ['from', 'value', 'role', 'content', 'loss', 'weight', 'name', 'tool_calls', 'tool_call_id'];

/** Paths on the instance's system disk, which the platform does not keep across a shutdown (guide/workspace). */
const NOT_KEPT = /^(?:~|\/root|\/tmp|\/home)(?:\/|$)/;

/** A path outside /workspace that a shutdown may take away, as a warning. */
function notKeptFinding(path: string, line: number | undefined, box: Box, key: string): Finding | null {
  if (!NOT_KEPT.test(path)) return null;
  const convention = KEY_CONVENTION[key] ?? '';
  const where = conventionalPath(convention);
  const output = ['output_dir', 'export_dir', 'logging_dir', 'tokenized_path'].includes(key);
  // data/parser.py opens os.path.join(dataset_dir, "dataset_info.json") and data/loader.py joins file_name to it, with
  // no os.path.expanduser: `~` is a folder named ~ under the launch directory.
  const tilde = path.startsWith('~') && ['dataset_dir', 'file_name'].includes(key);
  return {
    id: 'launch.not-kept',
    severity: tilde ? 'error' : 'warning',
    box,
    line,
    title: tilde
      ? `${code(key)} 的路径 ${code(path)} 里的 ~ 不会换成主目录`
      : `${code(key)} 的路径 ${code(path)} 在 /workspace 之外，关机后不保证保留`,
    why: tilde
      ? `LLaMA-Factory 拼接和打开这个路径时不展开 ~，它被当作启动目录下一个名为 ~ 的文件夹，${key === 'dataset_dir' ? '训练时报 Cannot open …/dataset_info.json' : '加载数据时报 File … not found.'}。主目录也在 /workspace 之外，关机后不保证保留。`
      : output
        ? `实例关机后只有 /workspace 下的内容确定会保留；写在这里的${key === 'tokenized_path' ? '分词缓存' : key === 'logging_dir' ? '日志' : '训练产物'}可能在重启后消失。`
        : '实例关机后只有 /workspace 下的内容确定会保留；这个文件这次还在，重启实例后可能就找不到了，训练启动时报找不到文件。',
    fix: !where
      ? '把它移到 /workspace 下本站约定的目录（见实例空间的目录约定），再写新的路径。'
      : key === 'dataset_dir'
        ? `dataset_dir 改写成 ${where.path.replace(/\/$/, '')}（平台上 LLaMA-Factory 的数据目录），把你的数据集条目加进那里的 dataset_info.json。`
        : key === 'tokenized_path'
          ? `${placeSentence(convention)}改成那里的目录，例如 \`tokenized_path: ${where.path}tokenized/数据集名称\`。`
          : output
            ? `${placeSentence(convention)}把 ${key} 改成那里的目录。`
            : `${placeSentence(convention)}把文件移到那里，再把 ${key} 改成新的路径。`,
    link: LINKS.persistence,
  };
}

/** A /workspace path that breaks the site's conventions, as a warning. */
function pathFinding(path: string, line: number | undefined, box: Box, key: string): Finding | null {
  const problem = pathProblem(path);
  if (!problem) return null;
  const where = conventionalPath(problem.convention ?? KEY_CONVENTION[key] ?? '');
  return {
    id: 'launch.path',
    severity: 'warning',
    box,
    line,
    title: `${code(key)} 的路径 ${code(path)} 不在本站约定的目录里`,
    why:
      problem.rule === 'llamaboard'
        ? '/workspace/llamafactory/ 下除了 data/ 都归 LlamaBoard 使用，命令行训练写进去会和它的文件混在一起。'
        : problem.rule === 'outside'
          ? '/workspace 下的文件保留在实例空间里；本站的命令、检查和清理步骤都按约定的目录写，放在别处容易找不到或误删。'
          : '本站的命令、检查和清理步骤都按约定的目录写，放在别处容易找不到或误删。',
    fix:
      (where && placeSentence(problem.convention ?? KEY_CONVENTION[key] ?? '')) ??
      '放到 /workspace/user-data/ 下对应的目录。',
    link: LINKS.docPaths,
  };
}

const CARD_WORDS = /^\s*(\d+)\s*(张|卡|张卡)?\s*$/;

/** The card count the reader typed: a number 1–8, null when empty, or a finding. */
function readCards(text: string | undefined): number | null | Finding {
  if (!text?.trim()) return null;
  const m = CARD_WORDS.exec(text);
  const n = m ? Number(m[1]) : NaN;
  if (!(n >= 1 && n <= 8)) {
    return {
      id: 'cards.range',
      severity: 'error',
      box: 'cards',
      title: '卡数要写 1 到 8 之间的整数',
      why: '平台实例每台最多 8 张卡；本页按这个卡数判断启动方式和每卡显存。',
      link: LINKS.launcher,
    };
  }
  return n;
}

function launchFindings(config: Record<string, unknown>, cards: number | null, lines: Map<string, number>): Finding[] {
  const findings: Finding[] = [];
  const deepspeed = config.deepspeed;
  if (deepspeed) {
    const line = lines.get('deepspeed');
    if (cards === 1) {
      findings.push({
        id: 'launch.force-torchrun',
        severity: 'error',
        box: 'yaml',
        line,
        title: '单卡使用 DeepSpeed，启动命令前要加 FORCE_TORCHRUN=1',
        why: '只有一张卡时 llamafactory-cli train 直接在当前进程里训练，不经过 torchrun，DeepSpeed 无法初始化，参数检查时报 Please use `FORCE_TORCHRUN=1` to launch DeepSpeed training.',
        fix: '用 `FORCE_TORCHRUN=1 llamafactory-cli train 你的配置.yaml` 启动；或者单卡放得下时去掉 deepspeed。',
        link: LINKS.launcher,
      });
    } else if (cards === null) {
      findings.push({
        id: 'launch.deepspeed-cards',
        severity: 'info',
        box: 'yaml',
        line,
        title: '用了 DeepSpeed：单卡实例启动时要加 FORCE_TORCHRUN=1',
        why: '卡数多于 1 时 llamafactory-cli train 自动用 torchrun 在所有可见的卡上启动；只有一张卡时要用 `FORCE_TORCHRUN=1 llamafactory-cli train …` 启动。填上卡数，本页就按它判断。',
        link: LINKS.launcher,
      });
    } else {
      findings.push({
        id: 'launch.torchrun',
        severity: 'info',
        box: 'yaml',
        line,
        title: `${cards} 张卡：llamafactory-cli train 会自动用 torchrun 启动 ${cards} 个进程`,
        why: '卡数多于 1 时不需要 FORCE_TORCHRUN；日志开头会出现 Initializing … distributed tasks。',
        link: LINKS.launcher,
      });
    }
    if (
      typeof deepspeed === 'string' &&
      !deepspeed.startsWith('/') &&
      !deepspeed.trim().startsWith('{') &&
      !isWindowsPath(deepspeed)
    ) {
      findings.push({
        id: 'launch.deepspeed-relative',
        severity: 'info',
        box: 'yaml',
        line,
        title: `deepspeed 是相对路径 ${code(deepspeed)}`,
        why: '相对路径从启动训练时所在的目录算起，换一个目录启动就找不到文件。',
        fix: '本站把 DeepSpeed 配置放在 /workspace/user-data/configs/，写成绝对路径。',
        link: LINKS.deepspeed,
      });
    }
  }
  const doTrain = config.do_train === true;
  const out = config.output_dir;
  if (doTrain && typeof out === 'string') {
    const line = lines.get('output_dir');
    const resume = config.resume_from_checkpoint;
    const resuming = resume === true || (typeof resume === 'string' && resume !== '');
    const stage = String(config.stage ?? 'sft');
    const ftype = String(config.finetuning_type ?? 'lora');
    // hparams/parser.py:476-480: RM and PPO with full or freeze fine-tuning never resume (resume_from_checkpoint is
    // set to None, output_dir is not looked into); train/ppo/trainer.py: PPO stops at any resume_from_checkpoint.
    const fresh = ['rm', 'ppo'].includes(stage) && ['full', 'freeze'].includes(ftype);
    const explicitResume = doc('problems/continueTrain#explicit-resume', '断点续训：指定检查点续训');
    const ppoStops =
      'PPO 训练开始时只要 resume_from_checkpoint 有值就退出：ValueError: `resume_from_checkpoint` will be supported in the future version.（train/ppo/trainer.py）';
    if (resuming && fresh) {
      findings.push({
        id: 'launch.resume-ignored',
        severity: 'warning',
        box: 'yaml',
        line: lines.get('resume_from_checkpoint'),
        title: `stage: ${stage} 的${ftype === 'full' ? '全参数' : '冻结'}微调不续训，resume_from_checkpoint 不起作用`,
        why: `LLaMA-Factory 在 RM、PPO 阶段的全参数和冻结微调里把 resume_from_checkpoint 清空（日志 Cannot resume from checkpoint in current stage.），训练从头开始，新的检查点和权重写进 ${code(out)}。`,
        fix: '删掉 resume_from_checkpoint；不想覆盖上次的结果就换一个新的 output_dir。',
        link: explicitResume,
      });
    } else if (resuming && stage === 'ppo') {
      findings.push({
        id: 'launch.ppo-resume',
        severity: 'error',
        box: 'yaml',
        line: lines.get('resume_from_checkpoint'),
        title: 'PPO 不能续训，要删掉 resume_from_checkpoint',
        why: `LLaMA-Factory v${VERSION} 的 ${ppoStops}。`,
        fix: '删掉 resume_from_checkpoint，用一个新的 output_dir 从头训练。',
        link: explicitResume,
      });
    } else if (resume === true) {
      // transformers Trainer.train: `true` is the last checkpoint of output_dir, or "No valid checkpoint found".
      findings.push({
        id: 'launch.resume',
        severity: 'info',
        box: 'yaml',
        line: lines.get('resume_from_checkpoint'),
        title: '训练从 output_dir 里最新的检查点继续',
        why: `resume_from_checkpoint: true 时，训练器在 ${code(out)} 里找编号最大的 checkpoint-*，从它恢复模型、优化器和步数；一个检查点都没有时报 No valid checkpoint found in output directory。`,
        fix: '第一次训练时删掉这一行（或写 null），否则启动就会退出。',
        link: explicitResume,
      });
    } else if (typeof resume === 'string' && resume) {
      const elsewhere = !resume.replace(/\/+$/, '').startsWith(`${out.replace(/\/+$/, '')}/`);
      findings.push({
        id: 'launch.resume',
        severity: 'info',
        box: 'yaml',
        line: lines.get('resume_from_checkpoint'),
        title: `训练从 ${code(resume)} 继续`,
        why: `写了 resume_from_checkpoint 时，LLaMA-Factory 从这个检查点恢复模型、优化器和步数，不再查看 output_dir 里有什么。${elsewhere ? `这个检查点不在 output_dir 下：之后的检查点和最终权重写进 ${code(out)}，原来的目录不变。` : ''}`,
        link: explicitResume,
      });
    } else if (config.overwrite_output_dir === true) {
      findings.push({
        id: 'launch.overwrite',
        severity: 'info',
        box: 'yaml',
        line: lines.get('overwrite_output_dir'),
        title: 'overwrite_output_dir: true：训练从头开始',
        why: `${code(out)} 里已有的检查点不会被用来续训，新的检查点和权重写进同一个目录，覆盖同名文件。`,
        fix: '想接着上次训练，把它改成 false。',
        link: LINKS.resume,
      });
    } else if (fresh) {
      findings.push({
        id: 'launch.output-dir',
        severity: 'info',
        box: 'yaml',
        line,
        title: `stage: ${stage} 的${ftype === 'full' ? '全参数' : '冻结'}微调总是从头训练`,
        why: `LLaMA-Factory 在 RM、PPO 阶段的全参数和冻结微调里不查看 ${code(out)} 里有什么，不续训也不拒绝启动；新的检查点和权重写进这个目录，覆盖同名文件。`,
        fix: '不想覆盖上次的结果就换一个新的 output_dir。',
        link: LINKS.resume,
      });
    } else if (stage === 'ppo') {
      findings.push({
        id: 'launch.ppo-output-dir',
        severity: 'warning',
        box: 'yaml',
        line,
        title: 'PPO 要用新的或空的 output_dir',
        why: `启动时 LLaMA-Factory 查看 ${code(out)}：里面有 checkpoint-* 时把最新的一个设为 resume_from_checkpoint，而 ${ppoStops}；只有最终权重、没有检查点时报 Output directory already exists and is not empty. Please set \`overwrite_output_dir\`.。目录是新的或空的就从头训练。`,
        fix: '每次 PPO 训练用一个新的 output_dir，或者写 `overwrite_output_dir: true`。',
        link: LINKS.resume,
      });
    } else {
      findings.push({
        id: 'launch.output-dir',
        severity: 'info',
        box: 'yaml',
        line,
        title: `output_dir 里有上次的训练时，这次会接着它训练`,
        why: `启动时 LLaMA-Factory 查看 ${code(out)}：里面有 checkpoint-* 就从最新的一个继续（日志 Resuming training from …）；只有最终权重、没有检查点时报 Output directory already exists and is not empty. Please set \`overwrite_output_dir\`.；目录是新的或空的就从头训练。`,
        fix: '新的一次训练用一个新的 output_dir。',
        link: LINKS.resume,
      });
    }
    // transformers expands `~` in output_dir (TrainingArguments.__post_init__, os.path.expanduser): not relative.
    if (!/^[/~]/.test(out) && !isWindowsPath(out) && !wrongMark('output_dir', out)) {
      findings.push({
        id: 'launch.output-relative',
        severity: 'info',
        box: 'yaml',
        line,
        title: `output_dir 是相对路径 ${code(out)}`,
        why: '产物写到启动训练时所在目录下的这个位置，换一个目录启动就会写到别处。',
        fix: `本站约定训练产物放在 ${conventionalPath('outputs')!.path} 下，写成绝对路径。`,
        link: LINKS.docPaths,
      });
    }
  }
  for (const [key, value] of Object.entries(config)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (typeof v !== 'string') continue;
      for (const path of workspacePaths(v)) {
        const f = pathFinding(path, lines.get(key), 'yaml', key);
        if (f) findings.push(f);
      }
      const f = notKeptFinding(v.trim(), lines.get(key), 'yaml', key);
      if (f) findings.push(f);
    }
  }
  return findings;
}

/** Full-width punctuation a chat app or an input method puts into a value: a full-width comma, colon, semicolon,
 * enumeration comma, curly quotes, brackets or the ideographic space. */
const FULL_WIDTH = /[，：；、“”‘’（）\u3000]/;
/** Each mark's name and what to write instead (quotes around a plain value are left out). */
const FULL_WIDTH_NAMES: Record<string, [string, string]> = {
  '，': ['全角逗号', ','],
  '、': ['顿号', ','],
  '：': ['全角冒号', ':'],
  '；': ['全角分号', ';'],
  '“': ['全角引号', ''],
  '”': ['全角引号', ''],
  '‘': ['全角引号', ''],
  '’': ['全角引号', ''],
  '（': ['全角括号', '('],
  '）': ['全角括号', ')'],
  '\u3000': ['全角空格', ''],
};

/** Full-width marks that make a value wrong, by the kind of value: any in a fixed choice or a template name; in a list
 * of names a separator or a space (a Chinese name may have brackets); around a path a quote or a space (a folder may
 * be named with any of them). */
const WRONG_MARKS = {
  choice: FULL_WIDTH,
  names: /[，、；\u3000]|^[“‘]|[”’]$/,
  path: /^[“‘\u3000]|[”’\u3000]$/,
};

function markKind(key: string): keyof typeof WRONG_MARKS | null {
  if (READ_PATHS.includes(key) || WRITTEN_PATHS.includes(key)) return 'path';
  if (NAME_KEYS.includes(key)) return 'names';
  return key === 'template' || findArgument(key)?.choices ? 'choice' : null;
}

/** The full-width mark that makes this key's value wrong, or null. */
function wrongMark(key: string, value: unknown): string | null {
  const kind = markKind(key);
  const m = kind && typeof value === 'string' ? WRONG_MARKS[kind].exec(value) : null;
  return m ? m[0] : null;
}

/** The value with those marks written as LLaMA-Factory reads them. */
function halfWidth(key: string, value: string): string {
  const kind = markKind(key);
  if (kind === 'path') return value.replace(/^[“‘\u3000]+|[”’\u3000]+$/g, '');
  if (kind === 'names')
    return value
      .replace(/[，、]/g, ',')
      .replace(/；/g, ';')
      .replace(/\u3000/g, '')
      .replace(/^[“‘]+|[”’]+$/g, '');
  return [...value].map((c) => (FULL_WIDTH.test(c) ? (FULL_WIDTH_NAMES[c]?.[1] ?? '') : c)).join('');
}

/** A path written on Windows (`D:\\models\\…`, `saves\\qwen\\lora`): on the Linux instance a backslash is part of a
 * file name, not a separator. */
function isWindowsPath(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    (/^[A-Za-z]:[\\/]/.test(value.trim()) || /^[^\s\\]+(?:\\[^\s\\]+)+\\?$/.test(value.trim()))
  );
}

/** Keys whose value is a path: read at launch (the run stops when it is not there) or written (outputs). */
const READ_PATHS = [
  'model_name_or_path',
  'adapter_name_or_path',
  'dataset_dir',
  'media_dir',
  'deepspeed',
  'resume_from_checkpoint',
  'reward_model',
  'ref_model',
  'tokenized_path',
  'cache_dir',
];
const WRITTEN_PATHS = ['output_dir', 'logging_dir', 'export_dir'];
/** Keys whose value is a list of names (datasets, modules, loggers) that must match exactly. */
const NAME_KEYS = [
  'dataset',
  'eval_dataset',
  'lora_target',
  'additional_target',
  'freeze_trainable_modules',
  'freeze_extra_modules',
  'report_to',
];

/** What LLaMA-Factory does with a value a Windows machine or a chat app wrote: a Windows path, full-width punctuation. */
function pastedValueFindings(
  config: Record<string, unknown>,
  lines: Map<string, number>,
): Array<{key: string; finding: Finding}> {
  const findings: Array<{key: string; finding: Finding}> = [];
  for (const [key, value] of Object.entries(config)) {
    const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    const line = lines.get(key);
    const path = READ_PATHS.includes(key) || WRITTEN_PATHS.includes(key);
    const windows = path ? values.find(isWindowsPath) : undefined;
    if (windows !== undefined) {
      const written = WRITTEN_PATHS.includes(key);
      findings.push({
        key,
        finding: {
          id: 'launch.windows-path',
          severity: written ? 'warning' : 'error',
          box: 'yaml',
          line,
          title: `${code(key)} 是 Windows 的路径 ${code(windows)}`,
          why: written
            ? '实例是 Linux，反斜杠不是目录分隔符：训练会在启动目录下建一个名字里带反斜杠的目录，产物不在你以为的位置。'
            : `实例是 Linux，没有 D: 这样的盘符，反斜杠也不是目录分隔符，这个路径在实例上找不到。${key === 'model_name_or_path' ? '找不到目录时 transformers 把它当作 Hugging Face 上的模型名，报 HFValidationError（Repo id must use alphanumeric chars …）。' : key === 'dataset_dir' ? '训练时报 Cannot open …/dataset_info.json。' : ''}`,
          fix: `${written ? '写实例上的绝对路径' : '把文件上传到实例后，写它在实例上的绝对路径'}，用 / 分隔，例如 ${code(conventionalPath(KEY_CONVENTION[key] ?? '')?.path ?? '/workspace/user-data/')}。`,
          link: LINKS.docPaths,
        },
      });
      continue;
    }
    const wide = values.find((v) => wrongMark(key, v));
    if (wide === undefined) continue;
    const mark = wrongMark(key, wide)!;
    const [shown, ascii] = FULL_WIDTH_NAMES[mark] ?? ['全角标点', ''];
    const list = NAME_KEYS.includes(key);
    findings.push({
      key,
      finding: {
        id: 'yaml.full-width',
        severity: WRITTEN_PATHS.includes(key) ? 'warning' : 'error',
        box: 'yaml',
        line,
        title: `${code(key)} 的值里有${shown}${mark === '\u3000' ? '' : ` ${code(mark)}`}`,
        why:
          list && ['，', '、'].includes(mark)
            ? `LLaMA-Factory 只按英文逗号拆分多个名字，${code(wide)} 会被当作一整个名字，${key.endsWith('dataset') ? `训练时报 Undefined dataset ${wide} in dataset_info.json.` : '找不到同名的模块或工具。'}`
            : path
              ? `YAML 不认识全角引号和全角空格，它们成了路径的一部分：${WRITTEN_PATHS.includes(key) ? '路径不再以 / 开头，产物写到启动目录下一个奇怪的目录里。' : '这个路径在实例上找不到。'}`
              : `YAML 不认识全角标点，它们成了值的一部分，${code(wide)} 与任何可用的名字都对不上。`,
        fix: `${ascii ? `改成英文的 ${code(ascii)}` : `删掉${shown}`}，中文输入法下复制的配置要检查每一处标点。改好是 ${code(`${key}: ${halfWidth(key, wide)}`)}。`,
        link: LINKS.override,
      },
    });
  }
  return findings;
}

/** Which template each model family's chat models were trained with: LLaMA-Factory v0.9.5 README "Supported Models"
 * and extras/constants.py (register_model_group … template=). Base models take any template (README note), so only
 * chat and instruct names are matched; pre-training does not use the chat format. */
const TEMPLATE_FAMILIES: Array<{model: RegExp; templates: string[]}> = [
  {model: /^qwen3-vl-\d+b(-a\d+b)?-instruct$/i, templates: ['qwen3_vl_nothink']},
  {model: /^qwen3-vl-\d+b(-a\d+b)?-thinking$/i, templates: ['qwen3_vl']},
  {model: /^qwen2(\.5)?-vl-\d+b-instruct$/i, templates: ['qwen2_vl']},
  {model: /^qwen3-\d+(\.\d+)?b(-a\d+b)?-instruct-2507$/i, templates: ['qwen3_nothink']},
  {model: /^qwen3-\d+(\.\d+)?b(-a\d+b)?-thinking-2507$/i, templates: ['qwen3']},
  {model: /^qwen3-\d+(\.\d+)?b(-a\d+b)?$/i, templates: ['qwen3', 'qwen3_nothink']},
  {model: /^qwen2(\.5)?-\d+(\.\d+)?b(-a\d+(\.\d+)?b)?-instruct$/i, templates: ['qwen']},
  {model: /^(meta-)?llama-3(\.[0-3])?-\d+b-instruct$/i, templates: ['llama3']},
];

/** The template of a chat model LLaMA-Factory knows, when the config names another. */
function templateFinding(config: Record<string, unknown>, lines: Map<string, number>, input: Input): Finding | null {
  const template = config.template;
  const model = config.model_name_or_path;
  if (typeof template !== 'string' || typeof model !== 'string' || !TEMPLATES.includes(template)) return null;
  if (String(config.stage ?? 'sft') === 'pt') return null;
  const last =
    model
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() ?? '';
  const family = TEMPLATE_FAMILIES.find((f) => f.model.test(last));
  if (!family || family.templates.includes(template)) return null;
  const want = family.templates.map(code).join(' 或 ');
  // A vision model's template carries its image plugin (data/template.py mm_plugin); a text template has none, and
  // mm_plugin.py _validate_input refuses images with it. The built-in mllm_demo and mllm_video_demo have media.
  const textOnly = family.templates.every((t) => t.includes('_vl')) && !/vl|vision/.test(template);
  const datasets = `${String(config.dataset ?? '')},${String(config.eval_dataset ?? '')}`.split(',');
  const media =
    textOnly &&
    (datasets.some((d) => /^mllm_(video_)?demo$/.test(d.trim())) ||
      /"(images|videos)"\s*:/.test(`${input.datasetInfo ?? ''}\n${input.data ?? ''}`));
  const why = textOnly
    ? `LLaMA-Factory v${VERSION} 的模型列表里 ${last} 用 ${want}。图片和视频由模板处理，${code(template)} 是纯文本模板：数据里有图片或视频时，加载数据就报 ValueError: This model does not support image input. Please check whether the correct \`template\` is used.（视频是 video input）；只有文字时训练照常进行，但学到的对话格式与模型本来的格式不同。`
    : `LLaMA-Factory v${VERSION} 的模型列表里 ${last} 用 ${want}。模板决定对话被拼成什么文本；模板与模型不配套时训练照常进行，不会报错，但模型学到的格式与它本来的对话格式不同，部署时容易答非所问或停不下来${template === 'qwen' ? '（qwen 模板还会加上默认系统提示词 You are Qwen, created by Alibaba Cloud.）' : ''}。`;
  return {
    id: 'yaml.template-model',
    severity: media ? 'error' : 'warning',
    box: 'yaml',
    line: lines.get('template'),
    title: `${last} 要用 ${want} 模板，这里是 ${code(template)}`,
    why,
    fix: `改成 ${code(`template: ${family.templates[0]}`)}；推理和导出时用同一个模板。`,
    link: LINKS.template,
  };
}

/** What the config asks that a reader may not expect: max_steps overriding the epochs, a W&B login. */
function noticeFindings(config: Record<string, unknown>, lines: Map<string, number>): Finding[] {
  const findings: Finding[] = [];
  if (typeof config.max_steps === 'number' && config.max_steps > 0 && 'num_train_epochs' in config) {
    findings.push({
      id: 'yaml.max-steps',
      severity: 'info',
      box: 'yaml',
      line: lines.get('max_steps'),
      title: `训练 ${config.max_steps} 步就结束，num_train_epochs 不起作用`,
      why: 'max_steps 大于 0 时，transformers 的训练器按它计算训练量，轮数由步数推出，num_train_epochs 被忽略；学习率调度也按 max_steps 计算。',
      fix: '想按轮数训练就删掉 max_steps。',
      link: LINKS.batchSize,
    });
  }
  const report = Array.isArray(config.report_to) ? config.report_to : [config.report_to];
  if (report.includes('wandb') && config.do_train === true) {
    findings.push({
      id: 'launch.wandb',
      severity: 'info',
      box: 'yaml',
      line: lines.get('report_to'),
      title: 'report_to: wandb：训练开始时要连接 Weights & Biases',
      why: '实例的环境里要装有 wandb（没有时 transformers 报 WandbCallback requires wandb to be installed），并且先用 `wandb login` 登录或设置 WANDB_API_KEY；没有登录时 wandb 在训练开始时要求输入 API Key，没有终端可输入（例如用 nohup 在后台运行）时报 wandb: ERROR api_key not configured (no-tty) 并退出。',
      fix: '不用 W&B 的话写 `report_to: none`；本站的训练监控用 SwanLab 或 TensorBoard。',
      link: LINKS.monitor,
    });
  }
  return findings;
}

/** Arguments only some methods or stages read (hparams/finetuning_args.py, model/adapter.py): elsewhere they are
 * parsed and left unused. */
type Applies = (ftype: string, stage: string, config: Record<string, unknown>) => boolean;
const ONLY_FOR: Array<{keys: RegExp; applies: Applies; when: string; link: DocLink}> = [
  {
    keys: /^(lora_rank|lora_alpha|lora_dropout|loraplus_\w+|pissa_\w+|use_rslora|use_dora)$/,
    applies: (ftype) => ftype === 'lora',
    when: 'finetuning_type: lora',
    link: LINKS.loraArgs,
  },
  {
    // OFT builds its adapter on the same target modules.
    keys: /^(lora_target|additional_target|create_new_adapter)$/,
    applies: (ftype) => ftype === 'lora' || ftype === 'oft',
    when: 'finetuning_type 为 lora 或 oft',
    link: LINKS.loraArgs,
  },
  {keys: /^oft_/, applies: (ftype) => ftype === 'oft', when: 'finetuning_type: oft', link: LINKS.methodArgs},
  {
    keys: /^(freeze_trainable_modules|freeze_extra_modules)$/,
    applies: (ftype) => ftype === 'freeze',
    when: 'finetuning_type: freeze',
    link: LINKS.freezeArgs,
  },
  {
    keys: /^freeze_trainable_layers$/,
    applies: (ftype, _, config) => ftype === 'freeze' || config.use_llama_pro === true,
    when: 'finetuning_type: freeze（或 use_llama_pro）',
    link: LINKS.freezeArgs,
  },
  {
    keys: /^(pref_|dpo_|simpo_)/,
    applies: (_, stage) => ['dpo', 'kto'].includes(stage),
    when: 'stage 为 dpo 或 kto',
    link: LINKS.preferenceArgs,
  },
  {keys: /^kto_/, applies: (_, stage) => stage === 'kto', when: 'stage: kto', link: LINKS.preferenceArgs},
  {
    keys: /^(reward_model|ppo_)/,
    applies: (_, stage) => stage === 'ppo',
    when: 'stage: ppo',
    link: LINKS.preferenceArgs,
  },
];

/** Keys the config's method or stage does not read: nothing fails, the setting just does nothing. */
function unusedKeyFindings(config: Record<string, unknown>, lines: Map<string, number>): Finding[] {
  const ftype = String(config.finetuning_type ?? 'lora');
  const stage = String(config.stage ?? 'sft');
  const findings: Finding[] = [];
  // A method or stage that is not one of the choices is reported as such; which keys it reads is moot.
  if (!findArgument('finetuning_type')?.choices?.includes(ftype) || !findArgument('stage')?.choices?.includes(stage))
    return findings;
  for (const rule of ONLY_FOR) {
    if (rule.applies(ftype, stage, config)) continue;
    const keys = Object.keys(config).filter(
      (k) => rule.keys.test(k) && !LORA_ONLY.includes(k) && findArgument(k, TRAIN_GROUPS),
    );
    if (!keys.length) continue;
    findings.push({
      id: 'yaml.unused-key',
      severity: 'info',
      box: 'yaml',
      line: lines.get(keys[0]!),
      title: `${keys.map(code).join('、')} 只在 ${rule.when} 时读取，这份配置里不起作用`,
      why: `这份配置是 finetuning_type: ${ftype}、stage: ${stage}。LLaMA-Factory 照常读取这些参数但不使用它们，训练不会因此退出，设置也不会生效。`,
      fix: '删掉这些行，免得以为它们生效了。',
      link: rule.link,
    });
  }
  return findings;
}

/** Keys of Megatron-Core parallelism and fusion (examples/megatron). */
const MEGATRON =
  /^(tensor_model_parallel_size|pipeline_model_parallel_size|expert_model_parallel_size|context_parallel_size|virtual_pipeline_model_parallel_size|sequence_parallel|use_distributed_optimizer|bias_activation_fusion|apply_rope_fusion|overlap_param_gather|overlap_grad_reduce|moe_\w+|recompute_\w+)$/;

/** A config of the experimental trainer of examples/v1 (`USE_V1=1 llamafactory-cli sft`): `model` for the model and
 * nested configs, none of llamafactory-cli train's anchors. */
function isV1Config(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.includes('model') &&
    !keys.includes('model_name_or_path') &&
    keys.some((k) => ['train_dataset', 'micro_batch_size', 'dist_config', 'peft_config', 'model_class'].includes(k))
  );
}

const ORDER: Record<Severity, number> = {error: 0, warning: 1, info: 2, ok: 3};

/** Everything the page says about the pasted config, most serious first, in each severity by box and line. */
export function preflight(input: Input, {fragment = false} = {}): Finding[] {
  const findings: Finding[] = [];
  const cards = readCards(input.cards);
  if (cards && typeof cards === 'object') findings.push(cards);
  const cardCount = typeof cards === 'number' ? cards : null;
  const parsed = parseYaml(input.yaml);
  if (!input.yaml.trim()) {
    // Nothing to check yet.
  } else if (!parsed.ok) {
    const tab = /Tab/.test(parsed.reason);
    const textLines = input.yaml.split('\n');
    const errorLine = (textLines[parsed.line - 1] ?? '').replace(/\s#.*$/, '');
    const duplicate = /duplicated mapping key/.test(parsed.reason)
      ? /^(\s*)([^\s:#][^:#]*?)\s*:/.exec(textLines[parsed.line - 1] ?? '')
      : null;
    const firstLine = duplicate
      ? textLines.findIndex(
          (l) => l.startsWith(`${duplicate[1]}${duplicate[2]}`) && /^\s*:/.test(l.slice(duplicate[0].length - 1)),
        ) + 1
      : 0;
    findings.push({
      id: 'yaml.parse',
      severity: 'error',
      box: 'yaml',
      line: parsed.line,
      title: tab
        ? 'YAML 里有 Tab 字符，LLaMA-Factory 读取配置时会退出'
        : duplicate
          ? `${code(duplicate[2])} 写了两次${firstLine && firstLine !== parsed.line ? `（第 ${firstLine} 行和第 ${parsed.line} 行）` : ''}`
          : 'YAML 格式有误，无法读取',
      why: tab
        ? `${parsed.reason}。`
        : duplicate
          ? 'llamafactory-cli 用 OmegaConf 读取配置，同一层里重复的键直接报错退出：found duplicate key。'
          : `解析器说：${parsed.reason}。llamafactory-cli 在读取配置时就会退出。`,
      fix: tab
        ? '把 Tab 换成空格：缩进用两个空格，冒号后面一个空格。'
        : duplicate
          ? '删掉其中一行，只留你要的值。'
          : /：/.test(errorLine)
            ? '这一行用了中文全角冒号“：”，改成英文冒号加一个空格，例如 `template: qwen3`。'
            : /escape/.test(parsed.reason) && /"[^"]*\\/.test(errorLine)
              ? '双引号里的反斜杠是转义符，`\\m` 这样的组合 YAML 不认识。这多半是 Windows 的路径：实例是 Linux，要写实例上用 / 分隔的路径，例如 `/workspace/user-data/models/Qwen3-8B`。'
              : /\u3000/.test(errorLine)
                ? '这一行有全角空格（中文输入法下的空格），YAML 不把它当作空格。冒号后面改用一个半角空格。'
                : /^\s*[A-Za-z_][\w.-]*:(?!\/\/)\S/.test(errorLine)
                  ? '这一行的冒号后面没有空格，YAML 读不出“参数名: 值”。在冒号后面加一个空格。'
                  : /bad indentation/.test(parsed.reason)
                    ? '这一行的缩进与上下文不一致：训练参数都是顶层键，从行首写起，前面不留空格。'
                    : /flow collection/.test(parsed.reason)
                      ? '这一行的方括号或花括号没有配对。多个值也可以不用括号，直接写成 `dataset: a,b`。'
                      : /quoted scalar/.test(parsed.reason)
                        ? '这一行的引号没有配对：补上结尾的引号，或者去掉开头的引号。'
                        : '常见原因是缩进不一致、冒号后面没有空格、同一个键写了两次、用了全角冒号或 Tab。',
      link: LINKS.override,
    });
  } else if (isV1Config(parsed.value)) {
    findings.push({
      id: 'yaml.v1-config',
      severity: 'warning',
      box: 'yaml',
      line: parsed.lines.get('model') ?? 1,
      title: '这是 LLaMA-Factory 实验性新版训练器（examples/v1）的配置',
      why: '它用 model、train_dataset、micro_batch_size 等键，要设置环境变量 USE_V1=1 再启动（例如 `USE_V1=1 llamafactory-cli sft …`）；用 llamafactory-cli train 启动时这些键都不认识。本页检查的是 llamafactory-cli train 的配置，不核对这种格式。',
      fix: '用本站的训练配置写法：model_name_or_path、stage、finetuning_type、dataset 等。',
      link: LINKS.override,
    });
  } else if (
    !parsed.value ||
    typeof parsed.value !== 'object' ||
    Array.isArray(parsed.value) ||
    !isConfig(parsed.value as Record<string, unknown>)
  ) {
    findings.push({
      id: 'yaml.not-config',
      severity: 'info',
      box: 'yaml',
      line: 1,
      title: '这不像 LLaMA-Factory 的训练配置',
      why: '本页检查 llamafactory-cli train 用的 YAML：每一行是“参数名: 值”，通常有 model_name_or_path、stage、finetuning_type 等键。',
      link: LINKS.override,
    });
  } else {
    const config = parsed.value as Record<string, unknown>;
    const lines = parsed.lines;
    const command = configCommand(config);
    if (isJsonConfig(input.yaml)) {
      findings.push({
        id: 'yaml.json-config',
        severity: 'warning',
        box: 'yaml',
        line: 1,
        title: '这份配置是 JSON 写的：要存成 .yaml 文件再启动',
        why: `LLaMA-Factory v${VERSION} 按配置文件的扩展名选择读法（hparams/parser.py）：.yaml、.yml 用 OmegaConf 读取；.json 交给 json.load 时传的是路径而不是打开的文件，启动时报 AttributeError: 'PosixPath' object has no attribute 'read'。JSON 也是 YAML，同样的内容存成 .yaml 文件就能读取。本页按 .yaml 文件的读法检查它。`,
        fix: `把它存成 .yaml 文件（例如 ${conventionalPath('configs')?.path ?? '/workspace/user-data/configs/'}train.yaml），用 \`llamafactory-cli train …/train.yaml\` 启动；文件已经是 .yaml 就不用改。`,
        link: LINKS.override,
      });
    }
    // Megatron-Core keys (examples/megatron) are arguments of mcore_adapter's TrainingArguments, parsed instead of
    // transformers' when USE_MCA=1 (hparams/parser.py _parse_train_mca_args).
    const megatron = Object.keys(config).filter((k) => MEGATRON.test(k) && !findArgument(k, TRAIN_GROUPS));
    if (megatron.length) {
      findings.push({
        id: 'yaml.megatron',
        severity: 'warning',
        box: 'yaml',
        line: lines.get(megatron[0]!),
        title: `${megatron.slice(0, 3).map(code).join('、')} 是 Megatron（mcore_adapter）的参数`,
        why: '这类配置要在安装了 mcore_adapter 的环境里用 `USE_MCA=1 llamafactory-cli train …` 启动；直接启动时 HfArgumentParser 不认识这些键，报 Some keys are not used by the HfArgumentParser。本页不核对 Megatron 的参数。',
        fix: '不用 Megatron 的话，删掉这些参数，多卡训练改用 DeepSpeed。',
        link: LINKS.deepspeed,
      });
    }
    // A value with full-width punctuation or a Windows path is worded once, by what it is.
    const pasted = pastedValueFindings(config, lines);
    findings.push(...pasted.map((p) => p.finding));
    const pastedKeys = new Set(pasted.map((p) => p.key));
    for (const p of configProblems(config, {fragment})) {
      if (p.code === 'unknown-key' && megatron.length && !misspelt(p.key)) continue;
      if (['choice', 'template'].includes(p.code) && pastedKeys.has(p.key)) continue;
      if (p.code === 'type' && /^(eval_)?dataset$/.test(p.key) && names(p.value).length) {
        // DataArguments.__post_init__ (split_arg) takes a list as it is: it works, though pages write `a,b`.
        findings.push({
          id: 'yaml.dataset-list',
          severity: 'info',
          box: 'yaml',
          line: lines.get(p.key),
          title: `${code(p.key)} 写成了列表`,
          why: `LLaMA-Factory v${VERSION} 把逗号分隔的字符串拆成列表，列表原样使用，两种写法效果相同。本站的配置写成 \`${p.key}: a,b\`。`,
          link: LINKS.dataArgs,
        });
        continue;
      }
      findings.push(configFinding(p, command, lines.get(p.key)));
    }
    if (command === 'infer') {
      findings.push({
        id: 'yaml.infer-config',
        severity: 'info',
        box: 'yaml',
        line: lines.get('export_dir') ?? lines.get('infer_backend') ?? 1,
        title: '这是导出或对话配置',
        why: '它有 export_dir 或 infer_backend，给 llamafactory-cli export 或 chat 使用；本页按这两个命令接受的参数检查它，训练相关的检查不适用。',
        link: 'export_dir' in config ? LINKS.exportArgs : LINKS.chat,
      });
    } else {
      findings.push(...checkDatasets(config, input, lines).findings);
      findings.push(...unusedKeyFindings(config, lines));
      const template = templateFinding(config, lines, input);
      if (template) findings.push(template);
      findings.push(...noticeFindings(config, lines));
      findings.push(...launchFindings(config, cardCount, lines));
      // Memory for training: a prediction or chat config loads the model without training it.
      const memory = config.do_train === true ? memoryFinding(config, cardCount, lines) : null;
      if (memory) findings.push(memory);
      if (![config.do_train, config.do_eval, config.do_predict].includes(true) && !fragment) {
        findings.push({
          id: 'yaml.no-train',
          severity: 'info',
          box: 'yaml',
          line: 1,
          title: '这份配置没有 `do_train: true`',
          why: 'do_train 默认是 false：用 llamafactory-cli train 启动时只加载模型，不训练。只有模型、适配器和模板的配置是给 llamafactory-cli chat 或 webchat 用的。',
          fix: '要训练的话，加上 `do_train: true` 和 `dataset`。',
          link: LINKS.methodArgs,
        });
      }
    }
  }
  if (!input.yaml.trim() && input.data?.trim()) findings.push(...checkDatasets({}, input, new Map()).findings);
  const boxes: Box[] = ['yaml', 'datasetInfo', 'data', 'cards'];
  return findings
    .map((f, i) => ({f, i}))
    .sort(
      (a, b) =>
        ORDER[a.f.severity] - ORDER[b.f.severity] ||
        boxes.indexOf(a.f.box) - boxes.indexOf(b.f.box) ||
        (a.f.line ?? 0) - (b.f.line ?? 0) ||
        a.i - b.i,
    )
    .map(({f}) => f);
}

/** The words of a finding a reader reads (title, why, fix). */
export function findingText(f: Finding): string {
  return [f.title, f.why, f.fix ?? ''].join(' ');
}
