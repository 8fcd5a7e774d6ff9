#!/usr/bin/env node
// Chinese copy lint for docs/**/*.md with AutoCorrect: spacing between CJK and Latin text or digits, full-width
// punctuation in Chinese sentences. Code blocks are skipped (their strings and regexes are code, not copy): which
// lines are code comes from the content pipeline's syntax tree (src/content), so findings keep their file lines.
// AutoCorrect makes punctuation full-width only right after a Chinese character, so `fullWidth` below adds the three
// slips it lets through (CONTRIBUTING.md, 中英文混排与标点): `H800:` and `LoRA;` in a Chinese sentence, and
// `显存(GPU memory)` (AutoCorrect would only space it out).
// Usage: node --import tsx scripts/lint-copy.mjs [--fix] [files...]   (default: every page under docs/)
import {readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {codeLines, readMarkdown} from '../src/content';
import {loadSiteDocs} from '../src/content/site';

const require = createRequire(import.meta.url);
const autocorrect = require('autocorrect-node');

/** A parsed Markdown file's lines as runs of prose and of fenced code (fences included). */
export function runs(parsed) {
  const code = codeLines(parsed);
  const result = [];
  parsed.text.split('\n').forEach((line, i) => {
    const isCode = code.has(i + 1);
    const last = result[result.length - 1];
    if (last && last.code === isCode) last.lines.push(line);
    else result.push({code: isCode, lines: [line]});
  });
  return result;
}

const HAN = /\p{Script=Han}/u;
/** Left as written: code spans, link targets, autolinks and HTML, estimator directives, URLs, entities, and bold text
 * (interface labels are written exactly as the interface shows them: **Python: Select Interpreter**). */
const KEEP = /(`+)[\s\S]*?\1|\]\([^)]*\)|<[^>\n]*>|:[\w-]+\{[^}]*\}|https?:\/\/\S+|&#?\w+;|\*\*[^*]+\*\*/g;

function fullWidthIn(text) {
  return text
    .replace(/[Ａ-Ｚａ-ｚ０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/(\p{Script=Han})[ \t]*:[ \t]*/gu, '$1：')
    .replace(/([A-Za-z0-9])[ \t]*:(?=[ \t]|\p{Script=Han}|$)[ \t]*/gu, '$1：')
    .replace(/;[ \t]*/g, '；')
    .replace(/[ \t]*\(([^()]*)\)[ \t]*/g, (all, inner, at, whole) =>
      HAN.test(inner) || HAN.test(whole.slice(0, at).trimEnd().slice(-1)) ? `（${inner}）` : all,
    );
}

/** One prose line of a Chinese sentence with its ASCII colon after a Latin word, semicolons and parentheses made
 * full-width: `H800: 80 GB` → `H800：80 GB`, `LoRA;` → `LoRA；`, `显存(GPU memory)` → `显存（GPU memory）`; and
 * full-width letters and digits made half-width (`ＧＰＵ` → `GPU`). Lines without Chinese are left alone. */
export function fullWidth(line) {
  if (!HAN.test(line)) return line;
  let out = '';
  let last = 0;
  for (const m of line.matchAll(KEEP)) {
    out += fullWidthIn(line.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + fullWidthIn(line.slice(last));
}

/** The file with `fullWidth` (in front matter, on the values) and then AutoCorrect applied to its prose runs; code
 * runs are returned unchanged. */
export function correct(parsed) {
  let n = 0;
  return runs(parsed)
    .map(({code, lines}) => {
      const start = n;
      n += lines.length;
      if (code) return lines.join('\n');
      const punctuated = lines.map((line, i) =>
        start + i >= parsed.bodyOffset
          ? fullWidth(line)
          : line.replace(/^(\w+:\s*)(.*)$/, (_, k, v) => k + fullWidth(v)),
      );
      return autocorrect.formatFor(punctuated.join('\n'), 'md');
    })
    .join('\n');
}

/** Reads .autocorrectrc into AutoCorrect (once per process, before `correct`). */
export function loadAutocorrectConfig() {
  autocorrect.loadConfig(readFileSync(new URL('../.autocorrectrc', import.meta.url), 'utf8'));
}

/** Copy findings for files: {file, line, before, after} (line 0: AutoCorrect changed the line count). `fix` writes
 * the corrected files. */
export async function lintCopy(files, {fix = false} = {}) {
  const findings = [];
  for (const file of files) {
    const parsed = await readMarkdown(resolve(file));
    const after = correct(parsed);
    if (after === parsed.text) continue;
    const a = parsed.text.split('\n');
    const b = after.split('\n');
    if (a.length !== b.length) findings.push({file, line: 0, before: '', after: ''});
    else a.forEach((line, i) => line !== b[i] && findings.push({file, line: i + 1, before: line, after: b[i]}));
    if (fix && a.length === b.length) writeFileSync(file, after);
  }
  return findings;
}

async function main() {
  loadAutocorrectConfig();
  const args = process.argv.slice(2);
  const fix = args.includes('--fix');
  const named = args.filter((a) => a !== '--fix');
  const files = named.length
    ? named
    : (await loadSiteDocs()).docs.map((d) => relative(process.cwd(), d.filePath)).sort();
  const findings = await lintCopy(files, {fix});
  for (const {file, line, before, after} of findings) {
    if (!line)
      console.error(`${file}: AutoCorrect changed the line count; check it by hand (npx autocorrect --lint ${file}).`);
    else console.log(`${file}:${line}\n  - ${before.trim()}\n  + ${after.trim()}`);
  }
  if (findings.length === 0) console.log('lint-copy: no findings');
  else if (fix) console.log(`lint-copy: fixed ${findings.length} line(s)`);
  else {
    console.log(
      `\nlint-copy: ${findings.length} line(s) to correct. Run \`npm run lint:copy -- --fix\` and review the diff.`,
    );
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
