// Turns a doc page's source into plain Markdown for llms-full.txt and the per-page `.md` files: front matter and
// heading ids removed, admonitions as quotes, relative page links and site paths (images) as absolute URLs.
// No React, no Docusaurus.
import {posix} from 'node:path';
import {splitFrontMatter} from '../lib/frontMatter';

export interface LlmsPage {
  /** Id under docs/documents/, e.g. `guide/Train/parameter`. */
  id: string;
  title: string;
  description: string;
  category: string;
  markdown: string;
}

const FENCE = /^(\s*)(`{3,}|~{3,})/;

/** The page's Markdown body as a reader or an assistant should see it. */
export function plainMarkdown(page: LlmsPage, siteUrl: string): string {
  const {body} = splitFrontMatter(page.markdown);
  const out: string[] = [`# ${page.title}`, ''];
  if (page.description) out.push(`> ${page.description}`, '');
  let fence: string | null = null;
  let admonition = false;
  for (const line of body.split('\n')) {
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[2]!.startsWith(fence)) fence = null;
      out.push(admonition ? `> ${line}` : line);
      continue;
    }
    if (f) {
      fence = f[2]!;
      out.push(admonition ? `> ${line}` : line);
      continue;
    }
    const open = /^:::(\w+)(?:\s+(.*))?$/.exec(line.trim());
    if (open && !admonition) {
      admonition = true;
      out.push(`> **${open[2]?.trim() || open[1]}**`, '>');
      continue;
    }
    if (admonition && line.trim() === ':::') {
      admonition = false;
      continue;
    }
    let text = line.replace(/\s*\{#[\w-]+\}\s*$/, '');
    text = text.replace(/\]\(([^)\s]+?\.md)(#[^)\s]*)?\)/g, (m, target: string, hash = '') => {
      if (/^[a-z]+:/i.test(target) || target.startsWith('/')) return m;
      const resolved = posix.normalize(posix.join(posix.dirname(page.id), target)).replace(/\.md$/, '');
      return `](${siteUrl}/docs/documents/${resolved}${hash})`;
    });
    text = text.replace(/\]\((\/[^)\s]*)\)/g, (_m, path: string) => `](${siteUrl}${path})`);
    out.push(admonition ? (text ? `> ${text}` : '>') : text);
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/** llms.txt: every page in sidebar order, grouped by category, with its URL and description. */
export function llmsIndex(
  pages: LlmsPage[],
  {siteUrl, title, summary}: {siteUrl: string; title: string; summary: string},
) {
  const lines = [`# ${title}`, '', `> ${summary}`, ''];
  lines.push(`完整文本见 ${siteUrl}/llms-full.txt；每个页面的 Markdown 见页面地址加 \`.md\`。`, '');
  pages.forEach((page, i) => {
    if (page.category !== pages[i - 1]?.category) lines.push(`## ${page.category}`, '');
    lines.push(`- [${page.title}](${siteUrl}/docs/documents/${page.id}.md): ${page.description}`);
    if (page.category !== pages[i + 1]?.category) lines.push('');
  });
  return `${lines.join('\n').trim()}\n`;
}

/** llms-full.txt: the plain Markdown of every page, in the same order, separated by rules. */
export function llmsFull(pages: LlmsPage[], {siteUrl, title}: {siteUrl: string; title: string}) {
  const parts = pages.map((p) => `${plainMarkdown(p, siteUrl).trim()}\n\n来源：${siteUrl}/docs/documents/${p.id}`);
  return `# ${title}\n\n${parts.join('\n\n---\n\n')}\n`;
}
