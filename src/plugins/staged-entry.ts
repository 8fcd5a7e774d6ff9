// Puts src/startup/entry.ts in place of Docusaurus' browser entry (core's client/clientEntry.js, which it then
// imports): the bundle starts in several short tasks instead of one long one. src/internals.ts lists the reach (the
// entry's path in core's client config).
import {createRequire} from 'node:module';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function stagedEntryPlugin(context: LoadContext): Plugin {
  const entry = join(context.siteDir, 'src', 'startup', 'entry.ts');
  const CORE_ENTRY = createRequire(join(context.siteDir, 'package.json')).resolve(
    '@docusaurus/core/lib/client/clientEntry.js',
  );
  return {
    name: 'staged-entry',
    configureWebpack(config, isServer) {
      if (isServer) return {};
      const entries = Array.isArray(config.entry) ? config.entry : [config.entry];
      if (!entries.includes(CORE_ENTRY)) {
        throw new Error(`staged-entry：浏览器构建的入口里没有 ${CORE_ENTRY}（Docusaurus 的客户端配置变了？）`);
      }
      config.entry = Array.isArray(config.entry) ? config.entry.map((e) => (e === CORE_ENTRY ? entry : e)) : entry;
      return {};
    },
  };
}
