// The estimator's Markdown: tables computed from the estimating function and the model presets at build time, and
// the expansion of the two leaf directives a page writes for them. `::estimator-table{name="methods"}` becomes one of
// TABLES; `::gpu-estimator` marks where the interactive estimator goes (src/plugins/estimator-remark.ts renders the
// component there; the Markdown copy, llms files and search index get GPU_ESTIMATOR_TEXT). The same expansion runs in
// the Docusaurus build (remark plugin) and in src/content (search, llms, checks), so tables appear everywhere alike.
import {estimate, GIB, LIMIT_GIB, smallestCards, type Method, type Setup, type Zero} from './estimate';
import {LEFT_OUT, MODELS, type ModelPreset} from './models';

/** Setup the tables assume, besides model, method and cards. */
export const TABLE_BASE = {
  loraRank: 8,
  loraTarget: 'all',
  precision: 'bf16',
  zero: 'none',
  offload: false,
  cutoffLen: 2048,
  batchSize: 1,
  gradientCheckpointing: true,
  cards: 1,
} as const satisfies Omit<Setup, 'model' | 'method'>;

const gb = (x: number) => (x >= 100 ? Math.round(x).toString() : x.toFixed(1));

/** Models of the memory table's columns, and the rows. */
const TABLE_MODELS = ['qwen3-4b', 'qwen3-8b', 'qwen3-14b', 'qwen3-32b', 'qwen3-30b-a3b', 'llama-3.1-70b-instruct'];
const ROWS: Array<[string, Method, Partial<Setup>]> = [
  ['全参数（`bf16` 混合精度）', 'full', {}],
  ['全参数（`pure_bf16`）', 'full', {precision: 'pure_bf16'}],
  ['冻结（训练最后 2 层）', 'freeze', {}],
  ['LoRA（秩 8，`all`）', 'lora', {}],
  ['QLoRA 8 bit', 'qlora8', {}],
  ['QLoRA 4 bit', 'qlora4', {}],
];

const presets = (ids: string[]) => ids.map((id) => MODELS.find((m) => m.id === id)!);

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function table(head: string[], rows: string[][]): string {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
}

/** Single card, no DeepSpeed: total GB for each method and model. */
function methodsTable(): string {
  const models = presets(TABLE_MODELS);
  return table(
    ['微调方法', ...models.map((m) => m.name)],
    ROWS.map(([label, method, over]) => [
      label,
      ...models.map((model) => gb(estimate({...TABLE_BASE, ...over, model, method}).totalGiB)),
    ]),
  );
}

/** The fewest cards, trying no DeepSpeed, then ZeRO-3, then ZeRO-3 offload (slow): the first that fits on ≤ 8 cards. */
export function fewestCards(
  model: ModelPreset,
  method: Method,
  batchSize = 2,
): {cards: number; zero: Zero; offload: boolean} | null {
  const tries: Array<[Zero, boolean]> = [
    ['none', false],
    ['z3', false],
    ['z3', true],
  ];
  for (const [zero, offload] of tries) {
    const cards = smallestCards({...TABLE_BASE, batchSize, model, method, zero, offload});
    if (cards !== null) return {cards, zero, offload};
  }
  return null;
}

function cardsCell(model: ModelPreset, method: Method): string {
  const best = fewestCards(model, method);
  if (!best) return '8 卡放不下';
  const how = best.zero === 'none' ? '' : best.offload ? '（ZeRO-3 + offload）' : '（ZeRO-3）';
  return `${best.cards} 卡${how}`;
}

/** Per preset model: the fewest H800 cards for LoRA, QLoRA 4 bit and full fine-tuning. */
function cardsTable(): string {
  return table(
    ['模型', '总参数量', 'LoRA', 'QLoRA 4 bit', '全参数（`bf16`）'],
    MODELS.map((m) => [
      m.name,
      `${m.paramsB}B${m.activeB ? `（激活 ${m.activeB}B）` : ''}`,
      cardsCell(m, 'lora'),
      cardsCell(m, 'qlora4'),
      cardsCell(m, 'full'),
    ]),
  );
}

/** Inference: bf16 weights and the cards that hold them with room for the KV cache. */
function inferenceTable(): string {
  return table(
    ['模型', 'bf16 权重', '放下权重至少'],
    MODELS.map((m) => {
      const weights = (m.paramsB * 1e9 * 2) / GIB;
      const cards = [1, 2, 4, 8].find((n) => weights / n + 2 <= LIMIT_GIB);
      return [m.name, `${gb(weights)} GB`, cards ? `${cards} 卡` : '8 卡放不下'];
    }),
  );
}

/** Table of the presets' figures and their sources. */
function modelsTable(): string {
  return table(
    ['模型', '参数量', '层数', '隐藏层', '注意力头 / KV 头', '词表', '来源'],
    MODELS.map((m) => [
      m.name,
      `${m.paramsB}B${m.activeB ? `（激活 ${m.activeB}B，${m.moe!.experts} 个专家选 ${m.moe!.perToken} 个）` : ''}`,
      String(m.layers),
      String(m.hidden),
      `${m.heads} / ${m.kvHeads}`,
      String(m.vocab),
      `<${m.sources.config}>`,
    ]),
  );
}

/** Models the platform offers that the estimator leaves out, and why. */
function leftOutTable(): string {
  return table(
    ['模型', '为什么不在列表中'],
    LEFT_OUT.map((m) => [m.name, m.why]),
  );
}

export const TABLES: Record<string, () => string> = {
  leftout: leftOutTable,
  methods: methodsTable,
  cards: cardsTable,
  inference: inferenceTable,
  models: modelsTable,
};

export const GPU_ESTIMATOR_TEXT =
  '（网页上这里是交互式显存估算器：选择模型、微调方法、DeepSpeed 和卡数，即可看到每卡显存和所需卡数。）';

const DIRECTIVE = /^::(estimator-table|gpu-estimator)(?:\{name="([a-z]+)"\})?[ \t]*$/;

/** What one directive line stands for, or null when the line is no estimator directive. */
export function directiveMarkdown(line: string): string | null {
  const m = DIRECTIVE.exec(line);
  if (!m) return null;
  if (m[1] === 'gpu-estimator') return GPU_ESTIMATOR_TEXT;
  const make = TABLES[m[2] ?? ''];
  if (!make) throw new Error(`Unknown estimator table "${m[2] ?? ''}" (known: ${Object.keys(TABLES).join(', ')})`);
  return make();
}

/** The Markdown with every estimator directive line replaced by what it stands for (outside code fences). */
export function expandEstimatorDirectives(markdown: string): string {
  if (!markdown.includes('::estimator-table') && !markdown.includes('::gpu-estimator')) return markdown;
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const f = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (f) {
        if (fence === null) fence = f;
        else if (f.startsWith(fence)) fence = null;
        return line;
      }
      return fence === null ? (directiveMarkdown(line) ?? line) : line;
    })
    .join('\n');
}
