// The estimator's interface text, through Docusaurus' translate() (the Chinese lives in i18n/zh-Hans/code.json; the
// messages here are the same text, as the site's other components write them). Ids start with `estimator.`.
import {translate} from '@docusaurus/Translate';
import type {ChangeKind, RoughPart} from '@site/src/estimator/estimate';
import type {FieldError} from '@site/src/estimator/form';

const t = (id: string, message: string, values?: Record<string, string | number>) =>
  translate({id: `estimator.${id}`, message}, values);

export const METHOD_LABELS: Record<string, string> = {
  full: t('method.full', '全参数微调（full）'),
  freeze: t('method.freeze', '冻结微调（freeze，训练最后 2 层）'),
  lora: t('method.lora', 'LoRA'),
  qlora8: t('method.qlora8', 'QLoRA 8 bit'),
  qlora4: t('method.qlora4', 'QLoRA 4 bit'),
};

export const ZERO_LABELS: Record<string, string> = {
  none: t('zero.none', '不用 DeepSpeed'),
  z0: t('zero.z0', 'ZeRO-0（ds_z0_config.json）'),
  z1: t('zero.z1', 'ZeRO-1（ds_z1_config.json，需自备）'),
  z2: t('zero.z2', 'ZeRO-2（ds_z2_config.json）'),
  z3: t('zero.z3', 'ZeRO-3（ds_z3_config.json）'),
};

export const PART_LABELS = {
  weights: t('part.weights', '权重'),
  gradients: t('part.gradients', '梯度'),
  optimizer: t('part.optimizer', '优化器状态'),
  activations: t('part.activations', '激活值'),
  overhead: t('part.overhead', '其他开销'),
};

export const CHANGE_LABELS: Record<ChangeKind, string> = {
  'gradient-checkpointing': t('change.gradientCheckpointing', '打开梯度检查点'),
  zero3: t('change.zero3', '改用 DeepSpeed ZeRO-3'),
  'zero3-offload': t('change.zero3Offload', '改用 DeepSpeed ZeRO-3 并开启 offload'),
  lora: t('change.lora', '改用 LoRA'),
  qlora4: t('change.qlora4', '改用 QLoRA 4 bit'),
  'cutoff-half': t('change.cutoffHalf', '把 cutoff_len 减半'),
  'batch-1': t('change.batch1', '把批大小降到 1'),
};

export const ROUGH: Record<RoughPart, string> = {
  'moe-activations': t(
    'rough.moeActivations',
    'MoE 模型的激活值按每个 token 经过的专家估算，路由不均时会更多，数字较粗。',
  ),
  offload: t('rough.offload', 'offload 把状态放到内存，显存数字只计算留在卡上的部分，较粗；训练会明显变慢。'),
  'custom-shape': t('rough.customShape', '自定义模型的 MLP 宽度由参数量推算，LoRA 参数量较粗。'),
  'allocator-cache': t(
    'rough.allocatorCache',
    '样本长短不一（没有打开 packing）时，单卡训练中 PyTorch 会留着释放过的各种大小的显存块，nvidia-smi 看到的占用越积越多：其他开销里按实测加了与激活值相当的一份，数字较粗。打开 packing，或设置环境变量 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True（多卡时 LLaMA-Factory 默认设置），可以省去这部分。',
  ),
};

export const LABELS = {
  noScript: t('noScript', '交互式估算器需要启用 JavaScript。没有 JavaScript 时，可以查阅下面由同一套公式生成的表格。'),
  form: t('form', '显存估算'),
  modelGroup: t('group.model', '模型'),
  model: t('field.model', '模型'),
  custom: t('field.model.custom', '自定义'),
  params: t('field.params', '总参数量（B，十亿）'),
  active: t('field.active', '激活参数量（B，MoE 才填）'),
  layers: t('field.layers', '层数'),
  hidden: t('field.hidden', '隐藏层大小'),
  heads: t('field.heads', '注意力头数'),
  kvHeads: t('field.kvHeads', 'KV 头数'),
  vocab: t('field.vocab', '词表大小'),
  methodGroup: t('group.method', '方法与精度'),
  method: t('field.method', '微调方法'),
  rank: t('field.rank', 'LoRA 秩（lora_rank）'),
  target: t('field.target', 'LoRA 作用的层（lora_target）'),
  targetAll: t('field.target.all', '全部线性层（all）'),
  precision: t('field.precision', '精度'),
  precisionBf16: t('field.precision.bf16', 'bf16 混合精度'),
  trainingGroup: t('group.training', '训练设置'),
  cutoff: t('field.cutoff', '序列长度（cutoff_len）'),
  batch: t('field.batch', '每卡批大小（per_device_train_batch_size）'),
  cards: t('field.cards', 'H800 卡数'),
  cardsHint: t('field.cards.hint', '1、2、4 或 8'),
  zero: t('field.zero', 'DeepSpeed'),
  offload: t('field.offload', '开启 offload（把状态放到内存）'),
  gc: t('field.gc', '梯度检查点（LLaMA-Factory 默认开启）'),
  liger: t('field.liger', 'Liger kernel（enable_liger_kernel，不再保存完整的输出层 logits）'),
  packing: t('field.packing', '样本打包（packing，每步都是 cutoff_len 个 token；样本都补齐到 cutoff_len 时也选这项）'),
  result: t('result', '估算结果'),
  fixInput: t('result.fixInput', '请先改正标出的输入。'),
  fits: t('result.fits', '放得下'),
  doesNotFit: t('result.doesNotFit', '放不下'),
  nothingFits: t(
    'result.nothingFits',
    '按现在的设置，1、2、4、8 张卡都放不下，单项改动也不够：请组合使用 QLoRA、ZeRO-3 和更短的序列。',
  ),
  yaml: t('yaml', '对应的训练配置（节选）'),
  yamlLabel: t('yaml.label', '对应的训练配置'),
  copy: t('yaml.copy', '复制配置'),
  copied: t('yaml.copied', '已复制'),
  copyFailed: t('yaml.copyFailed', '浏览器不允许复制，请选中配置后手动复制'),
  zero1: t(
    'yaml.zero1',
    'LLaMA-Factory v0.9.5 的 examples/deepspeed 里没有 ZeRO-1 配置：复制 ds_z0_config.json，把 "stage" 的值改成 1，另存为 ds_z1_config.json。',
  ),
};

export const invalidModel = (id: string) => t('field.model.invalid', '无效：{id}', {id});
export const perCardHeadline = (total: string, verdict: string) =>
  t('result.headline', '每卡约 {total} GB，{verdict}', {total, verdict});
export const perCardDetail = (cards: number, card: string, limit: string, need: string) =>
  t(
    'result.detail',
    '（{cards} 张 H800，每卡 {card} GB。估算另加激活值的 15% 作余量后为 {need} GB，不超过每卡的 90% 即 {limit} GB 才算放得下）。',
    {cards, card, limit, need},
  );
export const needCards = (cards: number) => t('result.need', '其他设置不变时，至少需要 {cards} 张卡。', {cards});
export const bestChangeText = (change: string, cards: number) =>
  t('result.bestChange', '按现在的设置，1、2、4、8 张卡都放不下。最有效的改动：{change}，之后 {cards} 张卡可以放下。', {
    change,
    cards,
  });
export const keepMethodText = (change: string, cards: number) =>
  t('result.keepMethod', '不换方法的话：{change}，之后 {cards} 张卡可以放下。', {change, cards});
export const barLabel = (total: string) => t('result.bar', '每卡显存构成，共 {total} GB', {total});
export const legendItem = (part: string, gib: string) => t('result.legend', '{part} {gib} GB', {part, gib});

/** A field's error in words. */
export function errorMessage(e: FieldError): string {
  const v = {min: e.values?.min ?? '', max: e.values?.max ?? '', hidden: e.values?.hidden ?? ''};
  switch (e.code) {
    case 'required':
      return t('error.required', '请填写这一项');
    case 'notNumber':
      return t('error.notNumber', '请输入数字');
    case 'notInteger':
      return t('error.notInteger', '请输入整数');
    case 'integerRange':
      return t('error.integerRange', '请输入 {min} 到 {max} 之间的整数', v);
    case 'decimalRange':
      return t('error.decimalRange', '请输入大于 0、不超过 {max} 的数', v);
    case 'activeOverTotal':
      return t('error.activeOverTotal', '激活参数量不能大于总参数量');
    case 'headsDivideHidden':
      return t('error.headsDivideHidden', '隐藏层大小要能被注意力头数整除');
    case 'kvDivideHeads':
      return t('error.kvDivideHeads', 'KV 头数要能整除注意力头数');
    case 'paramsBelowEmbedding':
      return t('error.paramsBelowEmbedding', '参数量小于词表嵌入（词表大小 × 隐藏层大小），请检查');
    case 'shapeMismatch':
      return t('error.shapeMismatch', '层数和隐藏层大小与参数量对不上，请检查');
    case 'unknownModel':
      return t('error.unknownModel', '请从列表中选择模型');
    case 'unknownMethod':
      return t('error.unknownMethod', '请选择微调方法');
    case 'rankOverHidden':
      return t('error.rankOverHidden', 'LoRA 秩不能大于模型的隐藏层大小（{hidden}）', v);
    case 'unknownTarget':
      return t('error.unknownTarget', '请选择 LoRA 作用的层');
    case 'unknownPrecision':
      return t('error.unknownPrecision', '请选择精度');
    case 'pureBf16Zero3':
      return t(
        'error.pureBf16Zero3',
        'pure_bf16 不能与 ZeRO-3 同时使用，LLaMA-Factory 会在启动时报错：请改用 bf16，或换一个 DeepSpeed 配置',
      );
    case 'unknownZero':
      return t('error.unknownZero', '请选择 DeepSpeed 配置');
    case 'cardCount':
      return t('error.cardCount', '卡数只能是 1、2、4 或 8');
  }
}
