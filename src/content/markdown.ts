// One Markdown file read the way Docusaurus reads it: front matter as YAML (Docusaurus' own parser), the content
// title and excerpt Docusaurus falls back on, and one mdast tree of the body: GFM, and `:::tip 标题` admonitions as
// container directives. Each file is parsed once per content (a cache keyed by path and text), and its raw tree is kept
// on disk between processes (treeCache below). Node only, no React.
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {DEFAULT_PARSE_FRONT_MATTER, admonitionTitleToDirectiveLabel, parseMarkdownFile} from '@docusaurus/utils';
import type {Code, Nodes, Parents, Root} from 'mdast';
import {directiveFromMarkdown} from 'mdast-util-directive';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {directive} from 'micromark-extension-directive';
import {gfm} from 'micromark-extension-gfm';
import {expandEstimatorTree, GPU_ESTIMATOR_TEXT} from '../estimator/markdown';
import {replaceToolDirectives} from './tools';

export type FrontMatter = {[key: string]: unknown};

export interface ParsedMarkdown {
  /** The whole file. */
  text: string;
  /** Front matter parsed as YAML, as the docs plugin parses it ({} when there is none). */
  frontMatter: FrontMatter;
  /** The first `# ` heading, Docusaurus' fallback title. */
  contentTitle: string | undefined;
  /** The first paragraph as plain text, Docusaurus' fallback description. */
  excerpt: string | undefined;
  /** The Markdown after the front matter, trimmed (as Docusaurus returns it). */
  body: string;
  /** Lines of the file before the body: body line 1 is file line `bodyOffset + 1`. */
  bodyOffset: number;
  /** The body's syntax tree. Positions are file lines; offsets index `treeText`. */
  tree: Root;
  /** The text the tree was parsed from: the front matter lines left empty, admonition titles as directive labels.
   * Its lines are the file's lines. */
  treeText: string;
}

/** The admonition keywords of Docusaurus' default admonitions (theme-classic); `:::name 标题` opens one. */
export const ADMONITIONS = ['secondary', 'info', 'success', 'danger', 'note', 'tip', 'warning', 'important', 'caution'];

/** Parses a Markdown file's text. `filePath` only names the file in Docusaurus' error message. */
export async function parseMarkdown(text: string, filePath = '<markdown>'): Promise<ParsedMarkdown> {
  const {frontMatter, contentTitle, excerpt, content} = await parseMarkdownFile({
    filePath,
    fileContent: text,
    parseFrontMatter: DEFAULT_PARSE_FRONT_MATTER,
  });
  // `content` is the rest of the file, trimmed: a suffix of the file without its trailing white space.
  const start = text.trimEnd().length - content.length;
  if (!text.startsWith(content, start)) throw new Error(`${filePath}: cannot locate the body after the front matter`);
  const bodyOffset = text.slice(0, start).split('\n').length - 1;
  const treeText = '\n'.repeat(bodyOffset) + admonitionTitleToDirectiveLabel(content, ADMONITIONS);
  const tree = treeCache(filePath, treeText, () =>
    fromMarkdown(treeText, {
      extensions: [gfm(), directive()],
      mdastExtensions: [gfmFromMarkdown(), directiveFromMarkdown()],
    }),
  );
  // The estimator's tables and figures become what they stand for, as the build's remark plugin renders them
  // (src/plugins/estimator-remark.ts): search, llms files and checks see the page as readers do. Their nodes carry
  // the directive's position.
  try {
    expandEstimatorTree(tree, () => ({type: 'paragraph', children: [{type: 'text', value: GPU_ESTIMATOR_TEXT}]}));
  } catch (e) {
    throw new Error(`${filePath}: ${(e as Error).message}`);
  }
  replaceToolDirectives(tree);
  restoreTextDirectives(tree, treeText);
  return {text, frontMatter, contentTitle, excerpt, body: content, bodyOffset, tree, treeText};
}

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TREE_CACHE = join(REPO, 'node_modules', '.cache', 'content-mdast');
let treeVersion: string | undefined;

/**
 * The raw syntax tree of a file on disk, kept in node_modules/.cache/content-mdast between processes: every test file,
 * check and script that reads the docs would otherwise spend most of its start-up (4-6 s here) in the Markdown parser.
 * An entry holds the tree of one file and serves only the same text, parsed by the same code: the key hashes the
 * text, this module's source and package-lock.json (the parser's versions). `parse` runs when there is no entry.
 */
function treeCache(filePath: string, treeText: string, parse: () => Root): Root {
  if (filePath === '<markdown>' || process.env.CONTENT_TREE_CACHE === '0') return parse();
  try {
    treeVersion ??= createHash('sha256')
      .update(readFileSync(fileURLToPath(import.meta.url)))
      .update(readFileSync(join(REPO, 'package-lock.json')))
      .digest('hex');
  } catch {
    return parse();
  }
  const key = createHash('sha256').update(treeVersion).update(treeText).digest('hex');
  const file = join(TREE_CACHE, `${createHash('sha256').update(filePath).digest('hex').slice(0, 32)}.json`);
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as {key: string; tree: Root};
    if (entry.key === key) return entry.tree;
  } catch {
    // No entry yet, or one being replaced: parse.
  }
  const tree = parse();
  try {
    mkdirSync(TREE_CACHE, {recursive: true});
    // Written beside the entry and renamed over it, so a process reading at the same time sees a whole entry.
    const temp = `${file}.${process.pid}`;
    writeFileSync(temp, JSON.stringify({key, tree}));
    renameSync(temp, file);
  } catch {
    // A read-only tree: parse again next time.
  }
  return tree;
}

/** `a:b` in prose parses as a text directive; like Docusaurus (which has none of its own), keep it as text. */
function restoreTextDirectives(node: Parents, source: string) {
  node.children.forEach((child, i) => {
    if (child.type === 'textDirective') {
      const {start, end} = child.position!;
      node.children[i] = {type: 'text', value: source.slice(start.offset, end.offset), position: child.position};
    } else if ('children' in child) restoreTextDirectives(child, source);
  });
}

const cache = new Map<string, {text: string; parsed: Promise<ParsedMarkdown>}>();

/** Reads and parses a Markdown file; the same file with the same text is parsed once and shared. */
export async function readMarkdown(filePath: string): Promise<ParsedMarkdown> {
  const text = await readFile(filePath, 'utf8');
  const hit = cache.get(filePath);
  if (hit?.text === text) return hit.parsed;
  const parsed = parseMarkdown(text, filePath);
  cache.set(filePath, {text, parsed});
  return parsed;
}

/** Every node of a tree, depth first, in document order. */
export function* nodes(node: Nodes): Generator<Nodes> {
  yield node;
  if ('children' in node) for (const child of node.children) yield* nodes(child);
}

export interface CodeBlock {
  /** The language, lower case ('' when the fence names none). */
  lang: string;
  /** The words after the language, e.g. `title="a.yaml" fragment`. */
  meta: string;
  code: string;
  /** File lines of the opening fence and the last line of the block (the closing fence, if there is one). */
  line: number;
  endLine: number;
  /** False when the block runs to the end of its container without a closing fence. */
  closed: boolean;
}

const FENCE = /^\s*(?:>\s*)*(`{3,}|~{3,})/;

/** The fenced code blocks of a parsed file (indented code is not a fenced block), in document order. */
export function codeBlocks({tree, treeText}: Pick<ParsedMarkdown, 'tree' | 'treeText'>): CodeBlock[] {
  const lines = treeText.split('\n');
  const blocks: CodeBlock[] = [];
  for (const node of nodes(tree)) {
    if (node.type !== 'code') continue;
    const {start, end} = (node as Code).position!;
    const open = FENCE.exec(lines[start.line - 1]!.slice(start.column - 1));
    if (!open) continue;
    const last = end.line > start.line ? lines[end.line - 1]!.trim().replace(/^(?:>\s*)+/, '') : '';
    const fence = open[1]!;
    const closed = last.startsWith(fence[0]!.repeat(fence.length)) && /^(`+|~+)$/.test(last);
    blocks.push({
      lang: (node.lang ?? '').toLowerCase(),
      meta: node.meta ?? '',
      code: node.value,
      line: start.line,
      endLine: end.line,
      closed,
    });
  }
  return blocks;
}

/** File line numbers inside fenced code blocks, fences included. */
export function codeLines(parsed: Pick<ParsedMarkdown, 'tree' | 'treeText'>): Set<number> {
  const lines = new Set<number>();
  for (const b of codeBlocks(parsed)) for (let n = b.line; n <= b.endLine; n++) lines.add(n);
  return lines;
}
