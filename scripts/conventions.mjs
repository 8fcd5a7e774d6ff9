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
import {codeLines} from '../src/content';
import {FIGURE} from '../src/estimator/markdown';
import {reference} from './llamafactory/code-blocks.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const CONVENTIONS_FILE = 'src/content/conventions.json';
export const conventions = JSON.parse(readFileSync(join(here, '..', CONVENTIONS_FILE), 'utf8'));

const PATHS = conventions.paths;
const TOP = new Set(
  Object.values(PATHS)
    .map(({path}) => path.split('/')[2])
    .filter(Boolean),
);

/** The /workspace paths a line names (not ones inside another path or URL, such as `huggingface.co//workspace`). */
export function workspacePaths(line) {
  return [...line.matchAll(/(?<![\w/.:-])\/workspace(?:\/[^\s'"`)\]，。；：、（）*|]*)?/g)].map((m) =>
    m[0].replace(/[.,;:]+$/, ''),
  );
}

function convention(key) {
  return `${PATHS[key].what}放在 ${PATHS[key].path}`;
}

/** What is wrong with a /workspace path, or null when it lies in a conventional location. `inCode`: the path is in a
 * code block (a command writes there); prose may name LlamaBoard's own folders (`/workspace/llamafactory/output`)
 * to describe them. */
export function checkPath(path, {inCode = true} = {}) {
  const segments = path.split('/').slice(2).filter(Boolean);
  if (!segments.length) return null;
  const [top, second, third] = segments;
  const where = `(${CONVENTIONS_FILE} "paths")`;
  if (segments.length === 1 && !TOP.has(top)) {
    const key = /\.(py|sh)$/.test(top) ? 'scripts' : /\.(log|csv|pid|txt)$/.test(top) ? 'logs' : null;
    return `${path} is a file directly in /workspace; ${key ? convention(key) : 'put it in one of the conventional folders'} ${where}`;
  }
  if (!TOP.has(top)) return `${path} is outside the site's conventional locations under /workspace ${where}`;
  if (top === 'llamafactory' && second && second !== 'data' && (inCode || third)) {
    return `${path}: /workspace/llamafactory/${second} belongs to LlamaBoard; ${convention(second.startsWith('log') ? 'logs' : 'outputs')} ${where}`;
  }
  if (top !== 'user-data' || !second) return null;
  const file = segments.at(-1);
  if (second === 'configs' && /\.(py|sh)$/.test(file)) return `${path}: ${convention('scripts')} ${where}`;
  if (second === 'scripts' && /\.(ya?ml|json)$/.test(file)) return `${path}: ${convention('configs')} ${where}`;
  const reserved = conventions.reservedNames;
  if (second === 'models') {
    if (third && reserved[third] && !['output', 'merged'].includes(third)) {
      return `${path}: ${convention(reserved[third])} ${where}`;
    }
    return null;
  }
  if (reserved[second] && PATHS[reserved[second]].path !== `/workspace/user-data/${second}/`) {
    return `${path}: ${convention(reserved[second])} ${where}`;
  }
  return null;
}

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

/** What is wrong with a bold label the reader is told to click, or null when every part of it is a listed label. */
export function checkLabel(label) {
  const unknown = label
    .split('＞')
    .map((s) => s.trim())
    .filter((s) => s && !LABELS.has(s));
  if (!unknown.length) return null;
  return unknown
    .map((s) => {
      const score = (label) => distance(s, label) - (label.includes(s) || s.includes(label) ? 1 : 0);
      const near = [...LABELS].sort((a, b) => score(a) - score(b))[0];
      return (
        `bold label "${s}" is not a label of ${CONVENTIONS_FILE} ("labels") or of LlamaBoard v${reference.llamafactory.version}; ` +
        `the nearest is "${near}". Write the label exactly as the interface shows it, or add it there after checking the interface`
      );
    })
    .join('; ');
}

/** Bold labels in click context: {label, line}. A label joined to a click label by 和、或、顿号 is one too
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
        if (previousWasLabel) found.push({label, line: child.position.start.line});
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
  for (const {label, line} of clickLabels(parsed.tree)) {
    const problem = checkLabel(label);
    if (problem) findings.push({line, message: problem});
  }
  for (const {line, figure} of handWrittenMemoryFigures(parsed)) {
    findings.push({
      line,
      message: `GPU-memory figure "${figure}" is written by hand: quote the estimator, e.g. \`:gpu-mem{model=qwen3-8b cutoff=1024 batch=4}\` (README, 显存估算器)`,
    });
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
