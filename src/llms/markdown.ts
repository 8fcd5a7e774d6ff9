// Turns a doc page (src/content) into plain Markdown for llms-full.txt and the per-page `.md` files: front matter and
// heading ids removed, admonitions as quotes, relative page links and site paths (images) as absolute URLs. The page's
// lines are kept as written; its syntax tree says which lines are code, headings, admonitions and links.
// No React, no Docusaurus runtime.
import type {Doc} from '../content';
import {codeLines, nodes} from '../content';
import {toString} from 'mdast-util-to-string';
import {expandEstimatorLine} from '../estimator/markdown';
import {toolLine} from '../content/tools';

export type LlmsPage = Pick<Doc, 'permalink' | 'title' | 'description' | 'category' | 'tree' | 'treeText' | 'filePath'>;

export interface LlmsSite {
  /** The site's URL, without a trailing slash. */
  siteUrl: string;
  /** The permalink a Markdown link of the page points to (`./export.md`), or null when it names no doc. */
  resolveLink(page: Pick<LlmsPage, 'filePath'>, link: string): string | null;
}

/** The page's Markdown body as a reader or an assistant should see it. */
export function plainMarkdown(page: LlmsPage, site: LlmsSite): string {
  const lines = page.treeText.split('\n');
  const code = codeLines(page);
  /** Admonitions by their opening line: title, and the line of their closing `:::`. */
  const admonitions = new Map<number, {title: string; end: number}>();
  const headings = new Set<number>();
  /** Link and image destinations by line: [column of the destination, its length, the new destination]. */
  const links = new Map<number, [number, number, string][]>();
  for (const node of nodes(page.tree)) {
    const at = node.position!;
    if (node.type === 'containerDirective') {
      const label = node.children.find((c) => c.type === 'paragraph' && c.data?.directiveLabel);
      admonitions.set(at.start.line, {title: (label && toString(label).trim()) || node.name, end: at.end.line});
    } else if (node.type === 'heading') headings.add(at.start.line);
    else if ((node.type === 'link' || node.type === 'image') && at.start.line === at.end.line) {
      const source = lines[at.start.line - 1]!.slice(at.start.column - 1, at.end.column - 1);
      const open = source.lastIndexOf('](');
      const dest = open < 0 ? undefined : /^[^)\s]+/.exec(source.slice(open + 2))?.[0];
      const url = dest && absoluteUrl(page, dest, site);
      if (!dest || !url) continue;
      const list = links.get(at.start.line) ?? [];
      list.push([at.start.column - 1 + open + 2, dest.length, url]);
      links.set(at.start.line, list);
    }
  }
  const out: string[] = [`# ${page.title}`, ''];
  if (page.description) out.push(`> ${page.description}`, '');
  let admonition: {end: number} | null = null;
  lines.forEach((line, i) => {
    const n = i + 1;
    if (admonition && n > admonition.end) admonition = null;
    if (code.has(n)) {
      out.push(admonition ? `> ${line}` : line);
      return;
    }
    const open = admonitions.get(n);
    if (open) {
      admonition = open;
      out.push(`> **${open.title}**`, '>');
      return;
    }
    if (admonition && n === admonition.end && line.trim() === ':::') return;
    let text = line;
    for (const [column, length, url] of (links.get(n) ?? []).sort((a, b) => b[0] - a[0])) {
      text = text.slice(0, column) + url + text.slice(column + length);
    }
    if (headings.has(n)) text = text.replace(/\s*\{#[\w-]+\}\s*$/, '');
    for (const part of expandEstimatorLine(toolLine(text)).split('\n'))
      out.push(admonition ? (part ? `> ${part}` : '>') : part);
  });
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/** The absolute URL of a link's destination: site paths and Markdown links to pages; null to keep it as written. */
function absoluteUrl(page: LlmsPage, dest: string, {siteUrl, resolveLink}: LlmsSite): string | null {
  if (/^[a-z]+:/i.test(dest)) return null;
  if (dest.startsWith('/')) return siteUrl + dest;
  const [path = '', hash] = dest.split('#');
  if (!/\.mdx?$/.test(path)) return null;
  const permalink = resolveLink(page, path);
  return permalink && `${siteUrl}${permalink}${hash === undefined ? '' : `#${hash}`}`;
}

/** llms.txt: every page in sidebar order, grouped by category, with its URL and description. */
export function llmsIndex(
  pages: LlmsPage[],
  {siteUrl, baseUrl = '/', title, summary}: {siteUrl: string; baseUrl?: string; title: string; summary: string},
) {
  const lines = [`# ${title}`, '', `> ${summary}`, ''];
  lines.push(`完整文本见 ${siteUrl}${baseUrl}llms-full.txt；每个页面的 Markdown 见页面地址加 \`.md\`。`, '');
  pages.forEach((page, i) => {
    if (page.category !== pages[i - 1]?.category) lines.push(`## ${page.category}`, '');
    lines.push(`- [${page.title}](${siteUrl}${page.permalink}.md): ${page.description}`);
    if (page.category !== pages[i + 1]?.category) lines.push('');
  });
  return `${lines.join('\n').trim()}\n`;
}

/** llms-full.txt: the plain Markdown of every page, in the same order, separated by rules. */
export function llmsFull(pages: LlmsPage[], site: LlmsSite & {title: string}) {
  const parts = pages.map((p) => `${plainMarkdown(p, site).trim()}\n\n来源：${site.siteUrl}${p.permalink}`);
  return `# ${site.title}\n\n${parts.join('\n\n---\n\n')}\n`;
}
