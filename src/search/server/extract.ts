// Cuts a doc page's syntax tree (from the content pipeline, src/content) into sections (one before the first `##`,
// then one per heading) with their text blocks: paragraphs, list items, table rows, admonitions' content, the start
// of code blocks, and the identifiers each section defines (see `definedIn`). Node only: build time, `npm start`,
// `search:push`.
import {toString} from 'mdast-util-to-string';
import type {PhrasingContent, Root, RootContent} from 'mdast';
import type {Doc} from '../../content';

/** What the index needs of a doc page (src/content's Doc). */
export type SourcePage = Pick<Doc, 'permalink' | 'category' | 'title' | 'description' | 'tree'>;

export interface Section {
  anchor: string | null;
  /** lvl2.. headings leading to this section, the section's own heading last. */
  headings: string[];
  texts: string[];
  /** Identifiers this section defines: a table row's first cell or a heading that is only `code` (lower case). */
  defines: string[];
}

const HEADING_ID = /\s*\{#([^}]+)\}\s*$/;
/** Code blocks are indexed (error messages live there) but only their start. */
const MAX_CODE_CHARS = 400;

export const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A parameter, key or variable name as written in `code`: `lora_rank`, `--lora_rank`, `FORCE_TORCHRUN=`, `template:`. */
const IDENTIFIER = /^(?:--)?([A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)*)[:=]?$/;

/**
 * The identifiers a table cell or heading defines: those of its `code` spans when it holds nothing else but
 * separators (`lora_rank` / `lora_alpha`, `a`、`b`). A cell with words (“`lora_rank` 调大”) defines nothing.
 */
export function definedIn(children: PhrasingContent[]): string[] {
  const ids: string[] = [];
  for (const child of children) {
    if (child.type === 'inlineCode') {
      const m = IDENTIFIER.exec(child.value.trim());
      if (!m) return [];
      ids.push(m[1]!.toLowerCase());
    } else if (child.type !== 'text' || !/^[\s/,、，或和]*$/.test(child.value)) {
      return [];
    }
  }
  return ids;
}

/** Splits a page into sections: one before the first `##`, then one per heading, each with its text blocks. */
export function extractSections(tree: Root): Section[] {
  const sections: Section[] = [{anchor: null, headings: [], texts: [], defines: []}];
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
        const last = node.children[node.children.length - 1];
        const children =
          last?.type === 'text'
            ? [...node.children.slice(0, -1), {...last, value: last.value.replace(HEADING_ID, '')}]
            : node.children;
        sections.push({anchor: id, headings: [...chain], texts: [], defines: definedIn(children)});
        return;
      }
      case 'paragraph':
        addText(toString(node));
        return;
      case 'list':
        for (const item of node.children) addText(toString(item));
        return;
      case 'table':
        node.children.forEach((row, i) => {
          addText(row.children.map((c) => toString(c)).join(' | '));
          if (i > 0 && row.children[0]) current().defines.push(...definedIn(row.children[0].children));
        });
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
