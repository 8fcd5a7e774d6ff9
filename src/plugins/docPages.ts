// The doc pages as our plugins need them: in sidebar order (unlisted pages last), each with its top-level sidebar
// category, title, description and Markdown source. Shared by the search index and the llms.txt files.
import {readFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {AllContent} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {bySidebarOrder, sidebarCategories, UNLISTED_CATEGORY} from '../search/server';

export interface DocPage {
  /** Id under docs/documents/, without the `documents/` prefix. */
  id: string;
  path: string;
  title: string;
  description: string;
  category: string;
  markdown: string;
}

type Loaded = {pages: DocPage[]; tag: string};

/** One load per content load: both our plugins ask for the same pages. */
const loaded = new WeakMap<AllContent, Promise<Loaded>>();

export function loadDocPages(allContent: AllContent, siteDir: string): Promise<Loaded> {
  let result = loaded.get(allContent);
  if (!result) {
    result = readDocPages(allContent, siteDir);
    loaded.set(allContent, result);
  }
  return result;
}

async function readDocPages(allContent: AllContent, siteDir: string): Promise<Loaded> {
  const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
  const version = docs?.loadedVersions[0];
  if (!version) throw new Error('The docs plugin has no content');
  const sidebars = version.sidebars as unknown as Record<string, Parameters<typeof sidebarCategories>[0]>;
  const categories = sidebarCategories(Object.values(sidebars).flat());
  const key = (id: string) => id.replace(/^documents\//, '');
  const compare = bySidebarOrder(categories);
  const sorted = [...version.docs].sort((a, b) => compare(key(a.id), key(b.id)));
  const pages = await Promise.all(
    sorted.map(async (doc) => ({
      id: key(doc.id),
      path: doc.permalink,
      title: doc.title,
      description: doc.description,
      category: categories.get(key(doc.id)) ?? UNLISTED_CATEGORY,
      markdown: await readFile(join(siteDir, doc.source.replace(/^@site\//, '')), 'utf8'),
    })),
  );
  return {pages, tag: `docs-default-${version.versionName}`};
}
