// Builds the embedded search index from the docs' Markdown sources whenever content loads (build and `npm start`)
// and, when hosted Algolia is not configured, points `algoliasearch/lite` (used by the /search page) at it.
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildIndex} from '../search/extract';
import {loadDocPages} from './docPages';

export default function localSearchPlugin(context: LoadContext, options: {local: boolean}): Plugin {
  return {
    name: 'local-search',
    async allContentLoaded({allContent, actions}) {
      const {pages, tag} = await loadDocPages(allContent, context.siteDir);
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
