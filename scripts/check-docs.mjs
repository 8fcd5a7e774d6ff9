#!/usr/bin/env node
// Checks every Markdown page under docs/ against the mechanical rules of CONTRIBUTING.md:
// front matter, heading ids, code-block languages, depth floors, placeholders, relative links, images
// (committed, Chinese alt text, within the size budget), external links (well-formed https), and the code blocks
// readers copy: YAML configs, JSON and dataset_info.json, Python, shell and llamafactory-cli lines, checked against the
// pinned LLaMA-Factory release in scripts/llamafactory/reference.json (see scripts/llamafactory/code-blocks.mjs).
// Usage: npm run check:docs -- [file ...]   (no arguments: every page under docs/; runs under tsx)
//        npm run check:docs -- --conventions [file ...]   (lists what the pages say about each site convention)
import {existsSync, statSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {toString} from 'mdast-util-to-string';
import {codeBlocks, codeLines, nodes, readMarkdown} from '../src/content';
import {loadSiteDocs, siteSettings} from '../src/content/site';
import {checkBlocks, checkSyntax, syntaxJobs} from './llamafactory/code-blocks.mjs';
import {OUTPUT_LANGS, checkInlineMessages, checkMessageBlocks, metaOrigin} from './llamafactory/messages.mjs';
import {checkInlineArgument} from './llamafactory/prose.mjs';
import {checkConventions, conventions, inventory} from './conventions.mjs';
import {checkSteps} from './steps.mjs';

const {siteDir} = siteSettings;
const staticDir = join(siteDir, 'static');

/** Largest image a page may embed, in bytes: diagrams and screenshots fit well below it. */
export const IMAGE_BUDGET = 200 * 1024;

/** Depth floors in CJK characters, by page type (CONTRIBUTING.md, 篇幅下限). */
export function depthFloor(id) {
  if (id.startsWith('documents/problems/')) return 500;
  if (id.startsWith('documents/best-practice/')) return 1500;
  return 800;
}

/** Words that mark unfinished text (CONTRIBUTING.md, 占位文字); Latin ones as whole words. 占位 alone is an ordinary
 * word (占位符, 占位图) and is not one of them. */
const PLACEHOLDER = /\b(?:TODO|TBD|lorem|XXX)\b|待补充|待完善|敬请期待/i;
const HEADING_ID = /\{#([^}]*)\}\s*$/;

/** The page types of the depth floors, for messages. */
const FLOOR_NAMES = {
  500: 'a troubleshooting page (problems/)',
  800: 'a guide or reference page',
  1500: 'a best practice',
};

/** The anchors a link may use, for a message: the page's heading ids. */
function anchors(ids) {
  return ids.length ? `its anchors: ${ids.map((id) => `#${id}`).join(', ')}` : 'it has no heading ids';
}

/** The headings of a parsed page (src/content): line, level and explicit id (`## 标题 {#id}`). */
export function headings(parsed) {
  return [...nodes(parsed.tree)]
    .filter((node) => node.type === 'heading')
    .map((node) => ({line: node.position.start.line, depth: node.depth, id: HEADING_ID.exec(toString(node))?.[1]}));
}

/** The explicit heading ids of a parsed page. */
export function headingIds(parsed) {
  return headings(parsed)
    .map((h) => h.id)
    .filter(Boolean);
}

/** An image must be committed with the site, described in Chinese, and small enough for a phone. */
export function checkImage(file, alt, src) {
  if (/^[a-z]+:/i.test(src))
    return [`image ${src} is not committed: put it under static/img/ (the site works offline)`];
  const errors = [];
  if (!/\p{Script=Han}/u.test(alt)) errors.push(`image ${src} needs Chinese alt text describing it`);
  const path = src.startsWith('/') ? join(staticDir, decodeURI(src)) : resolve(dirname(file), decodeURI(src));
  if (!existsSync(path)) errors.push(`image ${src} does not exist: put the file at ${relative(siteDir, path)}`);
  else if (statSync(path).size > IMAGE_BUDGET) {
    errors.push(`image ${src} is ${Math.round(statSync(path).size / 1024)} KiB, budget ${IMAGE_BUDGET / 1024} KiB`);
  }
  return errors;
}

/** External links are https URLs with a real host name; mailto: is allowed. */
export function checkExternal(url) {
  if (/^mailto:/i.test(url)) return null;
  if (!/^https:\/\//i.test(url)) return `external link ${url} must use https://`;
  try {
    const {hostname} = new URL(url);
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(hostname)) return `external link ${url} has no valid host name`;
  } catch {
    return `external link ${url} is not a valid URL`;
  }
  return null;
}

/**
 * Checks one page. Python and shell syntax is checked in one batch for all pages: use `checkFiles` for many.
 * @returns {Promise<{id: string; errors: string[]; cjk: number}>}
 */
export async function checkFile(file) {
  return (await checkFiles([file]))[0];
}

/** Checks pages; the syntax of their Python and shell blocks is checked by one python3 process for all of them. */
export async function checkFiles(files) {
  const results = await Promise.all(files.map(checkPage));
  const jobs = results.flatMap((r) => r.syntax.map((job) => ({...job, result: r})));
  checkSyntax(jobs.map(({lang, code}) => ({lang, code}))).forEach((problem, i) => {
    if (problem) jobs[i].result.errors.push(`line ${jobs[i].line}: ${problem}`);
  });
  return results.map(({id, errors, cjk}) => ({id, errors, cjk}));
}

/** Links and images written as `[text](target)` or `<scheme:...>`, by line (GFM's bare URLs are text to readers). */
function linksByLine(parsed) {
  const lines = parsed.treeText.split('\n');
  const byLine = new Map();
  for (const node of nodes(parsed.tree)) {
    if (node.type !== 'link' && node.type !== 'image') continue;
    const {start} = node.position;
    const written = lines[start.line - 1].slice(start.column - 1);
    if (!written.startsWith('<') && !written.startsWith('[') && !written.startsWith('!')) continue;
    const list = byLine.get(start.line) ?? [];
    list.push(node);
    byLine.set(start.line, list);
  }
  return byLine;
}

async function checkPage(file) {
  const id = docId(file);
  let parsed;
  try {
    parsed = await readMarkdown(file);
  } catch (e) {
    // A page the content pipeline cannot read (a wrong estimator directive): the reason, with its line.
    return {id, errors: [e.message.replace(`${file}: `, '')], cjk: 0, syntax: []};
  }
  const errors = [];
  const {frontMatter, text, bodyOffset} = parsed;
  if (!Object.keys(frontMatter).length) errors.push('missing front matter');
  else {
    if (!frontMatter.title) errors.push('front matter: missing title');
    const len = [...String(frontMatter.description ?? '')].length;
    if (len < 40 || len > 120) errors.push(`front matter: description is ${len} characters, want 40-120`);
  }
  const blocks = codeBlocks(parsed);
  for (const b of blocks) {
    if (!b.lang) errors.push(`line ${b.line}: code block without a language`);
    if (!b.closed) errors.push('unclosed code block');
  }
  for (const {line, message} of checkBlocks(blocks, parsed.body)) errors.push(`line ${line}: ${message}`);
  const inline = inlineCode(parsed.tree);
  const originBlocks = blocks.filter((b) => OUTPUT_LANGS.has(b.lang) && metaOrigin(b.meta));
  for (const {line, message} of [...checkMessageBlocks(blocks), ...checkInlineMessages(inline, originBlocks)]) {
    errors.push(`line ${line}: ${message}`);
  }
  for (const {line, message} of checkConventions(parsed)) errors.push(`line ${line}: ${message}`);
  for (const {line, message} of checkSteps(parsed)) errors.push(`line ${line}: ${message}`);
  for (const {value, line, context} of inline) {
    for (const message of checkInlineArgument(value, context)) errors.push(`line ${line}: ${message}`);
  }
  const code = codeLines(parsed);
  const prose = text
    .split('\n')
    .map((line, i) => ({line, n: i + 1}))
    .filter(({n}) => n > bodyOffset && !code.has(n));
  const headingAt = new Map(headings(parsed).map((h) => [h.line, h]));
  const ids = headingIds(parsed);
  const links = linksByLine(parsed);
  const seen = new Set();
  for (const {line, n} of prose) {
    const h = headingAt.get(n);
    if (h) {
      if (h.depth === 1) errors.push(`line ${n}: level-1 heading (the title comes from front matter)`);
      if (!h.id) errors.push(`line ${n}: heading without an explicit id {#ascii-id}`);
      else if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(h.id))
        errors.push(`line ${n}: heading id "${h.id}" is not lowercase ASCII words joined by hyphens`);
      else if (seen.has(h.id)) errors.push(`line ${n}: duplicate heading id "${h.id}"`);
      else seen.add(h.id);
    }
    const placeholder = PLACEHOLDER.exec(line);
    if (placeholder) {
      errors.push(`line ${n}: placeholder text "${placeholder[0]}": write the content, or leave the sentence out`);
    }
    const here = links.get(n) ?? [];
    for (const image of here.filter((node) => node.type === 'image')) {
      errors.push(...checkImage(file, image.alt ?? '', image.url).map((e) => `line ${n}: ${e}`));
    }
    for (const {url} of here) {
      if (!/^[a-z]+:/i.test(url)) continue;
      const problem = checkExternal(url);
      if (problem) errors.push(`line ${n}: ${problem}`);
    }
    for (const {url: target} of here) {
      if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
      if (target.startsWith('#')) {
        if (!ids.includes(target.slice(1)))
          errors.push(`line ${n}: anchor ${target} not found on this page; ${anchors(ids)}`);
        continue;
      }
      const [path, anchor] = target.split('#');
      const dest = resolve(dirname(file), decodeURI(path));
      if (!/\.mdx?$/.test(path)) {
        if (!existsSync(dest)) errors.push(`line ${n}: link target ${target} does not exist`);
        continue;
      }
      if (!existsSync(dest)) errors.push(`line ${n}: link target ${path} does not exist`);
      else if (anchor && !headingIds(await readMarkdown(dest)).includes(anchor)) {
        errors.push(
          `line ${n}: anchor #${anchor} not found in ${path}; ${anchors(headingIds(await readMarkdown(dest)))}`,
        );
      }
    }
  }
  const cjk = (
    prose
      .map((p) => p.line)
      .join('\n')
      .match(/\p{Script=Han}/gu) ?? []
  ).length;
  const floor = depthFloor(id);
  if (cjk < floor) {
    errors.push(
      `only ${cjk} CJK characters outside code, floor is ${floor} for ${FLOOR_NAMES[floor]}: ` +
        `write about ${floor - cjk} more (CONTRIBUTING.md, 篇幅下限)`,
    );
  }
  return {id, errors, cjk, syntax: syntaxJobs(blocks)};
}

/** Inline code in prose with its line and context: the text of its paragraph, list item or table row, and of the
 * section it is in (heading and body up to the next heading), where a page says in which stage or method a value
 * applies. */
export function inlineCode(tree) {
  const found = [];
  const sections = [];
  let section = {text: ''};
  for (const child of tree.children) {
    if (child.type === 'heading') {
      section = {text: ''};
    }
    section.text += ` ${toString(child)}`;
    sections.push(section);
  }
  const visit = (node, context, owner) => {
    if (node.type === 'inlineCode') {
      found.push({value: node.value, line: node.position.start.line, context: `${context} ${owner.text}`});
      return;
    }
    const own = ['paragraph', 'listItem', 'tableRow', 'heading'].includes(node.type) ? toString(node) : context;
    for (const child of node.children ?? []) visit(child, own, owner);
  };
  tree.children.forEach((child, i) => visit(child, '', sections[i]));
  return found;
}

/** The doc id of a file under the docs folder (`documents/guide/format`); other files by their path. */
function docId(file) {
  const docsDir = join(siteDir, siteSettings.docsPath);
  const path = file.startsWith(`${docsDir}/`) ? file.slice(docsDir.length + 1) : file;
  return path.replace(/\.mdx?$/, '');
}

/** Prints what the pages say about each site convention (src/content/conventions.json), with pages and lines. */
async function listConventions(files) {
  const pages = await Promise.all(files.map(async (file) => ({id: docId(file), parsed: await readMarkdown(file)})));
  const {paths, bounds, labels, facts} = inventory(pages);
  const short = (where) => `${where.length}×: ${where.slice(0, 3).join(', ')}${where.length > 3 ? ', …' : ''}`;
  console.log('# /workspace paths, by conventional location');
  for (const [key, list] of [...paths].sort()) {
    console.log(`${key}`);
    for (const {path, where} of list.sort((a, b) => a.path.localeCompare(b.path)))
      console.log(`  ${path}  (${short(where)})`);
  }
  console.log('\n# Size bounds, by transfer method');
  for (const [key, where] of [...bounds].sort()) console.log(`  ${key}  (${short(where)})`);
  console.log('\n# Click labels');
  for (const [key, where] of [...labels].sort()) console.log(`  ${key}  (${short(where)})`);
  console.log("\n# Facts stated on several pages: each one's home, and the pages that mention it");
  for (const fact of conventions.facts.list) {
    console.log(
      `  ${fact.id}: ${fact.fact}\n    home: ${fact.home}\n    mentioned: ${short(facts.get(fact.id) ?? [])}`,
    );
  }
}

async function main() {
  const args = process.argv.slice(2);
  const list = args.includes('--conventions');
  const named = args.filter((a) => a !== '--conventions');
  const files = named.length ? named.map((f) => resolve(f)) : (await loadSiteDocs()).docs.map((d) => d.filePath).sort();
  if (list) return listConventions(files);
  let failed = 0;
  for (const {id, errors, cjk} of await checkFiles(files)) {
    if (errors.length) {
      failed++;
      console.log(`✗ ${id} (${cjk} CJK)`);
      for (const e of errors) console.log(`    ${e}`);
    } else console.log(`✓ ${id} (${cjk} CJK)`);
  }
  console.log(`\ncheck-docs: ${files.length - failed} pages ok, ${failed} with problems`);
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
