// Trims the docs plugin's version metadata, the one data file every doc page loads with the sidebar: the map of all
// docs carries each doc's description (about 9 KiB gzip of the page's script for 97 docs), which only the theme's
// DocCard shows, in category index cards. This site has none (tests/unit/docs-metadata.test.ts fails if a sidebar
// category gets a generated index or a page renders DocCardList): drop this plugin if it ever should.
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function docsMetadataPlugin(context: LoadContext): Plugin {
  return {
    name: 'docs-metadata',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/,
              use: [join(context.siteDir, 'src', 'plugins', 'docsMetadataLoader.cjs')],
            },
          ],
        },
      };
    },
  };
}
