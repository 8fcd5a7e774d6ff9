#!/usr/bin/env node
// Chinese copy lint for docs/**/*.md with AutoCorrect: spacing between CJK and Latin text or digits, full-width
// punctuation in Chinese sentences. Code blocks are skipped (their strings and regexes are code, not copy): which
// lines are code comes from the content pipeline's syntax tree (src/content), so findings keep their file lines.
// Usage: node --import tsx scripts/lint-copy.mjs [--fix] [files...]   (default: every page under docs/)
import {readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {codeLines, parseMarkdown} from '../src/content';
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

/** The file with AutoCorrect applied to its prose runs; code runs are returned unchanged. */
export function correct(parsed) {
  return runs(parsed)
    .map(({code, lines}) => (code ? lines.join('\n') : autocorrect.formatFor(lines.join('\n'), 'md')))
    .join('\n');
}

async function main() {
  autocorrect.loadConfig(readFileSync(new URL('../.autocorrectrc', import.meta.url), 'utf8'));
  const args = process.argv.slice(2);
  const fix = args.includes('--fix');
  const files = args.filter((a) => a !== '--fix');
  let findings = 0;
  for (const file of files.length
    ? files
    : (await loadSiteDocs()).docs.map((d) => relative(process.cwd(), d.filePath)).sort()) {
    const before = readFileSync(file, 'utf8');
    const after = correct(await parseMarkdown(before, file));
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
