// Keeps the search modal's stylesheet (src/theme/SearchBar/modalStyles.ts: DocSearch's modal rules and ours, about 5 KiB
// gzip) out of the page's stylesheet, which every page waits for before its first paint (issue #28: on slow 4G the
// stylesheet shares the connection with the preloaded bundle). Docusaurus puts every CSS module into one `styles` file
// (its cache group `styles`, priority 50, so that code-split CSS cannot load in varying order); this group, above it,
// takes only those two files, into a file the bundle loads with the modal's script. They only style the modal, which
// opens after they load, so their order against the page's stylesheet never varies.
import type {Plugin} from '@docusaurus/types';

/** The CSS modules of the search modal. */
const SEARCH_MODAL_CSS =
  /([\\/]@docsearch[\\/]css[\\/]dist[\\/]modal|[\\/]src[\\/]theme[\\/]SearchBar[\\/]modal)\.css$/;

export default function searchStylesPlugin(): Plugin {
  return {
    name: 'search-styles',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              searchModalStyles: {
                name: 'search-modal',
                type: 'css/mini-extract',
                test: SEARCH_MODAL_CSS,
                chunks: 'async',
                enforce: true,
                priority: 60,
              },
            },
          },
        },
      };
    },
  };
}
