// Keeps eval out of the browser bundles, for the Content-Security-Policy without 'unsafe-eval' (src/host/csp.ts):
// DocSearch's bundles inline zod, whose eval probe would be reported as a violation when search opens; the loader
// (noEvalLoader.cjs) replaces the probe by its answer. tests/e2e/csp.spec.ts opens search in both modes and fails on
// any violation.
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function cspNoEvalPlugin(context: LoadContext): Plugin {
  return {
    name: 'csp-no-eval',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /[\\/]@docsearch[\\/]react[\\/]dist[\\/]esm[\\/][^\\/]+\.js$/,
              use: [join(context.siteDir, 'src', 'plugins', 'noEvalLoader.cjs')],
            },
          ],
        },
      };
    },
  };
}
