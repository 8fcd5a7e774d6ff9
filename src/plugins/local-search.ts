// Builds the embedded search index from the docs (src/content) whenever content loads (build and `npm start`),
// as files under /search-index/<hash>/ (see src/search/shared/types.ts): served from .docusaurus by the dev server,
// copied into the build by postBuild. When hosted Algolia is not configured it also points `algoliasearch/lite`
// (used by the /search page) at the embedded index.
import {createHash} from 'node:crypto';
import {cp, mkdir, rm, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {docsFromContent} from '../content';
import {buildIndex, indexFiles} from '../search/server';

/** URL folder of the index files, under the site's baseUrl. */
export const INDEX_FOLDER = 'search-index';

export default function localSearchPlugin(context: LoadContext, options: {local: boolean}): Plugin {
  const filesDir = join(context.generatedFilesDir, 'local-search-files');
  let hash = '';
  return {
    name: 'local-search',
    async allContentLoaded({allContent, actions}) {
      const {docs, tag} = await docsFromContent(allContent, context.siteDir);
      const files = indexFiles(buildIndex(docs, context.i18n.currentLocale, tag));
      const digest = createHash('sha256');
      for (const [name, text] of files) digest.update(name).update('\0').update(text).update('\0');
      hash = digest.digest('hex').slice(0, 10);
      // One folder per content version: file names stay fixed, the folder's hash changes with any content change.
      await rm(filesDir, {recursive: true, force: true});
      await mkdir(join(filesDir, hash), {recursive: true});
      await Promise.all([...files].map(([name, text]) => writeFile(join(filesDir, hash, name), text)));
      await actions.createData(
        'search-manifest.json',
        JSON.stringify({base: `${context.baseUrl}${INDEX_FOLDER}/${hash}/`}),
      );
    },
    async postBuild({outDir}) {
      // With hosted Algolia the browser never asks for the embedded index.
      if (!options.local) return;
      await cp(join(filesDir, hash), join(outDir, INDEX_FOLDER, hash), {recursive: true});
    },
    configureWebpack() {
      return {
        // `npm start`: serve the index files from .docusaurus.
        devServer: {static: [{directory: filesDir, publicPath: `${context.baseUrl}${INDEX_FOLDER}/`, watch: false}]},
        ...(options.local
          ? {resolve: {alias: {'algoliasearch/lite$': join(context.siteDir, 'src/search/client/liteClient.ts')}}}
          : {}),
      };
    },
  };
}
