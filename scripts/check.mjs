#!/usr/bin/env node
// `npm run check`, the writer command (CONTRIBUTING.md): what a change to the pages can break, in about 20 seconds,
// printing only the failures, each with its fix.
// - In this process, on one parse of the pages: Markdown lint (markdownlint-cli2, .markdownlint-cli2.jsonc), copy lint
//   (scripts/lint-copy.mjs, .autocorrectrc) and the content checks (scripts/check-docs.mjs).
// - Beside them, in one child process: the unit tests that read the pages (DOC_TESTS).
// Usage: npm run check [-- --fix] [-- docs/documents/x.md ...]
//   --fix    first applies what can be fixed (markdownlint --fix, the copy lint's corrections), then checks;
//   files    limit the three checks to those pages (the tests always read every page).
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {relative, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {main as markdownlint} from 'markdownlint-cli2';
import {loadSiteDocs, siteSettings} from '../src/content/site';
import {checkFiles} from './check-docs.mjs';
import {lintCopy, loadAutocorrectConfig} from './lint-copy.mjs';

/** The unit tests that read the pages, so that a writer's change can break them: each file, the names (or the start
 * of the names) of its tests that read the pages, or `all`, and what to do when one fails. */
export const DOC_TESTS = [
  {
    file: 'tests/unit/search-relevance.test.ts',
    tests: 'all',
    fix:
      'a reader query no longer finds its page near the top. See every query that misses with ' +
      '`node --import tsx --test tests/unit/search-relevance.test.ts`; keep the words readers search for in the ' +
      "page's title, headings or first paragraph, or add a synonym group to src/search/shared/synonyms.json " +
      '(MAINTAINERS.md, 同义词)',
  },
  {
    file: 'tests/unit/prism.test.ts',
    tests: ['the configured languages are the ones the docs use'],
    fix:
      'a code block names a language the site does not highlight: use one the site has (bash, yaml, json, python, ' +
      'text …, listed in prism.additionalLanguages of docusaurus.config.ts) or add it there',
  },
  {
    file: 'tests/unit/check-docs.test.ts',
    tests: ['every fact names a home page and section that exist'],
    fix:
      'a heading id that src/content/conventions.json "facts" names as the home of a fact is gone: keep the id ' +
      '(`## 标题 {#id}`), or move the fact\'s "home" there',
  },
  {
    file: 'tests/unit/content.test.ts',
    tests: ['docs are loaded once: every reader gets the same parsed pages'],
    fix: 'a page the tests name moved: keep page files where they are (the file path is the page id and its URL)',
  },
];

/** The names of the tests a file declares (`test('…'` or `it("…"`), each cut before its first `${…}`. */
export function declaredTests(source) {
  return [...source.matchAll(/\n\s*(?:test|it)\(\s*(['"`])((?:(?!\1).)*)\1/g)]
    .map((m) => m[2].split('${')[0])
    .filter(Boolean);
}

/** The test names (or starts of names) of a DOC_TESTS entry. */
const namesOf = (t) =>
  t.tests === 'all' ? declaredTests(readFileSync(resolve(siteSettings.siteDir, t.file), 'utf8')) : t.tests;

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs the page-reading unit tests in one process (they share one parse of the pages). Resolves to findings. */
function runDocTests() {
  const {siteDir} = siteSettings;
  const imports = DOC_TESTS.map(
    (t) => `await import(${JSON.stringify(pathToFileURL(resolve(siteDir, t.file)).href)});`,
  );
  const names = DOC_TESTS.flatMap(namesOf);
  const patterns = names.map((name) => `--test-name-pattern=${escape(name)}`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--test-reporter=spec', ...patterns, '--input-type=module', '-e', imports.join('\n')],
    {cwd: siteDir, stdio: ['ignore', 'pipe', 'pipe']},
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((done) => {
    child.on('close', (code) => {
      const ran = Number(/ℹ pass (\d+)/.exec(out)?.[1] ?? 0) + Number(/ℹ fail (\d+)/.exec(out)?.[1] ?? 0);
      const failures = out.includes('✖ failing tests:') ? out.split('✖ failing tests:')[1] : '';
      // One block per failing test: its name, then the assertion (stack and object dumps left out).
      const findings = failures
        .split(/\n(?=✖ )/)
        .filter((block) => block.startsWith('✖ '))
        .map((block) => {
          const title = block.split('\n')[0];
          const t = DOC_TESTS.find((d) => namesOf(d).some((name) => title.includes(name))) ?? DOC_TESTS[0];
          const detail = block
            .split('\n')
            .filter(
              (l) => l.trim() && !/^\s+at |^\s*[{}]|^\s+(generatedMessage|code|actual|expected|operator):/.test(l),
            )
            .slice(0, 10)
            .join('\n');
          return {file: t.file, line: 0, kind: 'test', message: `${detail}\n    fix: ${t.fix}`};
        });
      if (code !== 0 && !findings.length) {
        findings.push({file: DOC_TESTS[0].file, line: 0, kind: 'test', message: `did not run:\n${out.slice(-2000)}`});
      } else if (ran < names.length) {
        findings.push({
          file: 'scripts/check.mjs',
          line: 0,
          kind: 'test',
          message: `${ran} of the ${names.length} tests named in DOC_TESTS ran: one was renamed; update DOC_TESTS`,
        });
      }
      done(findings);
    });
  });
}

/** Markdown-lint findings; with `fix`, markdownlint fixes what it can first (again while a pass leaves fixable findings:
 * it drops a fix that touches the same line as another, such as a blank line below a heading and above a list). */
async function lintMarkdown(files, fix) {
  for (let pass = 0, left = Infinity; fix && pass < 3; pass++) {
    const now = (await markdownlintPass(files, true)).filter((f) => f.fixable).length;
    if (!now || now >= left) break;
    left = now;
  }
  return markdownlintPass(files, false);
}

async function markdownlintPass(files, fix) {
  const findings = [];
  const formatter = ({results}) => {
    for (const r of results) {
      const detail = r.errorDetail ? ` [${r.errorDetail}]` : '';
      const how = r.fixInfo ? '`npm run check -- --fix` fixes it' : `rule: ${r.ruleInformation}`;
      findings.push({
        file: r.fileName,
        line: r.lineNumber,
        kind: 'markdown',
        fixable: Boolean(r.fixInfo),
        message: `${r.ruleNames.slice(0, 2).join('/')} ${r.ruleDescription}${detail}; ${how}`,
      });
    }
  };
  await markdownlint({
    directory: siteSettings.siteDir,
    argv: [...(fix ? ['--fix'] : []), ...(files.length ? ['--no-globs', ...files] : [])],
    optionsOverride: {outputFormatters: [[formatter]]},
    logMessage: () => {},
    logError: () => {},
  });
  return findings;
}

/** Copy-lint findings; with `fix`, the corrections are written first. */
async function lintCopyFindings(files, fix) {
  loadAutocorrectConfig();
  if (fix) await lintCopy(files, {fix: true});
  return (await lintCopy(files)).map(({file, line, before, after}) => ({
    file,
    line,
    kind: 'copy',
    message: line
      ? `write\n      ${after.trim()}\n    instead of\n      ${before.trim()}\n    (\`npm run check -- --fix\` does it)`
      : 'AutoCorrect changed the line count; check the page by hand (npx autocorrect --lint)',
  }));
}

/** Content-check findings, one for each message of scripts/check-docs.mjs. */
async function contentFindings(files) {
  const findings = [];
  const results = await checkFiles(files.map((f) => resolve(f)));
  results.forEach(({errors}, i) => {
    for (const error of errors) {
      const m = /^line (\d+): ([\s\S]*)$/.exec(error);
      findings.push({file: files[i], line: m ? Number(m[1]) : 0, kind: 'content', message: m ? m[2] : error});
    }
  });
  return findings;
}

async function main() {
  const started = performance.now();
  const args = process.argv.slice(2);
  const fix = args.includes('--fix');
  const named = args.filter((a) => a !== '--fix');
  const tests = runDocTests();
  const files = named.length
    ? named.map((f) => relative(process.cwd(), resolve(f)))
    : (await loadSiteDocs()).docs.map((d) => relative(process.cwd(), d.filePath)).sort();
  const markdown = await lintMarkdown(named.length ? files : [], fix);
  const copy = await lintCopyFindings(files, fix);
  const content = await contentFindings(files);
  const all = [...markdown, ...copy, ...content, ...(await tests)];
  all.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  for (const f of all) console.log(`✗ ${f.file}${f.line ? `:${f.line}` : ''} (${f.kind}) ${f.message}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const what = `Markdown lint, copy lint, content checks on ${files.length} pages, the unit tests that read the pages`;
  if (!all.length) console.log(`check: all passed in ${seconds} s (${what})`);
  else {
    const counts = ['markdown', 'copy', 'content', 'test']
      .map((k) => [k, all.filter((f) => f.kind === k).length])
      .filter(([, n]) => n)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    console.log(`check: ${all.length} problem(s) in ${seconds} s (${counts}). Fix them, then run npm run check again.`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
