// Quoted messages: every error, warning or log line the docs quote must be one the pinned sources can print
// (reference.json `messages`: LLaMA-Factory, peft and transformers extracted by generate-reference.py, plus the
// hand-checked messages-curated.json for vLLM and Python), or carry its origin where it is quoted.
//
// What counts as a quoted message (CONTRIBUTING.md, 引用报错和日志; in detail MAINTAINERS.md, 内容检查的细则):
// - in a `text` (or `console`, `log`, `output`, unlabeled) code block, a line that starts with an exception name and a
//   colon (`ValueError: …`, `torch.OutOfMemoryError: …`), a log level (`[INFO|…] module >> …`, `WARNING: …`,
//   `ERROR …`), or a lower-case tool prefix (`fatal: …`, `error: …`);
// - inline code in prose that starts with an exception name and a colon;
// - any other line or inline code that reads almost like a known message but differs from it (a misquote).
// A block from outside the pinned sources says so in its meta: ```text origin="PyTorch"```. Inline code quoting an
// outside message is accepted when an origin-marked block on the same page holds it.
import {reference} from './code-blocks.mjs';

/** Code-block languages whose lines are program output. */
export const OUTPUT_LANGS = new Set(['', 'text', 'txt', 'console', 'log', 'output', 'plaintext']);

const EXCEPTION = /^(?:[A-Za-z_]\w*\.)*([A-Z]\w*(?:Error|Exception|Warning|Exit|Interrupt|Failure))(?::\s*(.*))?$/;
const BRACKET_LOG = /^\[(?:INFO|WARNING|WARN|ERROR|DEBUG|CRITICAL)\b[^\]]*\]\s*(?:[\w.]+(?::\d+)?\s*>>\s*)?(.*)$/;
const LEVEL_LOG = /^(?:INFO|WARNING|WARN|ERROR|CRITICAL|DEBUG|FATAL)\b:?\s+(.*)$/;
const TOOL_LOG = /^(?:[\w.-]+:\s+)?(?:fatal|error|warning):\s+(.*)$/;

/** The message a line quotes, or null when the line does not look like an error, warning or log line.
 * `body` is the text after the exception name or log prefix; `exception` the exception class, if any. */
export function quotedMessage(line) {
  const text = line.trim();
  let m = EXCEPTION.exec(text);
  if (m && m[2] !== undefined) return {text, exception: m[1], body: m[2]};
  m = BRACKET_LOG.exec(text);
  if (m) return {text, body: m[1]};
  m = LEVEL_LOG.exec(text);
  if (m) return {text, body: m[1]};
  m = TOOL_LOG.exec(text);
  if (m) return {text, body: m[1]};
  return null;
}

const WILD = '\u0000';

/** Quotes, white space and elisions made comparable: `…`, `...` and `[...]` in a quote stand for omitted text;
 * backticks are dropped (a writer cannot easily put them inside inline code). */
export function normaliseQuote(text) {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/`/g, '')
    .replace(/\[\s*(?:\.\.\.|…)\s*\]|\.\.\.|…/g, WILD)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.$/, '');
}

function normaliseTemplate(template) {
  return template.replace(/`/g, '').replace(/\{\}/g, WILD).replace(/\s+/g, ' ').trim().replace(/\.$/, '');
}

/** Does the quote (elisions as wildcards) match the template (placeholders as wildcards)? The template's literal
 * text must hold at least 8 letters, so a template that is mostly placeholders explains nothing. A quote
 * may also stop at a word boundary before the template's end (the first sentences of a long message) when the
 * literal text it matched makes up at least 60 % of it. */
export function globMatch(template, quote) {
  const p = template;
  const s = quote;
  const n = p.length;
  const m = s.length;
  // rows[i][j]: p[0..i) matches s[0..j).
  let row = new Uint8Array(m + 1);
  row[0] = 1;
  const rows = [];
  for (let i = 0; i <= n; i++) {
    const next = new Uint8Array(m + 1);
    for (let j = 0; j <= m; j++) {
      if (!row[j]) continue;
      if (j < m && s[j] === WILD) {
        row[j + 1] = 1; // the elision covers nothing more
        if (i < n) next[j] = 1; // the elision covers p[i]
      }
      if (i < n && p[i] === WILD) {
        next[j] = 1; // the placeholder is empty
        if (j < m) row[j + 1] = 1; // the placeholder covers s[j]
      }
      if (i < n && j < m && p[i] === s[j] && p[i] !== WILD) next[j + 1] = 1;
    }
    rows.push(row);
    if (i < n) row = next;
  }
  const literal = (end) => p.slice(0, end).replaceAll(WILD, '').length;
  if (rows[n][m]) return p.replace(/[^A-Za-z]/g, '').length >= 8;
  for (let i = 1; i < n; i++) {
    if (rows[i][m] && /[^A-Za-z0-9_]/.test(p[i]) && literal(i) >= 0.6 * m && literal(i) >= 20) return true;
  }
  return false;
}

const WORD = /[A-Za-z_][A-Za-z0-9_]{2,}/g;

function words(text) {
  return new Set((text.match(WORD) ?? []).map((w) => w.toLowerCase()));
}

/** Every template of the pinned sources: {template, pattern, words, library, version, at}. */
export const TEMPLATES = Object.entries(reference.messages ?? {}).flatMap(([library, set]) =>
  set.templates.map(([template, at]) => ({
    template,
    pattern: normaliseTemplate(template),
    words: words(template),
    library,
    version: set.version,
    at,
  })),
);

/** Shared words over the quote's words (how much of the quote the template explains), 0..1. */
function overlap(quoteWords, t) {
  if (!quoteWords.size) return 0;
  let shared = 0;
  for (const w of quoteWords) if (t.words.has(w)) shared++;
  return shared / Math.max(quoteWords.size, t.words.size * 0.5);
}

/** Below this word overlap a template is not worth naming as the nearest. */
const NEAREST = 0.4;

/** Is the text a verbatim part of a known message (a phrase of it quoted in prose)? */
export function isPartOfMessage(text) {
  const q = normaliseQuote(text);
  if (!q) return false;
  const quoteWords = words(text);
  return TEMPLATES.map((t) => ({t, score: overlap(quoteWords, t)}))
    .filter(({score}) => score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 20)
    .some(({t}) => t.pattern.includes(q) || globMatch(`${WILD}${t.pattern}${WILD}`, q));
}

/** Traces a quoted message (the whole text, or its body after the exception name or log prefix).
 * @returns {{traced: true, library: string, version: string, at: string, template: string} |
 *   {traced: false, nearest: {template: string, library: string, version: string, at: string, score: number} | null}} */
export function traceMessage(text, body = text) {
  const candidates = [...new Set([normaliseQuote(text), normaliseQuote(body)])].filter(Boolean);
  const quoteWords = words(`${text} ${body}`);
  const ranked = TEMPLATES.map((t) => ({t, score: overlap(quoteWords, t)})).sort((a, b) => b.score - a.score);
  // The glob match is quadratic: try the templates that share the most words with the quote.
  for (const {t} of ranked.slice(0, 60)) {
    for (const q of candidates) {
      if (globMatch(t.pattern, q)) {
        return {traced: true, library: t.library, version: t.version, at: t.at, template: t.template};
      }
    }
  }
  const best = TEMPLATES.map((t) => ({t, score: overlap(words(body), t)})).sort((a, b) => b.score - a.score)[0];
  return {
    traced: false,
    nearest: best && best.score >= NEAREST ? {...pick(best.t), score: Math.round(best.score * 100) / 100} : null,
  };
}

function pick({template, library, version, at}) {
  return {template, library, version, at};
}

/** A line that is not shaped like a message but reads almost like a known one: the nearest template, or null. */
export function nearMiss(text) {
  const quoteWords = words(text);
  if (quoteWords.size < 5) return null;
  let best = null;
  for (const t of TEMPLATES) {
    const score = overlap(quoteWords, t);
    if (!best || score > best.score) best = {t, score};
  }
  if (!best || best.score < 0.8) return null;
  if (isPartOfMessage(text)) return null;
  return pick(best.t);
}

/** How a finding names the nearest known message. */
export function describeNearest(nearest) {
  if (!nearest) return 'no known message is close';
  return `nearest known message: "${nearest.template}" (${nearest.library} ${nearest.version}, ${nearest.at})`;
}

/** The origin a code block's meta declares (```text origin="PyTorch"```), or ''. */
export function metaOrigin(meta) {
  return /(?:^|\s)origin="([^"]*)"/.exec(meta)?.[1]?.trim() ?? '';
}

const FIX =
  'quote it exactly as the pinned sources print it (`…` marks an omitted part), or, if it comes from outside them ' +
  '(PyTorch, CUDA, NCCL, pip, ssh, the shell, the console), put it in a block marked ```text origin="…"```';

/** FIX with the origin a message most likely has filled in: PyTorch for torch's and CUDA's errors, NCCL for NCCL's. */
function fixFor(text) {
  const origin = /^torch\.|CUDA (out of memory|error)/.test(text) ? 'PyTorch' : /NCCL/.test(text) ? 'NCCL' : '…';
  return FIX.replace('origin="…"', `origin="${origin}"`);
}

/** Findings for the output blocks of a page: quoted messages that cannot be traced. Each is {line, message}. */
export function checkMessageBlocks(blocks) {
  const findings = [];
  for (const b of blocks) {
    if (!OUTPUT_LANGS.has(b.lang)) continue;
    const origin = metaOrigin(b.meta);
    b.code.split('\n').forEach((raw, i) => {
      const line = b.line + 1 + i;
      const quoted = quotedMessage(raw);
      if (quoted) {
        if (origin) return;
        const result = traceMessage(quoted.text, quoted.body);
        if (!result.traced) {
          findings.push({
            line,
            message: `quoted message "${clip(quoted.text)}" is not in the pinned sources; ${describeNearest(result.nearest)}; ${fixFor(quoted.text)}`,
          });
        }
        return;
      }
      const near = nearMiss(raw);
      if (near) {
        findings.push({
          line,
          message: `"${clip(raw.trim())}" reads like a known message but differs from it: ${describeNearest(near)}; quote it exactly`,
        });
      }
    });
  }
  return findings;
}

/** Findings for inline code in prose ({value, line}) that quotes a message. `originBlocks` are the page's
 * origin-marked output blocks: an outside message quoted there may be repeated inline. */
export function checkInlineMessages(inline, originBlocks) {
  const outside = originBlocks.flatMap((b) => b.code.split('\n').map((l) => normaliseQuote(l)));
  const findings = [];
  for (const {value, line} of inline) {
    const m = EXCEPTION.exec(value.trim());
    if (m && m[2]) {
      if (traceMessage(value.trim(), m[2]).traced) continue;
      const q = normaliseQuote(value);
      if (outside.some((l) => l === q || globMatch(l, q) || l.includes(q))) continue;
      const {nearest} = traceMessage(value.trim(), m[2]);
      findings.push({
        line,
        message: `quoted message \`${clip(value)}\` is not in the pinned sources; ${describeNearest(nearest)}; ${fixFor(value.trim())} on this page`,
      });
      continue;
    }
    const near = nearMiss(value);
    if (near) {
      findings.push({
        line,
        message: `\`${clip(value)}\` reads like a known message but differs from it: ${describeNearest(near)}; quote it exactly`,
      });
    }
  }
  return findings;
}

function clip(text) {
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}
