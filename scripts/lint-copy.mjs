#!/usr/bin/env node
// Chinese copy lint for docs/**/*.md with AutoCorrect: spacing between CJK and Latin text or digits, full-width
// punctuation in Chinese sentences. Code blocks are skipped (their strings and regexes are code, not copy).
// Usage: node scripts/lint-copy.mjs [--fix] [files...]   (default: every page under docs/)
import {readFileSync, writeFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);
const autocorrect = require('autocorrect-node');

/** Split a Markdown file into runs of prose lines and fenced-code lines (fences of ``` or ~~~, indented or not). */
export function splitFences(text) {
  const runs = [];
  let fence = null;
  for (const line of text.split('\n')) {
    const code = fence !== null;
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (!code && m) fence = m[1];
    else if (code && m && m[1][0] === fence[0] && m[1].length >= fence.length && line.trim() === m[1]) fence = null;
    const isCode = code || fence !== null;
    const last = runs[runs.length - 1];
    if (last && last.code === isCode) last.lines.push(line);
    else runs.push({code: isCode, lines: [line]});
  }
  return runs;
}

/** The file with AutoCorrect applied to its prose runs; code runs are returned unchanged. */
export function correct(text) {
  return splitFences(text)
    .map(({code, lines}) => (code ? lines.join('\n') : autocorrect.formatFor(lines.join('\n'), 'md')))
    .join('\n');
}

function pages(dir) {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
    e.isDirectory() ? pages(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

function main() {
  autocorrect.loadConfig(readFileSync(new URL('../.autocorrectrc', import.meta.url), 'utf8'));
  const args = process.argv.slice(2);
  const fix = args.includes('--fix');
  const files = args.filter((a) => a !== '--fix');
  let findings = 0;
  for (const file of files.length ? files : pages('docs')) {
    const before = readFileSync(file, 'utf8');
    const after = correct(before);
    if (after === before) continue;
    const a = before.split('\n');
    const b = after.split('\n');
    if (a.length !== b.length) {
      console.error(`${file}: AutoCorrect changed the line count; check it by hand (npx autocorrect --lint ${file}).`);
      findings++;
      continue;
    }
    a.forEach((line, i) => {
      if (line === b[i]) return;
      findings++;
      console.log(`${file}:${i + 1}\n  - ${line.trim()}\n  + ${b[i].trim()}`);
    });
    if (fix) writeFileSync(file, after);
  }
  if (findings === 0) console.log('lint-copy: no findings');
  else if (fix) console.log(`lint-copy: fixed ${findings} line(s)`);
  else {
    console.log(`\nlint-copy: ${findings} line(s) to correct. Run \`npm run lint:copy -- --fix\` and review the diff.`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
