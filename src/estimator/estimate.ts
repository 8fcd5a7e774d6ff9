// The GPU-memory estimate of one LLaMA-Factory v0.9.5 training setup on H800 cards: memory per card broken down into
// weights, gradients, optimizer states, activations and overhead, and the smallest card count (1, 2, 4 or 8) that
// fits with HEADROOM to spare. One function for the page's interactive estimator, its build-time tables and the unit
// tests; the formulas are written out on the page (guide/shili/{product}, "估算方法"). Pure TypeScript: no React, no
// Node, no DOM.
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
  cards: number;
}

/** GiB (1024³ bytes): what nvidia-smi and PyTorch report. */
export const GIB = 1024 ** 3;
/** One H800's memory as nvidia-smi reports it: 81559 MiB. */
export const CARD_GIB = 81559 / 1024;
/** Share of the card kept free for what the estimate misses (allocator spikes, longer samples). */
export const HEADROOM = 0.1;
/** The most a setup may need per card to count as fitting. */
export const LIMIT_GIB = CARD_GIB * (1 - HEADROOM);
export const CARD_COUNTS = [1, 2, 4, 8] as const;
/** LLaMA-Factory v0.9.5 `freeze_trainable_layers` default: the last 2 layers are trained. */
export const FREEZE_LAYERS = 2;
/** Fixed overhead per card: CUDA context, cuBLAS workspaces, NCCL buffers (GiB). */
export const FIXED_OVERHEAD_GIB = 2;
/** Allocator fragmentation and cached blocks, as a share of everything else. */
export const FRAGMENTATION = 0.05;
/** Bytes per token and vocabulary entry for the output layer: bf16 logits, their fp32 copy for the loss, the fp32
 * gradient and its bf16 cast (2 + 4 + 4 + 2). */
export const LOGIT_BYTES = 12;

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
  fits: boolean;
  /** Parameters trained (LoRA adapters, the last layers, or all). */
  trainable: number;
  /** Parts of the figure that are rough (shown with the result). */
  rough: RoughPart[];
}

export type RoughPart = 'moe-activations' | 'offload' | 'custom-shape';

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

/** Memory per card for one setup. */
export function estimate(s: Setup): Estimate {
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

  // Trainable parameters: LLaMA-Factory casts them to fp32 unless `pure_bf16` or ZeRO-3 (adapter.py); DeepSpeed's bf16
  // mode keeps bf16 parameters and gradients and an fp32 master copy inside the optimizer (4 + 4 + 4 bytes with Adam).
  // Without DeepSpeed: fp32 weights, fp32 gradients, Adam's two fp32 moments (4 + 4 + 8), or all bf16 with pure_bf16.
  let weightBytes: number;
  let gradBytes: number;
  let optimBytes: number;
  if (deepspeed) {
    weightBytes = trainable * 2;
    gradBytes = trainable * 2;
    optimBytes = trainable * 12;
  } else if (s.precision === 'pure_bf16') {
    weightBytes = trainable * 2;
    gradBytes = trainable * 2;
    optimBytes = trainable * 4;
  } else {
    weightBytes = trainable * 4;
    gradBytes = trainable * 4;
    optimBytes = trainable * 8;
  }
  weightBytes += frozenBytes;

  // ZeRO partitioning across the n cards (data parallel keeps a full copy on each).
  if (stage >= 1) optimBytes /= n;
  if (stage >= 2) gradBytes /= n;
  let gatherBytes = 0;
  if (stage >= 3) {
    weightBytes /= n;
    // ZeRO-3 gathers the layer being computed and prefetches the next: two layers' bf16 weights in full.
    gatherBytes = 2 * d.perLayer * (isQuantized(s.method) ? (s.method === 'qlora4' ? 0.52 : 1) : 2);
  }
  if (s.offload && stage >= 2) {
    // Optimizer states live in CPU memory; ZeRO-3 offload also keeps parameters there, leaving the gathered layers.
    optimBytes = 0;
    if (stage >= 3) weightBytes = 0;
  }

  // Activations for one micro-batch of `batchSize` samples of `cutoffLen` tokens (every sample assumed full length).
  // With gradient checkpointing each layer keeps its bf16 input and one layer's internals are rebuilt at a time;
  // without it every layer keeps its internals. Attention is FlashAttention/SDPA (no seq² matrix). Per token:
  const tokens = s.batchSize * s.cutoffLen;
  const kvDim = model.kvHeads * model.headDim;
  const qDim = model.heads * model.headDim;
  const layerInternals = 2 * (4 * model.hidden + qDim + 2 * kvDim + 4 * d.activeIntermediate);
  const layersBytes = s.gradientCheckpointing
    ? model.layers * model.hidden * 2 + layerInternals
    : model.layers * (layerInternals + 2 * model.hidden);
  const logits = LOGIT_BYTES * model.vocab;
  const activationBytes = tokens * (layersBytes + logits);

  const sub = weightBytes + gatherBytes + gradBytes + optimBytes + activationBytes;
  const overheadBytes = FIXED_OVERHEAD_GIB * GIB + FRAGMENTATION * sub + gatherBytes;
  const perCard: Breakdown = {
    weights: weightBytes / GIB,
    gradients: gradBytes / GIB,
    optimizer: optimBytes / GIB,
    activations: activationBytes / GIB,
    overhead: overheadBytes / GIB,
  };
  const totalGiB = Object.values(perCard).reduce((a, b) => a + b, 0);
  return {perCard, totalGiB, fits: totalGiB <= LIMIT_GIB, trainable, rough};
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
  const best = bestChange(s);
  if (!best || KEEPS_METHOD.includes(best.kind)) return null;
  const fitting = changes(s).filter((c) => c.cards !== null && KEEPS_METHOD.includes(c.kind));
  const slow = (c: Change) => (c.kind === 'zero3-offload' ? 1 : 0);
  fitting.sort((a, b) => slow(a) - slow(b) || a.cards! - b.cards! || a.at8 - b.at8);
  return fitting[0] ?? null;
}
