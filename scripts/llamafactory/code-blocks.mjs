// Checks the code blocks readers copy into an instance against the pinned LLaMA-Factory release
// (scripts/llamafactory/reference.json, generated from its source by generate-reference.py):
// training/inference YAML keys and values, JSON syntax, dataset_info.json entries and the files they name,
// Python syntax, shell syntax (bash -n) and llamafactory-cli subcommands.
// The blocks come from the content pipeline (src/content `codeBlocks`: the mdast `code` nodes with language, meta and
// file line). A block opts out in its meta string: `fragment` (a partial snippet: keys, values and syntax are checked, required
// keys and named files are not) or `wrong` (a deliberately wrong example: not checked at all).
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {basename, dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {
  OPT_OUT,
  checkCli,
  checkDatasetInfo,
  checkYaml,
  isDatasetInfo,
  metaTitle,
  metaWords,
  parseJson,
} from '../../src/llamafactory/validate';

const here = dirname(fileURLToPath(import.meta.url));

/** The committed reference data: the pinned LLaMA-Factory release's arguments, templates, CLI and dataset fields. */
export const reference = JSON.parse(readFileSync(join(here, 'reference.json'), 'utf8'));

// The checks themselves are pure and run in the browser too (the 训练前检查 page): src/llamafactory/validate.ts.
export {
  OPT_OUT,
  checkCli,
  checkConfig,
  checkDatasetInfo,
  checkYaml,
  configCommand,
  findArgument,
  isConfig,
  isDatasetInfo,
  metaTitle,
  metaWords,
  parseJson,
} from '../../src/llamafactory/validate';

/** Python that parses every Python block with ast and runs `bash -n` on every shell block, in one process. */
const SYNTAX_CHECKER = String.raw`
import ast, json, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
blocks = json.load(sys.stdin)
def check(b):
    if b["lang"] == "python":
        try:
            ast.parse(b["code"])
            return None
        except SyntaxError as e:
            return f"Python does not parse: line {e.lineno}: {e.msg}"
    r = subprocess.run(["bash", "-n"], input=b["code"], capture_output=True, text=True)
    if r.returncode == 0:
        return None
    msg = " ".join(l.split(": ", 1)[-1] for l in r.stderr.strip().splitlines()[:2])
    return f"shell does not parse (bash -n): {msg}"
with ThreadPoolExecutor(4) as pool:
    print(json.dumps(list(pool.map(check, blocks))))
`;

/** Syntax findings for many Python and shell blocks at once (one python3 process): null for a block that parses. */
export function checkSyntax(blocks) {
  if (!blocks.length) return [];
  const r = spawnSync('python3', ['-c', SYNTAX_CHECKER], {
    input: JSON.stringify(blocks),
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`python3 syntax checker failed: ${r.stderr || r.error}`);
  return JSON.parse(r.stdout);
}

export const SHELL = new Set(['bash', 'sh', 'shell', 'zsh']);

/** Findings for the code blocks of one page (syntax of Python and shell blocks is batched: see `syntaxJobs`). Each
 * finding is {line, message}. `pageText` is the whole page, for the files dataset_info entries name. */
export function checkBlocks(blocks, pageText) {
  const findings = [];
  const files = new Map();
  for (const b of blocks) {
    const title = metaTitle(b.meta);
    if ((b.lang === 'json' || b.lang === 'jsonl') && title && !metaWords(b.meta).includes(OPT_OUT.wrong)) {
      const parsed = parseJson(b.code);
      if (!parsed.error) files.set(basename(title.replace(/[（(].*$/, '').trim()), parsed.value);
    }
  }
  for (const b of blocks) {
    const words = metaWords(b.meta);
    if (words.includes(OPT_OUT.wrong)) continue;
    const fragment = words.includes(OPT_OUT.fragment);
    const title = metaTitle(b.meta);
    const add = (messages) => findings.push(...messages.map((message) => ({line: b.line, message})));
    if (b.lang === 'yaml' || b.lang === 'yml') add(checkYaml(b.code, {fragment, title}));
    else if (b.lang === 'json' || b.lang === 'jsonl') {
      let parsed = parseJson(b.code);
      if (parsed.error && fragment) {
        const wrapped = parseJson(`{${b.code.trim().replace(/,\s*$/, '')}}`);
        if (!wrapped.error) parsed = wrapped;
      }
      if (parsed.error) add([`JSON does not parse: ${parsed.error}`]);
      else if (isDatasetInfo(parsed.value, title)) {
        const rest = pageText.replace(b.code, '');
        add(checkDatasetInfo(parsed.value, {fragment, pageText: rest, files}));
      }
    } else if (SHELL.has(b.lang)) add(checkCli(b.code));
  }
  return findings;
}

/** The blocks of a page whose syntax is checked by `checkSyntax`. */
export function syntaxJobs(blocks) {
  return blocks
    .filter((b) => !metaWords(b.meta).includes(OPT_OUT.wrong) && (b.lang === 'python' || SHELL.has(b.lang)))
    .map((b) => ({line: b.line, lang: b.lang === 'python' ? 'python' : 'bash', code: b.code}));
}
