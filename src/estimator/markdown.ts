// The estimator's Markdown: what a page writes to show the estimating function's figures, expanded at build time so
// the figures are plain HTML (present without JavaScript) and can never disagree with the interactive estimator.
//
// - `::estimator-table{name="methods"}` (a line of its own) becomes one of TABLES.
// - `::gpu-estimator` (a line of its own) marks where the interactive estimator goes.
// - `:gpu-mem{model=qwen3-8b method=lora cutoff=512 batch=16}` (inline, anywhere in prose or a table) becomes one
//   figure: see `figureText`.
//
// One expansion on the syntax tree (`expandEstimatorTree`) serves both the Docusaurus build
// (src/plugins/estimator-remark.ts) and the content pipeline (src/content: search, checks); plain-text copies (llms
// files, the per-page `.md`) expand line by line with `expandEstimatorLine`. Positions stay the directive's, so file
// lines in check messages are the lines the writer sees.
import type {Nodes, Parents, Root, RootContent} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {gfm} from 'micromark-extension-gfm';
import {
  CARD_COUNTS,
  estimate,
  FIXED_OVERHEAD_GIB,
  GIB,
  LIMIT_GIB,
  smallestCards,
  type Method,
  type Setup,
  type Zero,
} from './estimate';
import {DEFAULTS, describeError, QUERY_KEYS, parseValues, type Field, type FormValues} from './form';
import {LEFT_OUT, MODELS, type ModelPreset} from './models';
import {checkAll, SOURCES, summarize, type Checked} from './validation';

type Position = NonNullable<Nodes['position']>;

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
  liger: false,
  packing: false,
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
      const weights = weightsPerCard(m.paramsB, 'none', 1);
      const cards = CARD_COUNTS.find((n) => weights / n + FIXED_OVERHEAD_GIB <= LIMIT_GIB);
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

const percent = (x: number) => `${x > 0 ? '+' : ''}${Math.round(x * 100)}%`;
const METHOD_NAMES: Partial<Record<Method, string>> = {lora: 'LoRA', qlora4: 'QLoRA 4 bit', full: '全参数'};

/** The estimate against the validation set (measurements.json): per source, per method and in all. */
function accuracyTable(): string {
  const rows = checkAll();
  const line = (label: string, subset: Checked[]) => {
    const s = summarize(subset);
    const none = s.compared === 0;
    return [
      label,
      s.compared < s.count ? `${s.count}（${s.count - s.compared} 次占满整卡）` : String(s.count),
      none ? '—' : percent(s.medianError),
      none ? '—' : `${Math.round(s.medianAbsError * 100)}%`,
      none ? '—' : `${Math.round(s.p90AbsError * 100)}%`,
      String(s.underHeadroom),
      String(s.fitsButOver),
    ];
  };
  const bySource = Object.entries(SOURCES).map(([id, source]) =>
    line(
      `[${source.label}](${source.url})（${source.lengths === 'fixed' ? '每步长度固定' : '样本长短不一'}）`,
      rows.filter((r) => r.measurement.source === id),
    ),
  );
  const byMethod = Object.entries(METHOD_NAMES).map(([method, name]) =>
    line(
      name,
      rows.filter((r) => r.method === method),
    ),
  );
  return table(
    [
      '实测来源',
      '次数',
      '估算与实测之差（中位数）',
      '误差中位数',
      '误差 90 分位',
      '低估超过 10%',
      '说放得下却超出整卡',
    ],
    [
      ...bySource,
      ...byMethod,
      line(
        '每步长度固定，合计',
        rows.filter((r) => r.source.lengths === 'fixed'),
      ),
      line(
        '样本长短不一，合计',
        rows.filter((r) => r.source.lengths === 'varied'),
      ),
      line('全部', rows),
    ],
  );
}

export const TABLES: Record<string, () => string> = {
  accuracy: accuracyTable,
  leftout: leftOutTable,
  methods: methodsTable,
  cards: cardsTable,
  inference: inferenceTable,
  models: modelsTable,
};

export const GPU_ESTIMATOR_TEXT =
  '（网页上这里是交互式显存估算器：选择模型、微调方法、DeepSpeed 和卡数，即可看到每卡显存和所需卡数。）';

/** The figure directive's name: `:gpu-mem{…}`. */
export const FIGURE = 'gpu-mem';

/** What a figure shows: `total` (default), the memory per card of the setup; `weights`, the model's bf16 weights
 * (parameters × 2 bytes), split over the cards under ZeRO-3; `cards`, the fewest of 1, 2, 4, 8 cards on which the
 * setup fits with its DeepSpeed choice; `limit`, the most a setup may need per card to count as fitting (the card
 * less the headroom); `overhead`, the fixed overhead per card the estimate adds. The last two take no setup. */
export const FIGURE_SHOWS = ['total', 'weights', 'cards', 'limit', 'overhead'] as const;

/** A figure as prose quotes it: whole GB from 10 up, one decimal below (a figure is an estimate, "约 N GB"). */
export function figureNumber(gib: number): string {
  return gib >= 10 ? String(Math.round(gib)) : String(Number(gib.toFixed(1)));
}

const FIELD_OF_KEY = new Map(Object.entries(QUERY_KEYS).map(([field, key]) => [key, field as Field]));

/**
 * The text of one `:gpu-mem{…}` figure. Its attributes are the estimator's URL keys (model, method, rank, target,
 * precision, zero, offload, cutoff, batch, gc, liger, packing, cards; model=custom with params, layers, hidden, heads,
 * kv, vocab), with the estimator's defaults (LoRA rank 8 on all layers, bf16, no DeepSpeed, cutoff_len 2048, batch 2,
 * gradient checkpointing, no packing, 1 card; `cards=fewest` takes the smallest count that fits), plus `show`
 * (FIGURE_SHOWS). For models the estimator leaves out, `params` alone (in billions, no model) gives `show=weights`.
 * Throws an Error that names the directive and the attribute at fault.
 */
export function figureText(attributes: Record<string, string | null | undefined>): string {
  const written = Object.entries(attributes)
    .map(([k, v]) => (v ? `${k}=${v}` : k))
    .join(' ');
  const fail = (why: string) => new Error(`:${FIGURE}{${written}}: ${why}`);
  const show = attributes.show ?? 'total';
  if (!(FIGURE_SHOWS as readonly string[]).includes(show)) throw fail(`show must be one of ${FIGURE_SHOWS.join(', ')}`);
  if (show === 'limit' || show === 'overhead') {
    if (Object.keys(attributes).length > 1) throw fail(`show=${show} takes no other attribute`);
    return figureNumber(show === 'limit' ? LIMIT_GIB : FIXED_OVERHEAD_GIB);
  }
  const values: FormValues = {...DEFAULTS};
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'show') continue;
    const field = FIELD_OF_KEY.get(key);
    if (!field) throw fail(`unknown attribute "${key}" (known: show, ${[...FIELD_OF_KEY.keys()].join(', ')})`);
    values[field] = value ?? '';
  }
  if (attributes.model === undefined && attributes.params !== undefined) {
    // A model the estimator leaves out: its published parameter count gives the weights, nothing else.
    if (show !== 'weights') throw fail('params without model gives show=weights only');
    const params = Number(values.params);
    if (!(params > 0 && params <= 2000)) throw fail(`params must be a count in billions, got "${values.params}"`);
    const cards = Number(values.cards);
    if (!(CARD_COUNTS as readonly number[]).includes(cards)) throw fail('cards must be 1, 2, 4 or 8 here');
    return figureNumber(weightsPerCard(params, values.zero, cards));
  }
  // cards=fewest: the smallest card count on which the setup fits (what show=cards prints), so a table row can give
  // the card count and the memory per card at that count from one setup.
  const fewest = values.cards === 'fewest';
  const {setup, errors} = parseValues(fewest ? {...values, cards: '1'} : values);
  if (!setup) {
    const [field, error] = Object.entries(errors)[0]!;
    throw fail(`${QUERY_KEYS[field as Field]}: ${describeError(error)}`);
  }
  const smallest = show === 'cards' || fewest ? smallestCards(setup) : setup.cards;
  if (smallest === null) throw fail('the setup fits on no card count up to 8; quote a setup that fits');
  if (show === 'cards') return String(smallest);
  const atCards = {...setup, cards: smallest};
  if (show === 'weights') return figureNumber(weightsPerCard(setup.model.paramsB, atCards.zero, atCards.cards));
  return figureNumber(estimate(atCards).totalGiB);
}

/** bf16 weights per card: the whole model, or its share of `cards` under ZeRO-3. */
function weightsPerCard(paramsB: number, zero: string, cards: number): number {
  return (paramsB * 1e9 * 2) / GIB / (zero === 'z3' ? cards : 1);
}

/** A directive node as mdast-util-directive parses it (as much as this module reads). */
interface DirectiveNode {
  type: 'leafDirective' | 'textDirective' | 'containerDirective';
  name: string;
  attributes?: Record<string, string | null | undefined> | null;
  position?: Position;
}

function at<T extends Nodes>(node: T, position: Position | undefined): T {
  if (position) node.position = {start: {...position.start}, end: {...position.end}};
  else delete node.position;
  if ('children' in node) node.children.forEach((c) => at(c, position));
  return node;
}

/** The Markdown of one of TABLES. */
export function tableMarkdown(name: string): string {
  const make = TABLES[name];
  if (!make) throw new Error(`Unknown estimator table "${name}" (known: ${Object.keys(TABLES).join(', ')})`);
  return make();
}

function tableNodes(name: string): RootContent[] {
  return fromMarkdown(tableMarkdown(name), {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]}).children;
}

/**
 * Replaces the estimator's directives in `tree`: tables and figures by what they stand for, `::gpu-estimator` by what
 * `estimator` returns (the component in the build, GPU_ESTIMATOR_TEXT elsewhere). New nodes take the directive's
 * position. Returns true when an estimator was placed.
 */
export function expandEstimatorTree(tree: Root, estimator: () => RootContent): boolean {
  let placed = false;
  const expand = (parent: Parents) => {
    parent.children = parent.children.flatMap((child): RootContent[] => {
      const d = child as unknown as DirectiveNode;
      if (d.type === 'leafDirective' && d.name === 'estimator-table') {
        return tableNodes(d.attributes?.name ?? '').map((n) => at(n, d.position));
      }
      if (d.type === 'leafDirective' && d.name === 'gpu-estimator') {
        placed = true;
        return [at(estimator(), d.position)];
      }
      if (d.type === 'textDirective' && d.name === FIGURE) {
        const where = d.position ? ` (line ${d.position.start.line})` : '';
        try {
          return [at({type: 'text', value: figureText(d.attributes ?? {})}, d.position)];
        } catch (e) {
          throw new Error(`${(e as Error).message}${where}`);
        }
      }
      if ('children' in child) expand(child);
      return [child];
    }) as typeof parent.children;
  };
  expand(tree);
  return placed;
}

const LEAF = /^(\s*)::(estimator-table|gpu-estimator)(?:\{name="([a-z]+)"\})?[ \t]*$/;
const INLINE = new RegExp(`:${FIGURE}\\{([^}\\n]*)\\}`, 'g');
const ATTRIBUTE = /([a-z]+)=(?:"([^"]*)"|([\w.-]+))/g;

/** The attributes written inside `{…}` (key=value or key="value"), or an Error for anything else. */
export function parseAttributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const rest = text.replace(ATTRIBUTE, (_, key: string, quoted?: string, bare?: string) => {
    out[key] = quoted ?? bare ?? '';
    return '';
  });
  if (rest.trim()) throw new Error(`:${FIGURE}{${text}}: cannot read "${rest.trim()}" (write key=value pairs)`);
  return out;
}

/** One line of Markdown prose (not code) as plain-text copies show it: a directive line becomes its table or the
 * estimator's note, inline figures their numbers (inline code is left as written). */
export function expandEstimatorLine(line: string): string {
  const leaf = LEAF.exec(line);
  if (leaf) {
    if (leaf[2] === 'gpu-estimator') return GPU_ESTIMATOR_TEXT;
    return tableMarkdown(leaf[3] ?? '');
  }
  if (!line.includes(`:${FIGURE}{`)) return line;
  // Split off inline code spans (`…`), which keep the directive as written.
  return line
    .split(/(`+[^`]*`+)/)
    .map((part) =>
      part.startsWith('`') ? part : part.replace(INLINE, (_, attrs: string) => figureText(parseAttributes(attrs))),
    )
    .join('');
}
