// The public models the GPU-memory estimator offers as presets (guide/shili/{product}). Every figure comes from the
// model's config.json on its Hugging Face page (layers, sizes, heads, vocabulary, experts) or its model card (the
// published parameter count); the URLs are recorded beside each model. The architecture figures were checked against a
// verbatim copy of those config.json files found in a public repository (the hub itself is not reachable from CI).
// To add a model: README, "显存估算器". No React, no Node: the page's component and the build both import it.

export interface MoeSpec {
  /** Routed experts per MoE layer (`num_experts`). */
  experts: number;
  /** Experts each token is routed to (`num_experts_per_tok`). */
  perToken: number;
  /** Intermediate size of one expert (`moe_intermediate_size`). */
  expertIntermediate: number;
}

export interface Architecture {
  /** Total parameters, as published (model card), in billions. */
  paramsB: number;
  /** MoE: parameters active per token, as published, in billions. Dense models: absent. */
  activeB?: number;
  layers: number;
  hidden: number;
  heads: number;
  kvHeads: number;
  /** Width of one attention head (`head_dim`; hidden / heads when the config has none). */
  headDim: number;
  /** Dense MLP width (`intermediate_size`). Absent for custom models: derived from the parameter count. */
  intermediate?: number;
  vocab: number;
  /** `tie_word_embeddings`: the output layer shares the embedding matrix. */
  tied: boolean;
  moe?: MoeSpec;
}

export interface ModelPreset extends Architecture {
  /** URL-safe id, e.g. `qwen3-14b`. */
  id: string;
  /** The name readers know it by (the hub name). */
  name: string;
  /** Where the figures come from: the config.json and the model card. */
  sources: {config: string; card: string};
}

const hf = (repo: string) => ({
  config: `https://huggingface.co/${repo}/blob/main/config.json`,
  card: `https://huggingface.co/${repo}`,
});

export const MODELS: readonly ModelPreset[] = [
  {
    id: 'qwen3-4b',
    name: 'Qwen3-4B',
    // Card: 4.0B parameters, 36 layers, 32 Q / 8 KV heads. config.json: hidden 2560, intermediate 9728, tied.
    paramsB: 4.0,
    layers: 36,
    hidden: 2560,
    heads: 32,
    kvHeads: 8,
    headDim: 128,
    intermediate: 9728,
    vocab: 151936,
    tied: true,
    sources: hf('Qwen/Qwen3-4B'),
  },
  {
    id: 'qwen3-4b-instruct-2507',
    name: 'Qwen3-4B-Instruct-2507',
    // Card: 4.0B parameters, 36 layers, 32 Q / 8 KV heads, 262,144 context. config.json: the shapes of Qwen3-4B
    // (hidden 2560, intermediate 9728, head_dim 128, tied); only the context length and rope_theta differ.
    paramsB: 4.0,
    layers: 36,
    hidden: 2560,
    heads: 32,
    kvHeads: 8,
    headDim: 128,
    intermediate: 9728,
    vocab: 151936,
    tied: true,
    sources: hf('Qwen/Qwen3-4B-Instruct-2507'),
  },
  {
    id: 'qwen3-8b',
    name: 'Qwen3-8B',
    // Card: 8.2B parameters (6.95B non-embedding), 36 layers, 32 Q / 8 KV heads. config.json: hidden 4096, 12288.
    paramsB: 8.2,
    layers: 36,
    hidden: 4096,
    heads: 32,
    kvHeads: 8,
    headDim: 128,
    intermediate: 12288,
    vocab: 151936,
    tied: false,
    sources: hf('Qwen/Qwen3-8B'),
  },
  {
    id: 'qwen3-14b',
    name: 'Qwen3-14B',
    // Card: 14.8B parameters, 40 layers, 40 Q / 8 KV heads. config.json: hidden 5120, intermediate 17408.
    paramsB: 14.8,
    layers: 40,
    hidden: 5120,
    heads: 40,
    kvHeads: 8,
    headDim: 128,
    intermediate: 17408,
    vocab: 151936,
    tied: false,
    sources: hf('Qwen/Qwen3-14B'),
  },
  {
    id: 'qwen3-32b',
    name: 'Qwen3-32B',
    // Card: 32.8B parameters, 64 layers, 64 Q / 8 KV heads. config.json: hidden 5120, intermediate 25600.
    paramsB: 32.8,
    layers: 64,
    hidden: 5120,
    heads: 64,
    kvHeads: 8,
    headDim: 128,
    intermediate: 25600,
    vocab: 151936,
    tied: false,
    sources: hf('Qwen/Qwen3-32B'),
  },
  {
    id: 'qwen3-30b-a3b',
    name: 'Qwen3-30B-A3B',
    // Card: 30.5B total, 3.3B activated, 48 layers, 32 Q / 4 KV heads, 128 experts, 8 activated.
    // config.json: hidden 2048, moe_intermediate_size 768, every layer sparse (decoder_sparse_step 1).
    paramsB: 30.5,
    activeB: 3.3,
    layers: 48,
    hidden: 2048,
    heads: 32,
    kvHeads: 4,
    headDim: 128,
    vocab: 151936,
    tied: false,
    moe: {experts: 128, perToken: 8, expertIntermediate: 768},
    sources: hf('Qwen/Qwen3-30B-A3B'),
  },
  {
    id: 'qwen2.5-7b-instruct',
    name: 'Qwen2.5-7B-Instruct',
    // Card: 7.61B parameters, 28 layers, 28 Q / 4 KV heads. config.json: hidden 3584, intermediate 18944.
    paramsB: 7.61,
    layers: 28,
    hidden: 3584,
    heads: 28,
    kvHeads: 4,
    headDim: 128,
    intermediate: 18944,
    vocab: 152064,
    tied: false,
    sources: hf('Qwen/Qwen2.5-7B-Instruct'),
  },
  {
    id: 'qwen2.5-72b-instruct',
    name: 'Qwen2.5-72B-Instruct',
    // Card: 72.7B parameters, 80 layers, 64 Q / 8 KV heads. config.json: hidden 8192, intermediate 29568.
    paramsB: 72.7,
    layers: 80,
    hidden: 8192,
    heads: 64,
    kvHeads: 8,
    headDim: 128,
    intermediate: 29568,
    vocab: 152064,
    tied: false,
    sources: hf('Qwen/Qwen2.5-72B-Instruct'),
  },
  {
    id: 'llama-3.2-3b-instruct',
    name: 'Llama-3.2-3B-Instruct',
    // Card: 3.21B parameters. config.json: 28 layers, hidden 3072, 24 Q / 8 KV heads, intermediate 8192, tied.
    paramsB: 3.21,
    layers: 28,
    hidden: 3072,
    heads: 24,
    kvHeads: 8,
    headDim: 128,
    intermediate: 8192,
    vocab: 128256,
    tied: true,
    sources: hf('meta-llama/Llama-3.2-3B-Instruct'),
  },
  {
    id: 'meta-llama-3-8b-instruct',
    name: 'Meta-Llama-3-8B-Instruct',
    // Card: 8B parameters (8.03B, the same shapes as Llama-3.1-8B). config.json: 32 layers, hidden 4096, 32 Q / 8 KV
    // heads, intermediate 14336, vocabulary 128256, output layer not tied; 8,192 context.
    paramsB: 8.03,
    layers: 32,
    hidden: 4096,
    heads: 32,
    kvHeads: 8,
    headDim: 128,
    intermediate: 14336,
    vocab: 128256,
    tied: false,
    sources: hf('meta-llama/Meta-Llama-3-8B-Instruct'),
  },
  {
    id: 'llama-3.1-8b-instruct',
    name: 'Llama-3.1-8B-Instruct',
    // Card: 8.03B parameters. config.json: 32 layers, hidden 4096, 32 Q / 8 KV heads, intermediate 14336.
    paramsB: 8.03,
    layers: 32,
    hidden: 4096,
    heads: 32,
    kvHeads: 8,
    headDim: 128,
    intermediate: 14336,
    vocab: 128256,
    tied: false,
    sources: hf('meta-llama/Llama-3.1-8B-Instruct'),
  },
  {
    id: 'llama-3.1-70b-instruct',
    name: 'Llama-3.1-70B-Instruct',
    // Card: 70.6B parameters. config.json: 80 layers, hidden 8192, 64 Q / 8 KV heads, intermediate 28672.
    paramsB: 70.6,
    layers: 80,
    hidden: 8192,
    heads: 64,
    kvHeads: 8,
    headDim: 128,
    intermediate: 28672,
    vocab: 128256,
    tied: false,
    sources: hf('meta-llama/Llama-3.1-70B-Instruct'),
  },
];

/** Models the platform offers that the estimator leaves out, and why (shown on the page). */
export const LEFT_OUT: readonly {name: string; why: string}[] = [
  {name: 'Qwen3-Next-80B-A3B', why: '混合注意力（线性注意力与门控注意力交替），本页的激活值公式不适用'},
  {name: 'GPT-OSS-20B / 120B', why: '权重以 MXFP4 发布，训练时的精度与显存取决于反量化方式，本页公式不适用'},
  {name: 'Qwen3-VL、Qwen2.5-VL、Llama-3.2-11B-Vision 等多模态模型', why: '视觉编码器的参数和图像 token 数未计入'},
];

export function findModel(id: string): ModelPreset | undefined {
  return MODELS.find((m) => m.id === id);
}
