#!/usr/bin/env node
// Checks every Markdown page under docs/ against the content guide's mechanical rules:
// front matter, heading ids, code-block languages, depth floors, placeholders, relative links, images
// (committed, Chinese alt text, within the size budget), external links (well-formed https), and the code blocks
// readers copy: YAML configs, JSON and dataset_info.json, Python, shell and llamafactory-cli lines, checked against the
// pinned LLaMA-Factory release in scripts/llamafactory/reference.json (see scripts/llamafactory/code-blocks.mjs).
// Usage: npm run check:docs -- [file ...]   (no arguments: every page under docs/; runs under tsx)
import {readFileSync, readdirSync, existsSync, statSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {splitFrontMatter} from '../src/lib/frontMatter';
import {checkBlocks, checkSyntax, codeBlocks, syntaxJobs} from './llamafactory/code-blocks.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docsDir = join(root, 'docs');
const staticDir = join(root, 'static');

/** Largest image a page may embed, in bytes: diagrams and screenshots fit well below it. */
export const IMAGE_BUDGET = 200 * 1024;

/** Depth floors in CJK characters, by page type (content-guide.md). */
export function depthFloor(id) {
  if (id.startsWith('documents/problems/')) return 500;
  if (id.startsWith('documents/best-practice/')) return 1500;
  return 800;
}

const PLACEHOLDER = /TODO|TBD|待补充|待完善|敬请期待|lorem|占位|XXX/i;
const HEADING = /^(#{1,6})\s+(.*?)\s*$/;
const HEADING_ID = /\{#([^}]*)\}\s*$/;
const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;
const IMAGE = /!\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : /\.mdx?$/.test(name) ? [p] : [];
  });
}

/** The page's front matter (`data`, null when missing) and body: the one parser the search index and llms.txt use. */
export const parseFrontMatter = splitFrontMatter;

/** Splits a body into prose lines and code blocks, reporting fences without a language. Line numbers are the
 * file's: `offset` is the number of front-matter lines before the body. */
function scan(body, offset = 0) {
  const prose = [];
  const problems = [];
  let fence = null;
  body.split('\n').forEach((line, index) => {
    const i = index + offset;
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[2][0] === fence[0] && f[2].length >= fence.length && f[3].trim() === '') fence = null;
      return;
    }
    if (f) {
      fence = f[2];
      if (!f[3].trim()) problems.push(`line ${i + 1}: code block without a language`);
      return;
    }
    prose.push({line, n: i + 1});
  });
  if (fence) problems.push('unclosed code block');
  return {prose, problems};
}

export function headingIds(body) {
  return scan(body)
    .prose.map(({line}) => HEADING.exec(line))
    .filter(Boolean)
    .map((m) => HEADING_ID.exec(m[2])?.[1])
    .filter(Boolean);
}

/** An image must be committed with the site, described in Chinese, and small enough for a phone. */
export function checkImage(file, alt, src) {
  if (/^[a-z]+:/i.test(src))
    return [`image ${src} is not committed: put it under static/img/ (the site works offline)`];
  const errors = [];
  if (!/\p{Script=Han}/u.test(alt)) errors.push(`image ${src} needs Chinese alt text describing it`);
  const path = src.startsWith('/') ? join(staticDir, decodeURI(src)) : resolve(dirname(file), decodeURI(src));
  if (!existsSync(path)) errors.push(`image ${src} does not exist`);
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

/** Checks one page. Python and shell syntax is checked in one batch for all pages: use `checkFiles` for many. */
export function checkFile(file) {
  return checkFiles([file])[0];
}

/** Checks pages; the syntax of their Python and shell blocks is checked by one python3 process for all of them. */
export function checkFiles(files) {
  const results = files.map(checkPage);
  const jobs = results.flatMap((r) => r.syntax.map((job) => ({...job, result: r})));
  checkSyntax(jobs.map(({lang, code}) => ({lang, code}))).forEach((problem, i) => {
    if (problem) jobs[i].result.errors.push(`line ${jobs[i].line}: ${problem}`);
  });
  return results.map(({id, errors, cjk}) => ({id, errors, cjk}));
}

function checkPage(file) {
  const text = readFileSync(file, 'utf8');
  const id = relative(docsDir, file).replace(/\.mdx?$/, '');
  const errors = [];
  const {data, body} = parseFrontMatter(text);
  if (!data) errors.push('missing front matter');
  else {
    if (!data.title) errors.push('front matter: missing title');
    const d = data.description ?? '';
    const len = [...d].length;
    if (len < 40 || len > 120) errors.push(`front matter: description is ${len} characters, want 40-120`);
  }
  const offset = text.split('\n').length - body.split('\n').length;
  const {prose, problems} = scan(body, offset);
  errors.push(...problems);
  const blocks = codeBlocks(body, offset);
  for (const {line, message} of checkBlocks(blocks, body)) errors.push(`line ${line}: ${message}`);
  const seen = new Set();
  for (const {line, n} of prose) {
    const h = HEADING.exec(line);
    if (h) {
      if (h[1].length === 1) errors.push(`line ${n}: level-1 heading (the title comes from front matter)`);
      const hid = HEADING_ID.exec(h[2])?.[1];
      if (!hid) errors.push(`line ${n}: heading without an explicit id {#ascii-id}`);
      else if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(hid))
        errors.push(`line ${n}: heading id "${hid}" is not lowercase ASCII words joined by hyphens`);
      else if (seen.has(hid)) errors.push(`line ${n}: duplicate heading id "${hid}"`);
      else seen.add(hid);
    }
    if (PLACEHOLDER.test(line)) errors.push(`line ${n}: placeholder text`);
    for (const m of line.matchAll(IMAGE)) errors.push(...checkImage(file, m[1], m[2]).map((e) => `line ${n}: ${e}`));
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([a-z]+:[^)\s]*)\)|<([a-z]+:\/\/[^>\s]*)>/gi)) {
      const problem = checkExternal(m[1] ?? m[2]);
      if (problem) errors.push(`line ${n}: ${problem}`);
    }
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target) || target.startsWith('/') || target.startsWith('#')) {
        if (target.startsWith('#') && !seen.has(target.slice(1)) && !headingIds(body).includes(target.slice(1))) {
          errors.push(`line ${n}: anchor ${target} not found on this page`);
        }
        continue;
      }
      const [path, anchor] = target.split('#');
      const dest = resolve(dirname(file), decodeURI(path));
      if (!/\.mdx?$/.test(path)) {
        if (!existsSync(dest)) errors.push(`line ${n}: link target ${target} does not exist`);
        continue;
      }
      if (!existsSync(dest)) errors.push(`line ${n}: link target ${path} does not exist`);
      else if (anchor && !headingIds(parseFrontMatter(readFileSync(dest, 'utf8')).body).includes(anchor)) {
        errors.push(`line ${n}: anchor #${anchor} not found in ${path}`);
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
  if (cjk < floor) errors.push(`only ${cjk} CJK characters outside code, floor is ${floor}`);
  return {id, errors, cjk, syntax: syntaxJobs(blocks)};
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.length > 2 ? process.argv.slice(2).map((f) => resolve(f)) : walk(docsDir);
  let failed = 0;
  for (const {id, errors, cjk} of checkFiles(files)) {
    if (errors.length) {
      failed++;
      console.log(`✗ ${id} (${cjk} CJK)`);
      for (const e of errors) console.log(`    ${e}`);
    } else console.log(`✓ ${id} (${cjk} CJK)`);
  }
  console.log(`\ncheck-docs: ${files.length - failed} pages ok, ${failed} with problems`);
  process.exit(failed ? 1 : 0);
}
