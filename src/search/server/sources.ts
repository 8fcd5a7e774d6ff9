// Builds the search index straight from docs/documents/**/*.md and sidebars.ts, without Docusaurus, for the
// relevance test, `bench:search` and `search:push`. Node only (reads the file system).
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import sidebars from '../../../sidebars';
import {splitFrontMatter} from '../../lib/frontMatter';
import {buildIndex} from './build';
import type {SourcePage} from './extract';
import type {BuiltIndex} from '../shared/types';

/** lvl0 of pages that are in no sidebar category (the same label the plugin uses). */
export const UNLISTED_CATEGORY = '更多文档';
const DOCS_DIR = 'docs/documents';
const ROUTE_BASE = '/docs/documents/';

type SidebarItem =
  string | {type: string; id?: string; label?: string; items?: SidebarItem[]; link?: {type: string; id?: string}};

/** Doc id (without the `documents/` prefix) → top-level sidebar category label, in sidebar order. */
export function sidebarCategories(items: readonly SidebarItem[]): Map<string, string> {
  const result = new Map<string, string>();
  const collect = (item: SidebarItem, label: string) => {
    if (typeof item === 'string') {
      if (!result.has(item)) result.set(item, label);
      return;
    }
    if ((item.type === 'doc' || item.type === 'ref') && item.id && !result.has(item.id)) result.set(item.id, label);
    if (item.link?.type === 'doc' && item.link.id && !result.has(item.link.id)) result.set(item.link.id, label);
    item.items?.forEach((child) => collect(child, label));
  };
  for (const item of items) {
    const label =
      typeof item !== 'string' && item.type === 'category' ? (item.label ?? UNLISTED_CATEGORY) : UNLISTED_CATEGORY;
    collect(item, label);
  }
  const stripped = new Map<string, string>();
  for (const [id, label] of result) stripped.set(id.replace(/^documents\//, ''), label);
  return stripped;
}

/** Compares page ids (without `documents/`) in sidebar order, unlisted pages last, then by id. */
export function bySidebarOrder(categories: Map<string, string>): (a: string, b: string) => number {
  const order = [...categories.keys()];
  const rank = (id: string) => {
    const i = order.indexOf(id);
    return i < 0 ? Infinity : i;
  };
  return (a, b) => rank(a) - rank(b) || a.localeCompare(b);
}

/** The `title` of a page's front matter, or its first `# ` heading, or its id. */
export function frontMatterTitle(markdown: string, fallback: string): string {
  const title = splitFrontMatter(markdown).data?.title;
  if (title) return title;
  return /^#\s+(.+?)\s*$/m.exec(markdown)?.[1] ?? fallback;
}

function walk(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.isFile() && entry.name.endsWith('.md') ? [full] : [];
  });
}

/** Every page under docs/documents, in sidebar order then by id, as the plugin orders them. */
export function loadSourcePages(siteDir = process.cwd()): (SourcePage & {id: string})[] {
  const root = join(siteDir, DOCS_DIR);
  const categories = sidebarCategories(Object.values(sidebars).flat() as SidebarItem[]);
  const compare = bySidebarOrder(categories);
  return walk(root)
    .map((file) => {
      const id = relative(root, file).split(sep).join('/').replace(/\.md$/, '');
      const markdown = readFileSync(file, 'utf8');
      return {
        id,
        path: ROUTE_BASE + id,
        title: frontMatterTitle(markdown, id),
        category: categories.get(id) ?? UNLISTED_CATEGORY,
        markdown,
      };
    })
    .sort((a, b) => compare(a.id, b.id));
}

/** The compact search index built from the Markdown sources. */
export function buildIndexFromSources(
  siteDir = process.cwd(),
  language = 'zh-Hans',
  tag = 'docs-default-current',
): BuiltIndex {
  return buildIndex(loadSourcePages(siteDir), language, tag);
}

/** The page id ('guide/shili/ssh') of a hit URL, absolute or not, with or without anchor. */
export function pageIdOfUrl(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[#?].*$/, '');
  return path.startsWith(ROUTE_BASE) ? path.slice(ROUTE_BASE.length) : path;
}
