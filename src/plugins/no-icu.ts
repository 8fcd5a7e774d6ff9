// Keeps the browser's ICU locale data out of page load: theme-common's React helpers resolve to
// src/themeCommon/reactUtils.ts, whose useShallowMemoObject does not call `localeCompare` (the date in "last updated"
// is written without Intl for the same reason, src/lib/formatDate.ts). tests/e2e/page-markdown.spec.ts checks that a
// doc page loads without touching Intl or localeCompare.
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function noIcuPlugin(context: LoadContext): Plugin {
  const themeCommon = dirname(createRequire(join(context.siteDir, 'package.json')).resolve('@docusaurus/theme-common'));
  const original = join(themeCommon, 'utils', 'reactUtils.js');
  const replacement = join(context.siteDir, 'src', 'themeCommon', 'reactUtils.ts');
  return {
    name: 'no-icu',
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        resolve: {alias: {'theme-common-react-utils-original$': original}},
        plugins: [
          // theme-common imports the module by relative paths ('./reactUtils', '../utils/reactUtils', ...).
          new currentBundler.instance.NormalModuleReplacementPlugin(/[\\/]reactUtils$/, (data) => {
            if (data.context.startsWith(themeCommon)) data.request = replacement;
          }),
        ],
      };
    },
  };
}
