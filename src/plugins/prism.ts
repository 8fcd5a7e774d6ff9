// Code highlighting without prism-react-renderer's bundled Prism: `prism-react-renderer` resolves to src/prism (bare
// Prism core + the same Highlight), for the browser and the server render alike, so the theme's code blocks and its
// prism-include-languages module use it. The languages are `prism.additionalLanguages` in docusaurus.config.ts.
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function prismPlugin(context: LoadContext): Plugin {
  return {
    name: 'slim-prism',
    configureWebpack() {
      return {resolve: {alias: {'prism-react-renderer$': join(context.siteDir, 'src', 'prism', 'index.tsx')}}};
    },
  };
}
