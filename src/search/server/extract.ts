// Cuts a doc page's Markdown into sections (one before the first `##`, then one per heading) with their text blocks:
// paragraphs, list items, table rows, the start of code blocks. Node only: build time, `npm start`, `search:push`.
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {toString} from 'mdast-util-to-string';
import {gfm} from 'micromark-extension-gfm';
import type {RootContent} from 'mdast';
import {splitFrontMatter} from '../../lib/frontMatter';

export interface SourcePage {
  /** Route path, e.g. /docs/documents/guide/format */
  path: string;
  category: string;
  title: string;
  markdown: string;
}

export interface Section {
  anchor: string | null;
  /** lvl2.. headings leading to this section, the section's own heading last. */
  headings: string[];
  texts: string[];
}

const HEADING_ID = /\s*\{#([^}]+)\}\s*$/;
/** Code blocks are indexed (error messages live there) but only their start. */
const MAX_CODE_CHARS = 400;

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

function stripDirectives(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^\s*:::/.test(line))
    .join('\n');
}

export interface ExtractedPage {
  /** The front matter's description: the page's own summary, whose words often match readers' best. */
  description: string;
  sections: Section[];
}

/** Splits a page into sections: one before the first `##`, then one per heading, each with its text blocks. */
export function extractPage(markdown: string): ExtractedPage {
  const {data, body} = splitFrontMatter(markdown);
  const tree = fromMarkdown(stripDirectives(body), {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  const sections: Section[] = [{anchor: null, headings: [], texts: []}];
  const chain: string[] = [];
  const current = () => sections[sections.length - 1]!;
  const addText = (text: string) => {
    const t = clean(text);
    if (t) current().texts.push(t);
  };
  const visit = (node: RootContent) => {
    switch (node.type) {
      case 'heading': {
        if (node.depth < 2) return;
        const raw = toString(node);
        const id = HEADING_ID.exec(raw)?.[1] ?? null;
        const text = clean(raw.replace(HEADING_ID, ''));
        chain.splice(node.depth - 2);
        chain.push(text);
        sections.push({anchor: id, headings: [...chain], texts: []});
        return;
      }
      case 'paragraph':
        addText(toString(node));
        return;
      case 'list':
        for (const item of node.children) addText(toString(item));
        return;
      case 'table':
        for (const row of node.children) addText(row.children.map((c) => toString(c)).join(' | '));
        return;
      case 'blockquote':
        node.children.forEach(visit);
        return;
      case 'code':
        if (node.lang !== 'mermaid') addText(node.value.slice(0, MAX_CODE_CHARS));
        return;
      default:
        return;
    }
  };
  tree.children.forEach(visit);
  return {description: clean(data?.description ?? ''), sections};
}
