// The GPU-memory estimate of one LLaMA-Factory v0.9.5 training setup on H800 cards: memory per card broken down into
// weights, gradients, optimizer states, activations and overhead, and the smallest card count (1, 2, 4 or 8) that
// fits with HEADROOM and ACTIVATION_HEADROOM to spare. One function for the page's interactive estimator, its
// build-time tables and the unit tests; the formulas are written out on the page (guide/shili/{product}, "估算方法").
// Pure TypeScript: no React, no Node, no DOM.
import type {Architecture} from './models';

export type Method = 'full' | 'freeze' | 'lora' | 'qlora8' | 'qlora4';
export type Precision = 'bf16' | 'pure_bf16';
/** `none`: no DeepSpeed (plain data parallel); `z0`–`z3`: DeepSpeed ZeRO stage 0–3. */
export type Zero = 'none' | 'z0' | 'z1' | 'z2' | 'z3';
/** `all`: every linear layer of the decoder (LLaMA-Factory's `lora_target: all`); `qv`: `q_proj,v_proj`. */
export type LoraTarget = 'all' | 'qv';

export interface Setup {
  model: Architecture;
  method: Method;
  loraRank: number;
  loraTarget: LoraTarget;
  precision: Precision;
  zero: Zero;
  /** DeepSpeed offload of optimizer states (ZeRO-2) or of states and parameters (ZeRO-3) to CPU memory. */
  offload: boolean;
  cutoffLen: number;
  batchSize: number;
  gradientCheckpointing: boolean;
  /** LLaMA-Factory's `enable_liger_kernel`: fused kernels, and a cross entropy fused with the output layer that
   * computes the loss in chunks and never holds the full logits. */
  liger: boolean;
  /** LLaMA-Factory's `packing` (or `neat_packing`): samples are packed into sequences of exactly `cutoff_len` tokens, so
   * every step has the same shapes. Off (LLaMA-Factory's default for SFT), each batch is padded to its longest sample
   * and the shapes change from step to step. */
  packing: boolean;
  cards: number;
}

/** GiB (1024³ bytes): what nvidia-smi and PyTorch report. */
export const GIB = 1024 ** 3;
/** One H800's memory as nvidia-smi reports it: 81559 MiB. */
export const CARD_GIB = 81559 / 1024;
/** Share of the card kept free for what the estimate misses: on the validation set the estimate rarely reads more than
 * 10 % low (the page's accuracy table counts them). */
export const HEADROOM = 0.1;
/** The most a setup may need per card to count as fitting, before ACTIVATION_HEADROOM. */
export const LIMIT_GIB = CARD_GIB * (1 - HEADROOM);
/** Further headroom, as a share of the activations, before a setup counts as fitting: the activations are the least
 * certain part of the estimate and the part that grows with tokens per card. The output layer's cost depends on the
 * transformers version (12 bytes per token and vocabulary entry in 4.57; the 4.4x releases of 2024 also copied the
 * shifted fp32 logits in the loss, about 16), and how much the allocator caches depends on the data's lengths.
 * Measured: unsloth's table of the longest sequence that fits (Hugging Face + FlashAttention 2, QLoRA; measurements.json)
 * filled 80 GB cards at 28,454 tokens (Llama-3.1-8B) and 6,916 tokens (Llama-3.3-70B), where the estimate with packing
 * is 82 % and 88 % of the card: 10 % of the card alone would call both "fits". */
export const ACTIVATION_HEADROOM = 0.15;
export const CARD_COUNTS = [1, 2, 4, 8] as const;
/** LLaMA-Factory v0.9.5 `freeze_trainable_layers` default: the last 2 layers are trained. */
export const FREEZE_LAYERS = 2;
/** Fixed overhead per card: CUDA context, cuBLAS workspaces, NCCL buffers (GiB). */
export const FIXED_OVERHEAD_GIB = 2;
/** The part of FIXED_OVERHEAD_GIB that is the CUDA context: nvidia-smi counts it, `torch.cuda.max_memory_reserved`
 * does not (the validation set compares like with like). */
export const CUDA_CONTEXT_GIB = 0.5;
/** Allocator fragmentation and cached blocks, as a share of the memory held all along (weights, gradients, states,
 * DeepSpeed's buffers). */
export const FRAGMENTATION = 0.05;
/** Bytes per token and vocabulary entry for the output layer without Liger kernel. transformers 4.57 upcasts the
 * logits before the loss (`loss/loss_utils.py`, `ForCausalLMLoss`: `logits = logits.float()`): at the end of the
 * forward pass a token holds its bf16 logits (2), their fp32 copy (4) and the fp32 log-softmax that cross entropy keeps
 * for backward (4); in backward the first two are gone but the log-softmax, its gradient and the logits' fp32 gradient
 * meet (3 × 4). The larger, 12, counts. Measured: Liger kernel, which never holds the logits, saved 10.3 bytes per token
 * and entry (ms-swift, Qwen2.5-7B, 8192 tokens; measurements.json). */
export const LOGIT_BYTES = 12;
/** DeepSpeed ZeRO-3 (LLaMA-Factory's ds_z3_config.json: `stage3_max_live_parameters` 1e9): parameters it keeps
 * gathered in full at once. */
export const ZERO3_LIVE_PARAMS = 1e9;
/** LLaMA-Factory's ds_z3_config.json: `sub_group_size`, the parameters ZeRO-3 steps at a time. */
export const DEEPSPEED_SUB_GROUP = 1e9;
/** LLaMA-Factory's ds_z2_config.json: `reduce_bucket_size` and `allgather_bucket_size`, 5e8 elements each. */
export const ZERO2_BUCKET = 5e8;
/** Samples of different lengths (no packing, LLaMA-Factory's default) on one card: what PyTorch's caching allocator
 * keeps reserved beyond the memory in use, as a share of the activations. Freed blocks stay reserved for reuse
 * (nvidia-smi and `torch.cuda.max_memory_reserved` count them); a step longer than any before needs blocks larger than
 * the cached ones and gets new ones, while the old ones are split up by smaller tensors, so the reserved high-water mark
 * climbs above the largest step by an amount that grows with the activations. Measured (measurements.json, ms-swift 2.x
 * benchmark: `max_memory_reserved` over a dataset of 91 to 19,548 tokens a sample, one A100, no DeepSpeed): above the
 * estimate with packing by 0.4 to 2.1 times the activations (median 1.2) for Qwen 1.8B to 14B and Yi-6B LoRA at 1,024
 * to 8,192 tokens, batch 1 to 4; in the same benchmark's Tuners table a LoRA run reserved 4.3 GiB more unpacked than
 * packed on the same data, 0.95 times its activations (qwen-7b-chat, 2,048 tokens). 1.0 gives the lowest 90th
 * percentile of the whole set among 0.8 to 1.4. When the card runs short the allocator frees cached blocks and retries,
 * so this part never takes the total past the card. */
export const VARIED_LENGTH_CACHE = 1.0;

export interface Breakdown {
  weights: number;
  gradients: number;
  optimizer: number;
  activations: number;
  overhead: number;
}

export interface Estimate {
  /** Per card, GiB. */
  perCard: Breakdown;
  totalGiB: number;
  /** What the fits verdict compares with the card less HEADROOM: the total (the cache uncapped) plus
   * ACTIVATION_HEADROOM of the activations. */
  needGiB: number;
  fits: boolean;
  /** Parameters trained (LoRA adapters, the last layers, or all). */
  trainable: number;
  /** Parts of the figure that are rough (shown with the result). */
  rough: RoughPart[];
}

export type RoughPart = 'moe-activations' | 'offload' | 'custom-shape' | 'allocator-cache';

export interface Derived {
  /** Parameter count (total), from the published figure. */
  params: number;
  embedding: number;
  /** Output layer (0 when tied to the embedding). */
  head: number;
  /** One decoder layer. */
  perLayer: number;
  /** Linear layers of one decoder layer: [in, out] pairs, each expert's counted. */
  linears: Array<[number, number, number]>;
  /** MLP width each token goes through (dense intermediate, or experts per token × expert width). */
  activeIntermediate: number;
}

/** Shapes derived from the architecture: linear layers per decoder layer and the parameters outside them. */
export function derive(model: Architecture): Derived {
  const {hidden: h, heads, kvHeads, headDim, vocab, layers} = model;
  const params = model.paramsB * 1e9;
  const embedding = vocab * h;
  const head = model.tied ? 0 : vocab * h;
  const q = heads * headDim;
  const kv = kvHeads * headDim;
  // [in, out, count]
  const linears: Array<[number, number, number]> = [
    [h, q, 1],
    [h, kv, 1],
    [h, kv, 1],
    [q, h, 1],
  ];
  const attention = 2 * h * q + 2 * h * kv;
  let activeIntermediate: number;
  if (model.moe) {
    const {experts, perToken, expertIntermediate: e} = model.moe;
    linears.push([h, e, 2 * experts], [e, h, experts], [h, experts, 1]);
    activeIntermediate = perToken * e;
  } else {
    // Custom models give no MLP width: what the parameter count leaves after embeddings and attention is the MLP.
    const intermediate =
      model.intermediate ?? Math.max(1, ((params - embedding - head) / layers - attention) / (3 * h));
    linears.push([h, intermediate, 2], [intermediate, h, 1]);
    activeIntermediate = intermediate;
  }
  const perLayer = (params - embedding - head) / layers;
  return {params, embedding, head, perLayer, linears, activeIntermediate};
}

/** Parameters LoRA adds: rank × (in + out) for each targeted linear layer, in every decoder layer. */
export function loraParams(model: Architecture, rank: number, target: LoraTarget): number {
  const {linears} = derive(model);
  const chosen = target === 'all' ? linears : [linears[0]!, linears[2]!];
  return model.layers * chosen.reduce((sum, [i, o, n]) => sum + rank * (i + o) * n, 0);
}

const isQuantized = (m: Method) => m === 'qlora4' || m === 'qlora8';
const isAdapter = (m: Method) => m === 'lora' || m === 'qlora4' || m === 'qlora8';

/** Memory per card for one setup, on cards of `cardGiB` (the allocator's cache fills at most the card). */
export function estimate(s: Setup, cardGiB: number = CARD_GIB): Estimate {
  const model = s.model;
  const d = derive(model);
  const n = s.cards;
  const stage = s.zero === 'none' ? -1 : Number(s.zero.slice(1));
  const deepspeed = stage >= 0;
  const rough: RoughPart[] = [];
  if (model.moe || model.activeB !== undefined) rough.push('moe-activations');
  if (s.offload && stage >= 2) rough.push('offload');
  if (!model.moe && model.intermediate === undefined) rough.push('custom-shape');

  // Trainable parameters.
  const trainable = isAdapter(s.method)
    ? loraParams(model, s.loraRank, s.loraTarget)
    : s.method === 'freeze'
      ? Math.min(FREEZE_LAYERS, model.layers) * d.perLayer
      : d.params;
  const frozen = isAdapter(s.method) ? d.params : d.params - trainable;

  // Frozen base weights: bf16, or quantized linear layers (bitsandbytes NF4 with double quantization: 4.127 bits a
  // weight; LLM.int8: 8 bits plus a 4-byte scale per row) with embeddings, output layer and norms kept in bf16.
  let frozenBytes: number;
  if (isQuantized(s.method)) {
    const linear = d.params - d.embedding - d.head;
    const bits = s.method === 'qlora4' ? 4.127 : 8.01;
    frozenBytes = (linear * bits) / 8 + (d.embedding + d.head) * 2;
  } else frozenBytes = frozen * 2;

  // Trainable parameters: LLaMA-Factory casts them to fp32 unless `pure_bf16` or ZeRO-3 (adapter.py), and DeepSpeed's
  // bf16 mode casts the whole model to bf16 at any stage. Without DeepSpeed: fp32 weights, fp32 gradients, Adam's two fp32 moments
  // (4 + 4 + 8), or all bf16 with pure_bf16 (2 + 2 + 4). DeepSpeed: bf16 weights and gradients and, inside the
  // optimizer, an fp32 master copy and the moments (2 + 2 + 12).
  let weightBytes: number;
  let gradBytes: number;
  let optimBytes: number;
  // What the optimizer step adds for a moment, after backward has freed the activations. PyTorch's AdamW (foreach, the
  // default on CUDA) builds temporaries the size of the trainable parameters in their own precision; DeepSpeed's
  // fused Adam builds none, but first casts the gradients to fp32 (4 bytes), under ZeRO-3 one sub-group of
  // DEEPSPEED_SUB_GROUP parameters at a time.
  let stepBytes: number;
  if (deepspeed) {
    weightBytes = trainable * 2;
    gradBytes = trainable * 2;
    optimBytes = trainable * 12;
    stepBytes = trainable * 4;
  } else {
    const bytes = s.precision === 'pure_bf16' ? 2 : 4;
    weightBytes = trainable * bytes;
    gradBytes = trainable * bytes;
    optimBytes = trainable * 2 * bytes;
    stepBytes = trainable * bytes;
  }
  weightBytes += frozenBytes;

  // ZeRO partitioning across the n cards (data parallel keeps a full copy on each).
  if (stage >= 1) {
    optimBytes /= n;
    stepBytes /= n;
  }
  if (stage >= 2) gradBytes /= n;
  if (stage >= 3) stepBytes = Math.min(stepBytes, 4 * DEEPSPEED_SUB_GROUP);
  // What DeepSpeed holds besides: ZeRO-2 its reduce bucket (bf16); ZeRO-3 the parameters it gathers to compute with
  // (up to `stage3_max_live_parameters`, at least the two layers being computed and prefetched, and the whole output
  // layer or embedding when it is bigger) and its reduce and prefetch buckets (`auto`: hidden² and 0.9 × hidden²
  // elements). Parameters under `stage3_param_persistence_threshold` (10 × hidden: norms and biases) stay whole on every
  // card: a few MB, not counted.
  let bufferBytes = 0;
  if (stage === 2) bufferBytes = ZERO2_BUCKET * 2;
  if (stage >= 3) {
    weightBytes /= n;
    const perParam = isQuantized(s.method) ? (s.method === 'qlora4' ? 0.52 : 1) : 2;
    const live = Math.min(d.params, Math.max(ZERO3_LIVE_PARAMS, 2 * d.perLayer, model.vocab * model.hidden));
    bufferBytes = live * perParam + 1.9 * model.hidden ** 2 * 2;
  }
  if (s.offload && stage >= 2) {
    // Optimizer states live in CPU memory; ZeRO-3 offload also keeps parameters there, leaving the gathered layers.
    optimBytes = 0;
    stepBytes = 0;
    if (stage >= 3) weightBytes = 0;
  }

  // Activations for one micro-batch of `batchSize` samples of `cutoffLen` tokens (every sample assumed full length:
  // with packing every step is; without it a batch is padded to its longest sample, and the longest steps are what
  // count). With gradient checkpointing each layer keeps its bf16 input and one layer's internals are rebuilt at a
  // time; without it every layer keeps its internals. Attention is FlashAttention/SDPA (no seq² matrix). Per token:
  const tokens = s.batchSize * s.cutoffLen;
  const kvDim = model.kvHeads * model.headDim;
  const qDim = model.heads * model.headDim;
  const layerInternals = 2 * (4 * model.hidden + qDim + 2 * kvDim + 4 * d.activeIntermediate);
  // With checkpointing, the layer being rebuilt holds its internals and, during its backward, their gradients.
  const layersBytes = s.gradientCheckpointing
    ? model.layers * model.hidden * 2 + 2 * layerInternals
    : model.layers * (layerInternals + 2 * model.hidden);
  // The output layer: LOGIT_BYTES per vocabulary entry; with Liger kernel the fused cross entropy holds one chunk of
  // logits (counted as none) but, when the output layer is trained, an fp32 gradient of its weight.
  const logits = s.liger ? 0 : LOGIT_BYTES * model.vocab;
  const ligerHead = s.liger && s.method === 'full' ? model.vocab * model.hidden * 4 : 0;
  // A batch of several samples padded to its longest: transformers hands SDPA (LLaMA-Factory's default attention) a
  // boolean batch × seq × seq mask, shared by every layer, gigabytes at long cutoffs. Packed batches have no padding
  // and SDPA runs without a mask.
  const mask = s.batchSize > 1 && !s.packing ? s.batchSize * s.cutoffLen ** 2 : 0;
  // bitsandbytes computes a quantized linear layer by first dequantizing its weight to a bf16 copy, in the forward
  // pass and again in backward (bitsandbytes `MatMul4Bit`, `MatMul8bitLt`): at most the largest weight, twice.
  const largestLinear = Math.max(...d.linears.map(([i, o]) => i * o));
  const dequant = isQuantized(s.method) ? 2 * largestLinear * 2 : 0;
  const activationBytes = tokens * (layersBytes + logits) + ligerHead + mask + dequant;

  // Without packing the shapes change from step to step and the allocator keeps what it freed: VARIED_LENGTH_CACHE.
  // Only on one card: LLaMA-Factory starts training on several cards through torchrun with
  // PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (launcher.py, OPTIM_TORCH, on by default), where the allocator
  // grows one segment and reuses its free space for larger tensors instead of keeping blocks of every size.
  const cacheBytes = s.packing || s.cards > 1 ? 0 : VARIED_LENGTH_CACHE * activationBytes;
  if (cacheBytes > 0) rough.push('allocator-cache');
  // The optimizer step comes after backward has freed the activations; it reuses those blocks (and the cache): the
  // peak is the larger of the two.
  const stepExtra = Math.max(0, stepBytes - activationBytes - cacheBytes);
  optimBytes += stepExtra;
  const held = weightBytes + gradBytes + optimBytes - stepExtra + bufferBytes;
  const overheadBytes = FIXED_OVERHEAD_GIB * GIB + FRAGMENTATION * held + bufferBytes;
  // The cache only takes memory the card has: when cudaMalloc fails, PyTorch frees cached blocks and retries.
  const used = weightBytes + gradBytes + optimBytes + activationBytes + overheadBytes;
  const cacheShown = Math.min(cacheBytes, Math.max(0, cardGiB * GIB - used));
  const perCard: Breakdown = {
    weights: weightBytes / GIB,
    gradients: gradBytes / GIB,
    optimizer: optimBytes / GIB,
    activations: activationBytes / GIB,
    overhead: (overheadBytes + cacheShown) / GIB,
  };
  const totalGiB = Object.values(perCard).reduce((a, b) => a + b, 0);
  // Fits: within the card less HEADROOM, with ACTIVATION_HEADROOM of the activations to spare besides. A total the
  // cache has taken to the card fits nowhere (its need is the whole card).
  const needGiB = (used + cacheBytes) / GIB + ACTIVATION_HEADROOM * perCard.activations;
  return {perCard, totalGiB, fits: fitsOn(needGiB, CARD_GIB), needGiB, trainable, rough};
}

/** Whether a need (Estimate.needGiB) fits a card of `cardGiB`: within the card less HEADROOM. */
export function fitsOn(needGiB: number, cardGiB: number): boolean {
  return needGiB <= cardGiB * (1 - HEADROOM);
}

/** The smallest card count of CARD_COUNTS at which the setup fits, or null. */
export function smallestCards(s: Setup): number | null {
  for (const cards of CARD_COUNTS) if (estimate({...s, cards}).fits) return cards;
  return null;
}

export type ChangeKind =
  'gradient-checkpointing' | 'zero3' | 'zero3-offload' | 'lora' | 'qlora4' | 'cutoff-half' | 'batch-1';

export interface Change {
  kind: ChangeKind;
  setup: Setup;
  /** Smallest card count with the change, or null. */
  cards: number | null;
  /** Per-card GiB with the change, at 8 cards. */
  at8: number;
}

/** Single changes that lower memory, each tried alone. */
export function changes(s: Setup): Change[] {
  const out: Array<[ChangeKind, Setup]> = [];
  if (!s.gradientCheckpointing) out.push(['gradient-checkpointing', {...s, gradientCheckpointing: true}]);
  if (s.zero !== 'z3') out.push(['zero3', {...s, zero: 'z3', offload: false}]);
  if (!(s.zero === 'z3' && s.offload)) out.push(['zero3-offload', {...s, zero: 'z3', offload: true}]);
  if (s.method === 'full' || s.method === 'freeze') out.push(['lora', {...s, method: 'lora'}]);
  if (s.method !== 'qlora4') out.push(['qlora4', {...s, method: 'qlora4'}]);
  if (s.cutoffLen >= 256) out.push(['cutoff-half', {...s, cutoffLen: Math.floor(s.cutoffLen / 2)}]);
  if (s.batchSize > 1) out.push(['batch-1', {...s, batchSize: 1}]);
  return out.map(([kind, setup]) => ({
    kind,
    setup,
    cards: smallestCards(setup),
    at8: estimate({...setup, cards: 8}).totalGiB,
  }));
}

/** The change that helps most: the fewest cards; among equals, the least memory at 8 cards. Offload, which slows
 * training down a lot, only when nothing else fits. Null when no single change fits. */
export function bestChange(s: Setup): Change | null {
  const fitting = changes(s).filter((c) => c.cards !== null);
  const slow = (c: Change) => (c.kind === 'zero3-offload' ? 1 : 0);
  fitting.sort((a, b) => slow(a) - slow(b) || a.cards! - b.cards! || a.at8 - b.at8);
  return fitting[0] ?? null;
}

/** Changes that keep the fine-tuning method. */
export const KEEPS_METHOD: readonly ChangeKind[] = [
  'gradient-checkpointing',
  'zero3',
  'zero3-offload',
  'cutoff-half',
  'batch-1',
];

/** The best change that keeps the method, when the best change overall switches it; else null. */
export function bestChangeKeepingMethod(s: Setup): Change | null {
  if (smallestCards(s) !== null) return null;
  const best = bestChange(s);
  if (!best || KEEPS_METHOD.includes(best.kind)) return null;
  const fitting = changes(s).filter((c) => c.cards !== null && KEEPS_METHOD.includes(c.kind));
  const slow = (c: Change) => (c.kind === 'zero3-offload' ? 1 : 0);
  fitting.sort((a, b) => slow(a) - slow(b) || a.cards! - b.cards! || a.at8 - b.at8);
  return fitting[0] ?? null;
}
