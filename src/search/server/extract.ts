// Cuts a doc page's syntax tree (from the content pipeline, src/content) into sections (one before the first `##`,
// then one per heading) with their text blocks: paragraphs, list items, table rows, admonitions' content, the start
// of code blocks. Node only: build time, `npm start`, `search:push`.
import {toString} from 'mdast-util-to-string';
import type {Root, RootContent} from 'mdast';
import type {Doc} from '../../content';

/** What the index needs of a doc page (src/content's Doc). */
export type SourcePage = Pick<Doc, 'permalink' | 'category' | 'title' | 'description' | 'tree'>;

export interface Section {
  anchor: string | null;
  /** lvl2.. headings leading to this section, the section's own heading last. */
  headings: string[];
  texts: string[];
}

const HEADING_ID = /\s*\{#([^}]+)\}\s*$/;
/** Code blocks are indexed (error messages live there) but only their start. */
const MAX_CODE_CHARS = 400;

export const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Splits a page into sections: one before the first `##`, then one per heading, each with its text blocks. */
export function extractSections(tree: Root): Section[] {
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
      case 'containerDirective':
        // An admonition: its content, not its title (the label paragraph).
        node.children.forEach((child) => (child.type === 'paragraph' && child.data?.directiveLabel) || visit(child));
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
