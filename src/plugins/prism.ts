// Code highlighting (src/prism). `prism-react-renderer` resolves to a stub (src/prism/packageStub.ts) in the browser
// and server bundles alike, since the package would evaluate its own Prism with about 30 languages; the code blocks use
// src/prism, whose Prism has only the languages of `prism.additionalLanguages` and loads in the browser on demand. The
// token colours of `prism.theme` and `prism.darkTheme` become a stylesheet (src/prism/themeCss.ts).
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {ThemeConfig} from '@docusaurus/theme-common';
import {prismThemeCss} from '../prism/themeCss';

export default function prismPlugin(context: LoadContext): Plugin {
  const {prism} = context.siteConfig.themeConfig as ThemeConfig;
  const dir = join(context.generatedFilesDir, 'prism');
  const stylesheet = join(dir, 'theme.css');
  mkdirSync(dir, {recursive: true});
  writeFileSync(stylesheet, prismThemeCss(prism.theme, prism.darkTheme ?? prism.theme));
  return {
    name: 'slim-prism',
    getClientModules() {
      return [stylesheet];
    },
    configureWebpack() {
      return {resolve: {alias: {'prism-react-renderer$': join(context.siteDir, 'src', 'prism', 'packageStub.ts')}}};
    },
  };
}
