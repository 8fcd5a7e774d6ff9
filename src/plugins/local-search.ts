// Builds the embedded search index from the docs' Markdown sources whenever content loads (build and `npm start`)
// and, when hosted Algolia is not configured, points `algoliasearch/lite` (used by the /search page) at it.
import {readFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {buildIndex, type SourcePage} from '../search/extract';

/** lvl0 of pages that are in no sidebar category. */
const UNLISTED_CATEGORY = '更多文档';

interface SidebarNode {
  type: string;
  id?: string;
  label?: string;
  items?: SidebarNode[];
  link?: {type: string; id?: string};
}

/** Maps each doc id to the label of the top-level sidebar category that contains it, in sidebar order. */
export function categoriesById(sidebar: SidebarNode[]): Map<string, string> {
  const result = new Map<string, string>();
  const collect = (node: SidebarNode, label: string) => {
    if ((node.type === 'doc' || node.type === 'ref') && node.id) result.set(node.id, label);
    if (node.link?.type === 'doc' && node.link.id) result.set(node.link.id, label);
    node.items?.forEach((child) => collect(child, label));
  };
  for (const node of sidebar) collect(node, node.type === 'category' ? node.label ?? UNLISTED_CATEGORY : UNLISTED_CATEGORY);
  return result;
}

export default function localSearchPlugin(context: LoadContext, options: {local: boolean}): Plugin {
  return {
    name: 'local-search',
    async allContentLoaded({allContent, actions}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      const version = docs?.loadedVersions[0];
      if (!version) throw new Error('local-search: the docs plugin has no content');
      const sidebars = version.sidebars as unknown as Record<string, SidebarNode[]>;
      const categories = categoriesById(Object.values(sidebars).flat());
      const order = [...categories.keys()];
      const sorted = [...version.docs].sort((a, b) => {
        const ia = order.indexOf(a.id);
        const ib = order.indexOf(b.id);
        return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib) || a.id.localeCompare(b.id);
      });
      const pages: SourcePage[] = await Promise.all(
        sorted.map(async (doc) => ({
          path: doc.permalink,
          title: doc.title,
          category: categories.get(doc.id) ?? UNLISTED_CATEGORY,
          markdown: await readFile(join(context.siteDir, doc.source.replace(/^@site\//, '')), 'utf8'),
        })),
      );
      const tag = `docs-default-${version.versionName}`;
      const index = buildIndex(pages, context.i18n.currentLocale, tag);
      await actions.createData('search-index.json', JSON.stringify(index));
    },
    configureWebpack() {
      if (!options.local) return {};
      return {
        resolve: {alias: {'algoliasearch/lite$': join(context.siteDir, 'src/search/liteClient.ts')}},
      };
    },
  };
}
