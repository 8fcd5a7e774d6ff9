// Code highlighting without prism-react-renderer's bundled Prism: `prism-react-renderer` resolves to a stub
// (src/prism/packageStub.ts) in the browser and server bundles alike; the code blocks use src/prism, whose Prism has
// only the languages of `prism.additionalLanguages` in docusaurus.config.ts and loads in the browser on demand.
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function prismPlugin(context: LoadContext): Plugin {
  return {
    name: 'slim-prism',
    configureWebpack() {
      return {resolve: {alias: {'prism-react-renderer$': join(context.siteDir, 'src', 'prism', 'packageStub.ts')}}};
    },
  };
}
