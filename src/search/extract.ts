// Turns doc pages (Markdown source + title + sidebar category) into the compact search index, and the index back
// into DocSearch records. Runs in Node at build time, in `npm start` and in `search:push`.
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {toString} from 'mdast-util-to-string';
import {gfm} from 'micromark-extension-gfm';
import type {RootContent} from 'mdast';
import {splitFrontMatter} from '../lib/frontMatter';
import type {SearchIndex} from './types';

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

/** Splits a page into sections: one before the first `##`, then one per heading, each with its text blocks. */
export function extractSections(markdown: string): Section[] {
  const {data, body} = splitFrontMatter(markdown);
  const tree = fromMarkdown(stripDirectives(body), {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  // The front matter's description is the page's own summary: readers' words often match it best.
  const description = data?.description;
  const sections: Section[] = [{anchor: null, headings: [], texts: description ? [clean(description)] : []}];
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
  return sections;
}

export function buildIndex(pages: SourcePage[], language: string, tag: string): SearchIndex {
  const index: SearchIndex = {v: 1, language, tag, pages: [], sections: [], records: []};
  pages.forEach((page, p) => {
    index.pages.push([page.path, page.category, page.title]);
    for (const section of extractSections(page.markdown)) {
      const s = index.sections.push([p, section.anchor, ...section.headings]) - 1;
      // The page's own record (lvl1), or the section heading's record.
      index.records.push([s]);
      for (const text of section.texts) index.records.push([s, text]);
    }
  });
  return index;
}
