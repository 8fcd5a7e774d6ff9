// Builds the embedded search index from the docs' Markdown sources whenever content loads (build and `npm start`)
// and, when hosted Algolia is not configured, points `algoliasearch/lite` (used by the /search page) at it.
import {readFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {buildIndex, type SourcePage} from '../search/extract';
import {sidebarCategories, UNLISTED_CATEGORY} from '../search/sources';

export default function localSearchPlugin(context: LoadContext, options: {local: boolean}): Plugin {
  return {
    name: 'local-search',
    async allContentLoaded({allContent, actions}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      const version = docs?.loadedVersions[0];
      if (!version) throw new Error('local-search: the docs plugin has no content');
      const sidebars = version.sidebars as unknown as Record<string, Parameters<typeof sidebarCategories>[0]>;
      // Keys are ids under docs/documents/ (without the `documents/` prefix).
      const categories = sidebarCategories(Object.values(sidebars).flat());
      const order = [...categories.keys()];
      const key = (id: string) => id.replace(/^documents\//, '');
      const sorted = [...version.docs].sort((a, b) => {
        const ia = order.indexOf(key(a.id));
        const ib = order.indexOf(key(b.id));
        return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib) || a.id.localeCompare(b.id);
      });
      const pages: SourcePage[] = await Promise.all(
        sorted.map(async (doc) => ({
          path: doc.permalink,
          title: doc.title,
          category: categories.get(key(doc.id)) ?? UNLISTED_CATEGORY,
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
