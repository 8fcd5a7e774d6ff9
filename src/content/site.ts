// The content settings of this site, read from docusaurus.config.ts (baseUrl, url, the docs plugin's path and
// routeBasePath) and sidebars.ts, for code that runs outside a build: the content checks, `bench:search`,
// `search:push` and the tests. Plugins take the same facts from the loaded content instead (see ./docs.ts).
import {dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import {normalizeUrl} from '@docusaurus/utils';
import config from '../../docusaurus.config';
import sidebars from '../../sidebars';
import {loadDocs, type ContentSettings, type DocSet} from './docs';

const siteDir = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

function docsOptions(): {path: string; routeBasePath: string} {
  for (const preset of config.presets) {
    if (Array.isArray(preset) && preset[0] === 'classic') {
      const {docs} = preset[1] as {docs: {path: string; routeBasePath: string}};
      return docs;
    }
  }
  throw new Error('docusaurus.config.ts has no classic preset with docs options');
}

const docs = docsOptions();

/** The settings the file-system reader of src/content/docs.ts takes, for this site. */
export const siteSettings: ContentSettings & {url: string} = {
  siteDir,
  docsPath: docs.path,
  routeBasePath: docs.routeBasePath,
  baseUrl: config.baseUrl,
  url: config.url,
  sidebars: sidebars as ContentSettings['sidebars'],
};

/** The route of a path on the site, baseUrl included: `sitePath('docs/x')` → `/docs/x`. */
export const sitePath = (path: string) => normalizeUrl([config.baseUrl, path]);

/** This site's docs, read from the docs folder. */
export const loadSiteDocs = (): Promise<DocSet> => loadDocs(siteSettings);
