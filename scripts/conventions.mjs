// One home for each fact: the site's conventions live in src/content/conventions.json; a page that contradicts them
// fails `npm run check:docs`:
// - every /workspace path (prose and code) lies in one of the conventional locations; a folder named after a
//   convention (output, logs, configs ...) must be that convention's folder;
// - a sentence, list item or table row pairing an upload or download method with a size bound uses that method's bound;
// - a bold label the reader is told to click or open (after 点击、选择、进入、打开…, or in a ＞ path) is a listed label;
// - a GPU-memory figure (N GB on a line about 显存, or in a table whose header is) comes from the estimator
//   (`:gpu-mem{…}`, src/estimator/markdown.ts), except the card's own capacity.
import {readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {toString} from 'mdast-util-to-string';
import yaml from 'js-yaml';
import {codeBlocks, codeLines} from '../src/content';
import {QUERY_KEYS} from '../src/estimator/form';
import {FIGURE, figureText} from '../src/estimator/markdown';
import {MODELS} from '../src/estimator/models';
import {CONVENTIONS_FILE, checkPath, workspacePaths} from '../src/content/workspace-paths';
import {reference} from './llamafactory/code-blocks.mjs';

export {CONVENTIONS_FILE};

const here = dirname(fileURLToPath(import.meta.url));
export const conventions = JSON.parse(readFileSync(join(here, '..', CONVENTIONS_FILE), 'utf8'));

const PATHS = conventions.paths;

// The path rule is pure and runs in the browser too (the 训练前检查 page): src/content/workspace-paths.ts.
export {checkPath, workspacePaths};

const BOUND = /(几十|几百|十几|几个|几|[0-9]+)\s*(KB|MB|GB|TB)\s*(以内|以下|以上)/g;
const METHODS = conventions.transfers.methods.map((m) => ({...m, re: new RegExp(m.words, 'g')}));

function normaliseBound(text) {
  return text
    .replace(/\s+/g, ' ')
    .replace(/以下/, '以内')
    .replace(/(\d|[十百几])\s*(KB|MB|GB|TB)/, '$1 $2');
}

/** Findings for one clause (a sentence, list item or table row): each size bound belongs to the method named
 * nearest to it, and must be that method's bound. */
export function checkTransferClause(clause) {
  const findings = [];
  const mentions = METHODS.flatMap((m) => [...clause.matchAll(m.re)].map((hit) => ({m, at: hit.index})));
  if (!mentions.length) return findings;
  for (const b of clause.matchAll(BOUND)) {
    const nearest = mentions.reduce((best, x) => (Math.abs(x.at - b.index) < Math.abs(best.at - b.index) ? x : best));
    const said = normaliseBound(b[0]);
    if (said !== normaliseBound(nearest.m.bound)) {
      findings.push(
        `"${said}" for ${nearest.m.method} contradicts the site's convention "${nearest.m.bound}" ` +
          `(${CONVENTIONS_FILE} "transfers"): use that bound, or change the convention and every page with it`,
      );
    }
  }
  return findings;
}

/** Console and client labels from conventions.json, and LlamaBoard's own labels from the pinned release. */
const LABELS = new Set([
  ...Object.values(conventions.labels).flatMap((v) => (Array.isArray(v) ? v : [])),
  ...(reference.webui?.labels ?? []),
]);
const CLICK =
  /(点击|单击|选择|进入|打开|切换到|勾选|选中|返回|前往|点开|跳转到)(菜单|左侧的?|顶部的?|右上角的?|页面上的?|页面底部的?)?\s*$/;

function distance(a, b) {
  const d = Array.from({length: a.length + 1}, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}

/** The lists of conventions.json "labels" (console, clients, options). */
const GROUPS = Object.fromEntries(Object.entries(conventions.labels).filter(([, v]) => Array.isArray(v)));
const LLAMABOARD = /LlamaBoard|Web ?UI/i;
const CLIENT = /VS ?Code|JupyterLab|FileZilla|WinSCP|Terminal|终端|命令面板|Remote-SSH/i;

/** A known label close enough to be the one meant: one containing the other with at most two characters more, or
 * one edit away (labels of three characters or more), or two (four or more); null when none is. */
function closeLabel(s) {
  let best = null;
  for (const label of LABELS) {
    const contains = (label.includes(s) || s.includes(label)) && Math.abs(label.length - s.length) <= 2;
    const d = contains ? 0.5 : distance(s, label);
    const shortest = Math.min(s.length, label.length);
    if ((contains || (d <= 1 && shortest >= 3) || (d <= 2 && shortest >= 4)) && (!best || d < best.d)) {
      best = {label, d};
    }
  }
  return best?.label ?? null;
}

/** What is wrong with a bold label the reader is told to click, or null when every part of it is a listed label.
 * `context`: the paragraph or list item it is in, which says whose interface it is (LlamaBoard, a client). */
export function checkLabel(label, context = '') {
  const unknown = label
    .split('＞')
    .map((s) => s.trim())
    .filter((s) => s && !LABELS.has(s));
  if (!unknown.length) return null;
  return unknown
    .map((s) => {
      const head = `bold label "${s}" is not a known interface label`;
      const near = closeLabel(s);
      if (near) return `${head}; did you mean "${near}"? Write labels exactly as the interface shows them`;
      if (LLAMABOARD.test(context)) {
        return (
          `${head}: LlamaBoard's labels are LLaMA-Factory v${reference.llamafactory.version}'s own (webui/locales.py, ` +
          'listed in scripts/llamafactory/reference.json "webui"); copy the label from there as LlamaBoard shows it'
        );
      }
      const group = /\p{Script=Han}/u.test(s) && !CLIENT.test(context) ? 'console' : 'clients';
      return (
        `${head}. The ${group} labels are: ${GROUPS[group].join(', ')}. If the interface shows "${s}", add it to ` +
        `"labels" › "${group}" in ${CONVENTIONS_FILE} after seeing it there (CONTRIBUTING.md, 界面按钮名)`
      );
    })
    .join('; ');
}

/** Bold labels in click context: {label, line, context} (context: the text of the paragraph or item they are in). A label joined to a click label by 和、或、顿号 is one too
 * (`点击 **预览命令** 和 **开始**`). */
export function clickLabels(tree) {
  const found = [];
  const visit = (node) => {
    const children = node.children ?? [];
    let previousWasLabel = false;
    children.forEach((child, i) => {
      if (child.type === 'strong') {
        const label = toString(child).trim();
        const before = children[i - 1]?.type === 'text' ? children[i - 1].value : '';
        const chained = previousWasLabel && /^\s*(和|或|、|以及)\s*$/.test(before);
        previousWasLabel = label.includes('＞') || CLICK.test(before) || /＞\s*$/.test(before) || chained;
        if (previousWasLabel) found.push({label, line: child.position.start.line, context: toString(node)});
      } else if (child.type !== 'text' || !/^\s*(和|或|、|以及)\s*$/.test(child.value)) {
        previousWasLabel = previousWasLabel && child.type === 'text' && /^\s*＞\s*$/.test(child.value);
      }
      visit(child);
    });
  };
  visit(tree);
  return found;
}

/** Clauses of prose (sentences of paragraphs and list items, whole table rows) with their lines and the whole
 * paragraph or row they are in (`context`). */
function clauses(tree) {
  const found = [];
  const visit = (node) => {
    if (node.type === 'tableRow' || node.type === 'paragraph') {
      const text = node.type === 'tableRow' ? node.children.map((c) => toString(c)).join(' | ') : toString(node);
      for (const clause of text.split(/[。；;\n]/)) found.push({clause, line: node.position.start.line, context: text});
      return;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return found;
}

/** The H800's capacity as pages quote it (80 GB; 79.6 GB and 79.65 GiB as nvidia-smi and PyTorch report it): a fact
 * about the card, not an estimate. */
const CARD_CAPACITY = new Set(['80', '79.6', '79.65']);
const MEMORY = /显存/;
const DIRECTIVE = new RegExp(`:${FIGURE}\\{[^}]*\\}`, 'g');
const GB_FIGURE =
  /(?<![\w.}])(×\s*)?(\d+(?:\.\d+)?)(?:\s*(?:至|到|-|–|~)\s*(\d+(?:\.\d+)?))?\s*GB(\s*(?:显存)?的?显卡|\s*按)?/g;

/** Hand-written GPU-memory figures on prose lines: {line, figure}. A line counts when it mentions 显存 or is a row of
 * a table whose header does; inline code and estimator directives (`:gpu-mem{…} GB`) are not hand-written. */
export function handWrittenMemoryFigures(parsed) {
  const found = [];
  const code = codeLines(parsed);
  const lines = parsed.text.split('\n');
  let tableAboutMemory = false;
  lines.forEach((text, i) => {
    if (i < parsed.bodyOffset || code.has(i + 1)) return;
    const prose = text.replace(/`[^`]*`/g, '').replace(DIRECTIVE, '');
    const row = text.trimStart().startsWith('|');
    if (!row) tableAboutMemory = false;
    else if (/^\s*\|[\s:|-]+\|\s*$/.test(lines[i + 1] ?? '')) tableAboutMemory = MEMORY.test(prose);
    if (!MEMORY.test(prose) && !(row && tableAboutMemory)) return;
    for (const m of prose.matchAll(GB_FIGURE)) {
      const [figure, times, low, high, after] = m;
      // Not estimates: the card's capacity, a card named by its memory ("48 GB 显卡"), a rule of thumb's factor
      // ("参数量 × 2 GB") and the unit's definition ("1 GB 按 1024³ 字节计").
      if ([low, high].filter(Boolean).every((n) => CARD_CAPACITY.has(n)) || times || after) continue;
      found.push({line: i + 1, figure: figure.trim()});
    }
  });
  return found;
}

const MODEL_IDS = MODELS.map((m) => m.id).join(', ');

/** The estimator's attributes (src/estimator/form.ts QUERY_KEYS) for a LLaMA-Factory training config, and the model
 * path when no preset model matches it: {attributes, unknownModel}. Values LLaMA-Factory would default are written
 * out (batch 8 is transformers' per_device_train_batch_size default) so the figure is the config's. */
export function figureAttributes(config) {
  const a = {};
  const path = String(config.model_name_or_path ?? '');
  const name = path.replace(/\/+$/, '').split('/').pop().toLowerCase();
  const model = MODELS.find((m) => m.sources.card.toLowerCase().endsWith(`/${name}`));
  a.model = model?.id ?? '?';
  const type = config.finetuning_type ?? 'lora';
  const bits = config.quantization_bit;
  if (type === 'full' || type === 'freeze') a.method = type;
  else if (bits === 4 || bits === 8) a.method = `qlora${bits}`;
  const adapter = !a.method || a.method.startsWith('qlora');
  if (adapter && config.lora_rank && config.lora_rank !== 8) a.rank = config.lora_rank;
  if (adapter && /^q_proj,\s*v_proj$/.test(String(config.lora_target ?? ''))) a.target = 'qv';
  if (config.pure_bf16 === true) a.precision = 'pure_bf16';
  const zero = /z(\d)/.exec(String(config.deepspeed ?? ''))?.[1];
  if (zero) a.zero = `z${zero}`;
  if (zero && /offload/.test(String(config.deepspeed))) a.offload = 1;
  a.cutoff = config.cutoff_len ?? 2048;
  a.batch = config.per_device_train_batch_size ?? 8;
  if (config.disable_gradient_checkpointing === true) a.gc = 0;
  if (config.enable_liger_kernel === true) a.liger = 1;
  if (config.packing === true && Object.values(QUERY_KEYS).includes('packing')) a.packing = 1;
  return {attributes: a, unknownModel: model ? null : path};
}

/** The page's training configs (YAML blocks with model_name_or_path and a stage or finetuning_type), with lines. */
function trainingConfigs(parsed) {
  const found = [];
  for (const b of codeBlocks(parsed)) {
    if (!/^ya?ml$/.test(b.lang)) continue;
    let config;
    try {
      config = yaml.load(b.code);
    } catch {
      continue;
    }
    if (config && typeof config === 'object' && config.model_name_or_path && (config.stage || config.finetuning_type)) {
      found.push({line: b.line, config});
    }
  }
  return found;
}

/** What to write instead of a hand-written memory figure on `line`: the `:gpu-mem{…}` directive built from the page's
 * training config nearest above it (else the first below), what it shows today, and the model ids when the config's
 * model is not one of the estimator's. */
export function figureAdvice(parsed, line) {
  const configs = trainingConfigs(parsed);
  const config = configs.filter((c) => c.line < line).at(-1) ?? configs[0];
  const how = 'README, 显存估算器; cards=N for N cards';
  if (!config) {
    return (
      'quote the estimator with the setup the page describes, e.g. `约 :gpu-mem{model=qwen3-8b cutoff=1024 batch=4} GB` ' +
      `(model ids: ${MODEL_IDS}; ${how})`
    );
  }
  const {attributes, unknownModel} = figureAttributes(config.config);
  const written = Object.entries(attributes)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const directive = `:${FIGURE}{${written}}`;
  if (unknownModel) {
    return (
      `quote the estimator with the training config of line ${config.line}: \`约 ${directive} GB\`, with "?" replaced: ` +
      `model_name_or_path ${unknownModel} is not one of the estimator's models (${MODEL_IDS}); take the closest, or ` +
      `model=custom with params, layers, hidden, heads, kv and vocab from its config.json (${how})`
    );
  }
  let shows = '';
  try {
    shows = ` (it shows ${figureText(Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, String(v)])))} today)`;
  } catch (e) {
    shows = ` (the estimator rejects it as written: ${e.message})`;
  }
  return `write \`约 ${directive} GB\`, the training config of line ${config.line}${shows} (${how})`;
}

const FACTS = conventions.facts.list.map((f) => ({
  ...f,
  clauseRe: new RegExp(f.clause),
  valueRe: f.value && new RegExp(f.value, 'g'),
  contradictsRe: (f.contradicts ?? []).map((c) => new RegExp(c)),
}));

/** What a clause (or code line) says against the site's facts (conventions.json "facts"): one message a finding, each
 * naming the fact and its home page. `context`: the paragraph or table row the clause is in, where a sentence before
 * or after may name the tool a value holds for. */
export function checkFactClause(clause, context = clause) {
  const findings = [];
  for (const fact of FACTS) {
    if (!fact.clauseRe.test(clause)) continue;
    const home = `home: ${fact.home}; ${CONVENTIONS_FILE} "facts" ${fact.id}`;
    for (const re of fact.contradictsRe) {
      // A wording quoted as one not to use (the author template: 不要写“多卡必须加 …”) states nothing.
      const hit = re.exec(clause.replace(/“[^”]*”/g, '“”'));
      if (hit) findings.push(`"${hit[0]}" contradicts the site's fact: ${fact.fact} (${home})`);
    }
    const anyCase = fact.requires?.['*'];
    // The tool may be named in another sentence of the same paragraph or row.
    if (anyCase && !new RegExp(anyCase).test(context)) {
      findings.push(
        `this states it without naming the tool it holds for (${anyCase.split('|').join(' or ')}): ${fact.fact} (${home})`,
      );
    }
    for (const m of fact.valueRe ? clause.matchAll(fact.valueRe) : []) {
      const value = m[1];
      if (fact.expected && value !== fact.expected) {
        findings.push(
          `"${m[0].trim()}" says ${value} where the site's fact says ${fact.expected}: ${fact.fact} (${home})`,
        );
      }
      const named = fact.requires?.[value];
      if (named && !new RegExp(named).test(context)) {
        findings.push(
          `"${m[0].trim()}" states ${value} without naming the tool it holds for (${named.split('|').join(' or ')}): ${fact.fact} (${home})`,
        );
      }
    }
  }
  return findings;
}

/** Prose clauses and code lines of a page, each with its line, for the facts check. */
function factClauses(parsed) {
  const code = codeLines(parsed);
  const lines = parsed.text.split('\n');
  const codeClauses = [...code].sort((a, b) => a - b).map((n) => ({clause: lines[n - 1], line: n}));
  return [...clauses(parsed.tree), ...codeClauses];
}

/** Findings for one parsed page: {line, message}. */
export function checkConventions(parsed) {
  const findings = [];
  const code = codeLines(parsed);
  parsed.text.split('\n').forEach((text, i) => {
    if (i < parsed.bodyOffset) return;
    for (const path of workspacePaths(text)) {
      const problem = checkPath(path, {inCode: code.has(i + 1)});
      if (problem) findings.push({line: i + 1, message: problem});
    }
  });
  for (const {clause, line} of clauses(parsed.tree)) {
    for (const message of checkTransferClause(clause)) findings.push({line, message});
  }
  for (const {clause, line, context} of factClauses(parsed)) {
    for (const message of checkFactClause(clause, context)) findings.push({line, message});
  }
  for (const {label, line, context} of clickLabels(parsed.tree)) {
    const problem = checkLabel(label, context);
    if (problem) findings.push({line, message: problem});
  }
  for (const {line, figure} of handWrittenMemoryFigures(parsed)) {
    findings.push({line, message: `GPU-memory figure "${figure}" is written by hand: ${figureAdvice(parsed, line)}`});
  }
  return findings;
}

/** What the pages say about each convention: the /workspace paths by location, the size bounds by transfer method
 * and the click labels, each with the pages and lines that say it (`npm run check:docs -- --conventions`). */
export function inventory(pages) {
  const paths = new Map();
  const bounds = new Map();
  const labels = new Map();
  const facts = new Map();
  const add = (map, key, where) => map.set(key, [...(map.get(key) ?? []), where]);
  for (const {id, parsed} of pages) {
    parsed.text.split('\n').forEach((text, i) => {
      if (i < parsed.bodyOffset) return;
      for (const path of workspacePaths(text)) add(paths, path, `${id}:${i + 1}`);
    });
    for (const {clause, line} of clauses(parsed.tree)) {
      const mentions = METHODS.filter((m) => clause.match(m.re));
      for (const b of clause.matchAll(BOUND)) {
        for (const m of mentions) add(bounds, `${m.method}: ${normaliseBound(b[0])}`, `${id}:${line}`);
      }
    }
    for (const {label, line} of clickLabels(parsed.tree)) {
      for (const part of label.split('＞')) add(labels, part.trim(), `${id}:${line}`);
    }
    for (const {clause, line} of factClauses(parsed)) {
      for (const fact of FACTS) if (fact.clauseRe.test(clause)) add(facts, fact.id, `${id}:${line}`);
    }
  }
  const byLocation = new Map();
  for (const [path, where] of paths) {
    const key =
      Object.entries(PATHS)
        .filter(([, c]) => `${path}/`.startsWith(c.path))
        .sort((a, b) => b[1].path.length - a[1].path.length)[0]?.[0] ?? '(none)';
    add(byLocation, key, {path, where});
  }
  return {paths: byLocation, bounds, labels, facts};
}
